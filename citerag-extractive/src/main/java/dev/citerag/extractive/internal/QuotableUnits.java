package dev.citerag.extractive.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The quotable units of a chunk, each a verbatim substring of it: sentences of prose lines, table
 * body rows (with their header row as context), lines of fenced code and numbered steps (marked as
 * procedure).
 */
final class QuotableUnits {

  private QuotableUnits() {}

  private static final Pattern SENTENCE_END =
      Pattern.compile("(?<=[.!?])\\s+(?=[\\p{Lu}\\p{N}`\"'(\\[*])");
  private static final Pattern LINE_BREAK = Pattern.compile("\\R");
  private static final Pattern BULLET =
      Pattern.compile("^(?:[-*+]\\s+|\\d{1,3}[.)]\\s+|>\\s+|#{1,6}\\s+)");
  private static final Pattern NUMBERED_STEP = Pattern.compile("^\\d{1,3}[.)]\\s+");

  /** Lines, then sentences; list markers and heading marks removed; each a verbatim substring. */
  public static List<String> sentences(String text) {
    return units(text).stream().map(u -> u.quote).toList();
  }

  /**
   * Quotable units: sentences of prose lines, table body rows (scored with their header row, quoted
   * alone), lines of fenced code and numbered steps (both marked as procedure).
   */
  static List<Unit> units(String text) {
    List<Unit> out = new ArrayList<>();
    String[] lines = LINE_BREAK.split(text, -1);
    String tableHeader = null;
    StringBuilder para = new StringBuilder();
    boolean inFence = false;
    boolean paraIsStep = false;
    for (int i = 0; i < lines.length; i++) {
      String l = lines[i].strip();
      if (l.startsWith("```") || l.startsWith("~~~")) {
        flush(para, out, paraIsStep);
        paraIsStep = false;
        inFence = !inFence;
        continue;
      }
      if (inFence) {
        if (!l.isEmpty()) {
          out.add(new Unit(l, null, true));
        }
        continue;
      }
      if (l.startsWith("|")) {
        flush(para, out, paraIsStep);
        paraIsStep = false;
        boolean nextIsSeparator = i + 1 < lines.length && isTableSeparator(lines[i + 1].strip());
        if (nextIsSeparator) {
          tableHeader = l;
        } else if (!isTableSeparator(l)) {
          out.add(new Unit(l, tableHeader, false));
        }
        continue;
      }
      tableHeader = null;
      if (l.isEmpty()) {
        flush(para, out, paraIsStep);
        paraIsStep = false;
        continue;
      }
      Matcher m = BULLET.matcher(l);
      if (m.find()) {
        flush(para, out, paraIsStep);
        boolean heading = l.startsWith("#");
        paraIsStep = NUMBERED_STEP.matcher(l).find();
        l = l.substring(m.end()).strip();
        if (heading) {
          out.add(new Unit(l, null, false));
          paraIsStep = false;
          continue;
        }
      }
      if (para.length() > 0) {
        para.append(' ');
      }
      para.append(l);
    }
    flush(para, out, paraIsStep);
    return out;
  }

  private static void flush(StringBuilder para, List<Unit> out, boolean step) {
    if (para.length() == 0) {
      return;
    }
    for (String part : SENTENCE_END.split(para, -1)) {
      String st = part.strip();
      if (!st.isEmpty()) {
        out.add(new Unit(st, null, step));
      }
    }
    para.setLength(0);
  }

  /**
   * A verbatim quote; for table rows the header that gives it meaning; procedure for commands and
   * steps.
   */
  record Unit(String quote, @Nullable String context, boolean procedure) {}

  /**
   * A Markdown table's delimiter row ({@code |---|:--:|}): only {@code |}, {@code :}, {@code -} and
   * blanks, with at least one {@code -}; written by hand, as a regular expression it took time
   * quadratic in a long line of dashes.
   */
  static boolean isTableSeparator(String line) {
    boolean dash = false;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (c == '-') {
        dash = true;
      } else if (c != '|' && c != ':' && !Character.isWhitespace(c)) {
        return false;
      }
    }
    return dash;
  }
}
