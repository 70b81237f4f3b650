package dev.citerag.answer;

import java.util.Set;

/**
 * Which other words count as the same term when question coverage looks for a question's term in
 * the cited sources. Every word (the question's and its equivalents) is compared after Porter2
 * stemming, so morphology ({@code payments}/{@code payment}, {@code monthly}/{@code month}) is
 * handled already; an implementation adds what stemming cannot know: synonyms and derivations from
 * a lexicon ({@code car}/{@code automobile}). Implementations are thread-safe.
 *
 * <pre>{@code
 * RagPipeline.builder().termEquivalence(word -> lexicon.synonyms(word))...
 * }</pre>
 */
@FunctionalInterface
public interface TermEquivalence {

  /** Stemming only: no word has an equivalent. The default. */
  TermEquivalence STEMS = word -> Set.of();

  /**
   * Other words that say what {@code word} says.
   *
   * @param word a question's word, lower case
   * @return its equivalents, lower case, without {@code word} itself; empty when none is known
   */
  Set<String> equivalents(String word);
}
