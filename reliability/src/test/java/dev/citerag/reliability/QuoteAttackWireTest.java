package dev.citerag.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.answer.IssueType;
import dev.citerag.answer.ValidationIssue;
import dev.citerag.chat.ChatModel;
import dev.citerag.embed.Embedder;
import dev.citerag.ingest.Document;
import dev.citerag.pipeline.RagPipeline;
import dev.citerag.pipeline.RagResult;
import dev.citerag.pipeline.ResolvedCitation;
import dev.citerag.provider.RetryPolicy;
import dev.citerag.reliability.support.ProviderStub;
import dev.citerag.reliability.support.Stack;
import dev.citerag.store.InMemoryVectorStore;
import dev.citerag.testkit.fakes.SentSources;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The quote attacks that were served before (a number parted from its sign, percent sign, currency
 * or range; a superscript folded into digits; a NEL deleted between two words; two quotes of one
 * sentence skipping a "not"; the heading line put before a chunk) over HTTP through the real Gemini
 * and Ollama adapters, on documents ingested with the default chunker: every attack is rejected
 * with its issue, and the honest reply beside it is served with the document's own text.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class QuoteAttackWireTest {

  private static Embedder embedder;
  private static InMemoryVectorStore store;

  /**
   * One reply: the question asked, a fragment that picks the source to cite, the claim, its quotes,
   * and either the issue an attack must get or the source texts an honest reply is served with.
   */
  record Case(
      String name,
      String question,
      String fragment,
      String claim,
      List<String> quotes,
      IssueType issue,
      List<String> served) {}

  static Case attack(
      String name,
      String question,
      String fragment,
      String claim,
      IssueType issue,
      String... quotes) {
    return new Case(name, question, fragment, claim, List.of(quotes), issue, List.of());
  }

  static Case honest(
      String name, String question, String fragment, String claim, String quote, String served) {
    return new Case(
        name,
        question,
        fragment,
        claim,
        List.of(quote),
        IssueType.QUOTE_NOT_FOUND,
        List.of(served));
  }

  static final String REACTOR = "How hot did the reactor core get in the cold test?";
  static final String LAKE = "What temperature did the lake reach at night in January?";
  static final String SHOP = "How much did revenue at the shop rise in the second quarter?";
  static final String ROOM = "How many people does the meeting room hold on weekdays?";
  static final String RELEASE = "Is the new release able to run offline?";
  static final String DRUG = "Is our new drug safe for young children?";
  static final String PRICE = "How much does the subscription cost per year for large teams?";

  static final List<Case> CASES =
      List.of(
          attack(
              "superscript folded",
              REACTOR,
              "reactor core",
              "The reactor core reached 102 kelvin within the first hour.",
              IssueType.QUOTE_NOT_FOUND,
              "the reactor core reached 102 kelvin within the first hour"),
          attack(
              "minus sign dropped",
              LAKE,
              "lake reached",
              "5 °C in January according to the log.",
              IssueType.QUOTE_NOT_FOUND,
              "5 °C in January according to the log"),
          attack(
              "percent sign dropped",
              SHOP,
              "shop rose",
              "Revenue at the shop rose by 5.",
              IssueType.QUOTE_NOT_FOUND,
              "Revenue at the shop rose by 5"),
          attack(
              "range cut",
              ROOM,
              "meeting room",
              "The meeting room holds 10 people.",
              IssueType.QUOTE_NOT_FOUND,
              "The meeting room holds 10"),
          attack(
              "currency dropped",
              PRICE,
              "subscription costs",
              "5 million per year for large teams.",
              IssueType.QUOTE_NOT_FOUND,
              "5 million per year for large teams"),
          attack(
              "line end deleted",
              RELEASE,
              "new release",
              "The new release is notable.",
              IssueType.QUOTE_NOT_FOUND,
              "The new release is notable"),
          attack(
              "two quotes skip not",
              DRUG,
              "new drug",
              "Our new drug is safe for young children.",
              IssueType.UNSUPPORTED_CLAIM,
              "Our new drug is",
              "safe for young children at all"),
          attack(
              "heading line",
              DRUG,
              "new drug",
              "Drug safety: our new drug is not safe.",
              IssueType.QUOTE_NOT_FOUND,
              "Drug safety Our new drug is not safe"),
          honest(
              "superscript copied",
              REACTOR,
              "reactor core",
              "The reactor core reached 10² kelvin within the first hour.",
              "the reactor core reached 10² kelvin within the first hour",
              "the reactor core reached 10² kelvin within the first hour"),
          honest(
              "minus sign as hyphen-minus",
              LAKE,
              "lake reached",
              "The lake reached -5 °C at night in January.",
              "the lake reached -5 °C in January",
              "the lake reached −5 °C in January"),
          honest(
              "percent sign kept",
              SHOP,
              "shop rose",
              "Revenue at the shop rose by 5% in the second quarter.",
              "Revenue at the shop rose by 5% in the second quarter",
              "Revenue at the shop rose by 5% in the second quarter"),
          honest(
              "range kept",
              ROOM,
              "meeting room",
              "The meeting room holds 10–12 people at most on weekdays.",
              "The meeting room holds 10–12 people at most on weekdays",
              "The meeting room holds 10–12 people at most on weekdays"),
          honest(
              "currency kept",
              PRICE,
              "subscription costs",
              "The subscription costs $5 million per year for large teams.",
              "The subscription costs $5 million per year for large teams",
              "The subscription costs $5 million per year for large teams"),
          honest(
              "line end as a space",
              RELEASE,
              "new release",
              "The new release is not able to run offline.",
              "The new release is not able to run offline",
              "The new release is not\u0085able to run offline"),
          honest(
              "negation kept",
              DRUG,
              "new drug",
              "Our new drug is not safe for young children.",
              "Our new drug is not safe for young children",
              "Our new drug is not safe for young children"));

  @BeforeAll
  static void corpus() {
    embedder = Stack.embedder();
    store = new InMemoryVectorStore(embedder.identity().dimensions());
    Stack.ingest(
        embedder,
        store,
        List.of(
            Document.markdown(
                "reactor.md",
                "# Reactor test\n\nIn the cold test the reactor core reached 10² kelvin within the first hour of operation.\n"),
            Document.markdown(
                "lake.md",
                "# Lake log\n\nAt night the lake reached −5 °C in January according to the log.\n"),
            Document.markdown(
                "shop.md",
                "# Shop revenue\n\nRevenue at the shop rose by 5% in the second quarter.\n"),
            Document.markdown(
                "room.md",
                "# Meeting room\n\nThe meeting room holds 10–12 people at most on weekdays.\n"),
            Document.markdown(
                "release.md",
                "# Release notes\n\nThe new release is not\u0085able to run offline at all.\n"),
            Document.markdown(
                "drug.md",
                "# Drug safety\n\nOur new drug is not safe for young children at all.\n"),
            Document.markdown(
                "price.md",
                "# Pricing\n\nThe subscription costs $5 million per year for large teams.\n")));
  }

  @Test
  void every_attack_is_rejected_and_every_honest_reply_served_through_gemini() {
    run(ProviderStub.Kind.GEMINI);
  }

  @Test
  void every_attack_is_rejected_and_every_honest_reply_served_through_ollama() {
    run(ProviderStub.Kind.OLLAMA);
  }

  private static void run(ProviderStub.Kind kind) {
    try (ProviderStub stub = new ProviderStub(kind).recording(false)) {
      ChatModel model = Stack.chatModel(stub, RetryPolicy.NONE);
      RagPipeline rag = Stack.pipeline(embedder, store, model).maxRetries(0).build();
      List<String> problems = new ArrayList<>();
      for (Case c : CASES) {
        stub.handler(req -> stub.reply(reply(c, req.sources())));
        RagResult r = rag.ask(c.question());
        if (c.served().isEmpty()) {
          boolean rejected =
              r instanceof RagResult.Rejected rej
                  && rej.issues().stream().anyMatch(i -> i.critical() && i.type() == c.issue());
          if (!rejected) {
            problems.add(c.name() + ": expected " + c.issue() + ", got " + describe(r));
          }
        } else if (!(r instanceof RagResult.Answered a)
            || !a.citations().stream().map(ResolvedCitation::quote).toList().equals(c.served())) {
          problems.add(c.name() + ": expected served " + c.served() + ", got " + describe(r));
        }
      }
      assertThat(stub.requestCount()).as("one model call per case").isEqualTo(CASES.size());
      assertThat(stub.handlerErrors()).isEmpty();
      assertThat(problems).as(Stack.name(kind)).isEmpty();
    }
  }

  private static String reply(Case c, SentSources sent) {
    String id = sent.containing(c.fragment()).id();
    StringBuilder cites = new StringBuilder();
    for (String q : c.quotes()) {
      if (cites.length() > 0) {
        cites.append(',');
      }
      cites
          .append("{\"source_id\":")
          .append(json(id))
          .append(",\"quote\":")
          .append(json(q))
          .append('}');
    }
    return "{\"status\":\"answered\",\"answer\":"
        + json(c.claim())
        + ",\"claims\":[{\"text\":"
        + json(c.claim())
        + ",\"citations\":["
        + cites
        + "]}]}";
  }

  private static String json(String s) {
    try {
      return ProviderStub.MAPPER.writeValueAsString(s);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String describe(RagResult r) {
    if (r instanceof RagResult.Rejected rej) {
      return "rejected " + rej.issues().stream().map(ValidationIssue::type).toList();
    }
    if (r instanceof RagResult.Answered a) {
      return "served " + a.citations().stream().map(ResolvedCitation::quote).toList();
    }
    return r.status() + " " + ((RagResult.Abstained) r).detail();
  }
}
