package dev.citerag.answer;

import dev.citerag.answer.internal.NormalizedText;
import dev.citerag.answer.internal.TableCells;
import dev.citerag.internal.Checks;
import dev.citerag.text.internal.LexicalAnalyzer;
import dev.citerag.text.internal.NumberWords;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The default {@link SupportVerifier}: deterministic, no model. A claim is supported by its quotes
 * when all of these hold:
 *
 * <ol>
 *   <li><b>numbers and dates</b>: every number of the claim occurs in the quotes, compared
 *       normalised ({@code 1,000} = {@code 1000}, {@code two} = {@code 2}, {@code 21st} = {@code
 *       21}); a date is its numbers and its month name;
 *   <li><b>identifiers</b>: every token with a digit, an underscore, an inner dot or slash, or a
 *       capital after its first letter ({@code v2.3.1}, {@code SVC_KEY}, {@code HTTP}, {@code
 *       BSkyB}) occurs in the quotes, case-folded;
 *   <li><b>names</b>: every capitalised word that is not a stop word occurs in the quotes,
 *       case-folded and stemmed;
 *   <li><b>negation</b>: the claim has as many negations ({@link LexicalAnalyzer#NEGATION_WORDS}:
 *       {@code not}, {@code no}, {@code never}, {@code without}, ..., and words ending in {@code
 *       n't}) as the part of its quotes that it covers (the shortest run of quote words holding
 *       every matched claim term, plus up to two words before it within the same clause);
 *   <li><b>content</b>: at least {@code minContentShare} of the claim's content words (stop words
 *       dropped, case-folded and stemmed by {@link LexicalAnalyzer}) occur in the quotes; in
 *       scripts written without spaces every character is a content word;
 *   <li><b>table cells</b>: when the quotes are a Markdown table's header row and one of its body
 *       rows, every header the claim names is followed by its own column's value, not another's
 *       ("acknowledge within 30 minutes" where 30 minutes is the update column's value is
 *       contradicted).
 * </ol>
 *
 * A claim with nothing to check (no content word, number or name) is not supported: it says nothing
 * its quotes could carry.
 *
 * <p>What it proves, and what it does not: the claim reuses the quotes' numbers, names and
 * identifiers, agrees with their negation, and is mostly made of their words. A false paraphrase
 * built from the quotes' own words (swapped roles, "before" for "after", an antonym, a quantifier
 * such as "all" for "some") still passes.
 */
public final class LexicalSupportVerifier implements SupportVerifier {

  /** Default share of content words that must occur in the quotes. */
  public static final double DEFAULT_MIN_CONTENT_SHARE = 0.75;

  private static final Set<String> NEGATIONS = LexicalAnalyzer.NEGATION_WORDS;

  private static final Map<String, String> NUMBER_WORDS = numberWords();

  /**
   * Chinese and Japanese numerals: the digits 0 to 9 at their value's index, then 10, 100, 1000,
   * 10^4, 10^8, "two".
   */
  private static final String HAN_NUMERALS =
      "\u3007\u4e00\u4e8c\u4e09\u56db\u4e94\u516d\u4e03\u516b\u4e5d\u5341\u767e\u5343\u4e07\u4ebf\u5104\u842c\u4e24";

  private static final Pattern THOUSANDS = Pattern.compile("\\d{1,3}(,\\d{3})+(\\.\\d+)?");
  private static final Pattern HYPHEN = Pattern.compile("-");
  private static final Pattern ORDINAL = Pattern.compile("(?<!\\d)(\\d++)(st|nd|rd|th)");
  private static final Set<String> CLAUSE_ENDS =
      Set.of(",", ";", ":", ".", "!", "?", "(", ")", "\u2014", "\u2013");

  private final double minContentShare;

  /** Content share {@value #DEFAULT_MIN_CONTENT_SHARE}. */
  public LexicalSupportVerifier() {
    this(DEFAULT_MIN_CONTENT_SHARE);
  }

  /**
   * @param minContentShare share of the claim's content words that must occur in its quotes, in (0,
   *     1]
   * @throws IllegalArgumentException when out of range
   */
  public LexicalSupportVerifier(double minContentShare) {
    Checks.inRange(minContentShare, 0.0, 1.0, "minContentShare");
    if (minContentShare == 0.0) {
      throw new IllegalArgumentException("minContentShare must be > 0, was 0.0");
    }
    this.minContentShare = minContentShare;
  }

  /** {@return the least share of a claim's content its quotes must cover, in (0, 1]} */
  public double minContentShare() {
    return minContentShare;
  }

  @Override
  public SupportVerdict verify(String claim, List<String> quotes) {
    Checks.notNull(claim, "claim");
    Checks.noNullElements(quotes, "quotes");
    if (quotes.isEmpty()) {
      throw new IllegalArgumentException("quotes must not be empty");
    }
    List<Token> claimTokens = tokens(claim);
    List<List<Token>> quoteTokens = new ArrayList<>();
    Set<String> quoteNumbers = new HashSet<>();
    Set<String> quoteLower = new HashSet<>();
    Set<String> quoteTerms = new HashSet<>();
    for (String q : quotes) {
      List<Token> ts = tokens(q);
      quoteTokens.add(ts);
      @org.jspecify.annotations.Nullable Token previous = null;
      for (Token t : ts) {
        if (t.number != null) {
          quoteNumbers.add(t.number);
        }
        quoteLower.add(t.lower);
        quoteTerms.addAll(t.terms);
        if (t.word && t.lower.indexOf('-') > 0) {
          // "mid-1994" states 1994, "re-branded" is "rebranded"
          for (String part : HYPHEN.split(t.lower, -1)) {
            String n = number(part);
            if (n != null) {
              quoteNumbers.add(n);
            }
            quoteLower.add(part);
          }
          String closed = t.lower.replace("-", "");
          quoteLower.add(closed);
          quoteTerms.addAll(LexicalAnalyzer.terms(closed));
        }
        if (previous != null && t.word && !t.negation && previous.word && !previous.negation) {
          // "Sky Drive" is "SkyDrive": the two words written closed
          quoteLower.add(previous.lower + t.lower);
        }
        previous = t.word ? t : null;
      }
    }

    Set<String> missing = new LinkedHashSet<>();
    Set<String> items = new LinkedHashSet<>(); // every claim item to be covered
    Set<String> covered = new LinkedHashSet<>();
    int claimNegations = 0;
    List<String> claimNegationWords = new ArrayList<>();
    boolean requiredMissing = false;
    int contentTotal = 0;
    int contentHit = 0;
    Set<String> seenContent = new HashSet<>();
    for (int i = 0; i < claimTokens.size(); i++) {
      Token t = claimTokens.get(i);
      if (t.negation) {
        claimNegations++;
        claimNegationWords.add(t.lower);
        continue;
      }
      if (!t.word) {
        continue;
      }
      if (t.number != null) {
        items.add("#" + t.number);
        if (quoteNumbers.contains(t.number) || rangeInQuotes(t.number, quoteNumbers)) {
          covered.add("#" + t.number);
        } else {
          missing.add(t.lower);
          requiredMissing = true;
        }
        continue;
      }
      boolean required = t.identifier || (t.capitalised && !t.terms.isEmpty());
      boolean written = writtenInQuotes(claimTokens, i, quoteLower);
      if (required) {
        boolean present = written || (!t.terms.isEmpty() && quoteTerms.containsAll(t.terms));
        items.add("=" + t.lower);
        if (present) {
          covered.add("=" + t.lower);
        } else {
          missing.add(t.lower);
          requiredMissing = true;
        }
      }
      for (String term : t.terms) {
        if (seenContent.add(term)) {
          contentTotal++;
          items.add(term);
          if (written || quoteTerms.contains(term)) {
            contentHit++;
            covered.add(term);
          } else if (!required) {
            missing.add(t.lower); // the word as written (lower-cased), not its stem
          }
        }
      }
    }

    List<String> contradicting = new ArrayList<>();
    int quoteNegations = 0;
    List<String> quoteNegationWords = new ArrayList<>();
    for (List<Token> ts : quoteTokens) {
      if (ts.stream().noneMatch(t -> t.negation)) {
        continue; // nothing to count, wherever the window lies (it is costly to find)
      }
      int[] w = window(ts, claimTokens);
      if (w == null) {
        continue;
      }
      for (int k = w[0]; k <= w[1]; k++) {
        if (ts.get(k).negation) {
          quoteNegations++;
          quoteNegationWords.add(ts.get(k).lower);
        }
      }
    }
    if (claimNegations != quoteNegations) {
      if (claimNegations > quoteNegations) {
        contradicting.addAll(claimNegationWords);
      } else {
        contradicting.addAll(quoteNegationWords);
      }
    }

    // a table row's value under another column's header: every word is in the quotes, the fact
    // is not
    contradicting.addAll(TableCells.misplaced(claim, quotes));

    double coverage = items.isEmpty() ? 0.0 : (double) covered.size() / items.size();
    boolean enoughContent =
        contentTotal == 0 || contentHit >= minContentShare * contentTotal - 1e-9;
    SupportVerdict.Support support;
    if (!contradicting.isEmpty()) {
      support = SupportVerdict.Support.CONTRADICTED;
    } else if (items.isEmpty() || requiredMissing || !enoughContent) {
      support = SupportVerdict.Support.NOT_ENOUGH;
    } else {
      support = SupportVerdict.Support.SUPPORTED;
    }
    if (support == SupportVerdict.Support.SUPPORTED) {
      missing.clear();
    }
    return new SupportVerdict(
        support, List.copyOf(missing), contradicting, coverage, VerificationUsage.NONE);
  }

  /**
   * Whether a hyphenated number ({@code 2003-04}, {@code 1851-1860}) is in the quotes as its parts,
   * written with another dash ({@code 2003–04}).
   */
  private static boolean rangeInQuotes(String number, Set<String> quoteNumbers) {
    if (number.indexOf('-') <= 0) {
      return false;
    }
    for (String part : HYPHEN.split(number, -1)) {
      String n = number(part);
      if (n == null || !quoteNumbers.contains(n)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether claim token {@code i} is written in the quotes as it is, closed up ("re-branded" as
   * "rebranded"), or closed up with a neighbour ("Sky Drive" as "SkyDrive", and the reverse).
   */
  private static boolean writtenInQuotes(List<Token> claim, int i, Set<String> quoteLower) {
    Token t = claim.get(i);
    if (quoteLower.contains(t.lower)
        || (t.lower.indexOf('-') > 0 && quoteLower.contains(t.lower.replace("-", "")))) {
      return true;
    }
    @org.jspecify.annotations.Nullable Token before = i > 0 ? claim.get(i - 1) : null;
    @org.jspecify.annotations.Nullable Token after = i + 1 < claim.size() ? claim.get(i + 1) : null;
    return (before != null && before.word && quoteLower.contains(before.lower + t.lower))
        || (after != null && after.word && quoteLower.contains(t.lower + after.lower));
  }

  /**
   * The shortest run of quote tokens holding every claim item that occurs in the quote, extended by
   * up to two tokens to the left within the same clause; null when no item occurs.
   */
  private static int @org.jspecify.annotations.Nullable [] window(
      List<Token> quote, List<Token> claim) {
    Set<String> claimKeys = new HashSet<>();
    for (Token t : claim) {
      if (t.word && !t.negation) {
        claimKeys.addAll(t.keys());
      }
    }
    List<Set<String>> matches = new ArrayList<>(quote.size());
    Set<String> present = new HashSet<>();
    for (Token t : quote) {
      Set<String> m = new HashSet<>();
      if (t.word && !t.negation) {
        for (String k : t.keys()) {
          if (claimKeys.contains(k)) {
            m.add(k);
          }
        }
      }
      matches.add(m);
      present.addAll(m);
    }
    if (present.isEmpty()) {
      return null;
    }
    // minimum window covering every present key (two pointers)
    Map<String, Integer> counts = new HashMap<>();
    int have = 0;
    int bestL = 0;
    int bestR = quote.size() - 1;
    int l = 0;
    for (int r = 0; r < quote.size(); r++) {
      for (String k : matches.get(r)) {
        if (counts.merge(k, 1, Integer::sum) == 1) {
          have++;
        }
      }
      while (have == present.size()) {
        if (r - l < bestR - bestL) {
          bestL = l;
          bestR = r;
        }
        for (String k : matches.get(l)) {
          if (counts.merge(k, -1, Integer::sum) == 0) {
            have--;
          }
        }
        l++;
      }
    }
    int start = bestL;
    for (int step = 0; step < 2 && start > 0; step++) {
      Token before = quote.get(start - 1);
      if (!before.word && CLAUSE_ENDS.contains(before.lower)) {
        break;
      }
      start--;
    }
    return new int[] {start, bestR};
  }

  /** One token of a claim or quote with what the checks need to know about it. */
  private static final class Token {
    final String lower;
    final boolean word;
    final boolean negation;
    final @org.jspecify.annotations.Nullable String number;
    final boolean identifier;
    final boolean capitalised;
    final List<String> terms;

    Token(String raw, boolean word) {
      String low = raw.toLowerCase(Locale.ROOT);
      if (low.endsWith("'s") && low.length() > 2) {
        low = low.substring(0, low.length() - 2);
        raw = raw.substring(0, raw.length() - 2);
      }
      this.lower = low;
      this.word = word;
      this.negation = word && (NEGATIONS.contains(low) || low.endsWith("n't"));
      this.number = word ? number(low) : null;
      boolean letter = false;
      boolean digit = false;
      boolean innerCap = false;
      boolean sep = false;
      for (int i = 0; i < raw.length(); i++) {
        char c = raw.charAt(i);
        letter |= Character.isLetter(c);
        digit |= Character.isDigit(c);
        innerCap |= i > 0 && Character.isUpperCase(c);
        sep |= c == '_' || ((c == '.' || c == '/') && i > 0 && i < raw.length() - 1);
      }
      this.identifier = word && number == null && letter && (digit || sep || innerCap);
      boolean cap = word && !raw.isEmpty() && Character.isUpperCase(raw.codePointAt(0));
      this.capitalised =
          cap && !LexicalAnalyzer.STOP_WORDS.contains(low) && !NEGATIONS.contains(low);
      if (!word || negation || number != null) {
        this.terms = List.of();
      } else if (NormalizedText.isNoSpaceScript(raw.codePointAt(0))) {
        this.terms = List.of(low);
      } else {
        this.terms = List.copyOf(new LinkedHashSet<>(LexicalAnalyzer.terms(raw)));
      }
    }

    /** What a claim token and a quote token match on. */
    Set<String> keys() {
      Set<String> k = new HashSet<>(terms);
      if (number != null) {
        k.add("#" + number);
      }
      k.add("=" + lower);
      return k;
    }
  }

  /**
   * Tokens of a text under the quotation normalisation: words (joined as quotes are) and single
   * punctuation marks.
   */
  private static List<Token> tokens(String text) {
    NormalizedText nt = NormalizedText.of(text);
    String s = nt.text();
    List<Token> out = new ArrayList<>();
    int i = 0;
    while (i < s.length()) {
      int cp = s.codePointAt(i);
      int len = Character.charCount(cp);
      if (cp == ' ') {
        i += len;
        continue;
      }
      if (NormalizedText.isWord(cp)) {
        int j = i + len;
        if (!NormalizedText.isNoSpaceScript(cp)) {
          while (j < s.length() && !nt.isBoundary(j)) {
            j += Character.charCount(s.codePointAt(j));
          }
        } else {
          while (j < s.length()
              && !nt.isBoundary(j)
              && !NormalizedText.isNoSpaceScript(s.codePointAt(j))) {
            j += Character.charCount(s.codePointAt(j));
          }
        }
        out.add(new Token(s.substring(i, j), true));
        i = j;
      } else {
        String p = s.substring(i, i + len);
        out.add(new Token(p, false));
        i += len;
      }
    }
    return out;
  }

  /** The normalised number a token stands for, or null. */
  private static @org.jspecify.annotations.Nullable String number(String low) {
    if (low.length() == 1 && HAN_NUMERALS.indexOf(low.charAt(0)) >= 0) {
      int d = HAN_NUMERALS.indexOf(low.charAt(0));
      return d < 10 ? Integer.toString(d) : low;
    }
    String w = NUMBER_WORDS.get(low);
    if (w != null) {
      return w;
    }
    boolean digit = false;
    for (int i = 0; i < low.length(); i++) {
      char c = low.charAt(i);
      if (Character.isDigit(c)) {
        digit = true;
      } else if (Character.isLetter(c)) {
        if (!digit) {
          return null; // no ordinal either (a regular expression per word is costly)
        }
        var m = ORDINAL.matcher(low);
        return m.matches() ? strip(m.group(1)) : null;
      }
    }
    if (!digit) {
      return null;
    }
    if (low.indexOf(',') >= 0 && THOUSANDS.matcher(low).matches()) {
      low = low.replace(",", "");
    }
    return strip(low);
  }

  private static String strip(String n) {
    int i = 0;
    while (i < n.length() - 1 && n.charAt(i) == '0' && Character.isDigit(n.charAt(i + 1))) {
      i++;
    }
    return n.substring(i);
  }

  private static Map<String, String> numberWords() {
    Map<String, String> m = new HashMap<>();
    NumberWords.VALUES.forEach((word, value) -> m.put(word, Integer.toString(value)));
    return Map.copyOf(m);
  }
}
