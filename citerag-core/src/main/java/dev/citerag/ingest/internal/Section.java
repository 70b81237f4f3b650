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
 */
public record Section(
    int level,
    List<String> path,
    String heading,
    List<String> headingLines,
    List<String> lines,
    @Nullable Integer page,
    boolean continuation) {

  public Section {
    path = List.copyOf(path);
    headingLines = List.copyOf(headingLines);
    lines = List.copyOf(lines);
  }

  /** A section of plain lines: no heading, on {@code page} (null when unpaged). */
  public static Section plain(List<String> lines, @Nullable Integer page) {
    return new Section(0, List.of(), "", List.of(), lines, page, false);
  }

  /** Whether the heading is a question (FAQ mode keeps its answer together). */
  public boolean isQuestion() {
    return heading.endsWith("?");
  }

  /** This section with the given sub-sections appended inline, heading lines included. */
  public Section absorb(List<Section> nested) {
    List<String> all = new ArrayList<>(lines);
    for (Section n : nested) {
      all.add("");
      all.addAll(n.headingLines);
      all.addAll(n.lines);
    }
    return new Section(level, path, heading, headingLines, all, page, continuation);
  }
}
