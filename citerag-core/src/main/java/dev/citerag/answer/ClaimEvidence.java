package dev.citerag.answer;

import dev.citerag.internal.Checks;
import java.util.List;

/**
 * One claim of an answer and the source's own text of each of its valid citations: what a {@link
 * SupportVerifier} judges.
 *
 * <p>{@code context} is the text the quotes stand in, for reading what they refer to: for each
 * cited chunk, its document's title, its heading path and its text. A quote often names its subject
 * only by "it" or leaves it to the title; a verifier may read a claim's <em>names</em> from the
 * context, while everything else the claim says must be in the quotes. It is empty when unknown.
 *
 * @param claim the claim's text, under the quotation normalisation
 * @param quotes the source's own text of each valid citation of the claim, at least one
 * @param context the cited chunks' titles, headings and texts; may be empty
 */
public record ClaimEvidence(String claim, List<String> quotes, List<String> context) {

  /**
   * Checks the fields and copies the lists.
   *
   * @param claim the claim's text, under the quotation normalisation
   * @param quotes the source's own text of each valid citation of the claim, at least one
   * @param context the cited chunks' titles, headings and texts; may be empty
   * @throws IllegalArgumentException when a field is or holds null, or {@code quotes} is empty
   */
  public ClaimEvidence {
    Checks.notNull(claim, "claim");
    quotes = List.copyOf(Checks.noNullElements(quotes, "quotes"));
    if (quotes.isEmpty()) {
      throw new IllegalArgumentException("quotes must not be empty");
    }
    context = List.copyOf(Checks.noNullElements(context, "context"));
  }

  /**
   * A claim and its quotes, without context.
   *
   * @param claim the claim's text, under the quotation normalisation
   * @param quotes the source's own text of each valid citation of the claim, at least one
   * @throws IllegalArgumentException when a field is or holds null, or {@code quotes} is empty
   */
  public ClaimEvidence(String claim, List<String> quotes) {
    this(claim, quotes, List.of());
  }
}
