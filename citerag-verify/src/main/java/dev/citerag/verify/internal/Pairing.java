package dev.citerag.verify.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * A claim made only of names and quantities ("Zhu Shijie: 1249", "Rinchinbal: Emperor Ningzong")
 * has no word of its own to carry, so the content rule counts it as saying nothing. It does say
 * something when its quote pairs those very parts directly: every word of the claim, generic ones
 * included, is found as written (or as a form of the same word) in one quote, and there they stand
 * side by side with nothing between them but punctuation (a parenthesis, a comma of apposition, a
 * dash), a possessive mark or a function word the claim also has ("Zhu Shijie (1249", "Rinchinbal
 * (Emperor Ningzong)", "3 Khitan tumens"). A claim that adds a word the quote lacks ("Zhu Shijie
 * died: 1249") or pairs parts the quote keeps apart ("Orlen Vask: Mira Teodor" on "Orlen Vask met
 * Mira Teodor") is not carried this way.
 */
final class Pairing {
  private Pairing() {}

  /**
   * Whether the quotes pair the claim's names and quantities directly.
   *
   * @param claim the claim
   * @param quotes its quotes
   * @param a its alignment
   * @param quantityItems quantities of the claim
   * @param quantitiesCovered of them, those matched
   * @return whether one quote holds all of the claim, its parts side by side
   */
  static boolean direct(
      Passage claim, List<Passage> quotes, Alignment a, int quantityItems, int quantitiesCovered) {
    if (quantitiesCovered < quantityItems) {
      return false;
    }
    int quote = -1;
    List<Integer> at = new ArrayList<>();
    for (int i = 0; i < claim.words.length; i++) {
      Passage.Word w = claim.words[i];
      if (w == null || !w.content()) {
        continue;
      }
      if (!a.matchedInQuotes(i) || a.how(i) != Alignment.Match.WORD) {
        return false; // every word is the quote's own, generic ones included
      }
      int q = (int) (a.position(i) >>> 32);
      if (quote >= 0 && q != quote) {
        return false;
      }
      quote = q;
      at.add((int) a.position(i));
    }
    if (quote < 0) {
      return false;
    }
    Passage p = quotes.get(quote);
    java.util.BitSet part = new java.util.BitSet(p.tokens.size());
    for (int t : at) {
      part.set(t);
    }
    int parts = at.isEmpty() ? 0 : 1;
    for (Quantity c : claim.quantities) {
      Quantity found = null;
      for (Quantity q : p.quantities) {
        if (q.value() == c.value() && q.type() == c.type()) {
          found = q;
          break;
        }
      }
      if (found == null) {
        return false;
      }
      part.set(found.start(), found.end() + 1);
      parts++;
    }
    int from = part.nextSetBit(0);
    int to = part.length() - 1;
    boolean separated = parts >= 2;
    for (int t = from; t <= to; t++) {
      if (part.get(t)) {
        continue;
      }
      Token k = p.tokens.get(t);
      Passage.Word w = p.words[t];
      if (!k.word()) {
        separated = true; // punctuation between two parts
      } else if (k.lower().equals("s") && t > 0 && !p.tokens.get(t - 1).word()) {
        separated = true; // a possessive mark
      } else if (w == null || w.content() || !saysWord(claim, k.lower())) {
        return false; // a word the claim does not say stands between its parts
      }
    }
    return separated;
  }

  /**
   * Whether the claim pairs an abbreviation with the expansion its quotes define for it, and says
   * nothing else: "LGM: Last Glacial Maximum" or "LGM stands for Last Glacial Maximum" on "the Last
   * Glacial Maximum (LGM)". Another expansion ("Local Glacial Minimum") is not carried this way.
   *
   * @param claim the claim
   * @param quotes its quotes
   * @return whether the claim restates a definition of its quotes
   */
  static boolean defines(Passage claim, List<Passage> quotes) {
    List<String> texts = new ArrayList<>();
    for (Passage p : quotes) {
      texts.add(p.text);
    }
    Abbreviations defs = Abbreviations.definedIn(texts);
    for (int i = 0; i < claim.tokens.size(); i++) {
      Token t = claim.tokens.get(i);
      String e = t.word() && t.acronym() ? defs.defined(t.lower()) : null;
      if (e != null && restates(claim, i, e)) {
        return true;
      }
    }
    return false;
  }

  /** Whether the claim's words other than abbreviation i are its expansion, in order. */
  private static boolean restates(Passage claim, int abbreviation, String expansion) {
    List<String> want = new ArrayList<>();
    for (String w : expansion.split("[\\s-]+", -1)) {
      if (!w.isEmpty() && !Vocabulary.FUNCTION_WORDS.contains(w)) {
        want.add(w);
      }
    }
    List<String> said = new ArrayList<>();
    for (int i = 0; i < claim.words.length; i++) {
      Passage.Word w = claim.words[i];
      if (i == abbreviation || w == null || !w.content()) {
        continue;
      }
      boolean standsFor =
          w.keys.contains("stand")
              && i + 1 < claim.tokens.size()
              && claim.tokens.get(i + 1).lower().equals("for");
      if (!standsFor) {
        for (String part : w.token.lower().split("-", -1)) {
          said.add(part);
        }
      }
    }
    return !want.isEmpty() && said.equals(want);
  }

  private static boolean saysWord(Passage claim, String lower) {
    for (Token t : claim.tokens) {
      if (t.lower().equals(lower)) {
        return true;
      }
    }
    return false;
  }
}
