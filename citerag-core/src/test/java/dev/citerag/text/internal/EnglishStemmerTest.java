package dev.citerag.text.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class EnglishStemmerTest {
  private static final Pattern WORD = Pattern.compile("[a-z]+");

  /**
   * The bundled vocabulary (words of the repository's documents and sources, their derived forms
   * and the algorithm's exceptional words), plus every word of the SQuAD dev set when a copy of the
   * shared datasets sits beside the repository (as in CI).
   */
  @Test
  void equals_the_snowball_reference_on_a_large_vocabulary() throws IOException {
    Set<String> words = new TreeSet<>(bundledWords());
    assertThat(words).hasSizeGreaterThan(10_000);
    words.addAll(squadWords());
    List<String> mismatches = new ArrayList<>();
    org.tartarus.snowball.ext.EnglishStemmer reference =
        new org.tartarus.snowball.ext.EnglishStemmer();
    for (String w : words) {
      reference.setCurrent(w);
      reference.stem();
      String expected = reference.getCurrent();
      String actual = EnglishStemmer.stem(w);
      if (!expected.equals(actual)) {
        mismatches.add(w + ": expected " + expected + ", was " + actual);
      }
    }
    assertThat(mismatches).as("%d words", words.size()).isEmpty();
  }

  @Test
  void reduces_inflections_to_one_stem() {
    assertThat(
            Stream.of("represented", "representing", "represents", "represent")
                .map(EnglishStemmer::stem)
                .distinct())
        .containsExactly("repres");
    assertThat(EnglishStemmer.stem("maintained")).isEqualTo(EnglishStemmer.stem("maintains"));
    assertThat(EnglishStemmer.stem("generously")).isEqualTo("generous");
    assertThat(EnglishStemmer.stem("skies")).isEqualTo("sky");
  }

  @Test
  void leaves_short_words_alone() {
    assertThat(EnglishStemmer.stem("is")).isEqualTo("is");
    assertThat(EnglishStemmer.stem("a")).isEqualTo("a");
    assertThat(EnglishStemmer.stem("")).isEmpty();
  }

  private static Set<String> bundledWords() throws IOException {
    try (InputStream in = EnglishStemmerTest.class.getResourceAsStream("english-words.txt")) {
      assertThat(in).as("english-words.txt on the test class path").isNotNull();
      return words(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    }
  }

  /** The words of the repository's SQuAD 2.0 dev copy ({@code datasets/squad2-dev}). */
  private static Set<String> squadWords() throws IOException {
    Path squad = Path.of("").toAbsolutePath().resolveSibling("datasets").resolve("squad2-dev");
    assertThat(squad.resolve("cases.jsonl")).as("the repository's SQuAD copy").isRegularFile();
    Set<String> out = new TreeSet<>();
    try (Stream<Path> files = Files.walk(squad)) {
      for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
        if (!f.getFileName().toString().equals("README.md")) {
          out.addAll(words(Files.readString(f, StandardCharsets.UTF_8)));
        }
      }
    }
    return out;
  }

  private static Set<String> words(String text) {
    Set<String> out = new TreeSet<>();
    Matcher m = WORD.matcher(text.toLowerCase(Locale.ROOT));
    while (m.find()) {
      out.add(m.group());
    }
    return out;
  }
}
