package dev.citerag.loaders;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDFormContentStream;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.PDResources;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;
import org.apache.pdfbox.pdmodel.graphics.form.PDFormXObject;
import org.apache.pdfbox.pdmodel.interactive.documentnavigation.destination.PDPageFitDestination;
import org.apache.pdfbox.pdmodel.interactive.documentnavigation.outline.PDDocumentOutline;
import org.apache.pdfbox.pdmodel.interactive.documentnavigation.outline.PDOutlineItem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One hostile file costs that file only: it is skipped with its path and the limit it passed, and
 * the good file beside it is loaded. The files are generated here; the module's tests run with a
 * bounded heap (see the pom), so a limit enforced too late fails as an OutOfMemoryError.
 */
class HostileFilesTest {

  @TempDir Path dir;

  private static final String GOOD = "# Good\n\nThe good file beside the bad one is loaded.\n";

  @Test
  void html_nested_8000_deep_is_skipped_naming_the_limit_and_the_rest_loads() throws Exception {
    // before: StackOverflowError out of the HTML converter ended the whole load
    String deep = "<html><body>" + "<div>".repeat(8_000) + "deep" + "</div>".repeat(8_000);
    Files.writeString(dir.resolve("deep.html"), deep);
    FolderLoader.Result r = loadInSmallStack(FolderLoader.builder().build());
    assertOnlyGoodLoaded(r, "deep.html", "maxDepth = " + LoadLimits.DEFAULT_DEPTH);
  }

  @Test
  void html_nested_within_the_limit_still_loads() throws Exception {
    String nested = "<html><body>" + "<div>".repeat(300) + "inner text" + "</div>".repeat(300);
    Files.writeString(dir.resolve("nested.html"), nested);
    FolderLoader.Result r = loadInSmallStack(FolderLoader.builder().build());
    assertThat(r.skipped()).isEmpty();
    assertThat(r.documents()).hasSize(2);
  }

  @Test
  void a_pdf_whose_outline_loops_loads_with_its_headings_read_up_to_the_loop() throws Exception {
    // before: the outline walk recursed around the loop until StackOverflowError
    Files.write(dir.resolve("loop.pdf"), loopingOutlinePdf());
    FolderLoader.Result r = loadInSmallStack(FolderLoader.builder().build());
    assertThat(r.skipped()).isEmpty();
    assertThat(r.documents()).extracting(d -> d.id()).containsExactly("good.md", "loop.pdf");
    assertThat(r.documents().get(1).content()).contains("# Chapter", "Looping outline text.");
  }

  @Test
  void a_small_pdf_whose_text_expands_to_gigabytes_stops_at_the_page_limit() throws Exception {
    // before: 163 KB of forms drawing forms expanded to 6.3 GB of text: OutOfMemoryError
    byte[] bomb = formBombPdf(9, 10); // 10^9 glyph runs
    assertThat(bomb.length).isLessThan(64 * 1024);
    Files.write(dir.resolve("bomb.pdf"), bomb);
    FolderLoader.Result r = loadInSmallStack(FolderLoader.builder().build());
    assertOnlyGoodLoaded(r, "bomb.pdf", "maxCharsPerPage = " + LoadLimits.DEFAULT_CHARS_PER_PAGE);
  }

  @Test
  void a_pdf_that_takes_longer_than_its_time_limit_is_stopped() throws Exception {
    // no text at all, only forms drawing forms: nothing to count but time
    Files.write(dir.resolve("slow.pdf"), formBombPdf(12, 10, false));
    LoadLimits limits = LoadLimits.defaults().withMaxTimePerFile(Duration.ofMillis(200));
    FolderLoader.Result r = loadInSmallStack(FolderLoader.builder().limits(limits).build());
    assertOnlyGoodLoaded(r, "slow.pdf", "maxTimePerFile = PT0.2S");
  }

  @Test
  void html_of_50_mb_is_refused_before_it_is_parsed() throws Exception {
    // before: 50 MB of HTML took 5.1 GB of heap in the parser
    Path big = dir.resolve("big.html");
    try (OutputStream out = Files.newOutputStream(big)) {
      out.write("<html><body>".getBytes(StandardCharsets.US_ASCII));
      byte[] row = "<p>row of a very large page</p>\n".getBytes(StandardCharsets.US_ASCII);
      for (long n = 0; n < 50L * 1024 * 1024; n += row.length) {
        out.write(row);
      }
    }
    FolderLoader.Result r = loadInSmallStack(FolderLoader.builder().threads(1).build());
    assertOnlyGoodLoaded(r, "big.html", "maxHtmlBytes = " + LoadLimits.DEFAULT_HTML_BYTES);
  }

  @Test
  void a_16_mb_single_line_text_file_is_refused_at_the_character_limit() throws Exception {
    // before: a 16 MB file of one line took 3.7 GB on its way to the store
    Path line = dir.resolve("line.txt");
    try (OutputStream out = Files.newOutputStream(line)) {
      byte[] block = "word ".repeat(1024).getBytes(StandardCharsets.US_ASCII);
      for (long n = 0; n < 16L * 1024 * 1024; n += block.length) {
        out.write(block);
      }
    }
    FolderLoader.Result r = loadInSmallStack(FolderLoader.builder().threads(1).build());
    assertOnlyGoodLoaded(r, "line.txt", "maxChars = " + LoadLimits.DEFAULT_CHARS);
  }

  @Test
  void a_markdown_file_holding_a_nul_byte_is_skipped_naming_it_and_the_rest_loads()
      throws Exception {
    Files.write(dir.resolve("nul.md"), "# Nul\n\nbefore\0after\n".getBytes(StandardCharsets.UTF_8));
    FolderLoader.Result r = loadInSmallStack(FolderLoader.builder().build());
    assertThat(r.documents()).extracting(d -> d.id()).containsExactly("good.md");
    assertThat(r.skipped())
        .singleElement()
        .satisfies(
            s -> {
              assertThat(s.file()).endsWith("nul.md");
              assertThat(s.reason()).isEqualTo(FolderLoader.Reason.INVALID);
              assertThat(s.detail()).contains("NUL byte (at byte 13)");
            });
  }

  @Test
  void limits_are_checked_when_set() {
    assertThat(
            org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class, () -> LoadLimits.defaults().withMaxDepth(5000)))
        .hasMessage("maxDepth must be in 8..1000, was 5000");
    assertThat(
            org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class,
                () -> LoadLimits.defaults().withMaxTimePerFile(Duration.ZERO)))
        .hasMessage("maxTimePerFile must be positive, was PT0S");
  }

  // ------------------------------------------------------------------ helpers

  private void assertOnlyGoodLoaded(FolderLoader.Result r, String bad, String limit) {
    assertThat(r.documents()).extracting(d -> d.id()).containsExactly("good.md");
    assertThat(r.skipped())
        .singleElement()
        .satisfies(
            s -> {
              assertThat(s.file()).endsWith(bad);
              assertThat(s.reason()).isEqualTo(FolderLoader.Reason.LIMIT_EXCEEDED);
              assertThat(s.detail()).contains(limit);
            });
  }

  /** Loads {@link #dir} (plus a good file) on a thread with a 512 KiB stack, as a worker has. */
  private FolderLoader.Result loadInSmallStack(FolderLoader loader) throws Exception {
    Files.writeString(dir.resolve("good.md"), GOOD);
    AtomicReference<Object> out = new AtomicReference<>();
    Thread t =
        new Thread(
            null,
            () -> {
              try {
                out.set(loader.load(List.of(dir)));
              } catch (Throwable e) { // report any failure, an Error included, to the test
                out.set(e);
              }
            },
            "small-stack",
            512 * 1024);
    t.start();
    t.join();
    if (out.get() instanceof Throwable e) {
      throw new AssertionError("the load failed instead of skipping the file", e);
    }
    return (FolderLoader.Result) out.get();
  }

  static byte[] loopingOutlinePdf() throws IOException {
    try (PDDocument doc = new PDDocument()) {
      PDPage page = new PDPage(PDRectangle.A4);
      doc.addPage(page);
      try (PDPageContentStream cs = new PDPageContentStream(doc, page)) {
        text(cs, "Chapter");
        text(cs, "Looping outline text.");
      }
      PDDocumentOutline outline = new PDDocumentOutline();
      PDOutlineItem item = new PDOutlineItem();
      item.setTitle("Chapter");
      PDPageFitDestination dest = new PDPageFitDestination();
      dest.setPage(page);
      item.setDestination(dest);
      outline.addLast(item);
      // the item is its own first child and its own next sibling
      item.getCOSObject().setItem(COSName.FIRST, item.getCOSObject());
      item.getCOSObject().setItem(COSName.LAST, item.getCOSObject());
      item.getCOSObject().setItem(COSName.NEXT, item.getCOSObject());
      doc.getDocumentCatalog().setDocumentOutline(outline);
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      doc.save(out);
      return out.toByteArray();
    }
  }

  private static float y = 800;

  private static void text(PDPageContentStream cs, String s) throws IOException {
    cs.beginText();
    cs.setFont(new PDType1Font(Standard14Fonts.FontName.HELVETICA), 12);
    cs.newLineAtOffset(50, y);
    cs.showText(s);
    cs.endText();
    y = y < 100 ? 800 : y - 20;
  }

  static byte[] formBombPdf(int levels, int fanOut) throws IOException {
    return formBombPdf(levels, fanOut, true);
  }

  /**
   * A page drawing a form that draws the form below it {@code fanOut} times, {@code levels} deep.
   */
  static byte[] formBombPdf(int levels, int fanOut, boolean withText) throws IOException {
    try (PDDocument doc = new PDDocument()) {
      PDFormXObject below = new PDFormXObject(doc);
      below.setBBox(new PDRectangle(200, 50));
      below.setResources(new PDResources());
      try (PDFormContentStream cs = new PDFormContentStream(below)) {
        if (withText) {
          cs.beginText();
          cs.setFont(new PDType1Font(Standard14Fonts.FontName.HELVETICA), 8);
          cs.newLineAtOffset(1, 1);
          cs.showText("expanding text ");
          cs.endText();
        } else {
          cs.addRect(0, 0, 1, 1);
          cs.stroke();
        }
      }
      for (int l = 0; l < levels; l++) {
        PDFormXObject form = new PDFormXObject(doc);
        form.setBBox(new PDRectangle(200, 50));
        form.setResources(new PDResources());
        try (PDFormContentStream cs = new PDFormContentStream(form)) {
          for (int i = 0; i < fanOut; i++) {
            cs.drawForm(below);
          }
        }
        below = form;
      }
      PDPage page = new PDPage(PDRectangle.A4);
      doc.addPage(page);
      try (PDPageContentStream cs = new PDPageContentStream(doc, page)) {
        cs.drawForm(below);
      }
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      doc.save(out);
      return out.toByteArray();
    }
  }
}
