package dev.citerag.examples.cli;

import dev.citerag.examples.internal.Engine;
import dev.citerag.extractive.ExtractiveGenerator.Strictness;
import java.util.Optional;
import java.util.OptionalDouble;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Option;

/**
 * How a command that answers ({@code ask}, {@code eval}, {@code serve}) answers: the model and the
 * gates ({@code --model}, {@code --min-similarity}, {@code --require-lexical}, {@code
 * --strictness}).
 */
final class AnswerOptions {

  @Option(
      names = "--model",
      paramLabel = "MODEL",
      converter = OptionValues.Models.class,
      completionCandidates = OptionValues.Models.class,
      description =
          "${COMPLETION-CANDIDATES} (default: gemini when GEMINI_API_KEY is set, else openai when"
              + " OPENAI_BASE_URL or OPENAI_API_KEY is set, else ollama when a server answers at"
              + " OLLAMA_HOST, else extractive, which needs no model; anthropic is Claude with its"
              + " native citations, re-verified, key from ANTHROPIC_API_KEY)")
  private @Nullable String model;

  @Option(
      names = "--judge",
      paramLabel = "JUDGE",
      converter = OptionValues.Judge.class,
      description =
          "check each claim's support with a judge model where the rules find too little:"
              + " ollama:bespoke-minicheck (a local grounding model, Yes/No per claim),"
              + " openai:MODEL or gemini:MODEL (one JSON-schema call per answer), or same (the"
              + " answering model); a judge that fails gets the answer rejected (default: rules"
              + " only)")
  private @Nullable String judge;

  @Option(
      names = "--min-similarity",
      paramLabel = "X",
      converter = OptionValues.Similarity.class,
      description =
          "gate 1: abstain without a model call when the best cosine is below X; 0 turns it off"
              + " (default: "
              + Engine.ONNX_MIN_SIMILARITY
              + " for the onnx embedder, "
              + Engine.LOCAL_MIN_SIMILARITY
              + " for local, from the sweeps the README"
              + " describes; off for the others)")
  private @Nullable Double minSimilarity;

  @Option(
      names = "--require-lexical",
      paramLabel = "B",
      arity = "1",
      defaultValue = "true",
      converter = OptionValues.Bool.class,
      completionCandidates = Booleans.class,
      description =
          "gate 1: abstain when no chunk contains a question term (true|false, default:"
              + " ${DEFAULT-VALUE})")
  private boolean requireLexical = true;

  @Option(
      names = "--strictness",
      paramLabel = "S",
      defaultValue = "balanced",
      converter = OptionValues.StrictnessValue.class,
      completionCandidates = OptionValues.Strictnesses.class,
      description =
          "extractive generator: ${COMPLETION-CANDIDATES}, how sure it must be to answer"
              + " (default: ${DEFAULT-VALUE}; the README shows the curve)")
  private Strictness strictness = Strictness.BALANCED;

  /** The completion candidates of {@code --require-lexical}. */
  static final class Booleans extends OptionValues.Choice {
    Booleans() {
      super("true", "false");
    }
  }

  Optional<String> model() {
    return Optional.ofNullable(model);
  }

  Optional<String> judge() {
    return Optional.ofNullable(judge);
  }

  OptionalDouble minSimilarity() {
    return minSimilarity == null ? OptionalDouble.empty() : OptionalDouble.of(minSimilarity);
  }

  boolean requireLexical() {
    return requireLexical;
  }

  Strictness strictness() {
    return strictness;
  }
}
