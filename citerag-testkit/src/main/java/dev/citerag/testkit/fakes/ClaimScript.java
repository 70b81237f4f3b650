package dev.citerag.testkit.fakes;

import dev.citerag.answer.Citation;
import dev.citerag.answer.Claim;
import dev.citerag.internal.Checks;
import java.util.ArrayList;
import java.util.List;

/**
 * One claim of a scripted multi-claim answer, with citations described by content.
 *
 * @param text the claim
 * @param cites its citations (may be empty, to script a claim without citation)
 */
public record ClaimScript(String text, List<Cite> cites) {

  /**
   * Checks the fields and copies the citations.
   *
   * @param text the claim
   * @param cites its citations
   * @throws IllegalArgumentException when a field is or holds null
   */
  public ClaimScript {
    Checks.notNull(text, "text");
    cites = List.copyOf(Checks.noNullElements(cites, "cites"));
  }

  /**
   * A claim with these citations.
   *
   * @param text the claim
   * @param cites its citations, possibly none
   * @return the claim script
   */
  public static ClaimScript of(String text, Cite... cites) {
    return new ClaimScript(text, List.of(cites));
  }

  Claim resolve(SentSources sent) {
    List<Citation> out = new ArrayList<>(cites.size());
    for (Cite c : cites) {
      out.add(c.resolve(sent));
    }
    return new Claim(text, out);
  }
}
