package dev.citerag.micrometer;

import static io.micrometer.observation.tck.TestObservationRegistryAssert.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.citerag.StoreException;
import dev.citerag.embed.LocalHashingEmbedder;
import dev.citerag.ingest.Document;
import dev.citerag.ingest.Ingestor;
import dev.citerag.pipeline.AnswerGenerator;
import dev.citerag.pipeline.RagPipeline;
import dev.citerag.pipeline.RagResult;
import dev.citerag.store.Filter;
import dev.citerag.store.InMemoryVectorStore;
import dev.citerag.store.SearchHit;
import dev.citerag.store.SearchIndex;
import dev.citerag.testkit.fakes.Reply;
import dev.citerag.testkit.fakes.ScriptedChatModel;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.core.tck.MeterRegistryAssert;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.tck.TestObservationRegistry;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class MicrometerRagListenerTest {

  static final String ROLLBACK = "A rollback finishes within 5 minutes for most services.";
  static final String QUESTION = "How long does a rollback take?";

  final SimpleMeterRegistry meters = new SimpleMeterRegistry();
  final TestObservationRegistry observations = TestObservationRegistry.create();
  final LocalHashingEmbedder embedder = new LocalHashingEmbedder();
  final InMemoryVectorStore store = new InMemoryVectorStore(embedder.identity().dimensions());

  /** Every observation context stopped, in order. */
  final List<Observation.Context> stopped = new CopyOnWriteArrayList<>();

  MicrometerRagListenerTest() {
    observations
        .observationConfig()
        .observationHandler(
            new ObservationHandler<Observation.Context>() {
              @Override
              public boolean supportsContext(Observation.Context context) {
                return true;
              }

              @Override
              public void onStop(Observation.Context context) {
                stopped.add(context);
              }
            });
    Ingestor.builder()
        .embedder(embedder)
        .store(store)
        .build()
        .ingest(
            List.of(
                Document.markdown(
                    "deploys.md",
                    "# Deploys\n\n"
                        + ROLLBACK
                        + " Production deploys are allowed Monday to Thursday.\n"),
                Document.markdown(
                    "oncall.md",
                    "# On-call\n\nThe on-call rotation changes every Monday at 10:00 UTC.\n")));
  }

  RagPipeline pipeline(SearchIndex index, ScriptedChatModel model) {
    return RagPipeline.builder()
        .embedder(embedder)
        .store(index)
        .generator(AnswerGenerator.of(model))
        .listener(MicrometerRagListener.of(meters, observations))
        .build();
  }

  @Test
  void an_answer_after_a_retry_is_counted_by_outcome_with_its_issues_tokens_and_score() {
    ScriptedChatModel model =
        new ScriptedChatModel()
            .enqueue(
                Reply.phantomCitation("A rollback takes minutes.", "A rollback finishes within"),
                Reply.quoting("A rollback finishes within 5 minutes for most services."));
    RagResult r = pipeline(store, model).ask(QUESTION);
    assertThat(r).isInstanceOf(RagResult.Answered.class);
    String m = model.name();

    MeterRegistryAssert.assertThat(meters)
        .hasTimerWithNameAndTags(
            MicrometerRagListener.REQUESTS,
            Tags.of("outcome", "answered", "reason", "none", "model", m))
        .hasMeterWithNameAndTags(
            MicrometerRagListener.ISSUES,
            Tags.of("type", "phantom_source", "severity", "critical", "model", m))
        .hasMeterWithNameAndTags(
            MicrometerRagListener.ATTEMPTS, Tags.of("result", "invalid", "model", m))
        .hasMeterWithNameAndTags(
            MicrometerRagListener.ATTEMPTS, Tags.of("result", "valid", "model", m))
        .hasMeterWithNameAndTags(MicrometerRagListener.GATE, Tags.of("decision", "passed"))
        .hasMeterWithName(MicrometerRagListener.BEST_COSINE);
    for (String stage : List.of("embed", "retrieve", "gate", "context", "generate", "validate")) {
      MeterRegistryAssert.assertThat(meters)
          .hasTimerWithNameAndTags(
              MicrometerRagListener.STAGES, Tags.of("stage", stage, "model", m));
    }
    assertThat(meters.get(MicrometerRagListener.STAGES).tags("stage", "generate").timer().count())
        .isEqualTo(2);
    assertThat(meters.get(MicrometerRagListener.REQUESTS).timer().count()).isEqualTo(1);
    assertThat(meters.get(MicrometerRagListener.GROUNDING).summary().count()).isEqualTo(1);
    assertThat(meters.get(MicrometerRagListener.GROUNDING).summary().max())
        .isEqualTo(((RagResult.Answered) r).groundingScore());
    double inputTokens =
        meters
            .get(MicrometerRagListener.TOKENS)
            .tags("kind", "input", "use", "answer")
            .counter()
            .count();
    assertThat(inputTokens).isEqualTo(r.trace().usage().inputTokens());
  }

  @Test
  void a_gate_abstention_is_counted_with_its_reason_and_no_model_stage() {
    ScriptedChatModel model = new ScriptedChatModel();
    RagResult r = pipeline(store, model).ask("Which espresso machine is in the kitchen?");
    assertThat(r).isInstanceOf(RagResult.Abstained.class);
    String reason = ((RagResult.Abstained) r).reason().wire();
    MeterRegistryAssert.assertThat(meters)
        .hasTimerWithNameAndTags(
            MicrometerRagListener.REQUESTS,
            Tags.of("outcome", "not_in_sources", "reason", reason, "model", model.name()))
        .hasMeterWithNameAndTags(MicrometerRagListener.GATE, Tags.of("decision", reason))
        .hasTimerWithNameAndTags(
            MicrometerRagListener.STAGES, Tags.of("stage", "gate", "model", model.name()))
        .doesNotHaveTimerWithNameAndTags(
            MicrometerRagListener.STAGES, Tags.of("stage", "generate", "model", model.name()))
        .doesNotHaveMeterWithName(MicrometerRagListener.GROUNDING);
    assertThat(model.callCount()).isZero();
  }

  @Test
  void each_ask_is_one_observation_with_a_child_per_stage_and_the_trace_id() {
    ScriptedChatModel model =
        new ScriptedChatModel()
            .otherwise(Reply.quoting("A rollback finishes within 5 minutes for most services."));
    RagResult r = pipeline(store, model).ask(QUESTION);

    assertThat(observations)
        .hasNumberOfObservationsWithNameEqualTo(MicrometerRagListener.ASK_OBSERVATION, 1)
        .hasObservationWithNameEqualTo(MicrometerRagListener.ASK_OBSERVATION)
        .that()
        .hasContextualNameEqualTo("citerag ask")
        .hasLowCardinalityKeyValue("citerag.outcome", "answered")
        .hasLowCardinalityKeyValue("citerag.reason", "none")
        .hasLowCardinalityKeyValue("citerag.model", model.name())
        .hasHighCardinalityKeyValue("citerag.trace_id", r.trace().traceId())
        .hasBeenStarted()
        .hasBeenStopped();
    // embed, retrieve, context, generate, validate
    assertThat(observations)
        .hasNumberOfObservationsWithNameEqualTo(MicrometerRagListener.STAGE_OBSERVATION, 5)
        .hasObservationWithNameEqualTo(MicrometerRagListener.STAGE_OBSERVATION)
        .that()
        .hasBeenStopped();
    Observation.Context generate =
        stopped.stream()
            .filter(c -> "citerag generate".equals(c.getContextualName()))
            .findFirst()
            .orElseThrow();
    assertThat(generate.getName()).isEqualTo(MicrometerRagListener.STAGE_OBSERVATION);
    assertThat(generate.getLowCardinalityKeyValue("citerag.attempt").getValue()).isEqualTo("1");
    assertThat(generate.getLowCardinalityKeyValue("citerag.failed").getValue()).isEqualTo("false");
    assertThat(generate.getParentObservation()).isNotNull();
    assertThat(generate.getParentObservation().getContextView().getName())
        .isEqualTo(MicrometerRagListener.ASK_OBSERVATION);
    // nothing left open on this thread
    assertThat(observations.getCurrentObservation()).isNull();
  }

  @Test
  void a_store_failure_ends_the_observation_with_the_error_and_is_timed_as_error() {
    SearchIndex broken =
        new SearchIndex() {
          @Override
          public int dimensions() {
            return store.dimensions();
          }

          @Override
          public Optional<dev.citerag.store.CollectionIdentity> identity() {
            return store.identity();
          }

          @Override
          public List<SearchHit> denseSearch(float[] v, int k, Filter f) {
            throw new StoreException("database unreachable", null);
          }

          @Override
          public List<SearchHit> lexicalSearch(String q, int k, Filter f) {
            throw new StoreException("database unreachable", null);
          }

          @Override
          public List<SearchHit> hybridSearch(float[] v, String q, int k, Filter f) {
            throw new StoreException("database unreachable", null);
          }
        };
    ScriptedChatModel model = new ScriptedChatModel();
    RagPipeline rag = pipeline(broken, model);
    assertThrows(StoreException.class, () -> rag.ask(QUESTION));

    MeterRegistryAssert.assertThat(meters)
        .hasTimerWithNameAndTags(
            MicrometerRagListener.REQUESTS,
            Tags.of("outcome", "error", "reason", "StoreException", "model", model.name()));
    assertThat(observations)
        .hasObservationWithNameEqualTo(MicrometerRagListener.ASK_OBSERVATION)
        .that()
        .hasError()
        .hasLowCardinalityKeyValue("citerag.outcome", "error")
        .hasBeenStopped();
    assertThat(observations.getCurrentObservation()).isNull();
  }

  @Test
  void no_meter_carries_a_question_a_trace_id_or_any_tag_outside_the_documented_set() {
    ScriptedChatModel model =
        new ScriptedChatModel()
            .otherwise(Reply.quoting("A rollback finishes within 5 minutes for most services."));
    RagPipeline rag = pipeline(store, model);
    String id1 = rag.ask(QUESTION).trace().traceId();
    String id2 = rag.ask("When does the on-call rotation change?").trace().traceId();
    rag.ask("Which espresso machine is in the kitchen?");

    Set<String> keys = new HashSet<>();
    for (Meter meter : meters.getMeters()) {
      assertThat(meter.getId().getName()).startsWith("citerag.");
      for (Tag t : meter.getId().getTags()) {
        keys.add(t.getKey());
        assertThat(t.getValue()).doesNotContain(id1, id2, "rollback", "?").hasSizeLessThan(64);
      }
    }
    assertThat(keys)
        .isSubsetOf(
            "outcome",
            "reason",
            "model",
            "stage",
            "decision",
            "result",
            "type",
            "severity",
            "kind",
            "use",
            "verdict",
            "le"); // the bucket bound some registries add to a summary's histogram
    // three asks, one timer series per (outcome, reason, model)
    long asks =
        meters.get(MicrometerRagListener.REQUESTS).timers().stream()
            .mapToLong(t -> t.count())
            .sum();
    assertThat(asks).isEqualTo(3);
  }

  @Test
  void metrics_only_needs_no_observation_registry() {
    RagPipeline rag =
        RagPipeline.builder()
            .embedder(embedder)
            .store(store)
            .generator(
                AnswerGenerator.of(
                    new ScriptedChatModel()
                        .otherwise(
                            Reply.quoting(
                                "A rollback finishes within 5 minutes for most services."))))
            .listener(MicrometerRagListener.of(meters))
            .build();
    assertThat(rag.ask(QUESTION)).isInstanceOf(RagResult.Answered.class);
    assertThat(meters.get(MicrometerRagListener.REQUESTS).timer().count()).isEqualTo(1);
  }

  @Test
  void rejects_null_registries_naming_them() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> MicrometerRagListener.of(null));
    assertThat(e).hasMessageContaining("meters");
    IllegalArgumentException o =
        assertThrows(IllegalArgumentException.class, () -> MicrometerRagListener.of(meters, null));
    assertThat(o).hasMessageContaining("observations");
  }
}
