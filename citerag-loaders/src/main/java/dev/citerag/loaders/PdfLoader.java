package dev.citerag.loaders;

import dev.citerag.ingest.Document;
import dev.citerag.ingest.DocumentFormat;
import dev.citerag.ingest.Page;
import dev.citerag.loaders.internal.PdfPages;
import dev.citerag.store.MetadataValue;
import java.io.IOException;
import java.io.StringWriter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.contentstream.operator.Operator;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentInformation;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.encryption.InvalidPasswordException;
import org.apache.pdfbox.pdmodel.interactive.documentnavigation.outline.PDDocumentOutline;
import org.apache.pdfbox.pdmodel.interactive.documentnavigation.outline.PDOutlineItem;
import org.apache.pdfbox.text.PDFTextStripper;
import org.apache.pdfbox.text.TextPosition;
import org.jspecify.annotations.Nullable;

/**
 * PDF ({@code .pdf}) with pages, read with Apache PDFBox: a {@link Document#pages() paged}
 * document, so every chunk records its page and a citation shows it.
 *
 * <ul>
 *   <li>Text is extracted page by page in reading order; pages without text are left out (page
 *       numbers are the physical ones, 1-based, so they can skip).
 *   <li>Headers and footers that repeat at the top or bottom of most pages (three pages at least;
 *       digits ignored, so "Page 3 of 9" repeats) are dropped.
 *   <li>Headings come from the outline (bookmarks) when the PDF has one: each bookmark becomes a
 *       Markdown heading of its depth on the page it points to (on the line holding its title when
 *       there is one, else at the top of the page), so chunks carry their section. Without an
 *       outline the text is chunked as plain text.
 *   <li>Title: the document information's title, else the file name.
 *   <li>Metadata from the document information: {@code title}, {@code author}, {@code subject},
 *       {@code keywords} (as written), {@code created} and {@code modified} (ISO-8601 instants).
 *   <li>Limits ({@link LoadLimits}): more pages than {@code maxPages}, a page giving more than
 *       {@code maxCharsPerPage} characters or a file more than {@code maxChars}, or a parse longer
 *       than {@code maxTimePerFile} stops the parse at once with a {@link LoadLimitException}; the
 *       characters are counted glyph by glyph, before PDFBox keeps them, so a small PDF whose text
 *       expands (forms drawing forms) costs no more than the limits. An outline that loops or nests
 *       deeper than {@value #MAX_OUTLINE_DEPTH} levels is read up to the loop or that depth.
 *   <li>An encrypted PDF that needs a password, a PDF whose permissions forbid extracting text, an
 *       image-only (scanned) PDF and a file that is not a PDF each get a {@link
 *       DocumentLoadException} naming the file and saying which.
 * </ul>
 *
 * <p>Stateless and thread-safe (each call parses its own document).
 */
public final class PdfLoader implements DocumentLoader {

  /** Deepest outline (bookmark) level read. */
  public static final int MAX_OUTLINE_DEPTH = 64;

  /** Most outline items read. */
  static final int MAX_OUTLINE_ITEMS = 10_000;

  private final LoadLimits limits;

  /** Creates the loader with {@link LoadLimits#defaults()}; stateless and thread-safe. */
  public PdfLoader() {
    this(LoadLimits.defaults());
  }

  /**
   * Creates the loader; stateless and thread-safe.
   *
   * @param limits what one file may cost
   * @throws IllegalArgumentException when {@code limits} is null
   */
  public PdfLoader(LoadLimits limits) {
    if (limits == null) {
      throw new IllegalArgumentException("limits must not be null");
    }
    this.limits = limits;
  }

  /**
   * Reads a PDF as a paged document.
   *
   * @param id the document id to give it
   * @param source where it came from (a path or URL), used for the title fallback and in messages
   * @param content the PDF's bytes
   * @return the document with one {@link dev.citerag.ingest.Page} per page that has text
   * @throws DocumentLoadException when the file is not a readable PDF, is encrypted, forbids text
   *     extraction or has no text (a scan), naming {@code source}
   * @throws LoadLimitException when the PDF passes one of the loader's {@link LoadLimits}
   */
  @Override
  public Document load(String id, String source, byte[] content) {
    Budget budget = new Budget(limits, source);
    budget.checkBytes(content.length, limits.maxFileBytes(), "maxFileBytes", "the file");
    try (PDDocument pdf = Loader.loadPDF(content)) {
      if (!pdf.getCurrentAccessPermission().canExtractContent()) {
        throw new DocumentLoadException(source, "the PDF's permissions forbid extracting its text");
      }
      int count = pdf.getNumberOfPages();
      if (count == 0) {
        throw new DocumentLoadException(source, "the PDF has no pages");
      }
      if (count > limits.maxPages()) {
        throw new LoadLimitException(
            source,
            "maxPages",
            "the PDF has " + count + " pages, more than maxPages = " + limits.maxPages());
      }
      Map<Integer, String> raw = pageTexts(pdf, budget);
      budget.checkTime();
      List<PdfPages.Heading> headings = outline(pdf);
      List<Page> pages = PdfPages.build(raw, headings);
      if (pages.isEmpty()) {
        throw new DocumentLoadException(
            source,
            "the PDF has no extractable text (image-only or"
                + " scanned pages?): run OCR on it first");
      }
      PDDocumentInformation info = pdf.getDocumentInformation();
      Map<String, String> meta = info == null ? Map.of() : information(info);
      String title = meta.getOrDefault("title", Names.baseName(source));
      DocumentFormat format = headings.isEmpty() ? DocumentFormat.TEXT : DocumentFormat.MARKDOWN;
      return Document.paged(id, source, title, format, MetadataValue.strings(meta), pages);
    } catch (TextLimit e) {
      throw new LoadLimitException(source, e.limit, String.valueOf(e.getMessage()));
    } catch (InvalidPasswordException e) {
      throw new DocumentLoadException(
          source,
          0,
          "the PDF is encrypted and needs a password:" + " save a decrypted copy first",
          e);
    } catch (IOException e) {
      throw new DocumentLoadException(
          source, 0, "not a readable PDF: " + FileNames.escape(String.valueOf(e.getMessage())), e);
    }
  }

  /** The document information entries that are set, as metadata. */
  private static Map<String, String> information(PDDocumentInformation info) {
    Map<String, String> meta = new LinkedHashMap<>();
    put(meta, "title", info.getTitle());
    put(meta, "author", info.getAuthor());
    put(meta, "subject", info.getSubject());
    put(meta, "keywords", info.getKeywords());
    put(meta, "created", instant(info.getCreationDate()));
    put(meta, "modified", instant(info.getModificationDate()));
    return meta;
  }

  private static void put(Map<String, String> meta, String key, @Nullable String value) {
    if (value != null) {
      String v = Texts.clean(value).strip();
      if (!v.isEmpty()) {
        meta.put(key, v.length() > 1000 ? v.substring(0, 1000) : v);
      }
    }
  }

  private static @Nullable String instant(@Nullable Calendar c) {
    return c == null ? null : c.toInstant().toString();
  }

  /** A limit passed while PDFBox extracts text; unchecked, so PDFBox does not swallow it. */
  private static final class TextLimit extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String limit;

    TextLimit(String limit, String message) {
      super(message, null, false, false);
      this.limit = limit;
    }
  }

  /** The text of every page that has content, by 1-based page number. */
  private Map<Integer, String> pageTexts(PDDocument pdf, Budget budget) throws IOException {
    Map<Integer, String> out = new TreeMap<>();
    StringWriter buffer = new StringWriter();
    PDFTextStripper stripper =
        new PDFTextStripper() {
          private int start;
          private long pageChars;
          private long fileChars;
          private int operators;

          @Override
          protected void startPage(PDPage page) throws IOException {
            super.startPage(page);
            output.flush();
            start = buffer.getBuffer().length();
            pageChars = 0;
          }

          @Override
          protected void processTextPosition(TextPosition text) {
            pageChars += text.getUnicode() == null ? 1 : text.getUnicode().length();
            fileChars += text.getUnicode() == null ? 1 : text.getUnicode().length();
            if (pageChars > limits.maxCharsPerPage()) {
              throw new TextLimit(
                  "maxCharsPerPage",
                  "page "
                      + getCurrentPageNo()
                      + " gives more than maxCharsPerPage = "
                      + limits.maxCharsPerPage()
                      + " characters of text");
            }
            if (fileChars > limits.maxChars()) {
              throw new TextLimit(
                  "maxChars",
                  "the PDF gives more than maxChars = "
                      + limits.maxChars()
                      + " characters of text");
            }
            super.processTextPosition(text);
          }

          @Override
          protected void processOperator(Operator operator, List<COSBase> operands)
              throws IOException {
            if ((++operators & 0x3ff) == 0) {
              try {
                budget.checkTime();
              } catch (LoadLimitException e) {
                throw new TextLimit(e.limit(), e.problem());
              }
            }
            super.processOperator(operator, operands);
          }

          @Override
          protected void endPage(PDPage page) throws IOException {
            output.flush();
            out.put(getCurrentPageNo(), Texts.clean(buffer.getBuffer().substring(start)));
            super.endPage(page);
          }
        };
    stripper.setSortByPosition(true);
    stripper.setLineSeparator("\n");
    stripper.setParagraphStart("");
    stripper.setParagraphEnd("\n");
    stripper.writeText(pdf, buffer);
    return out;
  }

  /**
   * The outline's items in order, with their depth and 1-based target page, read without recursion:
   * an item seen before (a loop) ends its branch, and so does a level below {@link
   * #MAX_OUTLINE_DEPTH}.
   */
  private static List<PdfPages.Heading> outline(PDDocument pdf) {
    List<PdfPages.Heading> out = new ArrayList<>();
    PDDocumentOutline outline = pdf.getDocumentCatalog().getDocumentOutline();
    if (outline == null) {
      return out;
    }
    Set<COSDictionary> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    Deque<Object[]> stack = new ArrayDeque<>(); // {item, level}
    PDOutlineItem first = outline.getFirstChild();
    if (first != null) {
      stack.push(new Object[] {first, 1});
    }
    int visited = 0;
    while (!stack.isEmpty() && visited < MAX_OUTLINE_ITEMS) {
      Object[] top = stack.pop();
      PDOutlineItem item = (PDOutlineItem) top[0];
      int level = (Integer) top[1];
      if (!seen.add(item.getCOSObject())) {
        continue; // a loop: this item was read already
      }
      visited++;
      String title = item.getTitle();
      int page = 0;
      try {
        PDPage p = item.findDestinationPage(pdf);
        if (p != null) {
          page = pdf.getPages().indexOf(p) + 1;
        }
      } catch (IOException | RuntimeException e) {
        page = 0; // a bookmark without a usable destination gives no heading
      }
      if (title != null && !title.isBlank() && page > 0) {
        out.add(new PdfPages.Heading(page, Math.min(6, level), Texts.clean(title).strip()));
      }
      PDOutlineItem sibling = item.getNextSibling();
      if (sibling != null) {
        stack.push(new Object[] {sibling, level});
      }
      PDOutlineItem child = item.getFirstChild();
      if (child != null && level < MAX_OUTLINE_DEPTH) {
        stack.push(new Object[] {child, level + 1}); // children before the next sibling
      }
    }
    out.removeIf(h -> h.title().isEmpty());
    return out;
  }
}
