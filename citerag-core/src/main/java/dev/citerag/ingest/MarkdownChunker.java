package dev.citerag.ingest;

import dev.citerag.embed.TokenCounter;
import dev.citerag.internal.Checks;
import dev.citerag.store.Chunk;
import dev.citerag.text.internal.Hashing;
import dev.citerag.text.internal.TokenEstimator;
import dev.citerag.text.internal.Whitespace;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Splits Markdown (and plain text) into chunks that each stand alone: every chunk's text begins
 * with the document title and the heading path above it, e.g.
 *
 * <pre>
 * Operations runbook
 * Deploys &gt; Rollbacks
 *
 * Roll back with deploy-bot within 30 minutes...
 * </pre>
 *
 * (the title line is left out when the first heading already equals the title, and both lines when
 * there is neither).
 *
 * <pre>{@code
 * Chunker chunker = new MarkdownChunker(new ChunkerSettings(300, 40, false));
 * List<Chunk> chunks = chunker.chunk(Document.markdown("runbook.md", markdown));
 * }</pre>
 *
 * <p><b>Order of splitting.</b> A Markdown document is first cut at its ATX headings ({@code #} to
 * {@code ######}; a {@code #} inside a fenced code block is not a heading; setext headings are not
 * recognised). Each section becomes one chunk when it fits in {@link ChunkerSettings#maxTokens()}
 * (estimated by {@link TokenEstimator}, heading prefix included). A section that does not fit is
 * split into blocks (paragraphs, tables, fenced code), blocks that do not fit alone into sentences
 * (or lines), sentences into words, and a word longer than a chunk into characters; the pieces are
 * then packed greedily, and consecutive pieces of one section share up to {@link
 * ChunkerSettings#overlapTokens()} tokens of trailing sentences or words (never more; tables and
 * code are never repeated as overlap). A section never shares a chunk with another section. Plain
 * text ({@link DocumentFormat#TEXT}) has one section and only paragraphs, sentences, words and
 * characters.
 *
 * <p><b>Structure survives.</b> A table (GitHub style: header row, delimiter row, body rows) is
 * split only between rows, and every piece repeats the header and delimiter rows, so a limit is
 * never separated from what it limits. A fenced code block is split only between lines, and every
 * piece is re-fenced. <b>Unbreakable units:</b> a single table row (with the header) or a single
 * code line (with its fences) that is itself larger than the budget becomes one chunk over the
 * budget; nothing else ever exceeds it.
 *
 * <p><b>FAQ mode.</b> With {@link ChunkerSettings#faqMode()}, a heading ending in {@code ?} forms
 * one chunk with everything under it, nested sub-headings included (kept inline as text), when that
 * fits; otherwise the section is split as usual.
 *
 * <p><b>Ids.</b> {@link Chunk#id()} is the first 24 hex digits of {@code
 * Hashing.sha256Hex(documentId, text, n)}, where {@code n} counts earlier chunks of the same
 * document with identical text (usually {@code "0"}), so re-chunking an unchanged document gives
 * the same ids on every run and JVM. Content is normalised before chunking: a leading byte-order
 * mark is dropped and CRLF/CR line ends become LF.
 *
 * <p><b>Pages.</b> A paged document ({@link Document#pages()}, e.g. a PDF) is cut at every page
 * break as well: a chunk never spans two pages and records its page ({@link Chunk#page()}); a
 * section running over a break goes on with the same heading path on the next page.
 *
 * <p>A document whose content is empty or whitespace gives no chunks. Front matter is not parsed
 * here: {@link Document#markdown} and the loaders put it into {@link Document#metadata()}, which
 * every chunk carries. Empty headings are section boundaries that add nothing to the heading path.
 * A heading with neither text nor sub-sections under it gives a chunk holding only its heading
 * line, so no words are lost.
 *
 * <p>Stateless and thread-safe.
 */
public final class MarkdownChunker implements Chunker {

  /** Length of {@link Chunk#id()} in hex digits (96 bits). */
  public static final int ID_HEX_DIGITS = 24;

  // Every pattern here sees document text, so each must run in time linear in the line's length
  // (the reliability module's RegexDenialOfServiceTest checks it on adversarial lines). DOTALL: a
  // '.' that stops at a line separator inside the line (\r, U+2028) made '$' fail and the greedy
  // run before it backtrack once per character, each time rescanning the rest: quadratic.
  private static final Pattern HEADING =
      Pattern.compile("^ {0,3}(#{1,6})(?:[ \\t]+(.*))?$", Pattern.DOTALL);
  private static final Pattern FENCE_OPEN =
      Pattern.compile("^ {0,3}(`{3,}|~{3,})(.*)$", Pattern.DOTALL);
  private static final Pattern TABLE_DELIMITER =
      // possessive loop: a greedy one recurses per column and overflowed the stack on wide tables
      Pattern.compile("^ {0,3}\\|?[ \\t]*:?-+:?[ \\t]*(?:\\|[ \\t]*:?-+:?[ \\t]*)*+\\|?[ \\t]*$");

  private final ChunkerSettings settings;
  private final @Nullable TokenCounter tokenCounter;

  /**
   * @param settings size limits and FAQ mode
   * @throws IllegalArgumentException when {@code settings} is null
   */
  public MarkdownChunker(ChunkerSettings settings) {
    this.settings = Checks.notNull(settings, "settings");
    this.tokenCounter = null;
  }

  /**
   * A chunker whose pieces also stay within the embedder's real token limit: a piece fits when its
   * estimate is at most {@link ChunkerSettings#maxTokens()} <em>and</em> {@code tokenCounter}
   * counts at most {@link TokenCounter#maxTokens()} tokens in it; otherwise it is split further
   * (sections, then sentences, words, characters), never cut. {@link #settingsDescription()} names
   * the limit.
   *
   * @param settings size limits and FAQ mode
   * @param tokenCounter the embedder's tokenizer, usually the embedder itself
   * @throws IllegalArgumentException when an argument is null
   */
  public MarkdownChunker(ChunkerSettings settings, TokenCounter tokenCounter) {
    this.settings = Checks.notNull(settings, "settings");
    this.tokenCounter = Checks.notNull(tokenCounter, "tokenCounter");
  }

  /** A chunker with {@link ChunkerSettings#DEFAULT}. */
  public MarkdownChunker() {
    this(ChunkerSettings.DEFAULT);
  }

  /**
   * @throws IllegalArgumentException when {@code document} is null
   */
  @Override
  public List<Chunk> chunk(Document document) {
    Checks.notNull(document, "document");
    String content = normaliseLineEnds(document.content());
    if (content.isBlank()) {
      return List.of();
    }
    String title = document.title() == null ? null : Whitespace.collapse(document.title());
    if (title != null && title.isEmpty()) {
      title = null;
    }
    boolean markdown = document.format() == DocumentFormat.MARKDOWN;
    List<Section> sections;
    if (document.pages().isEmpty()) {
      String[] lines = content.split("\n", -1);
      sections =
          markdown
              ? parseSections(lines, null)
              : List.of(new Section(0, List.of(), "", "", List.of(lines), null, false));
    } else {
      List<String> all = new ArrayList<>();
      List<Integer> pageOf = new ArrayList<>();
      List<Section> perPage = new ArrayList<>();
      for (Page page : document.pages()) {
        String[] pl = normaliseLineEnds(page.text()).split("\n", -1);
        for (String l : pl) {
          all.add(l);
          pageOf.add(page.number());
        }
        perPage.add(new Section(0, List.of(), "", "", List.of(pl), page.number(), false));
      }
      sections = markdown ? parseSections(all.toArray(new String[0]), pageOf) : perPage;
    }

    List<Piece> pieces = new ArrayList<>();
    for (int i = 0; i < sections.size(); i++) {
      Section s = sections.get(i);
      if (settings.faqMode() && s.isQuestion()) {
        int end = i + 1;
        while (end < sections.size()
            && sections.get(end).level > s.level
            && java.util.Objects.equals(sections.get(end).page, s.page)) {
          end++;
        }
        if (end > i + 1) {
          Section merged = s.absorb(sections.subList(i + 1, end));
          String head = head(title, merged.path);
          String body = joinBlocks(blocks(merged.lines, true));
          if (fits(head + body)) {
            pieces.add(new Piece(merged.path, head + body, s.page));
            i = end - 1;
            continue;
          }
        }
      }
      boolean leaf =
          i + 1 >= sections.size()
              || (sections.get(i + 1).level <= s.level && !sections.get(i + 1).continuation);
      split(s, title, markdown, leaf, pieces);
    }
    return toChunks(document, title, pieces);
  }

  @Override
  public String settingsDescription() {
    return tokenCounter == null
        ? settings.describe()
        : settings.describe() + ",modelTokens<=" + tokenCounter.maxTokens();
  }

  /** {@return the settings this chunker was made with} */
  public ChunkerSettings settings() {
    return settings;
  }

  // ---------------------------------------------------------------- sections

  /**
   * A heading's section: its level (0 before the first heading), path and body lines; in a paged
   * document, its page (a section running over a page break goes on as a continuation section of
   * the next page with the same heading path).
   */
  private static final class Section {
    final int level;
    final List<String> path;
    final String heading;
    final String headingLine;
    final List<String> lines;
    final @Nullable Integer page;
    final boolean continuation;

    Section(
        int level,
        List<String> path,
        String heading,
        String headingLine,
        List<String> lines,
        @Nullable Integer page,
        boolean continuation) {
      this.level = level;
      this.path = path;
      this.heading = heading;
      this.headingLine = headingLine;
      this.lines = lines;
      this.page = page;
      this.continuation = continuation;
    }

    boolean isQuestion() {
      return heading.endsWith("?");
    }

    /** This section with the given sub-sections appended inline, heading lines included. */
    Section absorb(List<Section> nested) {
      List<String> all = new ArrayList<>(lines);
      for (Section n : nested) {
        all.add("");
        all.add(n.headingLine);
        all.addAll(n.lines);
      }
      return new Section(level, path, heading, headingLine, all, page, continuation);
    }
  }

  /** Sections of the lines; {@code pageOf} (null when unpaged) gives each line's page. */
  private static List<Section> parseSections(String[] lines, @Nullable List<Integer> pageOf) {
    List<Section> out = new ArrayList<>();
    String[] stack = new String[7];
    List<String> current = new ArrayList<>();
    int level = 0;
    List<String> path = List.of();
    String heading = "";
    String headingLine = "";
    Fence fence = null;
    Integer page = pageOf == null ? null : pageOf.get(0);
    boolean continuation = false;
    for (int li = 0; li < lines.length; li++) {
      String line = lines[li];
      if (pageOf != null && !pageOf.get(li).equals(page)) {
        out.add(new Section(level, path, heading, headingLine, current, page, continuation));
        current = new ArrayList<>();
        page = pageOf.get(li);
        continuation = true;
        fence = null; // a code block does not run over a page break
      }
      if (fence != null) {
        current.add(line);
        if (fence.closedBy(line)) {
          fence = null;
        }
        continue;
      }
      Fence opened = Fence.open(line);
      if (opened != null) {
        fence = opened;
        current.add(line);
        continue;
      }
      Matcher h = HEADING.matcher(line);
      if (h.matches()) {
        out.add(new Section(level, path, heading, headingLine, current, page, continuation));
        continuation = false;
        level = h.group(1).length();
        String text = h.group(2) == null ? "" : h.group(2);
        text = Whitespace.collapse(stripClosingHashes(text));
        stack[level] = text;
        for (int l = level + 1; l < stack.length; l++) {
          stack[l] = null;
        }
        List<String> p = new ArrayList<>();
        for (int l = 1; l <= level; l++) {
          if (stack[l] != null && !stack[l].isEmpty()) {
            p.add(stack[l]);
          }
        }
        path = List.copyOf(p);
        heading = text;
        headingLine = line;
        current = new ArrayList<>();
        continue;
      }
      current.add(line);
    }
    out.add(new Section(level, path, heading, headingLine, current, page, continuation));
    return out;
  }

  /** A fenced code block's opening: fence character and length. */
  private static final class Fence {
    final char ch;
    final int length;

    private Fence(char ch, int length) {
      this.ch = ch;
      this.length = length;
    }

    static @Nullable Fence open(String line) {
      Matcher m = FENCE_OPEN.matcher(line);
      if (!m.matches()) {
        return null;
      }
      String run = m.group(1);
      if (run.charAt(0) == '`' && m.group(2).indexOf('`') >= 0) {
        return null;
      }
      return new Fence(run.charAt(0), run.length());
    }

    boolean closedBy(String line) {
      int i = 0;
      while (i < line.length() && i < 3 && line.charAt(i) == ' ') {
        i++;
      }
      int run = 0;
      while (i < line.length() && line.charAt(i) == ch) {
        i++;
        run++;
      }
      return run >= length && line.substring(i).isBlank();
    }

    String text() {
      return String.valueOf(ch).repeat(length);
    }
  }

  // ---------------------------------------------------------------- blocks

  private enum Kind {
    TEXT,
    TABLE,
    CODE
  }

  /** A paragraph, table or fenced code block: its lines, without surrounding blank lines. */
  private static final class Block {
    final Kind kind;
    final List<String> lines;
    final @Nullable Fence fence;

    Block(Kind kind, List<String> lines, @Nullable Fence fence) {
      this.kind = kind;
      this.lines = lines;
      this.fence = fence;
    }

    String text() {
      return String.join("\n", lines);
    }
  }

  private static List<Block> blocks(List<String> lines, boolean markdown) {
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
      if (fence != null) {
        int j = i + 1;
        while (j < n && !fence.closedBy(lines.get(j))) {
          j++;
        }
        int end = Math.min(j + 1, n); // include the closing fence when there is one
        out.add(new Block(Kind.CODE, trimTrailingBlank(lines.subList(i, end)), fence));
        i = end;
        continue;
      }
      if (markdown && isTableStart(lines, i)) {
        int j = i + 2;
        while (j < n && !lines.get(j).isBlank() && Fence.open(lines.get(j)) == null) {
          j++;
        }
        out.add(new Block(Kind.TABLE, List.copyOf(lines.subList(i, j)), null));
        i = j;
        continue;
      }
      int j = i + 1;
      while (j < n
          && !lines.get(j).isBlank()
          && !(markdown && (Fence.open(lines.get(j)) != null || isTableStart(lines, j)))) {
        j++;
      }
      out.add(new Block(Kind.TEXT, List.copyOf(lines.subList(i, j)), null));
      i = j;
    }
    return out;
  }

  private static List<String> trimTrailingBlank(List<String> lines) {
    int end = lines.size();
    while (end > 1 && lines.get(end - 1).isBlank()) {
      end--;
    }
    return List.copyOf(lines.subList(0, end));
  }

  private static boolean isTableStart(List<String> lines, int i) {
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

  private static String joinBlocks(List<Block> blocks) {
    StringBuilder b = new StringBuilder();
    for (Block block : blocks) {
      if (b.length() > 0) {
        b.append("\n\n");
      }
      b.append(block.text());
    }
    return b.toString();
  }

  // ---------------------------------------------------------------- splitting and packing

  /** A unit of packing: its text, the separator placed before it, and whether it may overlap. */
  private static final class Seg {
    final String text;
    final String sep;
    final boolean overlappable;

    Seg(String text, String sep, boolean overlappable) {
      this.text = text;
      this.sep = sep;
      this.overlappable = overlappable;
    }
  }

  /** A finished chunk text with its heading path and page. */
  private static final class Piece {
    final List<String> path;
    final String text;
    final @Nullable Integer page;

    Piece(List<String> path, String text, @Nullable Integer page) {
      this.path = path;
      this.text = text;
      this.page = page;
    }
  }

  private void split(
      Section s, @Nullable String title, boolean markdown, boolean leaf, List<Piece> out) {
    List<Block> blocks = blocks(s.lines, markdown);
    String head = head(title, s.path);
    if (blocks.isEmpty()) {
      if (leaf && !s.heading.isEmpty() && !s.continuation) {
        out.add(new Piece(s.path, head.strip(), s.page));
      }
      return;
    }
    String whole = head + joinBlocks(blocks);
    if (fits(whole)) {
      out.add(new Piece(s.path, whole, s.page));
      return;
    }
    List<Seg> segs = new ArrayList<>();
    for (int b = 0; b < blocks.size(); b++) {
      Block block = blocks.get(b);
      String sep = b == 0 ? "" : "\n\n";
      String text = block.text();
      if (fits(head + text)) {
        segs.add(new Seg(text, sep, block.kind == Kind.TEXT));
      } else if (block.kind == Kind.TABLE) {
        splitTable(block, head, sep, segs);
      } else if (block.kind == Kind.CODE) {
        splitCode(block, head, sep, segs);
      } else {
        splitText(text, head, sep, segs);
      }
    }
    for (String body : pack(segs, head)) {
      out.add(new Piece(s.path, head + body, s.page));
    }
  }

  /** Sentences (or lines); a sentence too large for a chunk goes down to words, then characters. */
  private void splitText(String text, String head, String firstSep, List<Seg> out) {
    List<String[]> sentences = spans(text, true);
    for (int i = 0; i < sentences.size(); i++) {
      String sentence = sentences.get(i)[0];
      String sep = i == 0 ? firstSep : sentences.get(i)[1];
      if (fits(head + sentence)) {
        out.add(new Seg(sentence, sep, true));
        continue;
      }
      List<String[]> words = spans(sentence, false);
      for (int w = 0; w < words.size(); w++) {
        String word = words.get(w)[0];
        String wsep = w == 0 ? sep : words.get(w)[1];
        if (fits(head + word)) {
          out.add(new Seg(word, wsep, true));
        } else {
          splitChars(word, head, wsep, out);
        }
      }
    }
  }

  private void splitChars(String word, String head, String firstSep, List<Seg> out) {
    int start = 0;
    boolean first = true;
    while (start < word.length()) {
      int lo = 1;
      int hi = word.length() - start;
      while (lo < hi) { // largest length that fits; head is at most half the budget, so 1 fits
        int mid = (lo + hi + 1) >>> 1;
        if (fits(head + word.substring(start, start + mid))) {
          lo = mid;
        } else {
          hi = mid - 1;
        }
      }
      int end = start + lo;
      if (end < word.length() && Character.isHighSurrogate(word.charAt(end - 1)) && lo > 1) {
        end--; // never cut a surrogate pair
      }
      out.add(new Seg(word.substring(start, end), first ? firstSep : "", false));
      first = false;
      start = end;
    }
  }

  /**
   * Splits at whitespace runs: every run when {@code sentences} is false; otherwise only runs
   * containing a line break or following {@code . ! ?} (optionally followed by closing quotes or
   * brackets). Each element is {text, separator before it}.
   */
  private static List<String[]> spans(String text, boolean sentences) {
    List<String[]> out = new ArrayList<>();
    int n = text.length();
    int start = 0;
    String sepBefore = "";
    int i = 0;
    while (i < n) {
      if (!Whitespace.isSpace(text.charAt(i))) {
        i++;
        continue;
      }
      int ws = i;
      while (i < n && Whitespace.isSpace(text.charAt(i))) {
        i++;
      }
      if (ws == start || i == n) {
        continue; // leading or trailing whitespace stays with its neighbour
      }
      String run = text.substring(ws, i);
      if (!sentences || run.indexOf('\n') >= 0 || endsSentence(text, ws)) {
        out.add(new String[] {text.substring(start, ws), sepBefore});
        sepBefore = run;
        start = i;
      }
    }
    out.add(new String[] {text.substring(start), sepBefore});
    return out;
  }

  private static boolean endsSentence(String text, int end) {
    int i = end - 1;
    while (i >= 0 && "\"')]»”’*_".indexOf(text.charAt(i)) >= 0) {
      i--;
    }
    return i >= 0 && ".!?".indexOf(text.charAt(i)) >= 0;
  }

  /** Table pieces sized for a fresh chunk, each with the header and delimiter rows. */
  private void splitTable(Block table, String head, String firstSep, List<Seg> out) {
    String header = table.lines.get(0) + "\n" + table.lines.get(1);
    List<String> rows = table.lines.subList(2, table.lines.size());
    StringBuilder piece = new StringBuilder(header);
    int rowsInPiece = 0;
    boolean first = true;
    for (String row : rows) {
      int mark = piece.length();
      piece.append('\n').append(row);
      if (rowsInPiece > 0 && !fits(head + piece)) {
        piece.setLength(mark);
        out.add(new Seg(piece.toString(), first ? firstSep : "\n\n", false));
        first = false;
        piece.setLength(0);
        piece.append(header).append('\n').append(row);
        rowsInPiece = 0;
      }
      rowsInPiece++;
    }
    out.add(new Seg(piece.toString(), first ? firstSep : "\n\n", false));
  }

  /** Code pieces sized for a fresh chunk, split between lines, each with fences. */
  private void splitCode(Block code, String head, String firstSep, List<Seg> out) {
    Fence fence = code.fence;
    List<String> lines = code.lines;
    String open = lines.get(0);
    boolean closed =
        lines.size() > 1 && fence != null && fence.closedBy(lines.get(lines.size() - 1));
    String close = closed ? lines.get(lines.size() - 1) : null;
    String synthetic = fence == null ? "```" : fence.text();
    String closeForBudget =
        close != null && close.length() > synthetic.length() ? close : synthetic;
    List<String> body = lines.subList(1, closed ? lines.size() - 1 : lines.size());
    StringBuilder piece = new StringBuilder(open);
    int linesInPiece = 0;
    boolean first = true;
    for (String line : body) {
      int mark = piece.length();
      piece.append('\n').append(line);
      if (linesInPiece > 0 && !fits(head + piece + "\n" + closeForBudget)) {
        piece.setLength(mark);
        out.add(new Seg(piece + "\n" + synthetic, first ? firstSep : "\n\n", false));
        first = false;
        piece.setLength(0);
        piece.append(open).append('\n').append(line);
        linesInPiece = 0;
      }
      linesInPiece++;
    }
    if (close != null) {
      piece.append('\n').append(close);
    }
    out.add(new Seg(piece.toString(), first ? firstSep : "\n\n", false));
  }

  /** Greedy packing with bounded overlap; returns the chunk bodies (without the head). */
  private List<String> pack(List<Seg> segs, String head) {
    List<String> bodies = new ArrayList<>();
    List<Seg> current = new ArrayList<>();
    StringBuilder buf = new StringBuilder(head);
    for (Seg seg : segs) {
      if (current.isEmpty()) {
        buf.append(seg.text);
        current.add(seg);
        continue;
      }
      int mark = buf.length();
      buf.append(seg.sep).append(seg.text);
      if (fits(buf)) {
        current.add(seg);
        continue;
      }
      buf.setLength(mark);
      bodies.add(buf.substring(head.length()));
      List<Seg> next = overlap(current);
      while (!next.isEmpty() && !fits(head + join(next) + seg.sep + seg.text)) {
        next.remove(0);
      }
      next.add(seg);
      current = next;
      buf.setLength(0);
      buf.append(head).append(join(current));
    }
    if (!current.isEmpty()) {
      bodies.add(buf.substring(head.length()));
    }
    return bodies;
  }

  /**
   * The longest run of trailing overlappable segments within the overlap budget, not all of them.
   */
  private List<Seg> overlap(List<Seg> piece) {
    List<Seg> out = new ArrayList<>();
    if (settings.overlapTokens() == 0) {
      return out;
    }
    for (int i = piece.size() - 1; i >= 1; i--) {
      Seg s = piece.get(i);
      if (!s.overlappable) {
        break;
      }
      out.add(0, s);
      if (TokenEstimator.estimate(join(out)) > settings.overlapTokens()) {
        out.remove(0);
        break;
      }
    }
    return out;
  }

  private static String join(List<Seg> segs) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < segs.size(); i++) {
      if (i > 0) {
        b.append(segs.get(i).sep);
      }
      b.append(segs.get(i).text);
    }
    return b.toString();
  }

  private boolean fits(CharSequence text) {
    if (TokenEstimator.estimate(text) > settings.maxTokens()) {
      return false;
    }
    return tokenCounter == null
        || tokenCounter.countTokens(text.toString()) <= tokenCounter.maxTokens();
  }

  // ---------------------------------------------------------------- prefix and chunks

  /**
   * The attribution prefix followed by a blank line: the title (unless the first heading repeats
   * it) and the heading path. Shortened from the front with an ellipsis to at most half the budget,
   * so that a very long heading path cannot crowd out the text.
   */
  private String head(@Nullable String title, List<String> path) {
    List<String> lines = new ArrayList<>(2);
    if (title != null && (path.isEmpty() || !path.get(0).equals(title))) {
      lines.add(title);
    }
    if (!path.isEmpty()) {
      lines.add(String.join(" > ", path));
    }
    if (lines.isEmpty()) {
      return "";
    }
    String prefix = String.join("\n", lines);
    int limit = settings.maxTokens() / 2;
    if (TokenEstimator.estimate(prefix + "\n\n") > limit) {
      int lo = 1;
      int hi = prefix.length();
      while (lo < hi) { // smallest cut that fits
        int mid = (lo + hi) >>> 1;
        if (TokenEstimator.estimate("…" + prefix.substring(mid) + "\n\n") <= limit) {
          hi = mid;
        } else {
          lo = mid + 1;
        }
      }
      prefix = "…" + prefix.substring(lo).stripLeading();
    }
    return prefix + "\n\n";
  }

  private static List<Chunk> toChunks(Document d, @Nullable String title, List<Piece> pieces) {
    List<Chunk> out = new ArrayList<>(pieces.size());
    Map<String, Integer> seen = new HashMap<>();
    for (Piece p : pieces) {
      String text = p.text;
      int n = seen.merge(text, 1, Integer::sum) - 1;
      String id = Hashing.sha256Hex(d.id(), text, Integer.toString(n)).substring(0, ID_HEX_DIGITS);
      out.add(
          new Chunk(
              id,
              d.id(),
              d.source(),
              title,
              p.path,
              p.page,
              text,
              TokenEstimator.estimate(text),
              Hashing.sha256Hex(text),
              d.metadata()));
    }
    return List.copyOf(out);
  }

  private static String normaliseLineEnds(String s) {
    String t = s.startsWith("\uFEFF") ? s.substring(1) : s;
    return t.replace("\r\n", "\n").replace('\r', '\n');
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
    while (end > 0 && isBlank(text.charAt(end - 1))) {
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
    if (!isBlank(text.charAt(hashes - 1))) {
      return text;
    }
    int start = hashes;
    while (start > 0 && isBlank(text.charAt(start - 1))) {
      start--;
    }
    return text.substring(0, start);
  }

  private static boolean isBlank(char c) {
    return c == ' ' || c == '\t';
  }
}
