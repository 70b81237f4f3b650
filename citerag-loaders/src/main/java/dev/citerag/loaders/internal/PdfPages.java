package dev.citerag.loaders.internal;

import dev.citerag.ingest.Page;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Turns a PDF's raw page texts into {@link Page}s: repeating headers and footers dropped, outline
 * headings placed as Markdown headings, blank pages left out.
 */
public final class PdfPages {
  private PdfPages() {}

  /** Lines looked at for a header (the first ones of a page) and a footer (the last ones). */
  static final int EDGE_LINES = 2;

  /** A header or footer repeats on at least this many pages... */
  static final int MIN_REPEATS = 3;

  /** ...and on at least this share of the pages with text. */
  static final double MIN_SHARE = 0.5;

  /** A bookmark: the page it points to, its depth (1 = top level, at most 6) and its title. */
  public record Heading(int page, int level, String title) {}

  /**
   * Turns the raw text of each page into pages with their lines and section headings.
   *
   * @param raw text per 1-based page number, in order
   * @param headings the outline in order
   */
  public static List<Page> build(Map<Integer, String> raw, List<Heading> headings) {
    Map<Integer, List<String>> lines = new java.util.TreeMap<>();
    for (Map.Entry<Integer, String> e : raw.entrySet()) {
      List<String> ls = new ArrayList<>();
      for (String l : e.getValue().split("\n", -1)) {
        ls.add(l.stripTrailing());
      }
      lines.put(e.getKey(), ls);
    }
    dropRepeatingEdges(lines);
    Map<Integer, List<Heading>> byPage = new HashMap<>();
    for (Heading h : headings) {
      byPage.computeIfAbsent(h.page(), k -> new ArrayList<>()).add(h);
    }
    List<Page> out = new ArrayList<>();
    for (Map.Entry<Integer, List<String>> e : lines.entrySet()) {
      List<String> ls = e.getValue();
      placeHeadings(ls, byPage.getOrDefault(e.getKey(), List.of()));
      String text = tidy(ls);
      if (!text.isBlank()) {
        out.add(new Page(e.getKey(), text));
      }
    }
    return out;
  }

  private static void dropRepeatingEdges(Map<Integer, List<String>> pages) {
    int withText = 0;
    for (List<String> ls : pages.values()) {
      if (ls.stream().anyMatch(l -> !l.isBlank())) {
        withText++;
      }
    }
    int needed = Math.max(MIN_REPEATS, (int) Math.ceil(withText * MIN_SHARE));
    if (withText < MIN_REPEATS) {
      return;
    }
    for (boolean top : new boolean[] {true, false}) {
      Map<String, Integer> count = new HashMap<>();
      for (List<String> ls : pages.values()) {
        Set<String> seen = new HashSet<>();
        for (int i : edge(ls, top)) {
          String k = key(ls.get(i));
          if (seen.add(k)) {
            count.merge(k, 1, Integer::sum);
          }
        }
      }
      for (List<String> ls : pages.values()) {
        for (int i : edge(ls, top)) {
          if (count.getOrDefault(key(ls.get(i)), 0) >= needed) {
            ls.set(i, "");
          }
        }
      }
    }
  }

  /** Indexes of the first (or last) {@link #EDGE_LINES} non-blank lines. */
  private static List<Integer> edge(List<String> ls, boolean top) {
    List<Integer> out = new ArrayList<>(EDGE_LINES);
    if (top) {
      for (int i = 0; i < ls.size() && out.size() < EDGE_LINES; i++) {
        if (!ls.get(i).isBlank()) {
          out.add(i);
        }
      }
    } else {
      for (int i = ls.size() - 1; i >= 0 && out.size() < EDGE_LINES; i--) {
        if (!ls.get(i).isBlank()) {
          out.add(i);
        }
      }
    }
    return out;
  }

  /** A line's identity for repetition: whitespace collapsed, digits ignored, case folded. */
  static String key(String line) {
    return line.strip().replaceAll("\\s+", " ").replaceAll("[0-9]+", "#").toLowerCase(Locale.ROOT);
  }

  private static void placeHeadings(List<String> ls, List<Heading> headings) {
    int cursor = 0;
    for (Heading h : headings) {
      String marker = "#".repeat(h.level()) + " ";
      String want = key(h.title());
      int at = -1;
      for (int i = cursor; i < ls.size(); i++) {
        if (!ls.get(i).isBlank() && key(ls.get(i)).equals(want)) {
          at = i;
          break;
        }
      }
      if (at >= 0) {
        ls.set(at, marker + ls.get(at).strip());
        ls.add(at + 1, "");
        ls.add(at, "");
        cursor = at + 2;
      } else {
        ls.add(cursor, marker + h.title().replaceAll("\\s+", " "));
        ls.add(cursor + 1, "");
        cursor += 2;
      }
    }
  }

  /** Lines joined; runs of blank lines become one; leading and trailing blank lines dropped. */
  private static String tidy(List<String> ls) {
    StringBuilder b = new StringBuilder();
    boolean blank = false;
    for (String l : ls) {
      if (l.isBlank()) {
        blank = b.length() > 0;
        continue;
      }
      if (b.length() > 0) {
        b.append(blank ? "\n\n" : "\n");
      }
      b.append(l);
      blank = false;
    }
    return b.toString();
  }
}
