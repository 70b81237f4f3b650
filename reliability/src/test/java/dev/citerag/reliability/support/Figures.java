package dev.citerag.reliability.support;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The figures file the lead pastes into the README's "Reliability" table: {@code
 * target/reliability-figures.md}. Each test records one section (summary rows plus details) as a
 * JSON file under {@code target/reliability-figures/}; after every record the Markdown file is
 * rebuilt from all sections of this run, so it is complete whichever test finishes last and
 * whatever order the tests run in. Sections left by an earlier run are deleted on the first record.
 */
public final class Figures {
  private Figures() {}

  /** Where the merged file goes; the surefire configuration sets it to {@code target/}. */
  public static final String PROPERTY = "citerag.reliability.figures";

  /**
   * One row of the summary table.
   *
   * @param area what was exercised, e.g. "Hostile model output, Gemini adapter"
   * @param tried what was tried, with its count, e.g. "231 distinct replies"
   * @param bad the count that must be zero, with its meaning, e.g. "0 served as Answered"
   * @param good the count that must be everything, with its meaning, or "" when not applicable
   */
  public record Row(String area, String tried, String bad, String good) {}

  /** A recorded section, stored as JSON between runs of the merge. */
  public record Section(String id, String title, List<Row> rows, String details) {}

  private static final ObjectMapper MAPPER =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  private static boolean cleaned;

  /** The merged Markdown file. */
  public static Path file() {
    String p = System.getProperty(PROPERTY);
    return p != null ? Paths.get(p) : Paths.get("target", "reliability-figures.md");
  }

  private static Path sectionsDir() {
    Path parent = file().toAbsolutePath().getParent();
    return parent.resolve("reliability-figures");
  }

  /**
   * Records (or replaces) section {@code id} and rebuilds the merged file.
   *
   * @param id orders the sections, e.g. {@code 10-hostile-gemini}
   */
  public static synchronized void record(String id, String title, List<Row> rows, String details) {
    try {
      Path dir = sectionsDir();
      Files.createDirectories(dir);
      if (!cleaned) {
        long jvmStart = ManagementFactory.getRuntimeMXBean().getStartTime();
        try (Stream<Path> old = Files.list(dir)) {
          for (Path p : old.toList()) {
            if (Files.getLastModifiedTime(p).toMillis() < jvmStart) {
              Files.delete(p);
            }
          }
        }
        cleaned = true;
      }
      Section s = new Section(id, title, List.copyOf(rows), details);
      Files.writeString(
          dir.resolve(id + ".json"), MAPPER.writeValueAsString(s), StandardCharsets.UTF_8);
      merge(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the reliability figures", e);
    }
  }

  private static void merge(Path dir) throws IOException {
    List<Section> sections = new ArrayList<>();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path p : files.filter(f -> f.toString().endsWith(".json")).toList()) {
        sections.add(MAPPER.readValue(Files.readString(p, StandardCharsets.UTF_8), Section.class));
      }
    }
    sections.sort(Comparator.comparing(Section::id));
    StringBuilder md = new StringBuilder();
    md.append("# citerag reliability figures\n\n")
        .append(
            "Written by the `reliability` module's tests (`./mvnw verify`). Each row is a bounded,")
        .append(
            " seeded run; the \"must be 0\" column is asserted by the test that wrote the row.\n\n")
        .append("| Area | Tried | Must be 0 | Must be all |\n")
        .append("|---|---|---|---|\n");
    for (Section s : sections) {
      for (Row r : s.rows()) {
        md.append("| ")
            .append(cell(r.area()))
            .append(" | ")
            .append(cell(r.tried()))
            .append(" | ")
            .append(cell(r.bad()))
            .append(" | ")
            .append(cell(r.good().isEmpty() ? "—" : r.good()))
            .append(" |\n");
      }
    }
    for (Section s : sections) {
      md.append("\n## ").append(s.title()).append("\n\n").append(s.details().strip()).append('\n');
    }
    Files.writeString(file(), md.toString(), StandardCharsets.UTF_8);
  }

  private static String cell(String s) {
    return s.replace("|", "\\|").replace("\n", " ");
  }
}
