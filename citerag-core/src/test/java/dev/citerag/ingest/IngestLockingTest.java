package dev.citerag.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.citerag.StoreException;
import dev.citerag.embed.LocalHashingEmbedder;
import dev.citerag.store.InMemoryVectorStore;
import dev.citerag.store.IngestLock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** Ingests of one collection run one at a time, whoever starts them (Ingestor takes the lock). */
class IngestLockingTest {

  private final LocalHashingEmbedder embedder = new LocalHashingEmbedder();
  private final InMemoryVectorStore store =
      new InMemoryVectorStore(embedder.identity().dimensions());
  private final Ingestor ingestor = Ingestor.builder().embedder(embedder).store(store).build();

  private static List<Document> docs(String... ids) {
    return java.util.Arrays.stream(ids)
        .map(id -> Document.markdown(id, "# " + id + "\n\nText of " + id + " about turbines."))
        .toList();
  }

  @Test
  void a_sync_waits_while_another_ingest_of_the_collection_holds_the_lock() throws Exception {
    IngestLock held = store.lockIngest(Duration.ZERO);
    AtomicReference<IngestReport> report = new AtomicReference<>();
    Thread other = new Thread(() -> report.set(ingestor.sync(docs("a.md", "b.md"))));
    other.start();
    // the other ingest parks on the lock; nothing is written while it waits
    long bound = System.nanoTime() + Duration.ofMinutes(2).toNanos();
    while (other.getState() != Thread.State.TIMED_WAITING && System.nanoTime() < bound) {
      Thread.onSpinWait();
    }
    assertThat(other.getState()).isEqualTo(Thread.State.TIMED_WAITING);
    assertThat(store.documentIds()).isEmpty();
    held.close();
    other.join();
    assertThat(report.get().documentsWritten()).isEqualTo(2);
    assertThat(store.documentIds()).containsExactlyInAnyOrder("a.md", "b.md");
  }

  @Test
  void the_lock_is_reentrant_for_its_thread_so_an_ingest_inside_a_callers_lock_runs() {
    IngestLock outer = store.lockIngest(Duration.ZERO);
    try {
      assertThat(ingestor.ingest(docs("a.md")).documentsWritten()).isEqualTo(1);
      assertThat(ingestor.sync(docs("b.md")).documentsRemoved()).isEqualTo(1);
    } finally {
      outer.close();
    }
    assertThat(store.documentIds()).containsExactly("b.md");
  }

  @Test
  void a_lock_that_cannot_be_had_in_time_fails_with_a_clear_message_and_close_is_idempotent()
      throws Exception {
    IngestLock held = store.lockIngest(Duration.ZERO);
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Thread other =
        new Thread(
            () ->
                failure.set(
                    assertThrows(StoreException.class, () -> store.lockIngest(Duration.ZERO))));
    other.start();
    other.join();
    assertThat(failure.get()).hasMessageContaining("one at a time");
    held.close();
    held.close();
    store.lockIngest(Duration.ZERO).close();
    assertThrows(IllegalArgumentException.class, () -> store.lockIngest(Duration.ofSeconds(-1)));
  }
}
