package dev.citerag.examples.internal;

import dev.citerag.answer.ValidationIssue;
import dev.citerag.ingest.IngestReport;
import dev.citerag.pipeline.RagResult;
import dev.citerag.pipeline.Stage;
import dev.citerag.pipeline.Trace;
import dev.citerag.render.AnswerRenderer;
import dev.citerag.store.Chunk;
import dev.citerag.store.SearchHit;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Renders results for people reading a terminal. Everything returned has passed {@link
 * TerminalText#clean}: no escape sequence or control character from a document or a model reaches
 * the terminal; {@code [n]} markers come only from validated citations.
 */
public final class TextOutput {
  private static final java.util.regex.Pattern SPACES = java.util.regex.Pattern.compile("\\s+");

  private TextOutput() {}

  /**
   * An answer with {@code [n]} markers and a numbered reference list; an abstention or a rejection
   * stated plainly with its reason (and, for a rejection, the failed checks).
   */
  public static String result(RagResult r) {
    return TerminalText.clean(render(r));
  }

  private static String render(RagResult r) {
    StringBuilder b = new StringBuilder();
    if (r instanceof RagResult.Answered a) {
      // the library's layout: markers only from validated citations, numbered references
      b.append(AnswerRenderer.plainText(a));
      if (!a.warnings().isEmpty()) {
        b.append("\nWarnings (served anyway, not failures):\n");
        a.warnings().forEach(w -> b.append("  - ").append(issue(w)).append('\n'));
      }
      b.append("\nVerified: ").append(dev.citerag.render.Verified.summary(a)).append('\n');
      b.append('\n')
          .append(
              footer(a.trace(), String.format(Locale.ROOT, "grounding %.2f", a.groundingScore())));
    } else if (r instanceof RagResult.Abstained a) {
      b.append("Not answered: the documents do not say.\n");
      b.append("  reason: ")
          .append(a.reason().wire())
          .append(" - ")
          .append(a.detail())
          .append('\n');
      b.append('\n').append(footer(a.trace(), whoAnswered(a.trace())));
    } else if (r instanceof RagResult.Rejected j) {
      b.append("Rejected: no answer could be verified, so none is shown.\n");
      b.append("  reason: ")
          .append(j.reason().wire())
          .append(" - ")
          .append(j.detail())
          .append('\n');
      if (!j.issues().isEmpty()) {
        b.append("  failed checks:\n");
        j.issues().forEach(i -> b.append("    - ").append(issue(i)).append('\n'));
      }
      b.append('\n').append(footer(j.trace(), j.trace().attempts().size() + " attempts"));
    }
    return b.toString();
  }

  /**
   * {@code model called} / {@code model not called}; for the extractive generator, which is no
   * model, {@code no model (extractive generator)}.
   */
  static String whoAnswered(Trace t) {
    if ("extractive".equals(t.generator())) {
      return t.modelCalled()
          ? "no model (extractive generator)"
          : "no model (extractive generator not run)";
    }
    return t.modelCalled() ? "model called" : "model not called";
  }

  /** Retrieval hits, best first, with every score. */
  public static String hits(String question, List<SearchHit> hits) {
    return TerminalText.clean(renderHits(question, hits));
  }

  private static String renderHits(String question, List<SearchHit> hits) {
    StringBuilder b = new StringBuilder();
    if (hits.isEmpty()) {
      return "No hits for \""
          + oneLine(question)
          + "\" (the store is empty or nothing passes the filter).\n";
    }
    b.append(
        String.format(
            Locale.ROOT,
            "%d hits for \"%s\" (fused = reciprocal rank fusion: it orders, it is not a confidence)%n%n",
            hits.size(),
            oneLine(question)));
    for (int i = 0; i < hits.size(); i++) {
      SearchHit h = hits.get(i);
      b.append(String.format(Locale.ROOT, "%2d. %s%n", i + 1, where(h.chunk())));
      String dense =
          h.cosine() == null
              ? "-"
              : String.format(Locale.ROOT, "%.3f", h.cosine())
                  + (h.denseRank() == null ? "" : " (#" + h.denseRank() + ")");
      String lexical = h.lexicalRank() == null ? "no match" : "#" + h.lexicalRank();
      b.append(
          String.format(
              Locale.ROOT,
              "    fused %.4f   dense %s   lexical %s%n",
              h.fusedScore(),
              dense,
              lexical));
      b.append("    ").append(snippet(h.chunk().text(), 160)).append('\n');
    }
    return b.toString();
  }

  /** The summary of an ingest run. */
  public static String ingest(IngestReport r, String storeLabel, long chunksInStore) {
    return String.format(
        Locale.ROOT,
        "Ingested into %s: %s written, %d skipped (unchanged), %d removed (gone from the source);"
            + " %s written, %d deleted; %s stored (%.1f s)%n",
        storeLabel,
        count(r.documentsWritten(), "document"),
        r.documentsSkipped(),
        r.documentsRemoved(),
        count(r.chunksWritten(), "chunk"),
        r.chunksDeleted(),
        count(chunksInStore, "chunk"),
        r.elapsed().toMillis() / 1000.0);
  }

  /** {@code 1 document}, {@code 2 documents}. */
  static String count(long n, String noun) {
    return n + " " + noun + (n == 1 ? "" : "s");
  }

  /**
   * {@code source § section} (or the title when the chunk has no section), then {@code , p. N} for
   * a chunk of a paged document.
   */
  static String where(Chunk c) {
    return AnswerRenderer.location(c);
  }

  private static String issue(ValidationIssue i) {
    return i.type().wire()
        + " ("
        + i.severity().name().toLowerCase(Locale.ROOT)
        + "): "
        + i.detail();
  }

  private static String footer(Trace t, String extra) {
    Duration total = t.latency().getOrDefault(Stage.TOTAL, Duration.ZERO);
    String sent = t.sent().isEmpty() ? "" : ", " + t.sent().size() + " sent";
    String tokens = t.usage().totalTokens() == 0 ? "" : ", " + t.usage().totalTokens() + " tokens";
    return String.format(
        Locale.ROOT,
        "(%s; %s; %d chunks retrieved%s%s; %d ms)%n",
        Objects.requireNonNullElse(t.model(), t.generator()),
        extra,
        t.retrieved().size(),
        sent,
        tokens,
        total.toMillis());
  }

  static String oneLine(String s) {
    return SPACES.matcher(s).replaceAll(" ").strip();
  }

  static String snippet(String text, int max) {
    String s = oneLine(text);
    return s.length() <= max ? s : s.substring(0, max - 3) + "...";
  }

  /** Comma-separated {@code key=value} pairs. */
  static String pairs(java.util.Map<String, String> m) {
    return m.entrySet().stream()
        .map(e -> e.getKey() + "=" + e.getValue())
        .collect(Collectors.joining(", "));
  }
}
