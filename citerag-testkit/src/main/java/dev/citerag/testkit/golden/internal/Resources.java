package dev.citerag.testkit.golden.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Reads class-path resources of the testkit. */
public final class Resources {
  private Resources() {}

  /**
   * The resource as UTF-8 text.
   *
   * @throws IllegalStateException when it is missing (a broken testkit jar)
   */
  public static String read(String path) {
    try (InputStream in = Resources.class.getClassLoader().getResourceAsStream(path)) {
      if (in == null) {
        throw new IllegalStateException(
            "resource " + path + " is missing from the citerag-testkit jar");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read resource " + path, e);
    }
  }
}
