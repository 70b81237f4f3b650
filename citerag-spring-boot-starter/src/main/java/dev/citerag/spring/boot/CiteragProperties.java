package dev.citerag.spring.boot;

import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The {@code citerag.*} properties. Each maps to a {@link dev.citerag.pipeline.RagPipeline.Builder}
 * setter, which rejects a bad value at start-up with a message naming the field.
 *
 * @param generator who answers ({@code citerag.generator.*})
 * @param embedder who embeds questions and chunks ({@code citerag.embedder.*})
 * @param store where chunks live ({@code citerag.store.*})
 * @param topK chunks retrieved per question, 1 to 100
 * @param maxRetries extra attempts after a critical validation failure, 0 to 5
 * @param minSimilarity gate 1: least best cosine that lets the model be called, 0 (off) to 1
 * @param requireLexicalMatch gate 1: abstain when no hit contains a question term
 * @param deadline bound on one request, retries included
 * @param tokenBudget prompt budget of the default context builder, in estimated tokens
 * @param judge a model that checks the claims the support rules find too little in ({@code
 *     citerag.judge.*}); none by default
 * @param ollama the Ollama server the {@code ollama} generator and judge use ({@code
 *     citerag.ollama.*})
 */
@ConfigurationProperties("citerag")
public record CiteragProperties(
    @DefaultValue Generator generator,
    @DefaultValue Embedder embedder,
    @DefaultValue Store store,
    @DefaultValue("8") int topK,
    @DefaultValue("1") int maxRetries,
    @DefaultValue("0") double minSimilarity,
    @DefaultValue("true") boolean requireLexicalMatch,
    @DefaultValue("60s") Duration deadline,
    @DefaultValue("3000") int tokenBudget,
    @DefaultValue Judge judge,
    @DefaultValue Ollama ollama) {

  /**
   * Who answers. The API key is optional: without it the provider reads its usual environment
   * variable ({@code OPENAI_API_KEY}, {@code GEMINI_API_KEY}, {@code ANTHROPIC_API_KEY}) when the
   * pipeline is built. It is never part of {@link #toString()}.
   *
   * @param provider {@code extractive} (no model), {@code openai}, {@code gemini}, {@code ollama}
   *     (at {@code citerag.ollama.base-url}) or {@code anthropic}
   * @param model the model name, e.g. {@code gpt-4.1-mini}; the provider's default when unset
   * @param apiKey the provider's API key, or unset to read it from the environment
   * @param baseUrl the provider's base URL, or unset for its public endpoint
   */
  public record Generator(
      @DefaultValue("extractive") String provider,
      @Nullable String model,
      @Nullable String apiKey,
      @Nullable String baseUrl) {

    /** {@return the settings with the API key masked} */
    @Override
    public String toString() {
      return "Generator[provider="
          + provider
          + ", model="
          + model
          + ", apiKey="
          + (apiKey == null ? "unset" : "******")
          + ", baseUrl="
          + baseUrl
          + "]";
    }
  }

  /**
   * Who embeds. For another embedder (ONNX, a provider's), declare an {@link
   * dev.citerag.embed.Embedder} bean: the auto-configured one backs off.
   *
   * @param provider {@code local}: the dependency-free hashing embedder
   * @param dimensions its vector length
   */
  public record Embedder(
      @DefaultValue("local") String provider, @DefaultValue("384") int dimensions) {}

  /**
   * Where chunks live.
   *
   * @param type {@code memory}, or {@code pgvector} over the application's own {@code DataSource}
   * @param collection the pgvector collection (table) name
   * @param createSchema whether pgvector creates its tables and indexes when missing
   */
  public record Store(
      @DefaultValue("memory") String type,
      @DefaultValue("citerag") String collection,
      @DefaultValue("true") boolean createSchema) {}

  /**
   * A judge model behind the support rules: the rules decide first, the judge decides the claims
   * they find too little in. A model whose name holds {@code minicheck} (e.g. Ollama's {@code
   * bespoke-minicheck}) is asked in MiniCheck's Yes/No format, one call per claim; any other in the
   * JSON-schema format, one call per answer. The API key is never part of {@link #toString()}.
   *
   * @param provider {@code none} (the default: the rules alone), {@code ollama} (at {@code
   *     citerag.ollama.base-url}), {@code openai}, {@code gemini} or {@code anthropic}
   * @param model the judge's model name, e.g. {@code bespoke-minicheck}; the provider's default
   *     when unset
   * @param apiKey the provider's API key, or unset to read it from the environment
   * @param baseUrl the provider's base URL, or unset for its public endpoint (Ollama: {@code
   *     citerag.ollama.base-url})
   */
  public record Judge(
      @DefaultValue("none") String provider,
      @Nullable String model,
      @Nullable String apiKey,
      @Nullable String baseUrl) {

    /** {@return the settings with the API key masked} */
    @Override
    public String toString() {
      return "Judge[provider="
          + provider
          + ", model="
          + model
          + ", apiKey="
          + (apiKey == null ? "unset" : "******")
          + ", baseUrl="
          + baseUrl
          + "]";
    }
  }

  /**
   * The Ollama server of the {@code ollama} generator and judge.
   *
   * @param baseUrl its URL or {@code host[:port]}; unset: {@code OLLAMA_HOST}, else {@code
   *     http://localhost:11434}
   */
  public record Ollama(@Nullable String baseUrl) {}
}
