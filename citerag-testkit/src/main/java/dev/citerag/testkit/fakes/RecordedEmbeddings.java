package dev.citerag.testkit.fakes;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonProcessingException;
import dev.citerag.embed.Embedder;
import dev.citerag.embed.EmbedderIdentity;
import dev.citerag.internal.Checks;
import dev.citerag.testkit.fakes.internal.Json;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Vectors recorded from a real embedder, keyed by text, so tests can replay a real model's geometry
 * offline ({@link ReplayEmbedder}). Immutable.
 *
 * <p>File format, JSON Lines in UTF-8: the first line holds the embedder's identity, every further
 * line one vector. Queries and documents are kept apart because models embed them differently;
 * documents are keyed by text and title (Gemini uses the title).
 *
 * <pre>
 * {"identity":{"provider":"ollama","model":"nomic-embed-text","digest":"0a10...","dimensions":768,"query_instruction":"search_query: "}}
 * {"kind":"query","text":"How do I roll back?","vector":[0.0123,-0.0456,...]}
 * {"kind":"document","text":"# Rolling back a release ...","title":"Rolling back a release","vector":[...]}
 * </pre>
 *
 * <p>Record once against the real model, commit the file, replay in tests:
 *
 * <pre>{@code
 * RecordingEmbedder rec = RecordedEmbeddings.recording(ollamaEmbedder);
 * ingestor(rec).ingest(GoldenCorpus.load());
 * for (GoldenCase c : GoldenCases.load()) rec.embedQuery(c.question());
 * rec.recorded().writeTo(Path.of("src/test/resources/nomic-golden.jsonl"));
 * // later, offline:
 * Embedder e = RecordedEmbeddings.fromResource("nomic-golden.jsonl").replayer();
 * }</pre>
 */
public final class RecordedEmbeddings {

  /** {@code query} or {@code document}. */
  static final String QUERY = "query";

  static final String DOCUMENT = "document";

  private final EmbedderIdentity identity;
  private final Map<Key, float[]> vectors;
  private final String origin;

  record Key(String kind, String text, @Nullable String title) {}

  @JsonInclude(JsonInclude.Include.NON_NULL)
  record IdentityLine(
      @JsonProperty("provider") String provider,
      @JsonProperty("model") String model,
      @JsonProperty("digest") @Nullable String digest,
      @JsonProperty("dimensions") int dimensions,
      @JsonProperty("query_instruction") @Nullable String queryInstruction) {}

  record Header(@JsonProperty("identity") IdentityLine identity) {}

  @JsonInclude(JsonInclude.Include.NON_NULL)
  // a JSON wire type: read or written once, never compared or kept, so its array needs no copy
  @SuppressWarnings("ArrayRecordComponent")
  record VectorLine(
      @JsonProperty("kind") String kind,
      @JsonProperty("text") String text,
      @JsonProperty("title") @Nullable String title,
      @JsonProperty("vector") float[] vector) {}

  RecordedEmbeddings(EmbedderIdentity identity, Map<Key, float[]> vectors, String origin) {
    this.identity = identity;
    this.vectors = Collections.unmodifiableMap(new LinkedHashMap<>(vectors));
    this.origin = origin;
  }

  /**
   * Starts recording: the returned embedder delegates to {@code real} and keeps every vector it
   * returns.
   *
   * @param real the embedder to record
   * @return the recording embedder; {@link RecordingEmbedder#recorded()} gives the recording
   */
  public static RecordingEmbedder recording(Embedder real) {
    return new RecordingEmbedder(Checks.notNull(real, "real"));
  }

  /**
   * Reads a recording file.
   *
   * @param file a recording written by {@link #writeTo}
   * @return the recording
   * @throws IllegalArgumentException naming the file, line and field when the content is malformed
   * @throws UncheckedIOException when the file cannot be read
   */
  public static RecordedEmbeddings load(Path file) {
    Checks.notNull(file, "file");
    try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      return read(r, file.toString());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read recorded embeddings " + file, e);
    }
  }

  /**
   * Reads a recording from the class path (e.g. {@code "embeddings/golden.jsonl"}, relative to the
   * class-path root).
   *
   * @param resource the resource name
   * @return the recording
   * @throws IllegalArgumentException when the resource does not exist or is malformed
   */
  public static RecordedEmbeddings fromResource(String resource) {
    Checks.notBlank(resource, "resource");
    String path = resource.startsWith("/") ? resource.substring(1) : resource;
    ClassLoader cl = Thread.currentThread().getContextClassLoader();
    InputStream in = cl != null ? cl.getResourceAsStream(path) : null;
    if (in == null) {
      in = RecordedEmbeddings.class.getClassLoader().getResourceAsStream(path);
    }
    if (in == null) {
      throw new IllegalArgumentException(
          "resource \"" + resource + "\" not found on the class path");
    }
    try (Reader r = new InputStreamReader(in, StandardCharsets.UTF_8)) {
      return read(r, resource);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read recorded embeddings " + resource, e);
    }
  }

  /**
   * Reads a recording.
   *
   * @param reader the recording's text, one JSON object per line; not closed
   * @return the recording
   * @param origin the name used in error messages (file or resource)
   * @throws IllegalArgumentException naming the origin, line and field when malformed
   */
  public static RecordedEmbeddings read(Reader reader, String origin) {
    Checks.notNull(reader, "reader");
    Checks.notNull(origin, "origin");
    BufferedReader br = reader instanceof BufferedReader b ? b : new BufferedReader(reader);
    EmbedderIdentity identity = null;
    Map<Key, float[]> vectors = new LinkedHashMap<>();
    int lineNo = 0;
    try {
      String line;
      while ((line = br.readLine()) != null) {
        lineNo++;
        if (line.isBlank()) {
          continue;
        }
        if (identity == null) {
          identity = parseHeader(line, origin, lineNo);
          continue;
        }
        VectorLine v;
        try {
          v = Json.MAPPER.readValue(line, VectorLine.class);
        } catch (JsonProcessingException e) {
          throw bad(origin, lineNo, "is not a vector line: " + e.getOriginalMessage());
        }
        if (!QUERY.equals(v.kind()) && !DOCUMENT.equals(v.kind())) {
          throw bad(
              origin,
              lineNo,
              "field \"kind\" must be \"query\" or \"document\", was " + quote(v.kind()));
        }
        if (v.text() == null) {
          throw bad(origin, lineNo, "field \"text\" is required");
        }
        if (v.vector() == null || v.vector().length != identity.dimensions()) {
          throw bad(
              origin,
              lineNo,
              "field \"vector\" must have "
                  + identity.dimensions()
                  + " components, had "
                  + (v.vector() == null ? "none" : v.vector().length));
        }
        for (int i = 0; i < v.vector().length; i++) {
          if (!Float.isFinite(v.vector()[i])) {
            throw bad(origin, lineNo, "field \"vector\"[" + i + "] must be finite");
          }
        }
        Key key = new Key(v.kind(), v.text(), QUERY.equals(v.kind()) ? null : v.title());
        if (vectors.put(key, v.vector()) != null) {
          throw bad(origin, lineNo, "duplicate " + v.kind() + " " + quote(v.text()));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read recorded embeddings " + origin, e);
    }
    if (identity == null) {
      throw new IllegalArgumentException(
          origin + ": empty; the first line must hold {\"identity\":{...}}");
    }
    return new RecordedEmbeddings(identity, vectors, origin);
  }

  private static EmbedderIdentity parseHeader(String line, String origin, int lineNo) {
    com.fasterxml.jackson.databind.JsonNode tree;
    try {
      tree = Json.MAPPER.readTree(line);
    } catch (JsonProcessingException e) {
      throw bad(
          origin, lineNo, "the first line must be {\"identity\":{...}}: " + e.getOriginalMessage());
    }
    if (tree == null || !tree.path("identity").isObject()) {
      throw bad(origin, lineNo, "field \"identity\" is required on the first line");
    }
    IdentityLine i;
    try {
      i = Json.MAPPER.treeToValue(tree.get("identity"), IdentityLine.class);
    } catch (JsonProcessingException e) {
      throw bad(origin, lineNo, "field \"identity\": " + e.getOriginalMessage());
    }
    try {
      return new EmbedderIdentity(
          i.provider(), i.model(), i.digest(), i.dimensions(), i.queryInstruction());
    } catch (IllegalArgumentException e) {
      throw bad(origin, lineNo, "field \"identity\": " + e.getMessage());
    }
  }

  private static IllegalArgumentException bad(String origin, int line, String what) {
    return new IllegalArgumentException(origin + ":" + line + ": " + what);
  }

  private static String quote(@Nullable String s) {
    if (s == null) {
      return "null";
    }
    return "\"" + (s.length() > 80 ? s.substring(0, 77) + "..." : s) + "\"";
  }

  /**
   * Writes the recording in the format {@link #read} accepts.
   *
   * @param out receives the recording; not closed
   * @throws IOException when writing fails
   */
  public void write(Writer out) throws IOException {
    Checks.notNull(out, "out");
    out.write(
        Json.write(
            new Header(
                new IdentityLine(
                    identity.provider(),
                    identity.model(),
                    identity.digest(),
                    identity.dimensions(),
                    identity.queryInstruction()))));
    out.write('\n');
    for (Map.Entry<Key, float[]> e : vectors.entrySet()) {
      out.write(
          Json.write(
              new VectorLine(
                  e.getKey().kind(), e.getKey().text(), e.getKey().title(), e.getValue())));
      out.write('\n');
    }
    out.flush();
  }

  /**
   * Writes the recording to a file, replacing it.
   *
   * @param file the file to write
   * @throws UncheckedIOException when the file cannot be written
   */
  public void writeTo(Path file) {
    Checks.notNull(file, "file");
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      write(w);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write recorded embeddings " + file, e);
    }
  }

  /** {@return the identity of the embedder that made the vectors} */
  public EmbedderIdentity identity() {
    return identity;
  }

  /**
   * The recorded vector of a query, copied.
   *
   * @param text the query as embedded
   * @return a copy of its vector, or empty when it was not recorded
   */
  public Optional<float[]> query(String text) {
    float[] v = vectors.get(new Key(QUERY, text, null));
    return v == null ? Optional.empty() : Optional.of(v.clone());
  }

  /**
   * The recorded vector of a document text with its title (null when it had none), copied.
   *
   * @param text the passage as embedded
   * @param title its title, or {@code null}
   * @return a copy of its vector, or empty when it was not recorded
   */
  public Optional<float[]> document(String text, @Nullable String title) {
    float[] v = vectors.get(new Key(DOCUMENT, text, title));
    return v == null ? Optional.empty() : Optional.of(v.clone());
  }

  /** {@return the number of recorded queries} */
  public int queryCount() {
    return (int) vectors.keySet().stream().filter(k -> k.kind().equals(QUERY)).count();
  }

  /** {@return the number of recorded document texts} */
  public int documentCount() {
    return vectors.size() - queryCount();
  }

  /** {@return where the recording came from (file, resource, or {@code recording})} */
  public String origin() {
    return origin;
  }

  /** {@return an embedder that replays these vectors and fails on anything else} */
  public ReplayEmbedder replayer() {
    return new ReplayEmbedder(this);
  }

  boolean sameVectors(RecordedEmbeddings other) {
    if (!identity.equals(other.identity) || vectors.size() != other.vectors.size()) {
      return false;
    }
    for (Map.Entry<Key, float[]> e : vectors.entrySet()) {
      if (!java.util.Arrays.equals(e.getValue(), other.vectors.get(e.getKey()))) {
        return false;
      }
    }
    return true;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof RecordedEmbeddings r && sameVectors(r);
  }

  @Override
  public int hashCode() {
    return Objects.hash(identity, vectors.size());
  }

  @Override
  public String toString() {
    return "RecordedEmbeddings["
        + identity.model()
        + ", "
        + queryCount()
        + " queries, "
        + documentCount()
        + " documents, from "
        + origin
        + "]";
  }
}
