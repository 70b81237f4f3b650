package dev.citerag.testkit.fakes;

/**
 * A {@link ReplayEmbedder} was asked for a text it has no recorded vector for. Replaying never
 * invents a vector: the test must record the text first ({@link RecordedEmbeddings#recording}).
 */
public final class UnrecordedInputException extends IllegalStateException {
  private static final long serialVersionUID = 1L;

  private final String kind;
  private final String text;

  public UnrecordedInputException(String kind, String text, String message) {
    super(message);
    this.kind = kind;
    this.text = text;
  }

  /** {@code query} or {@code document}. */
  public String kind() {
    return kind;
  }

  /** The text that has no recorded vector. */
  public String text() {
    return text;
  }
}
