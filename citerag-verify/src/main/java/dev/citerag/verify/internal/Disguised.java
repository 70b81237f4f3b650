package dev.citerag.verify.internal;

import java.util.Set;

/**
 * Negation written as a verb or phrase of ordinary words, read by {@link Polarity} as a local cue
 * (it negates what follows it in its clause):
 *
 * <ul>
 *   <li>a verb of stopping before the "-ing" form it stops: "stopped publishing", "ceased
 *       operating", "quit smoking" (the "to" forms, "ceased to produce", "declined to approve", are
 *       {@link Vocabulary#NEGATING_VERBS});
 *   <li>"far from" before an article, "being" or an adjective: "far from a success", "far from
 *       complete"; not a distance ("far from the coast", "far from Lisbon").
 * </ul>
 *
 * <p>Limits: a verb of stopping before a noun ("stopped the service") is left to the content rule;
 * "far from" before a bare noun is read as a distance.
 */
final class Disguised {
  private Disguised() {}

  /** Adverbs of negation after which "ever" only strengthens them ("hardly ever"). */
  static final Set<String> DENYING_ADVERBS = Set.of("hardly", "barely", "scarcely", "never");

  /** Verbs that end the action of the "-ing" form after them. */
  private static final Set<String> STOPPING =
      Set.of(
          "stop",
          "stops",
          "stopped",
          "stopping",
          "cease",
          "ceases",
          "ceased",
          "ceasing",
          "quit",
          "quits",
          "quitting");

  /**
   * Whether token i is a verb of stopping right before an "-ing" form ("stopped publishing").
   *
   * @param p the passage
   * @param i a token index
   * @return whether it negates the verb after it
   */
  static boolean stopsDoing(Passage p, int i) {
    if (!STOPPING.contains(p.tokens.get(i).lower()) || i + 1 >= p.tokens.size()) {
      return false;
    }
    Token next = p.tokens.get(i + 1);
    return next.kind() == Token.Kind.WORD
        && next.lower().length() > 5
        && next.lower().endsWith("ing")
        && !next.capitalised();
  }

  /**
   * Whether token i is the "far" of "far from" before an article, "being" or an adjective ("far
   * from a success", "far from complete"), not before a place or a bare noun.
   *
   * @param p the passage
   * @param i a token index
   * @param lexicon WordNet, for the adjective
   * @return whether it negates what follows
   */
  static boolean farFrom(Passage p, int i, WordNet lexicon) {
    if (!p.tokens.get(i).lower().equals("far")
        || i + 2 >= p.tokens.size()
        || !p.tokens.get(i + 1).lower().equals("from")) {
      return false;
    }
    Token after = p.tokens.get(i + 2);
    String low = after.lower();
    if (low.equals("a") || low.equals("an") || low.equals("being")) {
      return true;
    }
    return after.kind() == Token.Kind.WORD
        && !after.capitalised()
        && Passage.isAlpha(low)
        && lexicon.entry(low).adjective();
  }

  /** Determiners before which "little" is an adjective of size ("a little house"). */
  private static final Set<String> SIZE_DETERMINERS =
      Set.of(
          "a", "the", "this", "that", "these", "those", "his", "her", "its", "their", "our", "my",
          "your");

  /** What "barely" denies when it comes before it ("barely any staff", "barely ever"). */
  private static final Set<String> BARELY_OBJECTS =
      Set.of("any", "anyone", "anybody", "anything", "ever");

  /**
   * Whether token i is a quantifier that denies its clause: "barely" before "any" or "ever"
   * ("barely any staff used it"; "barely passed" says it passed), and "little" as a determiner of
   * amount before a noun or a verb ("little evidence supports", "little is known"; not "a little
   * evidence", "the little house", "Little Rock").
   *
   * @param t the tokens
   * @param i a token index
   * @return whether it is a clausal negation cue
   */
  static boolean deniesClause(java.util.List<Token> t, int i) {
    String low = t.get(i).lower();
    if (i + 1 >= t.size()) {
      return false;
    }
    Token next = t.get(i + 1);
    if (low.equals("barely")) {
      return BARELY_OBJECTS.contains(next.lower());
    }
    if (!low.equals("little")) {
      return false;
    }
    if (i > 0 && SIZE_DETERMINERS.contains(t.get(i - 1).lower())) {
      return false;
    }
    return next.kind() == Token.Kind.WORD
        && !next.capitalised()
        && Passage.isAlpha(next.lower())
        && !(i > 0 && t.get(i).capitalised() && !t.get(i).sentenceStart());
  }

  /**
   * Claim words said plainly where a quote has them before "-free" ("contains lead" against
   * "lead-free", "sugar-free", and "gluten-rich" against "gluten-free"): the compound says the
   * thing is absent. A claim that negates the word itself ("contains no lead") agrees.
   *
   * @param claim the claim
   * @param quotes its quotes
   * @return the claim words the quotes say are absent, as written
   */
  static java.util.List<String> freeOf(Passage claim, java.util.List<Passage> quotes) {
    java.util.List<String> out = new java.util.ArrayList<>();
    java.util.List<Token> free = new java.util.ArrayList<>();
    for (Passage q : quotes) {
      for (Token t : q.tokens) {
        if (t.lower().endsWith("-free") && t.lower().length() > 5) {
          free.add(t);
        }
      }
    }
    if (free.isEmpty()) {
      return out;
    }
    for (Passage.Word c : claim.words) {
      if (c == null || !c.content() || c.negative()) {
        continue;
      }
      String full = c.token.lower();
      int dash = full.lastIndexOf('-');
      if (dash > 0 && !full.endsWith("-free") && !full.endsWith("-less")) {
        // "gluten-rich" against "gluten-free": the claim says the thing is there
        String part = full.substring(0, dash) + "-free";
        for (Token t : free) {
          if (t.lower().equals(part)) {
            out.add(c.token.raw() + " (quote: " + t.raw() + ")");
          }
        }
        continue;
      }
      for (Token t : free) {
        String low = t.lower();
        if (freeOfWord(low.substring(0, low.length() - 5), c)) {
          out.add(c.token.raw() + " (quote: " + t.raw() + ")");
        }
      }
    }
    return out;
  }

  /** Whether the part before "-free" ("palm-oil") is, or holds, claim word c. */
  private static boolean freeOfWord(String part, Passage.Word c) {
    int from = 0;
    while (from <= part.length()) {
      int dash = part.indexOf('-', from);
      int to = dash < 0 ? part.length() : dash;
      String x = part.substring(from, to);
      if (x.equals(c.token.lower()) || x.equals(c.base)) {
        return true;
      }
      from = to + 1;
    }
    return false;
  }
}
