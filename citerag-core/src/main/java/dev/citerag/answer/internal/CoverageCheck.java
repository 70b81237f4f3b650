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
}
