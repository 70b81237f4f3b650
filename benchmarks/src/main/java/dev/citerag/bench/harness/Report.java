package dev.citerag.bench.harness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** A Markdown report built section by section; every line is also echoed to standard output. */
public final class Report {
  private final StringBuilder md = new StringBuilder();
  private final java.util.List<String> summary = new java.util.ArrayList<>();
  private final java.util.List<String> summaryNotes = new java.util.ArrayList<>();
  private int summaryAt = -1;

  /** A paragraph printed under the summary of targets (why a target was missed). */
  public Report summaryNote(String text) {
    summaryNotes.add(text);
    System.out.println("[note] " + text);
    return this;
  }

  /** Marks where the summary of targets goes (written by {@link #writeTo}). */
  public Report summaryHere() {
    summaryAt = md.length();
    return this;
  }

  /** Adds a line to the summary of targets: what, the target, the figure, met or missed. */
  public Report target(String what, String target, String measured, boolean met) {
    summary.add("| " + what + " | " + target + " | " + measured + " | " + pass(met) + " |");
    System.out.println(
        "[target] " + what + ": " + measured + " (" + target + ") " + (met ? "met" : "MISSED"));
    return this;
  }

  public Report line(String text) {
    md.append(text).append('\n');
    System.out.println(text);
    System.out.flush();
    return this;
  }

  public Report blank() {
    return line("");
  }

  public Report heading(String text) {
    blank();
    return line("### " + text).blank();
  }

  public Report row(Object... cells) {
    StringBuilder b = new StringBuilder("|");
    for (Object c : cells) {
      b.append(' ').append(c).append(" |");
    }
    md.append(b).append('\n');
    System.out.println(b);
    System.out.flush();
    return this;
  }

  /** Writes a table's header immediately (rows follow with {@link #row}). */
  public Report header(String... headers) {
    StringBuilder h = new StringBuilder("|");
    StringBuilder sep = new StringBuilder("|");
    for (String s : headers) {
      boolean right = s.startsWith(">");
      h.append(' ').append(right ? s.substring(1) : s).append(" |");
      sep.append(right ? "---:|" : "---|");
    }
    md.append(h).append('\n').append(sep).append('\n');
    System.out.println(h);
    System.out.println(sep);
    System.out.flush();
    return this;
  }

  public void writeTo(Path file) throws IOException {
    Files.createDirectories(file.toAbsolutePath().getParent());
    String text = md.toString();
    if (summaryAt >= 0 && !summary.isEmpty()) {
      StringBuilder t =
          new StringBuilder("\n### Targets\n\n| what | target | measured | |\n|---|---|---|---|\n");
      for (String row : summary) {
        t.append(row).append('\n');
      }
      for (String note : summaryNotes) {
        t.append('\n').append(note).append('\n');
      }
      text = text.substring(0, summaryAt) + t + text.substring(summaryAt);
    }
    Files.writeString(file, text);
  }

  public static String ms(long nanos) {
    double ms = nanos / 1e6;
    return String.format(Locale.ROOT, ms >= 100 ? "%.0f" : ms >= 10 ? "%.1f" : "%.2f", ms);
  }

  public static String us(long nanos) {
    return String.format(Locale.ROOT, "%.1f", nanos / 1e3);
  }

  public static String f(String pattern, Object... args) {
    return String.format(Locale.ROOT, pattern, args);
  }

  /** "3.2×" */
  public static String x(double ratio) {
    return String.format(Locale.ROOT, ratio >= 10 ? "%.0f×" : "%.2f×", ratio);
  }

  /** "2.3× faster" or "1.5× slower", from {@code other time ÷ our time}. */
  public static String speed(double otherOverOurs) {
    return otherOverOurs >= 1 ? x(otherOverOurs) + " faster" : x(1 / otherOverOurs) + " slower";
  }

  public static String pass(boolean ok) {
    return ok ? "met" : "**missed**";
  }
}
