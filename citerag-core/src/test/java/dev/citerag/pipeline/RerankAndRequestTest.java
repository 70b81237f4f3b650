package dev.citerag.pipeline;

import static dev.citerag.pipeline.PipelineFixtures.hit;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.citerag.ProviderException;
import dev.citerag.TransientProviderException;
import dev.citerag.pipeline.PipelineFixtures.ConstantEmbedder;
import dev.citerag.pipeline.PipelineFixtures.FnChatModel;
import dev.citerag.rerank.Reranker;
import dev.citerag.store.CollectionIdentity;
import dev.citerag.store.Filter;
import dev.citerag.store.SearchHit;
import dev.citerag.store.SearchIndex;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The reranker stage and per-request options of {@link RagPipeline}. */
class RerankAndRequestTest {

  static final List<SearchHit> HITS =
      List.of(
          hit("a", "Alpha text about deploys and release trains.", 0.80, true),
          hit("b", "Beta text: a rollback finishes within 5 minutes.", 0.70, true),
          hit("c", "Gamma text on the on-call rotation.", 0.60, true),
          hit("d", "Delta text on holidays.", 0.50, true));

  /** Returns the first k of its hits and records every k it was asked for. */
  static final class CountingStore implements SearchIndex {
    final List<Integer> ks = new ArrayList<>();
    final List<Filter> filters = new ArrayList<>();

    @Override
    public int dimensions() {
      return 4;
    }

    @Override
    public Optional<CollectionIdentity> identity() {
      return Optional.empty();
    }

    @Override
    public List<SearchHit> denseSearch(float[] queryVector, int k, Filter filter) {
      return List.of();
    }

    @Override
    public List<SearchHit> lexicalSearch(String queryText, int k, Filter filter) {
      return List.of();
    }

    @Override
    public synchronized List<SearchHit> hybridSearch(
        float[] queryVector, String queryText, int k, Filter filter) {
      ks.add(k);
      filters.add(filter);
      return HITS.subList(0, Math.min(k, HITS.size()));
    }
  }

  /** Scores a document by whether it contains the word "rollback"; counts its calls. */
  static final class KeywordReranker implements Reranker {
    int calls;
    int documents;

    @Override
    public String name() {
      return "keyword";
    }

    @Override
    public List<Double> score(String query, List<String> docs) {
      calls++;
      documents += docs.size();
      return docs.stream().map(d -> d.contains("rollback") ? 0.9 : 0.1).toList();
    }
  }

  static FnChatModel never() {
    return new FnChatModel(
        r -> {
          throw new AssertionError("the model must not be called");
        });
  }

  @Test
  void the_reranker_reorders_the_fused_candidates_and_keeps_top_k_with_their_scores() {
    CountingStore store = new CountingStore();
    KeywordReranker reranker = new KeywordReranker();
    RagPipeline rag =
        RagPipeline.builder()
            .embedder(new ConstantEmbedder(4))
            .store(store)
            .generator(dev.citerag.pipeline.AnswerGenerator.of(never()))
            .topK(2)
            .reranker(reranker)
            .rerankCandidates(4)
            .build();

    List<SearchHit> hits = rag.retrieve("How long does a rollback take?", Filter.ALL);

    assertThat(store.ks).containsExactly(4);
    assertThat(reranker.documents).isEqualTo(4);
    assertThat(hits).extracting(h -> h.chunk().id()).containsExactly("b", "a");
    assertThat(hits).extracting(SearchHit::rerankScore).containsExactly(0.9, 0.1);
  }

  @Test
  void without_a_reranker_the_fused_order_is_kept_and_hits_carry_no_rerank_score() {
    CountingStore store = new CountingStore();
    RagPipeline rag =
        RagPipeline.builder()
            .embedder(new ConstantEmbedder(4))
            .store(store)
            .generator(dev.citerag.pipeline.AnswerGenerator.of(never()))
            .topK(2)
            .build();

    List<SearchHit> hits = rag.retrieve("rollback", Filter.ALL);

    assertThat(store.ks).containsExactly(2);
    assertThat(hits).extracting(h -> h.chunk().id()).containsExactly("a", "b");
    assertThat(hits).allSatisfy(h -> assertThat(h.rerankScore()).isNull());
  }

  @Test
  void a_question_whose_best_rerank_score_is_low_abstains_with_its_reason() {
    Reranker low =
        new Reranker() {
          @Override
          public String name() {
            return "low";
          }

          @Override
          public List<Double> score(String query, List<String> documents) {
            return documents.stream().map(d -> 0.05).toList();
          }
        };
    RagResult r =
        RagPipeline.builder()
            .embedder(new ConstantEmbedder(4))
            .store(new CountingStore())
            .generator(dev.citerag.pipeline.AnswerGenerator.of(never()))
            .reranker(low)
            .minRerankScore(0.5)
            .build()
            .ask("What is the parental leave policy?");

    assertThat(r)
        .isInstanceOfSatisfying(
            RagResult.Abstained.class,
            a -> {
              assertThat(a.reason()).isEqualTo(AbstainReason.LOW_RERANK_SCORE);
              assertThat(a.trace().latency()).containsKey(Stage.RERANK);
              assertThat(a.trace().retrieved())
                  .allSatisfy(h -> assertThat(h.rerankScore()).isEqualTo(0.05));
            });
  }

  @Test
  void a_failing_reranker_rejects_the_request_as_a_provider_error() {
    Reranker down =
        new Reranker() {
          @Override
          public String name() {
            return "down";
          }

          @Override
          public List<Double> score(String query, List<String> documents) {
            throw new TransientProviderException(
                "rerank",
                ProviderException.Kind.UNAVAILABLE,
                503,
                null,
                "rerank service unavailable",
                null,
                null);
          }
        };
    RagResult r =
        RagPipeline.builder()
            .embedder(new ConstantEmbedder(4))
            .store(new CountingStore())
            .generator(dev.citerag.pipeline.AnswerGenerator.of(never()))
            .reranker(down)
            .build()
            .ask("How long does a rollback take?");

    assertThat(r)
        .isInstanceOfSatisfying(
            RagResult.Rejected.class,
            rj -> {
              assertThat(rj.reason()).isEqualTo(RejectReason.PROVIDER_ERROR);
              assertThat(rj.detail()).startsWith("reranking the candidates failed");
            });
  }

  @Test
  void a_request_overrides_top_k_filter_and_the_similarity_gate_of_the_pipeline() {
    CountingStore store = new CountingStore();
    RagPipeline rag =
        RagPipeline.builder()
            .embedder(new ConstantEmbedder(4))
            .store(store)
            .generator(dev.citerag.pipeline.AnswerGenerator.of(never()))
            .topK(4)
            .build();
    Filter team = Filter.eq("team", "platform");

    RagResult r =
        rag.ask(
            AskRequest.of("How long does a rollback take?")
                .withFilter(team)
                .withTopK(3)
                .withMinSimilarity(0.95));

    assertThat(store.ks).containsExactly(3);
    assertThat(store.filters).containsExactly(team);
    assertThat(r)
        .isInstanceOfSatisfying(
            RagResult.Abstained.class,
            a -> {
              assertThat(a.reason()).isEqualTo(AbstainReason.LOW_SIMILARITY);
              assertThat(a.trace().retrieved()).hasSize(3);
            });
    assertThat(rag.retrieve(AskRequest.of("rollback").withTopK(1))).hasSize(1);
  }

  @Test
  void a_request_deadline_bounds_that_request_only() {
    FnChatModel slowToSay =
        new FnChatModel(
            r -> {
              throw new TransientProviderException(
                  "fake", ProviderException.Kind.TIMEOUT, 504, null, "timed out", null, null);
            });
    RagPipeline rag =
        RagPipeline.builder()
            .embedder(new ConstantEmbedder(4))
            .store(new CountingStore())
            .generator(dev.citerag.pipeline.AnswerGenerator.of(slowToSay))
            .maxRetries(0)
            .build();

    rag.ask(AskRequest.of("How long does a rollback take?").withDeadline(Duration.ofSeconds(7)));

    assertThat(slowToSay.requests)
        .singleElement()
        .satisfies(req -> assertThat(req.timeout()).isLessThanOrEqualTo(Duration.ofSeconds(7)));
  }

  @Test
  void request_options_are_checked_by_name_and_combinations_at_build() {
    AskRequest q = AskRequest.of("q");
    assertThat(assertThrows(IllegalArgumentException.class, () -> q.withTopK(0)))
        .hasMessageContaining("topK");
    assertThat(assertThrows(IllegalArgumentException.class, () -> q.withMinSimilarity(2)))
        .hasMessageContaining("minSimilarity");
    assertThat(assertThrows(IllegalArgumentException.class, () -> q.withTokenBudget(10)))
        .hasMessageContaining("tokenBudget");
    assertThat(assertThrows(IllegalArgumentException.class, () -> q.withDeadline(Duration.ZERO)))
        .hasMessageContaining("deadline");
    RagPipeline.Builder b =
        RagPipeline.builder()
            .embedder(new ConstantEmbedder(4))
            .store(new CountingStore())
            .generator(dev.citerag.pipeline.AnswerGenerator.of(never()))
            .minRerankScore(0.3);
    assertThat(assertThrows(IllegalStateException.class, b::build))
        .hasMessageContaining("minRerankScore needs a reranker");
    assertThat(assertThrows(IllegalArgumentException.class, () -> b.minRerankScore(Double.NaN)))
        .hasMessageContaining("minRerankScore");
    assertThat(assertThrows(IllegalArgumentException.class, () -> b.rerankCandidates(0)))
        .hasMessageContaining("rerankCandidates");
  }
}
