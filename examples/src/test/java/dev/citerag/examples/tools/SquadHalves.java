package dev.citerag.examples.tools;

import dev.citerag.examples.cli.CiteragCli;
import dev.citerag.examples.internal.Engine;
import dev.citerag.examples.internal.EngineOptions;
import dev.citerag.store.Filter;
import dev.citerag.testkit.eval.SquadCase;
import dev.citerag.testkit.eval.SquadDataset;
import dev.citerag.testkit.eval.SquadEvaluation;
import dev.citerag.testkit.eval.SquadReport;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/**
 * Runs {@code citerag eval DIR} (the CLI's own engine and options) once over a SQuAD-style set and
 * prints its figures for the two halves of the articles used to develop the extractive generator
 * and for the whole set: the development half is the articles at even positions of the sorted names
 * (as {@code scripts/train-answerability.py} splits them), the held-out half the others.
 *
 * <pre>
 * java -cp examples/target/test-classes:examples/target/citerag.jar \
 *     dev.citerag.examples.tools.SquadHalves datasets/squad2-dev [CLI options, e.g. --strictness strict]
 * </pre>
 */
public final class SquadHalves {
  private SquadHalves() {}

  public static void main(String[] args) throws IOException {
    Path dir = Path.of(args[0]);
    List<String> cli = new ArrayList<>(Arrays.asList(args).subList(1, args.length));
    SquadDataset squad = SquadDataset.load(dir);
    cli.add(0, "eval");
    cli.add(dir.toString());
    EngineOptions o = CiteragCli.engineOptions(cli.toArray(String[]::new));
    List<String> docs =
        new ArrayList<>(new TreeSet<>(squad.cases().stream().map(SquadCase::doc).toList()));
    List<String> development = new ArrayList<>();
    for (int i = 0; i < docs.size(); i += 2) {
      development.add(docs.get(i));
    }
    List<SquadReport.Result> dev = new ArrayList<>();
    List<SquadReport.Result> held = new ArrayList<>();
    List<SquadReport.Result> all = new ArrayList<>();
    try (Engine engine =
        Engine.open(o, System.getenv(), System.err, Engine.Mode.ANSWER, squad.documents())) {
      for (SquadCase c : squad.cases()) {
        SquadReport.Result r =
            SquadEvaluation.evaluate(c, engine.pipeline().ask(c.question(), Filter.ALL));
        all.add(r);
        (development.contains(c.doc()) ? dev : held).add(r);
      }
    }
    System.out.println("development half: " + development);
    System.out.println("| half | correct | wrong | abstained | false-answer rate | precision |");
    System.out.println("|---|---|---|---|---|---|");
    print("development", dev);
    print("held-out", held);
    print("all", all);
  }

  private static void print(String label, List<SquadReport.Result> results) {
    int answerable = 0;
    int correct = 0;
    int wrong = 0;
    int unanswerable = 0;
    int falseAnswers = 0;
    for (SquadReport.Result r : results) {
      if (r.answerable()) {
        answerable++;
        if (r.answered()) {
          if (r.correct()) {
            correct++;
          } else {
            wrong++;
          }
        }
      } else {
        unanswerable++;
        if (r.answered()) {
          falseAnswers++;
        }
      }
    }
    int answered = correct + wrong + falseAnswers;
    System.out.printf(
        Locale.ROOT,
        "| %s | %.3f | %.3f | %.3f | %.3f | %.3f |%n",
        label,
        (double) correct / answerable,
        (double) wrong / answerable,
        1 - (double) (correct + wrong) / answerable,
        (double) falseAnswers / unanswerable,
        answered == 0 ? 0 : (double) correct / answered);
  }
}
