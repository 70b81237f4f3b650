package dev.citerag.testkit.eval.internal;

import dev.citerag.testkit.eval.CaseResult;
import dev.citerag.testkit.eval.EvaluationReport;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Renders an {@link EvaluationReport} as Markdown tables. */
public final class MarkdownReport {
  private MarkdownReport() {}

  public static String render(EvaluationReport r) {
    StringBuilder b = new StringBuilder();
    b.append("## Evaluation: ").append(r.name()).append('\n').append('\n');
    b.append("Generator `")
        .append(r.generator())
        .append("`, ")
        .append(r.cases())
        .append(" cases (")
        .append(r.answerable())
        .append(" answerable, ")
        .append(r.unanswerable())
        .append(" unanswerable).\n\n");

    b.append("### Retrieval (answerable cases)\n\n| metric | value |\n|---|---|\n");
    for (Map.Entry<Integer, Double> e :
        new java.util.TreeMap<>(r.retrieval().recallAt()).entrySet()) {
      row(b, "recall@" + e.getKey(), f3(e.getValue()));
    }
    row(b, "hit@1 (document)", f3(r.retrieval().hitAt1()));
    row(b, "MRR", f3(r.retrieval().mrr()));

    EvaluationReport.Answers a = r.answers();
    b.append("\n### Answers\n\n| metric | value |\n|---|---|\n");
    row(b, "answer accuracy (answerable)", f3(a.answerAccuracy()));
    row(b, "answered (answerable, right or wrong)", f3(a.answeredOnAnswerable()));
    row(b, "abstention recall (unanswerable)", f3(a.abstentionRecall()));
    row(b, "false-answer rate (unanswerable)", f3(a.falseAnswerRate()));
    row(b, "rejected (all cases)", f3(a.rejectedRate()));
    row(b, "phantom-citation rate (" + a.citations() + " citations)", f3(a.phantomCitationRate()));
    row(
        b,
        "citation-required pass rate (" + a.answeredReplies() + " answered replies)",
        f3(a.citationRequiredPassRate()));
    row(b, "mean grounding score (answered)", f3(a.meanGroundingScore()));

    EvaluationReport.Operations o = r.operations();
    b.append("\n### Operations\n\n| metric | value |\n|---|---|\n");
    row(b, "latency p50", String.format(Locale.ROOT, "%.2f ms", o.p50LatencyMillis()));
    row(b, "latency p95", String.format(Locale.ROOT, "%.2f ms", o.p95LatencyMillis()));
    row(
        b,
        "mean context tokens (when the model was called)",
        String.format(Locale.ROOT, "%.0f", o.meanContextTokens()));
    row(b, "model calls (cases with a call)", o.modelCalls() + " (" + o.casesWithModelCall() + ")");
    row(b, "provider-reported tokens", Long.toString(o.totalTokens()));

    b.append("\n### By kind\n\n| kind | cases | correct |\n|---|---|---|\n");
    for (Map.Entry<String, EvaluationReport.KindSummary> e :
        new java.util.TreeMap<>(r.byKind()).entrySet()) {
      b.append("| ")
          .append(e.getKey())
          .append(" | ")
          .append(e.getValue().cases())
          .append(" | ")
          .append(e.getValue().correct())
          .append(" |\n");
    }

    b.append("\n### Gate 1 sweep (best cosine per case, without re-running the model)\n\n")
        .append("| min cosine | answerable blocked (of ")
        .append(r.answerable())
        .append(") | unanswerable let through (of ")
        .append(r.unanswerable())
        .append(") |\n|---|---|---|\n");
    for (EvaluationReport.SweepRow s : r.sweep()) {
      b.append("| ")
          .append(String.format(Locale.ROOT, "%.2f", s.threshold()))
          .append(" | ")
          .append(s.answerableBlocked())
          .append(" | ")
          .append(s.unanswerableLetThrough())
          .append(" |\n");
    }

    List<CaseResult> wrong = r.results().stream().filter(c -> !c.correct()).toList();
    b.append("\n### Cases with a wrong outcome (").append(wrong.size()).append(")\n\n");
    if (!wrong.isEmpty()) {
      b.append(
          "| case | kind | expected | got | relevant rank | best cosine | detail |\n|---|---|---|---|---|---|---|\n");
      for (CaseResult c : wrong) {
        String got = c.status() + (c.reason() == null ? "" : " (" + c.reason() + ")");
        String detail =
            c.answer() != null ? "answer: " + c.answer() : c.detail() == null ? "" : c.detail();
        b.append("| ")
            .append(c.id())
            .append(" | ")
            .append(c.kind())
            .append(" | ")
            .append(c.answerable() ? "answer" : "abstain")
            .append(" | ")
            .append(cell(got))
            .append(" | ")
            .append(c.firstRelevantRank() == null ? "-" : c.firstRelevantRank())
            .append(" | ")
            .append(c.bestCosine() == null ? "-" : f3(c.bestCosine()))
            .append(" | ")
            .append(cell(abbreviate(detail, 140)))
            .append(" |\n");
      }
    }
    return b.toString();
  }

  private static void row(StringBuilder b, String metric, String value) {
    b.append("| ").append(metric).append(" | ").append(value).append(" |\n");
  }

  private static String f3(double v) {
    return String.format(Locale.ROOT, "%.3f", v);
  }

  private static String cell(String s) {
    return s.replace("|", "\\|").replace("\n", " ");
  }

  private static String abbreviate(String s, int max) {
    return s.length() <= max ? s : s.substring(0, max - 3) + "...";
  }
}
