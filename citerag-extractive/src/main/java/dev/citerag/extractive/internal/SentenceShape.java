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
