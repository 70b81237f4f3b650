package dev.citerag.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.citerag.PermanentProviderException;
import dev.citerag.ProviderException;
import dev.citerag.answer.Sources;
import dev.citerag.pipeline.PipelineFixtures.ConstantEmbedder;
import dev.citerag.pipeline.PipelineFixtures.FnChatModel;
import dev.citerag.rerank.Reranker;
import dev.citerag.store.CollectionIdentity;
import dev.citerag.store.Filter;
import dev.citerag.store.SearchHit;
import dev.citerag.store.SearchIndex;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Per-request retrieval modes and the per-request rerank gate of {@link RagPipeline}. */
class RetrievalModeTest {

  /** Answers each search with its own hit and records which searches ran with which k. */
  static final class ModeStore implements SearchIndex {
    final List<String> calls = new ArrayList<>();

    @Override
    public int dimensions() {
      return 4;
    }

    @Override
    public Optional<CollectionIdentity> identity() {
      return Optional.empty();
    }

    @Override
    public synchronized List<SearchHit> denseSearch(float[] queryVector, int k, Filter filter) {
      calls.add("dense " + k);
      // a dense hit: a cosine, no lexical rank
      return List.of(
          new SearchHit(Sources.chunk("d", "Dense hit on release trains."), 0.9, 1, null, 0, 0));
    }

    @Override
    public synchronized List<SearchHit> lexicalSearch(String queryText, int k, Filter filter) {
      calls.add("lexical " + k);
      // a lexical hit: a lexical rank, no cosine
      return List.of(
          new SearchHit(Sources.chunk("l", "Lexical hit on release trains."), null, null, 1, 2, 0));
    }

    @Override
    public synchronized List<SearchHit> hybridSearch(
        float[] queryVector, String queryText, int k, Filter filter) {
      calls.add("hybrid " + k);
      return List.of(
          new SearchHit(Sources.chunk("h", "Hybrid hit on release trains."), 0.9, 1, 1, 2, 0.03));
    }
  }

  /** A model that refuses every request: a request that reaches it ends rejected. */
  static FnChatModel refusing() {
    return new FnChatModel(
        r -> {
          throw new PermanentProviderException(
              "fake", ProviderException.Kind.BAD_REQUEST, 400, null, "no answer here", null);
        });
  }

  private static RagPipeline pipeline(ModeStore store, double minSimilarity) {
    return RagPipeline.builder()
        .embedder(new ConstantEmbedder(4))
        .store(store)
        .generator(AnswerGenerator.of(refusing()))
        .topK(3)
        .minSimilarity(minSimilarity)
        .build();
  }

  @Test
  void each_mode_retrieves_with_its_own_search_and_hybrid_is_the_default() {
    ModeStore store = new ModeStore();
    RagPipeline rag = pipeline(store, 0.5);

    List<SearchHit> hybrid = rag.retrieve(AskRequest.of("release trains"));
    List<SearchHit> dense =
        rag.retrieve(AskRequest.of("release trains").withRetrievalMode(RetrievalMode.DENSE));
    List<SearchHit> lexical =
        rag.retrieve(AskRequest.of("release trains").withRetrievalMode(RetrievalMode.LEXICAL));

    assertThat(store.calls).containsExactly("hybrid 3", "dense 3", "lexical 3");
    assertThat(hybrid).extracting(h -> h.chunk().id()).containsExactly("h");
    assertThat(dense).extracting(h -> h.chunk().id()).containsExactly("d");
    assertThat(lexical).extracting(h -> h.chunk().id()).containsExactly("l");
  }

  @Test
  void a_lexical_request_is_not_embedded_and_not_stopped_by_the_cosine_gate() {
    ModeStore store = new ModeStore();
    RagResult r =
        pipeline(store, 0.99)
            .ask(AskRequest.of("release trains").withRetrievalMode(RetrievalMode.LEXICAL));

    // past gate 1: the model was asked (and failed), so the result is a rejection, not an
    // abstention for a low cosine
    assertThat(r).isInstanceOf(RagResult.Rejected.class);
    assertThat(r.trace().latency()).doesNotContainKey(Stage.EMBED).containsKey(Stage.RETRIEVE);
  }

  @Test
  void a_dense_request_is_not_stopped_by_the_lexical_gate_but_still_by_the_cosine_gate() {
    ModeStore store = new ModeStore();
    RagResult passes =
        pipeline(store, 0.5)
            .ask(AskRequest.of("release trains").withRetrievalMode(RetrievalMode.DENSE));
    RagResult low =
        pipeline(store, 0.95)
            .ask(AskRequest.of("release trains").withRetrievalMode(RetrievalMode.DENSE));

    assertThat(passes).isInstanceOf(RagResult.Rejected.class);
    assertThat(low)
        .isInstanceOfSatisfying(
            RagResult.Abstained.class,
            a -> assertThat(a.reason()).isEqualTo(AbstainReason.LOW_SIMILARITY));
  }

  @Test
  void a_request_sets_the_rerank_gate_and_only_on_a_pipeline_with_a_reranker() {
    Reranker half =
        new Reranker() {
          @Override
          public String name() {
            return "half";
          }

          @Override
          public List<Double> score(String query, List<String> documents) {
            return documents.stream().map(d -> 0.5).toList();
          }
        };
    RagPipeline reranked =
        RagPipeline.builder()
            .embedder(new ConstantEmbedder(4))
            .store(new ModeStore())
            .generator(AnswerGenerator.of(refusing()))
            .reranker(half)
            .minRerankScore(0.1)
            .build();

    RagResult low = reranked.ask(AskRequest.of("release trains").withMinRerankScore(0.6));
    RagResult passes = reranked.ask(AskRequest.of("release trains").withMinRerankScore(0.4));

    assertThat(low)
        .isInstanceOfSatisfying(
            RagResult.Abstained.class,
            a -> assertThat(a.reason()).isEqualTo(AbstainReason.LOW_RERANK_SCORE));
    assertThat(passes).isInstanceOf(RagResult.Rejected.class);
    RagPipeline plain = pipeline(new ModeStore(), 0);
    AskRequest request = AskRequest.of("release trains").withMinRerankScore(0.4);
    assertThat(assertThrows(IllegalArgumentException.class, () -> plain.ask(request)))
        .hasMessageContaining("minRerankScore")
        .hasMessageContaining("reranker");
    assertThat(
            assertThrows(
                IllegalArgumentException.class,
                () -> AskRequest.of("q").withMinRerankScore(Double.NaN)))
        .hasMessageContaining("minRerankScore must be finite");
    assertThat(
            assertThrows(
                IllegalArgumentException.class, () -> AskRequest.of("q").withRetrievalMode(null)))
        .hasMessageContaining("retrievalMode");
    assertThat(AskRequest.of("q").withRetrievalMode(RetrievalMode.DENSE).toString())
        .contains("retrievalMode=DENSE");
  }
}
