package dev.citerag.answer;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import dev.citerag.internal.Checks;

/**
 * A citation as the model gives it.
 *
 * @param sourceId the id of a source the model was shown
 * @param quote words copied verbatim from that source
 */
public record Citation(
    @JsonProperty(value = "source_id", required = true)
        @JsonPropertyDescription("The id of one of the given sources, exactly as given.")
        String sourceId,
    @JsonProperty(value = "quote", required = true)
        @JsonPropertyDescription(
            "At least four consecutive words copied exactly from that source that support the claim.")
        String quote) {

  /**
   * Checks the fields (content rules are the validator's job, not the constructor's).
   *
   * @param sourceId the id of a source the model was shown
   * @param quote words copied verbatim from that source
   * @throws IllegalArgumentException when {@code sourceId} or {@code quote} is null
   */
  public Citation {
    Checks.notNull(sourceId, "source_id");
    Checks.notNull(quote, "quote");
  }
}
