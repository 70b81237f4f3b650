package dev.citerag.extractive.internal;

import dev.citerag.text.internal.LexicalAnalyzer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where the question's terms and the asked-for span sit in a sentence: how close the span is to the
 * matched terms, how compact the matched terms are and whether they come in the question's order.
 * Positions are word positions of the sentence (stop words included), so that "distance" means what
 * a reader sees.
 */
final class SentenceShape {

  private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}]+(?:['’-][\\p{L}\\p{N}]+)*+");

  private SentenceShape() {}

  /** One word of a sentence: its surface form, its stem (null for a stop word) and its position. */
  record Word(String surface, String lower, String stem, int position) {}

  /** The words of {@code text} in order, each with its stem ("" for a stop word). */
  static List<Word> words(String text) {
    List<Word> out = new ArrayList<>();
    Matcher m = WORD.matcher(text);
    int i = 0;
    while (m.find()) {
      String w = m.group();
      List<String> stems = LexicalAnalyzer.terms(w);
      out.add(new Word(w, w.toLowerCase(Locale.ROOT), stems.isEmpty() ? "" : stems.get(0), i++));
    }
    return out;
  }

  /**
   * The measures of one sentence against the question's content terms (in question order).
   *
   * @param slotNear 1 / (1 + word distance) between the nearest asked-for span the question does
   *     not hold and a matched term; 0 when the question asks for no type or the sentence holds no
   *     such span
   * @param compactness matched terms / width of the window they span (1 for one match, 0 for none)
   * @param order share of pairs of matched terms that come in the question's order (1 under two)
   */
  record Measures(double slotNear, double compactness, double order) {}

  static Measures measure(
      String question,
      String sentence,
      List<String> contentInOrder,
      Map<String, Set<String>> alternatives,
      boolean number,
      boolean time,
      boolean person,
      boolean place) {
    List<Word> words = words(sentence);
    Map<String, Integer> first = new HashMap<>();
    List<Integer> matched = new ArrayList<>();
    for (String t : contentInOrder) {
      for (Word w : words) {
        if (!w.stem().isEmpty() && QuestionCues.matches(t, Set.of(w.stem()), alternatives)) {
          first.putIfAbsent(t, w.position());
          matched.add(w.position());
        }
      }
    }
    double compactness = 0;
    if (!matched.isEmpty()) {
      int lo = matched.stream().mapToInt(Integer::intValue).min().orElse(0);
      int hi = matched.stream().mapToInt(Integer::intValue).max().orElse(0);
      compactness = Math.min(1.0, (double) first.size() / (hi - lo + 1));
    }
    List<Integer> inQuestionOrder = new ArrayList<>();
    for (String t : contentInOrder) {
      Integer p = first.get(t);
      if (p != null) {
        inQuestionOrder.add(p);
      }
    }
    int pairs = 0;
    int agree = 0;
    for (int i = 0; i < inQuestionOrder.size(); i++) {
      for (int j = i + 1; j < inQuestionOrder.size(); j++) {
        pairs++;
        if (inQuestionOrder.get(i) < inQuestionOrder.get(j)) {
          agree++;
        }
      }
    }
    double order = pairs == 0 ? 1 : (double) agree / pairs;
    double slotNear = 0;
    if ((number || time || person || place) && !matched.isEmpty()) {
      Set<String> asked = new HashSet<>();
      for (Word w : words(question)) {
        asked.add(w.lower());
      }
      Set<String> questionStems = new HashSet<>(LexicalAnalyzer.distinctTerms(question));
      int best = Integer.MAX_VALUE;
      for (Word w : words) {
        if (asked.contains(w.lower()) || !isSlot(w, number, time, person || place, questionStems)) {
          continue;
        }
        for (int p : matched) {
          best = Math.min(best, Math.abs(p - w.position()));
        }
      }
      slotNear = best == Integer.MAX_VALUE ? 0 : 1.0 / (1 + best);
    }
    return new Measures(slotNear, compactness, order);
  }

  private static boolean isSlot(
      Word w, boolean number, boolean time, boolean name, Set<String> questionStems) {
    if (number || time) {
      return QuestionCues.typedSpan(w.surface(), "", number, time, false, false);
    }
    return name
        && w.position() > 0
        && Character.isUpperCase(w.surface().codePointAt(0))
        && !questionStems.contains(w.stem())
        && !LexicalAnalyzer.STOP_WORDS.contains(w.lower());
  }

  /** A word or a clause-breaking mark (comma, semicolon, colon, parenthesis, dash). */
  private static final Pattern TOKEN =
      Pattern.compile("[\\p{L}\\p{N}]+(?:['’-][\\p{L}\\p{N}]+)*+|[,;:()\\[\\]–—]");

  /** Words that open a new clause: what follows is said of something else. */
  private static final Set<String> CLAUSE_OPENERS =
      Set.of(
          "but",
          "whereas",
          "while",
          "although",
          "though",
          "however",
          "unlike",
          "because",
          "except",
          "which",
          "whom",
          "whose",
          "yet");

  /**
   * Words that deny what follows them without a negation word ("lacks any", "unable to", "absent
   * from"); {@code fail} counts only before "to" ("fails to distinguish", not "the failed
   * operation").
   */
  private static final Set<String> DENIALS = Set.of("lack", "lacks", "lacked", "lacking", "unable");

  private static final Set<String> FAILS = Set.of("fail", "fails", "failed", "failing");

  /**
   * Words that assert an absence themselves ("exempt from rate limiting", "services excluded from
   * the backup"): a question holding one is answered by a negated sentence ("must not be limited").
   */
  private static final Set<String> PRIVATIVES =
      Set.of(
          "exempt",
          "exempted",
          "exemption",
          "exemptions",
          "except",
          "excluded",
          "exclude",
          "excludes",
          "avoid",
          "avoids",
          "avoided",
          "prevent",
          "prevents",
          "prevented",
          "prohibit",
          "prohibits",
          "prohibited",
          "forbid",
          "forbids",
          "forbidden",
          "ban",
          "bans",
          "banned",
          "refuse",
          "refuses",
          "refused",
          "reject",
          "rejects",
          "rejected",
          "deny",
          "denies",
          "denied",
          "stop",
          "stops",
          "stopped",
          "cease",
          "ceased",
          "missing",
          "absent",
          "lack",
          "lacks",
          "lacked",
          "lacking",
          "fail",
          "fails",
          "failed",
          "unable");

  /** How many words before a matched question term a negation still governs it. */
  static final int NEGATION_REACH = 4;

  /**
   * Whether the word at {@code i} denies what follows: a negation word that is not half of "not
   * only", "whether or not" or "with or without", a denial word, or "fail(s/ed)" before "to".
   */
  private static boolean negates(List<String> lower, int i) {
    String w = lower.get(i);
    String next = i + 1 < lower.size() ? lower.get(i + 1) : "";
    String previous = i > 0 ? lower.get(i - 1) : "";
    if (LexicalAnalyzer.NEGATION_WORDS.contains(w) || w.endsWith("n't") || w.endsWith("n’t")) {
      return !next.equals("only") && !previous.equals("or");
    }
    return DENIALS.contains(w) || (FAILS.contains(w) && next.equals("to"));
  }

  /**
   * Whether the sentence denies what a plain question asserts ("Frame Relay does <b>not</b> define
   * any handshakes" under "Frame Relay requires a handshake from what?"): the question is a wh-
   * question (a yes/no question may be answered by a denial) holding no negation, denial or
   * privative word ("exempt from", "excluded", "fails"), and in the sentence a negation or denial
   * word stands in the same clause as a matched question content term, at most {@link
   * #NEGATION_REACH} words before it. A negation in another clause ("..., but not on weekends") or
   * after the matched terms does not count.
   */
  static boolean negatedScope(
      String question,
      String sentence,
      List<String> contentInOrder,
      Map<String, Set<String>> alternatives,
      Set<String> auxiliaries) {
    List<String> asked = new ArrayList<>();
    for (Word w : words(question)) {
      asked.add(w.lower());
    }
    if (asked.isEmpty() || auxiliaries.contains(asked.get(0))) {
      return false;
    }
    for (int i = 0; i < asked.size(); i++) {
      if (negates(asked, i) || PRIVATIVES.contains(asked.get(i))) {
        return false;
      }
    }
    List<String> lower = new ArrayList<>();
    List<Integer> clause = new ArrayList<>();
    List<Boolean> matched = new ArrayList<>();
    int id = 0;
    Matcher m = TOKEN.matcher(sentence);
    while (m.find()) {
      String t = m.group();
      if (!Character.isLetterOrDigit(t.codePointAt(0))) {
        id++;
        continue;
      }
      String l = t.toLowerCase(Locale.ROOT);
      if (CLAUSE_OPENERS.contains(l)) {
        id++;
      }
      List<String> stems = LexicalAnalyzer.terms(t);
      boolean hit = false;
      if (!stems.isEmpty() && !LexicalAnalyzer.STOP_WORDS.contains(l)) {
        for (String c : contentInOrder) {
          hit |= QuestionCues.matches(c, Set.of(stems.get(0)), alternatives);
        }
      }
      lower.add(l);
      clause.add(id);
      matched.add(hit);
    }
    for (int i = 0; i < lower.size(); i++) {
      if (!matched.get(i)) {
        continue;
      }
      for (int j = i - 1; j >= Math.max(0, i - NEGATION_REACH); j--) {
        if (!clause.get(j).equals(clause.get(i))) {
          break;
        }
        if (negates(lower, j)) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * The head noun of a "what X" / "which X" question, stemmed: the word right after the wh-word
   * when it is not an auxiliary, a determiner, a stop word or a name ("What river", "which
   * company"); empty for any other shape.
   */
  static String headNoun(String question, Set<String> auxiliaries) {
    List<Word> words = words(question);
    for (int i = 0; i + 1 < words.size(); i++) {
      String w = words.get(i).lower();
      if (w.equals("what") || w.equals("which")) {
        Word next = words.get(i + 1);
        if (auxiliaries.contains(next.lower())
            || LexicalAnalyzer.STOP_WORDS.contains(next.lower())
            || next.stem().isEmpty()
            || Character.isUpperCase(next.surface().codePointAt(0))) {
          return "";
        }
        return next.stem();
      }
    }
    return "";
  }

  /** The sentence with every word that matches a question term removed (for a residual cosine). */
  static String without(String sentence, Set<String> terms, Map<String, Set<String>> alternatives) {
    StringBuilder out = new StringBuilder();
    for (Word w : words(sentence)) {
      boolean hit = false;
      for (String t : terms) {
        if (!w.stem().isEmpty() && QuestionCues.matches(t, Set.of(w.stem()), alternatives)) {
          hit = true;
          break;
        }
      }
      if (!hit) {
        if (out.length() > 0) {
          out.append(' ');
        }
        out.append(w.surface());
      }
    }
    return out.toString();
  }
}
