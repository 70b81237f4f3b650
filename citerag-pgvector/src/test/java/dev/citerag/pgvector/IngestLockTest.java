package dev.citerag.pgvector;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.citerag.StoreException;
import dev.citerag.embed.Embedder;
import dev.citerag.embed.LocalHashingEmbedder;
import dev.citerag.ingest.Document;
import dev.citerag.ingest.DocumentFormat;
import dev.citerag.ingest.Ingestor;
import dev.citerag.testkit.postgres.PostgresTest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/** Ingests of one collection run one at a time under {@link PgVectorStore#lockIngest}. */
@PostgresTest
class IngestLockTest {
  private static final Embedder EMBEDDER = new LocalHashingEmbedder();

  private final DataSource ds;

  IngestLockTest(DataSource ds) {
    this.ds = ds;
  }

  private PgVectorStore store(String collection) {
    return PgVectorStore.builder()
        .dataSource(ds)
        .collection(collection)
        .dimensions(EMBEDDER.identity().dimensions())
        .build();
  }

  @Test
  void a_second_ingest_of_the_collection_fails_with_a_clear_message_when_it_cannot_wait() {
    try (PgVectorStore first = store("lock_clear");
        PgVectorStore second = store("lock_clear")) {
      PgVectorStore.IngestLock held = first.lockIngest(Duration.ZERO);
      StoreException e =
          assertThrows(StoreException.class, () -> second.lockIngest(Duration.ofMillis(300)));
      assertThat(e.getMessage())
          .contains("another ingest into collection \"lock_clear\"")
          .contains("one at a time");
      held.close();
      second.lockIngest(Duration.ZERO).close(); // free again once the first is done
    }
  }

  @Test
  void a_second_ingest_waits_for_the_first_and_other_collections_do_not() throws Exception {
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try (PgVectorStore first = store("lock_wait");
        PgVectorStore second = store("lock_wait");
        PgVectorStore other = store("lock_other")) {
      PgVectorStore.IngestLock held = first.lockIngest(Duration.ZERO);
      other.lockIngest(Duration.ZERO).close(); // another collection: not blocked
      AtomicBoolean firstReleased = new AtomicBoolean();
      CountDownLatch waiting = new CountDownLatch(1);
      Future<Boolean> secondGot =
          pool.submit(
              () -> {
                waiting.countDown();
                PgVectorStore.IngestLock l = second.lockIngest(Duration.ofMinutes(2));
                boolean after = firstReleased.get(); // it got the lock only after the first let go
                l.close();
                return after;
              });
      assertThat(waiting.await(30, TimeUnit.SECONDS)).isTrue();
      Thread.sleep(3 * 100); // a few of its tries fail while the first holds it
      assertThat(secondGot.isDone()).isFalse();
      firstReleased.set(true);
      held.close();
      assertThat(secondGot.get(60, TimeUnit.SECONDS)).isTrue();
    } finally {
      pool.shutdownNow();
    }
  }

  private static List<Document> docs(String prefix, int from, int to) {
    List<Document> out = new ArrayList<>();
    for (int i = from; i < to; i++) {
      String id = prefix + "/doc-" + i + ".md";
      out.add(
          new Document(
              id,
              id,
              "Doc " + i,
              "# Doc " + i + "\n\nParagraph " + i + " about turbines and rotors.",
              DocumentFormat.MARKDOWN,
              Map.of()));
    }
    return out;
  }

  @Test
  void two_syncs_of_overlapping_folders_under_the_lock_end_as_one_after_the_other()
      throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try (PgVectorStore a = store("lock_sync");
        PgVectorStore b = store("lock_sync")) {
      // overlapping folders: docs 0..40 and 20..60 of one tree
      List<Document> left = docs("tree", 0, 40);
      List<Document> right = docs("tree", 20, 60);
      Set<String> leftIds = ids(left);
      Set<String> rightIds = ids(right);
      for (int round = 0; round < 3; round++) {
        CountDownLatch go = new CountDownLatch(1);
        Future<?> f1 = pool.submit(() -> syncLocked(a, left, go));
        Future<?> f2 = pool.submit(() -> syncLocked(b, right, go));
        go.countDown();
        f1.get(120, TimeUnit.SECONDS);
        f2.get(120, TimeUnit.SECONDS);
        Set<String> stored = new TreeSet<>(a.documentIds());
        // the later one mirrors its folder: the collection is one of the two, never a mix
        assertThat(stored).isIn(leftIds, rightIds);
      }
    } finally {
      pool.shutdownNow();
    }
  }

  private static Void syncLocked(PgVectorStore store, List<Document> docs, CountDownLatch go)
      throws InterruptedException {
    go.await();
    PgVectorStore.IngestLock lock = store.lockIngest(Duration.ofMinutes(2));
    try {
      Ingestor.builder().embedder(EMBEDDER).store(store).build().sync(docs);
    } finally {
      lock.close();
    }
    return null;
  }

  private static Set<String> ids(List<Document> docs) {
    Set<String> out = new TreeSet<>();
    docs.forEach(d -> out.add(d.id()));
    return out;
  }
}
