package dev.citerag.answer;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import dev.citerag.internal.Checks;
import java.util.List;

/**
 * One statement of an answer with the citations that support it.
 *
 * @param text the statement; the answer text is its claims joined
 * @param citations the quotes that support it (an {@code answered} claim needs at least one)
 */
public record Claim(
    @JsonProperty(value = "text", required = true)
        @JsonPropertyDescription("One statement of the answer.")
        String text,
    @JsonProperty(value = "citations", required = true)
        @JsonPropertyDescription("The sources that support this statement.")
        List<Citation> citations) {

  /**
   * Checks the fields and copies the citations.
   *
   * @param text the statement; the answer text is its claims joined
   * @param citations the quotes that support it (an {@code answered} claim needs at least one)
   * @throws IllegalArgumentException when {@code text} or {@code citations} is or holds null
   */
  public Claim {
    Checks.notNull(text, "text");
    citations = List.copyOf(Checks.noNullElements(citations, "citations"));
  }
}
