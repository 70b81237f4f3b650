package dev.citerag.onnx;

import ai.onnxruntime.NodeInfo;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import ai.onnxruntime.TensorInfo;
import dev.citerag.PermanentProviderException;
import dev.citerag.ProviderException;
import dev.citerag.embed.DocumentText;
import dev.citerag.embed.Embedder;
import dev.citerag.embed.EmbedderIdentity;
import dev.citerag.embed.TokenCounter;
import dev.citerag.internal.Checks;
import dev.citerag.onnx.internal.Buckets;
import dev.citerag.onnx.internal.Sha256;
import dev.citerag.onnx.internal.Tokenizer;
import java.nio.FloatBuffer;
import java.nio.LongBuffer;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An {@link Embedder} that runs a sentence-embedding model in-process with ONNX Runtime on the CPU:
 * semantic vectors with no server, no key and nothing downloaded at run time (the model comes from
 * a jar on the classpath or a file, the native libraries from the ONNX Runtime and tokenizer jars).
 *
 * <pre>{@code
 * try (OnnxEmbedder embedder = OnnxEmbedder.builder().build()) {   // bge-small-en-v1.5, quantised
 *   float[] q = embedder.embedQuery("How do I roll back a deploy?");
 * }
 * }</pre>
 *
 * <p>How a vector is made: the text is tokenized by the model's own HuggingFace tokenizer (special
 * tokens added, nothing truncated), the model runs on a batch of such inputs, the per-token output
 * is pooled ({@link Pooling#CLS} or {@link Pooling#MEAN} over real tokens) and L2-normalised.
 * Queries get the model's query instruction first, when it has one ({@link
 * OnnxModel#queryInstruction()}); documents never do, and their titles are ignored (citerag's
 * chunks already begin with their document's title).
 *
 * <p><b>Nothing is truncated.</b> An input with more tokens than {@link OnnxModel#maxTokens()}
 * (special tokens and, for a query, the instruction included) is refused with an {@link
 * IllegalArgumentException} naming it and both counts. This class is a {@link TokenCounter}: give
 * it to {@link dev.citerag.ingest.Ingestor} and the default chunker keeps every chunk within the
 * limit by this tokenizer's count.
 *
 * <p><b>Batching.</b> {@link #embedDocuments} tokenizes all inputs, orders them by token count and
 * runs them in batches of at most {@link Builder#batchSize} inputs and {@link
 * Builder#maxBatchTokens} padded tokens (length bucketing: texts of similar length share a batch,
 * so little compute is spent on padding), then returns the vectors in input order. The default
 * batch size is 1 (see {@link #DEFAULT_BATCH_SIZE} for why): with a quantised model a text's vector
 * then does not depend on the texts embedded beside it.
 *
 * <p><b>Identity.</b> {@link #identity()} is provider {@code onnx}; model {@code <name>
 * (pooling=<cls|mean>, maxTokens=<n>, tokenizer=sha256:<first 16 hex digits>)}; digest {@code
 * sha256:<hex>} of the {@code .onnx} file; dimensions from the model's output; the query
 * instruction. A store embedded with another model, file, pooling, limit or instruction refuses to
 * mix with this one.
 *
 * <p>Thread-safe: any number of threads may embed at once (ONNX Runtime's session is thread-safe;
 * each call owns its tensors). {@link #close()} waits for running calls, then frees the native
 * session; later calls throw {@link IllegalStateException}.
 */
public final class OnnxEmbedder implements Embedder, TokenCounter, AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(OnnxEmbedder.class);

  /**
   * Default inputs per inference call: 1. Measured on the quantised default model (2 cores): a
   * batch is not faster than the same texts one by one, and it changes each text's vector slightly
   * (cosine 0.994 to 0.998 with the text alone) because the model quantises its activations over
   * the whole batch; one by one, a text's vector depends on that text only, is reproducible, and
   * matches other runtimes of the same model.
   */
  public static final int DEFAULT_BATCH_SIZE = 1;

  /** Default bound on {@code inputs × longest input} per inference call. */
  public static final int DEFAULT_MAX_BATCH_TOKENS = 8192;

  private final OnnxModel model;
  private final OrtEnvironment env;
  private final OrtSession session;
  private final Tokenizer tokenizer;
  private final boolean wantsTypeIds;
  private final String outputName;
  private final int dimensions;
  private final int batchSize;
  private final int maxBatchTokens;
  private final int threads;
  private final EmbedderIdentity identity;
  private final Duration loadTime;
  private final ReentrantReadWriteLock lifecycle = new ReentrantReadWriteLock();
  private boolean closed;

  private OnnxEmbedder(Builder b) {
    long start = System.nanoTime();
    this.model = b.model;
    this.batchSize = b.batchSize;
    this.maxBatchTokens = b.maxBatchTokens;
    this.threads = b.threads;
    byte[] modelBytes = model.readModel();
    byte[] tokenizerBytes = model.readTokenizer();
    String modelSha = Sha256.hex(modelBytes);
    String tokenizerSha = Sha256.hex(tokenizerBytes);
    this.env = OrtEnvironment.getEnvironment();
    OrtSession s = null;
    Tokenizer t = null;
    try (OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
      options.setIntraOpNumThreads(threads);
      options.setInterOpNumThreads(1);
      options.setExecutionMode(OrtSession.SessionOptions.ExecutionMode.SEQUENTIAL);
      options.setOptimizationLevel(OrtSession.SessionOptions.OptLevel.ALL_OPT);
      // idle intra-op threads sleep instead of spinning: on a shared or busy CPU spinning threads
      // take cores from the threads doing work
      options.addConfigEntry("session.intra_op.allow_spinning", "0");
      s = env.createSession(modelBytes, options);
      Set<String> inputs = s.getInputNames();
      if (!inputs.contains("input_ids") || !inputs.contains("attention_mask")) {
        throw new IllegalArgumentException(
            "model "
                + model.name()
                + " must take inputs input_ids and attention_mask, takes "
                + inputs);
      }
      this.wantsTypeIds = inputs.contains("token_type_ids");
      Map.Entry<String, NodeInfo> out = s.getOutputInfo().entrySet().iterator().next();
      this.outputName = out.getKey();
      this.dimensions = hiddenSize(model, out.getValue());
      t = Tokenizer.fromJson(tokenizerBytes);
    } catch (OrtException e) {
      closeQuietly(s, t);
      throw new IllegalArgumentException(
          "model " + model.name() + " could not be loaded by ONNX Runtime: " + e.getMessage(), e);
    } catch (RuntimeException e) {
      closeQuietly(s, t);
      throw e;
    }
    this.session = s;
    this.tokenizer = t;
    this.identity =
        new EmbedderIdentity(
            "onnx",
            model.name()
                + " (pooling="
                + model.pooling().label()
                + ", maxTokens="
                + model.maxTokens()
                + ", tokenizer=sha256:"
                + tokenizerSha.substring(0, 16)
                + ")",
            "sha256:" + modelSha,
            dimensions,
            model.queryInstruction().orElse(null));
    this.loadTime = Duration.ofNanos(System.nanoTime() - start);
    log.debug("citerag.onnx: loaded {} in {} ms ({} threads)", model, loadTime.toMillis(), threads);
  }

  /** {@return a builder for {@link OnnxModel#BGE_SMALL_EN_V15_Q} with default settings} */
  public static Builder builder() {
    return new Builder();
  }

  private static int hiddenSize(OnnxModel model, NodeInfo info) {
    if (info.getInfo() instanceof TensorInfo ti) {
      long[] shape = ti.getShape();
      if (shape.length == 3 && shape[2] > 0) {
        return Math.toIntExact(shape[2]);
      }
      throw new IllegalArgumentException(
          "model "
              + model.name()
              + " output "
              + info.getName()
              + " must have shape [batch, tokens, dimensions], has "
              + Arrays.toString(shape));
    }
    throw new IllegalArgumentException(
        "model " + model.name() + " output " + info.getName() + " is not a tensor");
  }

  /**
   * Embeds passages for storage (no instruction; titles ignored), one unit vector per input in
   * input order.
   *
   * @param documents the passages; an empty list gives an empty list
   * @return one vector of {@code identity().dimensions()} components per input, in input order
   * @throws IllegalArgumentException when {@code documents} or an element is null, or a text has
   *     more than {@link #maxTokens()} tokens
   * @throws IllegalStateException after {@link #close()}
   * @throws PermanentProviderException when ONNX Runtime fails
   */
  @Override
  public List<float[]> embedDocuments(List<DocumentText> documents) {
    Checks.noNullElements(documents, "documents");
    if (documents.isEmpty()) {
      return List.of();
    }
    String[] texts = new String[documents.size()];
    for (int i = 0; i < texts.length; i++) {
      texts[i] = documents.get(i).text();
    }
    return run(texts, "documents", false);
  }

  /**
   * Embeds a question with the model's query instruction before it (when it has one).
   *
   * @param query the question
   * @return a unit vector of {@code identity().dimensions()} components
   * @throws IllegalArgumentException when {@code query} is null, or instruction plus query has more
   *     than {@link #maxTokens()} tokens
   * @throws IllegalStateException after {@link #close()}
   * @throws PermanentProviderException when ONNX Runtime fails
   */
  @Override
  public float[] embedQuery(String query) {
    Checks.notNull(query, "query");
    String text = model.queryInstruction().map(i -> i + query).orElse(query);
    return run(new String[] {text}, "query", true).get(0);
  }

  /**
   * Counts the tokens of {@code text} as a document, {@code [CLS]} and {@code [SEP]} included, with
   * the model's own tokenizer.
   *
   * @param text the passage
   * @return the number of tokens
   * @throws IllegalArgumentException when {@code text} is null
   * @throws IllegalStateException after {@link #close()}
   */
  @Override
  public int countTokens(String text) {
    Checks.notNull(text, "text");
    lifecycle.readLock().lock();
    try {
      ensureOpen();
      return tokenizer.encode(text).length();
    } finally {
      lifecycle.readLock().unlock();
    }
  }

  @Override
  public int maxTokens() {
    return model.maxTokens();
  }

  @Override
  public EmbedderIdentity identity() {
    return identity;
  }

  /** {@return the model this embedder runs} */
  public OnnxModel model() {
    return model;
  }

  /** {@return how long reading, hashing and loading the model and tokenizer took} */
  public Duration loadTime() {
    return loadTime;
  }

  /**
   * Frees the native session and tokenizer once running calls finish. Idempotent; embedding or
   * counting after it throws {@link IllegalStateException}.
   */
  @Override
  public void close() {
    lifecycle.writeLock().lock();
    try {
      if (closed) {
        return;
      }
      closed = true;
      closeQuietly(session, tokenizer);
    } finally {
      lifecycle.writeLock().unlock();
    }
  }

  private List<float[]> run(String[] texts, String field, boolean query) {
    lifecycle.readLock().lock();
    try {
      ensureOpen();
      Tokenizer.Encoded[] enc =
          texts.length == 1
              ? new Tokenizer.Encoded[] {tokenizer.encode(texts[0])}
              : tokenizer.encode(texts);
      int[] lengths = new int[enc.length];
      for (int i = 0; i < enc.length; i++) {
        lengths[i] = enc[i].length();
        if (lengths[i] > model.maxTokens()) {
          String what = query ? "query" : field + "[" + i + "].text";
          throw new IllegalArgumentException(
              what
                  + " has "
                  + lengths[i]
                  + " tokens"
                  + (query && model.queryInstruction().isPresent()
                      ? " with the query instruction"
                      : "")
                  + ", model "
                  + model.name()
                  + " accepts at most "
                  + model.maxTokens()
                  + " (nothing is truncated: split the text into smaller pieces)");
        }
      }
      float[][] out = new float[enc.length][];
      for (int[] batch : Buckets.plan(lengths, batchSize, maxBatchTokens)) {
        float[][] vs = infer(enc, batch);
        for (int j = 0; j < batch.length; j++) {
          out[batch[j]] = vs[j];
        }
      }
      return Arrays.asList(out);
    } finally {
      lifecycle.readLock().unlock();
    }
  }

  private float[][] infer(Tokenizer.Encoded[] enc, int[] batch) {
    int n = batch.length;
    int len = 0;
    for (int i : batch) {
      len = Math.max(len, enc[i].length());
    }
    long[] ids = new long[n * len];
    long[] mask = new long[n * len];
    long[] types = new long[n * len];
    for (int r = 0; r < n; r++) {
      Tokenizer.Encoded e = enc[batch[r]];
      System.arraycopy(e.ids(), 0, ids, r * len, e.length());
      System.arraycopy(e.typeIds(), 0, types, r * len, e.length());
      Arrays.fill(mask, r * len, r * len + e.length(), 1L);
    }
    long[] shape = {n, len};
    Map<String, OnnxTensor> inputs = new HashMap<>();
    try {
      inputs.put("input_ids", OnnxTensor.createTensor(env, LongBuffer.wrap(ids), shape));
      inputs.put("attention_mask", OnnxTensor.createTensor(env, LongBuffer.wrap(mask), shape));
      if (wantsTypeIds) {
        inputs.put("token_type_ids", OnnxTensor.createTensor(env, LongBuffer.wrap(types), shape));
      }
      try (OrtSession.Result result = session.run(inputs, Set.of(outputName))) {
        OnnxTensor hidden = (OnnxTensor) result.get(0);
        FloatBuffer fb = hidden.getFloatBuffer();
        float[][] vs = new float[n][];
        for (int r = 0; r < n; r++) {
          int tokens = enc[batch[r]].length();
          vs[r] = pool(fb, r, len, tokens);
        }
        return vs;
      }
    } catch (OrtException e) {
      throw new PermanentProviderException(
          "onnx",
          ProviderException.Kind.PROTOCOL,
          0,
          null,
          "inference with " + model.name() + " failed: " + e.getMessage(),
          e);
    } finally {
      for (OnnxTensor t : inputs.values()) {
        t.close();
      }
    }
  }

  /** Pools row {@code r} of a {@code [n, len, dimensions]} output and normalises it. */
  private float[] pool(FloatBuffer fb, int r, int len, int tokens) {
    int base = r * len * dimensions;
    double[] acc = new double[dimensions];
    if (model.pooling() == Pooling.CLS) {
      for (int d = 0; d < dimensions; d++) {
        acc[d] = fb.get(base + d);
      }
    } else {
      for (int t = 0; t < tokens; t++) {
        int off = base + t * dimensions;
        for (int d = 0; d < dimensions; d++) {
          acc[d] += fb.get(off + d);
        }
      }
      for (int d = 0; d < dimensions; d++) {
        acc[d] /= tokens;
      }
    }
    double sum = 0;
    for (double x : acc) {
      sum += x * x;
    }
    double norm = Math.sqrt(sum);
    if (!(norm > 0) || Double.isInfinite(norm)) {
      throw new PermanentProviderException(
          "onnx",
          ProviderException.Kind.PROTOCOL,
          0,
          null,
          "model " + model.name() + " returned a " + (norm > 0 ? "non-finite" : "zero") + " vector",
          null);
    }
    float[] v = new float[dimensions];
    for (int d = 0; d < dimensions; d++) {
      v[d] = (float) (acc[d] / norm);
    }
    return v;
  }

  private void ensureOpen() {
    if (closed) {
      throw new IllegalStateException("OnnxEmbedder for " + model.name() + " is closed");
    }
  }

  private static void closeQuietly(@Nullable OrtSession s, @Nullable Tokenizer t) {
    if (s != null) {
      try {
        s.close();
      } catch (OrtException e) {
        log.warn("citerag.onnx: closing the session failed: {}", e.getMessage());
      }
    }
    if (t != null) {
      t.close();
    }
  }

  @Override
  public String toString() {
    return "OnnxEmbedder["
        + model.name()
        + ", dimensions="
        + dimensions
        + ", threads="
        + threads
        + "]";
  }

  /** Builds an {@link OnnxEmbedder}. */
  public static final class Builder {
    private OnnxModel model = OnnxModel.BGE_SMALL_EN_V15_Q;
    private int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
    private int batchSize = DEFAULT_BATCH_SIZE;
    private int maxBatchTokens = DEFAULT_MAX_BATCH_TOKENS;

    private Builder() {}

    /**
     * The model to run. Default: {@link OnnxModel#BGE_SMALL_EN_V15_Q}.
     *
     * @param model the model and tokenizer
     * @return this builder
     * @throws IllegalArgumentException when {@code model} is null
     */
    public Builder model(OnnxModel model) {
      this.model = Checks.notNull(model, "model");
      return this;
    }

    /**
     * Threads ONNX Runtime uses inside one inference call (intra-op); default: the available
     * processors. Calls from several threads run side by side, each with this many.
     *
     * @param threads intra-op threads
     * @return this builder
     * @throws IllegalArgumentException unless 1 to 256
     */
    public Builder threads(int threads) {
      this.threads = Checks.inRange(threads, 1, 256, "threads");
      return this;
    }

    /**
     * Most inputs per inference call; default {@value #DEFAULT_BATCH_SIZE} (no batching). Larger
     * batches are length-bucketed; with a quantised model they change vectors slightly (see {@link
     * #DEFAULT_BATCH_SIZE}).
     *
     * @param batchSize inputs per call
     * @return this builder
     * @throws IllegalArgumentException unless 1 to 1024
     */
    public Builder batchSize(int batchSize) {
      this.batchSize = Checks.inRange(batchSize, 1, 1024, "batchSize");
      return this;
    }

    /**
     * Most padded tokens ({@code inputs × longest input}) per inference call, bounding memory;
     * default {@value #DEFAULT_MAX_BATCH_TOKENS}. A single input is always allowed.
     *
     * @param maxBatchTokens padded tokens per call
     * @return this builder
     * @throws IllegalArgumentException unless 64 to 1,048,576
     */
    public Builder maxBatchTokens(int maxBatchTokens) {
      this.maxBatchTokens = Checks.inRange(maxBatchTokens, 64, 1 << 20, "maxBatchTokens");
      return this;
    }

    /**
     * Reads and hashes the model, starts an ONNX Runtime session and the tokenizer.
     *
     * @return the embedder, thread-safe; close it to free native memory
     * @throws IllegalArgumentException when the model's files are missing or are not a usable model
     *     (inputs, output shape)
     * @throws IllegalStateException when a classpath resource is missing
     * @throws java.io.UncheckedIOException when a file cannot be read
     */
    public OnnxEmbedder build() {
      return new OnnxEmbedder(this);
    }
  }
}
