package dev.citerag.testkit.fakes;

/**
 * A {@link ReplayEmbedder} was asked for a text it has no recorded vector for. Replaying never
 * invents a vector: the test must record the text first ({@link RecordedEmbeddings#recording}).
 */
public final class UnrecordedInputException extends IllegalStateException {
  private static final long serialVersionUID = 1L;

  /** {@code query} or {@code document}. */
  private final String kind;

  /** The text without a recorded vector. */
  private final String text;

  /**
   * Creates the exception.
   *
   * @param kind {@code query} or {@code document}
   * @param text the text that has no recorded vector
   * @param message names the text and how to record it
   */
  public UnrecordedInputException(String kind, String text, String message) {
    super(message);
    this.kind = kind;
    this.text = text;
  }

  /** {@return what had no recorded vector: {@code query} or {@code document}} */
  public String kind() {
    return kind;
  }

  /** {@return the text that has no recorded vector} */
  public String text() {
    return text;
  }
}
