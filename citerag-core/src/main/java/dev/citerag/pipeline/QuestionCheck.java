package dev.citerag.pipeline;

import dev.citerag.internal.Checks;
import org.jspecify.annotations.Nullable;

/** The checks {@link RagPipeline} applies to a question before anything else. */
final class QuestionCheck {
  private QuestionCheck() {}

  /**
   * Rejects a null or blank question, one longer than {@code maxQuestionChars}, and one holding
   * control characters (other than line breaks and tabs) or unpaired surrogates.
   */
  static void check(@Nullable String question, int maxQuestionChars) {
    Checks.notBlank(question, "question");
    if (question.length() > maxQuestionChars) {
      throw new IllegalArgumentException(
          "question must be at most " + maxQuestionChars + " characters, was " + question.length());
    }
    for (int i = 0; i < question.length(); i++) {
      char c = question.charAt(i);
      if (Character.isHighSurrogate(c)) {
        if (i + 1 >= question.length() || !Character.isLowSurrogate(question.charAt(i + 1))) {
          throw new IllegalArgumentException(
              "question must be valid UTF-16: unpaired surrogate at index " + i);
        }
        i++;
      } else if (Character.isLowSurrogate(c)) {
        throw new IllegalArgumentException(
            "question must be valid UTF-16: unpaired surrogate at index " + i);
      } else if (Character.isISOControl(c) && c != '\n' && c != '\r' && c != '\t') {
        throw new IllegalArgumentException(
            "question must not contain control characters, found U+"
                + String.format("%04X", (int) c)
                + " at index "
                + i);
      }
    }
  }
}
