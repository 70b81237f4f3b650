package dev.citerag.context;

import dev.citerag.answer.SentSource;
import dev.citerag.internal.Checks;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The exact material of one model call: the rules, the question with its sources as JSON data, and
 * the list of sources sent, which is the validator's allow-list.
 *
 * @param sources what was sent, in the order sent
 * @param systemInstruction the rules
 * @param userContent the question and the sources, rendered as JSON
 * @param estimatedTokens estimate of system + user tokens
 */
public record BuiltContext(
    List<SentSource> sources, String systemInstruction, String userContent, int estimatedTokens) {

  /**
   * Checks the fields and copies the sources.
   *
   * @param sources what was sent, in the order sent
   * @param systemInstruction the rules
   * @param userContent the question and the sources, rendered as JSON
   * @param estimatedTokens estimate of system + user tokens
   * @throws IllegalArgumentException when a field is or holds null, {@code estimatedTokens} is
   *     negative, or two sources share an id
   */
  public BuiltContext {
    sources = List.copyOf(Checks.noNullElements(sources, "sources"));
    Checks.notNull(systemInstruction, "systemInstruction");
    Checks.notNull(userContent, "userContent");
    Checks.nonNegative(estimatedTokens, "estimatedTokens");
    Set<String> ids = new HashSet<>();
    for (SentSource s : sources) {
      if (!ids.add(s.sourceId())) {
        throw new IllegalArgumentException(
            "sources[].sourceId must be unique, \"" + s.sourceId() + "\" repeats");
      }
    }
  }

  /**
   * Looks up a sent source by the id the model saw.
   *
   * @param sourceId an id as cited by the model
   * @return the source sent under that id, or empty when none was (a phantom citation)
   */
  public Optional<SentSource> source(String sourceId) {
    for (SentSource s : sources) {
      if (s.sourceId().equals(sourceId)) {
        return Optional.of(s);
      }
    }
    return Optional.empty();
  }
}
