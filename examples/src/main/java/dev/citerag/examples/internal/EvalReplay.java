package dev.citerag.examples.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.citerag.PermanentProviderException;
import dev.citerag.ProviderException;
import dev.citerag.answer.CitationValidator;
import dev.citerag.answer.SentSource;
import dev.citerag.answer.TermEquivalence;
import dev.citerag.chat.ChatResponse;
import dev.citerag.context.BuiltContext;
import dev.citerag.embed.LocalHashingEmbedder;
import dev.citerag.pipeline.AnswerGenerator;
import dev.citerag.pipeline.GenerationRequest;
import dev.citerag.pipeline.RagPipeline;
import dev.citerag.pipeline.RagResult;
import dev.citerag.render.ResultJson;
import dev.citerag.store.CollectionIdentity;
import dev.citerag.store.Filter;
import dev.citerag.store.SearchHit;
import dev.citerag.store.SearchIndex;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;

/**
 * {@code citerag eval --replay FILE}: re-validates the replies of an evaluation record ({@link
 * EvalRecord}) with the current validator, offline, and says per case what changed (outcome,
 * issues, grounding score).
 *
 * <p>Each case runs through a real {@link RagPipeline} whose parts are the record's: retrieval
 * returns the recorded sources, the context is exactly the recorded one (same source ids, same
 * text), and the generator hands back the recorded reply of each attempt; the validator, its
 * support rules and question coverage are the current ones. So parsing, validation, retries and
 * what is served behave exactly as in a live run. A reply the current validator rejects where the
 * recording accepted it cannot be retried (the model is not asked): the case is rejected after the
 * recorded attempts. A case where the model was not called (a gate stopped it, or a provider error
 * came first) has nothing to re-validate and is counted as not replayed.
 */
public final class EvalReplay {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  /** The replay pipeline's time bound per case: the rules need no model, so it is never reached. */
  private static final Duration DEADLINE = Duration.ofMinutes(10);

  private final CitationValidator validator;
  private final TermEquivalence equivalence;

  /**
   * A replay with this validator and question-coverage term equivalence.
   *
   * @param validator the validator to re-validate with (the current one)
   * @param equivalence the term equivalence question coverage uses
   */
  public EvalReplay(CitationValidator validator, TermEquivalence equivalence) {
    this.validator = Objects.requireNonNull(validator, "validator");
    this.equivalence = Objects.requireNonNull(equivalence, "equivalence");
  }

  /** What one case did then and does now. */
  public record CaseDiff(
      String caseId, boolean replayed, JsonNode recorded, JsonNode now, List<String> changes) {
    /** Copies the list. */
    public CaseDiff {
      changes = List.copyOf(changes);
    }

    /** {@return whether the outcome, the issues or the grounding score differ} */
    public boolean changed() {
      return !changes.isEmpty();
    }
  }

  /**
   * The replay of a whole record.
   *
   * @param file the record replayed
   * @param cases every case, in the record's order
   * @param recordedRules the validator rules version(s) the record was checked with
   * @param currentRules the validator rules version replayed with
   */
  public record Report(
      Path file, List<CaseDiff> cases, List<String> recordedRules, String currentRules) {
    /** Copies the lists. */
    public Report {
      cases = List.copyOf(cases);
      recordedRules = List.copyOf(recordedRules);
    }

    /** {@return the cases whose outcome, issues or grounding score changed} */
    public List<CaseDiff> changed() {
      return cases.stream().filter(CaseDiff::changed).toList();
    }

    /** {@return the report for people: one block per changed case, then the summary} */
    public String text() {
      StringBuilder out = new StringBuilder();
      for (CaseDiff d : changed()) {
        out.append("case ").append(d.caseId()).append(":\n");
        d.changes().forEach(c -> out.append("  ").append(c).append('\n'));
      }
      long notReplayed = cases.stream().filter(d -> !d.replayed()).count();
      out.append(
          String.format(
              Locale.ROOT,
              "replayed %d of %d cases of %s: %d changed, %d unchanged",
              cases.size() - notReplayed,
              cases.size(),
              file,
              changed().size(),
              cases.size() - notReplayed - changed().size()));
      if (notReplayed > 0) {
        out.append(", ").append(notReplayed).append(" not replayed (the model was not called)");
      }
      out.append('\n');
      out.append("validator rules: recorded ")
          .append(String.join(", ", recordedRules))
          .append("; now ")
          .append(currentRules)
          .append('\n');
      return out.toString();
    }
  }

  /**
   * Replays a record file.
   *
   * @param file the record ({@code citerag eval --record FILE})
   * @return what changed per case
   * @throws IllegalArgumentException naming the file, the line and the field when a line is not a
   *     record, or when the file holds none
   * @throws UncheckedIOException when the file cannot be read
   */
  public Report replay(Path file) {
    List<CaseDiff> diffs = new ArrayList<>();
    TreeSet<String> rules = new TreeSet<>();
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String line;
      int n = 0;
      while ((line = in.readLine()) != null) {
        n++;
        if (line.isBlank()) {
          continue;
        }
        EvalRecord rec;
        try {
          rec = EvalRecord.parse(line);
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException(
              "record " + file + " line " + n + ": " + e.getMessage(), e);
        }
        rules.add(rec.validatorRules());
        diffs.add(replay(rec));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the record " + file, e);
    }
    if (diffs.isEmpty()) {
      throw new IllegalArgumentException("record " + file + " holds no case");
    }
    return new Report(file, diffs, List.copyOf(rules), validator.rulesVersion());
  }

  /** Replays one recorded case. */
  CaseDiff replay(EvalRecord rec) {
    if (rec.replies().isEmpty() || rec.sent().isEmpty()) {
      return new CaseDiff(rec.caseId(), false, rec.result(), rec.result(), List.of());
    }
    LocalHashingEmbedder embedder = new LocalHashingEmbedder(LocalHashingEmbedder.MIN_DIMENSIONS);
    List<SearchHit> hits = rec.sent().stream().map(SentSource::hit).toList();
    RagPipeline pipeline =
        RagPipeline.builder()
            .embedder(embedder)
            .store(new RecordedIndex(embedder.identity().dimensions(), hits))
            .contextBuilder(
                (question, retrieved) -> new BuiltContext(rec.sent(), "", "", rec.contextTokens()))
            .generator(new RecordedReplies(rec))
            .validator(validator)
            .termEquivalence(equivalence)
            .minSimilarity(0)
            .requireLexicalMatch(false)
            .topK(Math.min(100, hits.size()))
            .maxRetries(Math.min(5, rec.replies().size() - 1))
            .deadline(DEADLINE)
            .build();
    RagResult result = pipeline.ask(rec.question());
    JsonNode now;
    try {
      now = MAPPER.readTree(ResultJson.toJson(result));
    } catch (IOException e) {
      throw new IllegalStateException("ResultJson wrote invalid JSON", e);
    }
    return new CaseDiff(rec.caseId(), true, rec.result(), now, changes(rec.result(), now));
  }

  /** The differences in outcome, issues and grounding score, as lines for people. */
  static List<String> changes(JsonNode then, JsonNode now) {
    List<String> out = new ArrayList<>();
    String before = outcome(then);
    String after = outcome(now);
    if (!before.equals(after)) {
      out.add("outcome: " + before + " -> " + after);
    }
    List<String> was = issues(then);
    List<String> is = issues(now);
    List<String> added = new ArrayList<>(is);
    was.forEach(added::remove);
    List<String> removed = new ArrayList<>(was);
    is.forEach(removed::remove);
    if (!added.isEmpty()) {
      out.add("issues added: " + String.join(", ", added));
    }
    if (!removed.isEmpty()) {
      out.add("issues gone: " + String.join(", ", removed));
    }
    String g0 = grounding(then);
    String g1 = grounding(now);
    if (!g0.equals(g1)) {
      out.add("grounding: " + g0 + " -> " + g1);
    }
    return out;
  }

  private static String outcome(JsonNode r) {
    String status = r.path("status").asText();
    JsonNode reason = r.path("reason");
    return reason.isTextual() ? status + " (" + reason.asText() + ")" : status;
  }

  private static List<String> issues(JsonNode r) {
    List<String> out = new ArrayList<>();
    for (JsonNode i : r.path("issues")) {
      out.add(i.path("type").asText() + " (" + i.path("severity").asText() + ")");
    }
    return out;
  }

  private static String grounding(JsonNode r) {
    JsonNode g = r.path("grounding_score");
    return g.isNumber() ? String.format(Locale.ROOT, "%.3f", g.asDouble()) : "none";
  }

  /** Retrieval that returns the recorded sources, whatever the question. */
  private record RecordedIndex(int dimensions, List<SearchHit> hits) implements SearchIndex {
    @Override
    public Optional<CollectionIdentity> identity() {
      return Optional.empty();
    }

    @Override
    public List<SearchHit> denseSearch(float[] queryVector, int k, Filter filter) {
      return hits.subList(0, Math.min(k, hits.size()));
    }

    @Override
    public List<SearchHit> lexicalSearch(String queryText, int k, Filter filter) {
      return List.of();
    }
  }

  /** The recorded reply of each attempt, under the recorded generator's name and prompt. */
  private record RecordedReplies(EvalRecord rec) implements AnswerGenerator {
    @Override
    public ChatResponse generate(GenerationRequest request) {
      int i = request.attempt() - 1;
      if (i >= rec.replies().size()) {
        throw new PermanentProviderException(
            "replay",
            ProviderException.Kind.NOT_FOUND,
            0,
            null,
            "no reply recorded for attempt " + request.attempt(),
            null);
      }
      return rec.replies().get(i);
    }

    @Override
    public String name() {
      return rec.generator();
    }

    @Override
    public String promptVersion() {
      return rec.promptVersion();
    }
  }
}
