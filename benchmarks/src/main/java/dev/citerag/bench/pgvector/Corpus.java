package dev.citerag.bench.pgvector;

import dev.citerag.store.Chunk;
import dev.citerag.store.DocumentChunks;
import dev.citerag.store.EmbeddedChunk;
import dev.citerag.store.MetadataValue;
import dev.citerag.text.internal.Hashing;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Seeded synthetic corpus with neighbourhood structure: unit vectors from a Gaussian mixture around
 * {@code centres} random unit centres (dimension {@code dims}), each chunk with a ~400 character
 * text mixing its cluster's topic words with Zipf-distributed common words, and metadata {@code
 * team} (4 values, 25 % each), {@code bucket} (100 values, 1 % each) and {@code doc}.
 */
final class Corpus {
  static final int CHUNKS_PER_DOC = 10;
  static final double NOISE = 0.045;
  static final String[] TEAMS = {"platform", "search", "billing", "identity"};

  final int dims;
  final float[][] centres;
  final String[] common;
  final double[] zipfCdf;
  final String[][] topics;

  Corpus(int dims, int centreCount, long seed) {
    this.dims = dims;
    Random r = new Random(seed);
    centres = new float[centreCount][];
    for (int i = 0; i < centreCount; i++) {
      centres[i] = gaussianUnit(r, dims);
    }
    common = words(r, 5000, 2);
    zipfCdf = new double[common.length];
    double s = 0;
    for (int i = 0; i < common.length; i++) {
      s += 1.0 / (i + 1);
      zipfCdf[i] = s;
    }
    for (int i = 0; i < zipfCdf.length; i++) {
      zipfCdf[i] /= s;
    }
    String[] topicPool = words(r, 4000, 3);
    topics = new String[centreCount][8];
    for (int c = 0; c < centreCount; c++) {
      for (int j = 0; j < 8; j++) {
        topics[c][j] = topicPool[r.nextInt(topicPool.length)];
      }
    }
  }

  /**
   * {@code count} chunks in documents of {@value #CHUNKS_PER_DOC}, ids prefixed with {@code
   * prefix}.
   */
  List<DocumentChunks> documents(String prefix, int count, long seed) {
    Random r = new Random(seed);
    List<DocumentChunks> docs = new ArrayList<>();
    List<EmbeddedChunk> current = new ArrayList<>();
    for (int n = 0; n < count; n++) {
      int doc = n / CHUNKS_PER_DOC;
      String docId = prefix + doc;
      int cluster = r.nextInt(centres.length);
      String text = text(r, cluster);
      Map<String, String> meta =
          Map.of(
              "team", TEAMS[r.nextInt(TEAMS.length)], "bucket", "b" + r.nextInt(100), "doc", docId);
      Chunk c =
          new Chunk(
              docId + "#" + (n % CHUNKS_PER_DOC),
              docId,
              "corpus/" + docId + ".md",
              "Document " + doc,
              List.of("Part " + (n % 3)),
              null,
              text,
              text.length() / 4,
              Hashing.sha256Hex(text),
              MetadataValue.strings(meta));
      current.add(new EmbeddedChunk(c, near(r, cluster)));
      if (current.size() == CHUNKS_PER_DOC || n == count - 1) {
        docs.add(
            new DocumentChunks(
                docId, Hashing.sha256Hex(docId, Integer.toString(current.size()), text), current));
        current = new ArrayList<>();
      }
    }
    return docs;
  }

  /** A query: a vector near a cluster centre and a question with two topic and two common words. */
  Query query(Random r) {
    int cluster = r.nextInt(centres.length);
    String text =
        "what is the "
            + topics[cluster][r.nextInt(8)]
            + " "
            + topics[cluster][r.nextInt(8)]
            + " for "
            + zipf(r)
            + " "
            + zipf(r)
            + "?";
    return new Query(near(r, cluster), text);
  }

  // a query vector, generated once and only read by the searches
  @SuppressWarnings("ArrayRecordComponent")
  record Query(float[] vector, String text) {}

  float[] near(Random r, int cluster) {
    float[] c = centres[cluster];
    float[] v = new float[dims];
    for (int i = 0; i < dims; i++) {
      v[i] = c[i] + (float) (NOISE * r.nextGaussian());
    }
    return normalise(v);
  }

  private String text(Random r, int cluster) {
    StringBuilder sb = new StringBuilder(460);
    while (sb.length() < 400) {
      String w = r.nextInt(5) == 0 ? topics[cluster][r.nextInt(8)] : zipf(r);
      sb.append(sb.length() == 0 ? "" : " ").append(w);
      if (r.nextInt(12) == 0) {
        sb.append('.');
      }
    }
    if (r.nextInt(4) == 0) {
      sb.append(" Limit ")
          .append(r.nextInt(1000))
          .append('.')
          .append(r.nextInt(100))
          .append(" units.");
    }
    return sb.toString();
  }

  private String zipf(Random r) {
    double u = r.nextDouble();
    int lo = 0;
    int hi = zipfCdf.length - 1;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (zipfCdf[mid] < u) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return common[lo];
  }

  private static String[] words(Random r, int n, int syllables) {
    String[] cons = {"b", "d", "f", "g", "k", "l", "m", "n", "p", "r", "s", "t", "v", "z"};
    String[] vow = {"a", "e", "i", "o", "u"};
    java.util.LinkedHashSet<String> out = new java.util.LinkedHashSet<>();
    while (out.size() < n) {
      StringBuilder w = new StringBuilder();
      int k = syllables + r.nextInt(2);
      for (int i = 0; i < k; i++) {
        w.append(cons[r.nextInt(cons.length)]).append(vow[r.nextInt(vow.length)]);
      }
      w.append(cons[r.nextInt(cons.length)]);
      out.add(w.toString());
    }
    return out.toArray(new String[0]);
  }

  static float[] gaussianUnit(Random r, int dims) {
    float[] v = new float[dims];
    for (int i = 0; i < dims; i++) {
      v[i] = (float) r.nextGaussian();
    }
    return normalise(v);
  }

  static float[] normalise(float[] v) {
    double n = 0;
    for (float x : v) {
      n += (double) x * x;
    }
    n = Math.sqrt(n);
    for (int i = 0; i < v.length; i++) {
      v[i] = (float) (v[i] / n);
    }
    return v;
  }
}
