package dev.citerag.testkit.golden;

import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A golden file (cases or corpus document) is malformed. The message reads {@code <source>:<line>:
 * field "<field>" <rule>}, e.g. {@code cases.jsonl:12: field "question" must not be blank}.
 */
public final class GoldenFormatException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  /** The file or resource. */
  private final String source;

  /** The 1-based line. */
  private final int line;

  /** The offending field, or null. */
  private final @Nullable String field;

  /**
   * Creates the exception.
   *
   * @param source the file or resource
   * @param line the 1-based line
   * @param field the offending field, or {@code null} when no single field is to blame
   * @param rule the rule broken, e.g. {@code must not be blank}
   */
  public GoldenFormatException(String source, int line, @Nullable String field, String rule) {
    super(source + ":" + line + ": " + (field == null ? "" : "field \"" + field + "\" ") + rule);
    this.source = source;
    this.line = line;
    this.field = field;
  }

  /** {@return the file or resource} */
  public String source() {
    return source;
  }

  /** {@return the 1-based line} */
  public int line() {
    return line;
  }

  /** {@return the offending field, when one is to blame} */
  public Optional<String> field() {
    return Optional.ofNullable(field);
  }
}
