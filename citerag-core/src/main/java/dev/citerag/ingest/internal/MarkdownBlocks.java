package dev.citerag.ingest.internal;

import dev.citerag.ingest.internal.Block.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The Markdown block structure the chunker needs, read line by line: sections at ATX and setext
 * headings ({@link #sections}), and within a section paragraphs, GitHub-style tables and fenced
 * code blocks ({@link #blocks}). Every block is a run of the document's own lines, so every chunk
 * body is built from verbatim text.
 *
 * <p>Written by hand rather than on a CommonMark library: the chunker needs line-exact block
 * boundaries of a handful of constructs and none of the inline parsing; a full parser's tree would
 * have to be mapped back to source lines, and core keeps to the JDK, Jackson and slf4j.
 */
public final class MarkdownBlocks {
  private MarkdownBlocks() {}

  // Every pattern here sees document text, so each must run in time linear in the line's length
  // (the reliability module's RegexDenialOfServiceTest checks it on adversarial lines). DOTALL: a
  // '.' that stops at a line separator inside the line (\r, U+2028) made '$' fail and the greedy
  // run before it backtrack once per character, each time rescanning the rest: quadratic.
  static final Pattern HEADING =
      Pattern.compile("^ {0,3}(#{1,6})(?:[ \\t]+(.*))?$", Pattern.DOTALL);
  private static final Pattern TABLE_DELIMITER =
      // possessive loop: a greedy one recurses per column and overflowed the stack on wide tables
      Pattern.compile("^ {0,3}\\|?[ \\t]*:?-+:?[ \\t]*(?:\\|[ \\t]*:?-+:?[ \\t]*)*+\\|?[ \\t]*$");

  /**
   * Sections of the lines, cut at every heading outside fenced code. {@code pageOf} (null when
   * unpaged) gives each line's page; a section running over a page break goes on as a continuation
   * section with the same heading path. {@code offsets} gives where each line starts in its
   * document's (or page's) text.
   */
  public static List<Section> sections(
      String[] lines, @Nullable List<Integer> pageOf, int[] offsets) {
    return SectionParser.parse(lines, pageOf, offsets);
  }

  /**
   * The blocks of a section's lines; with {@code markdown} false only paragraphs. {@code starts}
   * gives where each line starts in the document's text (-1 when it is not the document's), and
   * each block records where its text starts when its lines are consecutive there.
   */
  public static List<Block> blocks(List<String> lines, List<Integer> starts, boolean markdown) {
    List<Block> out = new ArrayList<>();
    int n = lines.size();
    int i = 0;
    while (i < n) {
      String line = lines.get(i);
      if (line.isBlank()) {
        i++;
        continue;
      }
      Fence fence = markdown ? Fence.open(line) : null;
      int end;
      if (fence != null) {
        int j = i + 1;
        while (j < n && !fence.closedBy(lines.get(j))) {
          j++;
        }
        end = Math.min(j + 1, n); // include the closing fence when there is one
        List<String> code = trimTrailingBlank(lines.subList(i, end));
        out.add(new Block(Kind.CODE, code, fence, start(code, starts, i)));
      } else if (markdown && isTableStart(lines, i)) {
        end = i + 2;
        while (end < n && !lines.get(end).isBlank() && Fence.open(lines.get(end)) == null) {
          end++;
        }
        out.add(new Block(Kind.TABLE, lines.subList(i, end), null, start(lines, starts, i, end)));
      } else {
        end = i + 1;
        while (end < n && !lines.get(end).isBlank() && !(markdown && interrupts(lines, end))) {
          end++;
        }
        out.add(new Block(Kind.TEXT, lines.subList(i, end), null, start(lines, starts, i, end)));
      }
      i = end;
    }
    return out;
  }

  private static int start(List<String> lines, List<Integer> starts, int from, int to) {
    return start(lines.subList(from, to), starts, from);
  }

  /**
   * Where {@code block}, the lines from {@code from}, starts in the document when its lines are
   * consecutive there (each after the previous one and its line break), else -1.
   */
  private static int start(List<String> block, List<Integer> starts, int from) {
    int first = starts.get(from);
    if (first < 0) {
      return -1;
    }
    int at = first;
    for (int k = 0; k < block.size(); k++) {
      if (starts.get(from + k) != at) {
        return -1;
      }
      at += block.get(k).length() + 1;
    }
    return first;
  }

  /** Whether line {@code i} starts a fence or a table, ending the paragraph before it. */
  private static boolean interrupts(List<String> lines, int i) {
    return Fence.open(lines.get(i)) != null || isTableStart(lines, i);
  }

  private static List<String> trimTrailingBlank(List<String> lines) {
    int end = lines.size();
    while (end > 1 && lines.get(end - 1).isBlank()) {
      end--;
    }
    return lines.subList(0, end);
  }

  /** Whether lines {@code i} and {@code i + 1} are a table's header and delimiter rows. */
  static boolean isTableStart(List<String> lines, int i) {
    if (i + 1 >= lines.size()) {
      return false;
    }
    String header = lines.get(i);
    String delimiter = lines.get(i + 1);
    return header.indexOf('|') >= 0
        && delimiter.indexOf('|') >= 0
        && TABLE_DELIMITER.matcher(delimiter).matches()
        && cellCount(header) == cellCount(delimiter);
  }

  /** Cells of a table row: unescaped pipes, ignoring a leading and a trailing one. */
  private static int cellCount(String row) {
    String r = row.strip();
    int start = r.startsWith("|") ? 1 : 0;
    int end = r.length();
    if (end > start && r.endsWith("|") && !r.endsWith("\\|")) {
      end--;
    }
    int cells = 1;
    for (int i = start; i < end; i++) {
      char c = r.charAt(i);
      if (c == '\\') {
        i++;
      } else if (c == '|') {
        cells++;
      }
    }
    return cells;
  }

  // ---------------------------------------------------------------- line kinds (by hand: linear)

  /**
   * The level a setext underline gives ({@code 1} for {@code =}, {@code 2} for {@code -}), or 0
   * when {@code line} is none: up to three spaces, a run of one character, then spaces or tabs.
   */
  static int setextLevel(String line) {
    int i = indent(line);
    if (i > 3 || i == line.length()) {
      return 0;
    }
    char c = line.charAt(i);
    if (c != '=' && c != '-') {
      return 0;
    }
    while (i < line.length() && line.charAt(i) == c) {
      i++;
    }
    return isBlankFrom(line, i) ? (c == '=' ? 1 : 2) : 0;
  }

  /**
   * A thematic break: up to three spaces, then three or more {@code *}, {@code -} or {@code _} (one
   * character), spaces and tabs between them allowed, nothing else.
   */
  static boolean isThematicBreak(String line) {
    int i = indent(line);
    if (i > 3 || i == line.length()) {
      return false;
    }
    char c = line.charAt(i);
    if (c != '*' && c != '-' && c != '_') {
      return false;
    }
    int count = 0;
    for (; i < line.length(); i++) {
      char d = line.charAt(i);
      if (d == c) {
        count++;
      } else if (d != ' ' && d != '\t') {
        return false;
      }
    }
    return count >= 3;
  }

  /**
   * A line that opens a list item ({@code - }, {@code * }, {@code + }, {@code 1. }, {@code 1) }) or
   * a quote.
   */
  static boolean startsListItemOrQuote(String line) {
    int i = indent(line);
    if (i > 3 || i == line.length()) {
      return false;
    }
    char c = line.charAt(i);
    if (c == '>') {
      return true;
    }
    if (c == '-' || c == '*' || c == '+') {
      return isBlankFrom(line, i + 1) || isSpaceOrTab(line.charAt(i + 1));
    }
    int digits = 0;
    while (i < line.length() && digits < 10 && Character.isDigit(line.charAt(i))) {
      i++;
      digits++;
    }
    if (digits == 0 || digits > 9 || i == line.length()) {
      return false;
    }
    char d = line.charAt(i);
    return (d == '.' || d == ')') && (isBlankFrom(line, i + 1) || isSpaceOrTab(line.charAt(i + 1)));
  }

  /** Leading spaces (a tab counts as four, enough to leave the three-space allowance). */
  static int indent(String line) {
    int i = 0;
    while (i < line.length() && line.charAt(i) == ' ') {
      i++;
    }
    return i < line.length() && line.charAt(i) == '\t' ? i + 4 : i;
  }

  private static boolean isBlankFrom(String line, int from) {
    for (int i = from; i < line.length(); i++) {
      if (!isSpaceOrTab(line.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  private static boolean isSpaceOrTab(char c) {
    return c == ' ' || c == '\t';
  }

  /**
   * A heading's text without its optional closing sequence ({@code ## Title ##} → {@code Title}):
   * trailing spaces, then a run of {@code #} that is the whole text or follows a space or tab.
   * Written out by hand: the regular expression {@code (?:^|[ \\t]+)#+[ \\t]*$} it replaces was
   * tried at every space of a long run and took time quadratic in the run (8.8 s for a heading of
   * 40,000 spaces).
   */
  static String stripClosingHashes(String text) {
    int end = text.length();
    while (end > 0 && isSpaceOrTab(text.charAt(end - 1))) {
      end--;
    }
    int hashes = end;
    while (hashes > 0 && text.charAt(hashes - 1) == '#') {
      hashes--;
    }
    if (hashes == end) {
      return text;
    }
    if (hashes == 0) {
      return "";
    }
    if (!isSpaceOrTab(text.charAt(hashes - 1))) {
      return text;
    }
    int start = hashes;
    while (start > 0 && isSpaceOrTab(text.charAt(start - 1))) {
      start--;
    }
    return text.substring(0, start);
  }
}
