package dev.citerag.text.internal;

import dev.citerag.text.TextAnalyzer;
import java.util.List;
import java.util.Set;

/** {@link TextAnalyzer#english()}: {@link LexicalAnalyzer#terms(CharSequence)}. */
public final class EnglishTextAnalyzer implements TextAnalyzer {

  /** The one instance. */
  public static final EnglishTextAnalyzer INSTANCE = new EnglishTextAnalyzer();

  private EnglishTextAnalyzer() {}

  @Override
  public String language() {
    return "english";
  }

  @Override
  public List<String> terms(CharSequence text) {
    return LexicalAnalyzer.terms(text);
  }

  @Override
  public Set<String> distinctTerms(CharSequence text) {
    return LexicalAnalyzer.distinctTerms(text);
  }

  @Override
  public String toString() {
    return "TextAnalyzer[english]";
  }
}
