package dev.citerag.verify.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * A claim made only of names and quantities ("Khitan tumens were there: 3", "Rinchinbal: Emperor
 * Ningzong") has no word of its own to carry, so the content rule counts it as saying nothing. It
 * does say something when its quote pairs those very parts directly: every word of the claim,
 * generic ones included, is found as written (or as a form of the same word) in one quote, and
 * there they stand side by side with nothing between them but punctuation (a parenthesis, a comma
 * of apposition, a dash), a possessive ("'s" or the "of" genitive) or a function word the claim
 * also has ("3 Khitan tumens", "Rinchinbal (Emperor Ningzong)", "Operation Market Garden of
 * September 1944"). A word the quote writes twice is read where the rest of the claim stands. A
 * claim that adds a word the quote lacks ("Zhu Shijie died: 1249") or pairs parts the quote keeps
 * apart ("Orlen Vask: Mira Teodor" on "Orlen Vask met Mira Teodor") is not carried this way. A year
 * read from a range ("(1249–1314)") is not paired: the quote's quantity is a pair.
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
    nearest(p, at);
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
      } else if ((k.lower().equals("s") && t > 0 && !p.tokens.get(t - 1).word())
          || k.lower().equals("of")) {
        separated = true; // a possessive, the "'s" or the "of" genitive
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

  /**
   * Moves each matched word to the occurrence of the same word in the quote nearest the others: a
   * word the quote writes twice is read where the rest of the claim stands.
   */
  private static void nearest(Passage p, List<Integer> at) {
    for (int k = 0; k < at.size(); k++) {
      String word = p.tokens.get(at.get(k)).lower();
      int best = at.get(k);
      int bestDistance = Integer.MAX_VALUE;
      for (int t = 0; t < p.tokens.size(); t++) {
        if (!p.tokens.get(t).lower().equals(word)) {
          continue;
        }
        int d = Integer.MAX_VALUE;
        for (int j = 0; j < at.size(); j++) {
          if (j != k) {
            d = Math.min(d, Math.abs(at.get(j) - t));
          }
        }
        if (d < bestDistance) {
          bestDistance = d;
          best = t;
        }
      }
      at.set(k, best);
    }
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
