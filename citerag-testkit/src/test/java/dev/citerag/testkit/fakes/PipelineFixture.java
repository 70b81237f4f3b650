package dev.citerag.testkit.fakes;

import dev.citerag.pipeline.AnswerGenerator;
import dev.citerag.pipeline.RagPipeline;
import java.util.Map;

/** A small corpus in a {@link FakeVectorStore}, embedded by a {@link DeterministicEmbedder}. */
final class PipelineFixture {
  static final String ROLLBACK =
      "Rolling back. Run deployctl rollback --service <name> --to <sha> to put the previous release back."
          + " The rollback skips the canary stages and normally completes within 4 minutes.";
  static final String FLAGS =
      "Feature flags. Flag values are cached for 30 seconds, so a change takes up to 30 seconds to reach"
          + " every instance. Exposure events are sampled at a rate of 0.015.";
  static final String ONCALL =
      "On-call. The rotation changes every Monday. The primary acknowledges a page within 5 minutes.";

  final DeterministicEmbedder embedder = DeterministicEmbedder.create();
  final FakeVectorStore store = new FakeVectorStore(embedder.dimensions());
  final ScriptedChatModel model = new ScriptedChatModel();

  PipelineFixture() {
    store.addTexts(embedder, "rollbacks", Map.of("team", "platform"), ROLLBACK);
    store.addTexts(embedder, "feature-flags", Map.of("team", "platform"), FLAGS);
    store.addTexts(embedder, "on-call", Map.of("team", "platform"), ONCALL);
  }

  RagPipeline pipeline(int maxRetries) {
    return RagPipeline.builder()
        .embedder(embedder)
        .store(store)
        .generator(AnswerGenerator.of(model))
        .maxRetries(maxRetries)
        .build();
  }
}
