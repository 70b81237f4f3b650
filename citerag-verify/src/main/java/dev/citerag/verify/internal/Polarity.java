package dev.citerag.verify.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * Rule family <b>polarity</b>: negation, antonyms and opposites.
 *
 * <p><b>Negation cues</b>: {@code not}, {@code n't}, {@code never}, {@code no}, {@code none},
 * {@code nobody}, {@code nothing}, {@code nowhere}, {@code neither}, {@code nor}, {@code cannot},
 * {@code no longer} (clausal: they negate their whole clause), and {@code without}, {@code lacks},
 * {@code unable}, {@code fails to}, {@code refuses to}, {@code declines to}, {@code ceases to},
 * {@code refrains from}, {@code refusal to}, {@code instead of}, {@code rather than}, {@code in
 * lieu of}, {@code excluded from}, and those {@link Disguised} reads ("stopped publishing", "far
 * from a success") (local: they negate what follows them in their clause); {@code hardly}, {@code
 * scarcely}, "barely any", "little evidence" are clausal too; {@code nor} negates what follows it
 * and continues a negation before it in its clause rather than undoing it. A list or noun phrase
 * after a colon belongs to the clause before it. A yes/no question answered by a bare "no" or "not"
 * ("Can BSkyB veto the channels: no") is read as the negated statement; one answered by a clause
 * asserts only that clause. "Not ... until" says when a thing happened ("was not published until
 * 1849" carries "published in 1849"), and the stronger adjective of ", if not" ("difficult, if not
 * impossible") is put forward, not denied. What an "unlike" phrase sets against a clause has that
 * clause's opposite polarity ("Unlike A, B never closed": A closed). A word with a negating prefix
 * (un-, non-, in-, im-, il-, ir-, dis-) counts as the negation of its stem when WordNet lists the
 * two as antonyms ("unavailable"/"available"), and any {@code non-} compound does
 * ("non-production").
 *
 * <p><b>Scope</b>: a clause runs between clause marks ({@code , ; : . ! ? ( ) "} and dashes) and
 * words that open a clause ({@code and, but, or, while, when, if, unless, because, which, who,
 * that, after, before, ...}). A parenthesis right after a cue ("never, under any circumstances,
 * shared", "not (directly) responsible") is skipped: the cue reaches the clause after it. A cue's
 * <em>focus</em> is the first content word after it in its scope, or the last one before it when
 * none follows ("data is never"). A claim contradicts its quotes when the focus of a negation, on
 * either side, is matched on the other side by a word of the opposite polarity: a negation dropped,
 * added, or moved to another verb ("does not retry, it alerts" against "retries, it does not
 * alert"); unless the quote also says the word with the claim's polarity as often as the claim
 * does. A negating prefix is checked where one side has it and the other not.
 *
 * <p><b>Opposites</b>: a claim word its quotes do not carry, whose WordNet antonym (direct, or
 * through a similar adjective; comparatives reduce to their adjective: "smaller"/"larger") or
 * listed function-word opposite ("before"/"after", "at least"/"at most", "more"/"less") the quotes
 * do carry, contradicts them, unless one of the two is negated ("forbidden" for "not allowed" is a
 * paraphrase, and counts as matched); see {@link #opposites} for what is not enough instead.
 *
 * <p>Does not catch: negation by a verb of the lexicon's meaning ("denied", "stopped", "lost
 * access" for "no longer allowed" is neither caught as a contradiction nor passed as a paraphrase);
 * scope across sentences; quantifier changes other than the listed opposites ("some" for "all",
 * read by {@link Strength}); sarcasm.
 */
final class Polarity {
  private Polarity() {}

  /**
   * Cues that negate what follows them in their clause: "without", "lacks", "unable" and the
   * negating verbs before "to" (a "declined" only before "to" and a verb: {@link Passage}).
   */
  private static final java.util.Set<String> LOCAL_CUES =
      java.util.stream.Stream.of(
              java.util.Set.of("without", "lacks", "lack", "lacked", "lacking", "unable"),
              Vocabulary.NEGATING_VERBS,
              Vocabulary.DECLINING_VERBS)
          .flatMap(java.util.Set::stream)
          .collect(java.util.stream.Collectors.toUnmodifiableSet());

  /**
   * Words that negate what follows them when the next word is the one given: "refusal to pay",
   * "instead of offering", "excluded from the consortium". They stay content words of their own;
   * only their scope is negated.
   */
  private static final java.util.Map<String, String> LOCAL_PHRASES =
      java.util.Map.ofEntries(
          java.util.Map.entry("refusal", "to"),
          java.util.Map.entry("refusals", "to"),
          java.util.Map.entry("instead", "of"),
          java.util.Map.entry("excluded", "from"),
          java.util.Map.entry("exclude", "from"),
          java.util.Map.entry("excludes", "from"),
          java.util.Map.entry("excluding", "from"),
          java.util.Map.entry("free", "of"), // "free of charge": without charge
          java.util.Map.entry("refrain", "from"),
          java.util.Map.entry("refrains", "from"),
          java.util.Map.entry("refrained", "from"),
          java.util.Map.entry("refraining", "from"),
          java.util.Map.entry("abstain", "from"),
          java.util.Map.entry("abstained", "from"),
          java.util.Map.entry("rather", "than"),
          java.util.Map.entry("lieu", "of"));

  /** Cues that negate what follows and continue a negation before them ("not ... nor"). */
  private static final java.util.Set<String> CONTINUING = java.util.Set.of("nor");

  /** Auxiliaries that open a yes/no question ("Can BSkyB veto ...", "Does it carry ..."). */
  private static final java.util.Set<String> AUXILIARIES =
      java.util.Set.of(
          "is", "are", "was", "were", "do", "does", "did", "can", "could", "will", "would", "shall",
          "should", "may", "might", "must", "has", "have", "had");

  /** Bare answers to a yes/no question that negate it. */
  private static final java.util.Set<String> NO_ANSWERS =
      java.util.Set.of("no", "not", "never", "none", "nope");

  private static boolean phraseCue(Passage p, int i, WordNet lexicon) {
    String low = p.tokens.get(i).lower();
    String next = LOCAL_PHRASES.get(low);
    return (next != null && i + 1 < p.tokens.size() && p.tokens.get(i + 1).lower().equals(next))
        || Disguised.stopsDoing(p, i)
        || Disguised.farFrom(p, i, lexicon);
  }

  /** Marks every word's negation and each cue's focus. */
  static void mark(Passage p, WordNet lexicon) {
    Passage.Word[] w = p.words;
    for (int i = 0; i < w.length; i++) {
      boolean phrase = w[i] != null && !w[i].cue && phraseCue(p, i, lexicon);
      if (w[i] == null || !(w[i].cue || phrase)) {
        continue;
      }
      if (hedgingIfNot(p, i, lexicon)) {
        w[i + 1].hedged = true;
      }
      boolean local = phrase || LOCAL_CUES.contains(w[i].token.lower());
      // "nor" negates what follows it, also after a negation of its clause ("does not carry out
      // research nor does it monitor data"): it continues that negation, it does not undo it
      boolean continuing = !local && CONTINUING.contains(w[i].token.lower());
      local |= continuing;
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
      if (to < w.length && p.tokens.get(to).lower().equals("(")) {
        // "was not (directly or indirectly) responsible": the cue reaches past the parenthesis
        int close = to + 1;
        while (close < w.length && !p.tokens.get(close).lower().equals(")")) {
          close++;
        }
        if (close < w.length && close + 1 < w.length) {
          to = close + 1;
          focusFrom = to;
        }
      }
      while (to < w.length && !p.boundary(to)) {
        to++;
      }
      to = listAfterColon(p, to);
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
      boolean until = !local && untilAfter(p, i, to);
      for (int k = from; k < to; k++) {
        if (k != i && w[k] != null) {
          w[k].negated = continuing || !w[k].negated;
          w[k].notUntil |= until;
        }
      }
      if (focus >= 0) {
        w[focus].focus = true;
      }
    }
    answeredNo(p);
  }

  /**
   * Whether cue i is the "not" of ", if not" between two adjectives, the second closing its clause
   * or followed by one word that does ("difficult, if not impossible", "different, if not opposing
   * goals"): the phrase puts forward a stronger word, it does not deny it. A conditional ("the fee
   * doubles, if not paid") has no adjective before its comma and is still a negation. The word is
   * still marked negated; {@link #mismatches} does not hold that against a claim that says it
   * plainly.
   */
  private static boolean hedgingIfNot(Passage p, int i, WordNet lexicon) {
    if (i < 3
        || i + 1 >= p.words.length
        || !p.tokens.get(i).lower().equals("not")
        || !p.tokens.get(i - 1).lower().equals("if")
        || !p.tokens.get(i - 2).lower().equals(",")) {
      return false;
    }
    Passage.Word before = p.words[i - 3];
    Passage.Word after = p.words[i + 1];
    if (before == null || after == null || !before.content() || !after.content()) {
      return false;
    }
    int end = i + 2;
    if (end < p.words.length && !p.boundary(end)) {
      end++; // one word the adjective bears on ("opposing goals")
    }
    if (end < p.words.length && !p.boundary(end)) {
      return false;
    }
    return Passage.isAlpha(before.base)
        && Passage.isAlpha(after.base)
        && lexicon.entry(before.base).adjective()
        && lexicon.entry(after.base).adjective();
  }

  /** Words that give the time from which a "not" no longer holds ("not published until 1849"). */
  private static final java.util.Set<String> UNTIL = java.util.Set.of("until", "till");

  /**
   * Whether cue i is "not" (or "n't") whose scope, ending at token {@code to}, runs into "until" or
   * "till": "was not published until after the war", "It was not until 1891 that ...". Such a
   * sentence says that the event happened, and when; it does not deny it.
   */
  private static boolean untilAfter(Passage p, int i, int to) {
    String cue = p.tokens.get(i).lower();
    if (!cue.equals("not") && !cue.equals("n't")) {
      return false;
    }
    for (int k = i + 1; k <= to && k < p.tokens.size(); k++) {
      if (UNTIL.contains(p.tokens.get(k).lower())) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether quote word j, which claim word i is aligned to with the opposite polarity, is also the
   * match of another claim word said with the quote's polarity ("Students do not pay tuition; what
   * must they pay: extra costs" on "Students do not pay tuition, but extra costs are levied"): the
   * quote word answers the claim word of its own polarity, and claim word i is left to the content
   * rule, not contradicted by it.
   */
  private static boolean answersOther(
      Passage claim, int[] aligned, int i, int j, Passage.Word q, boolean[] asked) {
    for (int k = 0; k < aligned.length; k++) {
      Passage.Word x = claim.words[k];
      if (k != i
          && aligned[k] == j
          && x != null
          && x.content()
          && !asked[k]
          && x.negative() == q.negative()
          && x.prefixNegated == q.prefixNegated
          && apart(claim, i, k)) {
        return true;
      }
    }
    return false;
  }

  /**
   * The clause of claim word i, from its first word to the end (exclusive), with a list after a
   * colon that closes it ("lack what kind of cells: phagocytic cells").
   */
  private static int[] clauseWithList(Passage claim, int i) {
    int from = i;
    while (from > 0 && !claim.boundary(from - 1)) {
      from--;
    }
    int to = i + 1;
    while (to < claim.words.length && !claim.boundary(to)) {
      to++;
    }
    return new int[] {from, listAfterColon(claim, to)};
  }

  /**
   * Whether every other claim word of word i's clause (with a list after its colon) that the quote
   * matches has the polarity of its quote word: "what must they pay for: extra costs" on "but extra
   * costs are levied" agrees; "and they pay tuition" on "Students do not pay tuition" does not.
   */
  private static boolean clauseAgrees(Passage claim, Passage quote, int[] aligned, int i) {
    int[] span = clauseWithList(claim, i);
    int from = span[0];
    int to = span[1];
    for (int k = from; k < to && k < claim.words.length; k++) {
      Passage.Word x = claim.words[k];
      if (k == i || x == null || !x.content() || aligned[k] < 0) {
        continue;
      }
      Passage.Word y = quote.words[aligned[k]];
      if (y != null && y.negative() != x.negative()) {
        return false;
      }
    }
    return true;
  }

  /** Whether a clause boundary stands between tokens i and k. */
  private static boolean apart(Passage p, int i, int k) {
    for (int t = Math.min(i, k) + 1; t < Math.max(i, k); t++) {
      if (p.boundary(t)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether the claim says quote word j of the thing an "unlike" phrase of the quote sets against
   * it ("Unlike the western khanates, the Yuan dynasty never converted to Islam" for "the western
   * khanates converted"): the phrase's thing has the opposite polarity. Some other word of claim
   * word i's clause (with a list after its colon) is matched inside the quote's "unlike" phrase of
   * j's sentence, and none before j in j's own clause.
   */
  private static boolean contrasted(Passage claim, Passage quote, int[] aligned, int i, int j) {
    int from = j;
    while (from > 0 && !isSentenceEnd(quote, from - 1)) {
      from--;
    }
    int unlike = -1;
    for (int k = from; k < quote.tokens.size() && !isSentenceEnd(quote, k); k++) {
      if (quote.tokens.get(k).lower().equals("unlike")) {
        unlike = k;
        break;
      }
    }
    if (unlike < 0) {
      return false;
    }
    int unlikeEnd = unlike + 1;
    while (unlikeEnd < quote.tokens.size() && !quote.boundary(unlikeEnd)) {
      unlikeEnd++;
    }
    if (j > unlike && j < unlikeEnd) {
      return false; // the word is in the phrase itself
    }
    int clauseStart = j;
    while (clauseStart > 0 && !quote.boundary(clauseStart - 1)) {
      clauseStart--;
    }
    int[] span = clauseWithList(claim, i);
    int cFrom = span[0];
    int cTo = span[1];
    boolean inPhrase = false;
    for (int k = cFrom; k < cTo && k < claim.words.length; k++) {
      Passage.Word x = claim.words[k];
      if (k == i || x == null || !x.content() || aligned[k] < 0) {
        continue;
      }
      int t = aligned[k];
      if (t >= clauseStart && t < j) {
        return false; // the claim names what j's own clause speaks of
      }
      inPhrase |= t > unlike && t < unlikeEnd;
    }
    return inPhrase;
  }

  /** Whether token k of p comes right after the word given. */
  private static boolean after(Passage p, int k, String word) {
    return k > 0 && p.tokens.get(k - 1).lower().equals(word);
  }

  /** Whether a passage says "until" or "till" anywhere. */
  private static boolean saysUntil(Passage p) {
    for (Token t : p.tokens) {
      if (UNTIL.contains(t.lower())) {
        return true;
      }
    }
    return false;
  }

  /**
   * A yes/no question answered by a bare negation ("Can BSkyB veto the channels: no", "Does it
   * carry any control? Not."): the answer's polarity applies to the question's predicate, so the
   * question's words are negated, and its first content word that is not a name is the focus. The
   * question must open its sentence with an auxiliary and end at a colon or question mark, and the
   * answer must be the negation alone up to the sentence's end.
   */
  private static void answeredNo(Passage p) {
    for (int s = 0; s < p.words.length; s++) {
      int end = questionEnd(p, s);
      if (end < 0) {
        continue;
      }
      int a = end + 1;
      if (a >= p.tokens.size() || !NO_ANSWERS.contains(p.tokens.get(a).lower())) {
        continue;
      }
      if (a + 1 < p.tokens.size() && !isSentenceEnd(p, a + 1)) {
        continue;
      }
      int focus = -1;
      for (int k = s + 1; k < end; k++) {
        Passage.Word x = p.words[k];
        if (x != null) {
          x.negated = !x.negated;
          if (focus < 0 && x.content() && !x.name) {
            focus = k;
          }
        }
      }
      if (focus >= 0) {
        p.words[focus].focus = true;
      }
    }
  }

  /**
   * If token s opens a sentence with an auxiliary ("Was", "can", "Does") and the sentence's first
   * clause mark is a colon or a question mark with more text after it, that mark's index; else -1.
   */
  static int questionEnd(Passage p, int s) {
    Token t = p.tokens.get(s);
    if (!t.sentenceStart() || !AUXILIARIES.contains(t.lower())) {
      return -1;
    }
    for (int k = s + 1; k < p.tokens.size(); k++) {
      String x = p.tokens.get(k).lower();
      if (x.equals(":") || x.equals("?")) {
        return k + 1 < p.tokens.size() ? k : -1;
      }
      if (isSentenceEnd(p, k)) {
        return -1;
      }
    }
    return -1;
  }

  /**
   * The claim words that only ask: those of a yes/no question answered by a clause of its own ("Was
   * the school associated with any denomination: It was never affiliated ..."). The question
   * asserts nothing; its answer does, and is checked.
   */
  private static boolean[] asked(Passage claim) {
    boolean[] out = new boolean[claim.words.length];
    for (int s = 0; s < claim.words.length; s++) {
      int end = questionEnd(claim, s);
      if (end < 0) {
        continue;
      }
      int a = end + 1;
      boolean bare =
          NO_ANSWERS.contains(claim.tokens.get(a).lower())
              || claim.tokens.get(a).lower().equals("yes");
      if (bare && (a + 1 >= claim.tokens.size() || isSentenceEnd(claim, a + 1))) {
        continue; // a bare answer makes the question an assertion (see answeredNo)
      }
      for (int k = s; k < end; k++) {
        out[k] = true;
      }
    }
    return out;
  }

  /** Words that make what follows a colon a clause of its own ("...: it alerts the operator"). */
  private static final java.util.Set<String> CLAUSE_WORDS =
      java.util.Set.of(
          "i", "we", "you", "he", "she", "it", "they", "there", "this", "these", "those", "is",
          "are", "was", "were", "be", "been", "has", "have", "had", "do", "does", "did", "will",
          "would", "can", "could", "shall", "should", "may", "might", "must");

  /**
   * Where a scope ending at token {@code to} really ends: when {@code to} is a colon followed, up
   * to the sentence's end, by a list or a noun phrase (no pronoun, no auxiliary, no negation:
   * "lacks what kind of cells: phagocytic cells", "does not distinguish between: self and
   * non-self"), the scope runs on to the sentence's end; otherwise it ends at {@code to}.
   */
  private static int listAfterColon(Passage p, int to) {
    if (to >= p.tokens.size() || !p.tokens.get(to).lower().equals(":")) {
      return to;
    }
    int end = to + 1;
    while (end < p.tokens.size() && !isSentenceEnd(p, end)) {
      String x = p.tokens.get(end).lower();
      if (CLAUSE_WORDS.contains(x) || (p.words[end] != null && p.words[end].cue)) {
        return to;
      }
      end++;
    }
    return end > to + 1 ? end : to;
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
    boolean[] asked = null;
    boolean[] standIn = focusStandIns(claim, aligned);
    boolean[] quoteStandIn = quoteFocusStandIns(quote, aligned);
    for (int i = 0; i < aligned.length; i++) {
      int j = aligned[i];
      if (j < 0 || a.how(i) == Alignment.Match.NEGATED_OPPOSITE) {
        continue; // "forbidden" for "not allowed": opposite polarity is the match
      }
      Passage.Word c = claim.words[i];
      Passage.Word q = quote.words[j];
      // a prefix is checked where one side has it and the other not, on the same word
      // ("unavailable"/"available"); the same prefixed word on both sides ("disobedience") is
      // checked like any other word, and a word matched through the lexicon ("disobedience" for
      // "obey") is no prefix pair
      boolean prefixPair =
          c.prefixNegated != q.prefixNegated && a.how(i) != Alignment.Match.LEXICON;
      boolean checked = c.focus || standIn[i] || q.focus || prefixPair || quoteStandIn[j];
      // the stronger word of ", if not" is put forward, not denied ("impossible" for "difficult,
      // if not impossible"), unless the other side keeps its "if" ("difficult, if impossible")
      boolean cn = (c.hedged && !after(quote, j, "if")) ? c.prefixNegated : c.negative();
      boolean qn = (q.hedged && !after(claim, i, "if")) ? q.prefixNegated : q.negative();
      if (q.token.lower().endsWith("-free") && !c.token.lower().endsWith("-free")) {
        qn = !qn; // "lead-free" says "no lead" (Disguised#freeOf)
      }
      boolean contrast = contrasted(claim, quote, aligned, i, j);
      if (contrast) {
        qn = !qn; // "Unlike the western khanates, the dynasty never converted": they did
      }
      if (!checked || cn == qn) {
        continue;
      }
      if (!cn && qn && prefixNegatedBefore(claim, aligned, i)) {
        continue; // "disobedience to the king" for "obey her conscience rather than the king"
      }
      if (asked == null) {
        asked = asked(claim);
      }
      if (asked[i] || (!contrast && saidAsClaimed(c, claim, quote))) {
        continue;
      }
      // "published after the war" for "not published until after the war": a "not ... until"
      // says when it happened; a claim that keeps the "until" is compared as written
      if ((q.notUntil && q.negated && !c.negative() && !saysUntil(claim))
          || (c.notUntil && c.negated && !q.negative() && !saysUntil(quote))) {
        continue;
      }
      if (!contrast
          && c.prefixNegated == q.prefixNegated
          && answersOther(claim, aligned, i, j, q, asked)
          && clauseAgrees(claim, quote, aligned, i)) {
        continue;
      }
      out.add(c.negative() ? negationOf(claim, i) + c.token.raw() : c.token.raw());
    }
    return out;
  }

  /**
   * Where the noun a claim's "no" bears on has no counterpart in the quote ("No birds were ringed"
   * against "Herons were ringed": a negated kind is never matched by a narrower one), the first
   * matched content word after it in the same scope ("ringed") is checked in its place, so that a
   * negation the quote does not make is not lost with the word it was put on.
   */
  private static boolean[] focusStandIns(Passage claim, int[] aligned) {
    boolean[] out = new boolean[aligned.length];
    for (int f = 0; f < aligned.length; f++) {
      Passage.Word w = claim.words[f];
      if (w == null || !w.focus || aligned[f] >= 0 || !afterNo(claim, f)) {
        continue;
      }
      for (int k = f + 1; k < aligned.length; k++) {
        Passage.Word x = claim.words[k];
        if (x == null || !x.content()) {
          continue;
        }
        if (!x.negated) {
          break; // out of the negation's scope
        }
        if (aligned[k] >= 0) {
          out[k] = true;
          break;
        }
      }
    }
    return out;
  }

  /**
   * The quote's side of {@link #focusStandIns}: where the noun a quote's "no" bears on has no
   * counterpart in the claim and is followed by "of" ("found no sign of water ice" for "detected
   * water ice"), the first claim-matched content word after it in the negation's scope is checked
   * in its place.
   */
  private static boolean[] quoteFocusStandIns(Passage quote, int[] aligned) {
    boolean[] matched = new boolean[quote.words.length];
    for (int j : aligned) {
      if (j >= 0) {
        matched[j] = true;
      }
    }
    boolean[] out = new boolean[quote.words.length];
    for (int f = 0; f < quote.words.length; f++) {
      Passage.Word w = quote.words[f];
      if (w == null
          || !w.focus
          || matched[f]
          || !afterNo(quote, f)
          || f + 1 >= quote.words.length
          || !quote.tokens.get(f + 1).lower().equals("of")) {
        continue; // only a noun with its "of" phrase: "no sign of water ice"
      }
      for (int k = f + 1; k < quote.words.length; k++) {
        Passage.Word x = quote.words[k];
        if (x == null || !x.content()) {
          continue;
        }
        if (!x.negated) {
          break;
        }
        if (matched[k]) {
          out[k] = true;
          break;
        }
      }
    }
    return out;
  }

  /**
   * Whether a word before claim word i in its clause carries the claim's negation in its prefix and
   * is matched in the quote ("disobedience to the king"): the clause's polarity is that word's, and
   * the quote's negated "king" ("obey ... rather than the king") says the same.
   */
  private static boolean prefixNegatedBefore(Passage claim, int[] aligned, int i) {
    for (int k = i - 1; k >= 0 && !claim.boundary(k); k--) {
      Passage.Word w = claim.words[k];
      if (w != null && w.prefixNegated && aligned[k] >= 0) {
        return true;
      }
    }
    return false;
  }

  /** Whether claim word f is the noun of a determiner "no" right before it ("no birds"). */
  private static boolean afterNo(Passage claim, int f) {
    int k = f - 1;
    while (k >= 0
        && claim.tokens.get(k).word()
        && claim.words[k] != null
        && !claim.words[k].cue
        && f - k < 3) {
      k--; // an adjective between ("no wild birds")
    }
    return k >= 0
        && claim.words[k] != null
        && claim.words[k].cue
        && claim.tokens.get(k).lower().equals("no")
        && !claim.tokens.get(k + 1).lower().equals("longer");
  }

  /**
   * Whether the quote says the claim's word with the claim's polarity elsewhere, as often as the
   * claim does ("some are unencrypted, some are encrypted": the claim's one "encrypted" is said as
   * claimed). A claim that copies the quote and drops one of its negations says the word once more
   * unnegated than the quote, and is not excused.
   */
  private static boolean saidAsClaimed(Passage.Word c, Passage claim, Passage quote) {
    int inQuote = count(c, quote);
    return inQuote > 0 && inQuote >= count(c, claim);
  }

  /** How often a passage says word c (a shared key, the same prefix) with c's polarity. */
  private static int count(Passage.Word c, Passage p) {
    int n = 0;
    for (Passage.Word x : p.words) {
      if (x == null
          || !x.content()
          || x.negative() != c.negative()
          || x.prefixNegated != c.prefixNegated) {
        continue;
      }
      for (String k : c.keys) {
        if (x.keys.contains(k)) {
          n++;
          break;
        }
      }
    }
    return n;
  }

  private static String negationOf(Passage p, int i) {
    for (int k = i - 1; k >= 0 && k >= i - 6; k--) {
      if (p.words[k] != null && p.words[k].cue) {
        return p.words[k].token.raw() + " ... ";
      }
    }
    return "";
  }

  /**
   * What the opposites rule found: claim words whose opposite the quotes say (a contradiction), and
   * claim words whose opposite the quotes say while they also say the claim's side, or whose
   * opposite WordNet gives one way only (not enough: the rules cannot tell a swap).
   *
   * @param contradicting claim words contradicted, as "claim word (quote: quote word)"
   * @param undecided claim words left undecided, as "claim word (quote: quote word)"
   */
  record Opposites(List<String> contradicting, List<String> undecided) {}

  /**
   * The opposites rule, for the claim words the alignment left unmatched (names excepted): a word
   * whose listed opposite ({@link Vocabulary#opposite}) or WordNet antonym a quote says, with the
   * same polarity, contradicts it; with the opposite polarity it is a paraphrase ("forbidden" for
   * "not allowed", which the alignment has matched). Not a contradiction:
   *
   * <ul>
   *   <li>an antonym WordNet gives one way only, through a similar adjective, for two words that
   *       share an antonym of their own: they are on one side ("early" and "oldest" are both
   *       opposed to "late");
   *   <li>not enough, rather than a contradiction: an antonym WordNet gives one way only ("last"
   *       for "low"); a quote that says the claim's side as well as the opposite ("east" for "Water
   *       on the eastern side ..., while to the west ..."); a claim that says both sides ("rainfall
   *       in the past and present" for "... than for the present"): it puts neither for the other,
   *       but the quote says one only.
   * </ul>
   *
   * <p>A comparison turned round is no contradiction: "A is larger than B" for "B is smaller than
   * A" is matched. The same comparative with its two sides swapped is one: "B is larger than A" for
   * "A is larger than B".
   *
   * <p>Verbs made from adjectives with "-en" are also opposed through the adjectives' synonyms:
   * "slackened" and "tautened", since "slack" has the synonym "lax", an antonym of "taut".
   *
   * @param claim the claim
   * @param quotes its quotes
   * @param a the claim's alignment (before context is read)
   * @param lexicon WordNet
   * @return the contradictions and the undecided words
   */
  static Opposites opposites(Passage claim, List<Passage> quotes, Alignment a, WordNet lexicon) {
    List<String> contradicting = new ArrayList<>();
    List<String> undecided = new ArrayList<>();
    for (int i = 0; i < claim.words.length; i++) {
      Passage.Word c = claim.words[i];
      if (c == null || !c.content() || c.name) {
        continue;
      }
      if (a.matched(i)) {
        String swapped = swappedComparison(claim, quotes, a, i);
        if (swapped != null) {
          contradicting.add(swapped);
        }
        continue;
      }
      java.util.Set<String> antonyms =
          Passage.isAlpha(c.base) ? lexicon.entry(c.base).antonyms() : java.util.Set.of();
      found:
      for (int qi = 0; qi < quotes.size(); qi++) {
        Passage p = quotes.get(qi);
        for (int t = 0; t < p.words.length; t++) {
          Passage.Word w = p.words[t];
          if (w == null || !w.content() || c.negative() != w.negative()) {
            continue;
          }
          boolean listed =
              Vocabulary.opposite(c.token.lower(), w.token.lower())
                  || Vocabulary.opposite(c.base, w.base);
          boolean wordNet = !listed && (antonyms.contains(w.base) || containsAny(antonyms, w.keys));
          boolean verbs = !listed && !wordNet && enVerbsOpposed(c.base, w.base, lexicon);
          if (!listed && !wordNet && !verbs) {
            continue;
          }
          String said = c.token.raw() + " (quote: " + w.token.raw() + ")";
          if (converse(claim, i, p, t)) {
            a.set(i, qi, t, Alignment.Match.NEGATED_OPPOSITE); // the same comparison, turned round
            break found;
          }
          if (claimSays(claim, i, w)) {
            undecided.add(said); // both sides said: no swap, but the quote says one only
            break found;
          }
          boolean oneWay = false;
          if (wordNet && Passage.isAlpha(w.base)) {
            java.util.Set<String> back = lexicon.entry(w.base).antonyms();
            oneWay = !back.contains(c.base) && !containsAny(back, c.keys);
            if (oneWay && containsAny(antonyms, back)) {
              continue; // one side: "early" and "old" are both opposed to "late"
            }
          }
          if (oneWay || quoteSays(p, t, c, antonyms, lexicon)) {
            undecided.add(said);
          } else {
            contradicting.add(said);
          }
          break found;
        }
      }
    }
    return new Opposites(contradicting, undecided);
  }

  /**
   * Whether claim word i and quote word t are opposed comparatives of one comparison turned round:
   * "A is larger than B" for "B is smaller than A". Each is followed by "than", and what the claim
   * compares with (the first content word after its "than") stands before the quote's comparative,
   * and what the quote compares with stands before the claim's.
   */
  private static boolean converse(Passage claim, int i, Passage quote, int t) {
    int ct = afterThan(claim, i);
    int qt = afterThan(quote, t);
    if (ct < 0 || qt < 0) {
      return false;
    }
    Passage.Word claimOther = claim.words[ct];
    Passage.Word quoteOther = quote.words[qt];
    if (containsAny(claimOther.keys, quoteOther.keys)) {
      return false; // compared with the same thing: a plain opposite
    }
    return saidBefore(quote, t, claimOther) && saidBefore(claim, i, quoteOther);
  }

  /** Words before "than" that make no comparison of two things ("other than", "rather than"). */
  private static final java.util.Set<String> NOT_COMPARING =
      java.util.Set.of("other", "rather", "else", "different", "otherwise");

  /**
   * The same comparison with its two sides swapped ("B is newer than A" for "A is newer than B"),
   * as "claim word (quote compares X with Y)", or null.
   */
  private static @org.jspecify.annotations.Nullable String swappedComparison(
      Passage claim, List<Passage> quotes, Alignment a, int i) {
    if (NOT_COMPARING.contains(claim.words[i].token.lower()) || afterThan(claim, i) < 0) {
      return null;
    }
    for (int qi = 0; qi < quotes.size(); qi++) {
      int t = a.in(qi)[i];
      if (t >= 0
          && a.how(i) != Alignment.Match.NEGATED_OPPOSITE
          && converse(claim, i, quotes.get(qi), t)) {
        return claim.words[i].token.raw() + " (the quote compares the other way round)";
      }
    }
    return null;
  }

  /** The first content word after a "than" right after word k, or -1. */
  private static int afterThan(Passage p, int k) {
    if (k + 1 >= p.tokens.size() || !p.tokens.get(k + 1).lower().equals("than")) {
      return -1;
    }
    for (int j = k + 2; j < p.words.length && !p.boundary(j); j++) {
      if (p.words[j] != null && p.words[j].content()) {
        return j;
      }
    }
    return -1;
  }

  /** Whether word x is said in p's clause before position k. */
  private static boolean saidBefore(Passage p, int k, Passage.Word x) {
    for (int j = k - 1; j >= 0 && !p.boundary(j); j--) {
      Passage.Word y = p.words[j];
      if (y != null && y.content() && containsAny(y.keys, x.keys)) {
        return true;
      }
    }
    return false;
  }

  /** Whether the claim says quote word w itself, at another position than i. */
  private static boolean claimSays(Passage claim, int i, Passage.Word w) {
    for (int k = 0; k < claim.words.length; k++) {
      Passage.Word x = claim.words[k];
      if (k != i && x != null && x.content() && containsAny(x.keys, w.keys)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether the quote says the claim word's side too, at another position than t: the word by a
   * shared key, a derivation, or an antonym the two share ("eastern" for "east": both opposed to
   * "west").
   */
  private static boolean quoteSays(
      Passage p, int t, Passage.Word c, java.util.Set<String> antonyms, WordNet lexicon) {
    for (int k = 0; k < p.words.length; k++) {
      Passage.Word x = p.words[k];
      if (k == t || x == null || !x.content() || x.name) {
        continue;
      }
      if (containsAny(x.keys, c.keys)) {
        return true;
      }
      if (!Passage.isAlpha(x.base)) {
        continue;
      }
      WordNet.Entry e = lexicon.entry(x.base);
      if (e.derivations().contains(c.base) || containsAny(e.antonyms(), antonyms)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether two words are verbs made from adjectives with "-en" ("slacken", "tauten") whose
   * adjectives are opposed through a synonym: an antonym of one adjective is the other or one of
   * its synonyms.
   */
  private static boolean enVerbsOpposed(String a, String b, WordNet lexicon) {
    if (!Passage.isAlpha(a) || !Passage.isAlpha(b)) {
      return false;
    }
    String x = enAdjective(a, lexicon);
    String y = enAdjective(b, lexicon);
    if (x == null || y == null || x.equals(y)) {
      return false;
    }
    WordNet.Entry ex = lexicon.entry(x);
    WordNet.Entry ey = lexicon.entry(y);
    return ex.antonyms().contains(y)
        || ey.antonyms().contains(x)
        || containsAny(ex.antonyms(), ey.synonyms())
        || containsAny(ey.antonyms(), ex.synonyms());
  }

  /** The adjective an "-en" verb form is made from ("slack" for "slackened"), or null. */
  private static @org.jspecify.annotations.Nullable String enAdjective(
      String word, WordNet lexicon) {
    for (String lemma : lexicon.entry(word).lemmas()) {
      if (lemma.length() < 5 || !lemma.endsWith("en") || lemma.indexOf(' ') >= 0) {
        continue;
      }
      String stem = lemma.substring(0, lemma.length() - 2);
      int n = stem.length();
      List<String> candidates = new ArrayList<>(List.of(stem, stem + "e"));
      if (n >= 3 && stem.charAt(n - 1) == stem.charAt(n - 2)) {
        candidates.add(stem.substring(0, n - 1));
      }
      for (String adjective : candidates) {
        if (!lexicon.entry(adjective).antonyms().isEmpty()) {
          return adjective;
        }
      }
    }
    return null;
  }

  private static boolean containsAny(java.util.Set<String> a, java.util.Set<String> b) {
    for (String x : b) {
      if (a.contains(x)) {
        return true;
      }
    }
    return false;
  }
}
