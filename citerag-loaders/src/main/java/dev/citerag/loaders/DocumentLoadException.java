package dev.citerag.loaders;

import dev.citerag.CiteragException;
import java.util.OptionalInt;
import org.jspecify.annotations.Nullable;

/**
 * A file or text that could not be read as a document: not UTF-8, malformed front matter, an
 * encrypted or image-only PDF, a name with control characters. The message starts with the file's
 * name, escaped by {@link FileNames#escape(String)} so that a hostile name cannot forge lines of a
 * log or a terminal.
 */
public class DocumentLoadException extends CiteragException {
  private static final long serialVersionUID = 1L;

  /** The file's name as shown (escaped). */
  private final String file;

  /** The 1-based line, or 0 when the problem has none. */
  private final int line;

  /**
   * Creates the exception; the message is {@code file[:line]: problem}.
   *
   * @param file the file's name or path as shown to people (escaped here)
   * @param line the 1-based line of the problem, 0 when it has none
   * @param problem what is wrong, e.g. {@code "file is not valid UTF-8"}
   * @param cause the parser's or I/O exception, or {@code null}
   */
  public DocumentLoadException(String file, int line, String problem, @Nullable Throwable cause) {
    this(FileNames.escape(file), line, problem, cause, true);
  }

  /** With a file name that is escaped already. */
  DocumentLoadException(
      String escapedFile, int line, String problem, @Nullable Throwable cause, boolean escaped) {
    super(escapedFile + (line > 0 ? ":" + line : "") + ": " + problem, cause);
    this.file = escapedFile;
    this.line = Math.max(0, line);
  }

  /**
   * Creates the exception for a problem without a line or cause.
   *
   * @param file the file's name or path as shown to people (escaped here)
   * @param problem what is wrong
   */
  public DocumentLoadException(String file, String problem) {
    this(file, 0, problem, null);
  }

  /** {@return the file's name as shown in the message (escaped)} */
  public String file() {
    return file;
  }

  /** {@return the 1-based line of the problem, or empty when the problem has none} */
  public OptionalInt line() {
    return line > 0 ? OptionalInt.of(line) : OptionalInt.empty();
  }

  /** {@return the message without the {@code file[:line]: } prefix} */
  public String problem() {
    String m = getMessage();
    String prefix = file + (line > 0 ? ":" + line : "") + ": ";
    return m != null && m.startsWith(prefix) ? m.substring(prefix.length()) : String.valueOf(m);
  }
}
