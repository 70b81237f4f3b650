package dev.citerag.examples.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.citerag.examples.internal.CliOptions.Command;
import dev.citerag.store.Filter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CliOptionsTest {

  private static CliOptions parse(Command c, String... args) {
    return CliOptions.parse(c, List.of(args));
  }

  private static String error(Command c, String... args) {
    return assertThrows(UsageException.class, () -> parse(c, args)).getMessage();
  }

  @Test
  void reads_values_in_both_spellings_flags_and_the_question() {
    CliOptions o =
        parse(
            Command.ASK,
            "--k",
            "5",
            "--min-similarity=0.25",
            "--require-lexical",
            "false",
            "--json",
            "--model",
            "extractive",
            "How",
            "do",
            "I",
            "roll",
            "back?");
    assertThat(o.k()).hasValue(5);
    assertThat(o.minSimilarity()).hasValue(0.25);
    assertThat(o.requireLexical()).isFalse();
    assertThat(o.json()).isTrue();
    assertThat(o.model()).contains("extractive");
    assertThat(o.positional()).containsExactly("How", "do", "I", "roll", "back?");
  }

  @Test
  void defaults_when_options_are_absent() {
    CliOptions o = parse(Command.SERVE);
    assertThat(o.port()).isEqualTo(8080);
    assertThat(o.host()).isEqualTo("127.0.0.1");
    assertThat(o.embedder()).isEqualTo("onnx");
    assertThat(o.collection()).isEqualTo("citerag");
    assertThat(o.requireLexical()).isTrue();
    assertThat(o.model()).isEmpty();
    assertThat(o.k()).isEmpty();
    assertThat(o.minSimilarity()).isEmpty();
  }

  @Test
  void repeated_filters_are_anded() {
    CliOptions o = parse(Command.ASK, "--filter", "team=platform", "--filter=env=prod", "q");
    assertThat(o.filter())
        .isEqualTo(Filter.and(Filter.eq("team", "platform"), Filter.eq("env", "prod")));
    assertThat(o.filterPairs()).isEqualTo(Map.of("team", "platform", "env", "prod"));
    assertThat(parse(Command.ASK, "q").filter()).isEqualTo(Filter.ALL);
  }

  @Test
  void double_dash_ends_options() {
    assertThat(parse(Command.ASK, "--", "--json", "-x").positional())
        .containsExactly("--json", "-x");
  }

  /** Issue 14: libpq's URL form, as psql takes it, is accepted as well as pgjdbc's. */
  @Test
  void store_accepts_jdbc_and_libpq_urls() {
    assertThat(parse(Command.ASK, "--store", "postgresql://rag@db.test/rag", "q").store())
        .hasValue("postgresql://rag@db.test/rag");
    assertThat(parse(Command.ASK, "--store", "jdbc:postgresql://db.test/rag?user=rag", "q").store())
        .isPresent();
  }

  @Test
  void bad_values_are_rejected_naming_the_option() {
    assertThat(error(Command.ASK, "--k", "0", "q")).contains("--k").contains("between 1 and 100");
    assertThat(error(Command.ASK, "--k", "many", "q")).contains("--k").contains("\"many\"");
    assertThat(error(Command.ASK, "--min-similarity", "1.5", "q")).contains("--min-similarity");
    assertThat(error(Command.ASK, "--min-similarity", "NaN", "q")).contains("--min-similarity");
    assertThat(error(Command.ASK, "--require-lexical", "yes", "q"))
        .contains("--require-lexical")
        .contains("true or false");
    assertThat(error(Command.ASK, "--model", "gpt", "q"))
        .contains("--model")
        .contains("extractive|gemini|ollama");
    assertThat(error(Command.ASK, "--embedder", "bert", "q")).contains("--embedder");
    assertThat(error(Command.ASK, "--filter", "team", "q"))
        .contains("--filter")
        .contains("key=value");
    assertThat(error(Command.ASK, "--filter", "my team=x", "q"))
        .contains("--filter")
        .contains("\"my team\"");
    assertThat(error(Command.ASK, "--store", "mysql://x", "q"))
        .contains("--store")
        .contains("jdbc:postgresql:")
        .contains("postgresql://user@host");
    assertThat(error(Command.ASK, "--docs", "/no/such/dir", "q"))
        .contains("--docs")
        .contains("does not exist");
    assertThat(error(Command.ASK, "--collection", "Bad-Name", "q")).contains("--collection");
    assertThat(error(Command.SERVE, "--port", "70000")).contains("--port");
  }

  @Test
  void unknown_repeated_or_valueless_options_are_rejected() {
    assertThat(error(Command.ASK, "--frobnicate", "q")).contains("unknown option --frobnicate");
    assertThat(error(Command.SEARCH, "--model", "gemini", "q"))
        .contains("unknown option --model for search");
    assertThat(error(Command.ASK, "--k", "3", "--k", "4", "q")).contains("--k is given twice");
    assertThat(error(Command.ASK, "--k")).contains("--k needs a value");
    assertThat(error(Command.ASK, "--json=yes", "q")).contains("--json takes no value");
    assertThat(error(Command.ASK, "-k", "3")).contains("unknown option -k");
  }

  @Test
  void help_skips_value_checks() {
    assertThat(parse(Command.ASK, "--k", "0", "--help").help()).isTrue();
  }
}
