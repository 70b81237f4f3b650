package dev.citerag.embed;

import dev.citerag.internal.Checks;
import org.jspecify.annotations.Nullable;

/**
 * A passage to embed for storage, with the title of its document when known (Gemini uses it with
 * the {@code RETRIEVAL_DOCUMENT} task).
 */
public record DocumentText(String text, @Nullable String title) {

  public DocumentText {
    Checks.notNull(text, "text");
  }

  public static DocumentText of(String text) {
    return new DocumentText(text, null);
  }
}
