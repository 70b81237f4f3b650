package dev.citerag.text;

import dev.citerag.text.internal.EnglishTextAnalyzer;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Turns text into the terms a full-text index stores and a query is matched with: tokenising,
 * case-folding, stop words and stemming for one language. An index and its queries must use the
 * same analyser, so a store that takes one names its {@link #language()} ({@link
 * dev.citerag.store.SearchIndex#textLanguage()}) and refuses another.
 *
 * <pre>{@code
 * VectorStore store = new InMemoryVectorStore(384, SnowballAnalyzer.of("german"));
 * }</pre>
 *
 * <p>{@link #english()} is the default. Other languages come from the {@code citerag-analysis}
 * module ({@code dev.citerag.analysis.SnowballAnalyzer}). Implementations are immutable and
 * thread-safe.
 */
public interface TextAnalyzer {

  /**
   * {@return the language's name, lower case, as PostgreSQL names its text-search configuration of
   * the same stemmer (e.g. {@code english}, {@code german}, {@code russian})}
   */
  String language();

  /**
   * The terms of {@code text} in order, repeats included (a full-text index counts them).
   *
   * @param text any text
   * @return its terms; empty when it has none
   */
  List<String> terms(CharSequence text);

  /**
   * The distinct terms of {@code text}, in first-seen order (how a query is matched).
   *
   * @param text any text
   * @return its distinct terms
   */
  default Set<String> distinctTerms(CharSequence text) {
    return new LinkedHashSet<>(terms(text));
  }

  /**
   * {@return English: letters and digits of any script, numbers and identifiers kept whole ({@code
   * 141.80}, {@code deploy-bot}, the parts of a compound too), lower-cased, a small English
   * stop-word list dropped, plain {@code a-z} words reduced to their Porter2 (Snowball English)
   * stem; the analyser of PostgreSQL's {@code english} configuration in all but stop words and
   * identifiers}
   */
  static TextAnalyzer english() {
    return EnglishTextAnalyzer.INSTANCE;
  }
}
