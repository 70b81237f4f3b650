package dev.citerag.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.embed.LocalHashingEmbedder;
import dev.citerag.ingest.IngestReport;
import dev.citerag.ingest.Ingestor;
import dev.citerag.loaders.FolderLoader;
import dev.citerag.pgvector.PgVectorStore;
import dev.citerag.testkit.postgres.PostgresTest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A NUL byte in one Markdown file costs that file only: before, its text reached PostgreSQL (which
 * cannot store NUL in text) and the whole ingest failed with an error naming no file.
 */
@PostgresTest
class NulByteIngestTest {

  @Test
  void a_markdown_file_holding_a_nul_byte_is_named_and_the_rest_is_ingested_into_pgvector(
      DataSource db, @TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("a.md"), "# A\n\nThe east gate closes at dusk.\n");
    Files.writeString(dir.resolve("c.md"), "# C\n\nThe west gate opens at dawn.\n");
    Files.write(
        dir.resolve("b.md"),
        "# B\n\nThe north gate\0 is walled up.\n".getBytes(StandardCharsets.UTF_8));
    LocalHashingEmbedder embedder = new LocalHashingEmbedder();

    FolderLoader.Result loaded = FolderLoader.builder().build().load(List.of(dir));
    try (PgVectorStore store =
        PgVectorStore.builder()
            .dataSource(db)
            .collection("nul_bytes")
            .dimensions(embedder.identity().dimensions())
            .build()) {
      IngestReport report =
          Ingestor.builder().embedder(embedder).store(store).build().ingest(loaded.documents());

      assertThat(report.documentsWritten()).isEqualTo(2);
      assertThat(store.documentIds()).containsExactlyInAnyOrder("a.md", "c.md");
    }
    assertThat(loaded.skipped())
        .singleElement()
        .satisfies(
            s -> {
              assertThat(s.file()).endsWith("b.md");
              assertThat(s.reason()).isEqualTo(FolderLoader.Reason.INVALID);
              assertThat(s.detail()).contains("NUL byte");
            });
  }
}
