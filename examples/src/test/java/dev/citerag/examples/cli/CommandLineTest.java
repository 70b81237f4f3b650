package dev.citerag.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.examples.Main;
import dev.citerag.examples.internal.EngineOptions;
import dev.citerag.extractive.ExtractiveGenerator.Strictness;
import dev.citerag.store.Filter;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.ParseResult;

/** The picocli command line: values, defaults, and the usage errors naming option and rule. */
class CommandLineTest {

  record Run(int status, String out, String err) {}

  static Run run(Map<String, String> env, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status =
        CiteragCli.run(
            env,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8),
            args);
    return new Run(
        status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  /** The first line of a usage error; fails unless the status is 1 and the usage follows. */
  private static String error(String... args) {
    Run r = run(Map.of(), args);
    assertThat(r.status()).as("%s", r).isEqualTo(Main.EXIT_ERROR);
    assertThat(r.out()).isEmpty();
    assertThat(r.err()).startsWith("citerag: ").contains("\n\nusage: citerag");
    return r.err().substring(0, r.err().indexOf('\n'));
  }

  /** The command object picocli filled from {@code args}, without running it. */
  private static Object parsed(String... args) {
    PrintStream discard =
        new PrintStream(java.io.OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8);
    CommandLine cl =
        CiteragCli.create(
            new Context(Map.of(), java.io.InputStream.nullInputStream(), discard, discard));
    ParseResult r = cl.parseArgs(args);
    while (r.hasSubcommand()) {
      r = r.subcommand();
    }
    return r.commandSpec().userObject();
  }

  @Test
  void reads_values_in_both_spellings_flags_and_the_question() {
    EngineOptions o =
        CiteragCli.engineOptions(
            "ask",
            "--k",
            "5",
            "--min-similarity=0.25",
            "--require-lexical",
            "false",
            "--json",
            "--model",
            "extractive",
            "--strictness=strict",
            "How",
            "do",
            "I",
            "roll",
            "back?");
    assertThat(o.k()).hasValue(5);
    assertThat(o.minSimilarity()).hasValue(0.25);
    assertThat(o.requireLexical()).isFalse();
    assertThat(o.model()).contains("extractive");
    assertThat(o.strictness()).isEqualTo(Strictness.STRICT);
    AskCommand ask = (AskCommand) parsed("ask", "--json", "How", "do", "I", "roll", "back?");
    assertThat(ask.question()).isEqualTo("How do I roll back?");
  }

  @Test
  void defaults_when_options_are_absent() {
    EngineOptions o = CiteragCli.engineOptions("serve");
    assertThat(o.embedder()).isEqualTo("onnx");
    assertThat(o.collection()).isEqualTo("citerag");
    assertThat(o.requireLexical()).isTrue();
    assertThat(o.strictness()).isEqualTo(Strictness.BALANCED);
    assertThat(o.model()).isEmpty();
    assertThat(o.k()).isEmpty();
    assertThat(o.minSimilarity()).isEmpty();
    assertThat(o.docs()).isEmpty();
    assertThat(o.store()).isEmpty();
    ServeCommand serve = (ServeCommand) parsed("serve");
    assertThat(serve.port()).isEqualTo(8080);
    assertThat(serve.host()).isEqualTo("127.0.0.1");
    ServeCommand other = (ServeCommand) parsed("serve", "--port", "0", "--host", "::1");
    assertThat(other.port()).isZero();
    assertThat(other.host()).isEqualTo("::1");
  }

  @Test
  void repeated_filters_are_anded() {
    AskCommand ask =
        (AskCommand) parsed("ask", "--filter", "team=platform", "--filter=env = prod", "q");
    assertThat(ask.filter())
        .isEqualTo(Filter.and(Filter.eq("team", "platform"), Filter.eq("env", "prod")));
    assertThat(((AskCommand) parsed("ask", "q")).filter()).isEqualTo(Filter.ALL);
    assertThat(((SearchCommand) parsed("search", "--filter", "team=x", "q")).filter())
        .isEqualTo(Filter.eq("team", "x"));
  }

  @Test
  void double_dash_ends_options() {
    AskCommand ask = (AskCommand) parsed("ask", "--", "--json", "-x");
    assertThat(wordsOf(ask)).containsExactly("--json", "-x");
  }

  /** Issue 14: libpq's URL form, as psql takes it, is accepted as well as pgjdbc's. */
  @Test
  void store_accepts_jdbc_and_libpq_urls() {
    assertThat(
            CiteragCli.engineOptions("ask", "--store", "postgresql://rag@db.test/rag", "q").store())
        .hasValue("postgresql://rag@db.test/rag");
    assertThat(
            CiteragCli.engineOptions(
                    "ask", "--store", "jdbc:postgresql://db.test/rag?user=rag", "q")
                .store())
        .isPresent();
    EngineOptions ingest =
        CiteragCli.engineOptions("ingest", "--store", "postgresql://rag@db.test/rag", "docs");
    assertThat(ingest.store()).hasValue("postgresql://rag@db.test/rag");
  }

  @Test
  void bad_values_are_rejected_naming_the_option_and_the_rule() {
    assertThat(error("ask", "--k", "0", "q"))
        .isEqualTo("citerag: option --k must be an integer between 1 and 100, was \"0\"");
    assertThat(error("ask", "--k", "many", "q")).contains("--k").contains("\"many\"");
    assertThat(error("ask", "--min-similarity", "1.5", "q")).contains("--min-similarity");
    assertThat(error("ask", "--min-similarity", "NaN", "q")).contains("--min-similarity");
    assertThat(error("ask", "--require-lexical", "yes", "q"))
        .contains("--require-lexical")
        .contains("true or false");
    assertThat(error("ask", "--model", "gpt", "q"))
        .contains("--model")
        .contains("extractive|gemini|ollama");
    assertThat(error("ask", "--embedder", "bert", "q")).contains("--embedder");
    assertThat(error("ask", "--strictness", "loose", "q"))
        .contains("--strictness")
        .contains("lenient|balanced|strict|strictest");
    assertThat(error("ask", "--filter", "team", "q"))
        .contains("--filter")
        .contains("expected an operator");
    assertThat(error("ask", "--filter", "my team=x", "q"))
        .contains("--filter")
        .contains("unknown operator at \"team=x\"");
    assertThat(error("ask", "--store", "mysql://x", "q"))
        .contains("--store")
        .contains("jdbc:postgresql:")
        .contains("postgresql://user@host");
    assertThat(error("ask", "--docs", "/no/such/dir", "q"))
        .contains("--docs")
        .contains("does not exist");
    assertThat(error("ask", "--collection", "Bad-Name", "q")).contains("--collection");
    assertThat(error("serve", "--port", "70000")).contains("--port");
    assertThat(error("serve", "--host", "a b")).contains("--host");
  }

  @Test
  void a_bad_store_url_is_not_repeated_since_it_may_hold_a_password() {
    assertThat(error("ask", "--store", "mysql://rag:s3cret-pw@db/rag", "q"))
        .doesNotContain("s3cret-pw");
  }

  @Test
  void unknown_repeated_or_valueless_options_are_rejected() {
    assertThat(error("ask", "--frobnicate", "q"))
        .isEqualTo("citerag: unknown option --frobnicate for ask");
    assertThat(error("search", "--model", "gemini", "q"))
        .contains("unknown option --model for search");
    assertThat(error("ask", "--k", "3", "--k", "4", "q")).contains("--k is given twice");
    assertThat(error("ask", "--k")).contains("--k needs a value");
    assertThat(error("ask", "--json=yes", "q")).contains("--json takes no value");
    assertThat(error("ask", "-k", "3")).contains("unknown option -k");
    assertThat(error("serve", "extra")).contains("unexpected argument \"extra\" for serve");
    assertThat(error("eval")).contains("eval needs exactly one CASES.jsonl");
    assertThat(error("ingest")).contains("ingest needs --store");
  }

  @Test
  void help_skips_value_checks() {
    Run r = run(Map.of(), "ask", "--k", "0", "--help");
    assertThat(r.status()).isEqualTo(Main.EXIT_OK);
    assertThat(r.out()).startsWith("usage: citerag ask");
    assertThat(r.err()).isEmpty();
  }

  @Test
  void help_command_prints_a_commands_usage() {
    Run r = run(Map.of(), "help", "ingest");
    assertThat(r.status()).isEqualTo(Main.EXIT_OK);
    assertThat(r.out()).startsWith("usage: citerag ingest").contains("--keep-missing");
  }

  /** Help shows defaults; none may come from the environment, where the keys live. */
  @Test
  void no_help_text_shows_an_environment_value() {
    Map<String, String> env =
        Map.of(
            "GEMINI_API_KEY", "gemini-secret-123",
            "OPENAI_API_KEY", "openai-secret-456",
            "OLLAMA_HOST", "http://ollama-host-789:1");
    for (String command :
        List.of("ask", "search", "ingest", "eval", "serve", "shell", "completion")) {
      Run r = run(env, command, "--help");
      assertThat(r.status()).isEqualTo(Main.EXIT_OK);
      assertThat(r.out() + r.err())
          .as(command)
          .doesNotContain("secret")
          .doesNotContain("ollama-host-789");
    }
    Run top = run(env, "--help");
    assertThat(top.out()).contains("GEMINI_API_KEY").doesNotContain("secret");
  }

  private static List<String> wordsOf(AskCommand ask) {
    return ask.questionWords();
  }
}
