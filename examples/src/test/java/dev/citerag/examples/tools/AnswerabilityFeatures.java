package dev.citerag.examples.tools;

import dev.citerag.chat.ChatResponse;
import dev.citerag.examples.cli.CiteragCli;
import dev.citerag.examples.internal.Engine;
import dev.citerag.examples.internal.EngineOptions;
import dev.citerag.extractive.ExtractiveGenerator;
import dev.citerag.extractive.internal.ExtractiveReader;
import dev.citerag.pipeline.AnswerGenerator;
import dev.citerag.pipeline.GenerationRequest;
import dev.citerag.pipeline.RagPipeline;
import dev.citerag.testkit.eval.SquadCase;
import dev.citerag.testkit.eval.SquadDataset;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Writes the extractive reader's features for every question of a SQuAD-style set, with its label,
 * for {@code scripts/train-answerability.py}. Runs the CLI's own engine (same embedder, store,
 * gates and k as {@code citerag eval DIR}) with a generator that records what the reader saw.
 *
 * <pre>
 * java -cp ... dev.citerag.examples.tools.AnswerabilityFeatures DIR OUT.csv [CLI options, e.g. --embedder onnx]
 * </pre>
 *
 * Columns: id, doc, answerable, reached (the generator was called), picked (a sentence was chosen),
 * veto, label (1 when the chosen quotes hold a gold answer), covered (the picked sources cover the
 * question's names, numbers and qualifiers, which the generator also requires), then the features.
 */
public final class AnswerabilityFeatures {
  private AnswerabilityFeatures() {}

  public static void main(String[] args) throws IOException {
    Path dir = Path.of(args[0]);
    Path out = Path.of(args[1]);
    List<String> cli = new ArrayList<>(Arrays.asList(args).subList(2, args.length));
    SquadDataset squad = SquadDataset.load(dir);
    cli.add(0, "eval");
    cli.add(dir.toString());
    EngineOptions o = CiteragCli.engineOptions(cli.toArray(String[]::new));
    PrintStream err = System.err;
    try (Engine engine =
            Engine.open(o, System.getenv(), err, Engine.Mode.ANSWER, squad.documents());
        Writer w = Files.newBufferedWriter(out, StandardCharsets.UTF_8);
        Writer quotes =
            Files.newBufferedWriter(Path.of(out + ".picks.tsv"), StandardCharsets.UTF_8)) {
      ExtractiveReader reader =
          new ExtractiveReader(
              engine.embedder(),
              Engine::equivalents,
              new ExtractiveReader.Lexical(
                  word -> dev.citerag.verify.Lexicon.wordNet().antonyms(word)));
      Recorder recorder = new Recorder(reader);
      RagPipeline rag = engine.pipeline().toBuilder().generator(recorder).build();
      w.write(
          "id,doc,answerable,reached,picked,veto,label,covered,"
              + String.join(",", ExtractiveReader.FEATURES)
              + "\n");
      int n = 0;
      for (SquadCase c : squad.cases()) {
        recorder.last = null;
        recorder.covered = false;
        recorder.sources = List.of();
        rag.ask(c.question());
        ExtractiveReader.Assessment a = recorder.last;
        boolean picked = a != null && !a.picks().isEmpty();
        boolean label =
            picked && c.answerable() && a.picks().stream().anyMatch(p -> c.answeredBy(p.quote()));
        StringBuilder line = new StringBuilder();
        line.append(c.id())
            .append(',')
            .append(c.doc())
            .append(',')
            .append(c.answerable() ? 1 : 0)
            .append(',')
            .append(a != null ? 1 : 0)
            .append(',')
            .append(picked ? 1 : 0)
            .append(',')
            .append(a != null && a.veto() != null ? 1 : 0)
            .append(',')
            .append(label ? 1 : 0)
            .append(',')
            .append(recorder.covered ? 1 : 0);
        double[] f = a != null ? a.features() : new double[ExtractiveReader.FEATURES.size()];
        for (double v : f) {
          line.append(',').append(String.format(Locale.ROOT, "%.5f", v));
        }
        w.write(line.append('\n').toString());
        quotes.write(
            c.id()
                + "\t"
                + (picked ? a.picks().get(0).quote().replace('\t', ' ').replace('\n', ' ') : "")
                + "\t"
                + (a != null && a.veto() != null ? a.veto() : "")
                + "\t"
                + (c.answerable()
                        && recorder.sources.stream()
                            .flatMap(s -> ExtractiveReader.sentences(s.chunk().text()).stream())
                            .anyMatch(c::answeredBy)
                    ? 1
                    : 0)
                + "\n");
        if (++n % 500 == 0) {
          err.println("features: " + n + " of " + squad.cases().size());
        }
      }
    }
  }

  private static final class Recorder implements AnswerGenerator {
    private final ExtractiveReader reader;
    private final ExtractiveGenerator abstainer = new ExtractiveGenerator();
    ExtractiveReader.Assessment last;
    boolean covered;
    List<dev.citerag.answer.SentSource> sources = List.of();

    Recorder(ExtractiveReader reader) {
      this.reader = reader;
    }

    @Override
    public ChatResponse generate(GenerationRequest request) {
      sources = request.context().sources();
      last = reader.assess(request.question(), request.context().sources());
      covered =
          !last.picks().isEmpty()
              && reader.covers(request.question(), last.picks(), request.context().sources());
      // abstain always: only the features matter here, and an abstention is never retried
      return abstainer.generate(new GenerationRequest("?", request.context(), List.of(), 1, null));
    }

    @Override
    public String name() {
      return "recorder";
    }
  }
}
