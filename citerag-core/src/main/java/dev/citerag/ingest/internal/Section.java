package dev.citerag.ingest.internal;

import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A heading's section.
 *
 * @param level the heading's level, 0 before the first heading
 * @param path the heading path (empty headings left out)
 * @param heading the heading's text, whitespace collapsed ({@code ""} before the first heading)
 * @param headingLines the heading's source lines (one for an ATX heading; the paragraph lines and
 *     the underline for a setext heading)
 * @param lines the body lines under the heading, up to the next heading
 * @param page in a paged document the page, else null
 * @param continuation whether this section goes on from the previous page with the same path
 * @param headingStarts where each heading line starts in the document's (or page's) normalised text
 * @param starts where each body line starts in the document's (or page's) normalised text, -1 for a
 *     line that is not the document's
 */
public record Section(
    int level,
    List<String> path,
    String heading,
    List<String> headingLines,
    List<String> lines,
    @Nullable Integer page,
    boolean continuation,
    List<Integer> headingStarts,
    List<Integer> starts) {

  public Section {
    path = List.copyOf(path);
    headingLines = List.copyOf(headingLines);
    lines = List.copyOf(lines);
    headingStarts = List.copyOf(headingStarts);
    starts = List.copyOf(starts);
    if (starts.size() != lines.size() || headingStarts.size() != headingLines.size()) {
      throw new IllegalArgumentException("every line needs its start");
    }
  }

  /**
   * A section of plain lines: no heading, on {@code page} (null when unpaged), the lines being
   * consecutive from offset 0.
   */
  public static Section plain(List<String> lines, @Nullable Integer page) {
    return new Section(
        0, List.of(), "", List.of(), lines, page, false, List.of(), consecutive(lines, 0));
  }

  /** The starts of consecutive lines from {@code from}, each followed by one line break. */
  public static List<Integer> consecutive(List<String> lines, int from) {
    List<Integer> out = new ArrayList<>(lines.size());
    int at = from;
    for (String l : lines) {
      out.add(at);
      at += l.length() + 1;
    }
    return out;
  }

  /** Whether the heading is a question (FAQ mode keeps its answer together). */
  public boolean isQuestion() {
    return heading.endsWith("?");
  }

  /** This section with the given sub-sections appended inline, heading lines included. */
  public Section absorb(List<Section> nested) {
    List<String> all = new ArrayList<>(lines);
    List<Integer> allStarts = new ArrayList<>(starts);
    for (Section n : nested) {
      all.add("");
      allStarts.add(-1);
      all.addAll(n.headingLines);
      allStarts.addAll(n.headingStarts);
      all.addAll(n.lines);
      allStarts.addAll(n.starts);
    }
    return new Section(
        level, path, heading, headingLines, all, page, continuation, headingStarts, allStarts);
  }
}
