package dev.citerag.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.citerag.testkit.postgres.PostgresDatabase;
import dev.citerag.testkit.postgres.PostgresTest;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ingest}, {@code ask} and {@code search} with {@code --store} against the testkit's
 * PostgreSQL + pgvector fixture. Each test uses its own collection.
 */
@PostgresTest
class PgVectorCliTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * The fixture's URL with the user (and password, if any) as query parameters, as a user would
   * pass it.
   */
  private static String url(PostgresDatabase db) {
    StringBuilder u = new StringBuilder(db.jdbcUrl());
    u.append(db.jdbcUrl().contains("?") ? '&' : '?')
        .append("user=")
        .append(URLEncoder.encode(db.username(), StandardCharsets.UTF_8));
    db.password()
        .ifPresent(
            p -> u.append("&password=").append(URLEncoder.encode(p, StandardCharsets.UTF_8)));
    return u.toString();
  }

  private static void assertNoPassword(PostgresDatabase db, Cli.Run r) {
    db.password()
        .filter(p -> !p.isEmpty())
        .ifPresent(p -> assertThat(r.out() + r.err()).doesNotContain(p));
  }

  @Test
  void ingest_writes_the_sample_corpus_once_and_a_second_run_writes_nothing(PostgresDatabase db)
      throws IOException {
    Cli.Run first = Cli.run(Cli.offline(), "ingest", "--store", url(db), "--collection", "sample");
    assertThat(first.status()).as(first.toString()).isEqualTo(Main.EXIT_OK);
    assertThat(first.out())
        .startsWith(
            "Ingested into pgvector collection \"sample\": 12 documents written,"
                + " 0 skipped (unchanged), 0 removed (gone from the source);");
    // not a terminal here: plain progress lines, no carriage return
    assertThat(first.err()).contains("citerag: ingest 100%  12/12 documents").doesNotContain("\r");
    assertNoPassword(db, first);

    Cli.Run second =
        Cli.run(Cli.offline(), "ingest", "--json", "--store", url(db), "--collection", "sample");
    assertThat(second.status()).as(second.toString()).isEqualTo(Main.EXIT_OK);
    JsonNode j = JSON.readTree(second.out());
    assertThat(j.get("documents_written").asInt()).isZero();
    assertThat(j.get("documents_skipped").asInt()).isEqualTo(12);
    assertThat(j.get("chunks_written").asInt()).isZero();
    assertThat(j.get("chunks_deleted").asInt()).isZero();
    assertThat(j.get("chunks_in_store").asLong()).isPositive();
  }

  @Test
  void ask_and_search_read_what_ingest_stored(PostgresDatabase db) throws IOException {
    assertThat(
            Cli.run(Cli.offline(), "ingest", "--store", url(db), "--collection", "asked").status())
        .isZero();

    Cli.Run r =
        Cli.run(
            Cli.offline(),
            "ask",
            "--json",
            "--store",
            url(db),
            "--collection",
            "asked",
            "When are production deploys allowed?");
    assertThat(r.status()).as(r.toString()).isEqualTo(Main.EXIT_OK);
    JsonNode j = JSON.readTree(r.out());
    assertThat(j.get("citations").get(0).get("quote").asText())
        .isEqualTo(
            "Production deploys are allowed Monday to Thursday between 09:00 and 16:00 UTC.");
    assertThat(j.get("citations").get(0).get("source").asText())
        .isEqualTo("golden/corpus/deploys.md");

    Cli.Run filtered =
        Cli.run(
            Cli.offline(),
            "ask",
            "--json",
            "--store",
            url(db),
            "--collection",
            "asked",
            "--filter",
            "team=security",
            "--min-similarity",
            "0",
            "When are production deploys allowed?");
    for (JsonNode h : JSON.readTree(filtered.out()).get("retrieved")) {
      assertThat(h.get("metadata").get("team").asText()).isEqualTo("security");
    }

    Cli.Run search =
        Cli.run(
            Cli.offline(),
            "search",
            "--store",
            url(db),
            "--collection",
            "asked",
            "--k",
            "3",
            "rollback command");
    assertThat(search.status()).as(search.toString()).isEqualTo(Main.EXIT_OK);
    assertThat(search.out())
        .startsWith("3 hits for \"rollback command\"")
        .contains("golden/corpus/rollbacks.md");
    assertNoPassword(db, r);
  }

  /**
   * Issue 14: {@code ask --collection typo} silently created empty tables. Reading commands never
   * create a collection: a mistyped name fails, saying how to create one, and creates nothing.
   */
  @Test
  void reading_commands_do_not_create_a_collection(PostgresDatabase db) throws Exception {
    assertThat(
            Cli.run(Cli.offline(), "ingest", "--store", url(db), "--collection", "real").status())
        .isZero();
    for (String command : List.of("ask", "search")) {
      Cli.Run r =
          Cli.run(
              Cli.offline(),
              command,
              "--store",
              url(db),
              "--collection",
              "typo",
              "When are production deploys allowed?");
      assertThat(r.status()).as(r.toString()).isEqualTo(Main.EXIT_ERROR);
      assertThat(r.err())
          .contains("no collection \"typo\" to read")
          .contains("citerag ingest --store URL --collection typo");
    }
    try (java.sql.Connection c = db.dataSource().getConnection();
        java.sql.Statement s = c.createStatement();
        java.sql.ResultSet rs =
            s.executeQuery("SELECT count(*) FROM pg_class WHERE relname LIKE 'typo%'")) {
      rs.next();
      assertThat(rs.getInt(1)).as("tables of the mistyped collection").isZero();
    }
  }

  /**
   * Issue 14: {@code ask --store URL} without {@code --docs} never checked the embedding identity:
   * a collection embedded by another model was searched with the wrong one.
   */
  @Test
  void asking_a_collection_made_with_another_embedder_is_refused(PostgresDatabase db) {
    try (dev.citerag.testkit.wire.FakeOllamaServer ollama =
        new dev.citerag.testkit.wire.FakeOllamaServer()) {
      java.util.Map<String, String> env =
          java.util.Map.of("OLLAMA_HOST", ollama.baseUrl(), "OLLAMA_EMBED_MODEL", "all-minilm");
      Cli.Run made =
          Cli.run(
              env, "ingest", "--store", url(db), "--collection", "minilm", "--embedder", "ollama");
      assertThat(made.status()).as(made.toString()).isZero();
    }
    Cli.Run r =
        Cli.run(
            Cli.offline(),
            "ask",
            "--store",
            url(db),
            "--collection",
            "minilm",
            "--embedder",
            "local",
            "When are production deploys allowed?");
    assertThat(r.status()).as(r.toString()).isEqualTo(Main.EXIT_ERROR);
    assertThat(r.err())
        .contains("embeddingProvider: stored ollama")
        .contains("embeddingModel: stored all-minilm");
  }

  /**
   * Issue 14: a file removed from the folder stayed searchable after the next {@code ingest}. The
   * collection now follows the folder; {@code --keep-missing} keeps what is gone.
   */
  @Test
  void ingesting_a_folder_again_removes_the_deleted_file(PostgresDatabase db, @TempDir Path dir)
      throws IOException {
    Files.writeString(
        dir.resolve("keep.md"), "# Backups\n\nBackups run every night at 02:00 UTC.\n");
    Files.writeString(
        dir.resolve("gone.md"), "# Albatross\n\nThe albatross feeder is refilled on Fridays.\n");
    Cli.run(Cli.offline(), "ingest", "--store", url(db), "--collection", "synced", dir.toString());
    Files.delete(dir.resolve("gone.md"));

    Cli.Run kept =
        Cli.run(
            Cli.offline(),
            "ingest",
            "--json",
            "--keep-missing",
            "--store",
            url(db),
            "--collection",
            "synced",
            dir.toString());
    assertThat(JSON.readTree(kept.out()).get("documents_removed").asInt()).isZero();

    Cli.Run synced =
        Cli.run(
            Cli.offline(), "ingest", "--store", url(db), "--collection", "synced", dir.toString());
    assertThat(synced.status()).as(synced.toString()).isEqualTo(Main.EXIT_OK);
    assertThat(synced.out())
        .contains("1 removed (gone from the source)")
        .contains("0 documents written");
    Cli.Run search =
        Cli.run(
            Cli.offline(),
            "search",
            "--json",
            "--store",
            url(db),
            "--collection",
            "synced",
            "albatross feeder");
    assertThat(search.out()).doesNotContain("gone.md");
  }

  @Test
  void reingesting_a_directory_rewrites_only_the_changed_file(
      PostgresDatabase db, @TempDir Path dir) throws IOException {
    Files.writeString(
        dir.resolve("a.md"),
        "---\nteam: ops\n---\n# Backups\n\nBackups run every night at 02:00 UTC.\n");
    Files.writeString(
        dir.resolve("b.txt"), "The VPN gateway is restarted on the first Sunday of the month.\n");
    Cli.Run first =
        Cli.run(
            Cli.offline(),
            "ingest",
            "--json",
            "--store",
            url(db),
            "--collection",
            "files",
            dir.toString());
    assertThat(first.status()).as(first.toString()).isEqualTo(Main.EXIT_OK);
    assertThat(JSON.readTree(first.out()).get("documents_written").asInt()).isEqualTo(2);

    Files.writeString(
        dir.resolve("a.md"),
        "---\nteam: ops\n---\n# Backups\n\nBackups run every night at 03:00 UTC.\n");
    JsonNode second =
        JSON.readTree(
            Cli.run(
                    Cli.offline(),
                    "ingest",
                    "--json",
                    "--store",
                    url(db),
                    "--collection",
                    "files",
                    dir.toString())
                .out());
    assertThat(second.get("documents_written").asInt()).isEqualTo(1);
    assertThat(second.get("documents_skipped").asInt()).isEqualTo(1);
    assertThat(second.get("chunks_deleted").asInt()).isPositive();

    Cli.Run asked =
        Cli.run(
            Cli.offline(),
            "ask",
            "--store",
            url(db),
            "--collection",
            "files",
            "--filter",
            "team=ops",
            "When do backups run?");
    assertThat(asked.status()).as(asked.toString()).isEqualTo(Main.EXIT_OK);
    assertThat(asked.out()).startsWith("Backups run every night at 03:00 UTC. [1]");
  }

  @Test
  void a_collection_made_with_another_embedder_is_refused_with_a_clear_error(PostgresDatabase db) {
    assertThat(
            Cli.run(
                    Cli.offline(),
                    "ingest",
                    "--store",
                    url(db),
                    "--collection",
                    "hashing",
                    "--embedder",
                    "local")
                .status())
        .isZero();
    try (dev.citerag.testkit.wire.FakeOllamaServer ollama =
        new dev.citerag.testkit.wire.FakeOllamaServer()) {
      Cli.Run r =
          Cli.run(
              java.util.Map.of("OLLAMA_HOST", ollama.baseUrl(), "OLLAMA_EMBED_MODEL", "all-minilm"),
              "ingest",
              "--store",
              url(db),
              "--collection",
              "hashing",
              "--embedder",
              "ollama");
      assertThat(r.status()).as(r.toString()).isEqualTo(Main.EXIT_ERROR);
      assertThat(r.err())
          .startsWith("citerag: error: ")
          .contains("hashing")
          .contains("identity")
          .contains("--collection NAME picks another collection");
      assertNoPassword(db, r);
    }
  }
}
