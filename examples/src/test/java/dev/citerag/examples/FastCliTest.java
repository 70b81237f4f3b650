package dev.citerag.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Batch questions, the interactive shell and {@code --version}. */
class FastCliTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static List<JsonNode> jsonLines(String out) throws IOException {
    List<JsonNode> nodes = new ArrayList<>();
    for (String line : out.lines().toList()) {
      nodes.add(JSON.readTree(line));
    }
    return nodes;
  }

  @Test
  void questions_file_with_json_prints_one_object_per_question_and_exits_with_the_worst_status(
      @TempDir Path dir) throws IOException {
    Path file = dir.resolve("questions.txt");
    Files.writeString(
        file,
        "# deploy questions\n"
            + MainTest.ANSWERABLE
            + "\n\n"
            + MainTest.UNANSWERABLE
            + "\n"
            + "How do I roll back a deploy?\n");
    Cli.Run r =
        Cli.run(
            Cli.offline(), "ask", "--embedder", "local", "--questions", file.toString(), "--json");
    List<JsonNode> lines = jsonLines(r.out());
    assertThat(lines).as(r.toString()).hasSize(3);
    assertThat(lines)
        .extracting(n -> n.get("question").asText())
        .containsExactly(
            MainTest.ANSWERABLE, MainTest.UNANSWERABLE, "How do I roll back a deploy?");
    assertThat(lines.get(0).get("status").asText()).isEqualTo("answered");
    assertThat(lines.get(1).get("status").asText()).isEqualTo("not_in_sources");
    assertThat(r.status()).isEqualTo(Main.EXIT_ABSTAINED);
  }

  @Test
  void questions_from_standard_input_are_answered_as_text_under_their_question() {
    Cli.Run r =
        Cli.runWithInput(
            Cli.offline(),
            MainTest.ANSWERABLE + "\n",
            "ask",
            "--embedder",
            "local",
            "--questions",
            "-");
    assertThat(r.status()).as(r.toString()).isEqualTo(Main.EXIT_OK);
    assertThat(r.out())
        .startsWith("Q: " + MainTest.ANSWERABLE + "\nProduction deploys are allowed")
        .contains("References:");
  }

  @Test
  void a_question_and_a_questions_file_together_are_a_usage_error(@TempDir Path dir)
      throws IOException {
    Path file = dir.resolve("q.txt");
    Files.writeString(file, "Why?\n");
    Cli.Run r = Cli.run(Cli.offline(), "ask", "--questions", file.toString(), "Why?");
    assertThat(r.status()).isEqualTo(Main.EXIT_ERROR);
    assertThat(r.err()).contains("either a question or --questions FILE");
  }

  @Test
  void shell_answers_each_line_until_quit_and_switches_to_json() throws IOException {
    Cli.Run r =
        Cli.runWithInput(
            Cli.offline(),
            MainTest.ANSWERABLE + "\n\n:json\n" + MainTest.UNANSWERABLE + "\n:quit\nnever asked\n",
            "shell",
            "--embedder",
            "local");
    assertThat(r.status()).as(r.toString()).isEqualTo(Main.EXIT_OK);
    List<String> out = r.out().lines().toList();
    assertThat(out.get(0))
        .startsWith(
            "Production deploys are allowed Monday to Thursday between 09:00 and 16:00 UTC.");
    String last = out.get(out.size() - 1);
    JsonNode json = JSON.readTree(last);
    assertThat(json.get("question").asText()).isEqualTo(MainTest.UNANSWERABLE);
    assertThat(r.out()).doesNotContain("never asked");
    assertThat(r.err()).contains("citerag> ").contains("JSON output on");
  }

  @Test
  void shell_reports_a_bad_question_and_keeps_going() {
    Cli.Run r =
        Cli.runWithInput(
            Cli.offline(),
            "a\u0000b\n" + MainTest.ANSWERABLE + "\n",
            "shell",
            "--embedder",
            "local");
    assertThat(r.status()).as(r.toString()).isEqualTo(Main.EXIT_OK);
    assertThat(r.err()).contains("citerag: error: ");
    assertThat(r.out()).contains("Production deploys are allowed");
  }

  @Test
  void version_prints_the_project_version() {
    Cli.Run r = Cli.run(Cli.offline(), "--version");
    assertThat(r.status()).isEqualTo(Main.EXIT_OK);
    assertThat(r.out()).matches("citerag \\d+\\.\\d+\\.\\d+(-SNAPSHOT)? \\(Java .+\\)\\n");
  }
}
