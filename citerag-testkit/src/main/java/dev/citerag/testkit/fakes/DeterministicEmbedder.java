package dev.citerag.testkit.fakes;

import dev.citerag.ProviderException;
import dev.citerag.embed.DocumentText;
import dev.citerag.embed.Embedder;
import dev.citerag.embed.EmbedderIdentity;
import dev.citerag.embed.internal.Vectors;
import dev.citerag.internal.Checks;
import dev.citerag.text.internal.Hashing;
import dev.citerag.text.internal.LexicalAnalyzer;
import dev.citerag.text.internal.Whitespace;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * An {@link Embedder} whose similarities a test controls, identical on every JVM (no {@code
 * hashCode()} of objects, no unseeded randomness).
 *
 * <p>The vector space has two regions. The first {@code dimensions - controlledAxes} components
 * hold a <em>fallback</em> vector for texts no rule covers: a feature-hashed bag of the text's
 * terms ({@link LexicalAnalyzer}; SHA-256 picks each term's component and sign), so texts sharing
 * words are similar. The last {@code controlledAxes} components are reserved for vectors a test
 * places with {@link #placeAt} or builds with {@link #axis}: a placed vector is orthogonal to every
 * fallback vector, so an unmapped chunk never competes with a placed one by accident.
 *
 * <p>Rules, checked for every text (queries and documents alike; a document's title is ignored): an
 * exact mapping ({@link #map}, whitespace collapsed) first, then the first substring rule ({@link
 * #mapContaining}, case and whitespace ignored) in the order added, then the fallback. Every
 * returned vector is L2-normalised.
 *
 * <pre>{@code
 * DeterministicEmbedder e = DeterministicEmbedder.create();
 * e.placeAt("How do I roll back?", "deployctl rollback", 0.31);   // just above a 0.30 gate
 * e.placeAt("How do I roll back?", "feature flags", 0.29);        // just below it
 * }</pre>
 *
 * Thread-safe: rules may be added while other threads embed.
 */
public final class DeterministicEmbedder implements Embedder {

  /** Default vector length. */
  public static final int DEFAULT_DIMENSIONS = 64;

  /** Default model name in the identity. */
  public static final String DEFAULT_MODEL = "deterministic-v1";

  private final int dimensions;
  private final int controlledAxes;
  private final int hashedDimensions;
  private final EmbedderIdentity identity;

  private final Map<String, float[]> exact = new LinkedHashMap<>();
  private final Map<String, float[]> containing = new LinkedHashMap<>();
  private int nextFreeAxis;
  private final List<String> queries = new ArrayList<>();
  private final List<String> documents = new ArrayList<>();
  private @Nullable ProviderException failNext;

  private DeterministicEmbedder(Builder b) {
    this.dimensions = b.dimensions;
    int axes = b.controlledAxes != null ? b.controlledAxes : Math.max(1, b.dimensions / 4);
    if (axes >= b.dimensions) {
      throw new IllegalArgumentException(
          "controlledAxes must be < dimensions (" + b.dimensions + "), was " + axes);
    }
    this.controlledAxes = axes;
    this.hashedDimensions = b.dimensions - axes;
    this.identity = new EmbedderIdentity("fake", b.model, null, b.dimensions, null);
  }

  /**
   * {@return a new embedder of {@value #DEFAULT_DIMENSIONS} dimensions, a quarter of them
   * controlled}
   */
  public static DeterministicEmbedder create() {
    return builder().build();
  }

  /** {@return a builder with the defaults} */
  public static Builder builder() {
    return new Builder();
  }

  // ---- rules ----

  /**
   * Maps a text (whitespace collapsed, case kept) to a vector; checked before substring rules.
   *
   * @param text the exact text (query or document)
   * @param vector its vector, of {@link #dimensions()} finite components, not all zero (normalised)
   * @return this embedder
   * @throws IllegalArgumentException when the vector has the wrong length, a non-finite component,
   *     or is zero
   */
  public synchronized DeterministicEmbedder map(String text, float[] vector) {
    Checks.notNull(text, "text");
    exact.put(Whitespace.collapse(text), checkVector(vector));
    return this;
  }

  /**
   * Maps every text that contains {@code fragment} (case and whitespace ignored) to a vector.
   * Earlier rules win over later ones; re-adding a fragment replaces its vector in place.
   *
   * @param fragment a piece of the texts to map
   * @param vector their vector, as for {@link #map}
   * @return this embedder
   * @throws IllegalArgumentException when {@code fragment} is blank or the vector is invalid
   */
  public synchronized DeterministicEmbedder mapContaining(String fragment, float[] vector) {
    Checks.notBlank(fragment, "fragment");
    containing.put(fold(fragment), checkVector(vector));
    return this;
  }

  /**
   * The unit vector along controlled axis {@code i} (0-based, below {@code controlledAxes}); such
   * vectors are orthogonal to every fallback vector and to each other.
   *
   * @param i the 0-based axis
   * @return a new unit vector
   * @throws IllegalArgumentException when {@code i} is out of range
   */
  public float[] axis(int i) {
    Checks.inRange(i, 0, controlledAxes - 1, "axis");
    float[] v = new float[dimensions];
    v[hashedDimensions + i] = 1f;
    return v;
  }

  /**
   * Places every text containing {@code chunkFragment} at exactly {@code cosine} to the query
   * {@code query}. When the query has no exact mapping yet it gets a fresh controlled axis; the
   * chunk gets {@code cosine * q + sqrt(1 - cosine²) * u}, with {@code u} a fresh controlled axis
   * made orthogonal to {@code q}. Chunks placed against the same query are orthogonal to each other
   * apart from their share of {@code q}.
   *
   * @param query the query text, mapped exactly
   * @param chunkFragment a piece of the chunk texts to place
   * @param cosine their cosine to the query, in [-1, 1]
   * @return this embedder
   * @throws IllegalArgumentException when {@code cosine} is outside [-1, 1] or a text is blank
   * @throws IllegalStateException when no controlled axis is left (raise {@code controlledAxes})
   */
  public synchronized DeterministicEmbedder placeAt(
      String query, String chunkFragment, double cosine) {
    Checks.notBlank(query, "query");
    Checks.notBlank(chunkFragment, "chunkFragment");
    Checks.inRange(cosine, -1.0, 1.0, "cosine");
    String qKey = Whitespace.collapse(query);
    float[] q = exact.get(qKey);
    if (q == null) {
      q = axis(takeAxis());
      exact.put(qKey, q);
    }
    double[] qn = toUnit(q);
    double[] u = null;
    while (u == null) {
      double[] e = new double[dimensions];
      e[hashedDimensions + takeAxis()] = 1;
      double proj = dot(e, qn);
      for (int i = 0; i < dimensions; i++) {
        e[i] -= proj * qn[i];
      }
      double n = Math.sqrt(dot(e, e));
      if (n > 1e-6) {
        for (int i = 0; i < dimensions; i++) {
          e[i] /= n;
        }
        u = e;
      }
    }
    double s = Math.sqrt(Math.max(0, 1 - cosine * cosine));
    float[] v = new float[dimensions];
    for (int i = 0; i < dimensions; i++) {
      v[i] = (float) (cosine * qn[i] + s * u[i]);
    }
    containing.put(fold(chunkFragment), v);
    return this;
  }

  /**
   * Makes the next embedding call (of either kind) throw {@code failure}, once; to test how callers
   * handle provider failures.
   *
   * @param failure thrown by the next call
   * @return this embedder
   */
  public synchronized DeterministicEmbedder failNextCall(ProviderException failure) {
    this.failNext = Checks.notNull(failure, "failure");
    return this;
  }

  /**
   * Cosine between the query vector of {@code query} and the document vector of {@code text}.
   *
   * @param query a query text
   * @param text a document text
   * @return their cosine, in [-1, 1]
   */
  public double similarity(String query, String text) {
    return Vectors.cosine(vectorFor(query), vectorFor(text));
  }

  // ---- Embedder ----

  @Override
  public List<float[]> embedDocuments(List<DocumentText> docs) {
    Checks.noNullElements(docs, "documents");
    maybeFail();
    List<float[]> out = new ArrayList<>(docs.size());
    for (DocumentText d : docs) {
      synchronized (this) {
        documents.add(d.text());
      }
      out.add(vectorFor(d.text()));
    }
    return out;
  }

  @Override
  public float[] embedQuery(String query) {
    Checks.notNull(query, "query");
    maybeFail();
    synchronized (this) {
      queries.add(query);
    }
    return vectorFor(query);
  }

  @Override
  public EmbedderIdentity identity() {
    return identity;
  }

  /** {@return every query embedded so far, in order} */
  public synchronized List<String> queries() {
    return List.copyOf(queries);
  }

  /**
   * Every document text embedded so far, in order (to assert, e.g., that re-ingesting embedded
   * nothing).
   *
   * @return the texts, as a snapshot
   */
  public synchronized List<String> documentTexts() {
    return List.copyOf(documents);
  }

  /** {@return the vector length} */
  public int dimensions() {
    return dimensions;
  }

  /** {@return the number of components reserved for mapped and placed vectors} */
  public int controlledAxes() {
    return controlledAxes;
  }

  // ---- internals ----

  private void maybeFail() {
    ProviderException f;
    synchronized (this) {
      f = failNext;
      failNext = null;
    }
    if (f != null) {
      throw f;
    }
  }

  private synchronized float @Nullable [] rule(String text) {
    float[] v = exact.get(Whitespace.collapse(text));
    if (v != null) {
      return v;
    }
    String f = fold(text);
    for (Map.Entry<String, float[]> e : containing.entrySet()) {
      if (f.contains(e.getKey())) {
        return e.getValue();
      }
    }
    return null;
  }

  private float[] vectorFor(String text) {
    float[] v = rule(text);
    return Vectors.normalize(v != null ? v : hashed(text));
  }

  /** Feature hashing of the text's terms into the first {@code hashedDimensions} components. */
  private float[] hashed(String text) {
    float[] v = new float[dimensions];
    List<String> terms = LexicalAnalyzer.terms(text);
    if (terms.isEmpty()) {
      terms = List.of("\u0000" + Whitespace.collapse(text));
    }
    for (String t : terms) {
      byte[] h = Hashing.sha256("deterministic-embedder", t);
      int idx =
          Math.floorMod(
              (h[0] & 0xff) << 24 | (h[1] & 0xff) << 16 | (h[2] & 0xff) << 8 | (h[3] & 0xff),
              hashedDimensions);
      v[idx] += (h[4] & 1) == 0 ? 1f : -1f;
    }
    if (Vectors.norm(v) == 0) {
      // the terms cancelled out: use the first term's component
      byte[] h = Hashing.sha256("deterministic-embedder", terms.get(0));
      v[Math.floorMod(h[0], hashedDimensions)] = 1f;
    }
    return v;
  }

  private int takeAxis() {
    if (nextFreeAxis >= controlledAxes) {
      throw new IllegalStateException(
          "all "
              + controlledAxes
              + " controlled axes are in use; build with a larger controlledAxes (or dimensions)");
    }
    return nextFreeAxis++;
  }

  private float[] checkVector(float[] vector) {
    Checks.finiteVector(vector, "vector");
    if (vector.length != dimensions) {
      throw new IllegalArgumentException(
          "vector must have " + dimensions + " dimensions, was " + vector.length);
    }
    if (Vectors.norm(vector) == 0) {
      throw new IllegalArgumentException("vector must not be zero");
    }
    return vector.clone();
  }

  private static double[] toUnit(float[] v) {
    double n = Vectors.norm(v);
    double[] out = new double[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = v[i] / n;
    }
    return out;
  }

  private static double dot(double[] a, double[] b) {
    double s = 0;
    for (int i = 0; i < a.length; i++) {
      s += a[i] * b[i];
    }
    return s;
  }

  private static String fold(String s) {
    return Whitespace.collapse(s).toLowerCase(Locale.ROOT);
  }

  @Override
  public String toString() {
    return "DeterministicEmbedder[" + identity.model() + ", dimensions=" + dimensions + "]";
  }

  /** Builds a {@link DeterministicEmbedder}. */
  public static final class Builder {
    private int dimensions = DEFAULT_DIMENSIONS;
    private @Nullable Integer controlledAxes;
    private String model = DEFAULT_MODEL;

    private Builder() {}

    /**
     * Vector length, 4 to 4096; default {@value DeterministicEmbedder#DEFAULT_DIMENSIONS}.
     *
     * @param dimensions the vector length
     * @return this builder
     * @throws IllegalArgumentException when out of range
     */
    public Builder dimensions(int dimensions) {
      this.dimensions = Checks.inRange(dimensions, 4, 4096, "dimensions");
      return this;
    }

    /**
     * Components reserved for placed vectors, at least 1 and less than {@code dimensions} (checked
     * by {@link #build()}); default a quarter of the dimensions.
     *
     * @param controlledAxes the reserved components
     * @return this builder
     * @throws IllegalArgumentException when below 1
     */
    public Builder controlledAxes(int controlledAxes) {
      this.controlledAxes = Checks.positive(controlledAxes, "controlledAxes");
      return this;
    }

    /**
     * The model name in {@link EmbedderIdentity} (change it to test identity mismatches); default
     * {@value DeterministicEmbedder#DEFAULT_MODEL}.
     *
     * @param model the model name
     * @return this builder
     * @throws IllegalArgumentException when blank
     */
    public Builder model(String model) {
      this.model = Checks.notBlank(model, "model");
      return this;
    }

    /**
     * Builds the embedder from this builder's settings.
     *
     * @return the embedder, thread-safe
     * @throws IllegalArgumentException when {@code controlledAxes >= dimensions}
     */
    public DeterministicEmbedder build() {
      return new DeterministicEmbedder(this);
    }
  }
}
