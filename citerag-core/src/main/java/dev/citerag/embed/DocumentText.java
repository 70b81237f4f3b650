package dev.citerag.embed;

import dev.citerag.internal.Checks;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A passage to embed for storage, with the title of its document when known (Gemini uses it with
 * the {@code RETRIEVAL_DOCUMENT} task).
 *
 * @param text the passage as it will be embedded
 * @param title the title of its document, or {@code null}; embedders that have no use for it ignore
 *     it
 */
public record DocumentText(String text, @Nullable String title) {

  /**
   * Checks the text.
   *
   * @param text the passage
   * @param title the document's title, or {@code null}
   * @throws IllegalArgumentException when {@code text} is null
   */
  public DocumentText {
    Checks.notNull(text, "text");
  }

  /**
   * A passage without a title.
   *
   * @param text the passage
   * @return the value
   * @throws IllegalArgumentException when {@code text} is null
   */
  public static DocumentText of(String text) {
    return new DocumentText(text, null);
  }

  /** {@return the title, or empty when there is none} */
  public Optional<String> titleOption() {
    return Optional.ofNullable(title);
  }
}
