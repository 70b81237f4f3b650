package dev.citerag.testkit.golden;

import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A golden file (cases or corpus document) is malformed. The message reads {@code <source>:<line>:
 * field "<field>" <rule>}, e.g. {@code cases.jsonl:12: field "question" must not be blank}.
 */
public final class GoldenFormatException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String source;
  private final int line;
  private final @Nullable String field;

  public GoldenFormatException(String source, int line, @Nullable String field, String rule) {
    super(source + ":" + line + ": " + (field == null ? "" : "field \"" + field + "\" ") + rule);
    this.source = source;
    this.line = line;
    this.field = field;
  }

  /** The file or resource. */
  public String source() {
    return source;
  }

  /** The 1-based line. */
  public int line() {
    return line;
  }

  /** The offending field, when one is to blame. */
  public Optional<String> field() {
    return Optional.ofNullable(field);
  }
}
