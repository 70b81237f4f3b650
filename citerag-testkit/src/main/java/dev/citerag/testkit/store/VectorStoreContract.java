package dev.citerag.testkit.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.citerag.IdentityMismatchException;
import dev.citerag.ingest.Document;
import dev.citerag.ingest.IngestListener;
import dev.citerag.ingest.IngestReport;
import dev.citerag.ingest.Ingestor;
import dev.citerag.store.Chunk;
import dev.citerag.store.CollectionIdentity;
import dev.citerag.store.DocumentChunks;
import dev.citerag.store.EmbeddedChunk;
import dev.citerag.store.Filter;
import dev.citerag.store.MetadataValue;
import dev.citerag.store.SearchHit;
import dev.citerag.store.VectorStore;
import dev.citerag.store.WriteResult;
import dev.citerag.testkit.fakes.DeterministicEmbedder;
import dev.citerag.text.internal.Hashing;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * What every {@link VectorStore} must do. Extend it and return a fresh, empty store from {@link
 * #newStore(int)}; every test asks for its own store.
 *
 * <pre>{@code
 * class MyStoreContractTest extends VectorStoreContract {
 *   @Override
 *   protected VectorStore newStore(int dimensions) {
 *     return new MyStore(dimensions);
 *   }
 * }
 * }</pre>
 *
 * The vectors are small ({@value #D} dimensions) and chosen so that the expected order is exact;
 * the texts are chosen so that any reasonable English analyser (PostgreSQL's {@code english}
 * configuration, citerag's in-memory analyser) finds the same terms.
 */
public abstract class VectorStoreContract {

  /** For subclasses: one per store implementation. */
  protected VectorStoreContract() {}

  /** The dimensions of every store the contract asks for. */
  protected static final int D = 8;

  /**
   * A fresh, empty store holding vectors of {@code dimensions}. The contract does not close it;
   * close it in an {@code @AfterEach} if it holds resources.
   *
   * @param dimensions the vector length
   * @return the store under test
   */
  protected abstract VectorStore newStore(int dimensions);

  // ------------------------------------------------------------------ identity

  @Test
  void identity_is_recorded_on_first_use_and_a_different_one_is_refused() {
    VectorStore store = newStore(D);
    CollectionIdentity id = identity("model-a");
    assertTrue(store.identity().isEmpty(), "a new store has no identity");
    store.ensureIdentity(id);
    assertEquals(id, store.identity().orElseThrow());
    store.ensureIdentity(id); // the same identity again is fine

    IdentityMismatchException e =
        assertThrows(
            IdentityMismatchException.class, () -> store.ensureIdentity(identity("model-b")));
    String message = String.valueOf(e.getMessage());
    assertTrue(message.contains("embeddingModel"), message);
    assertTrue(message.contains("model-a") && message.contains("model-b"), message);
    assertEquals(id, store.identity().orElseThrow(), "a refused identity is not recorded");
  }

  // ------------------------------------------------------------------ round trip and ranking

  @Test
  void written_chunks_come_back_intact_from_every_search() {
    SearchChecks.written_chunks_come_back_intact_from_every_search(newStore(D));
  }

  @Test
  void dense_search_orders_by_cosine_and_reports_it() {
    SearchChecks.dense_search_orders_by_cosine_and_reports_it(newStore(D));
  }

  @Test
  void lexical_search_finds_a_numeric_limit_and_an_identifier() {
    SearchChecks.lexical_search_finds_a_numeric_limit_and_an_identifier(newStore(D));
  }

  @Test
  void lexical_search_returns_only_chunks_matching_a_query_term() {
    SearchChecks.lexical_search_returns_only_chunks_matching_a_query_term(newStore(D));
  }

  @Test
  void hybrid_search_gives_every_hit_its_cosine_including_lexical_only_hits() {
    SearchChecks.hybrid_search_gives_every_hit_its_cosine_including_lexical_only_hits(newStore(D));
  }

  @Test
  void hybrid_search_equals_rank_fusion_of_the_two_searches() {
    SearchChecks.hybrid_search_equals_rank_fusion_of_the_two_searches(newStore(D));
  }

  // ------------------------------------------------------------------ filters

  @Test
  void filters_eq_in_and_or_are_enforced_by_every_search() {
    FilterChecks.filters_eq_in_and_or_are_enforced_by_every_search(newStore(D));
  }

  @Test
  void typed_filters_give_the_same_chunks_in_every_search() {
    FilterChecks.typed_filters_give_the_same_chunks_in_every_search(newStore(D));
  }

  @Test
  void typed_metadata_comes_back_typed() {
    FilterChecks.typed_metadata_comes_back_typed(newStore(D));
  }

  @Test
  void metadata_keys_are_listed_and_follow_writes() {
    FilterChecks.metadata_keys_are_listed_and_follow_writes(newStore(D));
  }

  @Test
  void a_lexical_match_outside_the_filter_is_never_returned() {
    FilterChecks.a_lexical_match_outside_the_filter_is_never_returned(newStore(D));
  }

  // ------------------------------------------------------------------ idempotent writes

  @Test
  void rewriting_an_unchanged_document_writes_nothing() {
    VectorStore store = newStore(D);
    List<DocumentChunks> docs =
        List.of(
            new DocumentChunks(
                "a", "ha", List.of(embedded("a", 0, "Alpha text.", Map.of(), unit(0)))),
            new DocumentChunks(
                "b", "hb", List.of(embedded("b", 0, "Bravo text.", Map.of(), unit(1)))));
    assertEquals(new WriteResult(2, 0, 2, 0), store.write(docs));
    assertEquals(new WriteResult(0, 2, 0, 0), store.write(docs));
    assertEquals(2, store.chunkCount());
    assertEquals(WriteResult.EMPTY, store.write(List.of()));
  }

  @Test
  void a_changed_document_replaces_exactly_its_own_chunks() {
    VectorStore store = newStore(D);
    store.write(
        List.of(
            new DocumentChunks(
                "a",
                "v1",
                List.of(
                    embedded("a", 1, "First paragraph about apricots.", Map.of(), unit(0)),
                    embedded("a", 2, "Second paragraph about bananas.", Map.of(), unit(1)),
                    embedded("a", 3, "Third paragraph about cherries.", Map.of(), unit(2)))),
            new DocumentChunks(
                "b",
                "v1",
                List.of(embedded("b", 1, "Other document about apricots.", Map.of(), unit(3))))));

    WriteResult r =
        store.write(
            List.of(
                new DocumentChunks(
                    "a",
                    "v2",
                    List.of(
                        embedded("a", 2, "Second paragraph about bananas.", Map.of(), unit(1)),
                        embedded("a", 4, "New paragraph about dates.", Map.of(), unit(4))))));
    assertEquals(1, r.documentsWritten());
    assertEquals(0, r.documentsSkipped());
    assertEquals(2, r.chunksDeleted(), "a#1 and a#3 are stale");

    assertEquals(Map.of("a", "v2", "b", "v1"), store.documentHashes(List.of("a", "b")));
    assertEquals(3, store.chunkCount());
    assertEquals(
        Set.of("a#2", "a#4", "b#1"), Set.copyOf(ids(store.denseSearch(unit(0), 10, Filter.ALL))));
    assertEquals(List.of("b#1"), ids(store.lexicalSearch("apricots", 10, Filter.ALL)));
    assertTrue(store.lexicalSearch("cherries", 10, Filter.ALL).isEmpty());
  }

  @Test
  void deleting_a_document_removes_all_its_chunks() {
    VectorStore store = newStore(D);
    store.write(
        List.of(
            new DocumentChunks(
                "a",
                "v1",
                List.of(
                    embedded("a", 1, "Walrus facts one.", Map.of(), unit(0)),
                    embedded("a", 2, "Walrus facts two.", Map.of(), unit(1)))),
            new DocumentChunks(
                "b", "v1", List.of(embedded("b", 1, "Penguin facts.", Map.of(), unit(2))))));
    assertTrue(store.deleteDocument("a"));
    assertFalse(store.deleteDocument("a"), "a second delete finds nothing");
    assertFalse(store.deleteDocument("never-written"));
    assertEquals(1, store.chunkCount());
    assertEquals(Map.of("b", "v1"), store.documentHashes(List.of("a", "b")));
    assertTrue(store.lexicalSearch("walrus", 10, Filter.ALL).isEmpty());
    assertEquals(List.of("b#1"), ids(store.denseSearch(unit(0), 10, Filter.ALL)));
    // a deleted document is written again in full, not skipped
    assertEquals(
        1,
        store
            .write(
                List.of(
                    new DocumentChunks(
                        "a",
                        "v1",
                        List.of(embedded("a", 1, "Walrus facts one.", Map.of(), unit(0))))))
            .documentsWritten());
  }

  // ------------------------------------------------------------------ listing and sync

  @Test
  void stored_documents_are_listed_and_a_deleted_one_is_not() {
    VectorStore store = newStore(D);
    assertEquals(Set.of(), store.documentIds());
    store.write(
        List.of(
            new DocumentChunks(
                "a", "v1", List.of(embedded("a", 1, "Alpha text.", Map.of(), unit(0)))),
            new DocumentChunks(
                "b/c.md", "v1", List.of(embedded("b/c.md", 1, "Bravo text.", Map.of(), unit(1)))),
            new DocumentChunks(
                "d", "v1", List.of(embedded("d", 1, "Delta text.", Map.of(), unit(2))))));
    assertEquals(Set.of("a", "b/c.md", "d"), store.documentIds());
    assertTrue(store.deleteDocument("d"));
    assertEquals(Set.of("a", "b/c.md"), store.documentIds());
  }

  /**
   * Issue 14: a file removed from the source stayed searchable forever. A sync removes every stored
   * document that is no longer in the source, reports how many, and leaves the rest alone.
   */
  @Test
  void a_sync_removes_documents_gone_from_the_source_and_reports_them() {
    VectorStore store = newStore(D);
    Ingestor ingestor =
        Ingestor.builder()
            .embedder(DeterministicEmbedder.builder().dimensions(D).build())
            .store(store)
            .build();
    Document keep = Document.markdown("keep.md", "# Keep\n\nThe walrus sleeps on the ice floe.");
    Document gone = Document.markdown("gone.md", "# Gone\n\nThe albatross circles the mast.");
    IngestReport first = ingestor.sync(List.of(keep, gone), IngestListener.NONE);
    assertEquals(2, first.documentsWritten());
    assertEquals(0, first.documentsRemoved());
    assertFalse(store.lexicalSearch("albatross", 5, Filter.ALL).isEmpty());

    IngestReport second = ingestor.sync(List.of(keep), IngestListener.NONE);
    assertEquals(0, second.documentsWritten());
    assertEquals(1, second.documentsSkipped());
    assertEquals(1, second.documentsRemoved());
    assertEquals(Set.of("keep.md"), store.documentIds());
    assertTrue(
        store.lexicalSearch("albatross", 5, Filter.ALL).isEmpty(),
        "the removed file is not searchable");
    assertFalse(store.lexicalSearch("walrus", 5, Filter.ALL).isEmpty());

    // a plain ingest keeps what it was not given
    ingestor.ingest(List.of(gone));
    assertEquals(Set.of("keep.md", "gone.md"), store.documentIds());
  }

  /**
   * Issue 14: PostgreSQL stored lone surrogates as {@code ?}, so two distinct ids could collide
   * there while the in-memory store kept them apart. Both reject them, and a NUL in a filter value,
   * at the boundary with a message naming the field.
   */
  @Test
  void lone_surrogates_and_nul_filter_values_are_rejected_naming_the_field() {
    VectorStore store = newStore(D);
    IllegalArgumentException id =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                store.write(
                    List.of(
                        new DocumentChunks(
                            "x\uD800",
                            "v1",
                            List.of(embedded("x\uD800", 1, "Text.", Map.of(), unit(0)))))));
    assertTrue(
        String.valueOf(id.getMessage()).contains("lone surrogate"),
        String.valueOf(id.getMessage()));
    IllegalArgumentException text =
        assertThrows(
            IllegalArgumentException.class,
            () -> embedded("t", 1, "bad \uDC00 text", Map.of(), unit(0)));
    assertTrue(
        String.valueOf(text.getMessage()).startsWith("text "), String.valueOf(text.getMessage()));
    IllegalArgumentException meta =
        assertThrows(
            IllegalArgumentException.class,
            () -> embedded("m", 1, "Text.", Map.of("team", "sec\uD83D"), unit(0)));
    assertTrue(
        String.valueOf(meta.getMessage()).contains("metadata.team"),
        String.valueOf(meta.getMessage()));
    IllegalArgumentException nul =
        assertThrows(
            IllegalArgumentException.class,
            () -> store.denseSearch(unit(0), 3, Filter.eq("team", "a\u0000b")));
    assertTrue(
        String.valueOf(nul.getMessage()).contains("\"team\"")
            && String.valueOf(nul.getMessage()).contains("NUL"),
        String.valueOf(nul.getMessage()));
    assertEquals(0, store.chunkCount());
    // a well-formed pair (an emoji) is fine
    store.write(
        List.of(
            new DocumentChunks(
                "e\uD83D\uDE00",
                "v1",
                List.of(
                    embedded("e\uD83D\uDE00", 1, "Smile \uD83D\uDE00 text.", Map.of(), unit(0))))));
    assertEquals(Set.of("e\uD83D\uDE00"), store.documentIds());
  }

  // ------------------------------------------------------------------ bad arguments

  @Test
  void bad_arguments_are_rejected() {
    VectorStore store = newStore(D);
    store.write(
        List.of(
            new DocumentChunks(
                "a", "v1", List.of(embedded("a", 1, "Some text.", Map.of(), unit(0))))));
    float[] nan = unit(0);
    nan[3] = Float.NaN;
    List<Runnable> calls =
        List.of(
            () -> store.denseSearch(unit(0), 0, Filter.ALL),
            () -> store.denseSearch(unit(0), -1, Filter.ALL),
            () -> store.lexicalSearch("text", 0, Filter.ALL),
            () -> store.hybridSearch(unit(0), "text", 0, Filter.ALL),
            () -> store.denseSearch(new float[D + 1], 3, Filter.ALL),
            () -> store.denseSearch(nan, 3, Filter.ALL),
            () -> store.hybridSearch(new float[] {1f, 0f}, "text", 3, Filter.ALL),
            () -> store.hybridSearch(nan, "text", 3, Filter.ALL),
            () ->
                store.write(
                    List.of(
                        new DocumentChunks(
                            "w",
                            "v1",
                            List.of(
                                embedded(
                                    "w", 1, "Wrong size.", Map.of(), new float[] {1f, 0f, 0f}))))));
    for (int i = 0; i < calls.size(); i++) {
      Runnable call = calls.get(i);
      try {
        call.run();
        fail("call " + i + " must throw IllegalArgumentException");
      } catch (IllegalArgumentException expected) {
        assertFalse(
            expected.getMessage() == null || expected.getMessage().isBlank(),
            "call " + i + " explains itself");
      }
    }
    assertEquals(1, store.chunkCount(), "a rejected write stores nothing");
  }

  // ------------------------------------------------------------------ helpers

  /**
   * An identity for the contract's stores.
   *
   * @param model the embedding model name to record
   * @return the identity
   */
  protected static CollectionIdentity identity(String model) {
    return new CollectionIdentity("contract", model, null, D, null, "markdown:v1");
  }

  /**
   * A chunk {@code docId#index} with a hash of its text.
   *
   * @param docId the document id
   * @param index the chunk's index in the document
   * @param text the chunk text
   * @param metadata the chunk's metadata
   * @param vector the chunk's vector
   * @return the chunk
   */
  protected static EmbeddedChunk embedded(
      String docId, int index, String text, Map<String, String> metadata, float[] vector) {
    return embeddedTyped(docId, index, text, MetadataValue.strings(metadata), vector);
  }

  /**
   * A chunk {@code docId#index} with typed metadata and a hash of its text.
   *
   * @param docId the document id
   * @param index the chunk's index in the document
   * @param text the chunk text
   * @param metadata the chunk's typed metadata
   * @param vector the chunk's vector
   * @return the chunk
   */
  protected static EmbeddedChunk embeddedTyped(
      String docId, int index, String text, Map<String, MetadataValue> metadata, float[] vector) {
    Chunk c =
        new Chunk(
            docId + "#" + index,
            docId,
            "contract/" + docId + ".md",
            "Doc " + docId,
            List.of("Section"),
            null,
            text,
            text.split("\\s+").length,
            Hashing.sha256Hex(text),
            metadata);
    return new EmbeddedChunk(c, vector);
  }

  /**
   * The unit vector along axis {@code i}.
   *
   * @param i the 0-based axis, below {@link #D}
   * @return a new vector
   */
  protected static float[] unit(int i) {
    float[] v = new float[D];
    v[i % D] = 1f;
    return v;
  }

  /**
   * normalise(e_0 + w * e_axis); axis 0 stands for axis 1.
   *
   * @param axis the second axis
   * @param w its weight
   * @return a new unit vector
   */
  protected static float[] mix(int axis, double w) {
    float[] v = new float[D];
    v[0] = 1f;
    v[axis == 0 ? 1 : axis] += (float) w;
    double n = 0;
    for (float x : v) {
      n += x * x;
    }
    for (int i = 0; i < D; i++) {
      v[i] = (float) (v[i] / Math.sqrt(n));
    }
    return v;
  }

  /**
   * Negates a vector.
   *
   * @param v the vector
   * @return a new vector, {@code -v}
   */
  protected static float[] negated(float[] v) {
    float[] out = v.clone();
    for (int i = 0; i < out.length; i++) {
      out[i] = -out[i];
    }
    return out;
  }

  /**
   * The chunk ids of hits.
   *
   * @param hits search results
   * @return their chunk ids, in order
   */
  protected static List<String> ids(List<SearchHit> hits) {
    return hits.stream().map(h -> h.chunk().id()).collect(Collectors.toList());
  }
}
