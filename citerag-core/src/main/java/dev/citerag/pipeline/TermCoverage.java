package dev.citerag.pipeline;

import dev.citerag.internal.Checks;
import java.util.List;

/**
 * Which cited sources mention one term of the question, as question coverage found it.
 *
 * @param term the question's word, lower case
 * @param kind {@code name}, {@code number}, {@code qualifier} (a word that narrows the next one:
 *     "the <b>payments</b> service") or {@code term} (another content word, recorded only)
 * @param sourceIds the ids of the cited sources that mention it, in citation order; empty when none
 *     does
 * @param covered whether the answer passed on this term: a name or number some cited source
 *     mentions, a qualifier no cited source contradicts, or any other term
 */
public record TermCoverage(String term, String kind, List<String> sourceIds, boolean covered) {

  /**
   * Checks the fields and copies the list.
   *
   * @param term the question's word
   * @param kind {@code name}, {@code number}, {@code qualifier} or {@code term}
   * @param sourceIds the ids of the cited sources that mention it
   * @param covered whether the answer passed on this term
   * @throws IllegalArgumentException when a field is or holds null, or {@code term} is blank
   */
  public TermCoverage {
    Checks.notBlank(term, "term");
    Checks.notBlank(kind, "kind");
    sourceIds = List.copyOf(Checks.noNullElements(sourceIds, "sourceIds"));
  }
}
