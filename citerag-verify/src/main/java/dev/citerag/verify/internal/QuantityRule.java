package dev.citerag.verify.internal;

import dev.citerag.verify.internal.Quantity.Bound;
import java.util.List;

/**
 * Rule family <b>quantities</b>: every quantity of the claim ({@link Quantities} reads them) must
 * equal one its quotes state, attached to the same thing.
 *
 * <p>Equal means: the same value in the same unit after exact conversion ("4 kg" and "4000 g"; "2
 * hours" and "120 minutes"; "$2.1bn" and "2.1 billion dollars"; "100 °C" and "100 degrees Celsius";
 * "one thousand" and "1,000"); a bare number equals a number with a unit or a year of a date; a
 * date equals a date with the same year, month and day wherever the claim states them, and an
 * ambiguous date (3/12/2001) only the same ambiguous date; a pair (range, score) equals the same
 * pair in the same order ("won 3-1" is not "won 1-3"); an ordinal equals the same ordinal of the
 * same period ("Q3" and "third quarter"). Bounds must agree: "at least" against "at most" is a
 * contradiction; a bound the quote does not state ("more than 10" for "10") is not enough. A plain
 * count no quote states or compares is carried by the claim's own list after a colon when it counts
 * that list's items ("two of the advisers: A and B"; {@link #countsOwnList}).
 *
 * <p>Attached to the same thing: for each content word near the claim's quantity (in its clause,
 * four content words either side) that occurs once in the quote, the quantity nearest to it in the
 * quote (tokens apart, a clause boundary counting as four) must not be another value of the same
 * kind. So "12 % in Asia" fails on "12 % in Europe and 8 % in Asia". A count with a thousands
 * separator is no year; a value inside a parenthesis of the quote is skipped for a word outside it
 * (it restates the value before it); the word need not point to c when the quote keeps q as near
 * it, on the same side, as the claim keeps c, or when the quote's other value is one the claim also
 * says beside the word (a range's other end, a value of its clause), except for the word right
 * after c, which is what c counts.
 *
 * <p>Does not catch: arithmetic (a total the quote does not state, "doubled" for 10 → 20);
 * conversions that are not exact (miles and kilometres, currencies, Celsius and Fahrenheit);
 * attachment across sentences or to a word the claim paraphrases.
 */
final class QuantityRule {
  private QuantityRule() {}

  /** The outcome for one claim. */
  record Result(int items, int covered, List<String> missing, List<String> contradicting) {}

  static Result check(Passage claim, List<Passage> quotes) {
    return check(claim, quotes, null);
  }

  /**
   * Checks the claim's quantities against its quotes; with an alignment, a count the quotes do not
   * state is carried by the claim's own list after a colon ({@link #countsOwnList}).
   *
   * @param claim the claim
   * @param quotes its quotes
   * @param a the content alignment, or null
   * @return the outcome
   */
  static Result check(
      Passage claim, List<Passage> quotes, @org.jspecify.annotations.Nullable Alignment a) {
    java.util.ArrayList<String> missing = new java.util.ArrayList<>();
    java.util.ArrayList<String> contradicting = new java.util.ArrayList<>();
    int covered = 0;
    for (Quantity c : claim.quantities) {
      boolean found = false;
      boolean comparable = false;
      boolean comparableSameThing = false;
      boolean boundOnly = false;
      @org.jspecify.annotations.Nullable String problem = null;
      for (int qi = 0; qi < quotes.size() && !found; qi++) {
        Passage p = quotes.get(qi);
        for (Quantity q : p.quantities) {
          int m = match(c, q);
          if (m == REVERSED) {
            problem = c.describe() + " (quote: " + q.describe() + ")";
            continue;
          }
          if (m == OTHER_VALUE) {
            comparable = true;
            comparableSameThing |= a == null || maySameThing(claim, c, p, q, qi, a);
            continue;
          }
          if (m != EQUAL) {
            continue;
          }
          if (a != null && countsAnotherThing(claim, c, p, q, qi, a)) {
            continue; // "two ways" is not said by "two rows"
          }
          if ((c.bound() == Bound.LOWER && q.bound() == Bound.UPPER)
              || (c.bound() == Bound.UPPER && q.bound() == Bound.LOWER)) {
            problem = boundWord(c) + c.describe() + " (quote: " + boundWord(q) + q.describe() + ")";
            continue;
          }
          if ((c.bound() == Bound.LOWER || c.bound() == Bound.UPPER) && q.bound() == Bound.EXACT) {
            boundOnly = true;
            continue;
          }
          Quantity moved = moved(claim, c, p, q);
          if (moved != null) {
            problem =
                c.describe() + " (quote attaches it elsewhere; here: " + moved.describe() + ")";
            continue;
          }
          found = true;
          break;
        }
      }
      if (!found && c.type() == Quantity.Type.PAIR && problem == null && !comparable) {
        // "from 2004 to 2005" for "from 90% in 2004 to 60% in 2005", where the quote has no range
        // of its own to compare with
        found = endsSaid(c, quotes);
      }
      if (found) {
        covered++;
      } else if (problem != null) {
        contradicting.add(problem);
      } else if (a != null
          && comparable
          && !comparableSameThing
          && !boundOnly
          && countsOwnList(claim, c, quotes, a)) {
        // the quote's other values count other things ("three harbours"): the claim's own list
        // still carries "the two kinds of tide: spring tides and neap tides"
        covered++;
      } else if (comparable && !boundOnly && !pronounOne(claim, c)) {
        contradicting.add(c.describe());
      } else if (a != null && !comparable && countsOwnList(claim, c, quotes, a)) {
        covered++;
      } else {
        missing.add(c.describe());
      }
    }
    return new Result(claim.quantities.size(), covered, missing, contradicting);
  }

  /** Words that join the items of a list. */
  private static final java.util.Set<String> LIST_JOINS =
      java.util.Set.of("and", "or", "nor", "versus", "vs");

  /** The largest count a claim's own list may carry. */
  static final int LIST_COUNT_LIMIT = 12;

  /**
   * Whether a count of the claim is the number of items of the list the claim gives after a colon
   * ("two of the advisers: Liu Bingzhong and Yao Shu", "one way ...: by padlocking the gates"): the
   * count then counts the claim's own words, and the quotes carry the items. Only a plain count (no
   * unit, a whole number up to {@value #LIST_COUNT_LIMIT}) that no quote compares, before the
   * claim's first colon; the items are parted by commas and "and", "or", "nor", "versus". A count
   * after "the" says the list is whole: where the quote goes on past the claim's last item, or
   * began before its first, with another item ("A, B and C" for "the two founders: A and B"), the
   * count is not carried; "two founders", "one way" may be some of more.
   */
  static boolean countsOwnList(Passage claim, Quantity c, List<Passage> quotes, Alignment a) {
    if (c.type() != Quantity.Type.NUMBER
        || !c.dimension().isEmpty()
        || c.bound() != Quantity.Bound.EXACT
        || c.value() < 1
        || c.value() > LIST_COUNT_LIMIT
        || c.value() != Math.rint(c.value())) {
      return false;
    }
    int colon = -1;
    for (int k = 0; k < claim.tokens.size(); k++) {
      if (claim.tokens.get(k).lower().equals(":")) {
        colon = k;
        break;
      }
    }
    if (colon < 0 || colon < c.end()) {
      return false;
    }
    int items = 0;
    boolean open = false;
    int first = -1;
    int last = -1;
    for (int k = colon + 1; k < claim.tokens.size(); k++) {
      Token t = claim.tokens.get(k);
      String low = t.lower();
      if (low.equals(",") || low.equals(";") || LIST_JOINS.contains(low)) {
        open = false;
        continue;
      }
      if (!t.word() && claim.words[k] == null) {
        continue;
      }
      if (!open) {
        items++;
        open = true;
      }
      Passage.Word w = claim.words[k];
      if (w != null && w.negative() && cueBefore(claim, c.start())) {
        // a list a negation bears on ("lacks one part: a cable") is no plain count; a negation
        // after the count, in what the counted words say ("one part that does not move: the
        // frame"), does not govern the count
        return false;
      }
      if (w != null && w.content() && a.matchedInQuotes(k)) {
        first = first < 0 ? k : first;
        last = k;
      }
    }
    if (items != (int) c.value() || first < 0) {
      return false;
    }
    // "the two founders" says there are two; "two founders", "one way" may be some of more
    boolean whole = c.start() > 0 && claim.tokens.get(c.start() - 1).lower().equals("the");
    return !whole
        || (!listGoesOn(quotes, a.position(first), -1) && !listGoesOn(quotes, a.position(last), 1));
  }

  /** Whether a negation cue stands before claim token {@code end}. */
  private static boolean cueBefore(Passage claim, int end) {
    for (int k = 0; k < end; k++) {
      if (claim.words[k] != null && claim.words[k].cue) {
        return true;
      }
    }
    return false;
  }

  /** How many words after a count may name what it counts ("two satellite dishes"). */
  private static final int COUNTED_WORDS = 3;

  /**
   * Whether a plain count of the claim and one of a quote count different things: both are followed
   * right away by the words they count ("two ways", "two rows of reeds"); no claim word that
   * follows the count shares a form with, or is matched to, one that follows the quote's; no other
   * claim word takes one of the quote's counted words ("3 things ... key on" for "three key
   * ideas"); and the claim's counted word is matched elsewhere in the quotes, or is matched nowhere
   * while the claim's own list after a colon has another number of items ("Name two ways ...: by
   * removing the tyres" for "... and planting two rows of reeds"). A count under a thousand only (a
   * year or a large figure is rarely followed by what it counts), with no unit.
   */
  static boolean countsAnotherThing(
      Passage claim, Quantity c, Passage quote, Quantity q, int qi, Alignment a) {
    if (!bothCount(claim, c, quote, q) || sameCounted(claim, c, quote, q, qi, a)) {
      return false;
    }
    for (int k = c.end() + 1; k <= c.end() + COUNTED_WORDS && countedWordAt(claim, k); k++) {
      if (a.matchedInQuotes(k)) {
        return true;
      }
    }
    int items = listItems(claim, c);
    return items > 0 && items != (int) c.value();
  }

  /**
   * Whether a quote's other value of a claim's count may count the same thing: unless both are
   * followed by what they count and those words differ ({@link #sameCounted}), "three harbours" is
   * not compared with "the two kinds of tide".
   */
  private static boolean maySameThing(
      Passage claim, Quantity c, Passage quote, Quantity q, int qi, Alignment a) {
    return !bothCount(claim, c, quote, q) || sameCounted(claim, c, quote, q, qi, a);
  }

  /** Whether both are plain counts under a thousand followed right away by a content word. */
  private static boolean bothCount(Passage claim, Quantity c, Passage quote, Quantity q) {
    return c.type() == Quantity.Type.NUMBER
        && q.type() == Quantity.Type.NUMBER
        && c.dimension().isEmpty()
        && q.dimension().isEmpty()
        && c.value() < 1000
        && q.value() < 1000
        && countedWordAt(claim, c.end() + 1)
        && countedWordAt(quote, q.end() + 1);
  }

  /**
   * Whether a claim word after the count shares a form with, or is matched to, a word after the
   * quote's count, or another claim word takes one of the quote's counted words.
   */
  private static boolean sameCounted(
      Passage claim, Quantity c, Passage quote, Quantity q, int qi, Alignment a) {
    int quoteEnd = q.end() + 1;
    while (quoteEnd <= q.end() + COUNTED_WORDS && countedWordAt(quote, quoteEnd)) {
      quoteEnd++;
    }
    for (int k = c.end() + 1; k <= c.end() + COUNTED_WORDS && countedWordAt(claim, k); k++) {
      for (int t = q.end() + 1; t < quoteEnd; t++) {
        for (String key : claim.words[k].keys) {
          if (quote.words[t].keys.contains(key)) {
            return true;
          }
        }
      }
    }
    for (int k = 0; k < claim.tokens.size(); k++) {
      long pos = a.position(k);
      if (pos >= 0 && (int) (pos >>> 32) == qi && (int) pos > q.end() && (int) pos < quoteEnd) {
        return true;
      }
    }
    return false;
  }

  /**
   * The number of items of the list the claim gives after its first colon, when a count stands
   * before that colon; 0 when there is none. Items are parted as {@link #countsOwnList} parts them.
   */
  private static int listItems(Passage claim, Quantity c) {
    int colon = -1;
    for (int k = 0; k < claim.tokens.size() && colon < 0; k++) {
      colon = claim.tokens.get(k).lower().equals(":") ? k : -1;
    }
    if (colon < 0 || colon < c.end()) {
      return 0;
    }
    int items = 0;
    boolean open = false;
    for (int k = colon + 1; k < claim.tokens.size(); k++) {
      Token t = claim.tokens.get(k);
      String low = t.lower();
      if (low.equals(",") || low.equals(";") || LIST_JOINS.contains(low)) {
        open = false;
      } else if ((t.word() || claim.words[k] != null) && !open) {
        items++;
        open = true;
      }
    }
    return items;
  }

  /** Whether token k of a passage is a content word (one a count may count). */
  private static boolean countedWordAt(Passage p, int k) {
    return k < p.tokens.size() && p.words[k] != null && p.words[k].content();
  }

  /** Whether the quote holds another list item next to the given position, in one direction. */
  private static boolean listGoesOn(List<Passage> quotes, long position, int step) {
    Passage p = quotes.get((int) (position >>> 32));
    int k = (int) position + step;
    // past the rest of the item's own words (a name of several words, "Yao Shu")
    while (k >= 0
        && k < p.tokens.size()
        && p.words[k] != null
        && p.words[k].name
        && p.words[(int) position].name) {
      k += step;
    }
    if (step < 0) {
      while (k >= 0 && ARTICLES.contains(p.tokens.get(k).lower())) {
        k--;
      }
      return k >= 1
          && (p.tokens.get(k).lower().equals(",") || LIST_JOINS.contains(p.tokens.get(k).lower()))
          && p.tokens.get(k - 1).word();
    }
    if (k + 1 >= p.tokens.size()) {
      return false;
    }
    String next = p.tokens.get(k).lower();
    Token after = p.tokens.get(k + 1);
    return LIST_JOINS.contains(next) || (next.equals(",") && after.word() && after.capitalised());
  }

  private static final java.util.Set<String> ARTICLES = java.util.Set.of("the", "a", "an");

  /** Whether a quote states both ends of the claim's range, each as a value of its own. */
  private static boolean endsSaid(Quantity c, List<Passage> quotes) {
    boolean first = false;
    boolean second = false;
    for (Passage p : quotes) {
      for (Quantity q : p.quantities) {
        if (q.type() != Quantity.Type.NUMBER || !q.dimension().equals(c.dimension())) {
          continue;
        }
        first |= Quantity.same(q.value(), c.value());
        second |= Quantity.same(q.value(), c.second());
      }
    }
    return first && second;
  }

  /**
   * Whether c is the word "one" alone, which is as often a pronoun or an article ("one way to",
   * "name one") as a count: a value the quotes lack is then not enough, not a contradiction.
   */
  private static boolean pronounOne(Passage claim, Quantity c) {
    return c.start() == c.end()
        && c.dimension().isEmpty()
        && claim.tokens.get(c.start()).lower().equals("one");
  }

  private static String boundWord(Quantity q) {
    return switch (q.bound()) {
      case LOWER -> "at least ";
      case UPPER -> "at most ";
      case ABOUT -> "about ";
      case EXACT -> "";
    };
  }

  static final int NONE = 0;
  static final int EQUAL = 1;
  static final int OTHER_VALUE = 2;
  static final int REVERSED = 3;

  /** How claim quantity c relates to quote quantity q. */
  static int match(Quantity c, Quantity q) {
    switch (c.type()) {
      case DATE -> {
        if (q.type() != Quantity.Type.DATE) {
          return NONE;
        }
        if (!c.literal().isEmpty() || !q.literal().isEmpty()) {
          return c.literal().equals(q.literal()) ? EQUAL : OTHER_VALUE;
        }
        boolean eq =
            (c.value() == 0 || c.value() == q.value())
                && (c.second() == 0 || c.second() == q.second())
                && (c.third() == 0 || c.third() == q.third());
        return eq ? EQUAL : OTHER_VALUE;
      }
      case PAIR -> {
        if (q.type() != Quantity.Type.PAIR
            || !c.dimension().equals(q.dimension())
            || years(c) != years(q)) {
          return NONE; // a range of years is not compared with one of centimetres or of counts
        }
        if (Quantity.same(c.value(), q.value()) && Quantity.same(c.second(), q.second())) {
          return EQUAL;
        }
        if (Quantity.same(c.value(), q.second()) && Quantity.same(c.second(), q.value())) {
          return REVERSED;
        }
        return OTHER_VALUE;
      }
      case ORDINAL -> {
        if (q.type() != Quantity.Type.ORDINAL) {
          return NONE;
        }
        if (!c.dimension().isEmpty()
            && !q.dimension().isEmpty()
            && !c.dimension().equals(q.dimension())) {
          return NONE;
        }
        return Quantity.same(c.value(), q.value()) ? EQUAL : OTHER_VALUE;
      }
      case CLOCK -> {
        return q.type() != Quantity.Type.CLOCK
            ? NONE
            : Quantity.same(c.value(), q.value()) ? EQUAL : OTHER_VALUE;
      }
      case NUMBER -> {
        return switch (q.type()) {
          case NUMBER -> numbers(c, q);
          case DATE ->
              c.dimension().isEmpty()
                      && q.literal().isEmpty()
                      && (Quantity.same(c.value(), q.value())
                          || (c.value() <= 31 && Quantity.same(c.value(), q.third())))
                  ? EQUAL
                  : NONE;
          case PAIR ->
              Quantity.same(c.value(), q.value()) || Quantity.same(c.value(), q.second())
                  ? EQUAL
                  : NONE;
          default -> NONE;
        };
      }
    }
    return NONE;
  }

  private static int numbers(Quantity c, Quantity q) {
    if (c.dimension().isEmpty()) {
      if (Quantity.same(c.value(), q.value())) {
        return EQUAL;
      }
      return q.dimension().isEmpty() ? OTHER_VALUE : NONE;
    }
    if (q.dimension().isEmpty()) {
      return NONE;
    }
    if (!c.dimension().equals(q.dimension())) {
      return NONE;
    }
    return Quantity.same(c.third(), q.third()) ? EQUAL : OTHER_VALUE;
  }

  /**
   * The quote quantity another of the claim's words or quantities points to instead of q, or null.
   * Anchors are the content words and the other quantities near c in its claim clause (four content
   * words either side) whose nearest quantity of c's kind in the claim is c, and which occur once
   * in quote p. For each, the quantity of q's kind nearest to it in p must equal c, or be no nearer
   * than q (distances in tokens, a clause boundary counting four, a sentence end a hundred).
   */
  private static @org.jspecify.annotations.Nullable Quantity moved(
      Passage claim, Quantity c, Passage p, Quantity q) {
    int from = c.start();
    for (int seen = 0; from > 0 && seen < 4 && !claim.boundary(from - 1); from--) {
      seen += claim.words[from - 1] != null && claim.words[from - 1].content() ? 1 : 0;
    }
    int to = c.end();
    for (int seen = 0; to + 1 < claim.words.length && seen < 4 && !claim.boundary(to + 1); to++) {
      seen += claim.words[to + 1] != null && claim.words[to + 1].content() ? 1 : 0;
    }
    for (int i = from; i <= to; i++) {
      Passage.Word w = claim.words[i];
      if (w == null || !w.content() || !c.equals(nearest(claim, i, i, kind(claim, c), null))) {
        continue;
      }
      int j = uniqueOccurrence(p, w);
      if (j < 0) {
        continue;
      }
      int near = i < c.start() ? -distance(claim, i, c) : distance(claim, i, c);
      Quantity other = conflicting(p, j, j, c, q, null, near);
      if (other != null && !rangeMate(claim, c, other) && !alsoSaid(claim, c, other, i, i)) {
        return other;
      }
    }
    for (Quantity x : claim.quantities) {
      if (x.equals(c) || x.end() < from || x.start() > to) {
        continue;
      }
      if (!c.equals(nearest(claim, x.start(), x.end(), kind(claim, c), x))) {
        continue;
      }
      Quantity found = null;
      int count = 0;
      for (Quantity y : p.quantities) {
        if (match(x, y) == EQUAL) {
          found = y;
          count++;
        }
      }
      if (found == null || count != 1) {
        continue;
      }
      int near = Math.min(distance(claim, x.start(), c), distance(claim, x.end(), c));
      near = x.start() < c.start() ? -near : near;
      Quantity other = conflicting(p, found.start(), found.end(), c, q, found, near);
      if (other != null
          && !rangeMate(claim, c, other)
          && !alsoSaid(claim, c, other, x.start(), x.end())) {
        return other;
      }
    }
    return null;
  }

  /** The one quote position whose word shares a key with w, or -1 (none, or several). */
  private static int uniqueOccurrence(Passage p, Passage.Word w) {
    int found = -1;
    for (int t = 0; t < p.words.length; t++) {
      Passage.Word x = p.words[t];
      if (x == null || !x.content()) {
        continue;
      }
      boolean shares = false;
      for (String k : w.keys) {
        shares |= x.keys.contains(k);
      }
      if (shares) {
        if (found >= 0) {
          return -1;
        }
        found = t;
      }
    }
    return found;
  }

  /**
   * Whether the claim also says {@code other}, the value the quote attaches the anchor (tokens
   * from..to) to, in the anchor's own clause: the anchor bears on both values in both texts ("Eight
   * legions were kept in five bases" for "kept eight legions in five bases"). Not for the word
   * right after c, which is what c counts.
   */
  private static boolean alsoSaid(Passage claim, Quantity c, Quantity other, int from, int to) {
    if (from == c.end() + 1) {
      return false; // the word right after a number is what it counts ("eight bases")
    }
    for (Quantity x : claim.quantities) {
      if (x.equals(c) || match(x, other) != EQUAL || (x.start() <= to && x.end() >= from)) {
        continue;
      }
      int a = Math.min(to, x.end());
      int b = Math.max(from, x.start());
      boolean apart = false;
      boolean colon = false;
      for (int k = a + 1; k < b && !apart; k++) {
        // a colon introduces what the sentence says of the words before it: not apart
        boolean isColon = claim.tokens.get(k).lower().equals(":");
        apart = claim.boundary(k) && !isColon;
        colon |= isColon;
      }
      // the value after the colon of "question: answer" answers all of the question, however
      // long ("the talks held for the rights ... from the 1992 season: 1991")
      boolean answers =
          colon && x.start() > to && answersColon(claim, x) && !ownPhrase(claim, c, from, to);
      if (!apart && (b - a <= 12 || answers)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether the anchor (tokens from..to) belongs to c's own phrase: only content words stand
   * between them ("one square kilometer", "1992 season").
   */
  private static boolean ownPhrase(Passage claim, Quantity c, int from, int to) {
    int a = Math.min(c.end(), to);
    int b = Math.max(c.start(), from);
    for (int k = a + 1; k < b; k++) {
      if (claim.words[k] == null || !claim.words[k].content()) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether quantity x is all that follows the claim's colon before it, up to the sentence's end
   * (but for function words and a unit): the answer of a "question: answer" claim.
   */
  private static boolean answersColon(Passage claim, Quantity x) {
    int colon = x.start() - 1;
    while (colon >= 0 && !claim.tokens.get(colon).lower().equals(":")) {
      if (claim.words[colon] != null && claim.words[colon].content()) {
        return false;
      }
      colon--;
    }
    for (int k = x.end() + 1; k < claim.tokens.size(); k++) {
      String t = claim.tokens.get(k).lower();
      if (t.equals(".") || t.equals(";") || t.equals("!") || t.equals("?")) {
        break;
      }
      if (claim.words[k] != null && claim.words[k].content()) {
        return false;
      }
    }
    return colon >= 0;
  }

  /**
   * Whether another quantity of the claim forms a range with c ("from November 2006 to July 2009",
   * "1990 to 2100") and equals {@code other}: a word the range attaches to attaches to both ends.
   */
  private static boolean rangeMate(Passage claim, Quantity c, Quantity other) {
    for (Quantity x : claim.quantities) {
      if (x.equals(c) || match(x, other) != EQUAL) {
        continue;
      }
      int gapFrom = Math.min(c.end(), x.end()) + 1;
      int gapTo = Math.max(c.start(), x.start());
      if (gapTo - gapFrom != 1) {
        continue;
      }
      String between = claim.tokens.get(gapFrom).lower();
      if (between.equals("to")
          || between.equals("until")
          || between.equals("till")
          || between.equals("through")
          || between.equals("and")
          || between.equals("-")) {
        return true;
      }
    }
    return false;
  }

  /**
   * What a quantity is, for "the same kind": its type, dimension, and whether it reads as a year (a
   * whole number from 1000 to 2100 written without a thousands separator: "1,000" is a count). A
   * range of years is another kind than a range of counts.
   */
  private static String kind(Passage p, Quantity x) {
    boolean year =
        (x.type() == Quantity.Type.NUMBER || x.type() == Quantity.Type.PAIR)
            && x.dimension().isEmpty()
            && yearLike(x.value())
            && (x.type() == Quantity.Type.NUMBER || yearLike(x.second()))
            && p.tokens.get(x.start()).raw().indexOf(',') < 0;
    return x.type() + "/" + x.dimension() + (year ? "/year" : "");
  }

  private static boolean years(Quantity pair) {
    return yearLike(pair.value()) && yearLike(pair.second());
  }

  private static boolean yearLike(double v) {
    return v == Math.rint(v) && v >= 1000 && v <= 2100;
  }

  /** Whether token k lies inside a parenthesis, and which one (0: none). */
  private static int parenthesis(Passage p, int k) {
    int open = 0;
    for (int t = 0; t <= k && t < p.tokens.size(); t++) {
      String s = p.tokens.get(t).lower();
      if (s.equals("(") || s.equals("[")) {
        open = t + 1;
      } else if (s.equals(")") || s.equals("]")) {
        if (t == k) {
          return open;
        }
        open = 0;
      }
    }
    return open;
  }

  /** The quantity of a kind nearest to tokens from..to, or null when none or two are as near. */
  private static @org.jspecify.annotations.Nullable Quantity nearest(
      Passage p,
      int from,
      int to,
      String kind,
      @org.jspecify.annotations.Nullable Quantity anchor) {
    Quantity best = null;
    int bestDistance = Integer.MAX_VALUE;
    boolean tie = false;
    int group = parenthesis(p, from);
    for (Quantity x : p.quantities) {
      if (!kind(p, x).equals(kind) || x.equals(anchor)) {
        continue;
      }
      int inside = parenthesis(p, x.start());
      if (inside != 0 && inside != group) {
        continue; // a parenthesis restates what stands before it ("760 mm (2 ft 6 in)")
      }
      int d = Math.min(distance(p, from, x), distance(p, to, x));
      if (d < bestDistance) {
        bestDistance = d;
        best = x;
        tie = false;
      } else if (d == bestDistance) {
        tie = true;
      }
    }
    return tie || bestDistance > 12 ? null : best;
  }

  private static @org.jspecify.annotations.Nullable Quantity conflicting(
      Passage p,
      int from,
      int to,
      Quantity c,
      Quantity q,
      @org.jspecify.annotations.Nullable Quantity anchor,
      int claimDistance) {
    // claimDistance: how far the anchor is from c in the claim, negative when it stands before c
    Quantity best = nearest(p, from, to, kind(p, q), anchor);
    if (best == null || match(c, best) == EQUAL) {
      return null;
    }
    int bestDistance = Math.min(distance(p, from, best), distance(p, to, best));
    int quoteDistance = Math.min(distance(p, from, q), distance(p, to, q));
    if (quoteDistance <= bestDistance) {
      return null;
    }
    boolean sameSide = (from < q.start()) == (claimDistance < 0);
    if (sameSide && quoteDistance <= Math.abs(claimDistance)) {
      return null; // the quote keeps q as near the word, on the same side, as the claim keeps c
    }
    return best;
  }

  private static int distance(Passage p, int j, Quantity x) {
    int from = Math.min(j, x.start());
    int to = Math.max(j, x.end());
    int d = to - from;
    for (int k = from + 1; k < to; k++) {
      if (p.boundary(k)) {
        d += 4;
        if (".".equals(p.tokens.get(k).lower()) || ";".equals(p.tokens.get(k).lower())) {
          d += 100;
        }
      }
    }
    return d;
  }
}
