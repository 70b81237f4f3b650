package dev.citerag.examples.internal;

import java.nio.file.Path;

/** {@code citerag eval}: runs labelled cases through the engine's pipeline and reports. */
public final class Evaluation {
  private Evaluation() {}

  /** The report as Markdown, or as JSON when {@code json}. */
  public static String run(Engine engine, Path cases, boolean json) {
    throw new IllegalStateException("eval needs the testkit's evaluation runner, which has not landed yet");
  }
}
