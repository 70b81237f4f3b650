package dev.citerag.extractive;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.citerag.embed.LocalHashingEmbedder;
import dev.citerag.ingest.Document;
import dev.citerag.ingest.Ingestor;
import dev.citerag.pipeline.AbstainReason;
import dev.citerag.pipeline.RagPipeline;
import dev.citerag.pipeline.RagResult;
import dev.citerag.store.InMemoryVectorStore;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A corpus of fourteen ordinary internal documents (travel policy, on-call rules, service
 * catalogue, pricing, retention, release notes, offices, environments, database operations, API
 * limits, network policy, storage quotas, planning, support) and two sets of questions over it, in
 * {@code nearmiss/questions.jsonl}: near misses, which ask about a sibling of what a document
 * covers (a region, service, severity, tier, version, environment, period, direction, unit,
 * quarter, weekday, time zone, language the documents lack; the opposite qualifier; an attribute a
 * document states for another subject only), and honest questions over the same facts in other
 * words. Run through the offline pipeline (extractive generator, in-memory store, local hashing
 * embedder): no near miss may be served, and the honest questions must keep being answered.
 */
class NearMissCorpusTest {

  private static final String ROOT = "/dev/citerag/extractive/nearmiss/";

  static final List<String> DOCUMENTS =
      List.of(
          "api-limits.md",
          "database-operations.md",
          "data-retention.md",
          "environments.md",
          "network-policy.md",
          "offices.md",
          "oncall.md",
          "planning.md",
          "pricing.md",
          "release-notes.md",
          "service-catalogue.md",
          "storage-quotas.md",
          "support.md",
          "travel-expenses.md");

  /**
   * The share of honest questions that must be answered with the expected words: measured 66 of 91
   * (0.725) with the local hashing embedder; the floor leaves a margin of two questions (64 of 91).
   */
  static final double MIN_HONEST_SHARE = 0.70;

  /**
   * One question: an honest one with the words its answer must hold, or a near miss with its kind;
   * {@code caught} is false for a near miss the rules are known not to catch (its {@code why} in
   * the file says which rule it escapes).
   */
  record Case(String question, boolean answerable, String expected, boolean caught) {}

  static RagPipeline rag;
  static List<Case> cases;

  @BeforeAll
  static void ingest() {
    LocalHashingEmbedder embedder = new LocalHashingEmbedder();
    InMemoryVectorStore store = new InMemoryVectorStore(embedder.identity().dimensions());
    List<Document> docs = new ArrayList<>();
    for (String name : DOCUMENTS) {
      docs.add(Document.markdown(name, read("docs/" + name)));
    }
    Ingestor.builder().embedder(embedder).store(store).build().ingest(docs);
    rag =
        RagPipeline.builder()
            .embedder(embedder)
            .store(store)
            .generator(new ExtractiveGenerator())
            .build();
    cases = new ArrayList<>();
    ObjectMapper json = new ObjectMapper();
    for (String line : read("questions.jsonl").split("\n")) {
      if (line.isBlank()) {
        continue;
      }
      try {
        JsonNode n = json.readTree(line);
        boolean answerable = n.get("expect").asText().equals("answer");
        cases.add(
            new Case(
                n.get("question").asText(),
                answerable,
                answerable ? n.get("answer_contains").asText() : n.get("kind").asText(),
                !n.has("caught") || n.get("caught").asBoolean()));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  static String read(String name) {
    try (InputStream in = NearMissCorpusTest.class.getResourceAsStream(ROOT + name)) {
      assertThat(in).as(name).isNotNull();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void the_corpus_holds_sixty_questions_of_each_side_and_fifteen_kinds_of_near_miss() {
    assertThat(cases.stream().filter(c -> !c.answerable()).count()).isGreaterThanOrEqualTo(60);
    assertThat(cases.stream().filter(Case::answerable).count()).isGreaterThanOrEqualTo(60);
    assertThat(cases.stream().filter(c -> !c.answerable()).map(Case::expected).distinct().count())
        .isGreaterThanOrEqualTo(15);
  }

  @Test
  void every_near_miss_abstains_but_the_few_known_to_escape() {
    List<String> served = new ArrayList<>();
    List<String> known = new ArrayList<>();
    for (Case c : cases) {
      if (c.answerable()) {
        continue;
      }
      if (!c.caught()) {
        known.add(c.question());
      }
      RagResult r = rag.ask(c.question());
      if (r instanceof RagResult.Answered a) {
        served.add(c.question());
        System.out.println(
            "near miss served (" + c.expected() + "): " + c.question() + " -> " + a.answer());
      } else {
        assertThat(((RagResult.Abstained) r).reason())
            .as(c.question())
            .isEqualTo(AbstainReason.NOT_IN_SOURCES);
      }
    }
    assertThat(known).hasSizeLessThanOrEqualTo(6);
    assertThat(known).containsAll(served);
  }

  @Test
  void honest_questions_over_the_same_documents_are_answered() {
    List<String> missed = new ArrayList<>();
    int total = 0;
    for (Case c : cases) {
      if (!c.answerable()) {
        continue;
      }
      total++;
      RagResult r = rag.ask(c.question());
      if (!(r instanceof RagResult.Answered a)
          || !a.answer().toLowerCase(Locale.ROOT).contains(c.expected().toLowerCase(Locale.ROOT))) {
        missed.add(
            c.question() + " -> " + (r instanceof RagResult.Answered a ? a.answer() : "abstained"));
      }
    }
    System.out.println(
        "honest answered: "
            + (total - missed.size())
            + "/"
            + total
            + "\n  "
            + String.join("\n  ", missed));
    assertThat((double) (total - missed.size()) / total).isGreaterThanOrEqualTo(MIN_HONEST_SHARE);
  }
}
