package dev.citerag.verify.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Rule family <b>roles</b>, for any two words around a verb (common nouns as well as names, which
 * {@link RoleRule} reads): the subject is the first content word of the claim's clause, the verb
 * the first past form after it ("sued", "exceeded", "was warned"), the object the first content
 * word after the verb in the same clause. Where the quote says the three (the content rule's
 * matches, one sentence) with the subject and object on the other sides of the verb, the roles are
 * swapped unless the voice changed too: "The landlord sued the tenant" against "The tenant sued the
 * landlord" contradicts; "Brightline was bought by Halvorsen" for "Halvorsen acquired Brightline"
 * does not (a "by" between the verb and its second word makes a clause passive). A relative clause
 * is read with its antecedent as subject: "Mira, who trained Daniel, won" has Mira train Daniel.
 *
 * <p>Limits: the subject is taken as the first content word of the clause, so an adjective or a
 * word of a prepositional phrase before the verb may stand for it (it only matters when the quote
 * holds that word on the verb's other side); symmetric verbs ("met", "married", "played") and a
 * "with", "and" or "between" between the verb and the object are skipped; a word the quote says
 * twice is not read; a claim of the form "question words: answer" keeps a question's word order and
 * is not read; verbs in the present ("supplies") are not read (a plural noun looks the same).
 */
final class ClauseRoles {
  private ClauseRoles() {}

  /** Verbs whose two sides may be swapped without changing what is said. */
  private static final Set<String> SYMMETRIC_VERBS =
      Set.of(
          "met",
          "meets",
          "married",
          "marries",
          "played",
          "plays",
          "fought",
          "fights",
          "resembled",
          "resembles",
          "matched",
          "matches",
          "equalled",
          "equaled",
          "equals",
          "bordered",
          "borders",
          "joined",
          "joins",
          "faced",
          "faces",
          "touched",
          "touches",
          "merged",
          "merges",
          "battled",
          "collided",
          "divorced",
          "tied",
          "drew");

  private static final Set<String> SYMMETRIC =
      Set.of("with", "and", "between", "versus", "vs", "against", "or", "&", "together");

  /**
   * The swapped roles the quotes show.
   *
   * @param claim the claim
   * @param quotes its quotes
   * @param a the content alignment
   * @param lexicon WordNet, for verb forms
   * @return the claim's words whose roles the quote swaps, as written
   */
  static List<String> check(Passage claim, List<Passage> quotes, Alignment a, WordNet lexicon) {
    List<String> out = new ArrayList<>();
    if (Strength.answerStart(claim) > 0) {
      return out; // "question words: answer" keeps a question's word order, not a statement's
    }
    int n = claim.tokens.size();
    int clauseFrom = 0;
    while (clauseFrom < n) {
      int clauseTo = clauseFrom;
      while (clauseTo < n && !claim.boundary(clauseTo)) {
        clauseTo++;
      }
      String found = clause(claim, clauseFrom, clauseTo, quotes, a, lexicon);
      if (found != null) {
        out.add(found);
      }
      clauseFrom = clauseTo + 1;
    }
    return out;
  }

  private static @org.jspecify.annotations.Nullable String clause(
      Passage claim, int from, int to, List<Passage> quotes, Alignment a, WordNet lexicon) {
    int s = firstContent(claim, from, to);
    if (s < 0) {
      return null;
    }
    int v = -1;
    for (int k = s + 1; k < to; k++) {
      Passage.Word w = claim.words[k];
      if (w != null
          && w.content()
          && !w.name
          && Passage.isAlpha(w.token.lower())
          && pastForm(w.token.lower(), lexicon)) {
        v = k;
        break;
      }
    }
    if (v < 0 || SYMMETRIC_VERBS.contains(claim.tokens.get(v).lower())) {
      return null;
    }
    int o = -1;
    boolean claimPassive = false;
    for (int k = v + 1; k < to; k++) {
      String low = claim.tokens.get(k).lower();
      if (SYMMETRIC.contains(low)) {
        return null;
      }
      claimPassive |= low.equals("by");
      if (claim.words[k] != null && claim.words[k].content()) {
        o = k;
        break;
      }
    }
    if (o < 0) {
      return null;
    }
    for (int qi = 0; qi < quotes.size(); qi++) {
      int[] al = a.in(qi);
      Passage q = quotes.get(qi);
      int ps = al[s];
      int pv = al[v];
      int po = al[o];
      if (ps < 0 || pv < 0 || po < 0 || ps == po || !once(q, ps) || !once(q, po)) {
        continue;
      }
      String qv = q.tokens.get(pv).lower();
      if (!qv.equals(claim.tokens.get(v).lower()) && !lexicon.inflectedVerb(qv)) {
        continue; // "descended from Odo" is not read against the noun of "Odo's descendants"
      }
      if (!oneSentence(q, Math.min(ps, Math.min(pv, po)), Math.max(ps, Math.max(pv, po)))) {
        continue;
      }
      boolean same = ps < pv && pv < po;
      boolean reversed = po < pv && pv < ps;
      if (!same && !reversed) {
        continue;
      }
      int second = Math.max(ps, po);
      boolean quotePassive = false;
      for (int k = pv + 1; k < second; k++) {
        String low = q.tokens.get(k).lower();
        if (SYMMETRIC.contains(low)) {
          return null;
        }
        quotePassive |= low.equals("by");
      }
      if (reversed != (claimPassive != quotePassive)) {
        return claim.tokens.get(s).raw()
            + " / "
            + claim.tokens.get(o).raw()
            + " (roles swapped around \""
            + q.tokens.get(pv).raw()
            + "\")";
      }
    }
    return null;
  }

  /**
   * Whether a word is a verb's past form: a regular one in "-ed", or an irregular one WordNet does
   * not also hold as a word of its own ("sued", "sold"; not "grants", a noun, nor "large").
   */
  private static boolean pastForm(String w, WordNet lexicon) {
    if (!lexicon.inflectedVerb(w) || w.endsWith("s") || w.endsWith("ing")) {
      return false;
    }
    return w.endsWith("ed") || !lexicon.entry(w).lemmas().contains(w);
  }

  private static int firstContent(Passage p, int from, int to) {
    for (int k = from; k < to; k++) {
      if (p.words[k] != null && p.words[k].content()) {
        return k;
      }
    }
    return -1;
  }

  /** Whether quote token j's word is written once in the quote. */
  private static boolean once(Passage q, int j) {
    String low = q.tokens.get(j).lower();
    int n = 0;
    for (Token t : q.tokens) {
      n += t.lower().equals(low) ? 1 : 0;
    }
    return n == 1;
  }

  private static boolean oneSentence(Passage q, int from, int to) {
    for (int k = from; k < to; k++) {
      String t = q.tokens.get(k).lower();
      if (t.equals(".") || t.equals(";") || t.equals("!") || t.equals("?")) {
        return false;
      }
    }
    return true;
  }
}
