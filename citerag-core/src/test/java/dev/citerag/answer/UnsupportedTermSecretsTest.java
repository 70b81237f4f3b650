package dev.citerag.answer;

import static dev.citerag.answer.Sources.sent;
import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.internal.Redact;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class UnsupportedTermSecretsTest {
  static final String KEY = "AIzaSyQ3vK8mW2pX7nR4tL9hJ6bF1dG5";
  static final String SOURCE =
      "A rollback finishes within 5 minutes for most services. Only the on-call engineer may"
          + " approve a rollback of the billing service.";

  @ParameterizedTest
  @ValueSource(
      strings = {
        KEY,
        "LOWER",
        "UPPER",
        "ZERO_WIDTH",
        "CONFUSABLE",
      })
  void an_unsupported_term_that_is_a_configured_secret_is_not_named(String form) {
    Redact.registerSecret(KEY);
    String echo =
        switch (form) {
          case "LOWER" -> KEY.toLowerCase(Locale.ROOT);
          case "UPPER" -> KEY.toUpperCase(Locale.ROOT);
          case "ZERO_WIDTH" -> KEY.substring(0, 9) + "\u200B" + KEY.substring(9);
          case "CONFUSABLE" -> KEY.replace('a', '\u0430').replace('Q', 'q');
          default -> form;
        };
    String claim = "A rollback finishes within 5 minutes for " + echo + " services.";
    ValidationReport r =
        new DefaultCitationValidator()
            .validate(
                ModelAnswer.answered(
                    claim, List.of(new Citation("k7q2m", "A rollback finishes within 5 minutes"))),
                List.of(sent("k7q2m", SOURCE)));
    List<ValidationIssue> unsupported =
        r.issues().stream().filter(i -> i.type() == IssueType.UNSUPPORTED_CLAIM).toList();
    assertThat(unsupported).isNotEmpty();
    for (ValidationIssue i : r.issues()) {
      String d = i.detail().toLowerCase(Locale.ROOT);
      assertThat(d)
          .doesNotContain(KEY.substring(0, 9).toLowerCase(Locale.ROOT))
          .doesNotContain(KEY.substring(KEY.length() - 9).toLowerCase(Locale.ROOT));
    }
  }
}
