package dev.citerag.verify.internal;

import java.util.List;
import java.util.Set;

/**
 * Part of rule family <b>content</b>: claim words the quotes need not repeat because they frame
 * what the rest of the claim states rather than add to it. {@link ContentRule} neither counts such
 * a word as carried nor as missing when no quote word matches it.
 *
 * <ul>
 *   <li>A <b>weakening hedge</b>: "sometimes", "occasionally", and "some" before words the quotes
 *       all carry ("some causes of ...", not "some public funding" where only "public" is). A quote
 *       that states the fact outright says at least as much; a hedge that strengthens ("usually",
 *       "always", "most", "main", "only") is not framing and stays a word the quotes must carry. A
 *       negation the quote holds is the polarity rule's.
 *   <li>An <b>occurrence frame</b>: a verb WordNet gives as a synonym of "happen" or "occur", right
 *       before "to" or "with" ("what happened to the rate of flow: it increased"): it asks what
 *       change befell the thing; the words that answer it must be carried.
 *   <li>A <b>verb of location</b> in the passive ("is located", "are situated": a participle of a
 *       verb in WordNet's "situate, locate" synset after a form of "be") where a quote states a
 *       place with a locative preposition ("a state in the south-east of Australia").
 *   <li>An <b>exclusion</b>: "besides" and "else" after a question word ("Besides the canal, what
 *       else drains the marsh: the river"): the excluded items remain words to carry.
 * </ul>
 *
 * <p>Does not catch: a hedge the quote contradicts by a quantifier rather than a negation ("some"
 * for "all" passes, as it is implied); "lies"/"is found" for a place (not in the synset).
 */
final class Framing {

  private Framing() {}

  /** Adverbs of frequency that only weaken a statement: any statement of the fact implies them. */
  private static final Set<String> WEAKENING = Set.of("sometimes", "occasionally");

  /** Prepositions that state a place. */
  private static final Set<String> LOCATIVE =
      Set.of("in", "at", "on", "near", "along", "within", "between", "beside", "inside", "across");

  /** Forms of "be". */
  private static final Set<String> BE = Set.of("is", "are", "was", "were", "be", "been", "being");

  /**
   * Whether claim word i frames the claim (see the class comment), so that the quotes need not
   * carry it.
   *
   * @param claim the claim
   * @param i the claim token
   * @param quotes its quotes
   * @param a the alignment
   * @param lexicon WordNet
   * @return whether the word frames the claim
   */
  static boolean frames(Passage claim, int i, List<Passage> quotes, Alignment a, WordNet lexicon) {
    Passage.Word w = claim.words[i];
    if (w == null || w.name || !Passage.isAlpha(w.base) || w.prefixNegated) {
      return false;
    }
    boolean frame;
    if (w.base.equals("some")) {
      frame = quantifiedCarried(claim, i, a);
    } else if (shape(claim, i, lexicon)) {
      frame = !locationVerb(claim, i, lexicon) || quotes.stream().anyMatch(Framing::statesPlace);
    } else {
      frame = false;
    }
    return frame && restCarried(claim, i, a, lexicon);
  }

  /**
   * Whether every other content word of the claim is carried (matched, or read from the context),
   * leaving aside generic words and the shapes a frame takes, and the claim's last clause, which
   * answers the frame, holds a carried word or a quantity: a frame adds nothing only to a claim
   * whose facts the quotes hold, so it never helps a claim with a word of its own the quotes lack
   * over the content share ("What happened to the price: it was frozen" for "the price rose").
   */
  private static boolean restCarried(Passage claim, int i, Alignment a, WordNet lexicon) {
    for (int k = 0; k < claim.words.length; k++) {
      Passage.Word w = claim.words[k];
      if (k == i || w == null || !w.content() || a.matched(k)) {
        continue;
      }
      if (w.name || !Passage.isAlpha(w.base)) {
        return false;
      }
      if (lexicon.entry(w.base).senses() <= ContentRule.GENERIC_SENSES
          && !shape(claim, k, lexicon)) {
        return false;
      }
    }
    // the last clause, which answers the frame ("...: it fell by half"), says something carried
    int last = claim.words.length - 1;
    while (last > 0 && !claim.boundary(last - 1)) {
      last--;
    }
    for (int k = last; k < claim.words.length; k++) {
      Passage.Word w = claim.words[k];
      if (k != i && (claim.consumed.get(k) || (w != null && w.content() && a.matched(k)))) {
        return true;
      }
    }
    return false;
  }

  /** Whether claim word k has the shape of a frame, leaving aside what the quotes carry. */
  private static boolean shape(Passage claim, int k, WordNet lexicon) {
    String base = claim.words[k].base;
    String after = k + 1 < claim.tokens.size() ? claim.tokens.get(k + 1).lower() : "";
    return WEAKENING.contains(base)
        || base.equals("some")
        || exclusion(claim, k)
        || ((after.equals("to") || after.equals("with")) && occurrence(base, lexicon))
        || locationVerb(claim, k, lexicon);
  }

  /**
   * Whether a claim word is a hedge that only weakens ("sometimes", "occasionally", "some"): it
   * stands in place of no quote word ("sometimes used" for "often used"), whatever that word is.
   *
   * @param w the claim word
   * @return whether it only weakens
   */
  static boolean weakening(Passage.Word w) {
    return WEAKENING.contains(w.base) || w.base.equals("some");
  }

  /**
   * Whether the words "some" quantifies, the content words right after it ("some tree ring data"),
   * are all carried by the quotes: "some" then only weakens what the quotes state of them.
   */
  private static boolean quantifiedCarried(Passage claim, int i, Alignment a) {
    int k = i + 1;
    for (; k < claim.words.length && !claim.boundary(k); k++) {
      Passage.Word n = claim.words[k];
      if (n == null || !n.content()) {
        break;
      }
      if (!a.matched(k)) {
        return false;
      }
    }
    return k > i + 1;
  }

  /**
   * Whether claim word i marks an exclusion: "besides" ("Besides the canal, ...") or "else" after a
   * question word ("what else", "where else"). The items excluded are still claim words the quotes
   * must carry; the mark says only that the answer is another one.
   */
  private static boolean exclusion(Passage claim, int i) {
    String base = claim.words[i].base;
    return base.equals("besides")
        || (base.equals("else") && i > 0 && QUESTION.contains(claim.tokens.get(i - 1).lower()));
  }

  /** Question words. */
  private static final Set<String> QUESTION =
      Set.of("what", "where", "who", "whom", "why", "how", "when", "which");

  private static boolean occurrence(String base, WordNet lexicon) {
    WordNet.Entry e = lexicon.entry(base);
    return e.lemmas().contains("happen")
        || e.lemmas().contains("occur")
        || (e.synonyms().contains("happen") && e.synonyms().contains("occur"));
  }

  private static boolean locationVerb(Passage claim, int i, WordNet lexicon) {
    Passage.Word w = claim.words[i];
    if (!w.base.endsWith("ed")) {
      return false;
    }
    WordNet.Entry e = lexicon.entry(w.base);
    if (!e.synonyms().contains("locate") || !e.synonyms().contains("situate")) {
      return false;
    }
    for (int k = i - 1; k >= 0 && !claim.boundary(k); k--) {
      if (BE.contains(claim.tokens.get(k).lower())) {
        return true;
      }
    }
    return false;
  }

  private static boolean statesPlace(Passage quote) {
    for (Token t : quote.tokens) {
      if (LOCATIVE.contains(t.lower())) {
        return true;
      }
    }
    return false;
  }
}
