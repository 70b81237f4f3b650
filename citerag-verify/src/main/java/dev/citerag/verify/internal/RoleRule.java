package dev.citerag.verify.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Rule family <b>roles</b>: who did what to whom, for two named entities around a verb.
 *
 * <p>Heuristic: an entity is a run of name words (capitalised words that are not sentence openers
 * known to the lexicon, acronyms, identifiers). For two entities of one claim clause with a content
 * word between them (the verb, at most eight tokens apart), the first is the agent and the second
 * the patient, unless the words between hold a form of "be" or "get" and end with "by", or "by" and
 * an article (passive voice: "Globex was acquired by Acme" has Acme as agent). A form of "be"
 * ending with another preposition ("Quzhou are descended from Confucius") is compared only with the
 * same construction in the quote ("Northwind was spun off from Contoso"). The same two entities are
 * found in the quote (by the content rule's matches), with the claim's verb (or a word it matched)
 * between them, and their roles read the same way. Swapped roles contradict: "Acme acquired Globex"
 * against "Globex acquired Acme".
 *
 * <p>Limits: names only (not "the manager approved the request"); symmetric phrasing is skipped (an
 * "and", "with", "between", "versus" or "against" between the entities); nominal forms ("Acme's
 * acquisition of Globex"), relative clauses and sentences whose verb is not between the two
 * entities are not read.
 */
final class RoleRule {
  private RoleRule() {}

  private static final Set<String> BE =
      Set.of("is", "was", "were", "are", "be", "been", "being", "get", "got", "gets", "getting");
  private static final Set<String> SYMMETRIC =
      Set.of("and", "with", "between", "versus", "vs", "against", "or", "&");

  /** Articles that may stand between "by" and the agent's name. */
  private static final Set<String> ARTICLES = Set.of("the", "a", "an");

  private record Entity(int start, int end) {}

  /**
   * Roles read between two entities; {@code linked} is the preposition of a form of "be" and a
   * preposition other than "by" ("are descended from", "was spun off from"), empty otherwise.
   */
  private record Role(Entity agent, Entity patient, int verbFrom, int verbTo, String linked) {}

  /** Prepositions that, after a form of "be", link the entities without naming an agent. */
  private static final Set<String> LINKING =
      Set.of("from", "of", "to", "into", "in", "on", "at", "for", "under", "over");

  static List<String> check(Passage claim, List<Passage> quotes, Alignment a) {
    List<String> out = new ArrayList<>();
    List<Entity> ce = entities(claim);
    for (int x = 0; x + 1 < ce.size(); x++) {
      Entity e1 = ce.get(x);
      Entity e2 = ce.get(x + 1);
      Role r = role(claim, e1, e2);
      if (r == null) {
        continue;
      }
      for (int qi = 0; qi < quotes.size(); qi++) {
        Passage p = quotes.get(qi);
        int[] al = a.in(qi);
        if (occurrences(p, claim.tokens.get(e1.start()).lower()) != 1
            || occurrences(p, claim.tokens.get(e2.start()).lower()) != 1
            || occurrences(claim, claim.tokens.get(e1.start()).lower()) != 1
            || occurrences(claim, claim.tokens.get(e2.start()).lower()) != 1) {
          continue; // a name written twice: which one acts cannot be told this way
        }
        Entity q1 = containing(entities(p), al[e1.start()]);
        Entity q2 = containing(entities(p), al[e2.start()]);
        if (q1 == null || q2 == null || q1.equals(q2)) {
          continue;
        }
        Entity first = q1.start() < q2.start() ? q1 : q2;
        Entity second = first.equals(q1) ? q2 : q1;
        Role qr = role(p, first, second);
        if (qr == null || !verbShared(r, qr, al) || !r.linked().equals(qr.linked())) {
          continue; // "Quzhou are descended from Confucius" is not read against a noun phrase
        }
        // the claim's agent is the quote's patient
        boolean claimAgentIsE1 = r.agent().equals(e1);
        Entity quoteAgent = qr.agent();
        Entity claimAgentInQuote = claimAgentIsE1 ? q1 : q2;
        if (!quoteAgent.equals(claimAgentInQuote)) {
          out.add(
              text(claim, r.agent())
                  + " / "
                  + text(claim, r.patient())
                  + " (roles swapped: the quote has "
                  + text(p, quoteAgent)
                  + " as the one who acts)");
        }
      }
    }
    return out;
  }

  private static int occurrences(Passage p, String lower) {
    int n = 0;
    for (Token t : p.tokens) {
      n += t.lower().equals(lower) ? 1 : 0;
    }
    return n;
  }

  private static boolean verbShared(Role r, Role qr, int[] al) {
    for (int i = r.verbFrom(); i <= r.verbTo(); i++) {
      int j = al[i];
      if (j >= qr.verbFrom() && j <= qr.verbTo()) {
        return true;
      }
    }
    return false;
  }

  private static String text(Passage p, Entity e) {
    StringBuilder b = new StringBuilder();
    for (int i = e.start(); i <= e.end(); i++) {
      if (b.length() > 0) {
        b.append(' ');
      }
      b.append(p.tokens.get(i).raw());
    }
    return b.toString();
  }

  private static @org.jspecify.annotations.Nullable Entity containing(List<Entity> es, int j) {
    if (j < 0) {
      return null;
    }
    for (Entity e : es) {
      if (j >= e.start() && j <= e.end()) {
        return e;
      }
    }
    return null;
  }

  private static List<Entity> entities(Passage p) {
    List<Entity> out = new ArrayList<>();
    int i = 0;
    while (i < p.words.length) {
      Passage.Word w = p.words[i];
      if (w != null && w.name) {
        int j = i;
        while (j + 1 < p.words.length && p.words[j + 1] != null && p.words[j + 1].name) {
          j++;
        }
        out.add(new Entity(i, j));
        i = j + 1;
      } else {
        i++;
      }
    }
    return out;
  }

  /** The roles of two entities of one clause with a verb between them, or null. */
  private static @org.jspecify.annotations.Nullable Role role(Passage p, Entity e1, Entity e2) {
    int from = e1.end() + 1;
    int to = e2.start() - 1;
    if (to < from || to - from > 7) {
      return null;
    }
    boolean verb = false;
    boolean be = false;
    for (int k = from; k <= to; k++) {
      Token t = p.tokens.get(k);
      if (t.kind() == Token.Kind.PUNCT && !t.lower().equals("-")) {
        return null;
      }
      if (SYMMETRIC.contains(t.lower())) {
        return null;
      }
      be |= BE.contains(t.lower());
      verb |= p.words[k] != null && p.words[k].content();
    }
    if (!verb) {
      return null;
    }
    // the agent of a passive may take an article ("was funded by the Veldt Foundation")
    int end = to;
    while (end > from && ARTICLES.contains(p.tokens.get(end).lower())) {
      end--;
    }
    String last = p.tokens.get(end).lower();
    boolean passive = be && last.equals("by");
    String linked = be && LINKING.contains(last) ? last : "";
    return passive ? new Role(e2, e1, from, to, "") : new Role(e1, e2, from, to, linked);
  }
}
