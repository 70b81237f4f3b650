package dev.citerag.loaders;

import dev.citerag.ingest.Document;
import dev.citerag.ingest.DocumentFormat;
import dev.citerag.ingest.Page;
import dev.citerag.loaders.internal.PdfPages;
import java.io.IOException;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentInformation;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.encryption.InvalidPasswordException;
import org.apache.pdfbox.pdmodel.interactive.documentnavigation.outline.PDDocumentOutline;
import org.apache.pdfbox.pdmodel.interactive.documentnavigation.outline.PDOutlineItem;
import org.apache.pdfbox.pdmodel.interactive.documentnavigation.outline.PDOutlineNode;
import org.apache.pdfbox.text.PDFTextStripper;

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
 *   <li>An encrypted PDF that needs a password, a PDF whose permissions forbid extracting text, an
 *       image-only (scanned) PDF and a file that is not a PDF each get a {@link
 *       DocumentLoadException} naming the file and saying which.
 * </ul>
 *
 * <p>Stateless and thread-safe (each call parses its own document).
 */
public final class PdfLoader implements DocumentLoader {

  /** Creates the loader. It keeps no state, so one instance may serve any number of threads. */
  public PdfLoader() {}

  /**
   * Reads a PDF as a paged document.
   *
   * @param id the document id to give it
   * @param source where it came from (a path or URL), used for the title fallback and in messages
   * @param content the PDF's bytes
   * @return the document with one {@link dev.citerag.ingest.Page} per page that has text
   * @throws DocumentLoadException when the file is not a readable PDF, is encrypted, forbids text
   *     extraction or has no text (a scan), naming {@code source}
   */
  @Override
  public Document load(String id, String source, byte[] content) {
    try (PDDocument pdf = Loader.loadPDF(content)) {
      if (!pdf.getCurrentAccessPermission().canExtractContent()) {
        throw new DocumentLoadException(source, "the PDF's permissions forbid extracting its text");
      }
      int count = pdf.getNumberOfPages();
      if (count == 0) {
        throw new DocumentLoadException(source, "the PDF has no pages");
      }
      Map<Integer, String> raw = pageTexts(pdf);
      List<PdfPages.Heading> headings = outline(pdf);
      List<Page> pages = PdfPages.build(raw, headings);
      if (pages.isEmpty()) {
        throw new DocumentLoadException(
            source,
            "the PDF has no extractable text (image-only or"
                + " scanned pages?): run OCR on it first");
      }
      String title = null;
      PDDocumentInformation info = pdf.getDocumentInformation();
      if (info != null && info.getTitle() != null && !info.getTitle().isBlank()) {
        title = info.getTitle().strip();
      }
      if (title == null) {
        title = Names.baseName(source);
      }
      DocumentFormat format = headings.isEmpty() ? DocumentFormat.TEXT : DocumentFormat.MARKDOWN;
      return Document.paged(id, source, title, format, Map.of(), pages);
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

  /** The text of every page that has content, by 1-based page number. */
  private static Map<Integer, String> pageTexts(PDDocument pdf) throws IOException {
    Map<Integer, String> out = new TreeMap<>();
    StringWriter buffer = new StringWriter();
    PDFTextStripper stripper =
        new PDFTextStripper() {
          private int start;

          @Override
          protected void startPage(PDPage page) throws IOException {
            super.startPage(page);
            output.flush();
            start = buffer.getBuffer().length();
          }

          @Override
          protected void endPage(PDPage page) throws IOException {
            output.flush();
            out.put(getCurrentPageNo(), buffer.getBuffer().substring(start));
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

  /** The outline's items in order, with their depth and 1-based target page (0 when unknown). */
  private static List<PdfPages.Heading> outline(PDDocument pdf) {
    List<PdfPages.Heading> out = new ArrayList<>();
    PDDocumentOutline outline = pdf.getDocumentCatalog().getDocumentOutline();
    if (outline != null) {
      walk(pdf, outline, 1, out, 0);
    }
    return out;
  }

  private static void walk(
      PDDocument pdf, PDOutlineNode node, int level, List<PdfPages.Heading> out, int guard) {
    if (guard > 10_000) {
      return; // a malformed, cyclic outline
    }
    for (PDOutlineItem item : node.children()) {
      if (out.size() > 10_000) {
        return;
      }
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
        out.add(new PdfPages.Heading(page, Math.min(6, level), title.strip()));
      }
      walk(pdf, item, level + 1, out, guard + 1);
    }
  }
}
