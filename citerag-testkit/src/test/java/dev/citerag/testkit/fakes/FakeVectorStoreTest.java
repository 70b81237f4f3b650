package dev.citerag.testkit.fakes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.citerag.IdentityMismatchException;
import dev.citerag.StoreException;
import dev.citerag.store.CollectionIdentity;
import dev.citerag.store.Filter;
import dev.citerag.store.SearchHit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FakeVectorStoreTest {

  private final DeterministicEmbedder embedder = DeterministicEmbedder.create();
  private final FakeVectorStore store = new FakeVectorStore(embedder.dimensions());

  @Test
  void dense_search_ranks_by_exact_cosine_under_the_filter() {
    embedder.placeAt("q", "near", 0.9).placeAt("q", "far", 0.2).placeAt("q", "other team", 0.95);
    store.addTexts(embedder, "a", Map.of("team", "platform"), "far text", "near text");
    store.addTexts(embedder, "b", Map.of("team", "search"), "other team text");

    List<SearchHit> hits =
        store.denseSearch(embedder.embedQuery("q"), 5, Filter.eq("team", "platform"));

    assertThat(hits).extracting(h -> h.chunk().text()).containsExactly("near text", "far text");
    assertThat(hits.get(0).cosine()).isCloseTo(0.9, within(1e-6));
    assertThat(hits.get(0).denseRank()).isEqualTo(1);
  }

  @Test
  void lexical_search_returns_only_chunks_sharing_a_term_and_hybrid_hits_carry_cosines() {
    store.addTexts(
        embedder,
        "a",
        Map.of(),
        "deployctl rollback restores a release",
        "flags are cached",
        "rollback only");

    List<SearchHit> lexical = store.lexicalSearch("deployctl rollback", 5, Filter.ALL);
    List<SearchHit> hybrid =
        store.hybridSearch(
            embedder.embedQuery("deployctl rollback"), "deployctl rollback", 3, Filter.ALL);

    assertThat(lexical)
        .extracting(h -> h.chunk().text())
        .containsExactly("deployctl rollback restores a release", "rollback only");
    assertThat(lexical.get(0).lexicalScore()).isEqualTo(2.0);
    assertThat(hybrid).allSatisfy(h -> assertThat(h.cosine()).isNotNull());
    assertThat(store.searches())
        .extracting(FakeVectorStore.Search::kind)
        .containsExactly("lexical", "dense", "lexical");
  }

  @Test
  void an_unchanged_document_is_skipped_and_a_changed_one_replaced() {
    store.addTexts(embedder, "a", Map.of(), "one", "two");
    store.addTexts(embedder, "a", Map.of(), "one", "two");
    assertThat(store.chunkCount()).isEqualTo(2);

    store.addTexts(embedder, "a", Map.of(), "three");

    assertThat(store.chunks()).extracting(c -> c.text()).containsExactly("three");
    assertThat(store.documentHashes(List.of("a", "b"))).containsOnlyKeys("a");
    assertThat(store.deleteDocument("a")).isTrue();
    assertThat(store.chunkCount()).isZero();
  }

  @Test
  void a_different_identity_is_refused() {
    store.ensureIdentity(CollectionIdentity.of(embedder.identity(), "chunker-a"));

    IdentityMismatchException e =
        assertThrows(
            IdentityMismatchException.class,
            () -> store.ensureIdentity(CollectionIdentity.of(embedder.identity(), "chunker-b")));

    assertThat(e.getMessage()).contains("chunkerSettings");
  }

  @Test
  void fails_the_next_call_once_when_told_to_and_checks_query_vectors() {
    StoreException failure = new StoreException("connection lost", null);
    store.failNextCall(failure);

    assertThat(assertThrows(StoreException.class, () -> store.lexicalSearch("x", 1, Filter.ALL)))
        .isSameAs(failure);
    assertThat(store.lexicalSearch("x", 1, Filter.ALL)).isEmpty();
    assertThat(
            assertThrows(
                    IllegalArgumentException.class,
                    () -> store.denseSearch(new float[3], 1, Filter.ALL))
                .getMessage())
        .isEqualTo("queryVector must have 64 dimensions, was 3");
  }
}
