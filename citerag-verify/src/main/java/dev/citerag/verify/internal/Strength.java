package dev.citerag.verify.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Rule family <b>strength</b>: a claim must not say more than its quote. It reads the part of each
 * quote the claim restates (from the start of the clause of the first quote word the claim matches
 * to the last one; its sentence for conditions and restrictions) and finds there:
 *
 * <ul>
 *   <li><b>hedges</b>: a modal or hedging word ("may", "might", "could", "can", "probably",
 *       "likely", "suggests", "appears", "planned to", "proposed", "expected to") the claim drops
 *       without a hedge of its own ("will cause" for "may cause", "built" for "planned to build"):
 *       not enough;
 *   <li><b>quantifiers and frequencies</b> on one scale each (few, some, many, most,
 *       all/every/each; rarely, sometimes, often, usually/mainly, always/exclusively): a claim word
 *       higher on the scale than every word of that scale in the quote ("all" for "most", "always"
 *       for "often", "exclusively" for "mainly"), or the top of a scale ("all", "every", "each",
 *       "always") where the quote has none (a generic statement says what usually holds: "usually"
 *       may be added): not enough;
 *   <li><b>restriction</b>: "only", "solely", "exclusively", "sole" where the quote's sentence has
 *       no restricting word ("only", "just", "sole", "single", "alone", "merely"): not enough
 *       ("only" before a number, "only 5 staff", says how few, and is left to the quantity rule);
 *   <li><b>conditions</b>: an "if", "unless", "provided", "except", "subject to", "as long as"
 *       clause of the quote's sentence none of whose content words the claim says, where the claim
 *       has no condition word of its own ("receive a laptop" for "receive a laptop if their manager
 *       approves"): not enough;
 *   <li><b>exactness</b>: "exactly"/"precisely" before a value the quote bounds or approximates; a
 *       plain value where the quote says it is not reached ("nearly", "almost", "up to", "under")
 *       or only passed ("over", "more than"): not enough; a lower bound ("more than half") where
 *       the quote says the value is not reached ("nearly half"): a contradiction;
 *   <li><b>rates</b>: the same value per another period ("per month" for "per week", "monthly" for
 *       "each week"): a contradiction;
 *   <li><b>time relations</b>: the same thing or value after a preposition of another relation in
 *       time ("following the merger" for "prior to the merger", "since 2019" for "until 2019",
 *       "after the storm" for "during the storm", "after 30 days" for "within 30 days"): a
 *       contradiction.
 * </ul>
 *
 * <p>Limits: a hedge of reported speech the claim drops with its clause ("The study suggests that
 * X" for "X") is not seen; a restrictive modifier dropped ("each applicant" for "each shortlisted
 * applicant") or a relative clause that restricts ("residents who apply") is not a condition here;
 * scales are the listed words, not WordNet's.
 */
final class Strength {
  private Strength() {}

  /**
   * What the rule found.
   *
   * @param missing what the claim says more strongly than its quotes (not enough)
   * @param contradicting what the quotes contradict
   */
  record Result(List<String> missing, List<String> contradicting) {}

  /** Words that hedge what the quote says. */
  private static final Set<String> HEDGES =
      Set.of(
          "may",
          "might",
          "could",
          "can",
          "possibly",
          "perhaps",
          "probably",
          "likely",
          "reportedly",
          "allegedly",
          "apparently",
          "presumably",
          "supposedly",
          "suggests",
          "suggest",
          "suggested",
          "appears",
          "appear",
          "appeared",
          "seems",
          "seem",
          "seemed",
          "planned",
          "plans",
          "plan",
          "proposed",
          "proposes",
          "propose",
          "intended",
          "intends",
          "intend",
          "expected",
          "hoped",
          "hopes",
          "aims",
          "aimed",
          "alleged",
          "unlikely",
          "potentially",
          "possible");

  /** Words with which a claim keeps a hedge of its own (any hedge, or ability, or a condition). */
  private static final Set<String> CLAIM_HEDGES =
      Set.of(
          "allowed",
          "permitted",
          "entitled",
          "eligible",
          "authorised",
          "authorized",
          "able",
          "capable",
          "potential",
          "would",
          "should",
          "sometimes",
          "occasionally",
          "if",
          "unless",
          "estimated",
          "believed",
          "thought",
          "claimed",
          "said",
          "according");

  /** Scale of quantifiers: rank by word. */
  private static final Map<String, Integer> QUANTIFIERS =
      Map.ofEntries(
          Map.entry("few", 1),
          Map.entry("several", 2),
          Map.entry("some", 2),
          Map.entry("many", 3),
          Map.entry("numerous", 3),
          Map.entry("most", 4),
          Map.entry("majority", 4),
          Map.entry("all", 5),
          Map.entry("every", 5),
          Map.entry("each", 5),
          Map.entry("everyone", 5),
          Map.entry("everything", 5));

  /** Scale of frequency and extent: rank by word. */
  private static final Map<String, Integer> FREQUENCIES =
      Map.ofEntries(
          Map.entry("rarely", 1),
          Map.entry("seldom", 1),
          Map.entry("occasionally", 2),
          Map.entry("sometimes", 2),
          Map.entry("periodically", 2),
          Map.entry("often", 3),
          Map.entry("frequently", 3),
          Map.entry("regularly", 3),
          Map.entry("commonly", 3),
          Map.entry("usually", 4),
          Map.entry("generally", 4),
          Map.entry("typically", 4),
          Map.entry("normally", 4),
          Map.entry("mostly", 4),
          Map.entry("mainly", 4),
          Map.entry("largely", 4),
          Map.entry("primarily", 4),
          Map.entry("chiefly", 4),
          Map.entry("predominantly", 4),
          Map.entry("always", 5),
          Map.entry("invariably", 5),
          Map.entry("exclusively", 5),
          Map.entry("entirely", 5),
          Map.entry("solely", 5),
          Map.entry("wholly", 5));

  /** The top rank of each scale: added where the quote has no word of the scale. */
  private static final int TOP = 5;

  /** Words that restrict to what they name. */
  private static final Set<String> RESTRICTING = Set.of("only", "solely", "exclusively", "sole");

  /** Words in the quote that restrict too. */
  private static final Set<String> QUOTE_RESTRICTING =
      Set.of(
          "only",
          "solely",
          "exclusively",
          "sole",
          "just",
          "single",
          "alone",
          "merely",
          "purely",
          "unique",
          "uniquely",
          "lone");

  /** Words that open a condition or an exception. */
  private static final Set<String> CONDITIONS =
      Set.of("if", "unless", "provided", "providing", "except", "excepting");

  /** Words that open the clause of "provided (that)" as a condition ("provided the seal ..."). */
  private static final Set<String> CONDITION_SUBJECTS =
      Set.of(
          "that", "the", "a", "an", "it", "they", "he", "she", "we", "you", "their", "its", "his",
          "her", "there", "this", "these", "no", "all", "each", "every");

  /** Words after which "if" asks rather than conditions ("asked if", "see if"). */
  private static final Set<String> ASKING =
      Set.of(
          "ask",
          "asks",
          "asked",
          "asking",
          "see",
          "check",
          "checks",
          "checked",
          "know",
          "knew",
          "wonder",
          "wondered",
          "determine",
          "tell",
          "even",
          "as",
          "establish",
          "find",
          "test",
          "whether");

  /** Periods a rate is given per, by the word or adverb that names them. */
  private static final Map<String, String> PERIODS =
      Map.ofEntries(
          Map.entry("second", "second"),
          Map.entry("minute", "minute"),
          Map.entry("hour", "hour"),
          Map.entry("hourly", "hour"),
          Map.entry("day", "day"),
          Map.entry("daily", "day"),
          Map.entry("night", "day"),
          Map.entry("nightly", "day"),
          Map.entry("week", "week"),
          Map.entry("weekly", "week"),
          Map.entry("fortnight", "fortnight"),
          Map.entry("fortnightly", "fortnight"),
          Map.entry("month", "month"),
          Map.entry("monthly", "month"),
          Map.entry("quarter", "quarter"),
          Map.entry("quarterly", "quarter"),
          Map.entry("year", "year"),
          Map.entry("yearly", "year"),
          Map.entry("annually", "year"),
          Map.entry("annual", "year"),
          Map.entry("annum", "year"));

  /** Words before a period that make a rate ("per week", "a week", "each week"). */
  private static final Set<String> PER = Set.of("per", "a", "an", "each", "every");

  /** Prepositions of time, by the relation they state. */
  private static final Map<String, String> TIME_RELATIONS =
      Map.ofEntries(
          Map.entry("before", "before"),
          Map.entry("prior", "before"),
          Map.entry("until", "before"),
          Map.entry("till", "before"),
          Map.entry("after", "after"),
          Map.entry("following", "after"),
          Map.entry("since", "after"),
          Map.entry("during", "during"),
          Map.entry("throughout", "during"),
          Map.entry("within", "within"));

  /** Determiners skipped between a preposition and its object. */
  private static final Set<String> DETERMINERS =
      Set.of("the", "a", "an", "its", "their", "his", "her", "this", "that", "to");

  /**
   * Checks the claim against the part of each quote it restates.
   *
   * @param claim the claim
   * @param quotes its quotes
   * @param a the content alignment
   * @return what the claim says more strongly, and what the quotes contradict
   */
  static Result check(Passage claim, List<Passage> quotes, Alignment a) {
    List<String> missing = new ArrayList<>();
    List<String> contradicting = new ArrayList<>();
    int best = -1;
    int bestCount = 0;
    int[][] in = new int[quotes.size()][];
    for (int qi = 0; qi < quotes.size(); qi++) {
      in[qi] = a.in(qi);
      int n = 0;
      for (int j : in[qi]) {
        n += j >= 0 ? 1 : 0;
      }
      if (n > bestCount) {
        bestCount = n;
        best = qi;
      }
    }
    if (best < 0) {
      return new Result(missing, contradicting);
    }
    int answer = answerStart(claim);
    for (int qi = 0; qi < quotes.size(); qi++) {
      Passage q = quotes.get(qi);
      int[] aligned = in[qi];
      int lo = Integer.MAX_VALUE;
      int hi = -1;
      for (int i = 0; i < aligned.length; i++) {
        Passage.Word w = claim.words[i];
        if (aligned[i] >= 0 && w != null && w.content()) {
          lo = Math.min(lo, aligned[i]);
          hi = Math.max(hi, aligned[i]);
        }
      }
      timeRelations(claim, q, aligned, contradicting);
      sameRelations(claim, q, qi, aligned, a);
      if (hi < 0 || qi != best) {
        continue;
      }
      int from = lo;
      while (from > 0 && !q.boundary(from - 1)) {
        from--;
      }
      int sentFrom = sentenceStart(q, lo);
      int sentTo = sentenceEnd(q, hi);
      if (answer == 0) {
        hedges(claim, q, aligned, from, hi, missing);
        conditions(claim, q, aligned, sentFrom, sentTo, missing);
      }
      scales(claim, q, from, hi, QUANTIFIERS, answer, missing);
      scales(claim, q, from, hi, FREQUENCIES, answer, missing);
      restriction(claim, q, sentFrom, sentTo, answer, missing);
    }
    if (!claim.quantities.isEmpty()) {
      exactness(claim, quotes, answer, missing, contradicting);
    }
    boundWords(claim, quotes, contradicting);
    return new Result(missing, contradicting);
  }

  /**
   * Where the answer of a "question words: answer" claim starts (the token after its first colon,
   * with content words before it), or 0 for a claim that states a sentence. The words before the
   * colon restate a question: they assert no hedge, condition, scope or bound of their own, and an
   * answer is conventionally given bare ("tree species in a square kilometre: 1,100" for "more than
   * 1,100"); only the answer is checked.
   */
  static int answerStart(Passage claim) {
    boolean content = false;
    for (int k = 0; k < claim.tokens.size(); k++) {
      if (claim.tokens.get(k).lower().equals(":")) {
        return content ? k + 1 : 0;
      }
      content |= claim.words[k] != null && claim.words[k].content();
    }
    return 0;
  }

  private static int sentenceStart(Passage p, int k) {
    int s = k;
    while (s > 0 && !sentenceMark(p.tokens.get(s - 1).lower())) {
      s--;
    }
    return s;
  }

  private static int sentenceEnd(Passage p, int k) {
    int e = k;
    while (e + 1 < p.tokens.size() && !sentenceMark(p.tokens.get(e + 1).lower())) {
      e++;
    }
    return e;
  }

  private static boolean sentenceMark(String s) {
    return s.equals(".") || s.equals("!") || s.equals("?") || s.equals(";");
  }

  private static boolean has(Passage p, Set<String> words) {
    for (Token t : p.tokens) {
      if (words.contains(t.lower())) {
        return true;
      }
    }
    return false;
  }

  /** Whether token k of a passage is a hedge (a lower-case "may", not the month). */
  private static boolean hedge(Passage p, int k) {
    Token t = p.tokens.get(k);
    if (!HEDGES.contains(t.lower())) {
      return false;
    }
    if (t.lower().equals("may") && !t.raw().equals("may")) {
      return false; // "May" is the month, unless written in lower case
    }
    if (k > 0 && p.tokens.get(k - 1).lower().equals("not") && t.lower().equals("unlikely")) {
      return false;
    }
    return true;
  }

  /** Words skipped between a hedge and the word it bears on ("may have been", "could also"). */
  private static final Set<String> AUXILIARY =
      Set.of(
          "be", "been", "being", "have", "has", "had", "also", "still", "then", "even", "well",
          "to", "that", "the", "a", "an", "it", "they", "there", "is", "are", "was", "were");

  /**
   * Claim words matched in a quote's hedged clause: the quote's hedge at k bears on the next
   * content word after it (auxiliaries, "to", "that" and adverbs in "-ly" skipped), and that word
   * is one the claim says ("may be characterized" for "characterized").
   */
  private static boolean bearsOnSaid(Passage q, int k, boolean[] said) {
    for (int j = k + 1; j < q.tokens.size() && j <= k + 5; j++) {
      if (q.boundary(j) && !q.tokens.get(j).lower().equals("that")) {
        return false;
      }
      String low = q.tokens.get(j).lower();
      if (AUXILIARY.contains(low) || (low.endsWith("ly") && low.length() > 4)) {
        continue;
      }
      return said[j];
    }
    return false;
  }

  private static void hedges(
      Passage claim, Passage q, int[] aligned, int from, int to, List<String> missing) {
    for (int k = 0; k < claim.tokens.size(); k++) {
      if (hedge(claim, k) || CLAIM_HEDGES.contains(claim.tokens.get(k).lower())) {
        return;
      }
    }
    boolean[] said = said(q, aligned);
    for (int k = from; k <= to; k++) {
      if (hedge(q, k) && bearsOnSaid(q, k, said)) {
        missing.add(q.tokens.get(k).raw() + " (the quote hedges what the claim states)");
        return;
      }
    }
  }

  private static boolean[] said(Passage q, int[] aligned) {
    boolean[] said = new boolean[q.tokens.size()];
    for (int j : aligned) {
      if (j >= 0) {
        said[j] = true;
      }
    }
    return said;
  }

  /** The rank of token k on a scale, or -1 ("not all", "at all", "each other" are no ranks). */
  private static int rank(Passage p, int k, Map<String, Integer> scale) {
    String low = p.tokens.get(k).lower();
    Integer r = scale.get(low);
    if (r == null) {
      return -1;
    }
    String prev = k > 0 ? p.tokens.get(k - 1).lower() : "";
    String next = k + 1 < p.tokens.size() ? p.tokens.get(k + 1).lower() : "";
    if (prev.equals("not")
        || prev.equals("at")
        || next.equals("other")
        || p.consumed.get(k)
        || PERIODS.containsKey(next)
        || (k + 1 < p.tokens.size() && p.consumed.get(k + 1))) {
      return -1;
    }
    if (low.equals("most") && !(next.equals("of") || (next.endsWith("s") && next.length() > 3))) {
      return -1; // "the most important" is a superlative
    }
    if (low.equals("some") && k + 1 < p.tokens.size() && p.tokens.get(k + 1).hasDigit()) {
      return -1; // "some 12,000" approximates
    }
    if (low.equals("few") && !prev.equals("a")) {
      return 0; // "few" alone says hardly any
    }
    return r;
  }

  private static void scales(
      Passage claim,
      Passage q,
      int from,
      int to,
      Map<String, Integer> scale,
      int answer,
      List<String> missing) {
    int top = -1;
    String topWord = "";
    for (int k = from; k <= to; k++) {
      int r = rank(q, k, scale);
      if (r > top) {
        top = r;
        topWord = q.tokens.get(k).raw();
      }
    }
    for (int k = 0; k < claim.tokens.size(); k++) {
      int r = rank(claim, k, scale);
      if (r < 0) {
        continue;
      }
      if (top >= 0 && r > top) {
        missing.add(claim.tokens.get(k).raw() + " (quote: " + topWord + ")");
      } else if (top < 0 && r == TOP && k >= answer) {
        missing.add(claim.tokens.get(k).raw() + " (the quote does not say it of all)");
      }
    }
  }

  private static void restriction(
      Passage claim, Passage q, int from, int to, int answer, List<String> missing) {
    for (int k = answer; k < claim.tokens.size(); k++) {
      String low = claim.tokens.get(k).lower();
      if (!RESTRICTING.contains(low)) {
        continue;
      }
      String prev = k > 0 ? claim.tokens.get(k - 1).lower() : "";
      if (prev.equals("not") || prev.equals("if")) {
        continue; // "not only" adds, "if only" wishes
      }
      if (k + 1 < claim.tokens.size()
          && (claim.tokens.get(k + 1).hasDigit() || claim.consumed.get(k + 1))) {
        continue; // "only 5 staff" says how few: the quantity rule's
      }
      for (int j = from; j <= to; j++) {
        if (QUOTE_RESTRICTING.contains(q.tokens.get(j).lower())) {
          return;
        }
      }
      missing.add(claim.tokens.get(k).raw() + " (the quote does not restrict it)");
      return;
    }
  }

  private static void conditions(
      Passage claim, Passage q, int[] aligned, int from, int to, List<String> missing) {
    if (has(claim, CONDITIONS)) {
      return;
    }
    boolean[] said = said(q, aligned);
    for (int k = from; k <= to; k++) {
      String low = q.tokens.get(k).lower();
      if ((low.equals("provided") || low.equals("providing"))
          && !CONDITION_SUBJECTS.contains(next(q, k))) {
        continue; // "aid provided by loans" is no condition
      }
      boolean opens =
          CONDITIONS.contains(low)
              || (low.equals("when") && k > 0 && q.tokens.get(k - 1).lower().equals("only"))
              || (low.equals("subject") && next(q, k).equals("to"))
              || ((low.equals("as") || low.equals("so"))
                  && next(q, k).equals("long")
                  && k + 2 < q.tokens.size()
                  && q.tokens.get(k + 2).lower().equals("as"));
      if (!opens || (k > 0 && ASKING.contains(q.tokens.get(k - 1).lower()))) {
        continue;
      }
      if (low.equals("if") && next(q, k).equals("not")) {
        continue; // ", if not impossible" is Polarity's
      }
      int content = 0;
      int matched = 0;
      int end = k + 1;
      while (end < q.tokens.size()) {
        String t = q.tokens.get(end).lower();
        if (t.equals(",") || sentenceMark(t) || t.equals(":") || t.equals(")")) {
          break;
        }
        Passage.Word w = q.words[end];
        if (w != null && w.content()) {
          content++;
          matched += said[end] ? 1 : 0;
        }
        end++;
      }
      // the clause the condition governs: the one before it, or after it when it comes first
      int mainFrom;
      int mainTo;
      if (k == from || isMark(q.tokens.get(k - 1).lower())) {
        mainFrom = end + 1;
        mainTo = mainFrom;
        while (mainTo < q.tokens.size() && !isMark(q.tokens.get(mainTo).lower())) {
          mainTo++;
        }
      } else {
        mainTo = k;
        mainFrom = k;
        while (mainFrom > from && !isMark(q.tokens.get(mainFrom - 1).lower())) {
          mainFrom--;
        }
      }
      int outside = 0;
      for (int j = mainFrom; j < mainTo && j < q.tokens.size(); j++) {
        if (said[j] && q.words[j] != null && q.words[j].content()) {
          outside++;
        }
      }
      if (content > 0 && matched == 0 && outside >= 2) {
        missing.add(q.tokens.get(k).raw() + " ... (the quote's condition is dropped)");
        return;
      }
    }
  }

  private static boolean isMark(String t) {
    return t.equals(",") || t.equals(":") || t.equals("(") || t.equals(")") || sentenceMark(t);
  }

  private static String next(Passage p, int k) {
    return k + 1 < p.tokens.size() ? p.tokens.get(k + 1).lower() : "";
  }

  private static String before(Passage p, Quantity v) {
    int s = v.start() - Quantities.boundLength(p.tokens, v.start());
    String p1 = s >= 1 ? p.tokens.get(s - 1).lower() : "";
    String at = v.start() >= 1 ? p.tokens.get(v.start() - 1).lower() : "";
    return p1 + " " + at;
  }

  /**
   * Whether two equal values count the same thing: a value with a unit does; a plain number must be
   * followed by the same word on both sides ("2 million passengers", "half of"), or end its claim
   * ("DATANET 1 name" is not "within one department").
   */
  private static boolean sameCounted(Passage claim, Quantity c, Passage p, Quantity q) {
    if (!c.dimension().isEmpty()) {
      return true;
    }
    String cn = c.end() + 1 < claim.tokens.size() ? claim.tokens.get(c.end() + 1).lower() : "";
    String qn = q.end() + 1 < p.tokens.size() ? p.tokens.get(q.end() + 1).lower() : "";
    return cn.equals(qn) || cn.isEmpty() || cn.equals(".");
  }

  private static boolean sameValue(Quantity c, Quantity q) {
    return c.type() == Quantity.Type.NUMBER
        && q.type() == Quantity.Type.NUMBER
        && c.dimension().equals(q.dimension())
        && Quantity.same(c.third(), q.third());
  }

  private static void exactness(
      Passage claim,
      List<Passage> quotes,
      int answer,
      List<String> missing,
      List<String> contradicting) {
    for (Quantity c : claim.quantities) {
      // "cached for 30 seconds" beside "up to 30 seconds": the plain value is said too
      boolean alike = statedAlike(claim, c, quotes);
      boolean bare = answer > 0 && c.start() >= answer;
      String cb = c.start() >= 1 ? before(claim, c) : "";
      boolean exact = cb.contains("exactly") || cb.contains("precisely");
      for (Passage p : quotes) {
        for (Quantity q : p.quantities) {
          if (!sameValue(c, q) || !sameCounted(claim, c, p, q)) {
            continue;
          }
          String qb = before(p, q);
          String word = qb.substring(qb.indexOf(' ') + 1);
          if (word.equals("within")) {
            continue; // "within 30 days" is a relation in time, not a bound of the amount
          }
          boolean shortOf =
              UPPER_WORDS.contains(word)
                  || q.bound() == Quantity.Bound.UPPER
                  || qb.endsWith("under")
                  || qb.contains("just under");
          if (!alike && exact && q.bound() != Quantity.Bound.EXACT) {
            missing.add(said(c, word, q));
          } else if (!alike && shortOf && c.bound() == Quantity.Bound.LOWER) {
            contradicting.add(said(c, word, q));
          } else if (!alike && !bare && shortOf && c.bound() == Quantity.Bound.EXACT) {
            missing.add(said(c, word, q));
          } else if (!alike
              && !bare
              && q.bound() == Quantity.Bound.LOWER
              && c.bound() == Quantity.Bound.EXACT) {
            missing.add(said(c, word, q));
          } else {
            String cr = rate(claim, c);
            String qr = rate(p, q);
            if (!cr.isEmpty() && !qr.isEmpty() && !cr.equals(qr)) {
              contradicting.add(c.describe() + " per " + cr + " (quote: per " + qr + ")");
            }
          }
        }
      }
    }
  }

  /**
   * Whether a quote says the claim's value with the same bound and the same word before it: then
   * another mention of that value under another bound in the quotes does not weaken it.
   */
  private static boolean statedAlike(Passage claim, Quantity c, List<Passage> quotes) {
    String cb = c.start() >= 1 ? before(claim, c) : "";
    String cw = cb.substring(cb.indexOf(' ') + 1);
    for (Passage p : quotes) {
      for (Quantity q : p.quantities) {
        if (sameValue(c, q) && sameCounted(claim, c, p, q) && q.bound() == c.bound()) {
          String qb = q.start() >= 1 ? before(p, q) : "";
          if (qb.substring(qb.indexOf(' ') + 1).equals(cw)) {
            return true;
          }
        }
      }
    }
    return false;
  }

  private static String said(Quantity c, String word, Quantity q) {
    return c.describe() + " (quote: " + word + " " + q.describe() + ")";
  }

  /** Words that bound what follows them from above: the value is not reached. */
  private static final Set<String> UPPER_WORDS = Set.of("nearly", "almost", "under", "below");

  /** Words that bound what follows them from below: it is passed. */
  private static final Set<String> LOWER_WORDS = Set.of("over", "above", "exceeding", "beyond");

  /**
   * +1 when token k of a passage opens a lower bound ("more than", "over", "at least"), -1 an upper
   * one ("nearly", "almost", "less than", "at most", "under"), 0 otherwise; the bounded word is at
   * {@code k + 1}, or {@code k + 2} for "more than", "at least".
   */
  private static int boundAt(Passage p, int k) {
    String low = p.tokens.get(k).lower();
    String next = next(p, k);
    if (next.equals("than") && (low.equals("more") || low.equals("greater"))) {
      return 1;
    }
    if (next.equals("than") && (low.equals("less") || low.equals("fewer"))) {
      return -1;
    }
    if (low.equals("at") && next.equals("least")) {
      return 1;
    }
    if (low.equals("at") && next.equals("most")) {
      return -1;
    }
    return LOWER_WORDS.contains(low) ? 1 : UPPER_WORDS.contains(low) ? -1 : 0;
  }

  /**
   * A word bounded from below in the claim and from above in a quote, or the other way round ("more
   * than half" against "nearly half", "over a third" against "under a third"): a contradiction, for
   * the words that are no value the quantity rule reads as well.
   */
  private static void boundWords(Passage claim, List<Passage> quotes, List<String> contradicting) {
    for (int k = 0; k + 1 < claim.tokens.size(); k++) {
      int cb = boundAt(claim, k);
      if (cb == 0) {
        continue;
      }
      String what = boundedWord(claim, k);
      if (what.isEmpty()) {
        continue;
      }
      for (Passage q : quotes) {
        for (int j = 0; j + 1 < q.tokens.size(); j++) {
          int qb = boundAt(q, j);
          if (qb != 0 && qb != cb && what.equals(boundedWord(q, j))) {
            contradicting.add(
                claim.tokens.get(k).raw()
                    + " "
                    + what
                    + " (quote: "
                    + q.tokens.get(j).raw()
                    + " "
                    + what
                    + ")");
            return;
          }
        }
      }
    }
  }

  /** The word a bound at k bears on, past "than"/"least"/"most" and an article; "" when none. */
  private static String boundedWord(Passage p, int k) {
    int w = k + 1;
    String low = p.tokens.get(k).lower();
    if (low.equals("more")
        || low.equals("greater")
        || low.equals("less")
        || low.equals("fewer")
        || low.equals("at")) {
      w = k + 2;
    }
    while (w < p.tokens.size()
        && (p.tokens.get(w).lower().equals("a") || p.tokens.get(w).lower().equals("an"))) {
      w++;
    }
    if (w >= p.tokens.size() || p.tokens.get(w).kind() != Token.Kind.WORD) {
      return "";
    }
    return p.tokens.get(w).lower();
  }

  /** The period a value is given per ("4,000 tonnes of waste per week"), or "". */
  private static String rate(Passage p, Quantity v) {
    for (int k = v.end() + 1; k < p.tokens.size() && k <= v.end() + 5; k++) {
      String low = p.tokens.get(k).lower();
      if (p.boundary(k)) {
        return "";
      }
      String period = PERIODS.get(low.endsWith("s") ? low.substring(0, low.length() - 1) : low);
      if (period == null) {
        period = PERIODS.get(low);
      }
      if (period != null
          && (low.endsWith("ly") || (k > 0 && PER.contains(p.tokens.get(k - 1).lower())))) {
        return period;
      }
    }
    return "";
  }

  /**
   * A claim's preposition of time before a word or value the quote has after one of another
   * relation contradicts ("following the merger" for "prior to the merger").
   */
  private static void timeRelations(
      Passage claim, Passage q, int[] aligned, List<String> contradicting) {
    for (int k = 0; k + 1 < claim.tokens.size(); k++) {
      String rel = TIME_RELATIONS.get(claim.tokens.get(k).lower());
      if (rel == null) {
        continue;
      }
      int o = k + 1;
      while (o < claim.tokens.size() && DETERMINERS.contains(claim.tokens.get(o).lower())) {
        o++;
      }
      if (o >= claim.tokens.size()) {
        continue;
      }
      int j = aligned[o];
      if (j < 0) {
        j = sameToken(claim.tokens.get(o), q);
      }
      if (j < 0) {
        continue;
      }
      int b = j - 1;
      while (b >= 0 && DETERMINERS.contains(q.tokens.get(b).lower())) {
        b--;
      }
      if (b < 0) {
        continue;
      }
      String qrel = TIME_RELATIONS.get(q.tokens.get(b).lower());
      if (qrel != null && !qrel.equals(rel) && !saysRelation(q, j, rel)) {
        contradicting.add(
            claim.tokens.get(k).raw()
                + " "
                + claim.tokens.get(o).raw()
                + " (quote: "
                + q.tokens.get(b).raw()
                + ")");
      }
    }
  }

  /**
   * Whether the sentence of quote token j also states the claim's relation in time ("until 1935 and
   * after that": the claim's "after 1935" is said too).
   */
  private static boolean saysRelation(Passage q, int j, String rel) {
    for (int k = sentenceStart(q, j); k <= sentenceEnd(q, j); k++) {
      if (rel.equals(TIME_RELATIONS.get(q.tokens.get(k).lower()))) {
        return true;
      }
    }
    return false;
  }

  /**
   * A claim's preposition of time left unmatched where the quote states the same relation in other
   * words before the same thing ("before the strike" for "prior to the strike") is matched to it.
   */
  private static void sameRelations(Passage claim, Passage q, int qi, int[] aligned, Alignment a) {
    for (int k = 0; k + 1 < claim.tokens.size(); k++) {
      String rel = TIME_RELATIONS.get(claim.tokens.get(k).lower());
      if (rel == null || a.matched(k) || claim.words[k] == null || !claim.words[k].content()) {
        continue;
      }
      int o = k + 1;
      while (o < claim.tokens.size() && DETERMINERS.contains(claim.tokens.get(o).lower())) {
        o++;
      }
      if (o >= claim.tokens.size() || aligned[o] < 0) {
        continue;
      }
      int b = aligned[o] - 1;
      while (b >= 0 && DETERMINERS.contains(q.tokens.get(b).lower())) {
        b--;
      }
      if (b >= 0 && rel.equals(TIME_RELATIONS.get(q.tokens.get(b).lower()))) {
        a.set(k, qi, b, Alignment.Match.LEXICON);
      }
    }
  }

  /** The one token of q written as token t (a value, "2019"), or -1. */
  private static int sameToken(Token t, Passage q) {
    if (!t.hasDigit()) {
      return -1;
    }
    int found = -1;
    for (int j = 0; j < q.tokens.size(); j++) {
      if (q.tokens.get(j).lower().equals(t.lower())) {
        if (found >= 0) {
          return -1;
        }
        found = j;
      }
    }
    return found;
  }
}
