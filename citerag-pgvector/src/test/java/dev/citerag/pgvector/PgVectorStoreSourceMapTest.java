package dev.citerag.pgvector;

import static dev.citerag.pgvector.TestData.unit;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.citerag.ingest.Document;
import dev.citerag.ingest.MarkdownChunker;
import dev.citerag.store.Chunk;
import dev.citerag.store.DocumentChunks;
import dev.citerag.store.EmbeddedChunk;
import dev.citerag.store.Filter;
import dev.citerag.store.SearchHit;
import dev.citerag.testkit.postgres.PostgresTest;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * Chunks keep their source map (where their text is in the document) in the source_map column, and
 * a collection created by an earlier version, without that column, is upgraded in place.
 */
@PostgresTest
class PgVectorStoreSourceMapTest {
  private final DataSource ds;

  PgVectorStoreSourceMapTest(DataSource ds) {
    this.ds = ds;
  }

  static final String MARKDOWN =
      "# Runbook\n\n## Rollbacks\n\nRoll back with deploy-bot within 30 minutes.\n\n"
          + "Page the on-call engineer when a rollback fails twice.\n";

  private static DocumentChunks chunked(String docId, String content) {
    Document d = Document.markdown(docId, content);
    List<EmbeddedChunk> rows =
        new MarkdownChunker().chunk(d).stream().map(c -> new EmbeddedChunk(c, unit(4, 0))).toList();
    return new DocumentChunks(docId, d.contentHash(), rows);
  }

  private static Chunk found(PgVectorStore store, String words) {
    List<SearchHit> hits = store.lexicalSearch(words, 5, Filter.ALL);
    assertThat(hits).isNotEmpty();
    return hits.get(0).chunk();
  }

  @Test
  void a_chunks_source_map_is_stored_and_read_back_unchanged() {
    String col = TestData.uniqueCollection("srcmap");
    DocumentChunks doc = chunked("runbook.md", MARKDOWN);
    try (PgVectorStore store = TestData.store(ds, col, 4)) {
      store.write(List.of(doc));
      Chunk read = found(store, "deploy-bot");
      Chunk written = doc.chunks().get(0).chunk();
      assertThat(read.sourceMap()).isNotNull().isEqualTo(written.sourceMap());
      assertThat(read).isEqualTo(written);
    }
  }

  @Test
  void a_chunk_whose_text_is_unchanged_but_moved_in_its_document_gets_its_new_offsets()
      throws SQLException {
    String col = TestData.uniqueCollection("srcmove");
    try (PgVectorStore store = TestData.store(ds, col, 4)) {
      store.write(List.of(chunked("runbook.md", MARKDOWN)));
      DocumentChunks moved = chunked("runbook.md", "\n\n\n" + MARKDOWN);
      assertThat(moved.chunks().get(0).chunk().id())
          .isEqualTo(chunked("runbook.md", MARKDOWN).chunks().get(0).chunk().id());
      store.write(List.of(moved));
      assertThat(found(store, "deploy-bot").sourceMap())
          .isEqualTo(moved.chunks().get(0).chunk().sourceMap());
    }
  }

  @Test
  void a_collection_created_without_the_column_is_upgraded_and_its_old_chunks_have_no_map()
      throws SQLException {
    String col = TestData.uniqueCollection("srcold");
    try (PgVectorStore store = TestData.store(ds, col, 4)) {
      store.write(List.of(chunked("old.md", "# Old\n\nThe legacy ledger closes every Friday.\n")));
    }
    // the table as the previous version created it, with a chunk it wrote
    TestData.execute(ds, "ALTER TABLE " + col + "_chunks DROP COLUMN source_map");

    // a store that may not change the schema says what to run
    IllegalStateException refused =
        assertThrows(
            IllegalStateException.class,
            () ->
                PgVectorStore.builder()
                    .dataSource(ds)
                    .collection(col)
                    .dimensions(4)
                    .createSchema(false)
                    .build());
    assertThat(refused.getMessage())
        .contains("ADD COLUMN IF NOT EXISTS source_map text")
        .contains("createSchema(true)");

    try (PgVectorStore store = TestData.store(ds, col, 4)) {
      Chunk old = found(store, "ledger");
      assertThat(old.sourceMap()).isNull();
      assertThat(old.bodyStart()).isPositive(); // the heading prefix is still known
      store.write(List.of(chunked("runbook.md", MARKDOWN)));
      assertThat(found(store, "deploy-bot").sourceMap()).isNotNull();
    }
    assertThat(
            TestData.scalar(
                ds,
                "SELECT format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = '"
                    + col
                    + "_chunks'::regclass AND attname = 'source_map'"))
        .isEqualTo("text");
  }

  @Test
  void a_hand_made_chunk_without_a_map_round_trips_with_null() {
    String col = TestData.uniqueCollection("srcnull");
    try (PgVectorStore store = TestData.store(ds, col, 4)) {
      EmbeddedChunk c =
          TestData.chunk("d", 0, "A chunk made by hand, quarterly figures.", Map.of(), unit(4, 1));
      store.write(List.of(TestData.doc("d", "h", c)));
      assertThat(found(store, "quarterly").sourceMap()).isNull();
    }
  }
}
