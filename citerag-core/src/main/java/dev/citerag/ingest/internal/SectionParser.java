package dev.citerag.ingest.internal;

import dev.citerag.text.internal.Whitespace;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import org.jspecify.annotations.Nullable;

/**
 * Cuts lines into {@link Section}s at ATX headings ({@code #} to {@code ######}) and setext
 * headings (a paragraph underlined with {@code =} for level 1 or {@code -} for level 2), outside
 * fenced code.
 *
 * <p>Setext headings follow CommonMark: the underline turns the paragraph directly above it (one or
 * more lines, after a blank line, a heading, a fence or a thematic break) into the heading. With
 * nothing but a blank line above, {@code ---} is a thematic break and {@code ===} is text, both
 * kept as body text. The underline of a paragraph that is (or holds) a list item or a block quote,
 * or that sits under a table, is not a heading either (CommonMark reads a thematic break there),
 * nor is one whose lines are all indented code.
 */
final class SectionParser {
  private final List<Section> out = new ArrayList<>();
  private final @Nullable String[] stack = new String[7];
  private List<String> current = new ArrayList<>();
  private List<Integer> currentStarts = new ArrayList<>();
  private final int[] offsets;
  private int lineNo;
  private int level;
  private List<String> path = List.of();
  private String heading = "";
  private List<String> headingLines = List.of();
  private List<Integer> headingStarts = List.of();
  private @Nullable Fence fence;
  private @Nullable Integer page;
  private boolean continuation;

  /** Index in {@link #current} where a paragraph may begin: after a blank line or another block. */
  private int paragraphStart;

  private SectionParser(@Nullable Integer firstPage, int[] offsets) {
    this.page = firstPage;
    this.offsets = offsets;
  }

  /**
   * @param offsets where each line starts in its document's (or page's) normalised text
   */
  static List<Section> parse(String[] lines, @Nullable List<Integer> pageOf, int[] offsets) {
    SectionParser p = new SectionParser(pageOf == null ? null : pageOf.get(0), offsets);
    for (int i = 0; i < lines.length; i++) {
      if (pageOf != null && !pageOf.get(i).equals(p.page)) {
        p.pageBreak(pageOf.get(i));
      }
      p.lineNo = i;
      p.line(lines[i]);
    }
    p.emit(p.current.size());
    return p.out;
  }

  private void pageBreak(Integer next) {
    emit(current.size());
    current = new ArrayList<>();
    currentStarts = new ArrayList<>();
    paragraphStart = 0;
    page = next;
    continuation = true;
    fence = null; // a code block does not run over a page break
  }

  private void add(String line) {
    current.add(line);
    currentStarts.add(offsets[lineNo]);
  }

  private void line(String line) {
    if (fence != null) {
      add(line);
      if (fence.closedBy(line)) {
        fence = null;
        paragraphStart = current.size();
      }
      return;
    }
    Fence opened = Fence.open(line);
    if (opened != null) {
      fence = opened;
      add(line);
      return;
    }
    Matcher h = MarkdownBlocks.HEADING.matcher(line);
    if (h.matches()) {
      String text = h.group(2) == null ? "" : h.group(2);
      heading(
          h.group(1).length(),
          Whitespace.collapse(MarkdownBlocks.stripClosingHashes(text)),
          List.of(line),
          List.of(offsets[lineNo]),
          current.size());
      return;
    }
    int setext = MarkdownBlocks.setextLevel(line);
    int from = setext > 0 ? paragraphFrom() : -1;
    if (from >= 0) {
      List<String> lines = new ArrayList<>(current.subList(from, current.size()));
      List<Integer> starts = new ArrayList<>(currentStarts.subList(from, current.size()));
      String text = Whitespace.collapse(String.join("\n", lines));
      lines.add(line);
      starts.add(offsets[lineNo]);
      heading(setext, text, lines, starts, from);
      return;
    }
    add(line);
    if (line.isBlank() || MarkdownBlocks.isThematicBreak(line)) {
      paragraphStart = current.size();
    }
  }

  /**
   * Where the paragraph that a setext underline would turn into a heading begins in {@link
   * #current}, or -1 when there is no such paragraph.
   */
  private int paragraphFrom() {
    int end = current.size();
    int from = paragraphStart;
    while (from < end && MarkdownBlocks.indent(current.get(from)) >= 4) {
      from++; // indented code: a paragraph begins after it
    }
    if (from == end) {
      return -1;
    }
    for (int i = from; i < end; i++) {
      if (MarkdownBlocks.startsListItemOrQuote(current.get(i))
          || (i + 1 < end && MarkdownBlocks.isTableStart(current, i))) {
        return -1;
      }
    }
    return from;
  }

  /** Ends the current section before line {@code keep} of its body and starts a new one. */
  private void heading(
      int newLevel, String text, List<String> lines, List<Integer> starts, int keep) {
    emit(keep);
    continuation = false;
    level = newLevel;
    stack[level] = text;
    for (int l = level + 1; l < stack.length; l++) {
      stack[l] = null;
    }
    List<String> p = new ArrayList<>();
    for (int l = 1; l <= level; l++) {
      String s = stack[l];
      if (s != null && !s.isEmpty()) {
        p.add(s);
      }
    }
    path = List.copyOf(p);
    heading = text;
    headingLines = List.copyOf(lines);
    headingStarts = List.copyOf(starts);
    current = new ArrayList<>();
    currentStarts = new ArrayList<>();
    paragraphStart = 0;
  }

  private void emit(int keep) {
    out.add(
        new Section(
            level,
            path,
            heading,
            headingLines,
            current.subList(0, keep),
            page,
            continuation,
            headingStarts,
            currentStarts.subList(0, keep)));
  }
}
