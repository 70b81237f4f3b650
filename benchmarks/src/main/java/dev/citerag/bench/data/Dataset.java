package dev.citerag.bench.data;

import dev.citerag.store.internal.TopK;
import java.util.Random;

/**
 * Seeded synthetic corpus with neighbourhood structure, so that approximate-search recall means
 * something: unit vectors drawn from a Gaussian mixture of {@value #CENTRES} random centres (each
 * vector is its centre plus Gaussian noise of norm about {@value #NOISE_NORM}, normalised), and a
 * text of about 400 characters per vector whose words partly come from its cluster's own topic
 * words, so lexical search and hybrid questions have something to find.
 *
 * <p>Metadata: {@code team} is one of four values uniformly ({@code team == platform} passes about
 * 25 % of rows), {@code shard} one of 100 ({@code shard == s07}: about 1 %), {@code doc} groups
 * {@value #CHUNKS_PER_DOC} consecutive chunks into one document.
 *
 * <p>Queries come from the same mixture (seed 43) with a question made of two topic words of their
 * cluster and two common words; warm-up queries use seed 44. Vectors use seed 42.
 */
public final class Dataset {
  public static final int CENTRES = 1000;
  public static final double NOISE_NORM = 0.75;
  public static final int CHUNKS_PER_DOC = 20;
  private static final String[] TEAMS = {"platform", "payments", "search", "infra"};
  public static final String FILTER_TEAM = "platform";
  public static final String FILTER_SHARD = "s07";
  private static final int TOPIC_WORDS = 12;
  private static final int VOCABULARY = 3000;

  public final int n;
  public final int dims;
  public final float[][] vectors;
  public final String[] texts;
  public final String[] teams;
  public final String[] shards;
  public final float[][] queries;
  public final String[] questions;
  public final float[][] warmupQueries;
  public final String[] warmupQuestions;

  private final float[][] centres;
  private final String[] vocabulary;
  private final double[] zipf;
  private final int[][] topics;

  private Dataset(int n, int dims, int queryCount, int warmupCount) {
    this.n = n;
    this.dims = dims;
    Random r = new Random(42);
    centres = new float[CENTRES][];
    for (int c = 0; c < CENTRES; c++) {
      centres[c] = gaussianUnit(r, dims, null, 0);
    }
    vocabulary = vocabulary(new Random(7));
    zipf = new double[VOCABULARY];
    double acc = 0;
    for (int i = 0; i < VOCABULARY; i++) {
      acc += 1.0 / (i + 1);
      zipf[i] = acc;
    }
    topics = new int[CENTRES][TOPIC_WORDS];
    Random tr = new Random(8);
    for (int c = 0; c < CENTRES; c++) {
      for (int j = 0; j < TOPIC_WORDS; j++) {
        topics[c][j] = 200 + tr.nextInt(VOCABULARY - 200); // topic words are rarer words
      }
    }
    vectors = new float[n][];
    texts = new String[n];
    teams = new String[n];
    shards = new String[n];
    Random textRandom = new Random(9);
    Random meta = new Random(10);
    for (int i = 0; i < n; i++) {
      int c = r.nextInt(CENTRES);
      vectors[i] = gaussianUnit(r, dims, centres[c], NOISE_NORM / Math.sqrt(dims));
      texts[i] = text(textRandom, c, i);
      teams[i] = TEAMS[meta.nextInt(TEAMS.length)];
      shards[i] = String.format("s%02d", meta.nextInt(100));
    }
    queries = new float[queryCount][];
    questions = new String[queryCount];
    fillQueries(new Random(43), queries, questions);
    warmupQueries = new float[warmupCount][];
    warmupQuestions = new String[warmupCount];
    fillQueries(new Random(44), warmupQueries, warmupQuestions);
  }

  /**
   * Generates {@code n} vectors of {@code dims} components with 200 queries and 50 warm-up queries.
   */
  public static Dataset generate(int n, int dims) {
    return new Dataset(n, dims, 200, 50);
  }

  public static Dataset generate(int n, int dims, int queries, int warmups) {
    return new Dataset(n, dims, queries, warmups);
  }

  public String docId(int row) {
    return "doc-" + (row / CHUNKS_PER_DOC);
  }

  public String chunkId(int row) {
    return "c" + row;
  }

  /** The dataset rows of citerag search hits, in hit order. */
  public static int[] rowsOf(java.util.List<?> hits) {
    int[] rows = new int[hits.size()];
    for (int i = 0; i < rows.length; i++) {
      rows[i] = row(((dev.citerag.store.SearchHit) hits.get(i)).chunk().id());
    }
    return rows;
  }

  /** The row number of a chunk id made by {@link #chunkId}. */
  public static int row(String chunkId) {
    return Integer.parseInt(chunkId.substring(1));
  }

  public boolean passesTeam(int row) {
    return FILTER_TEAM.equals(teams[row]);
  }

  public boolean passesShard(int row) {
    return FILTER_SHARD.equals(shards[row]);
  }

  private void fillQueries(Random r, float[][] qs, String[] words) {
    for (int q = 0; q < qs.length; q++) {
      int c = r.nextInt(CENTRES);
      qs[q] = gaussianUnit(r, dims, centres[c], NOISE_NORM / Math.sqrt(dims));
      words[q] =
          "how does "
              + vocabulary[topics[c][r.nextInt(TOPIC_WORDS)]]
              + " relate to "
              + vocabulary[topics[c][r.nextInt(TOPIC_WORDS)]]
              + " and "
              + common(r)
              + " "
              + common(r)
              + "?";
    }
  }

  private String text(Random r, int cluster, int row) {
    StringBuilder b = new StringBuilder(440);
    b.append("Note ").append(row).append(". ");
    while (b.length() < 400) {
      String w =
          r.nextInt(10) < 3 ? vocabulary[topics[cluster][r.nextInt(TOPIC_WORDS)]] : common(r);
      b.append(w).append(r.nextInt(14) == 0 ? ". " : " ");
    }
    return b.toString().strip();
  }

  private String common(Random r) {
    double x = r.nextDouble() * zipf[VOCABULARY - 1];
    int lo = 0;
    int hi = VOCABULARY - 1;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (zipf[mid] < x) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return vocabulary[lo];
  }

  private static String[] vocabulary(Random r) {
    String[] onsets = {
      "b", "d", "f", "g", "k", "l", "m", "n", "p", "r", "s", "t", "v", "z", "br", "st", "tr", "pl"
    };
    String[] vowels = {"a", "e", "i", "o", "u", "ai", "ou"};
    String[] codas = {"", "n", "r", "s", "l", "x", "m"};
    java.util.Set<String> seen = new java.util.LinkedHashSet<>();
    while (seen.size() < VOCABULARY) {
      int syllables = 2 + r.nextInt(2);
      StringBuilder w = new StringBuilder();
      for (int s = 0; s < syllables; s++) {
        w.append(onsets[r.nextInt(onsets.length)]).append(vowels[r.nextInt(vowels.length)]);
      }
      w.append(codas[r.nextInt(codas.length)]);
      seen.add(w.toString());
    }
    return seen.toArray(new String[0]);
  }

  /**
   * A unit vector: {@code centre + noise * gaussian} (or a pure gaussian), normalised in double.
   */
  static float[] gaussianUnit(
      Random r, int d, float @org.jspecify.annotations.Nullable [] centre, double noise) {
    double[] v = new double[d];
    double norm = 0;
    for (int i = 0; i < d; i++) {
      v[i] = centre == null ? r.nextGaussian() : centre[i] + noise * r.nextGaussian();
      norm += v[i] * v[i];
    }
    norm = Math.sqrt(norm);
    float[] out = new float[d];
    for (int i = 0; i < d; i++) {
      out[i] = (float) (v[i] / norm);
    }
    return out;
  }

  /**
   * Exact top-{@code k} rows per query by a double-precision dot product (the vectors are unit),
   * for no filter, the team filter and the shard filter: {@code [filter][query][rank]}.
   */
  public int[][][] exactTopK(int k) {
    int[][][] out = new int[3][queries.length][];
    double[] scores = new double[k];
    int[] slots = new int[k];
    for (int q = 0; q < queries.length; q++) {
      float[] query = queries[q];
      TopK all = new TopK(k);
      TopK team = new TopK(k);
      TopK shard = new TopK(k);
      for (int row = 0; row < n; row++) {
        float[] v = vectors[row];
        double s = 0;
        for (int i = 0; i < dims; i++) {
          s += (double) v[i] * query[i];
        }
        all.offer(s, row);
        if (passesTeam(row)) {
          team.offer(s, row);
        }
        if (passesShard(row)) {
          shard.offer(s, row);
        }
      }
      TopK[] tops = {all, team, shard};
      for (int f = 0; f < 3; f++) {
        int m = tops[f].drainBestFirst(scores, slots);
        out[f][q] = java.util.Arrays.copyOf(slots, m);
      }
    }
    return out;
  }
}
