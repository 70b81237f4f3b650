package dev.citerag.loaders;

import dev.citerag.store.Filter;
import dev.citerag.text.internal.FlatFrontMatter;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A Markdown file's front matter: flat {@code key: value} pairs between a first line {@code ---}
 * and a closing line {@code ---} (or {@code ...}), the subset of YAML that maps onto filterable
 * metadata (one string per key).
 *
 * <p><b>When a block is front matter.</b> The file's first line is {@code ---}, the very next line
 * is a key line ({@code name:} followed by a space, a tab or the end of the line) and a closing
 * line follows. Otherwise the {@code ---} is a Markdown horizontal rule and the whole text is body:
 * a document that opens with a rule followed by a blank line or by a heading, or whose rule is
 * never closed, loads as it is written.
 *
 * <p><b>What is understood.</b> Blank lines and comment lines ({@code # ...}); keys matching {@link
 * Filter#KEY}; values that are plain (a trailing {@code # comment} is dropped, as YAML does),
 * {@code 'single quoted'} ({@code ''} is a quote) or {@code "double quoted"} (with the YAML escapes
 * {@code \" \\ \n \t \r \/ \xXX \\uXXXX \UXXXXXXXX}). Values are kept as strings, never converted
 * ({@code true} stays {@code "true"}).
 *
 * <p><b>What is rejected</b>, with an exception naming the file and line, rather than misread:
 * indented lines (nested mappings, lists under a key, continuation lines), list items, block
 * scalars ({@code |}, {@code >}), flow collections ({@code [..]}, <code>{..}</code>), anchors,
 * aliases and tags, a plain value holding {@code ": "}, a quote left open, a repeated key. Metadata
 * is one string per key, so none of these could be kept faithfully; quoting the value on one line
 * is the fix in each case. (A full YAML parser was not added to core, which depends on
 * jackson-databind and slf4j only; this subset is all that metadata can hold.)
 *
 * @param metadata the pairs in file order (unmodifiable)
 * @param body the text after the closing line (the whole text when there is no front matter),
 *     without a leading byte-order mark
 * @param bodyLine the 1-based line of the file on which {@code body} starts
 */
public record FrontMatter(Map<String, String> metadata, String body, int bodyLine) {

  /**
   * Copies the metadata (keeping its order) and checks the body.
   *
   * @param metadata the pairs in file order (unmodifiable)
   * @param body the text after the closing line (the whole text when there is no front matter),
   *     without a leading byte-order mark
   * @param bodyLine the 1-based line of the file on which {@code body} starts
   * @throws IllegalArgumentException when {@code body} is null
   */
  public FrontMatter {
    metadata = Collections.unmodifiableMap(new LinkedHashMap<>(metadata));
    if (body == null) {
      throw new IllegalArgumentException("body must not be null");
    }
  }

  /**
   * Splits {@code text} into front matter and body.
   *
   * @param text the file's text
   * @param origin names the file in error messages (escaped in them)
   * @return the metadata (empty when the text has no front matter), the body and its first line
   * @throws DocumentLoadException when the text has front matter that is not flat {@code key:
   *     value} pairs, naming {@code origin}, the line and the rule
   */
  public static FrontMatter parse(String text, String origin) {
    try {
      FlatFrontMatter.Parsed p = FlatFrontMatter.parse(text, origin);
      return new FrontMatter(p.metadata(), p.body(), p.bodyLine());
    } catch (FlatFrontMatter.Malformed e) {
      throw new DocumentLoadException(origin, e.line(), e.problem(), null);
    }
  }
}
