package dev.citerag.answer;

import dev.citerag.internal.Checks;
import java.util.List;

/**
 * One claim of an answer and the source's own text of each of its valid citations: what a {@link
 * SupportVerifier} judges.
 *
 * @param claim the claim's text, under the quotation normalisation
 * @param quotes the source's own text of each valid citation of the claim, at least one
 */
public record ClaimEvidence(String claim, List<String> quotes) {

  /**
   * Checks the fields and copies the list.
   *
   * @param claim the claim's text, under the quotation normalisation
   * @param quotes the source's own text of each valid citation of the claim, at least one
   * @throws IllegalArgumentException when a field is or holds null, or {@code quotes} is empty
   */
  public ClaimEvidence {
    Checks.notNull(claim, "claim");
    quotes = List.copyOf(Checks.noNullElements(quotes, "quotes"));
    if (quotes.isEmpty()) {
      throw new IllegalArgumentException("quotes must not be empty");
    }
  }
}
