package dev.citerag.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.examples.Main;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code citerag completion} prints a bash script that, sourced in bash, completes commands,
 * options and the values of the options that take one word of a few.
 */
class CompletionScriptTest {

  @Test
  void the_script_completes_commands_options_and_values_in_bash(@TempDir Path dir)
      throws IOException, InterruptedException {
    CommandLineTest.Run r = CommandLineTest.run(Map.of(), "completion");
    assertThat(r.status()).isEqualTo(Main.EXIT_OK);
    assertThat(r.err()).isEmpty();
    Path script = dir.resolve("citerag-completion.bash");
    Files.writeString(script, r.out());

    assertThat(complete(script, "citerag", "s"))
        .containsExactlyInAnyOrder("search", "serve", "shell");
    assertThat(complete(script, "citerag", "ask", "--min-s")).containsExactly("--min-similarity");
    assertThat(complete(script, "citerag", "ask", "--min"))
        .containsExactlyInAnyOrder("--min-similarity", "--min-rerank-score");
    assertThat(complete(script, "citerag", "search", "--rerank-format", ""))
        .containsExactly("cohere", "tei");
    assertThat(complete(script, "citerag", "ask", "--embedder", ""))
        .containsExactly("onnx", "local", "gemini", "ollama", "openai");
    assertThat(complete(script, "citerag", "eval", "--model", ""))
        .containsExactly("extractive", "gemini", "ollama", "openai", "anthropic");
    assertThat(complete(script, "citerag", "serve", "--strictness", "str"))
        .containsExactly("strict", "strictest");
    assertThat(complete(script, "citerag", "ingest", "--"))
        .contains("--store", "--keep-missing", "--collection", "--embedder", "--json")
        .doesNotContain("--model", "--docs");
    // the wrapper at the repository root, typed as ./citerag, is bound too
    assertThat(complete(script, "./citerag", "sea")).containsExactly("search");
  }

  /** The completions bash offers for the last word of {@code words}. */
  private static List<String> complete(Path script, String... words)
      throws IOException, InterruptedException {
    StringBuilder array = new StringBuilder();
    for (String w : words) {
      array.append(" '").append(w).append('\'');
    }
    String line = String.join(" ", words);
    String program =
        "source '"
            + script
            + "'\n"
            // compopt works only inside a completion bash itself runs; here it would only complain
            + "compopt() { return 0; }\n"
            + "spec=$(complete -p "
            + words[0]
            + ")\n"
            + "fn=${spec#*-F }; fn=${fn%% *}\n"
            + "COMP_WORDS=("
            + array
            + ")\n"
            + "COMP_CWORD="
            + (words.length - 1)
            + "\n"
            + "COMP_LINE='"
            + line
            + "'\n"
            + "COMP_POINT=${#COMP_LINE}\n"
            + "\"$fn\"\n"
            + "printf '%s\\n' \"${COMPREPLY[@]}\"\n";
    Process p =
        new ProcessBuilder("bash", "--noprofile", "--norc", "-c", program)
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(out).isZero();
    return out.lines().filter(l -> !l.isBlank()).map(String::strip).toList();
  }
}
