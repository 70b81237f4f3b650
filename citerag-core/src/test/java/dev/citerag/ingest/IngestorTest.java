package dev.citerag.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.citerag.IdentityMismatchException;
import dev.citerag.StoreException;
import dev.citerag.embed.DocumentText;
import dev.citerag.embed.Embedder;
import dev.citerag.embed.EmbedderIdentity;
import dev.citerag.embed.LocalHashingEmbedder;
import dev.citerag.store.CollectionIdentity;
import dev.citerag.store.DocumentChunks;
import dev.citerag.store.InMemoryVectorStore;
import dev.citerag.store.MetadataValue;
import dev.citerag.store.WriteResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class IngestorTest {
  final LocalHashingEmbedder embedder = new LocalHashingEmbedder();

  /** Counts write calls. */
  static class CountingStore extends InMemoryVectorStoreDelegate {
    int writes;

    CountingStore(int dims) {
      super(new InMemoryVectorStore(dims));
    }

    @Override
    public WriteResult write(List<DocumentChunks> documents) {
      writes++;
      return super.write(documents);
    }
  }

  static List<Document> docs(int n, String version) {
    List<Document> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      StringBuilder b = new StringBuilder("# Doc " + i + "\n\n");
      for (int p = 0; p < 30; p++) {
        b.append("Paragraph ")
            .append(p)
            .append(" of document ")
            .append(i)
            .append(' ')
            .append(version)
            .append(" talks about deploys, rollbacks and keys in some detail.\n\n");
      }
      out.add(
          Document.markdown("docs/" + i + ".md", b.toString())
              .withMetadata(MetadataValue.strings(Map.of("team", "platform"))));
    }
    return out;
  }

  @Test
  void second_ingest_of_unchanged_documents_writes_nothing() {
    InMemoryVectorStore store = new InMemoryVectorStore(embedder.identity().dimensions());
    Ingestor ingestor = Ingestor.builder().embedder(embedder).store(store).build();
    IngestReport first = ingestor.ingest(docs(5, "v1"));
    assertThat(first.documentsWritten()).isEqualTo(5);
    assertThat(first.chunksWritten()).isEqualTo((int) store.chunkCount()).isPositive();
    IngestReport second = ingestor.ingest(docs(5, "v1"));
    assertThat(second.documentsWritten()).isZero();
    assertThat(second.documentsSkipped()).isEqualTo(5);
    assertThat(second.chunksWritten()).isZero();
  }

  @Test
  void a_changed_document_replaces_exactly_its_own_chunks() {
    InMemoryVectorStore store = new InMemoryVectorStore(embedder.identity().dimensions());
    Ingestor ingestor = Ingestor.builder().embedder(embedder).store(store).build();
    ingestor.ingest(docs(3, "v1"));
    long before = store.chunkCount();
    List<Document> next = new ArrayList<>(docs(3, "v1"));
    next.set(1, docs(3, "v2").get(1));
    IngestReport r = ingestor.ingest(next);
    assertThat(r.documentsWritten()).isEqualTo(1);
    assertThat(r.documentsSkipped()).isEqualTo(2);
    assertThat(r.chunksDeleted()).isPositive();
    assertThat(store.chunkCount()).isEqualTo(before);
    assertThat(store.documentHashes(List.of("docs/1.md")).get("docs/1.md"))
        .isEqualTo(next.get(1).contentHash());
  }

  @Test
  void an_initial_load_is_one_write_and_later_loads_are_batched() {
    CountingStore store = new CountingStore(embedder.identity().dimensions());
    Ingestor ingestor =
        Ingestor.builder()
            .embedder(embedder)
            .store(store)
            .chunker(new MarkdownChunker(new ChunkerSettings(64, 8, false)))
            .build();
    ingestor.ingest(docs(120, "v1"));
    assertThat(store.writes).isEqualTo(1);
    assertThat(store.chunkCount()).isGreaterThan(Ingestor.WRITE_BATCH_CHUNKS);
    store.writes = 0;
    ingestor.ingest(docs(120, "v2"));
    assertThat(store.writes).isGreaterThan(1);
  }

  @Test
  void the_next_batch_is_embedded_while_the_previous_one_is_written() throws Exception {
    CountDownLatch writing = new CountDownLatch(1);
    CountDownLatch embeddedMeanwhile = new CountDownLatch(1);
    AtomicBoolean overlapped = new AtomicBoolean();
    AtomicBoolean armed = new AtomicBoolean();
    CountingStore store =
        new CountingStore(embedder.identity().dimensions()) {
          @Override
          public WriteResult write(List<DocumentChunks> documents) {
            if (armed.get() && writing.getCount() == 1) {
              writing.countDown();
              try {
                // a sequential ingest cannot embed before this write returns: the wait times out
                overlapped.set(embeddedMeanwhile.await(60, TimeUnit.SECONDS));
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            }
            return super.write(documents);
          }
        };
    Embedder watching =
        new Embedder() {
          @Override
          public List<float[]> embedDocuments(List<DocumentText> documents) {
            if (writing.getCount() == 0) {
              embeddedMeanwhile.countDown();
            }
            return embedder.embedDocuments(documents);
          }

          @Override
          public float[] embedQuery(String query) {
            return embedder.embedQuery(query);
          }

          @Override
          public EmbedderIdentity identity() {
            return embedder.identity();
          }
        };
    Ingestor ingestor =
        Ingestor.builder()
            .embedder(watching)
            .store(store)
            .chunker(new MarkdownChunker(new ChunkerSettings(64, 8, false)))
            .build();
    ingestor.ingest(docs(1, "seed")); // a non-empty store: later loads are batched
    armed.set(true);
    IngestReport r = ingestor.ingest(docs(120, "v2"));
    assertThat(overlapped)
        .as("a batch was embedded while the previous one was being written")
        .isTrue();
    assertThat(store.writes).isGreaterThan(2);
    assertThat(r.documentsWritten()).isEqualTo(120);
  }

  @Test
  void a_failed_batch_write_fails_the_ingest_with_the_store_error() {
    CountingStore store =
        new CountingStore(embedder.identity().dimensions()) {
          @Override
          public WriteResult write(List<DocumentChunks> documents) {
            if (writes >= 2) {
              throw new StoreException("disk full", null);
            }
            return super.write(documents);
          }
        };
    Ingestor ingestor =
        Ingestor.builder()
            .embedder(embedder)
            .store(store)
            .chunker(new MarkdownChunker(new ChunkerSettings(64, 8, false)))
            .build();
    ingestor.ingest(docs(1, "seed"));
    assertThat(assertThrows(StoreException.class, () -> ingestor.ingest(docs(120, "v2"))))
        .hasMessage("disk full");
  }

  @Test
  void progress_carries_elapsed_time_and_a_chunk_rate() {
    InMemoryVectorStore store = new InMemoryVectorStore(embedder.identity().dimensions());
    List<IngestProgress> seen = new ArrayList<>();
    Ingestor.builder().embedder(embedder).store(store).build().ingest(docs(4, "v1"), seen::add);
    IngestProgress last = seen.get(seen.size() - 1);
    assertThat(last.elapsed()).isPositive();
    assertThat(last.chunksPerSecond())
        .isPositive()
        .isCloseTo(
            last.chunksDone() / (last.elapsed().toNanos() / 1e9),
            org.assertj.core.data.Percentage.withPercentage(0.001));
    assertThat(new IngestProgress(0, 1, 0, 1).chunksPerSecond()).isZero();
  }

  @Test
  void reports_monotonic_progress_ending_at_the_totals() {
    InMemoryVectorStore store = new InMemoryVectorStore(embedder.identity().dimensions());
    List<IngestProgress> seen = new ArrayList<>();
    IngestReport r =
        Ingestor.builder().embedder(embedder).store(store).build().ingest(docs(4, "v1"), seen::add);
    assertThat(seen).isNotEmpty();
    for (int i = 1; i < seen.size(); i++) {
      assertThat(seen.get(i).documentsDone())
          .isGreaterThanOrEqualTo(seen.get(i - 1).documentsDone());
      assertThat(seen.get(i).chunksDone()).isGreaterThanOrEqualTo(seen.get(i - 1).chunksDone());
    }
    IngestProgress last = seen.get(seen.size() - 1);
    assertThat(last.documentsDone()).isEqualTo(4).isEqualTo(last.documentsTotal());
    assertThat(last.chunksDone()).isEqualTo(last.chunksTotal()).isEqualTo(r.chunksWritten());
  }

  @Test
  void rejects_duplicate_ids_dimension_mismatch_and_a_different_identity() {
    InMemoryVectorStore store = new InMemoryVectorStore(embedder.identity().dimensions());
    Ingestor ingestor = Ingestor.builder().embedder(embedder).store(store).build();
    List<Document> dup = List.of(Document.text("a", "x y z"), Document.text("a", "other"));
    assertThat(assertThrows(IllegalArgumentException.class, () -> ingestor.ingest(dup)))
        .hasMessageContaining("repeats");
    assertThat(
            assertThrows(
                IllegalArgumentException.class,
                () ->
                    Ingestor.builder()
                        .embedder(embedder)
                        .store(new InMemoryVectorStore(16))
                        .build()))
        .hasMessageContaining("dimensions");
    store.ensureIdentity(
        new CollectionIdentity(
            "other", "model-x", null, embedder.identity().dimensions(), null, "s"));
    assertThrows(IdentityMismatchException.class, () -> ingestor.ingest(docs(1, "v1")));
  }
}
