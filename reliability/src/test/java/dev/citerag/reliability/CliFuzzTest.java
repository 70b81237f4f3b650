package dev.citerag.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.reliability.support.Figures;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seeded hostile command lines through the CLI entry point ({@code dev.citerag.examples.Main.run},
 * in-process, offline environment): every run must end with one of the documented exit statuses (0
 * answered, 1 error, 2 abstained, 3 rejected) and never let an exception out or print a Java stack
 * trace.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CliFuzzTest {

  static final long SEED = 7_770_001L;
  static final int RUNS = 400;

  @Test
  void hostile_command_lines_end_in_a_documented_exit_status(@TempDir Path dir) throws IOException {
    // hostile inputs on disk: a docs folder and case files
    Path docs = Files.createDirectories(dir.resolve("docs"));
    Random files = new Random(SEED);
    for (int i = 0; i < 6; i++) {
      // getBytes replaces unpaired surrogates: a file holds bytes, not UTF-16
      Files.write(
          docs.resolve("doc" + i + (i % 3 == 0 ? ".md" : i % 3 == 1 ? ".txt" : ".html")),
          ("---\nteam: "
                  + Junk.value(files).replace("\n", " ")
                  + "\n---\n"
                  + abbreviate(Junk.markdown(files), 20_000))
              .getBytes(StandardCharsets.UTF_8));
    }
    Files.write(
        docs.resolve("binary.md"),
        new byte[] {0, (byte) 0xff, (byte) 0xfe, 0x1b, '#', ' ', 0, 'x'});
    Files.writeString(
        docs.resolve("fm.md"), "---\nteam platform\n: : :\n---\n# x\n", StandardCharsets.UTF_8);
    List<Path> caseFiles = new ArrayList<>();
    String[] cases = {
      "{\"id\":\"a\",\"question\":\"How do I roll back a deploy?\",\"answerable\":true,\"doc_ids\":[\"rollbacks\"],\"kind\":\"direct\"}",
      "{\"id\":\"b\",\"question\":\"\",\"answerable\":true}",
      "not json",
      "{\"id\":\"c\",\"question\":\"q\",\"answerable\":\"yes\",\"filter\":{\"te am\":\"x\"}}",
      "[1,2,3]",
      "{\"id\":\"d\",\"question\":\""
          + "x".repeat(5000)
          + "\",\"answerable\":false,\"kind\":\"out_of_scope\"}"
    };
    for (int i = 0; i < cases.length; i++) {
      Path p = dir.resolve("cases" + i + ".jsonl");
      Files.writeString(p, cases[i] + "\n", StandardCharsets.UTF_8);
      caseFiles.add(p);
    }

    Map<String, String> env = Map.of("OLLAMA_HOST", "http://127.0.0.1:1");
    Map<String, int[]> byStatus = new TreeMap<>();
    List<String> crashes = new ArrayList<>();
    for (int i = 0; i < RUNS; i++) {
      Random r = new Random(SEED + i);
      List<String> args = commandLine(r, docs, caseFiles);
      SecretsTest.CliRun run;
      try {
        run = SecretsTest.CliRun.of(env, args.toArray(String[]::new));

      } catch (Throwable t) {
        crashes.add(
            "seed " + (SEED + i) + ": " + t + " — args " + args.stream().map(Junk::show).toList());
        continue;
      }
      String word =
          List.of("ask", "search", "eval", "ingest", "help", "--help", "serve")
                  .contains(args.get(0))
              ? args.get(0)
              : "(unknown command)";
      byStatus.computeIfAbsent(word + " -> exit " + run.status(), k -> new int[1])[0]++;
      if (run.status() < 0 || run.status() > 3) {
        crashes.add(
            "seed "
                + (SEED + i)
                + ": exit "
                + run.status()
                + " — args "
                + args.stream().map(Junk::show).toList());
      }
      if (run.err().contains("\tat ") || run.out().contains("\tat ")) {
        crashes.add(
            "seed "
                + (SEED + i)
                + ": printed a stack trace — args "
                + args.stream().map(Junk::show).toList()
                + "\n"
                + Junk.show(run.err()));
      }
    }
    StringBuilder d =
        new StringBuilder(
            RUNS
                + " command lines from `new Random("
                + SEED
                + " + i)`: commands ask,"
                + " search, eval, ingest, help, unknown words; options with hostile values (--k, --filter, --min-similarity,"
                + " --require-lexical, --model, --embedder, --store with unreachable or malformed URLs, --docs on a folder of"
                + " hostile files, case files with malformed lines), missing values, `--`, and hostile questions; run in-process"
                + " with an offline environment.\n\n| command -> exit status | runs |\n|---|---|\n");
    byStatus.forEach(
        (k, v) -> d.append("| ").append(Junk.show(k)).append(" | ").append(v[0]).append(" |\n"));
    if (!crashes.isEmpty()) {
      d.append("\nCrashes:\n\n");
      crashes.stream()
          .limit(10)
          .forEach(c -> d.append("- ").append(c.replace("\n", " ")).append('\n'));
    }
    Figures.record(
        "81-fuzz-cli",
        "Bad input through the command line",
        List.of(
            new Figures.Row(
                "Bad input through the CLI (`citerag ask/search/eval/ingest`)",
                RUNS + " command lines",
                crashes.size()
                    + " crashes (exception out of `run`, stack trace printed, undocumented exit status)",
                "")),
        d.toString());
    assertThat(crashes).isEmpty();
  }

  private static String abbreviate(String s, int max) {
    return s.length() <= max ? s : s.substring(0, max);
  }

  private static List<String> commandLine(Random r, Path docs, List<Path> caseFiles) {
    List<String> a = new ArrayList<>();
    String[] commands = {
      "ask",
      "ask",
      "ask",
      "search",
      "search",
      "eval",
      "ingest",
      "help",
      "--help",
      "serve",
      "ASK",
      "",
      "ask\u0000"
    };
    String command = r.nextInt(20) == 0 ? Junk.text(r) : commands[r.nextInt(commands.length)];
    a.add(command);
    if (command.equals("serve")) {
      a.add("--help");
      return a;
    }
    int options = r.nextInt(5);
    for (int i = 0; i < options; i++) {
      switch (r.nextInt(14)) {
        case 0 -> a.addAll(List.of("--k", String.valueOf(Junk.anInt(r))));
        case 1 ->
            a.addAll(
                List.of(
                    "--filter",
                    r.nextBoolean() ? "team=platform" : Junk.key(r) + "=" + Junk.value(r)));
        case 2 -> a.addAll(List.of("--min-similarity", String.valueOf(Junk.aDouble(r))));
        case 3 -> a.addAll(List.of("--require-lexical", r.nextBoolean() ? "false" : Junk.text(r)));
        case 4 -> a.addAll(List.of("--model", r.nextInt(3) == 0 ? Junk.text(r) : "extractive"));
        // not ollama: an unreachable server is retried with the default policy's real backoff (15
        // s)
        case 5 ->
            a.addAll(
                List.of(
                    "--embedder",
                    new String[] {"local", "gemini", "LOCAL", "", "x"}[r.nextInt(5)]));
        case 6 ->
            a.addAll(
                List.of(
                    "--store",
                    new String[] {
                          "jdbc:postgresql://127.0.0.1:1/x?user=u&password=p",
                          "jdbc:postgresql://[::1/x",
                          "postgres://x",
                          "jdbc:postgresql://127.0.0.1:1/x'; drop table x; --",
                          ""
                        }
                        [r.nextInt(5)]));
        case 7 ->
            a.addAll(
                List.of(
                    "--docs",
                    r.nextBoolean() ? docs.toString() : docs.resolve("missing").toString()));
        case 8 -> a.addAll(List.of("--collection", r.nextBoolean() ? "citerag" : Junk.text(r)));
        case 9 -> a.add("--json");
        case 10 -> a.add("--verbose");
        case 11 -> a.add("--k");
        case 12 -> a.add("--" + Junk.text(r));
        default -> a.add("--");
      }
    }
    if (command.equals("eval")) {
      a.add(caseFiles.get(r.nextInt(caseFiles.size())).toString());
      a.addAll(List.of("--model", "extractive"));
    } else if (!command.equals("ingest") && r.nextInt(10) != 0) {
      a.add(r.nextInt(3) == 0 ? HostileModelOutputTest.QUESTIONS.get(r.nextInt(4)) : Junk.text(r));
    }
    if (!a.contains("--model") && (command.equals("ask") || command.equals("eval"))) {
      a.addAll(List.of("--model", "extractive"));
    }
    return a;
  }
}
