package dev.citerag.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.answer.ClaimEvidence;
import dev.citerag.answer.LexicalSupportVerifier;
import dev.citerag.answer.SupportVerdict;
import dev.citerag.answer.SupportVerifier;
import dev.citerag.ingest.Document;
import dev.citerag.reliability.support.ClaimPairs;
import dev.citerag.reliability.support.ClaimPairs.Kind;
import dev.citerag.reliability.support.ClaimPairs.Pair;
import dev.citerag.reliability.support.Figures;
import dev.citerag.testkit.eval.SquadDataset;
import dev.citerag.verify.RuleSupportVerifier;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * citerag-verify's {@link RuleSupportVerifier} on the SQuAD claim/quote pairs of {@link ClaimPairs}
 * (the same pairs {@link SupportCheckOnSquadTest} gives core's verifier), side by side with core's
 * {@link LexicalSupportVerifier}: false claims flagged at least 98 %; true claims that restate
 * their quote flagged at most 5 % (the rules flag a clause with no content of its own, such as "In
 * May 2006" or a bare list of names, which core passes); the gold answer restated with the
 * question's words flagged less often than core flags it. Each pair carries the context a validator
 * gives the rules (the document's title and the cited paragraph), from which the rules read names
 * the quote leaves to it. The aim for the last, 20 %, is not reached by the rules: most of
 * those claims carry the question's own words, which paraphrase the sentence beyond synonymy (see
 * {@code docs/support-verification.md}); a model judge is the tool for them. Prints the figures for
 * the five articles the rules were studied on and the five that confirm them. Writes the rules'
 * misjudged pairs to {@code target/support-rules-squad.txt}.
 */
@Timeout(600)
class SupportRulesOnSquadTest {

  private record Result(Map<Kind, int[]> byKind, StringBuilder log) {
    double flagged(boolean truth, boolean restated) {
      int n = 0;
      int f = 0;
      for (Map.Entry<Kind, int[]> e : byKind.entrySet()) {
        if (e.getKey().truth == truth
            && (!truth || (e.getKey() == Kind.ANSWER_RESTATED) == restated)) {
          n += e.getValue()[0];
          f += e.getValue()[1];
        }
      }
      return (double) f / n;
    }
  }

  /**
   * The five articles the referent rules were studied on; the other five confirm them (the split is
   * printed, not asserted).
   */
  static final Set<String> DEVELOP =
      Set.of(
          "sky-united-kingdom",
          "victoria-australia",
          "amazon-rainforest",
          "civil-disobedience",
          "harvard-university");

  /**
   * Judges every pair as a validator would give it: the claim, its quote and the context of the
   * cited chunk (the document's title and the paragraph).
   */
  private static Result run(
      SupportVerifier v, List<Pair> pairs, SquadDataset squad, Map<String, int[]> bySplit) {
    Map<String, String> titles = new HashMap<>();
    for (Document d : squad.documents()) {
      String title = d.title();
      titles.put(d.id(), title == null ? d.id() : title);
    }
    Map<Kind, int[]> byKind = new EnumMap<>(Kind.class);
    StringBuilder log = new StringBuilder();
    for (Pair p : pairs) {
      String doc = p.origin().substring(0, p.origin().indexOf('#'));
      int paragraph =
          Integer.parseInt(p.origin().substring(p.origin().indexOf('#') + 1).split(" ")[0]);
      List<String> context =
          List.of(titles.get(doc), squad.paragraph(doc, paragraph).orElseThrow());
      SupportVerdict verdict =
          v.verifyAll(List.of(new ClaimEvidence(p.claim(), List.of(p.quote()), context))).get(0);
      String split = DEVELOP.contains(doc) ? "develop" : "confirm";
      String group =
          !p.kind().truth ? "false" : p.kind() == Kind.ANSWER_RESTATED ? "restated" : "true";
      int[] s = bySplit.computeIfAbsent(split + " " + group, k -> new int[2]);
      s[0]++;
      s[1] += verdict.supported() ? 0 : 1;
      int[] n = byKind.computeIfAbsent(p.kind(), k -> new int[2]);
      n[0]++;
      boolean flagged = !verdict.supported();
      n[1] += flagged ? 1 : 0;
      if (flagged == p.kind().truth) {
        log.append(p.kind().truth ? "FLAGGED TRUE " : "PASSED FALSE ")
            .append(p.kind())
            .append(' ')
            .append(p.origin())
            .append(' ')
            .append(verdict.support())
            .append(" missing=")
            .append(verdict.missing())
            .append(" contradicting=")
            .append(verdict.contradicting())
            .append("\n  claim: ")
            .append(p.claim())
            .append("\n  quote: ")
            .append(p.quote())
            .append('\n');
      }
    }
    return new Result(byKind, log);
  }

  @Test
  void rules_flag_false_claims_and_pass_restated_answers_on_squad() throws IOException {
    SquadDataset squad = SquadDataset.load(ClaimPairs.dataset());
    List<Pair> pairs = new ArrayList<>(ClaimPairs.falseClaims(ClaimPairs.paragraphs(squad)));
    pairs.addAll(ClaimPairs.trueClaims(squad));
    Map<String, int[]> split = new TreeMap<>();
    Result rules = run(RuleSupportVerifier.builder().build(), pairs, squad, split);
    Result core = run(new LexicalSupportVerifier(), pairs, squad, new TreeMap<>());
    Files.writeString(
        Path.of("target", "support-rules-squad.txt"), rules.log(), StandardCharsets.UTF_8);

    StringBuilder d =
        new StringBuilder(
            "Pairs generated from `datasets/squad2-dev` by `ClaimPairs`, judged by citerag-verify's"
                + " `RuleSupportVerifier` (defaults) and core's `LexicalSupportVerifier` (defaults).\n\n"
                + "| kind | claim is | pairs | flagged by the rules | flagged by core |\n|---|---|---|---|---|\n");
    for (Map.Entry<Kind, int[]> e : rules.byKind().entrySet()) {
      int[] r = e.getValue();
      int[] c = core.byKind().get(e.getKey());
      d.append(
          String.format(
              Locale.ROOT,
              "| %s | %s | %d | %d (%.1f %%) | %d (%.1f %%) |%n",
              e.getKey().name().toLowerCase(Locale.ROOT),
              e.getKey().truth ? "true" : "false",
              r[0],
              r[1],
              100.0 * r[1] / r[0],
              c[1],
              100.0 * c[1] / c[0]));
    }
    double falseFlagged = rules.flagged(false, false);
    double trueFlagged = rules.flagged(true, false);
    double restatedFlagged = rules.flagged(true, true);
    Figures.record(
        "41-support-rules-squad",
        "Support rules (citerag-verify) on SQuAD claim/quote pairs",
        List.of(
            new Figures.Row(
                "Support rules, false claims from SQuAD sentences",
                "rules vs core",
                String.format(Locale.ROOT, "%.1f %% flagged", 100 * falseFlagged),
                String.format(Locale.ROOT, "core: %.1f %%", 100 * core.flagged(false, false))),
            new Figures.Row(
                "Support rules, true claims restating their quote",
                "rules vs core",
                String.format(Locale.ROOT, "%.1f %% flagged", 100 * trueFlagged),
                String.format(Locale.ROOT, "core: %.1f %%", 100 * core.flagged(true, false))),
            new Figures.Row(
                "Support rules, gold answer restated with the question's words",
                "rules vs core",
                String.format(Locale.ROOT, "%.1f %% flagged", 100 * restatedFlagged),
                String.format(Locale.ROOT, "core: %.1f %%", 100 * core.flagged(true, true)))),
        d.toString());
    System.out.println(d);
    split.forEach(
        (k, n) ->
            System.out.printf(
                Locale.ROOT,
                "rules, %s articles, %s claims: %d of %d flagged (%.1f %%)%n",
                k.split(" ")[0],
                k.split(" ")[1],
                n[1],
                n[0],
                100.0 * n[1] / n[0]));
    System.out.printf(
        Locale.ROOT,
        "rules: false flagged %.3f, true flagged %.3f, restated flagged %.3f%n",
        falseFlagged,
        trueFlagged,
        restatedFlagged);

    assertThat(falseFlagged).as("share of false claims flagged").isGreaterThanOrEqualTo(0.98);
    assertThat(trueFlagged).as("share of true claims flagged").isLessThanOrEqualTo(0.05);
    assertThat(restatedFlagged)
        .as("share of restated gold answers flagged, against core's")
        .isLessThan(core.flagged(true, true));
    // measured 20.0 % (329 of 1,648): the target itself, held (the verdicts are deterministic)
    assertThat(restatedFlagged)
        .as("share of restated gold answers flagged")
        .isLessThanOrEqualTo(0.20);
  }
}
