package dev.citerag.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.citerag.IdentityMismatchException;
import dev.citerag.embed.LocalHashingEmbedder;
import dev.citerag.store.CollectionIdentity;
import dev.citerag.store.DocumentChunks;
import dev.citerag.store.InMemoryVectorStore;
import dev.citerag.store.WriteResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class IngestorTest {
  final LocalHashingEmbedder embedder = new LocalHashingEmbedder();

  /** Counts write calls. */
  static final class CountingStore extends InMemoryVectorStoreDelegate {
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
        b.append("Paragraph ").append(p).append(" of document ").append(i).append(' ').append(version)
            .append(" talks about deploys, rollbacks and keys in some detail.\n\n");
      }
      out.add(Document.markdown("docs/" + i + ".md", b.toString()).withMetadata(Map.of("team", "platform")));
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
    assertThat(store.documentHashes(List.of("docs/1.md")).get("docs/1.md")).isEqualTo(next.get(1).contentHash());
  }

  @Test
  void an_initial_load_is_one_write_and_later_loads_are_batched() {
    CountingStore store = new CountingStore(embedder.identity().dimensions());
    Ingestor ingestor = Ingestor.builder().embedder(embedder).store(store)
        .chunker(new MarkdownChunker(new ChunkerSettings(64, 8, false))).build();
    ingestor.ingest(docs(120, "v1"));
    assertThat(store.writes).isEqualTo(1);
    assertThat(store.chunkCount()).isGreaterThan(Ingestor.WRITE_BATCH_CHUNKS);
    store.writes = 0;
    ingestor.ingest(docs(120, "v2"));
    assertThat(store.writes).isGreaterThan(1);
  }

  @Test
  void reports_monotonic_progress_ending_at_the_totals() {
    InMemoryVectorStore store = new InMemoryVectorStore(embedder.identity().dimensions());
    List<IngestProgress> seen = new ArrayList<>();
    IngestReport r = Ingestor.builder().embedder(embedder).store(store).build().ingest(docs(4, "v1"), seen::add);
    assertThat(seen).isNotEmpty();
    for (int i = 1; i < seen.size(); i++) {
      assertThat(seen.get(i).documentsDone()).isGreaterThanOrEqualTo(seen.get(i - 1).documentsDone());
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
    assertThat(assertThrows(IllegalArgumentException.class, () -> ingestor.ingest(dup))).hasMessageContaining("repeats");
    assertThat(assertThrows(IllegalArgumentException.class,
        () -> Ingestor.builder().embedder(embedder).store(new InMemoryVectorStore(16)).build()))
        .hasMessageContaining("dimensions");
    store.ensureIdentity(new CollectionIdentity("other", "model-x", null, embedder.identity().dimensions(), null, "s"));
    assertThrows(IdentityMismatchException.class, () -> ingestor.ingest(docs(1, "v1")));
  }
}
