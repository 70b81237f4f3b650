package dev.citerag.verify.internal;

import dev.citerag.text.internal.EnglishStemmer;
import dev.citerag.verify.internal.Alignment.Match;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Rule family <b>content</b>: the claim's words must be the quotes' words, or words that mean the
 * same.
 *
 * <p>A claim word (not a function word, negation cue or part of a quantity) is matched by a quote
 * word with the same form, Porter2 stem, WordNet lemma or British/American spelling ({@link
 * Spelling}); by an abbreviation and its expansion ({@link Abbreviations}); or, for words that are
 * not names, by a WordNet synonym from the word's most frequent senses, a derivation ("acquisition"
 * for "acquired"), or a more general word (the claim says "company" where the quote names a
 * "firm"'s kind). Names, acronyms and identifiers must be matched by form, stem or abbreviation; a
 * name is never paraphrased.
 *
 * <p>The claim is judged whole: every name must be matched, at least {@code minContentShare} of the
 * other content words must be, and every clause of the claim with two content words or more must
 * have at least half of them matched (a true clause does not carry a false one). A claim needs
 * content: at least one content word that is not a name, and two items (words or quantities) in
 * all; "4." and "Northwind." are not supported.
 *
 * <p>Does not catch: a claim assembled from the quote's own words in another meaning (roles and
 * polarity are checked by their own rules; quantifiers and modality are not); synonyms of a rarer
 * sense are not used, so some honest paraphrases fail.
 */
final class ContentRule {
  private static final java.util.regex.Pattern SPACES = java.util.regex.Pattern.compile("\\s+");

  private ContentRule() {}

  /**
   * Aligns the claim's content words with the quotes' words.
   *
   * @param claim the claim
   * @param quotes its quotes
   * @param lexicon WordNet
   * @param abbreviations abbreviations in force
   * @param contradicting receives the claim words whose opposite the quotes say
   * @return the alignment
   */
  static Alignment align(
      Passage claim,
      List<Passage> quotes,
      WordNet lexicon,
      Abbreviations abbreviations,
      List<String> contradicting) {
    Alignment a = Alignment.empty(claim.words.length);
    for (int i = 0; i < claim.words.length; i++) {
      Passage.Word c = claim.words[i];
      if (c == null || !c.content()) {
        continue;
      }
      // 1. the same word, stem, lemma, spelling
      if (find(a, i, c, quotes, c.keys, Match.WORD)) {
        continue;
      }
      // 2. abbreviations both ways
      String exp = abbreviations.expansion(c.token);
      if (exp != null && findAll(a, i, quotes, exp)) {
        continue;
      }
      if (c.base.indexOf('-') > 0 && parts(a, i, c, quotes, abbreviations)) {
        continue;
      }
      if (c.name && !c.token.alphabetic()) {
        continue;
      }
      if (c.name && c.token.acronym()) {
        continue;
      }
      // 3. opposites: a contradiction, or a paraphrase through a negation
      if (!c.name && opposite(a, i, c, quotes, lexicon, contradicting)) {
        continue;
      }
      // 4. the lexicon: synonyms, derivations, more general words
      if (!c.name && Passage.isAlpha(c.base)) {
        Set<String> related = new LinkedHashSet<>();
        WordNet.Entry e = lexicon.entry(c.base);
        related.addAll(e.synonyms());
        related.addAll(e.derivations());
        for (String l : e.lemmas()) {
          if (!l.equals(c.base)) {
            WordNet.Entry le = lexicon.entry(l);
            related.addAll(le.derivations());
          }
        }
        Set<String> keys = new LinkedHashSet<>();
        for (String r : related) {
          keys.add(r);
          if (Passage.isAlpha(r)) {
            keys.add(EnglishStemmer.stem(r));
          }
        }
        if (find(a, i, c, quotes, keys, Match.LEXICON)) {
          continue;
        }
        general(a, i, c, quotes, lexicon);
      }
    }
    return a;
  }

  private static boolean find(
      Alignment a, int i, Passage.Word c, List<Passage> quotes, Set<String> keys, Match how) {
    int bestQ = -1;
    int bestT = -1;
    for (int q = 0; q < quotes.size(); q++) {
      Passage p = quotes.get(q);
      for (String k : keys) {
        List<Integer> hits = p.index.get(k);
        if (hits == null) {
          continue;
        }
        for (int t : hits) {
          Passage.Word w = p.words[t];
          if (c.name && how == Match.LEXICON) {
            continue;
          }
          if (bestQ < 0
              || (w.negative() == c.negative()
                  && p.words[bestT] != null
                  && quotes.get(bestQ).words[bestT].negative() != c.negative())) {
            bestQ = q;
            bestT = t;
          }
        }
      }
    }
    if (bestQ < 0) {
      return false;
    }
    a.set(i, bestQ, bestT, how);
    return true;
  }

  private static final java.util.regex.Pattern HYPHEN = java.util.regex.Pattern.compile("-");

  /**
   * A hyphenated claim word whose parts each occur in one quote, as words or expanded abbreviations
   * ("Mon-Thu" for "Monday to Thursday", "cost-cutting" for "cutting costs").
   */
  private static boolean parts(
      Alignment a, int i, Passage.Word c, List<Passage> quotes, Abbreviations abbreviations) {
    String[] parts = HYPHEN.split(c.token.lower(), -1);
    for (int q = 0; q < quotes.size(); q++) {
      Passage p = quotes.get(q);
      int first = -1;
      boolean all = true;
      for (String part : parts) {
        if (part.isEmpty() || Vocabulary.FUNCTION_WORDS.contains(part)) {
          continue;
        }
        List<Integer> hits = p.index.get(part);
        if (hits == null && Passage.isAlpha(part)) {
          hits = p.index.get(EnglishStemmer.stem(part));
        }
        String exp = abbreviations.expansion(part);
        if (hits == null && exp != null) {
          hits = p.index.get(exp);
        }
        if (hits == null) {
          all = false;
          break;
        }
        first = first < 0 ? hits.get(0) : first;
      }
      if (all && first >= 0) {
        a.set(i, q, first, Match.WORD);
        return true;
      }
    }
    return false;
  }

  /** A claim abbreviation whose expansion's words all occur in one quote. */
  private static boolean findAll(Alignment a, int i, List<Passage> quotes, String expansion) {
    String[] parts = SPACES.split(expansion, -1);
    for (int q = 0; q < quotes.size(); q++) {
      Passage p = quotes.get(q);
      int first = -1;
      boolean all = true;
      for (String part : parts) {
        if (Vocabulary.FUNCTION_WORDS.contains(part)) {
          continue;
        }
        List<Integer> hits = p.index.get(part);
        if (hits == null && Passage.isAlpha(part)) {
          hits = p.index.get(EnglishStemmer.stem(part));
        }
        if (hits == null) {
          all = false;
          break;
        }
        first = first < 0 ? hits.get(0) : first;
      }
      if (all && first >= 0) {
        a.set(i, q, first, Match.ABBREVIATION);
        return true;
      }
    }
    return false;
  }

  /** The claim word is a more general word (hypernym) of a quote word. */
  private static boolean general(
      Alignment a, int i, Passage.Word c, List<Passage> quotes, WordNet lexicon) {
    Set<String> lemmas = lexicon.entry(c.base).lemmas();
    if (lemmas.isEmpty()) {
      return false;
    }
    for (int q = 0; q < quotes.size(); q++) {
      Passage p = quotes.get(q);
      for (int t = 0; t < p.words.length; t++) {
        Passage.Word w = p.words[t];
        if (w == null || !w.content() || !Passage.isAlpha(w.base)) {
          continue;
        }
        Set<String> up = lexicon.entry(w.base).hypernyms();
        for (String l : lemmas) {
          if (up.contains(l)) {
            a.set(i, q, t, Match.LEXICON);
            return true;
          }
        }
      }
    }
    return false;
  }

  private static boolean opposite(
      Alignment a,
      int i,
      Passage.Word c,
      List<Passage> quotes,
      WordNet lexicon,
      List<String> contradicting) {
    Set<String> opposites = new LinkedHashSet<>();
    if (Passage.isAlpha(c.base)) {
      opposites.addAll(lexicon.entry(c.base).antonyms());
    }
    for (int q = 0; q < quotes.size(); q++) {
      Passage p = quotes.get(q);
      for (int t = 0; t < p.words.length; t++) {
        Passage.Word w = p.words[t];
        if (w == null || !w.content()) {
          continue;
        }
        boolean opposite =
            Vocabulary.opposite(c.token.lower(), w.token.lower())
                || Vocabulary.opposite(c.base, w.base)
                || opposites.contains(w.base)
                || containsAny(opposites, w.keys);
        if (!opposite) {
          continue;
        }
        if (c.negative() != w.negative()) {
          a.set(i, q, t, Match.NEGATED_OPPOSITE);
        } else {
          contradicting.add(c.token.raw() + " (quote: " + w.token.raw() + ")");
        }
        return true;
      }
    }
    return false;
  }

  private static boolean containsAny(Set<String> a, Set<String> b) {
    for (String x : b) {
      if (a.contains(x)) {
        return true;
      }
    }
    return false;
  }

  /** The outcome of the content rule for one claim. */
  record Coverage(List<String> missing, int items, int covered, boolean enough) {}

  /**
   * Judges how much of the claim the alignment covers.
   *
   * @param claim the claim
   * @param a its alignment
   * @param minShare least share of ordinary content words matched
   * @param quantityItems quantities of the claim (each an item)
   * @param quantitiesCovered of them, those matched
   * @return the coverage
   */
  static Coverage judge(
      Passage claim, Alignment a, double minShare, int quantityItems, int quantitiesCovered) {
    List<String> missing = new ArrayList<>();
    int ordinary = 0;
    int ordinaryHit = 0;
    int names = 0;
    int namesHit = 0;
    boolean nameMissing = false;
    Set<String> seen = new LinkedHashSet<>();
    for (int i = 0; i < claim.words.length; i++) {
      Passage.Word w = claim.words[i];
      if (w == null || !w.content() || !seen.add(w.base)) {
        continue;
      }
      if (w.name) {
        names++;
        if (a.matched(i)) {
          namesHit++;
        } else {
          nameMissing = true;
          missing.add(w.token.raw());
        }
      } else {
        ordinary++;
        if (a.matched(i)) {
          ordinaryHit++;
        } else {
          missing.add(w.token.raw());
        }
      }
    }
    boolean clausesHold = clausesHold(claim, a);
    int items = ordinary + names + quantityItems;
    int covered = ordinaryHit + namesHit + quantitiesCovered;
    boolean hasContent = ordinary >= 1 && items >= 2;
    boolean share = ordinary == 0 || ordinaryHit >= minShare * ordinary - 1e-9;
    return new Coverage(
        missing, items, covered, hasContent && share && !nameMissing && clausesHold);
  }

  /** Every clause with two content words or more has at least half of them matched. */
  private static boolean clausesHold(Passage claim, Alignment a) {
    int words = 0;
    int hit = 0;
    for (int i = 0; i <= claim.words.length; i++) {
      boolean end = i == claim.words.length || claim.boundary(i);
      if (end) {
        if (words >= 2 && hit * 2 < words) {
          return false;
        }
        words = 0;
        hit = 0;
        continue;
      }
      Passage.Word w = claim.words[i];
      if (w != null && w.content()) {
        words++;
        hit += a.matched(i) ? 1 : 0;
      }
    }
    return true;
  }
}
