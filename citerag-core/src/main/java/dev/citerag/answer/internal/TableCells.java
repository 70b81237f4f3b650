package dev.citerag.answer.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * Markdown table rows in quotes, and the support rule that keeps a table's values under their own
 * column headers.
 *
 * <p>A claim drawn from a table row reads best with its column headers ("SEV1: acknowledge within 5
 * minutes; update stakeholders every 30 minutes") and cites two quotes, the row and the table's
 * header row, both verbatim. Every word of such a claim is in its quotes whichever column a value
 * came from, so the word rules alone would also pass "acknowledge within 30 minutes". {@link
 * #misplaced} closes that gap: in a claim citing a header row and a body row with the same number
 * of cells (the header being the one with fewer cells holding a digit), each header label the claim
 * names (case-insensitive, on word boundaries) must be followed, before the next label, by a value
 * of its own column, if it is followed by a value of the row at all. A value written before its
 * label, or a label the claim rewords ("acknowledged" for "Acknowledge"), is not checked by this
 * rule (the other rules still are).
 */
public final class TableCells {

  private TableCells() {}

  /**
   * The cells of a Markdown table row: a line that starts and ends with {@code |}, split on {@code
   * |}, each cell stripped; null for anything else, and for a delimiter row ({@code |---|:--:|}).
   *
   * @param line one line (surrounding whitespace ignored)
   * @return the cells, or null
   */
  public static @Nullable List<String> cells(String line) {
    String l = line.strip();
    if (l.length() < 2 || l.charAt(0) != '|' || l.charAt(l.length() - 1) != '|') {
      return null;
    }
    if (l.indexOf('\n') >= 0 || l.indexOf('\r') >= 0) {
      return null;
    }
    List<String> out = new ArrayList<>();
    boolean delimiter = true;
    int start = 1;
    for (int i = 1; i < l.length(); i++) {
      if (l.charAt(i) == '|' && l.charAt(i - 1) != '\\') {
        String cell = l.substring(start, i).strip();
        out.add(cell);
        delimiter &= isDelimiterCell(cell);
        start = i + 1;
      }
    }
    return delimiter ? null : out;
  }

  private static boolean isDelimiterCell(String cell) {
    boolean dash = false;
    for (int i = 0; i < cell.length(); i++) {
      char c = cell.charAt(i);
      if (c == '-') {
        dash = true;
      } else if (c != ':') {
        return false;
      }
    }
    return dash;
  }

  /**
   * Values of a cited table row that the claim puts under another column's header.
   *
   * @param claim the claim's text
   * @param quotes its quotes
   * @return each misplaced value as written in the row (empty when every value the claim attaches
   *     to a header is that header's, or when the quotes hold no header and row of one table)
   */
  public static List<String> misplaced(String claim, List<String> quotes) {
    List<List<String>> rows = new ArrayList<>();
    for (String q : quotes) {
      List<String> c = cells(q);
      if (c != null && c.size() >= 2) {
        rows.add(c);
      }
    }
    if (rows.size() < 2) {
      return List.of();
    }
    String text = collapse(claim);
    List<String> out = new ArrayList<>();
    for (int a = 0; a < rows.size(); a++) {
      for (int b = a + 1; b < rows.size(); b++) {
        List<String> x = rows.get(a);
        List<String> y = rows.get(b);
        if (x.size() != y.size()) {
          continue;
        }
        // the header is the row with fewer cells holding a digit; when both hold as many, the
        // reading that finds fewer misplaced values is taken
        int dx = cellsWithDigit(x);
        int dy = cellsWithDigit(y);
        List<String> found;
        if (dx < dy) {
          found = misplaced(text, x, y);
        } else if (dy < dx) {
          found = misplaced(text, y, x);
        } else {
          List<String> one = misplaced(text, x, y);
          List<String> other = misplaced(text, y, x);
          found = one.size() <= other.size() ? one : other;
        }
        for (String v : found) {
          if (!out.contains(v)) {
            out.add(v);
          }
        }
      }
    }
    return out;
  }

  private static int cellsWithDigit(List<String> cells) {
    int n = 0;
    for (String c : cells) {
      n += c.chars().anyMatch(Character::isDigit) ? 1 : 0;
    }
    return n;
  }

  /** The misplaced values of {@code row} in {@code text}, reading {@code header} as its labels. */
  private static List<String> misplaced(String text, List<String> header, List<String> row) {
    List<Span> labels = new ArrayList<>();
    for (int col = 0; col < header.size(); col++) {
      String label = collapse(header.get(col));
      if (hasWord(label) && !label.equals(collapse(row.get(col)))) {
        find(text, label, col, labels);
      }
    }
    if (labels.isEmpty()) {
      return List.of();
    }
    labels.sort((a, b) -> Integer.compare(a.start, b.start));
    List<Span> values = new ArrayList<>();
    for (int col = 0; col < row.size(); col++) {
      String value = collapse(row.get(col));
      if (hasWord(value)) {
        find(text, value, col, values);
      }
    }
    List<String> out = new ArrayList<>();
    for (int k = 0; k < labels.size(); k++) {
      Span label = labels.get(k);
      int until = k + 1 < labels.size() ? labels.get(k + 1).start : text.length();
      Span next = null;
      for (Span v : values) {
        if (v.start >= label.end
            && v.start < until
            && !insideLabel(v, labels)
            && (next == null
                || v.start < next.start
                || (v.start == next.start && v.end > next.end))) {
          next = v;
        }
      }
      if (next == null) {
        continue;
      }
      String wanted = collapse(row.get(label.col));
      String found = collapse(row.get(next.col));
      if (!found.equals(wanted)) {
        out.add(row.get(next.col));
      }
    }
    return out;
  }

  private static boolean insideLabel(Span v, List<Span> labels) {
    for (Span l : labels) {
      if (v.start < l.end && l.start < v.end) {
        return true;
      }
    }
    return false;
  }

  /** Every occurrence of {@code needle} in {@code text} on word boundaries. */
  private static void find(String text, String needle, int col, List<Span> out) {
    for (int i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) {
      int end = i + needle.length();
      if (boundary(text, i) && boundary(text, end)) {
        out.add(new Span(i, end, col));
      }
    }
  }

  private static boolean boundary(String text, int at) {
    if (at <= 0 || at >= text.length()) {
      return true;
    }
    return !(Character.isLetterOrDigit(text.charAt(at - 1))
        && Character.isLetterOrDigit(text.charAt(at)));
  }

  private static boolean hasWord(String s) {
    for (int i = 0; i < s.length(); i++) {
      if (Character.isLetterOrDigit(s.charAt(i))) {
        return true;
      }
    }
    return false;
  }

  /** Lower-cased, each run of whitespace one space, stripped. */
  private static String collapse(String s) {
    return s.strip().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
  }

  private record Span(int start, int end, int col) {}

  /**
   * The row read with its headers: its first cell, a colon, then {@code header value} for each
   * other non-empty cell, joined by semicolons ("SEV1: Acknowledge within 5 minutes; Update
   * stakeholders every 30 minutes"); null when the two are not rows of one table or the first cell
   * is empty.
   *
   * @param row a body row
   * @param header its table's header row
   * @return the reading, or null
   */
  public static @Nullable String reading(String row, String header) {
    List<String> h = cells(header);
    List<String> r = cells(row);
    if (h == null || r == null || h.size() != r.size() || r.size() < 2 || r.get(0).isEmpty()) {
      return null;
    }
    List<String> parts = new ArrayList<>();
    for (int i = 1; i < r.size(); i++) {
      String value = r.get(i);
      if (value.isEmpty()) {
        continue;
      }
      String label = h.get(i);
      parts.add(label.isEmpty() ? value : label + " " + value);
    }
    return parts.isEmpty() ? null : r.get(0) + ": " + String.join("; ", parts);
  }

  /**
   * The readings ({@link #reading}) of the header and body rows among {@code quotes}: the text a
   * reader takes from a cited row under its cited header, built only from their cells, for rules
   * that read a value with the words before it (a bound such as "within").
   *
   * @param quotes a claim's quotes
   * @return one reading per header and row pair of one table (the header being the row with fewer
   *     cells holding a digit), empty when there is none
   */
  public static List<String> readings(List<String> quotes) {
    List<String> rows = new ArrayList<>();
    for (String q : quotes) {
      List<String> c = cells(q);
      if (c != null && c.size() >= 2) {
        rows.add(q);
      }
    }
    List<String> out = new ArrayList<>();
    for (int a = 0; a < rows.size(); a++) {
      for (int b = a + 1; b < rows.size(); b++) {
        List<String> x = cells(rows.get(a));
        List<String> y = cells(rows.get(b));
        if (x == null || y == null || x.size() != y.size()) {
          continue;
        }
        int dx = cellsWithDigit(x);
        int dy = cellsWithDigit(y);
        String r = null;
        if (dx < dy) {
          r = reading(rows.get(b), rows.get(a));
        } else if (dy < dx) {
          r = reading(rows.get(a), rows.get(b));
        }
        if (r != null) {
          out.add(r);
        }
      }
    }
    return out;
  }
}
