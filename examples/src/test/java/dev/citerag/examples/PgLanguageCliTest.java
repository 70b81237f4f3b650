package dev.citerag.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.testkit.postgres.PostgresDatabase;
import dev.citerag.testkit.postgres.PostgresTest;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --language} with {@code --store}: the collection's text-search configuration. */
@PostgresTest
class PgLanguageCliTest {

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

  @Test
  void a_collection_is_searched_in_its_language_and_another_is_refused_naming_both(
      PostgresDatabase db, @TempDir Path dir) throws IOException {
    Files.writeString(
        dir.resolve("hafen.md"),
        "# Hafen\n\nDie Häuser am Hafen wurden 1890 gebaut.\n",
        StandardCharsets.UTF_8);
    Cli.Run made =
        Cli.run(
            Cli.offline(),
            "ingest",
            "--store",
            url(db),
            "--collection",
            "de",
            "--embedder",
            "local",
            "--language",
            "german",
            dir.toString());
    assertThat(made.status()).as(made.toString()).isZero();

    Cli.Run german =
        Cli.run(
            Cli.offline(),
            "search",
            "--store",
            url(db),
            "--collection",
            "de",
            "--embedder",
            "local",
            "--language",
            "german",
            "Häusern");
    assertThat(german.status()).as(german.toString()).isZero();
    assertThat(german.out()).contains("lexical #1");

    Cli.Run russian =
        Cli.run(
            Cli.offline(),
            "search",
            "--store",
            url(db),
            "--collection",
            "de",
            "--embedder",
            "local",
            "--language",
            "russian",
            "Häusern");
    assertThat(russian.status()).as(russian.toString()).isEqualTo(Main.EXIT_ERROR);
    assertThat(russian.err()).contains("german").contains("russian");
  }
}
