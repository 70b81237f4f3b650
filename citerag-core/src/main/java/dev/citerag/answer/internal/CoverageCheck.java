package dev.citerag.answer.internal;

import dev.citerag.answer.TermEquivalence;
import dev.citerag.store.Chunk;
import dev.citerag.text.internal.LexicalAnalyzer;
import dev.citerag.text.internal.NumberWords;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Question coverage: whether the sources an answer cites speak about what the question asks. Two
 * rules, both deterministic. Every name and number of the question must be mentioned by a source. A
 * qualifier of the question ("the <b>payments</b> service") must be mentioned too when the source
 * has the same head word with another qualifier ("the checkout service", "the local cache", "a
 * weekly limit"): the source is then about a sibling of what was asked. Which of a question's terms
 * ({@link QuestionTerms}) each source mentions, in its text, its heading path or its document's
 * title. A term is mentioned when the source holds its Porter2 stem, the stem of one of its {@link
 * TermEquivalence equivalents}, a word it is a prefix of or that is a prefix of it (both at least 5
 * letters and at most 2 apart: "invent"/"inventor", not "second"/"secondary"), or, for a word of 6
 * letters or more, a word one edit away with the same first letter (a misspelling), or, for a count
 * word, its number ("single"/"one"). Numbers and identifiers must occur as they are (or as every
 * part of a range, or spelled out up to twenty). Thread-safe.
 */
public final class CoverageCheck {
  private final TermEquivalence equivalence;

  /**
   * A check that counts {@code equivalence}'s words as the term itself.
   *
   * @param equivalence synonyms and derivations beyond stemming
   */
  public CoverageCheck(TermEquivalence equivalence) {
    this.equivalence = equivalence;
  }

  /** The stems a source offers: its text, headings and title. */
  public static Set<String> stemsOf(Chunk chunk) {
    StringBuilder b = new StringBuilder(chunk.text());
    for (String h : chunk.headingPath()) {
      b.append('\n').append(h);
    }
    if (chunk.title() != null) {
      b.append('\n').append(chunk.title());
    }
    return LexicalAnalyzer.distinctTerms(b);
  }

  /**
   * Whether {@code stems} (a source's, see {@link #stemsOf}) mention {@code term}.
   *
   * @param term a question term
   * @param stems a source's stems
   * @return whether the source mentions it
   */
  public boolean mentions(QuestionTerms.Term term, Set<String> stems) {
    List<String> parts = LexicalAnalyzer.terms(term.word());
    if (parts.isEmpty()) {
      return true;
    }
    if (stems.contains(parts.get(0))) {
      return true;
    }
    if (term.kind() == QuestionTerms.Kind.NUMBER) {
      return number(term.word(), stems);
    }
    if (parts.size() > 1 && stems.containsAll(parts.subList(1, parts.size()))) {
      return true;
    }
    String stem = parts.get(0);
    if (near(stem, stems)) {
      return true;
    }
    String count = COUNT_WORDS.get(term.word());
    if (count != null && stems.contains(count)) {
      return true;
    }
    for (String e : equivalence.equivalents(term.word())) {
      for (String s : LexicalAnalyzer.terms(e)) {
        if (stems.contains(s)) {
          return true;
        }
      }
    }
    return false;
  }

  /** Words that state a count ("a single migration" is "one migration"). */
  private static final Map<String, String> COUNT_WORDS =
      Map.of("single", "one", "double", "two", "twice", "two", "triple", "three", "once", "one");

  private static final java.util.regex.Pattern RANGE = java.util.regex.Pattern.compile("[-/:–]");

  /**
   * A number or identifier: as it is, every part of a range or compound ("2003-04", "1851-1860"), a
   * decade's year with its plural ("1950's"/"1950s"), or a small number spelled out ("3"/"three").
   */
  private static boolean number(String word, Set<String> stems) {
    String w = word.endsWith("'s") ? word.substring(0, word.length() - 2) : word;
    if (stems.contains(w) || stems.contains(w + "s")) {
      return true;
    }
    String[] parts = RANGE.split(w, -1);
    if (parts.length > 1) {
      boolean all = true;
      for (String p : parts) {
        all &= p.isEmpty() || stems.contains(p);
      }
      if (all) {
        return true;
      }
    }
    if (w.matches("\\d{1,2}")) {
      int n = Integer.parseInt(w);
      return n <= 20 && stems.contains(NumberWords.word(n));
    }
    return false;
  }

  private static boolean near(String stem, Set<String> stems) {
    if (stem.length() < 5 || !isLetters(stem)) {
      return false;
    }
    for (String s : stems) {
      if (s.length() < 5 || s.charAt(0) != stem.charAt(0)) {
        continue;
      }
      if (Math.abs(s.length() - stem.length()) <= 2 && (s.startsWith(stem) || stem.startsWith(s))) {
        return true;
      }
      if (stem.length() >= 6 && oneEdit(stem, s)) {
        return true;
      }
    }
    return false;
  }

  private static boolean isLetters(String s) {
    for (int i = 0; i < s.length(); i++) {
      if (!Character.isLetter(s.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  /** Whether {@code a} and {@code b} differ by one substitution, insertion or deletion. */
  static boolean oneEdit(String a, String b) {
    int la = a.length();
    int lb = b.length();
    if (Math.abs(la - lb) > 1) {
      return false;
    }
    int i = 0;
    int j = 0;
    int edits = 0;
    while (i < la && j < lb) {
      if (a.charAt(i) == b.charAt(j)) {
        i++;
        j++;
        continue;
      }
      if (++edits > 1) {
        return false;
      }
      if (la > lb) {
        i++;
      } else if (lb > la) {
        j++;
      } else {
        i++;
        j++;
      }
    }
    return edits + (la - i) + (lb - j) <= 1;
  }

  /**
   * Whether {@code chunk} fails {@code term}: a name or number it does not mention, or a qualifier
   * it does not mention while it qualifies the same head word with another word.
   *
   * @param term a question term
   * @param stems the chunk's stems ({@link #stemsOf})
   * @param words the chunk's words, lower case, in order ({@link #wordsOf})
   * @return whether the chunk misses what the term asks for
   */
  public boolean misses(QuestionTerms.Term term, Set<String> stems, List<String> words) {
    if (term.named()) {
      return !mentions(term, stems);
    }
    String head = term.head();
    if (head == null || mentions(term, stems)) {
      return false;
    }
    String headStem = LexicalAnalyzer.stem(head);
    for (int j = 1; j < words.size(); j++) {
      if (!LexicalAnalyzer.stem(words.get(j)).equals(headStem)) {
        continue;
      }
      String prev = words.get(j - 1);
      if (prev.length() >= 3
          && prev.chars().allMatch(Character::isLetter)
          && !LexicalAnalyzer.STOP_WORDS.contains(prev)
          && !QuestionTerms.GENERIC.contains(prev)
          && !prev.endsWith("ed")) {
        return true;
      }
    }
    return false;
  }

  private static final java.util.regex.Pattern WORDS =
      java.util.regex.Pattern.compile("[\\p{L}\\p{N}_]+(?:['\u2019][\\p{L}]+)?");

  /** The words of a source's text and headings, lower case, in order; a heading ends a phrase. */
  public static List<String> wordsOf(Chunk chunk) {
    List<String> out = new ArrayList<>();
    java.util.regex.Matcher m = WORDS.matcher(chunk.text().toLowerCase(java.util.Locale.ROOT));
    while (m.find()) {
      out.add(m.group());
    }
    for (String h : chunk.headingPath()) {
      out.add("");
      java.util.regex.Matcher hm = WORDS.matcher(h.toLowerCase(java.util.Locale.ROOT));
      while (hm.find()) {
        out.add(hm.group());
      }
    }
    return out;
  }

  /**
   * For each question term, the ids of the sources that mention it (empty: uncovered).
   *
   * @param terms the question's terms
   * @param sources source id to chunk, in citation order
   * @return term to covering source ids, in question order
   */
  public Map<QuestionTerms.Term, List<String>> cover(
      List<QuestionTerms.Term> terms, Map<String, Chunk> sources) {
    Map<String, Set<String>> stems = new LinkedHashMap<>();
    sources.forEach((id, c) -> stems.put(id, stemsOf(c)));
    Map<QuestionTerms.Term, List<String>> out = new LinkedHashMap<>();
    for (QuestionTerms.Term t : terms) {
      List<String> by = new ArrayList<>();
      stems.forEach(
          (id, s) -> {
            if (mentions(t, s)) {
              by.add(id);
            }
          });
      out.put(t, List.copyOf(by));
    }
    return out;
  }

  /**
   * The question's terms that {@code chunk} misses (see {@link #misses}).
   *
   * @param terms the question's terms
   * @param chunk one source
   * @return the terms it lacks, in question order
   */
  public List<QuestionTerms.Term> uncovered(List<QuestionTerms.Term> terms, Chunk chunk) {
    Set<String> stems = stemsOf(chunk);
    List<String> words = wordsOf(chunk);
    List<QuestionTerms.Term> out = new ArrayList<>();
    for (QuestionTerms.Term t : terms) {
      if (misses(t, stems, words)) {
        out.add(t);
      }
    }
    return out;
  }

  /**
   * Whether {@code quote}, one sentence or table row an answer quotes from {@code chunk}, is about
   * a sibling of what {@code question} asks, though its chunk may mention the question's words
   * elsewhere. Four contrasts, each read from the source's own words:
   *
   * <ul>
   *   <li>a slot: the question says "per <b>hour</b>" ("each", "every"; and "in", "on", "during"
   *       when the chunk never mentions the word) and the quote fills the same slot with another
   *       word ("per <b>minute</b>"), never with the question's;
   *   <li>a sibling identifier: the question names "p99" ("v2", "SEV4", "Q3", "4.3.0") and the
   *       quote does not, while it names another identifier of the same shape ("p95", "v1");
   *   <li>a table row: the question names the key (first cell) of another row of the quote's table,
   *       and not the quoted row's own key.
   * </ul>
   *
   * <p>And a qualifier of the quote's subject: the question says "the <b>production</b> database"
   * and the quote opens with "The <b>staging</b> database ...", nowhere with the question's word
   * (or a one-word equivalent of it) before the head. Only the subject: read anywhere in the quote
   * this cost 2.5 points of SQuAD's correct answers and 4 of the golden set's, as a long sentence
   * qualifies a head word in passing.
   *
   * @param question the user's question
   * @param quote the quoted text, as in the chunk
   * @param chunk the quote's source
   * @return the question's word the quote answers a sibling of; null when there is none
   */
  public @Nullable String contrast(String question, String quote, Chunk chunk) {
    List<String> q = tokens(question);
    List<String> w = tokens(quote);
    Set<String> chunkStems = stemsOf(chunk);
    for (int i = 1; i + 1 < q.size(); i++) {
      String t = q.get(i);
      if (!(QuestionTerms.PHRASE_OPENERS.contains(q.get(i - 1))
              || SUBJECT_OPENERS.contains(q.get(i - 1)))
          || !qualifier(t)
          || !qualifier(q.get(i + 1))) {
        continue;
      }
      if (subjectContrast(t, q.get(i + 1), w)) {
        return t;
      }
    }
    for (int i = 0; i + 1 < q.size(); i++) {
      String p = q.get(i);
      if (!SLOTS.contains(p)) {
        continue;
      }
      int k = i + 1;
      while (k < q.size() && DETERMINERS.contains(q.get(k))) {
        k++;
      }
      if (k >= q.size() || !slotWord(q.get(k))) {
        continue;
      }
      String x = q.get(k);
      if (!QUOTE_SLOTS.contains(p) && mentions(word(x), chunkStems)) {
        continue;
      }
      if (slotContrast(p, x, w)) {
        return x;
      }
    }
    for (String n : q) {
      String shape = idShape(n);
      if (shape == null || w.contains(n)) {
        continue;
      }
      for (String o : w) {
        if (!o.equals(n) && shape.equals(idShape(o))) {
          return n;
        }
      }
    }
    return rowContrast(q, quote, chunk.text());
  }

  /** Words after which a question's subject starts ("what do <b>external</b> DNS names end in"). */
  private static final Set<String> SUBJECT_OPENERS = Set.of("do", "does", "did");

  private static boolean qualifier(String w) {
    return w.length() >= 3
        && w.chars().allMatch(Character::isLetter)
        && !w.endsWith("ed")
        && !LexicalAnalyzer.STOP_WORDS.contains(w)
        && !LexicalAnalyzer.NEGATION_WORDS.contains(w)
        && !QuestionTerms.GENERIC.contains(w)
        && !SLOTS.contains(w);
  }

  /**
   * Whether the quote's subject (its first words, up to the head) qualifies the question's head
   * word {@code h} with another word, and the quote nowhere puts {@code t} within three words
   * before {@code h}: "The <b>staging</b> database is refreshed ..." for "the <b>production</b>
   * database".
   */
  private boolean subjectContrast(String t, String h, List<String> w) {
    String hs = LexicalAnalyzer.stem(h);
    boolean contrast = false;
    for (int j = 1; j < w.size(); j++) {
      if (!LexicalAnalyzer.stem(w.get(j)).equals(hs)) {
        continue;
      }
      for (int k = Math.max(0, j - 3); k < j; k++) {
        if (same(t, w.get(k)) || equivalent(t, w.get(k))) {
          return false;
        }
      }
      String y = w.get(j - 1);
      contrast |= j <= 2 && qualifier(y) && !LexicalAnalyzer.stem(y).equals(hs);
    }
    return contrast;
  }

  /** Words that open a slot whose word the answer must agree with. */
  private static final Set<String> SLOTS = Set.of("per", "each", "every", "in", "on", "during");

  /** Slots read in the quote whatever the chunk says elsewhere. */
  private static final Set<String> QUOTE_SLOTS = Set.of("per", "each", "every");

  private static final Set<String> DETERMINERS = Set.of("the", "a", "an");

  /**
   * Whether source word {@code y} stands for question word {@code x}: the same stem or a near form
   * ({@link #mentions}'s prefix and spelling rules). Not the configured equivalents: a lexicon's
   * synonyms of a unit or period name its siblings too (WordNet gives "minute" for "second").
   */
  private static boolean same(String x, String y) {
    Set<String> ys = LexicalAnalyzer.distinctTerms(y);
    String xs = LexicalAnalyzer.stem(x);
    return ys.contains(xs) || near(xs, ys);
  }

  /** Whether source word {@code y} is a one-word equivalent of question word {@code x}. */
  private boolean equivalent(String x, String y) {
    Set<String> ys = LexicalAnalyzer.distinctTerms(y);
    for (String e : equivalence.equivalents(x)) {
      List<String> parts = LexicalAnalyzer.terms(e);
      if (parts.size() == 1 && ys.contains(parts.get(0))) {
        return true;
      }
    }
    return false;
  }

  private static QuestionTerms.Term word(String w) {
    return new QuestionTerms.Term(w, QuestionTerms.Kind.TERM, null);
  }

  private static boolean slotWord(String w) {
    if (w.equals("year") || w.equals("years")) {
      return true;
    }
    return w.length() >= 3
        && w.chars().allMatch(Character::isLetter)
        && !LexicalAnalyzer.STOP_WORDS.contains(w)
        && !QuestionTerms.GENERIC.contains(w);
  }

  /** Whether the quote fills slot {@code p} with another word and never with {@code x}. */
  private static boolean slotContrast(String p, String x, List<String> w) {
    boolean contrast = false;
    for (int j = 0; j + 1 < w.size(); j++) {
      if (!w.get(j).equals(p)) {
        continue;
      }
      int k = j + 1;
      while (k < w.size() && DETERMINERS.contains(w.get(k))) {
        k++;
      }
      if (k >= w.size()) {
        continue;
      }
      String y = w.get(k);
      if (same(x, y)) {
        return false;
      }
      contrast |= slotWord(y);
    }
    return contrast;
  }

  // a word boundary first and possessive runs: a search never re-reads a run of letters or digits
  private static final java.util.regex.Pattern ID =
      java.util.regex.Pattern.compile("\\b(?:([a-z]++)-?\\d++|\\d++(?:\\.\\d++){2,})");

  /**
   * The shape of an identifier: its letters for a letter-prefixed one ("p99" and "p95": "p"),
   * "#.#.#" for a dotted version; null for anything else (plain numbers, years and amounts vary
   * freely).
   */
  private static @Nullable String idShape(String w) {
    java.util.regex.Matcher m = ID.matcher(w);
    if (!m.matches()) {
      return null;
    }
    return m.group(1) != null ? m.group(1) : w.replaceAll("\\d+", "#");
  }

  /**
   * A quoted table row whose key (first cell) the question does not name, while it names the key of
   * another row of the same table: the question selects that other row.
   */
  private static @Nullable String rowContrast(List<String> q, String quote, String text) {
    String row = quote.strip();
    if (!row.startsWith("|")) {
      return null;
    }
    Set<String> asked = new java.util.HashSet<>();
    for (String t : q) {
      asked.add(LexicalAnalyzer.stem(t));
    }
    if (keyAsked(firstCell(row), asked)) {
      return null;
    }
    boolean header = true;
    for (String line : text.lines().toList()) {
      String l = line.strip();
      if (!l.startsWith("|") || l.matches("\\|[\\s:|-]*")) {
        continue;
      }
      if (header) {
        header = false;
        continue;
      }
      String key = firstCell(l);
      if (!l.equals(row) && keyAsked(key, asked)) {
        return key.toLowerCase(java.util.Locale.ROOT);
      }
    }
    return null;
  }

  private static String firstCell(String row) {
    String r = row.startsWith("|") ? row.substring(1) : row;
    int bar = r.indexOf('|');
    return (bar < 0 ? r : r.substring(0, bar)).strip();
  }

  /** Whether every word of a row key is among the question's stems. */
  private static boolean keyAsked(String key, Set<String> asked) {
    List<String> parts = LexicalAnalyzer.terms(key);
    return !parts.isEmpty() && asked.containsAll(parts);
  }

  private static List<String> tokens(String text) {
    List<String> out = new ArrayList<>();
    java.util.regex.Matcher m = TOKEN.matcher(text.toLowerCase(java.util.Locale.ROOT));
    while (m.find()) {
      out.add(m.group());
    }
    return out;
  }

  private static final java.util.regex.Pattern TOKEN =
      java.util.regex.Pattern.compile("[\\p{L}\\p{N}_]+(?:[.\\-'\u2019][\\p{L}\\p{N}_]+)*+");
}
