package dev.citerag.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code citerag eval --record FILE} and {@code citerag eval --replay FILE} end to end. */
class EvalRecordCliTest {

  private static Path cases(Path dir) throws IOException {
    Path cases = dir.resolve("cases.jsonl");
    Files.writeString(
        cases,
        "{\"id\": \"deploy-window\", \"question\": \""
            + MainTest.ANSWERABLE
            + "\", \"answerable\": true, \"doc_ids\": [\"deploys\"], \"evidence\": \"between"
            + " 09:00 and 16:00 UTC\", \"must_contain\": \"09:00\", \"kind\": \"direct\"}\n"
            + "{\"id\": \"menu\", \"question\": \""
            + MainTest.UNANSWERABLE
            + "\", \"answerable\": false, \"doc_ids\": [], \"kind\": \"out_of_scope\"}\n");
    return cases;
  }

  @Test
  void a_recorded_run_replays_offline_with_nothing_changed(@TempDir Path dir) throws IOException {
    Path record = dir.resolve("run.jsonl");
    Cli.Run eval =
        Cli.run(
            Cli.offline(),
            "eval",
            "--embedder",
            "local",
            "--model",
            "extractive",
            "--record",
            record.toString(),
            cases(dir).toString());
    assertThat(eval.status()).as(eval.toString()).isEqualTo(Main.EXIT_OK);
    assertThat(eval.out()).contains("2 cases (1 answerable, 1 unanswerable)");
    List<String> lines = Files.readAllLines(record);
    assertThat(lines).hasSize(2);
    assertThat(lines.get(0))
        .startsWith("{\"record\":\"citerag-eval-record/1\",\"case\":\"deploy-window\"");

    Cli.Run replay = Cli.run(Cli.offline(), "eval", "--replay", record.toString());

    assertThat(replay.status()).as(replay.toString()).isEqualTo(Main.EXIT_OK);
    assertThat(replay.out()).contains("of 2 cases of " + record).contains("0 changed");
  }

  @Test
  void a_replay_of_a_corrupt_record_names_the_line_and_a_replay_takes_no_cases(@TempDir Path dir)
      throws IOException {
    Path record = dir.resolve("broken.jsonl");
    Files.writeString(record, "\n{\"record\": \"citerag-eval-record/0\"}\n");

    Cli.Run corrupt = Cli.run(Cli.offline(), "eval", "--replay", record.toString());

    assertThat(corrupt.status()).isEqualTo(Main.EXIT_ERROR);
    assertThat(corrupt.err())
        .contains(
            "record "
                + record
                + " line 2: field record must be \"citerag-eval-record/1\", was"
                + " \"citerag-eval-record/0\"");
    Cli.Run both =
        Cli.run(Cli.offline(), "eval", "--replay", record.toString(), cases(dir).toString());
    assertThat(both.status()).isEqualTo(Main.EXIT_ERROR);
    assertThat(both.err()).contains("--replay FILE takes no CASES, --record, --compare or --json");
    Cli.Run none = Cli.run(Cli.offline(), "eval");
    assertThat(none.status()).isEqualTo(Main.EXIT_ERROR);
    assertThat(none.err()).contains("eval needs exactly one CASES.jsonl file");
  }
}
