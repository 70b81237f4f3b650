package dev.citerag.verify.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * Rule family <b>consistency</b>: two claims of one answer that contradict each other fail the
 * answer, whatever their quotes say.
 *
 * <p>Each pair of claims is compared as claim and quote: when at least {@value #OVERLAP} of the
 * content words of one are matched in the other (they speak of the same thing), a negation
 * mismatch, an opposite ({@link Polarity}), swapped roles ({@link RoleRule}), or one quantity of
 * the same kind with another value while all their other quantities agree, marks both claims
 * contradicted.
 *
 * <p>Does not catch: contradictions that need inference across claims ("every deploy needs
 * approval" and "hotfixes ship without one"), or claims that share less than that much wording.
 */
final class ConsistencyRule {
  private ConsistencyRule() {}

  static final double OVERLAP = 0.6;

  static List<List<String>> conflicts(
      List<RuleEngine.Judged> claims, WordNet lexicon, Abbreviations abbreviations) {
    List<List<String>> out = new ArrayList<>();
    for (int i = 0; i < claims.size(); i++) {
      out.add(new ArrayList<>());
    }
    for (int i = 0; i < claims.size(); i++) {
      for (int j = i + 1; j < claims.size(); j++) {
        RuleEngine.Judged a = claims.get(i);
        RuleEngine.Judged b = claims.get(j);
        if (!a.analysed || !b.analysed) {
          continue;
        }
        String why = conflict(a.claim, b.claim, lexicon, abbreviations);
        if (why == null) {
          why = conflict(b.claim, a.claim, lexicon, abbreviations);
        }
        if (why != null) {
          out.get(i).add("contradicts claim " + (j + 1) + ": " + why);
          out.get(j).add("contradicts claim " + (i + 1) + ": " + why);
        }
      }
    }
    return out;
  }

  private static boolean opposedBounds(Quantity a, Quantity b) {
    return (a.bound() == Quantity.Bound.LOWER && b.bound() == Quantity.Bound.UPPER)
        || (a.bound() == Quantity.Bound.UPPER && b.bound() == Quantity.Bound.LOWER);
  }

  private static @org.jspecify.annotations.Nullable String conflict(
      Passage a, Passage b, WordNet lexicon, Abbreviations abbreviations) {
    // cheap first: claims that share few words are not the same statement
    int content = 0;
    int shared = 0;
    for (Passage.Word w : a.words) {
      if (w != null && w.content()) {
        content++;
        for (String k : w.keys) {
          if (b.index.containsKey(k)) {
            shared++;
            break;
          }
        }
      }
    }
    if (content == 0 || shared < content / 3) {
      return null;
    }
    java.util.Set<String> capitalised = new java.util.HashSet<>();
    a.capitalisedInside(capitalised);
    b.capitalisedInside(capitalised);
    a.namesFrom(capitalised);
    b.namesFrom(capitalised);
    List<String> opposites = new ArrayList<>();
    List<Passage> other = List.of(b);
    Alignment al = ContentRule.align(a, other, lexicon, abbreviations, opposites);
    int hit = 0;
    content = 0;
    for (int k = 0; k < a.words.length; k++) {
      if (a.words[k] != null && a.words[k].content()) {
        content++;
        hit += al.matched(k) ? 1 : 0;
      }
    }
    hit += opposites.size();
    if (content == 0 || hit < OVERLAP * content) {
      return null;
    }
    // the same names, or the claims speak of different things
    for (int k = 0; k < a.words.length; k++) {
      if (a.words[k] != null && a.words[k].content() && a.words[k].name && !al.matched(k)) {
        return null;
      }
    }
    boolean sameQuantities = true;
    for (Quantity qa : a.quantities) {
      boolean equal = false;
      for (Quantity qb : b.quantities) {
        equal |= QuantityRule.match(qa, qb) == QuantityRule.EQUAL;
      }
      sameQuantities &= equal;
    }
    if (sameQuantities && !opposites.isEmpty()) {
      return opposites.get(0);
    }
    List<String> polarity = Polarity.mismatches(a, b, al, 0);
    if (sameQuantities && !polarity.isEmpty()) {
      return polarity.get(0);
    }
    List<String> roles = RoleRule.check(a, other, al);
    if (sameQuantities && !roles.isEmpty()) {
      return roles.get(0);
    }
    if (!opposites.isEmpty() || !polarity.isEmpty() || !roles.isEmpty()) {
      return null; // they differ in a quantity and in what they say of it: different statements
    }
    // quantities: exactly one of the same kind differs, all others agree
    @org.jspecify.annotations.Nullable String differing = null;
    int differ = 0;
    for (Quantity qa : a.quantities) {
      boolean equal = false;
      @org.jspecify.annotations.Nullable Quantity otherValue = null;
      for (Quantity qb : b.quantities) {
        int m = QuantityRule.match(qa, qb);
        if (m == QuantityRule.EQUAL && opposedBounds(qa, qb)) {
          otherValue = qb;
        } else if (m == QuantityRule.EQUAL) {
          equal = true;
        } else if (m == QuantityRule.OTHER_VALUE || m == QuantityRule.REVERSED) {
          otherValue = qb;
        }
      }
      if (!equal && otherValue != null) {
        differ++;
        differing = qa.describe() + " / " + otherValue.describe();
      } else if (!equal) {
        return null; // a quantity the other claim does not state at all: not the same statement
      }
    }
    return differ == 1 && a.quantities.size() == b.quantities.size() ? differing : null;
  }
}
