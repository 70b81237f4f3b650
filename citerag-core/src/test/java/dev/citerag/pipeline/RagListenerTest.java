package dev.citerag.pipeline;

import static dev.citerag.pipeline.PipelineFixtures.answerJson;
import static dev.citerag.pipeline.PipelineFixtures.hit;
import static dev.citerag.pipeline.PipelineFixtures.reply;
import static dev.citerag.pipeline.RagPipelineTest.GOOD;
import static dev.citerag.pipeline.RagPipelineTest.ROLLBACK;
import static dev.citerag.pipeline.RagPipelineTest.cite;
import static dev.citerag.pipeline.RagPipelineTest.pipeline;
import static dev.citerag.pipeline.RagPipelineTest.store;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.citerag.PermanentProviderException;
import dev.citerag.ProviderException;
import dev.citerag.StoreException;
import dev.citerag.answer.DefaultCitationValidator;
import dev.citerag.answer.IssueType;
import dev.citerag.chat.ChatRequest;
import dev.citerag.chat.ChatResponse;
import dev.citerag.context.internal.Prompts;
import dev.citerag.pipeline.PipelineFixtures.FnChatModel;
import dev.citerag.store.Filter;
import dev.citerag.store.SearchHit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class RagListenerTest {

  /** Records every event it hears, in order. */
  static final class Recorder implements RagListener {
    final List<RagEvent> events = new CopyOnWriteArrayList<>();

    @Override
    public void onStarted(RagEvent.Started e) {
      events.add(e);
    }

    @Override
    public void onStageStarted(RagEvent.StageStarted e) {
      events.add(e);
    }

    @Override
    public void onStageFinished(RagEvent.StageFinished e) {
      events.add(e);
    }

    @Override
    public void onRetrieved(RagEvent.Retrieved e) {
      events.add(e);
    }

    @Override
    public void onGateDecided(RagEvent.GateDecided e) {
      events.add(e);
    }

    @Override
    public void onAttemptFinished(RagEvent.AttemptFinished e) {
      events.add(e);
    }

    @Override
    public void onCompleted(RagEvent.Completed e) {
      events.add(e);
    }

    @Override
    public void onFailed(RagEvent.Failed e) {
      events.add(e);
    }

    List<String> names() {
      List<String> out = new ArrayList<>();
      for (RagEvent e : events) {
        if (e instanceof RagEvent.StageStarted s) {
          out.add("start " + s.stage().wire() + (s.attempt() > 0 ? "#" + s.attempt() : ""));
        } else if (e instanceof RagEvent.StageFinished s) {
          out.add("end " + s.stage().wire() + (s.attempt() > 0 ? "#" + s.attempt() : ""));
        } else if (e instanceof RagEvent.GateDecided g) {
          out.add(g.passed() ? "gate passed" : "gate " + g.reason().wire());
        } else if (e instanceof RagEvent.AttemptFinished a) {
          out.add("attempt#" + a.attempt().number());
        } else {
          out.add(e.getClass().getSimpleName());
        }
      }
      return out;
    }
  }

  /** First a quote the source does not hold, then a valid one. */
  static Function<ChatRequest, ChatResponse> wrongThenRight() {
    AtomicInteger calls = new AtomicInteger();
    Function<ChatRequest, ChatResponse> right =
        cite("rollback", "A rollback finishes within 5 minutes");
    return r ->
        calls.incrementAndGet() == 1
            ? reply(answerJson("zz", "A rollback takes about an hour"))
            : right.apply(r);
  }

  @Test
  void hears_every_stage_attempt_and_the_outcome_in_order_under_the_trace_id() {
    Recorder rec = new Recorder();
    RagResult r =
        pipeline(store(GOOD), new FnChatModel(wrongThenRight()))
            .listener(rec)
            .build()
            .ask("How long does a rollback take?");

    assertThat(r).isInstanceOf(RagResult.Answered.class);
    assertThat(rec.names())
        .containsExactly(
            "Started",
            "start embed",
            "end embed",
            "start retrieve",
            "end retrieve",
            "Retrieved",
            "gate passed",
            "start context",
            "end context",
            "start generate#1",
            "end generate#1",
            "start validate#1",
            "end validate#1",
            "attempt#1",
            "start generate#2",
            "end generate#2",
            "start validate#2",
            "end validate#2",
            "attempt#2",
            "Completed");
    assertThat(rec.events).allSatisfy(e -> assertThat(e.traceId()).isEqualTo(r.trace().traceId()));
    RagEvent.AttemptFinished first = (RagEvent.AttemptFinished) rec.events.get(13);
    assertThat(first.attempt().issues())
        .extracting(i -> i.type())
        .contains(IssueType.PHANTOM_SOURCE);
    RagEvent.Completed done = (RagEvent.Completed) rec.events.get(rec.events.size() - 1);
    assertThat(done.result()).isSameAs(r);
    assertThat(((RagEvent.Retrieved) rec.events.get(5)).hits()).hasSize(2);
    assertThat(((RagEvent.Retrieved) rec.events.get(5)).bestCosine()).hasValue(0.82);
    // elapsed never goes backwards, and no stage took longer than the whole request
    for (int i = 1; i < rec.events.size(); i++) {
      assertThat(rec.events.get(i).elapsed())
          .isGreaterThanOrEqualTo(rec.events.get(i - 1).elapsed());
    }
    assertThat(rec.events)
        .filteredOn(e -> e instanceof RagEvent.StageFinished)
        .allSatisfy(
            e ->
                assertThat(((RagEvent.StageFinished) e).took())
                    .isLessThanOrEqualTo(done.elapsed()));
  }

  @Test
  void a_gate_abstention_reports_its_reason_and_calls_no_model() {
    Recorder rec = new Recorder();
    FnChatModel model = new FnChatModel(cite("rollback", "A rollback finishes within 5 minutes"));
    RagResult r =
        pipeline(store(List.of(hit("r1", ROLLBACK, 0.82, false))), model)
            .listener(rec)
            .build()
            .ask("How long does a rollback take?");

    assertThat(r).isInstanceOf(RagResult.Abstained.class);
    assertThat(rec.names())
        .containsExactly(
            "Started",
            "start embed",
            "end embed",
            "start retrieve",
            "end retrieve",
            "Retrieved",
            "gate no_lexical_match",
            "Completed");
    assertThat(model.requests).isEmpty();
  }

  @Test
  void a_failed_model_call_ends_its_stage_as_failed() {
    Recorder rec = new Recorder();
    FnChatModel model =
        new FnChatModel(
            r -> {
              throw new PermanentProviderException(
                  "fake", ProviderException.Kind.BAD_REQUEST, 400, null, "bad request", null);
            });
    RagResult r =
        pipeline(store(GOOD), model).listener(rec).build().ask("How long does a rollback take?");

    assertThat(r).isInstanceOf(RagResult.Rejected.class);
    assertThat(rec.events)
        .filteredOn(e -> e instanceof RagEvent.StageFinished s && s.stage() == Stage.GENERATE)
        .singleElement()
        .satisfies(e -> assertThat(((RagEvent.StageFinished) e).failed()).isTrue());
    assertThat(rec.names()).endsWith("end generate#1", "Completed");
  }

  @Test
  void a_store_failure_is_heard_as_failed_and_still_thrown() {
    Recorder rec = new Recorder();
    RagPipeline rag =
        pipeline(
                new PipelineFixtures.ScriptedStore(
                    q -> {
                      throw new StoreException("database unreachable", null);
                    }),
                new FnChatModel(cite("rollback", "A rollback finishes within 5 minutes")))
            .listener(rec)
            .build();
    StoreException thrown =
        assertThrows(StoreException.class, () -> rag.ask("How long does a rollback take?"));
    assertThat(rec.names()).startsWith("Started").endsWith("start retrieve", "Failed");
    assertThat(((RagEvent.Failed) rec.events.get(rec.events.size() - 1)).error()).isSameAs(thrown);
  }

  @Test
  void a_throwing_listener_changes_no_result_and_the_next_listener_still_hears_everything() {
    RagListener throwsEverywhere =
        new RagListener() {
          @Override
          public void onStarted(RagEvent.Started e) {
            throw new IllegalStateException("boom");
          }

          @Override
          public void onStageFinished(RagEvent.StageFinished e) {
            throw new AssertionError("boom");
          }

          @Override
          public void onAttemptFinished(RagEvent.AttemptFinished e) {
            throw new IllegalStateException("boom");
          }

          @Override
          public void onCompleted(RagEvent.Completed e) {
            throw new IllegalStateException("boom");
          }
        };
    Recorder after = new Recorder();
    RagResult plain =
        pipeline(store(GOOD), new FnChatModel(wrongThenRight()))
            .build()
            .ask("How long does a rollback take?");
    RagResult heard =
        pipeline(store(GOOD), new FnChatModel(wrongThenRight()))
            .listener(throwsEverywhere)
            .listener(after)
            .build()
            .ask("How long does a rollback take?");

    assertThat(heard).isInstanceOf(RagResult.Answered.class);
    RagResult.Answered a = (RagResult.Answered) heard;
    RagResult.Answered p = (RagResult.Answered) plain;
    assertThat(a.answer()).isEqualTo(p.answer());
    assertThat(a.citations()).isEqualTo(p.citations());
    assertThat(a.trace().attempts()).hasSameSizeAs(p.trace().attempts());
    assertThat(after.names()).hasSize(20).startsWith("Started").endsWith("Completed");
  }

  @Test
  void to_builder_keeps_the_listeners() {
    Recorder rec = new Recorder();
    RagPipeline base =
        pipeline(
                store(GOOD),
                new FnChatModel(cite("rollback", "A rollback finishes within 5 minutes")))
            .listener(rec)
            .build();
    base.toBuilder().topK(3).build().ask("How long does a rollback take?");
    assertThat(rec.names()).startsWith("Started").endsWith("Completed");
  }

  @Test
  void the_trace_carries_the_callers_trace_id_from_a_traceparent_header() {
    Recorder rec = new Recorder();
    RagResult r =
        pipeline(
                store(GOOD),
                new FnChatModel(cite("rollback", "A rollback finishes within 5 minutes")))
            .listener(rec)
            .build()
            .ask(
                "How long does a rollback take?",
                Filter.ALL,
                TraceContext.fromTraceparent(
                    "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"));
    assertThat(r.trace().traceId()).isEqualTo("4bf92f3577b34da6a3ce929d0e0e4736");
    assertThat(rec.events)
        .allSatisfy(e -> assertThat(e.traceId()).isEqualTo("4bf92f3577b34da6a3ce929d0e0e4736"));
  }

  @Test
  void every_request_without_a_caller_trace_gets_its_own_trace_id() {
    RagPipeline rag =
        pipeline(
                store(GOOD),
                new FnChatModel(cite("rollback", "A rollback finishes within 5 minutes")))
            .build();
    String one = rag.ask("How long does a rollback take?").trace().traceId();
    String two = rag.ask("How long does a rollback take?").trace().traceId();
    assertThat(one).matches("[0-9a-f]{32}").isNotEqualTo(two);
  }

  @Test
  void the_trace_says_which_embedder_rules_prompt_and_top_k_produced_it() {
    RagResult r =
        pipeline(
                store(GOOD),
                new FnChatModel(cite("rollback", "A rollback finishes within 5 minutes")))
            .topK(5)
            .build()
            .ask("How long does a rollback take?");
    Trace t = r.trace();
    assertThat(t.embedder().model()).isEqualTo("constant");
    assertThat(t.embedder().provider()).isEqualTo("test");
    assertThat(t.topK()).isEqualTo(5);
    assertThat(t.verificationIdentity().validatorRules())
        .isEqualTo(new DefaultCitationValidator().rulesVersion())
        .startsWith(DefaultCitationValidator.RULES_VERSION)
        .contains("minQuoteWords=4", "support=LexicalSupportVerifier");
    assertThat(t.verificationIdentity().prompt())
        .isEqualTo(Prompts.VERSION)
        .matches("answer-prompt@[0-9a-f]{12}");
  }

  @Test
  void the_trace_names_the_server_that_answered_the_search_when_the_index_names_one() {
    PipelineFixtures.ScriptedStore plain = store(GOOD);
    assertThat(
            pipeline(
                    plain,
                    new FnChatModel(cite("rollback", "A rollback finishes within 5 minutes")))
                .build()
                .ask("How long does a rollback take?")
                .trace()
                .searchServer())
        .isNull();

    dev.citerag.store.SearchIndex served =
        new dev.citerag.store.SearchIndex() {
          @Override
          public int dimensions() {
            return plain.dimensions();
          }

          @Override
          public java.util.Optional<dev.citerag.store.CollectionIdentity> identity() {
            return plain.identity();
          }

          @Override
          public List<SearchHit> denseSearch(float[] v, int k, dev.citerag.store.Filter filter) {
            return plain.denseSearch(v, k, filter);
          }

          @Override
          public List<SearchHit> lexicalSearch(
              String text, int k, dev.citerag.store.Filter filter) {
            return plain.lexicalSearch(text, k, filter);
          }

          @Override
          public dev.citerag.store.ServedHits hybridSearchServed(
              float[] v, String text, int k, dev.citerag.store.Filter filter) {
            return new dev.citerag.store.ServedHits(
                plain.hybridSearch(v, text, k, filter), "replica-2 (db2:5432)");
          }

          @Override
          public dev.citerag.store.ServedHits denseSearchServed(
              float[] v, int k, dev.citerag.store.Filter filter) {
            return new dev.citerag.store.ServedHits(
                plain.denseSearch(v, k, filter), "replica-1 (db1:5432)");
          }
        };
    RagResult r =
        RagPipeline.builder()
            .embedder(new PipelineFixtures.ConstantEmbedder(4))
            .store(served)
            .generator(
                AnswerGenerator.of(
                    new FnChatModel(cite("rollback", "A rollback finishes within 5 minutes"))))
            .build()
            .ask("How long does a rollback take?");
    assertThat(r.trace().searchServer()).isEqualTo("replica-2 (db2:5432)");
    assertThat(r.trace().retrieved()).extracting(h -> h.chunk().id()).contains("r1");

    RagResult dense =
        RagPipeline.builder()
            .embedder(new PipelineFixtures.ConstantEmbedder(4))
            .store(served)
            .generator(
                AnswerGenerator.of(
                    new FnChatModel(cite("rollback", "A rollback finishes within 5 minutes"))))
            .build()
            .ask(
                AskRequest.of("How long does a rollback take?")
                    .withRetrievalMode(RetrievalMode.DENSE));
    assertThat(dense.trace().searchServer()).isEqualTo("replica-1 (db1:5432)");
  }

  @Test
  void a_custom_generator_and_a_custom_validator_name_their_own_versions() {
    AnswerGenerator model =
        AnswerGenerator.of(
            new FnChatModel(cite("rollback", "A rollback finishes within 5 minutes")));
    AnswerGenerator custom =
        new AnswerGenerator() {
          @Override
          public ChatResponse generate(GenerationRequest request) {
            return model.generate(request);
          }

          @Override
          public String name() {
            return "custom";
          }

          @Override
          public String promptVersion() {
            return "custom-prompt/7";
          }
        };
    RagResult r =
        RagPipeline.builder()
            .embedder(new PipelineFixtures.ConstantEmbedder(4))
            .store(store(GOOD))
            .generator(custom)
            .validator(new DefaultCitationValidator(6, 2))
            .build()
            .ask("How long does a rollback take?");
    assertThat(r.trace().verificationIdentity().prompt()).isEqualTo("custom-prompt/7");
    assertThat(r.trace().verificationIdentity().validatorRules())
        .contains("minQuoteWords=6", "maxCitationsPerClaim=2");
  }
}
