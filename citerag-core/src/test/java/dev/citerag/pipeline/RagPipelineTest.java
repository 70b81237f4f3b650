package dev.citerag.pipeline;

import static dev.citerag.pipeline.PipelineFixtures.answerJson;
import static dev.citerag.pipeline.PipelineFixtures.hit;
import static dev.citerag.pipeline.PipelineFixtures.reply;
import static dev.citerag.pipeline.PipelineFixtures.sources;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.citerag.PermanentProviderException;
import dev.citerag.ProviderException;
import dev.citerag.TransientProviderException;
import dev.citerag.answer.IssueType;
import dev.citerag.answer.ValidationIssue;
import dev.citerag.chat.ChatRequest;
import dev.citerag.chat.ChatResponse;
import dev.citerag.chat.FinishReason;
import dev.citerag.chat.TokenUsage;
import dev.citerag.pipeline.PipelineFixtures.ConstantEmbedder;
import dev.citerag.pipeline.PipelineFixtures.FnChatModel;
import dev.citerag.pipeline.PipelineFixtures.ScriptedStore;
import dev.citerag.store.SearchHit;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class RagPipelineTest {

  static final String ROLLBACK = "A rollback finishes within 5 minutes for most services.";
  static final String ONCALL = "The on-call rotation changes every Monday at 10:00 UTC.";

  static ScriptedStore store(List<SearchHit> hits) {
    return new ScriptedStore(q -> hits);
  }

  static final List<SearchHit> GOOD =
      List.of(hit("r1", ROLLBACK, 0.82, true), hit("o1", ONCALL, 0.40, true));

  static RagPipeline.Builder pipeline(ScriptedStore store, FnChatModel model) {
    return RagPipeline.builder()
        .embedder(new ConstantEmbedder(4))
        .store(store)
        .generator(AnswerGenerator.of(model));
  }

  /** Cites the sent source whose text contains {@code needle}, quoting {@code quote}. */
  static Function<ChatRequest, ChatResponse> cite(String needle, String quote) {
    return r -> {
      String id =
          sources(r).stream().filter(s -> s[1].contains(needle)).findFirst().orElseThrow()[0];
      return reply(answerJson(id, quote));
    };
  }

  @Test
  void answers_with_verified_citations_and_a_full_trace() {
    FnChatModel model = new FnChatModel(cite("rollback", "A rollback finishes within 5 minutes"));
    RagResult r = pipeline(store(GOOD), model).build().ask("How long does a rollback take?");
    assertThat(r).isInstanceOf(RagResult.Answered.class);
    RagResult.Answered a = (RagResult.Answered) r;
    assertThat(a.answer()).isEqualTo("A rollback finishes within 5 minutes");
    assertThat(a.citations())
        .singleElement()
        .satisfies(
            c -> {
              assertThat(c.chunk().id()).isEqualTo("r1");
              assertThat(c.quote()).isEqualTo("A rollback finishes within 5 minutes");
            });
    Trace t = a.trace();
    assertThat(t.retrieved()).hasSize(2);
    assertThat(t.sentChunkIds()).containsExactly("r1", "o1");
    assertThat(t.attempts())
        .singleElement()
        .satisfies(
            at -> {
              assertThat(at.finishReason()).isEqualTo(FinishReason.STOP);
              assertThat(at.model()).isEqualTo("model-v1");
              assertThat(at.responseId()).isEqualTo("resp-1");
            });
    assertThat(t.usage()).isEqualTo(TokenUsage.of(100, 20, 5));
    assertThat(t.contextTokens()).isPositive();
    assertThat(t.latency())
        .containsKeys(
            Stage.EMBED,
            Stage.RETRIEVE,
            Stage.CONTEXT,
            Stage.GENERATE,
            Stage.VALIDATE,
            Stage.TOTAL);
    assertThat(t.model()).isEqualTo("model-v1");
    assertThat(model.requests)
        .singleElement()
        .satisfies(
            req -> {
              assertThat(req.temperature()).isZero();
              assertThat(req.responseSchema().json()).contains("\"required\":[\"status\"");
            });
  }

  @Test
  void a_question_that_embeds_to_zeros_abstains_without_searching() {
    dev.citerag.embed.Embedder zeros =
        new dev.citerag.embed.Embedder() {
          @Override
          public List<float[]> embedDocuments(List<dev.citerag.embed.DocumentText> documents) {
            return documents.stream().map(d -> new float[4]).toList();
          }

          @Override
          public float[] embedQuery(String query) {
            return new float[4];
          }

          @Override
          public dev.citerag.embed.EmbedderIdentity identity() {
            return new ConstantEmbedder(4).identity();
          }
        };
    ScriptedStore refusing =
        new ScriptedStore(
            q -> {
              throw new IllegalArgumentException("queryVector must not be all zeros");
            });
    FnChatModel model = new FnChatModel(cite("rollback", "A rollback finishes within 5 minutes"));
    RagResult r =
        RagPipeline.builder()
            .embedder(zeros)
            .store(refusing)
            .generator(AnswerGenerator.of(model))
            .requireLexicalMatch(false)
            .build()
            .ask("What is the?");
    assertThat(r)
        .isInstanceOfSatisfying(
            RagResult.Abstained.class,
            a -> assertThat(a.reason()).isEqualTo(AbstainReason.NO_RESULTS));
    assertThat(model.requests).isEmpty();
  }

  @Test
  void a_deadline_of_centuries_still_gives_a_typed_result() {
    FnChatModel failing =
        new FnChatModel(
            r -> {
              throw new dev.citerag.TransientProviderException(
                  "test",
                  dev.citerag.ProviderException.Kind.UNAVAILABLE,
                  503,
                  "UNAVAILABLE",
                  "down",
                  null,
                  null);
            });
    for (Duration d : List.of(Duration.ofSeconds(Long.MAX_VALUE), Duration.ofDays(365L * 1000))) {
      RagResult r =
          pipeline(store(GOOD), failing).deadline(d).build().ask("How long does a rollback take?");
      assertThat(r)
          .isInstanceOfSatisfying(
              RagResult.Rejected.class,
              rej -> assertThat(rej.reason()).isEqualTo(RejectReason.PROVIDER_ERROR));
    }
  }

  @Test
  void gate_one_abstains_on_low_similarity_without_calling_the_model() {
    AtomicInteger calls = new AtomicInteger();
    FnChatModel model =
        new FnChatModel(
            r -> {
              calls.incrementAndGet();
              return reply("{}");
            });
    List<SearchHit> weak = List.of(hit("r1", ROLLBACK, 0.29, true));
    RagResult r =
        pipeline(store(weak), model)
            .minSimilarity(0.30)
            .build()
            .ask("How long does a rollback take?");
    assertThat(r)
        .isInstanceOfSatisfying(
            RagResult.Abstained.class,
            a -> assertThat(a.reason()).isEqualTo(AbstainReason.LOW_SIMILARITY));
    assertThat(calls).hasValue(0);
    assertThat(r.trace().modelCalled()).isFalse();
    assertThat(r.trace().retrieved()).hasSize(1);
    assertThat(r.trace().sent()).isEmpty();

    // just above the threshold the model is called
    List<SearchHit> ok = List.of(hit("r1", ROLLBACK, 0.31, true));
    FnChatModel m2 = new FnChatModel(cite("rollback", "A rollback finishes within 5 minutes"));
    assertThat(pipeline(store(ok), m2).minSimilarity(0.30).build().ask("q?"))
        .isInstanceOf(RagResult.Answered.class);
  }

  @Test
  void gate_one_abstains_when_nothing_matches_lexically_without_calling_the_model() {
    FnChatModel model =
        new FnChatModel(
            r -> {
              throw new AssertionError("model must not be called");
            });
    List<SearchHit> denseOnly = List.of(hit("r1", ROLLBACK, 0.9, false));
    RagResult r = pipeline(store(denseOnly), model).build().ask("quarterly revenue?");
    assertThat(r)
        .isInstanceOfSatisfying(
            RagResult.Abstained.class,
            a -> assertThat(a.reason()).isEqualTo(AbstainReason.NO_LEXICAL_MATCH));
    assertThat(model.requests).isEmpty();
    // the lexical gate can be turned off
    FnChatModel m2 = new FnChatModel(cite("rollback", "A rollback finishes within 5 minutes"));
    assertThat(pipeline(store(denseOnly), m2).requireLexicalMatch(false).build().ask("q?"))
        .isInstanceOf(RagResult.Answered.class);
  }

  @Test
  void abstains_with_no_results_without_calling_the_model() {
    FnChatModel model = new FnChatModel(r -> reply("{}"));
    RagResult r = pipeline(store(List.of()), model).build().ask("anything?");
    assertThat(r)
        .isInstanceOfSatisfying(
            RagResult.Abstained.class,
            a -> assertThat(a.reason()).isEqualTo(AbstainReason.NO_RESULTS));
    assertThat(model.requests).isEmpty();
  }

  @Test
  void model_abstention_is_an_abstention() {
    FnChatModel model =
        new FnChatModel(
            r -> reply("{\"status\":\"not_in_sources\",\"answer\":\"\",\"claims\":[]}"));
    RagResult r = pipeline(store(GOOD), model).build().ask("Who founded the company?");
    assertThat(r)
        .isInstanceOfSatisfying(
            RagResult.Abstained.class,
            a -> assertThat(a.reason()).isEqualTo(AbstainReason.NOT_IN_SOURCES));
    assertThat(r.status()).isEqualTo("not_in_sources");
  }

  @Test
  void retries_with_feedback_naming_the_phantom_citation_then_answers() {
    AtomicInteger n = new AtomicInteger();
    Function<ChatRequest, ChatResponse> good =
        cite("rollback", "A rollback finishes within 5 minutes");
    FnChatModel model =
        new FnChatModel(
            r ->
                n.incrementAndGet() == 1
                    ? reply(answerJson("zz9zz", "A rollback finishes within 5 minutes"))
                    : good.apply(r));
    RagResult r = pipeline(store(GOOD), model).build().ask("How long does a rollback take?");
    assertThat(r).isInstanceOf(RagResult.Answered.class);
    assertThat(r.trace().attempts()).hasSize(2);
    assertThat(r.trace().attempts().get(0).issues())
        .extracting(ValidationIssue::type)
        .contains(IssueType.PHANTOM_SOURCE);
    String second = model.requests.get(1).userContent();
    // the feedback names the citation by position and lists the ids that were sent; the invented
    // id is repeated only as data, marked not to be used, never in an issue's detail
    assertThat(second)
        .contains("Previous reply rejected")
        .contains("phantom_source")
        .contains("claim 1 of 1, citation 1")
        .contains("\"invalid_source_ids\":{\"zz9zz\":\"do not use: not among the sources\"}");
    assertThat(r.trace().attempts().get(0).issues())
        .allSatisfy(i -> assertThat(i.detail()).doesNotContain("zz9zz"));
    assertThat(r.trace().usage().totalTokens()).isEqualTo(2 * 125);
  }

  @Test
  void rejects_after_retries_and_never_serves_the_invalid_answer() {
    FnChatModel model =
        new FnChatModel(r -> reply(answerJson("zz9zz", "A rollback finishes within 5 minutes")));
    RagResult r =
        pipeline(store(GOOD), model).maxRetries(2).build().ask("How long does a rollback take?");
    assertThat(r)
        .isInstanceOfSatisfying(
            RagResult.Rejected.class,
            rej -> {
              assertThat(rej.reason()).isEqualTo(RejectReason.INVALID_CITATIONS);
              assertThat(rej.issues())
                  .extracting(ValidationIssue::type)
                  .containsOnly(IssueType.PHANTOM_SOURCE);
              assertThat(rej.detail()).contains("3 attempts").contains("phantom_source");
            });
    assertThat(model.requests).hasSize(3);
    assertThat(r.status()).isEqualTo("rejected");
  }

  @Test
  void rejects_invalid_json_as_invalid_reply() {
    FnChatModel model =
        new FnChatModel(
            r ->
                reply(
                    "```json\n{\"status\":\"not_in_sources\",\"answer\":\"\",\"claims\":[]}\n```"));
    RagResult r = pipeline(store(GOOD), model).build().ask("q?");
    assertThat(r)
        .isInstanceOfSatisfying(
            RagResult.Rejected.class,
            rej -> {
              assertThat(rej.reason()).isEqualTo(RejectReason.INVALID_REPLY);
              assertThat(rej.issues())
                  .extracting(ValidationIssue::type)
                  .containsExactly(IssueType.INVALID_JSON);
            });
    assertThat(model.requests).hasSize(2);
  }

  @Test
  void truncated_and_blocked_replies_are_rejected_with_their_reason_and_not_retried() {
    FnChatModel truncated =
        new FnChatModel(
            r ->
                new ChatResponse(
                    "{\"status\":\"answ",
                    FinishReason.LENGTH,
                    "MAX_TOKENS",
                    TokenUsage.of(10, 0, 500),
                    "m",
                    null));
    RagResult t = pipeline(store(GOOD), truncated).build().ask("q?");
    assertThat(t)
        .isInstanceOfSatisfying(
            RagResult.Rejected.class,
            rej -> assertThat(rej.reason()).isEqualTo(RejectReason.TRUNCATED));
    assertThat(truncated.requests).hasSize(1);
    assertThat(t.trace().usage().reasoningTokens()).isEqualTo(500);

    FnChatModel blocked =
        new FnChatModel(
            r ->
                new ChatResponse(
                    "", FinishReason.BLOCKED, "PROMPT_BLOCKED:SAFETY", TokenUsage.ZERO, "m", null));
    RagResult b = pipeline(store(GOOD), blocked).build().ask("q?");
    assertThat(b)
        .isInstanceOfSatisfying(
            RagResult.Rejected.class,
            rej -> {
              assertThat(rej.reason()).isEqualTo(RejectReason.BLOCKED);
              assertThat(rej.detail()).contains("PROMPT_BLOCKED:SAFETY");
            });
  }

  @Test
  void provider_failures_become_typed_rejections() {
    FnChatModel down =
        new FnChatModel(
            r -> {
              throw new PermanentProviderException(
                  "gemini",
                  ProviderException.Kind.AUTH,
                  400,
                  "INVALID_ARGUMENT",
                  "API key not valid",
                  null);
            });
    RagResult r = pipeline(store(GOOD), down).build().ask("q?");
    assertThat(r)
        .isInstanceOfSatisfying(
            RagResult.Rejected.class,
            rej -> {
              assertThat(rej.reason()).isEqualTo(RejectReason.PROVIDER_ERROR);
              assertThat(rej.detail()).contains("API key not valid");
            });
  }

  @Test
  void returns_within_the_deadline_when_the_model_is_slow() {
    FnChatModel slow =
        new FnChatModel(
            r -> {
              Duration t = r.timeout();
              try {
                Thread.sleep(Math.min(5_000, t.toMillis()));
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
              throw new TransientProviderException(
                  "fake", ProviderException.Kind.TIMEOUT, 0, null, "timed out", null, null);
            });
    long t0 = System.nanoTime();
    RagResult r = pipeline(store(GOOD), slow).deadline(Duration.ofMillis(300)).build().ask("q?");
    long ms = (System.nanoTime() - t0) / 1_000_000;
    assertThat(r)
        .isInstanceOfSatisfying(
            RagResult.Rejected.class,
            rej -> assertThat(rej.reason()).isEqualTo(RejectReason.DEADLINE_EXCEEDED));
    assertThat(ms).isLessThan(2_000);
    assertThat(slow.requests.get(0).timeout()).isLessThanOrEqualTo(Duration.ofMillis(300));
  }

  @Test
  void one_pipeline_serves_many_threads_without_cross_talk() throws Exception {
    // each question retrieves its own chunk; the model cites whatever it was sent
    Function<String, List<SearchHit>> perQuestion =
        q ->
            List.of(
                hit(
                    "chunk-" + q.hashCode(),
                    "The answer to " + q + " is here in this chunk.",
                    0.9,
                    true));
    FnChatModel model =
        new FnChatModel(
            r -> {
              String[] s = sources(r).get(0);
              return reply(answerJson(s[0], s[1]));
            });
    RagPipeline rag =
        RagPipeline.builder()
            .embedder(new ConstantEmbedder(4))
            .store(new ScriptedStore(perQuestion))
            .generator(AnswerGenerator.of(model))
            .build();
    ExecutorService pool = Executors.newFixedThreadPool(16);
    List<Future<Boolean>> fs = new ArrayList<>();
    for (int i = 0; i < 800; i++) {
      String q = "question number " + i;
      fs.add(
          pool.submit(
              () -> {
                RagResult r = rag.ask(q);
                RagResult.Answered a = (RagResult.Answered) r;
                return a.answer().contains(q + " is here")
                    && a.citations().get(0).chunk().id().equals("chunk-" + q.hashCode())
                    && r.trace().question().equals(q);
              }));
    }
    int ok = 0;
    for (Future<Boolean> f : fs) {
      ok += f.get() ? 1 : 0;
    }
    pool.shutdown();
    assertThat(ok).isEqualTo(800);
  }

  @Test
  void rejects_bad_questions_naming_the_rule() {
    RagPipeline rag =
        pipeline(store(GOOD), new FnChatModel(r -> reply("{}"))).maxQuestionChars(100).build();
    assertThat(assertThrows(IllegalArgumentException.class, () -> rag.ask("  ")))
        .hasMessage("question must not be blank");
    assertThat(assertThrows(IllegalArgumentException.class, () -> rag.ask((String) null)))
        .hasMessage("question must not be null");
    assertThat(assertThrows(IllegalArgumentException.class, () -> rag.ask("x".repeat(101))))
        .hasMessageContaining("at most 100 characters");
    assertThat(assertThrows(IllegalArgumentException.class, () -> rag.ask("bad\u0000char")))
        .hasMessageContaining("control characters");
    assertThat(assertThrows(IllegalArgumentException.class, () -> rag.ask("half \uD83D surrogate")))
        .hasMessageContaining("unpaired surrogate");
    assertThat(assertThrows(IllegalArgumentException.class, () -> rag.ask("q?", null)))
        .hasMessage("filter must not be null");
    assertThat(rag.ask("emoji \uD83D\uDE00 ok?")).isNotNull();
  }

  @Test
  void builder_rejects_bad_settings_naming_the_field() {
    RagPipeline.Builder b = RagPipeline.builder();
    assertThat(assertThrows(IllegalArgumentException.class, () -> b.topK(0)))
        .hasMessageContaining("topK");
    assertThat(assertThrows(IllegalArgumentException.class, () -> b.tokenBudget(0)))
        .hasMessageContaining("tokenBudget");
    assertThat(assertThrows(IllegalArgumentException.class, () -> b.maxRetries(-1)))
        .hasMessageContaining("maxRetries");
    assertThat(assertThrows(IllegalArgumentException.class, () -> b.minSimilarity(1.5)))
        .hasMessageContaining("minSimilarity");
    assertThat(assertThrows(IllegalArgumentException.class, () -> b.deadline(Duration.ZERO)))
        .hasMessageContaining("deadline");
    assertThat(assertThrows(IllegalArgumentException.class, () -> b.embedder(null)))
        .hasMessage("embedder must not be null");
    assertThat(assertThrows(IllegalArgumentException.class, () -> RagPipeline.builder().build()))
        .hasMessageContaining("embedder");
    FnChatModel m = new FnChatModel(r -> reply("{}"));
    assertThat(
            assertThrows(
                IllegalStateException.class,
                () ->
                    RagPipeline.builder()
                        .embedder(new ConstantEmbedder(4))
                        .store(store(GOOD))
                        .build()))
        .hasMessageContaining("generator must be set");
    assertThat(assertThrows(IllegalArgumentException.class, () -> AnswerGenerator.of(m, 0)))
        .hasMessageContaining("maxOutputTokens");
    assertThat(
            assertThrows(
                IllegalStateException.class,
                () ->
                    RagPipeline.builder()
                        .embedder(new ConstantEmbedder(8))
                        .store(store(GOOD))
                        .generator(AnswerGenerator.of(m))
                        .build()))
        .hasMessageContaining("dimensions");
  }

  @Test
  void to_builder_derives_a_variant_without_changing_the_original() {
    RagPipeline a = pipeline(store(GOOD), new FnChatModel(r -> reply("{}"))).topK(3).build();
    RagPipeline b = a.toBuilder().topK(5).minSimilarity(0.4).build();
    assertThat(a.toString()).contains("topK=3").contains("minSimilarity=0.0");
    assertThat(b.toString()).contains("topK=5").contains("minSimilarity=0.4");
  }
}
