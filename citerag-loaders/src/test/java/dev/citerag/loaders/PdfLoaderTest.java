package dev.citerag.loaders;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.citerag.ingest.Document;
import dev.citerag.ingest.DocumentFormat;
import dev.citerag.ingest.MarkdownChunker;
import dev.citerag.ingest.Page;
import dev.citerag.store.Chunk;
import java.util.List;
import org.junit.jupiter.api.Test;

class PdfLoaderTest {

  private final PdfLoader loader = new PdfLoader();

  @Test
  void text_per_page_with_page_numbers_on_every_chunk() throws Exception {
    byte[] pdf =
        new TestPdfs()
            .title("Operations manual")
            .page("Backups run every night at 02:00 UTC.", "They are kept for 35 days.")
            .page("Restores are tested every quarter by the storage team.")
            .page("Escalate restore failures to the database on-call.")
            .bytes();

    Document d = loader.load("ops.pdf", "docs/ops.pdf", pdf);

    assertThat(d.title()).isEqualTo("Operations manual");
    assertThat(d.pages()).extracting(Page::number).containsExactly(1, 2, 3);
    assertThat(d.pages().get(1).text()).contains("Restores are tested every quarter");
    List<Chunk> chunks = new MarkdownChunker().chunk(d);
    assertThat(chunks).allSatisfy(c -> assertThat(c.page()).isNotNull());
    assertThat(
            chunks.stream()
                .filter(c -> c.text().contains("Restores are tested"))
                .findFirst()
                .orElseThrow()
                .page())
        .isEqualTo(2);
  }

  @Test
  void outline_bookmarks_become_headings_and_sections() throws Exception {
    byte[] pdf =
        new TestPdfs()
            .page("Installation", "Download the installer and run it.")
            .page(
                "Upgrades keep the configuration in place.",
                "Rollback",
                "Reinstall the previous version.")
            .bookmark("Installation", 1)
            .bookmark("Upgrading", 2)
            .childBookmark("Rollback", 2)
            .bytes();

    Document d = loader.load("guide.pdf", "guide.pdf", pdf);

    assertThat(d.format()).isEqualTo(DocumentFormat.MARKDOWN);
    assertThat(d.pages().get(0).text()).startsWith("# Installation");
    assertThat(d.pages().get(1).text()).startsWith("# Upgrading").contains("## Rollback");
    List<Chunk> chunks = new MarkdownChunker().chunk(d);
    Chunk rollback =
        chunks.stream().filter(c -> c.text().contains("Reinstall")).findFirst().orElseThrow();
    assertThat(rollback.headingPath()).containsExactly("Upgrading", "Rollback");
    assertThat(rollback.page()).isEqualTo(2);
  }

  @Test
  void headers_and_footers_repeating_on_every_page_are_dropped() throws Exception {
    byte[] pdf =
        new TestPdfs()
            .header("ACME Corp confidential")
            .footer("Page %d of 4")
            .page("Alpha text on the first page.")
            .page("Beta text on the second page.")
            .page("Gamma text on the third page.")
            .page("Delta text on the fourth page.")
            .bytes();

    Document d = loader.load("a.pdf", "a.pdf", pdf);

    assertThat(d.content()).doesNotContain("ACME Corp", "Page 1 of 4", "of 4");
    assertThat(d.pages().get(2).text()).isEqualTo("Gamma text on the third page.");
  }

  @Test
  void a_password_protected_pdf_is_a_clear_error_naming_the_file() throws Exception {
    byte[] pdf = new TestPdfs().page("Secret text.").password("user-pw").bytes();
    DocumentLoadException e =
        assertThrows(DocumentLoadException.class, () -> loader.load("s.pdf", "docs/s.pdf", pdf));
    assertThat(e.getMessage()).startsWith("docs/s.pdf: ").contains("encrypted");
  }

  @Test
  void a_pdf_that_forbids_text_extraction_is_a_clear_error() throws Exception {
    byte[] pdf = new TestPdfs().page("Locked text.").forbidExtraction().bytes();
    DocumentLoadException e =
        assertThrows(DocumentLoadException.class, () -> loader.load("l.pdf", "l.pdf", pdf));
    assertThat(e.getMessage()).startsWith("l.pdf: ").contains("permissions");
  }

  @Test
  void an_image_only_pdf_is_a_clear_error_naming_the_file() throws Exception {
    byte[] pdf = new TestPdfs().imageOnly(2).bytes();
    DocumentLoadException e =
        assertThrows(DocumentLoadException.class, () -> loader.load("scan.pdf", "scan.pdf", pdf));
    assertThat(e.getMessage()).startsWith("scan.pdf: ").contains("no extractable text");
  }

  @Test
  void bytes_that_are_not_a_pdf_are_a_clear_error() {
    DocumentLoadException e =
        assertThrows(
            DocumentLoadException.class,
            () -> loader.load("x.pdf", "x.pdf", "hello, not a pdf".getBytes()));
    assertThat(e.getMessage()).startsWith("x.pdf: ").contains("not a readable PDF");
  }
}
