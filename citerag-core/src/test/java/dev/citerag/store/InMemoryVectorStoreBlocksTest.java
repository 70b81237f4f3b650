package dev.citerag.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.citerag.store.internal.VectorBlocks;
import dev.citerag.text.internal.Hashing;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.IntPredicate;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Dense search over more than one block of vectors, against a double-precision brute force: no
 * filter, a dense filter (whole blocks scored), a sparse filter (rows scored one by one), and after
 * deletes.
 */
class InMemoryVectorStoreBlocksTest {
  private static final int D = 24;
  private static final int N = 2 * VectorBlocks.BLOCK + 300;
  private static final int PER_DOC = 10;

  private final float[][] vectors = new float[N][D];
  private final InMemoryVectorStore store = new InMemoryVectorStore(D);

  InMemoryVectorStoreBlocksTest() {
    Random r = new Random(5);
    List<DocumentChunks> docs = new ArrayList<>();
    for (int doc = 0; doc * PER_DOC < N; doc++) {
      List<EmbeddedChunk> cs = new ArrayList<>();
      for (int row = doc * PER_DOC; row < Math.min(N, (doc + 1) * PER_DOC); row++) {
        double norm = 0;
        for (int i = 0; i < D; i++) {
          vectors[row][i] = (float) r.nextGaussian();
          norm += vectors[row][i] * vectors[row][i];
        }
        for (int i = 0; i < D; i++) {
          vectors[row][i] /= (float) Math.sqrt(norm);
        }
        String text = "chunk " + row;
        Map<String, String> meta =
            Map.of("half", row % 2 == 0 ? "even" : "odd", "rare", row % 150 == 7 ? "yes" : "no");
        cs.add(
            new EmbeddedChunk(
                new Chunk(
                    "c" + row,
                    "d" + doc,
                    "d" + doc,
                    null,
                    List.of(),
                    null,
                    text,
                    2,
                    Hashing.sha256Hex(text),
                    MetadataValue.strings(meta)),
                vectors[row]));
      }
      docs.add(new DocumentChunks("d" + doc, "h" + doc, cs));
    }
    store.write(docs);
  }

  private void assertMatchesBruteForce(
      float[] q, int k, Filter filter, IntPredicate passes, IntPredicate live) {
    List<SearchHit> hits = store.denseSearch(q, k, filter);
    double[] exact = new double[N];
    for (int row = 0; row < N; row++) {
      double s = 0;
      for (int i = 0; i < D; i++) {
        s += (double) vectors[row][i] * q[i];
      }
      exact[row] = s;
    }
    List<Integer> expected =
        IntStream.range(0, N)
            .filter(passes)
            .filter(live)
            .boxed()
            .sorted(Comparator.comparingDouble((Integer row) -> exact[row]).reversed())
            .limit(k)
            .toList();
    assertEquals(expected.size(), hits.size(), "hit count for " + filter);
    for (int i = 0; i < hits.size(); i++) {
      int row = Integer.parseInt(hits.get(i).chunk().id().substring(1));
      assertTrue(passes.test(row) && live.test(row), "hit " + row + " must pass " + filter);
      // equal up to float rounding: the store sums in float, the reference in double
      assertEquals(
          exact[expected.get(i)], hits.get(i).cosine(), 1e-5, "rank " + (i + 1) + " for " + filter);
      assertEquals(exact[row], hits.get(i).cosine(), 1e-5, "cosine of " + row);
    }
  }

  private static float[] query(long seed) {
    Random r = new Random(seed);
    float[] q = new float[D];
    double norm = 0;
    for (int i = 0; i < D; i++) {
      q[i] = (float) r.nextGaussian();
      norm += q[i] * q[i];
    }
    for (int i = 0; i < D; i++) {
      q[i] /= (float) Math.sqrt(norm); // unit, so a dot product is the cosine the store reports
    }
    return q;
  }

  @Test
  void exact_top_k_across_blocks_with_and_without_filters() {
    for (long seed = 0; seed < 5; seed++) {
      float[] q = query(seed);
      assertMatchesBruteForce(q, 10, Filter.ALL, row -> true, row -> true);
      assertMatchesBruteForce(q, 10, Filter.eq("half", "even"), row -> row % 2 == 0, row -> true);
      // about 1 row in 150 passes: blocks are scored row by row
      assertMatchesBruteForce(q, 10, Filter.eq("rare", "yes"), row -> row % 150 == 7, row -> true);
    }
  }

  @Test
  void a_filter_passing_fewer_rows_than_k_returns_all_of_them() {
    assertMatchesBruteForce(
        query(9), 100, Filter.eq("rare", "yes"), row -> row % 150 == 7, row -> true);
  }

  @Test
  void deleted_rows_are_never_returned_and_survivors_keep_their_vectors_after_compaction() {
    // deleting 40 % of the documents (spread over every block) triggers compaction, which moves
    // rows down
    IntPredicate deletedDoc = doc -> doc % 5 < 2;
    for (int doc = 0; doc * PER_DOC < N; doc++) {
      if (deletedDoc.test(doc)) {
        assertTrue(store.deleteDocument("d" + doc));
      }
    }
    IntPredicate live = row -> !deletedDoc.test(row / PER_DOC);
    assertEquals(IntStream.range(0, N).filter(live).count(), store.chunkCount());
    assertTrue(store.slotsInUse() < N, "compaction must have run");
    for (long seed = 10; seed < 13; seed++) {
      float[] q = query(seed);
      assertMatchesBruteForce(q, 10, Filter.ALL, row -> true, live);
      assertMatchesBruteForce(q, 10, Filter.eq("half", "odd"), row -> row % 2 == 1, live);
      assertMatchesBruteForce(q, 10, Filter.eq("rare", "yes"), row -> row % 150 == 7, live);
    }
  }

  @Test
  void cosines_of_lexical_hits_equal_their_dense_cosines_exactly() {
    float[] q = query(3);
    List<SearchHit> dense = store.denseSearch(q, 20, Filter.ALL);
    List<SearchHit> stripped = new ArrayList<>();
    for (SearchHit h : dense) {
      stripped.add(new SearchHit(h.chunk(), null, null, 1, 1.0, 0.0));
    }
    List<SearchHit> filled = store.withCosines(q, stripped);
    for (int i = 0; i < dense.size(); i++) {
      assertEquals(dense.get(i).cosine(), filled.get(i).cosine(), 0.0, dense.get(i).chunk().id());
    }
  }
}
