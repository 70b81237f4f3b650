package dev.citerag.render;

import dev.citerag.answer.Citation;
import dev.citerag.answer.Claim;
import dev.citerag.answer.IssueType;
import dev.citerag.answer.SentSource;
import dev.citerag.answer.ValidationIssue;
import dev.citerag.chat.TokenUsage;
import dev.citerag.pipeline.AbstainReason;
import dev.citerag.pipeline.RagResult;
import dev.citerag.pipeline.RejectReason;
import dev.citerag.pipeline.ResolvedCitation;
import dev.citerag.pipeline.Stage;
import dev.citerag.pipeline.Trace;
import dev.citerag.store.Chunk;
import dev.citerag.store.Filter;
import dev.citerag.store.MetadataValue;
import dev.citerag.store.SearchHit;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Hand-built results for rendering tests: two chunks retrieved, the first one sent as "k7". Shared
 * with the examples' tests through core's test jar.
 */
public final class Results {
  private Results() {}

  public static final Chunk DEPLOYS =
      new Chunk(
          "c-deploys-1",
          "deploys",
          "deploys.md",
          "Deploying services",
          List.of("Deploying services", "Deploy windows"),
          null,
          "Deploying services > Deploy windows\nProduction deploys are allowed Monday to Thursday between 09:00 and 16:00 UTC.",
          30,
          "h1",
          MetadataValue.strings(Map.of("team", "platform")));
  public static final Chunk ONCALL =
      new Chunk(
          "c-oncall-1",
          "on-call",
          "on-call.md",
          "On-call",
          List.of("On-call"),
          null,
          "On-call\nThe rota changes on Mondays at 10:00.",
          12,
          "h2",
          Map.of());

  public static final SearchHit HIT_DEPLOYS =
      new SearchHit(DEPLOYS, 0.61, 1, 2, 3.5, 1.0 / 61 + 1.0 / 62);
  public static final SearchHit HIT_ONCALL = new SearchHit(ONCALL, 0.12, 2, null, 0, 1.0 / 62);

  public static Trace trace(List<SentSource> sent, int attempts) {
    return new Trace(
        "When can I deploy?",
        Filter.ALL,
        List.of(HIT_DEPLOYS, HIT_ONCALL),
        sent,
        sent.isEmpty() ? 0 : 120,
        attempts == 0 ? TokenUsage.ZERO : TokenUsage.of(100, 20, 0),
        List.of(),
        Map.of(Stage.EMBED, Duration.ofNanos(1_234_567), Stage.TOTAL, Duration.ofMillis(7)),
        "extractive",
        attempts == 0 ? null : "extractive");
  }

  public static RagResult.Answered answered() {
    String quote = "Production deploys are allowed Monday to Thursday between 09:00 and 16:00 UTC.";
    List<Claim> claims =
        List.of(
            new Claim(
                "Production deploys are allowed Monday to Thursday.",
                List.of(new Citation("k7", quote))),
            new Claim(
                "Outside that window you need an exception.", List.of(new Citation("k7", quote))));
    List<ResolvedCitation> cites =
        List.of(
            new ResolvedCitation(0, "k7", quote, DEPLOYS),
            new ResolvedCitation(1, "k7", quote, DEPLOYS));
    return new RagResult.Answered(
        "Production deploys are allowed Monday to Thursday. Outside that window you need an exception.",
        claims,
        cites,
        0.9,
        List.of(ValidationIssue.of(IssueType.WEAK_GROUNDING, "claim 2 terms not in its source")),
        trace(List.of(new SentSource("k7", HIT_DEPLOYS)), 1));
  }

  public static RagResult.Abstained abstained() {
    return new RagResult.Abstained(
        AbstainReason.LOW_SIMILARITY,
        "best cosine similarity 0.120 is below the minimum 0.300",
        trace(List.of(), 0));
  }

  public static RagResult.Rejected rejected() {
    return new RagResult.Rejected(
        RejectReason.INVALID_CITATIONS,
        List.of(
            ValidationIssue.of(
                IssueType.PHANTOM_SOURCE,
                "source \"zz9\" was not sent",
                "zz9",
                "made up words here")),
        "no valid answer after 2 attempts: phantom_source",
        trace(List.of(new SentSource("k7", HIT_DEPLOYS)), 2));
  }
}
