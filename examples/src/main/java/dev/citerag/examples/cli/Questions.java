package dev.citerag.examples.cli;

import dev.citerag.examples.Main;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The questions of {@code ask --questions FILE}, and how their exit statuses combine. */
final class Questions {
  private Questions() {}

  /**
   * The questions of {@code file} ({@code -}: {@code stdin}), one per line, stripped; blank lines
   * and lines starting with {@code #} skipped.
   *
   * @throws IllegalArgumentException when the file cannot be read
   */
  static List<String> read(String file, InputStream stdin) {
    try {
      if ("-".equals(file)) {
        BufferedReader r = new BufferedReader(new InputStreamReader(stdin, StandardCharsets.UTF_8));
        return questions(r.lines().toList());
      }
      return questions(Files.readAllLines(Path.of(file), StandardCharsets.UTF_8));
    } catch (IOException | UncheckedIOException e) {
      throw new IllegalArgumentException(
          "option --questions: cannot read " + file + ": " + e.getMessage(), e);
    }
  }

  private static List<String> questions(List<String> lines) {
    List<String> out = new ArrayList<>();
    for (String line : lines) {
      String q = line.strip();
      if (!q.isEmpty() && !q.startsWith("#")) {
        out.add(q);
      }
    }
    return out;
  }

  /** The worse of two exit statuses: rejected over abstained over answered. */
  static int worse(int a, int b) {
    return rank(b) > rank(a) ? b : a;
  }

  private static int rank(int status) {
    return switch (status) {
      case Main.EXIT_REJECTED -> 3;
      case Main.EXIT_ABSTAINED -> 2;
      case Main.EXIT_OK -> 1;
      default -> 4;
    };
  }
}
