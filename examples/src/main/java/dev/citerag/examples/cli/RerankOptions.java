package dev.citerag.examples.cli;

import dev.citerag.openai.RerankClient;
import dev.citerag.pipeline.AskRequest;
import dev.citerag.pipeline.RagPipeline;
import dev.citerag.rerank.Reranker;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.TypeConversionException;

/**
 * A reranking service for {@code ask}, {@code search}, {@code eval} and {@code serve}: {@code
 * --rerank URL}, {@code --rerank-model}, {@code --rerank-format} and {@code --min-rerank-score}.
 * The key, when the service needs one, comes from {@value #KEY_VARIABLE}.
 */
final class RerankOptions {

  /** The environment variable holding the rerank service's API key, when it needs one. */
  static final String KEY_VARIABLE = "RERANK_API_KEY";

  @Option(
      names = "--rerank",
      paramLabel = "URL",
      description =
          "reorder the retrieved candidates with a rerank service at URL (vLLM or llama.cpp:"
              + " http://host:port/v1; Hugging Face TEI: http://host:port with --rerank-format"
              + " tei; Cohere, Jina: their /v1 or /v2 base URL, key from "
              + KEY_VARIABLE
              + ")")
  private @Nullable String url;

  @Option(
      names = "--rerank-model",
      paramLabel = "MODEL",
      description = "the rerank model's id sent to the service (default: none, the server's own)")
  private @Nullable String model;

  @Option(
      names = "--rerank-format",
      paramLabel = "FORMAT",
      defaultValue = "cohere",
      converter = Formats.class,
      completionCandidates = Formats.class,
      description =
          "${COMPLETION-CANDIDATES}: the service's request shape (default: ${DEFAULT-VALUE};"
              + " cohere is also vLLM's, llama.cpp's and Jina's)")
  private String format = "cohere";

  @Option(
      names = "--min-rerank-score",
      paramLabel = "X",
      converter = Score.class,
      description =
          "abstain without a model call when the best rerank score is below X (on the rerank"
              + " model's own scale; needs --rerank)")
  private @Nullable Double minRerankScore;

  /** {@code --rerank-format}. */
  static final class Formats extends OptionValues.Choice {
    Formats() {
      super("cohere", "tei");
    }
  }

  /** {@code --min-rerank-score X}: a finite number. */
  static final class Score implements picocli.CommandLine.ITypeConverter<Double> {
    @Override
    public Double convert(String v) {
      double d;
      try {
        d = Double.parseDouble(v);
      } catch (NumberFormatException e) {
        d = Double.NaN;
      }
      if (!Double.isFinite(d) || v.isBlank()) {
        throw new TypeConversionException("must be a finite number, was \"" + v + "\"");
      }
      return d;
    }
  }

  /**
   * The reranker, when {@code --rerank} was given.
   *
   * @throws IllegalArgumentException naming the option when its value is not usable or {@code
   *     --rerank-model} or {@code --min-rerank-score} come without {@code --rerank}
   */
  Optional<Reranker> reranker(Map<String, String> env) {
    if (url == null) {
      if (minRerankScore != null) {
        throw new IllegalArgumentException("option --min-rerank-score needs --rerank URL");
      }
      if (model != null) {
        throw new IllegalArgumentException("option --rerank-model needs --rerank URL");
      }
      return Optional.empty();
    }
    RerankClient.Builder b = RerankClient.builder();
    try {
      b.baseUrl(url);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("option --rerank: " + e.getMessage(), e);
    }
    if (model != null) {
      try {
        b.model(model);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("option --rerank-model: " + e.getMessage(), e);
      }
    }
    b.format("tei".equals(format) ? RerankClient.Format.TEI : RerankClient.Format.COHERE);
    String key = env.get(KEY_VARIABLE);
    if (key != null && !key.isBlank()) {
      b.apiKey(key);
    }
    return Optional.of(b.build());
  }

  /** {@link #reranker(Map)} with a bad value reported as a usage error of {@code spec}. */
  Optional<Reranker> reranker(CommandSpec spec, Map<String, String> env) {
    try {
      return reranker(env);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), String.valueOf(e.getMessage()), e);
    }
  }

  /**
   * The pipeline with the reranker and {@code --min-rerank-score} as its rerank gate, when {@code
   * --rerank} was given; else {@code pipeline}.
   *
   * @throws ParameterException as {@link #reranker(CommandSpec, Map)}
   */
  RagPipeline apply(CommandSpec spec, RagPipeline pipeline, Map<String, String> env) {
    Optional<Reranker> r = reranker(spec, env);
    if (r.isEmpty()) {
      return pipeline;
    }
    RagPipeline.Builder b = pipeline.toBuilder().reranker(r.get());
    if (minRerankScore != null) {
      b.minRerankScore(minRerankScore);
    }
    return b.build();
  }

  /** Whether {@code --rerank} was given. */
  boolean given() {
    return url != null;
  }

  /** {@code request} with {@code --min-rerank-score}, when given. */
  AskRequest request(AskRequest request) {
    return minRerankScore == null ? request : request.withMinRerankScore(minRerankScore);
  }
}
