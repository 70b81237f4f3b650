package dev.citerag.testkit.eval;

import dev.citerag.internal.Checks;
import java.util.List;

/**
 * One question of a SQuAD 2.0-style set: a question written against one paragraph, answerable or
 * (written to look answerable) not.
 *
 * @param id the case id (the official SQuAD id)
 * @param question the question, verbatim
 * @param answerable whether the paragraph answers it
 * @param doc the document the question was written against (corpus file name without {@code .md})
 * @param paragraph the 1-based paragraph number (section {@code Paragraph N} of {@code doc})
 * @param answers the distinct gold answers, each a span of the paragraph; any one counts; empty
 *     when unanswerable
 * @param plausibleAnswers for unanswerable questions, the tempting but wrong span when known
 */
public record SquadCase(
    String id,
    String question,
    boolean answerable,
    String doc,
    int paragraph,
    List<String> answers,
    List<String> plausibleAnswers) {

  /**
   * Checks the fields and copies the answer lists.
   *
   * @param id the case id (the official SQuAD id)
   * @param question the question, verbatim
   * @param answerable whether the paragraph answers it
   * @param doc the document the question was written against (corpus file name without {@code .md})
   * @param paragraph the 1-based paragraph number (section {@code Paragraph N} of {@code doc})
   * @param answers the distinct gold answers, each a span of the paragraph; any one counts; empty
   *     when unanswerable
   * @param plausibleAnswers for unanswerable questions, the tempting but wrong span when known
   * @throws IllegalArgumentException when a field is blank or null, or an answerable case has no
   *     answer, or an unanswerable one has some
   */
  public SquadCase {
    Checks.notBlank(id, "id");
    Checks.notBlank(question, "question");
    Checks.notBlank(doc, "doc");
    Checks.positive(paragraph, "paragraph");
    answers = List.copyOf(Checks.noNullElements(answers, "answers"));
    plausibleAnswers = List.copyOf(Checks.noNullElements(plausibleAnswers, "plausible_answers"));
    if (answerable && answers.isEmpty()) {
      throw new IllegalArgumentException(
          "answers must not be empty when answerable is true (case " + id + ")");
    }
    if (!answerable && !answers.isEmpty()) {
      throw new IllegalArgumentException(
          "answers must be empty when answerable is false (case " + id + ")");
    }
  }

  /** {@return the section that holds the gold paragraph, as the Markdown chunker names it} */
  public String section() {
    return "Paragraph " + paragraph;
  }

  /**
   * Whether {@code text} contains one of the gold answers on word boundaries, both sides under
   * SQuAD normalisation ({@link #normalize}).
   *
   * @param text an answer text
   * @return whether it contains a gold answer
   */
  public boolean answeredBy(String text) {
    String t = " " + normalize(text) + " ";
    for (String a : answers) {
      String n = normalize(a);
      if (!n.isEmpty() && t.contains(" " + n + " ")) {
        return true;
      }
    }
    return false;
  }

  /**
   * SQuAD's answer normalisation: lower case, ASCII punctuation removed, the articles {@code a},
   * {@code an}, {@code the} removed, whitespace collapsed to single spaces.
   *
   * @param s any text
   * @return the normalised text
   */
  public static String normalize(String s) {
    String lower = s.toLowerCase(java.util.Locale.ROOT);
    StringBuilder b = new StringBuilder(lower.length());
    for (int i = 0; i < lower.length(); i++) {
      char c = lower.charAt(i);
      if (PUNCTUATION.indexOf(c) < 0) {
        b.append(c);
      }
    }
    String noArticles = ARTICLES.matcher(b).replaceAll(" ");
    return String.join(" ", noArticles.strip().split("\\s+"));
  }

  private static final String PUNCTUATION = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";
  private static final java.util.regex.Pattern ARTICLES =
      java.util.regex.Pattern.compile("\\b(a|an|the)\\b");
}
