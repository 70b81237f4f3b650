package dev.citerag.anthropic;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.answer.IssueType;
import dev.citerag.answer.ValidationIssue;
import dev.citerag.anthropic.internal.NativeCitations;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The code-point offsets Claude sends, mapped onto Java's UTF-16 strings. */
class NativeCitationsTest {

  @Test
  void code_point_offsets_map_past_characters_outside_the_basic_plane() {
    String text = "Emoji 😀 first. The limit is 42 requests per minute.";
    int start = text.codePointCount(0, text.indexOf("The limit"));
    int end = start + "The limit is 42 requests per minute.".length();
    int[] r = NativeCitations.utf16Range(text, (long) start, (long) end);
    assertThat(r).isNotNull();
    assertThat(text.substring(r[0], r[1])).isEqualTo("The limit is 42 requests per minute.");
  }

  @Test
  void offsets_outside_the_text_or_reversed_map_to_nothing() {
    assertThat(NativeCitations.utf16Range("short", 0L, 9L)).isNull();
    assertThat(NativeCitations.utf16Range("short", 3L, 2L)).isNull();
    assertThat(NativeCitations.utf16Range("short", null, 2L)).isNull();
    assertThat(NativeCitations.utf16Range("short", -1L, 2L)).isNull();
  }

  @Test
  void a_retry_for_redundant_citations_says_the_answer_was_valid_and_others_that_it_was_rejected() {
    ValidationIssue redundant =
        ValidationIssue.of(
            IssueType.REDUNDANT_CITATIONS, "the claim is shown by one quote", "ab3cd", "a quote");
    ValidationIssue missing =
        ValidationIssue.of(IssueType.QUOTE_NOT_FOUND, "not in the source", "ab3cd", "a quote");

    assertThat(NativeCitations.userText("Q?", List.of(redundant)))
        .startsWith("Question: Q?")
        .contains("previous answer was valid", "or the previous answer stands")
        .doesNotContain("rejected");
    assertThat(NativeCitations.userText("Q?", List.of(redundant, missing)))
        .contains("previous answer was rejected", "NOT_IN_SOURCES");
    assertThat(NativeCitations.userText("Q?", List.of())).isEqualTo("Question: Q?");
  }
}
