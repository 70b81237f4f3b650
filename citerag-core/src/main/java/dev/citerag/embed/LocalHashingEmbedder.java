package dev.citerag.embed;

import dev.citerag.embed.internal.Murmur3;
import dev.citerag.internal.Checks;
import dev.citerag.text.internal.LexicalAnalyzer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A deterministic embedder that needs no model: the offline default, for tests, demos and
 * air-gapped use.
 *
 * <p><b>It is lexical, not semantic.</b> A vector records which words (and word fragments) a text
 * contains, so texts that share words or spellings come out close, and a paraphrase with different
 * words ("roll back a release" vs "revert a deployment") does not. Real semantic embeddings come
 * from the Gemini and Ollama adapters; use one of those whenever a model is available.
 *
 * <p>How a vector is made (feature hashing, Weinberger et al. 2009):
 *
 * <ol>
 *   <li>the text is split into terms by {@link LexicalAnalyzer#terms} (lower-cased, stop words
 *       dropped, numbers and identifiers such as {@code 141.80} and {@code deploy-bot} kept whole);
 *   <li>features are each term ({@code "w:" + term}, weight 1) and each character 3-, 4- and 5-gram
 *       of the term wrapped in boundary markers {@code <term>} ({@code "g:" + gram}, weight {@value
 *       #NGRAM_WEIGHT}); n-grams are taken over code points;
 *   <li>a feature's weight is multiplied by {@code 1 + ln(tf)} (sublinear term frequency);
 *   <li>each feature is hashed with MurmurHash3 (x86, 32-bit, seed {@value #SEED}) of its UTF-8
 *       bytes: bit 0 of the hash gives the sign, {@code (hash >>> 1) mod dimensions} the index;
 *   <li>the sum is L2-normalised.
 * </ol>
 *
 * <p>Only integer hashing, {@link StrictMath} and features in first-seen order are used, so the
 * output is bit-for-bit identical on every JVM and platform.
 *
 * <p>A text with no terms (empty, whitespace, punctuation or only stop words) embeds to the <b>zero
 * vector</b>: its cosine with anything is undefined, so {@code RagPipeline} abstains on such a
 * question without searching (the in-memory store would score it 0 against everything; pgvector
 * refuses a zero query vector), and such a passage is never close to a question. Document titles
 * ({@link DocumentText#title()}) are ignored: citerag chunks already start with their title, and
 * adding it again would double its weight.
 *
 * <pre>{@code
 * Embedder embedder = new LocalHashingEmbedder();           // 384 dimensions
 * float[] q = embedder.embedQuery("How do I roll back a deploy?");
 * }</pre>
 *
 * <p>Immutable and thread-safe.
 */
public final class LocalHashingEmbedder implements Embedder {

  /** Default vector length, the size of small sentence-embedding models. */
  public static final int DEFAULT_DIMENSIONS = 384;

  /** Smallest accepted {@code dimensions}. */
  public static final int MIN_DIMENSIONS = 16;

  /** Largest accepted {@code dimensions}. */
  public static final int MAX_DIMENSIONS = 16_384;

  /** The model name recorded in {@link #identity()}; changes whenever the recipe changes. */
  public static final String MODEL = "hashing-v2";

  /** Shortest character n-gram. */
  static final int MIN_GRAM = 3;

  /** Longest character n-gram. */
  static final int MAX_GRAM = 5;

  /** Weight of one character n-gram relative to a whole word (1). */
  public static final double NGRAM_WEIGHT = 0.25;

  /** MurmurHash3 seed. */
  public static final int SEED = 0x5eed_c17e;

  private final int dimensions;
  private final EmbedderIdentity identity;

  /** An embedder of {@value #DEFAULT_DIMENSIONS} dimensions. */
  public LocalHashingEmbedder() {
    this(DEFAULT_DIMENSIONS);
  }

  /**
   * An embedder of the given vector length.
   *
   * @param dimensions between {@value #MIN_DIMENSIONS} and {@value #MAX_DIMENSIONS}; must equal the
   *     store's dimensions
   * @throws IllegalArgumentException when {@code dimensions} is out of range
   */
  public LocalHashingEmbedder(int dimensions) {
    this.dimensions = Checks.inRange(dimensions, MIN_DIMENSIONS, MAX_DIMENSIONS, "dimensions");
    this.identity = new EmbedderIdentity("local", MODEL, null, dimensions, null);
  }

  /** Embeds each passage's text (titles are ignored, see the class comment). */
  @Override
  public List<float[]> embedDocuments(List<DocumentText> documents) {
    Checks.noNullElements(documents, "documents");
    List<float[]> out = new ArrayList<>(documents.size());
    for (DocumentText d : documents) {
      out.add(embed(d.text()));
    }
    return out;
  }

  /** Embeds the query exactly like a document (there is no query instruction). */
  @Override
  public float[] embedQuery(String query) {
    Checks.notNull(query, "query");
    return embed(query);
  }

  @Override
  public EmbedderIdentity identity() {
    return identity;
  }

  /**
   * Embeds one text; {@link #embedDocuments} and {@link #embedQuery} both come down to this.
   *
   * @param text any text, possibly empty
   * @return a new vector of {@link EmbedderIdentity#dimensions()} components: unit length, or all
   *     zeros when the text has no terms
   * @throws IllegalArgumentException when {@code text} is null
   */
  public float[] embed(String text) {
    Checks.notNull(text, "text");
    Map<String, int[]> counts = new LinkedHashMap<>();
    for (String term : LexicalAnalyzer.terms(text)) {
      count(counts, "w:" + term);
      addGrams(counts, term);
    }
    double[] acc = new double[dimensions];
    for (Map.Entry<String, int[]> e : counts.entrySet()) {
      String feature = e.getKey();
      double weight = feature.charAt(0) == 'w' ? 1.0 : NGRAM_WEIGHT;
      weight *= 1.0 + StrictMath.log(e.getValue()[0]);
      int h = Murmur3.hash32(feature.getBytes(StandardCharsets.UTF_8), SEED);
      int index = Integer.remainderUnsigned(h >>> 1, dimensions);
      acc[index] += (h & 1) == 0 ? weight : -weight;
    }
    double sum = 0;
    for (double x : acc) {
      sum += x * x;
    }
    float[] out = new float[dimensions];
    if (sum == 0) {
      return out;
    }
    double norm = StrictMath.sqrt(sum);
    for (int i = 0; i < dimensions; i++) {
      out[i] = (float) (acc[i] / norm);
    }
    return out;
  }

  private static void addGrams(Map<String, int[]> counts, String term) {
    int[] cps = ("<" + term + ">").codePoints().toArray();
    for (int n = MIN_GRAM; n <= MAX_GRAM; n++) {
      for (int start = 0; start + n <= cps.length; start++) {
        count(counts, "g:" + new String(cps, start, n));
      }
    }
  }

  private static void count(Map<String, int[]> counts, String feature) {
    counts.computeIfAbsent(feature, f -> new int[1])[0]++;
  }

  @Override
  public String toString() {
    return "LocalHashingEmbedder[" + MODEL + ", dimensions=" + dimensions + "]";
  }
}
