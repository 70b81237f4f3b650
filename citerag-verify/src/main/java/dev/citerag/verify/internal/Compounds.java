package dev.citerag.verify.internal;

import java.util.List;

/**
 * A compound written closed in one text and open in the other is one word: "Apple Talk" in a claim
 * is "AppleTalk" in its quote, "data base" is "database", and the reverse. Only the spacing
 * differs; every letter of the compound is the same, in the same order.
 */
final class Compounds {
  private Compounds() {}

  /**
   * Matches claim word i, with the word after it, to one quote word written as the two together; or
   * claim word i alone to two adjacent quote words written apart.
   *
   * @param a the alignment to record the match in
   * @param i the claim word
   * @param claim the claim
   * @param quotes its quotes
   * @return whether a match was recorded
   */
  static boolean match(Alignment a, int i, Passage claim, List<Passage> quotes) {
    Passage.Word c = claim.words[i];
    if (c == null || !c.token.alphabetic()) {
      return false;
    }
    Passage.Word next = i + 1 < claim.words.length ? claim.words[i + 1] : null;
    String joined =
        next != null && next.content() && next.token.alphabetic() && !a.matchedInQuotes(i + 1)
            ? c.token.lower() + next.token.lower()
            : null;
    for (int q = 0; q < quotes.size(); q++) {
      Passage p = quotes.get(q);
      for (int t = 0; t < p.tokens.size(); t++) {
        Passage.Word w = p.words[t];
        if (w == null || !w.content()) {
          continue;
        }
        String lower = w.token.lower();
        if (joined != null && lower.equals(joined)) {
          a.set(i, q, t, Alignment.Match.WORD);
          a.set(i + 1, q, t, Alignment.Match.WORD);
          return true;
        }
        Passage.Word after = t + 1 < p.words.length ? p.words[t + 1] : null;
        if (after != null
            && after.content()
            && lower.length() >= 3
            && after.token.lower().length() >= 3
            && (lower + after.token.lower()).equals(c.token.lower())) {
          a.set(i, q, t, Alignment.Match.WORD);
          return true;
        }
      }
    }
    return false;
  }
}
