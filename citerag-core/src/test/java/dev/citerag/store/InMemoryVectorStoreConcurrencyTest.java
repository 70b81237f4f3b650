package dev.citerag.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.citerag.text.internal.Hashing;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Writers keep replacing whole documents (every chunk of version v says "v") and deleting some,
 * while readers search: a reader must never see two versions of one document, part of one, or none
 * of a document that is never deleted.
 */
class InMemoryVectorStoreConcurrencyTest {

  private static final int DIMS = 8;
  private static final int CHUNKS_PER_DOC = 5;
  private static final int DOCS_PER_WRITER = 6;
  private static final int WRITERS = 3;
  private static final int READERS = 3;

  /**
   * Documents d0..d3 of each writer are replaced but never deleted: they must always be visible.
   */
  private static final int PERSISTENT_DOCS = 4;

  @Test
  void readers_never_see_a_mixed_or_partial_document() throws Exception {
    InMemoryVectorStore store = new InMemoryVectorStore(DIMS);
    ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
    AtomicBoolean stop = new AtomicBoolean();
    AtomicLong reads = new AtomicLong();
    AtomicLong writes = new AtomicLong();
    CountDownLatch start = new CountDownLatch(1);
    Random seed = new Random(42);
    for (int w = 0; w < WRITERS; w++) {
      for (int d = 0; d < DOCS_PER_WRITER; d++) {
        store.write(List.of(version("w" + w + "-d" + d, 0, seed)));
      }
    }
    List<Thread> threads = new ArrayList<>();
    for (int w = 0; w < WRITERS; w++) {
      int writer = w;
      threads.add(
          new Thread(
              () -> {
                Random r = new Random(writer);
                try {
                  start.await();
                  for (int v = 1; !stop.get(); v++) {
                    int d = r.nextInt(DOCS_PER_WRITER);
                    String docId = "w" + writer + "-d" + d;
                    if (d >= PERSISTENT_DOCS && r.nextInt(3) == 0) {
                      store.deleteDocument(docId);
                    } else {
                      store.write(List.of(version(docId, v, r)));
                    }
                    writes.incrementAndGet();
                  }
                } catch (Throwable t) {
                  failures.add(t);
                }
              },
              "writer-" + w));
    }
    for (int rd = 0; rd < READERS; rd++) {
      int reader = rd;
      threads.add(
          new Thread(
              () -> {
                Random r = new Random(100 + reader);
                try {
                  start.await();
                  while (!stop.get()) {
                    float[] q = InMemoryVectorStoreTest.randomVector(r, DIMS);
                    int k = WRITERS * DOCS_PER_WRITER * CHUNKS_PER_DOC + 10;
                    List<SearchHit> hits;
                    switch (r.nextInt(3)) {
                      case 0:
                        hits = store.denseSearch(q, k, Filter.ALL);
                        break;
                      case 1:
                        hits = store.lexicalSearch("common", k, Filter.ALL);
                        break;
                      default:
                        hits = store.hybridSearch(q, "common", 1000, Filter.ALL);
                        break;
                    }
                    checkWholeDocuments(hits);
                    reads.incrementAndGet();
                  }
                } catch (Throwable t) {
                  failures.add(t);
                }
              },
              "reader-" + rd));
    }
    threads.forEach(Thread::start);
    start.countDown();
    Thread.sleep(700);
    stop.set(true);
    for (Thread t : threads) {
      t.join(TimeUnit.SECONDS.toMillis(10));
    }
    if (!failures.isEmpty()) {
      AssertionError e = new AssertionError("concurrent readers or writers failed");
      failures.forEach(e::addSuppressed);
      throw e;
    }
    assertThat(reads.get()).as("reads").isGreaterThan(50);
    assertThat(writes.get()).as("writes").isGreaterThan(50);
  }

  private static DocumentChunks version(String docId, int v, Random r) {
    List<EmbeddedChunk> cs = new ArrayList<>();
    for (int j = 0; j < CHUNKS_PER_DOC; j++) {
      String text = "common " + docId + " version v" + v + " part " + j;
      Chunk c =
          new Chunk(
              docId + "#" + v + "#" + j,
              docId,
              docId,
              null,
              List.of(),
              null,
              text,
              10,
              Hashing.sha256Hex(text),
              MetadataValue.strings(Map.of("version", Integer.toString(v))));
      cs.add(new EmbeddedChunk(c, InMemoryVectorStoreTest.randomVector(r, DIMS)));
    }
    return new DocumentChunks(docId, "h" + v, cs);
  }

  private static void checkWholeDocuments(List<SearchHit> hits) {
    Map<String, String> versionOf = new HashMap<>();
    Map<String, Integer> count = new HashMap<>();
    for (SearchHit h : hits) {
      String doc = h.chunk().docId();
      String v = String.valueOf(h.chunk().metadata().get("version"));
      String seen = versionOf.putIfAbsent(doc, v);
      if (seen != null && !seen.equals(v)) {
        throw new AssertionError("document " + doc + " seen in versions " + seen + " and " + v);
      }
      count.merge(doc, 1, Integer::sum);
    }
    // every search asks for more than the store can hold and every chunk matches "common"
    for (Map.Entry<String, Integer> e : count.entrySet()) {
      assertEquals(CHUNKS_PER_DOC, e.getValue(), "chunks of " + e.getKey() + " visible at once");
    }
    for (int w = 0; w < WRITERS; w++) {
      for (int d = 0; d < PERSISTENT_DOCS; d++) {
        String doc = "w" + w + "-d" + d;
        if (!count.containsKey(doc)) {
          throw new AssertionError("document " + doc + " is never deleted but was not visible");
        }
      }
    }
  }
}
