package dev.citerag.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.citerag.store.Chunk;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PagedChunkingTest {

  private static final MarkdownChunker CHUNKER =
      new MarkdownChunker(new ChunkerSettings(60, 0, false));

  @Test
  void every_chunk_of_a_paged_document_records_its_page_and_never_spans_two() {
    Document d =
        Document.paged(
            "manual.pdf",
            "manual.pdf",
            "Manual",
            DocumentFormat.MARKDOWN,
            Map.of(),
            List.of(
                new Page(1, "# Install\n\nDownload the installer and run it with admin rights."),
                new Page(2, "Then restart the machine before the first start."),
                new Page(4, "# Upgrade\n\nUpgrades keep the configuration in place.")));

    List<Chunk> chunks = CHUNKER.chunk(d);

    assertThat(chunks).allSatisfy(c -> assertThat(c.page()).isNotNull());
    Chunk restart =
        chunks.stream().filter(c -> c.text().contains("restart")).findFirst().orElseThrow();
    assertThat(restart.page()).isEqualTo(2);
    assertThat(restart.headingPath())
        .containsExactly("Install"); // the section goes on over the break
    assertThat(restart.text()).doesNotContain("installer");
    Chunk upgrade =
        chunks.stream()
            .filter(c -> c.text().contains("keep the configuration"))
            .findFirst()
            .orElseThrow();
    assertThat(upgrade.page()).isEqualTo(4);
    assertThat(
            chunks.stream()
                .filter(c -> c.text().contains("installer"))
                .findFirst()
                .orElseThrow()
                .page())
        .isEqualTo(1);
    // no heading-only chunk for the section that goes on over the break
    assertThat(chunks).hasSize(3);
  }

  @Test
  void plain_text_pages_are_chunked_per_page() {
    Document d =
        Document.paged(
            "a.pdf",
            "a.pdf",
            null,
            DocumentFormat.TEXT,
            Map.of(),
            List.of(new Page(1, "First page text."), new Page(2, "Second page text.")));
    assertThat(CHUNKER.chunk(d)).extracting(Chunk::page).containsExactly(1, 2);
  }

  @Test
  void unpaged_documents_have_no_page() {
    assertThat(CHUNKER.chunk(Document.markdown("a.md", "# A\n\ntext")))
        .extracting(Chunk::page)
        .containsOnlyNulls();
  }

  @Test
  void content_of_a_paged_document_must_be_its_pages() {
    assertThrows(
        IllegalArgumentException.class,
        () ->
            new Document(
                "a", "a", null, "other", DocumentFormat.TEXT, Map.of(), List.of(new Page(1, "x"))));
    assertThrows(
        IllegalArgumentException.class,
        () ->
            Document.paged(
                "a",
                "a",
                null,
                DocumentFormat.TEXT,
                Map.of(),
                List.of(new Page(2, "x"), new Page(2, "y"))));
  }

  @Test
  void page_boundaries_shape_the_content_hash() {
    Document one =
        Document.paged(
            "a", "a", null, DocumentFormat.TEXT, Map.of(), List.of(new Page(1, "x\n\ny")));
    Document two =
        Document.paged(
            "a",
            "a",
            null,
            DocumentFormat.TEXT,
            Map.of(),
            List.of(new Page(1, "x"), new Page(2, "y")));
    assertThat(one.content()).isEqualTo(two.content());
    assertThat(one.contentHash()).isNotEqualTo(two.contentHash());
  }
}
