package dev.citerag.answer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.answer.ValidationIssue;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A rejected reply's issue text is fixed vocabulary: it never carries the model's keys or values.
 */
class AnswerParserSecretsTest {
  static final String KEY = "sk-proj-Zq8vX2mN4pL7wR9tK3yH6bJ1";
  static final String LONG_NAME = "field" + "x".repeat(3_821);

  static List<String> replies() {
    return List.of(
        // the key as the status value
        "{\"status\":\"" + KEY + "\",\"answer\":\"\",\"claims\":[]}",
        // the key as a field name, at the top level and inside a claim and a citation
        "{\"status\":\"not_in_sources\",\"answer\":\"\",\"claims\":[],\"" + KEY + "\":1}",
        "{\"status\":\"answered\",\"answer\":\"a\",\"claims\":[{\"text\":\"a\",\"citations\":[],\""
            + KEY
            + "\":\"x\"}]}",
        "{\"status\":\"answered\",\"answer\":\"a\",\"claims\":[{\"text\":\"a\",\"citations\":"
            + "[{\"source_id\":\"k\",\"quote\":\"q\",\""
            + KEY
            + "\":true}]}]}",
        // a 3,826-character field name
        "{\"status\":\"not_in_sources\",\"answer\":\"\",\"claims\":[],\"" + LONG_NAME + "\":1}",
        // the key as a value of the wrong type's neighbour, as a bare token, and as a leading text
        "{\"status\":\"answered\",\"answer\":[\"" + KEY + "\"],\"claims\":[]}",
        "{\"status\":" + KEY + "}",
        KEY + " {\"status\":\"not_in_sources\"}",
        "{\"status\":\"not_in_sources\",\"answer\":\"\",\"claims\":[]} " + KEY,
        // duplicate key named by the parser
        "{\"" + KEY + "\":1,\"" + KEY + "\":2}");
  }

  @ParameterizedTest
  @MethodSource("replies")
  void a_rejected_reply_names_positions_and_types_never_the_models_keys_or_values(String reply) {
    ParseResult r = AnswerParser.parse(reply);
    assertThat(r.ok()).isFalse();
    for (ValidationIssue i : r.issues()) {
      assertThat(i.detail())
          .doesNotContain(KEY)
          .doesNotContain(KEY.substring(0, 12))
          .doesNotContain(KEY.substring(KEY.length() - 12))
          .doesNotContain("xxxxxxxx")
          .hasSizeLessThan(600);
    }
  }
}
