package dev.citerag.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.answer.LexicalSupportVerifier;
import dev.citerag.answer.SupportVerdict;
import dev.citerag.reliability.support.ClaimPairs;
import dev.citerag.reliability.support.ClaimPairs.Kind;
import dev.citerag.reliability.support.ClaimPairs.Pair;
import dev.citerag.reliability.support.Figures;
import dev.citerag.testkit.eval.SquadDataset;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The default support check on claim/quote pairs generated from real text (SQuAD 2.0 dev subset,
 * {@link ClaimPairs}): at least 1,000 false claims (changed values, changed negation, and a
 * neighbouring sentence cited with this one's quote), of which at least 95 % must be flagged, and
 * at least 1,000 true claims that restate their quote (the cited sentence, or the clause of it
 * holding the gold answer), of which at most 2 % may be flagged. The gold answer restated with the
 * question's words is measured and recorded too, but not held to 2 %: SQuAD's questions paraphrase
 * their sentence (other words, a name where the sentence has a pronoun, typos), so about half of
 * those claims carry words their quote does not, and flagging them is the check doing its job, not
 * a false alarm. It also records how the content share trades one kind for the other. Writes every
 * flagged true claim and every passed false claim to {@code target/support-check-squad.txt} for
 * inspection.
 */
class SupportCheckOnSquadTest {

  @Test
  void flags_false_claims_and_passes_true_ones_on_squad() throws IOException {
    SquadDataset squad = SquadDataset.load(ClaimPairs.dataset());
    List<Pair> falses = ClaimPairs.falseClaims(ClaimPairs.paragraphs(squad));
    List<Pair> trues = ClaimPairs.trueClaims(squad);
    LexicalSupportVerifier verifier = new LexicalSupportVerifier();

    Map<Kind, int[]> byKind = new EnumMap<>(Kind.class);
    StringBuilder log = new StringBuilder();
    int falseFlagged = 0;
    int trueFlagged = 0;
    int restated = 0;
    int restatedFlagged = 0;
    for (Pair p : falses) {
      SupportVerdict v = verifier.verify(p.claim(), List.of(p.quote()));
      int[] n = byKind.computeIfAbsent(p.kind(), k -> new int[2]);
      n[0]++;
      if (!v.supported()) {
        n[1]++;
        falseFlagged++;
      } else {
        log.append("PASSED FALSE ")
            .append(p.kind())
            .append(' ')
            .append(p.origin())
            .append("\n  claim: ")
            .append(p.claim())
            .append("\n  quote: ")
            .append(p.quote())
            .append("\n");
      }
    }
    for (Pair p : trues) {
      SupportVerdict v = verifier.verify(p.claim(), List.of(p.quote()));
      int[] n = byKind.computeIfAbsent(p.kind(), k -> new int[2]);
      n[0]++;
      boolean restatement = p.kind() == Kind.ANSWER_RESTATED;
      restated += restatement ? 1 : 0;
      if (!v.supported()) {
        n[1]++;
        if (restatement) {
          restatedFlagged++;
        } else {
          trueFlagged++;
        }
        log.append("FLAGGED TRUE ")
            .append(p.kind())
            .append(' ')
            .append(p.origin())
            .append(' ')
            .append(v.support())
            .append(" missing=")
            .append(v.missing())
            .append(" contradicting=")
            .append(v.contradicting())
            .append("\n  claim: ")
            .append(p.claim())
            .append("\n  quote: ")
            .append(p.quote())
            .append("\n");
      }
    }
    Files.writeString(Path.of("target", "support-check-squad.txt"), log, StandardCharsets.UTF_8);

    // the content share is the one knob: what a lower one gives away (claims cited to the wrong
    // sentence pass) and what it buys (restatements in other words pass)
    StringBuilder curve =
        new StringBuilder(
            "\n| content share | misattributed claims flagged | gold answer restated flagged |\n|---|---|---|\n");
    for (double share : new double[] {0.75, 0.5, 0.34}) {
      LexicalSupportVerifier v = new LexicalSupportVerifier(share);
      curve
          .append("| ")
          .append(share)
          .append(share == verifier.minContentShare() ? " (default)" : "")
          .append(" | ")
          .append(flaggedShare(v, falses, Kind.MISATTRIBUTED))
          .append(" | ")
          .append(flaggedShare(v, trues, Kind.ANSWER_RESTATED))
          .append(" |\n");
    }

    int quoting = trues.size() - restated;
    double falseRate = (double) falseFlagged / falses.size();
    double trueRate = (double) trueFlagged / quoting;
    StringBuilder d = new StringBuilder();
    d.append(
            "Pairs generated from `datasets/squad2-dev` by `ClaimPairs` (deterministic), judged by the default ")
        .append("`LexicalSupportVerifier` (content share ")
        .append(verifier.minContentShare())
        .append(").\n\n")
        .append("| kind | claim is | pairs | flagged unsupported_claim |\n|---|---|---|---|\n");
    byKind.forEach(
        (k, n) ->
            d.append("| ")
                .append(k.name().toLowerCase(Locale.ROOT))
                .append(" | ")
                .append(k.truth ? "true" : "false")
                .append(" | ")
                .append(n[0])
                .append(" | ")
                .append(n[1])
                .append(String.format(Locale.ROOT, " (%.1f %%)", 100.0 * n[1] / n[0]))
                .append(" |\n"));
    Figures.record(
        "40-support-squad",
        "Support check on SQuAD claim/quote pairs",
        List.of(
            new Figures.Row(
                "Support check, false claims from SQuAD sentences (swapped number/year/month/name, negation removed/added, a neighbouring sentence cited with this one)",
                falses.size() + " pairs",
                String.format(
                    Locale.ROOT,
                    "%d passed (%.1f %%)",
                    falses.size() - falseFlagged,
                    100.0 * (falses.size() - falseFlagged) / falses.size()),
                String.format(
                    Locale.ROOT,
                    "%d flagged unsupported_claim (%.1f %%)",
                    falseFlagged,
                    100 * falseRate)),
            new Figures.Row(
                "Support check, true claims that restate their quote (cited sentence, clause holding the answer)",
                quoting + " pairs",
                String.format(Locale.ROOT, "%d flagged (%.1f %%)", trueFlagged, 100 * trueRate),
                (quoting - trueFlagged) + " passed"),
            new Figures.Row(
                "Support check, gold answer restated with the question's words (not held to 2 %: the question's"
                    + " words are often not in the quote)",
                restated + " pairs",
                String.format(
                    Locale.ROOT,
                    "%d flagged (%.1f %%)",
                    restatedFlagged,
                    100.0 * restatedFlagged / restated),
                (restated - restatedFlagged) + " passed")),
        d.append(curve).toString());
    System.out.println(d);
    System.out.printf(
        Locale.ROOT,
        "false flagged %d/%d = %.3f; true flagged %d/%d = %.3f; restated flagged %d/%d%n",
        falseFlagged,
        falses.size(),
        falseRate,
        trueFlagged,
        quoting,
        trueRate,
        restatedFlagged,
        restated);

    assertThat(falses).as("false claims generated").hasSizeGreaterThanOrEqualTo(1_000);
    assertThat(quoting)
        .as("true claims restating their quote generated")
        .isGreaterThanOrEqualTo(1_000);
    assertThat(restated).as("restated claims generated").isGreaterThanOrEqualTo(1_000);
    assertThat(falseRate).as("share of false claims flagged").isGreaterThanOrEqualTo(0.95);
    assertThat(trueRate).as("share of true claims flagged").isLessThanOrEqualTo(0.02);
    // not the 2 %, which a lexical check cannot reach on SQuAD's paraphrased questions (see
    // the class comment); a guard that the share flagged does not grow back past today's half
    assertThat((double) restatedFlagged / restated)
        .as("share of restated gold answers flagged")
        .isLessThanOrEqualTo(0.5);
  }

  private static String flaggedShare(LexicalSupportVerifier v, List<Pair> pairs, Kind kind) {
    int n = 0;
    int flagged = 0;
    for (Pair p : pairs) {
      if (p.kind() == kind) {
        n++;
        flagged += v.verify(p.claim(), List.of(p.quote())).supported() ? 0 : 1;
      }
    }
    return String.format(Locale.ROOT, "%d of %d (%.1f %%)", flagged, n, 100.0 * flagged / n);
  }
}
