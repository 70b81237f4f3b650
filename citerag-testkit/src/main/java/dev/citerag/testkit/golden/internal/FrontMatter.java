package dev.citerag.testkit.golden.internal;

import dev.citerag.testkit.golden.GoldenFormatException;
import dev.citerag.text.internal.FlatFrontMatter;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Splits a golden Markdown file into its front matter (read by core's {@link FlatFrontMatter}, as
 * {@code Document.markdown} reads it) and its body, and finds the title (the first {@code # }
 * heading outside a code fence).
 */
public final class FrontMatter {
  private FrontMatter() {}

  /** The parts of a file. */
  public record Parsed(Map<String, String> metadata, String body, @Nullable String title) {}

  /**
   * Splits a golden document into its front matter and body.
   *
   * @throws GoldenFormatException when the front matter is malformed, with its line
   */
  public static Parsed parse(String text, String source) {
    FlatFrontMatter.Parsed fm;
    try {
      fm = FlatFrontMatter.parse(text, source);
    } catch (FlatFrontMatter.Malformed e) {
      throw new GoldenFormatException(source, e.line(), null, e.problem());
    }
    String b = fm.body().strip() + "\n";
    return new Parsed(fm.metadata(), b, title(b));
  }

  private static @Nullable String title(String body) {
    boolean fence = false;
    for (String line : body.split("\n", -1)) {
      String l = line.strip();
      if (l.startsWith("```") || l.startsWith("~~~")) {
        fence = !fence;
        continue;
      }
      if (!fence && l.startsWith("# ")) {
        String title = l.substring(2).strip();
        return title.isEmpty() ? null : title;
      }
    }
    return null;
  }
}
