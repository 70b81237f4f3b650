package dev.citerag.verify.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * Rule family <b>polarity</b>: negation, antonyms and opposites.
 *
 * <p><b>Negation cues</b>: {@code not}, {@code n't}, {@code never}, {@code no}, {@code none},
 * {@code nobody}, {@code nothing}, {@code nowhere}, {@code neither}, {@code nor}, {@code cannot},
 * {@code no longer} (clausal: they negate their whole clause), and {@code without}, {@code lacks},
 * {@code unable}, {@code fails to}, {@code refuses to} (local: they negate what follows them in
 * their clause). A word with a negating prefix (un-, non-, in-, im-, il-, ir-, dis-) counts as the
 * negation of its stem when WordNet lists the two as antonyms ("unavailable"/"available"), and any
 * {@code non-} compound does ("non-production").
 *
 * <p><b>Scope</b>: a clause runs between clause marks ({@code , ; : . ! ? ( ) "} and dashes) and
 * words that open a clause ({@code and, but, or, while, when, if, unless, because, which, who,
 * that, after, before, ...}). A parenthesis right after a cue ("never, under any circumstances,
 * shared") is skipped: the cue reaches the clause after it. A cue's <em>focus</em> is the first
 * content word after it in its scope, or the last one before it when none follows ("data is
 * never"). A claim contradicts its quotes when the focus of a negation, on either side, is matched
 * on the other side by a word of the opposite polarity: a negation dropped, added, or moved to
 * another verb ("does not retry, it alerts" against "retries, it does not alert").
 *
 * <p><b>Opposites</b>: a claim word its quotes do not carry, whose WordNet antonym (direct, or
 * through a similar adjective; comparatives reduce to their adjective: "smaller"/"larger") or
 * listed function-word opposite ("before"/"after", "at least"/"at most", "more"/"less") the quotes
 * do carry, contradicts them, unless one of the two is negated ("forbidden" for "not allowed" is a
 * paraphrase, and counts as matched).
 *
 * <p>Does not catch: negation by a verb of the lexicon's meaning ("denied", "stopped", "lost
 * access" for "no longer allowed" is neither caught as a contradiction nor passed as a paraphrase);
 * scope across sentences; quantifier changes other than the listed opposites ("some" for "all");
 * sarcasm or hedges ("hardly", "barely").
 */
final class Polarity {
  private Polarity() {}

  private static final java.util.Set<String> LOCAL_CUES =
      java.util.Set.of(
          "without",
          "lacks",
          "lack",
          "lacked",
          "lacking",
          "unable",
          "fail",
          "fails",
          "failed",
          "failing",
          "refuse",
          "refuses",
          "refused",
          "refusing");

  /** Marks every word's negation and each cue's focus. */
  static void mark(Passage p) {
    Passage.Word[] w = p.words;
    for (int i = 0; i < w.length; i++) {
      if (w[i] == null || !w[i].cue) {
        continue;
      }
      boolean local = LOCAL_CUES.contains(w[i].token.lower());
      // the clause before the cue (clausal cues only)
      int from = i;
      if (!local) {
        while (from > 0 && !p.boundary(from - 1)) {
          from--;
        }
      }
      // the clause after it, skipping a parenthesis that opens right after the cue
      int to = i + 1;
      int focusFrom = i + 1;
      if (to < w.length && p.tokens.get(to).lower().equals(",")) {
        int close = to + 1;
        while (close < w.length && !p.tokens.get(close).lower().equals(",") && !p.boundary(close)) {
          close++;
        }
        if (close < w.length && p.tokens.get(close).lower().equals(",")) {
          to = close + 1;
          focusFrom = to;
        }
      }
      while (to < w.length && !p.boundary(to)) {
        to++;
      }
      int focus = -1;
      for (int k = focusFrom; k < to; k++) {
        if (w[k] != null && w[k].content()) {
          focus = k;
          break;
        }
      }
      if (focus < 0) {
        for (int k = i - 1; k >= from; k--) {
          if (w[k] != null && w[k].content()) {
            focus = k;
            break;
          }
        }
      }
      if (focus < 0) {
        // a clause with nothing but the cue ("it is not known | that ...", "it was not | until
        // ..."): the cue bears on the next clause of its sentence
        for (int k = to; k < w.length && !isSentenceEnd(p, k); k++) {
          if (w[k] != null && w[k].content()) {
            focus = k;
            break;
          }
        }
        if (focus >= 0) {
          to = focus + 1;
          while (to < w.length && !p.boundary(to)) {
            to++;
          }
        }
      }
      for (int k = from; k < to; k++) {
        if (k != i && w[k] != null) {
          w[k].negated = !w[k].negated;
        }
      }
      if (focus >= 0) {
        w[focus].focus = true;
      }
    }
  }

  private static boolean isSentenceEnd(Passage p, int k) {
    String t = p.tokens.get(k).lower();
    return t.equals(".") || t.equals("!") || t.equals("?") || t.equals(";");
  }

  /**
   * Negation mismatches between a claim and one quote, for the words the alignment matched.
   *
   * @param claim the claim
   * @param quote the quote
   * @param a the claim's alignment
   * @param qi the quote's index in the alignment
   * @return the claim words whose polarity the quote contradicts, as written
   */
  static List<String> mismatches(Passage claim, Passage quote, Alignment a, int qi) {
    List<String> out = new ArrayList<>();
    int[] aligned = a.in(qi);
    for (int i = 0; i < aligned.length; i++) {
      int j = aligned[i];
      if (j < 0 || a.how(i) == Alignment.Match.NEGATED_OPPOSITE) {
        continue; // "forbidden" for "not allowed": opposite polarity is the match
      }
      Passage.Word c = claim.words[i];
      Passage.Word q = quote.words[j];
      boolean checked = c.focus || q.focus || c.prefixNegated || q.prefixNegated;
      if (checked && c.negative() != q.negative()) {
        out.add(c.negative() ? negationOf(claim, i) + c.token.raw() : c.token.raw());
      }
    }
    return out;
  }

  private static String negationOf(Passage p, int i) {
    for (int k = i - 1; k >= 0 && k >= i - 6; k--) {
      if (p.words[k] != null && p.words[k].cue) {
        return p.words[k].token.raw() + " ... ";
      }
    }
    return "";
  }
}
