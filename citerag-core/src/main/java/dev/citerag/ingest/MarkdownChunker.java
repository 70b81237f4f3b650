package dev.citerag.ingest;

import dev.citerag.embed.TokenCounter;
import dev.citerag.ingest.internal.Block;
import dev.citerag.ingest.internal.Body;
import dev.citerag.ingest.internal.MarkdownBlocks;
import dev.citerag.ingest.internal.Packer;
import dev.citerag.ingest.internal.Section;
import dev.citerag.ingest.internal.SourceText;
import dev.citerag.internal.Checks;
import dev.citerag.store.Chunk;
import dev.citerag.text.internal.Hashing;
import dev.citerag.text.internal.TokenEstimator;
import dev.citerag.text.internal.Whitespace;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
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
 * <p><b>Order of splitting.</b> A Markdown document is first cut at its headings: ATX ({@code #} to
 * {@code ######}) and setext (a paragraph underlined with {@code ===} for level 1 or {@code ---}
 * for level 2, as CommonMark reads them: a {@code ---} after a blank line is a thematic break and
 * stays text); nothing inside a fenced code block is a heading. Each section becomes one chunk when
 * it fits in {@link ChunkerSettings#maxTokens()} (estimated by {@link TokenEstimator}, heading
 * prefix included). A section that does not fit is split into blocks (paragraphs, tables, fenced
 * code), blocks that do not fit alone into sentences (or lines), sentences into words, and a word
 * longer than a chunk into characters; the pieces are then packed greedily, and consecutive pieces
 * of one section share up to {@link ChunkerSettings#overlapTokens()} tokens of trailing sentences
 * or words (never more; tables and code are never repeated as overlap). A section never shares a
 * chunk with another section. Plain text ({@link DocumentFormat#TEXT}) has one section and only
 * paragraphs, sentences, words and characters.
 *
 * <p><b>Structure survives.</b> A table (GitHub style: header row, delimiter row, body rows) is
 * split only between rows, and every piece repeats the header and delimiter rows, so a limit is
 * never separated from what it limits. A fenced code block is split only between lines, and every
 * piece is re-fenced. <b>Unbreakable units:</b> a single table row (with the header) or a single
 * code line (with its fences) that is itself larger than the budget becomes one chunk over the
 * budget; nothing else ever exceeds it. A table whose header and delimiter rows alone exceed the
 * budget is the exception to the repetition: those two rows become one chunk and the body rows are
 * packed without them (repeating them would multiply the table's size by its row count); likewise a
 * code block's opening line that alone exceeds the budget is replaced by the bare fence on the
 * pieces after the first.
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

  private final ChunkerSettings settings;
  private final @Nullable TokenCounter tokenCounter;
  private final Packer packer;

  /**
   * @param settings size limits and FAQ mode
   * @throws IllegalArgumentException when {@code settings} is null
   */
  public MarkdownChunker(ChunkerSettings settings) {
    this(null, Checks.notNull(settings, "settings"));
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
    this(Checks.notNull(tokenCounter, "tokenCounter"), Checks.notNull(settings, "settings"));
  }

  /** A chunker with {@link ChunkerSettings#DEFAULT}. */
  public MarkdownChunker() {
    this(ChunkerSettings.DEFAULT);
  }

  private MarkdownChunker(@Nullable TokenCounter tokenCounter, ChunkerSettings settings) {
    this.settings = settings;
    this.tokenCounter = tokenCounter;
    this.packer = new Packer(this::fits, settings.overlapTokens());
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
    List<Section> sections = sections(document, content, markdown);
    return toChunks(document, title, pieces(sections, title, markdown));
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

  /**
   * A finished chunk text with its heading path and page, where its body begins and where the
   * body's characters come from in the document's (or page's) normalised text.
   */
  private record Piece(
      List<String> path, String text, @Nullable Integer page, int bodyStart, Body body) {}

  /**
   * The document's sections: cut at headings (Markdown only) and, in a paged document, at every
   * page break.
   */
  private static List<Section> sections(Document document, String content, boolean markdown) {
    if (document.pages().isEmpty()) {
      String[] lines = content.split("\n", -1);
      return markdown
          ? MarkdownBlocks.sections(lines, null, offsets(List.of(lines)))
          : List.of(Section.plain(List.of(lines), null));
    }
    List<String> all = new ArrayList<>();
    List<Integer> pageOf = new ArrayList<>();
    List<Integer> starts = new ArrayList<>();
    List<Section> perPage = new ArrayList<>();
    for (Page page : document.pages()) {
      List<String> pl = List.of(normaliseLineEnds(page.text()).split("\n", -1));
      all.addAll(pl);
      starts.addAll(Section.consecutive(pl, 0));
      for (int i = 0; i < pl.size(); i++) {
        pageOf.add(page.number());
      }
      perPage.add(Section.plain(pl, page.number()));
    }
    int[] offsets = starts.stream().mapToInt(Integer::intValue).toArray();
    return markdown
        ? MarkdownBlocks.sections(all.toArray(new String[0]), pageOf, offsets)
        : perPage;
  }

  private static int[] offsets(List<String> lines) {
    return Section.consecutive(lines, 0).stream().mapToInt(Integer::intValue).toArray();
  }

  private List<Piece> pieces(List<Section> sections, @Nullable String title, boolean markdown) {
    List<Piece> pieces = new ArrayList<>();
    for (int i = 0; i < sections.size(); i++) {
      Section s = sections.get(i);
      if (settings.faqMode() && s.isQuestion()) {
        int end = nestedEnd(sections, i);
        if (end > i + 1 && addQuestion(s, sections.subList(i + 1, end), title, pieces)) {
          i = end - 1;
          continue;
        }
      }
      Section next = i + 1 < sections.size() ? sections.get(i + 1) : null;
      boolean leaf = next == null || (next.level() <= s.level() && !next.continuation());
      split(s, title, markdown, leaf, pieces);
    }
    return pieces;
  }

  /** The index after the sections nested under section {@code i} on its page. */
  private static int nestedEnd(List<Section> sections, int i) {
    Section s = sections.get(i);
    int end = i + 1;
    while (end < sections.size()
        && sections.get(end).level() > s.level()
        && Objects.equals(sections.get(end).page(), s.page())) {
      end++;
    }
    return end;
  }

  /** FAQ mode: the question with everything under it as one piece, when that fits. */
  private boolean addQuestion(
      Section question, List<Section> nested, @Nullable String title, List<Piece> out) {
    Section merged = question.absorb(nested);
    String head = head(title, merged.path());
    Body body = Packer.whole(MarkdownBlocks.blocks(merged.lines(), merged.starts(), true));
    if (!fits(head + body.text())) {
      return false;
    }
    out.add(new Piece(merged.path(), head + body.text(), question.page(), head.length(), body));
    return true;
  }

  private void split(
      Section s, @Nullable String title, boolean markdown, boolean leaf, List<Piece> out) {
    List<Block> blocks = MarkdownBlocks.blocks(s.lines(), s.starts(), markdown);
    String head = head(title, s.path());
    if (blocks.isEmpty()) {
      if (leaf && !s.heading().isEmpty() && !s.continuation()) {
        String text = head.strip();
        out.add(new Piece(s.path(), text, s.page(), text.length(), new Body("", List.of())));
      }
      return;
    }
    for (Body body : packer.bodies(blocks, head)) {
      out.add(new Piece(s.path(), head + body.text(), s.page(), head.length(), body));
    }
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
    Map<Integer, SourceText> pages = new HashMap<>();
    SourceText whole = d.pages().isEmpty() ? new SourceText(d.content()) : null;
    for (Page page : d.pages()) {
      pages.put(page.number(), new SourceText(page.text()));
    }
    for (Piece p : pieces) {
      SourceText origin = p.page == null || whole != null ? whole : pages.get(p.page);
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
              d.metadata(),
              origin == null ? null : origin.map(text, p.bodyStart, p.body)));
    }
    return List.copyOf(out);
  }

  private static String normaliseLineEnds(String s) {
    String t = s.startsWith("\uFEFF") ? s.substring(1) : s;
    return t.replace("\r\n", "\n").replace('\r', '\n');
  }
}
