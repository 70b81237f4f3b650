package dev.citerag.pipeline;

import dev.citerag.answer.ValidationIssue;
import dev.citerag.context.BuiltContext;
import dev.citerag.internal.Checks;
import java.time.Duration;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Input of one generation attempt.
 *
 * @param question the user's question
 * @param context the sources and prompt
 * @param feedback critical issues of the previous attempt (empty on the first)
 * @param attempt 1-based attempt number
 * @param timeout time left for this attempt, when the pipeline has a deadline
 * @param invalidSourceIds the source ids the previous attempt cited that were not among the sources
 *     sent, control characters removed and cut to 64 characters each; for the model's feedback only
 *     (results and issue details never carry them)
 */
public record GenerationRequest(
    String question,
    BuiltContext context,
    List<ValidationIssue> feedback,
    int attempt,
    @Nullable Duration timeout,
    List<String> invalidSourceIds) {

  /**
   * Checks the fields and copies the feedback.
   *
   * @param question the user's question
   * @param context the sources and prompt
   * @param feedback critical issues of the previous attempt
   * @param attempt 1-based attempt number
   * @param timeout time left, or {@code null} when unbounded
   * @param invalidSourceIds the previous attempt's cited ids that were not sent
   * @throws IllegalArgumentException when a field other than {@code timeout} is null, or {@code
   *     attempt} is not positive
   */
  public GenerationRequest {
    Checks.notNull(question, "question");
    Checks.notNull(context, "context");
    feedback = List.copyOf(Checks.noNullElements(feedback, "feedback"));
    Checks.positive(attempt, "attempt");
    invalidSourceIds = List.copyOf(Checks.noNullElements(invalidSourceIds, "invalidSourceIds"));
  }

  /**
   * A request naming no invalid source id.
   *
   * @param question the user's question
   * @param context the sources and prompt
   * @param feedback critical issues of the previous attempt
   * @param attempt 1-based attempt number
   * @param timeout time left, or {@code null} when unbounded
   * @throws IllegalArgumentException as the canonical constructor
   */
  public GenerationRequest(
      String question,
      BuiltContext context,
      List<ValidationIssue> feedback,
      int attempt,
      @Nullable Duration timeout) {
    this(question, context, feedback, attempt, timeout, List.of());
  }
}
