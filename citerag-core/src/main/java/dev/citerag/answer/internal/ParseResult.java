package dev.citerag.answer.internal;

import dev.citerag.answer.ModelAnswer;
import dev.citerag.answer.ValidationIssue;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A parsed reply: the answer when the reply was a JSON object matching the schema, otherwise the
 * issues ({@link dev.citerag.answer.IssueType#INVALID_JSON} or {@link
 * dev.citerag.answer.IssueType#SCHEMA_MISMATCH}).
 */
public record ParseResult(@Nullable ModelAnswer answer, List<ValidationIssue> issues) {

  public ParseResult {
    issues = List.copyOf(issues);
    if ((answer == null) == issues.isEmpty()) {
      throw new IllegalArgumentException("exactly one of answer and issues must be present");
    }
  }

  public Optional<ModelAnswer> answerOption() {
    return Optional.ofNullable(answer);
  }

  public boolean ok() {
    return answer != null;
  }
}
