package dev.citerag.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --language}: the in-memory store's full text analysed in the named language. */
class LanguageOptionTest {

  private static Path germanDocs(Path dir) throws IOException {
    Files.writeString(
        dir.resolve("hafen.md"),
        "# Hafen\n\nDie Häuser am Hafen wurden 1890 gebaut und 2019 renoviert.\n",
        StandardCharsets.UTF_8);
    Files.writeString(
        dir.resolve("kantine.md"),
        "# Kantine\n\nDie Kantine öffnet um elf Uhr und schließt um vierzehn Uhr.\n",
        StandardCharsets.UTF_8);
    return dir;
  }

  @Test
  void german_inflections_match_lexically_only_with_language_german(@TempDir Path dir)
      throws IOException {
    Path docs = germanDocs(dir);

    Cli.Run german =
        Cli.run(
            Cli.offline(),
            "search",
            "--docs",
            docs.toString(),
            "--embedder",
            "local",
            "--language",
            "german",
            "Häusern");
    Cli.Run english =
        Cli.run(
            Cli.offline(), "search", "--docs", docs.toString(), "--embedder", "local", "Häusern");

    assertThat(german.status()).as(german.toString()).isEqualTo(Main.EXIT_OK);
    assertThat(german.out()).contains("lexical #1");
    assertThat(english.status()).as(english.toString()).isEqualTo(Main.EXIT_OK);
    assertThat(english.out()).doesNotContain("lexical #");
  }

  @Test
  void an_unknown_language_is_a_usage_error_naming_the_option() {
    Cli.Run r = Cli.run(Cli.offline(), "search", "--language", "klingon", "q");

    assertThat(r.status()).isEqualTo(Main.EXIT_ERROR);
    assertThat(r.err()).contains("--language").contains("klingon").contains("german");
  }
}
