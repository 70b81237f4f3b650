package dev.citerag.answer;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import dev.citerag.internal.Checks;
import java.util.ArrayList;
import java.util.List;

/**
 * The answer contract: what a model (or the extractive generator) must return, as JSON. The JSON
 * schema given to models is generated from this type (its field descriptions are the annotations
 * below).
 *
 * <pre>{@code
 * {"status": "answered", "answer": "...",
 *  "claims": [{"text": "...", "citations": [{"source_id": "k7q2m", "quote": "..."}]}]}
 * }</pre>
 *
 * @param status "answered", or {@code not_in_sources} when the sources do not hold the answer
 * @param answer the answer text; empty for {@code not_in_sources}
 * @param claims the statements of the answer with their citations; empty for {@code not_in_sources}
 */
public record ModelAnswer(
    @JsonProperty(value = "status", required = true)
        @JsonPropertyDescription(
            "answered when the sources contain the answer; not_in_sources when they do not.")
        AnswerStatus status,
    @JsonProperty(value = "answer", required = true)
        @JsonPropertyDescription(
            "The answer, using only the sources; empty when status is not_in_sources.")
        String answer,
    @JsonProperty(value = "claims", required = true)
        @JsonPropertyDescription(
            "The statements of the answer, each with citations; empty when status is not_in_sources.")
        List<Claim> claims) {

  /**
   * Checks the fields and copies the claims.
   *
   * @param status "answered", or {@code not_in_sources} when the sources do not hold the answer
   * @param answer the answer text; empty for {@code not_in_sources}
   * @param claims the statements of the answer with their citations; empty for {@code
   *     not_in_sources}
   * @throws IllegalArgumentException when a field is null or {@code claims} holds null
   */
  public ModelAnswer {
    Checks.notNull(status, "status");
    Checks.notNull(answer, "answer");
    claims = List.copyOf(Checks.noNullElements(claims, "claims"));
  }

  /** {@return the abstention: {@code not_in_sources}, empty answer, no claims} */
  public static ModelAnswer notInSources() {
    return new ModelAnswer(AnswerStatus.NOT_IN_SOURCES, "", List.of());
  }

  /**
   * An answer with one claim equal to the answer text.
   *
   * @param answer the answer text, also the claim's text
   * @param citations the claim's citations
   * @return an "answered" answer
   * @throws IllegalArgumentException when an argument is or holds null
   */
  public static ModelAnswer answered(String answer, List<Citation> citations) {
    return new ModelAnswer(AnswerStatus.ANSWERED, answer, List.of(new Claim(answer, citations)));
  }

  /** {@return every citation of every claim, in order (a new list)} */
  public List<Citation> allCitations() {
    List<Citation> all = new ArrayList<>();
    for (Claim c : claims) {
      all.addAll(c.citations());
    }
    return all;
  }
}
