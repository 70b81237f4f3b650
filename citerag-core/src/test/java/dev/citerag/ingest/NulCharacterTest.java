package dev.citerag.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.citerag.store.Chunk;
import dev.citerag.store.DocumentChunks;
import dev.citerag.store.EmbeddedChunk;
import dev.citerag.store.MetadataValue;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * NUL (U+0000) is rejected where a document or chunk is built, naming it: PostgreSQL text cannot
 * hold it, and every store rejects it alike (before, a pgvector ingest failed naming nothing).
 */
class NulCharacterTest {

  @Test
  void a_document_with_nul_in_its_content_is_rejected_naming_its_id_source_and_the_rule() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                new Document(
                    "guides/vpn.md",
                    "/srv/docs/guides/vpn.md",
                    "VPN",
                    "# VPN\n\nConnect\0 first.",
                    DocumentFormat.MARKDOWN,
                    Map.of()));
    assertThat(e.getMessage())
        .contains("content of document \"guides/vpn.md\" (/srv/docs/guides/vpn.md)")
        .contains("must not contain NUL (U+0000), found at index 14");
  }

  @Test
  void nul_in_a_title_or_metadata_value_is_rejected_naming_the_document() {
    assertThat(
            assertThrows(
                    IllegalArgumentException.class,
                    () ->
                        new Document("a.md", "a.md", "T\0", "text", DocumentFormat.TEXT, Map.of()))
                .getMessage())
        .contains("title of document \"a.md\"");
    assertThat(
            assertThrows(
                    IllegalArgumentException.class,
                    () ->
                        new Document(
                            "a.md",
                            "a.md",
                            null,
                            "text",
                            DocumentFormat.TEXT,
                            MetadataValue.strings(Map.of("team", "x\0"))))
                .getMessage())
        .contains("metadata.team");
  }

  @Test
  void a_chunk_built_in_code_with_nul_is_refused_by_every_store_write_naming_chunk_and_document() {
    Chunk c =
        new Chunk(
            "c1", "doc-1", "docs/one.md", null, List.of(), null, "bad\0text", 2, "abc", Map.of());
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                new DocumentChunks(
                    "doc-1", "h", List.of(new EmbeddedChunk(c, new float[] {1f, 0f}))));
    assertThat(e.getMessage())
        .contains("text of chunk \"c1\" of document \"doc-1\" (docs/one.md)")
        .contains("NUL");
  }
}
