package com.example.shop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.citerag.ingest.Document;
import dev.citerag.ingest.Ingestor;
import dev.citerag.pipeline.AnswerGenerator;
import dev.citerag.pipeline.RagPipeline;
import dev.citerag.pipeline.RagResult;
import dev.citerag.testkit.fakes.DeterministicEmbedder;
import dev.citerag.testkit.fakes.FakeVectorStore;
import dev.citerag.testkit.fakes.Reply;
import dev.citerag.testkit.fakes.ScriptedChatModel;
import dev.citerag.testkit.junit.CiteragFakes;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A user's test: the testkit's extension injects its fakes; the user's JUnit runs it. */
@CiteragFakes
class RefundAnswerTest {

  @Test
  void runs_on_the_junit_the_project_chose() {
    String expected = System.getProperty("expected.junit.version");
    assertEquals(expected, Test.class.getPackage().getImplementationVersion(),
        "junit-jupiter-api on the test class path");
  }

  @Test
  void answers_with_a_verified_citation(ScriptedChatModel model, DeterministicEmbedder embedder) {
    FakeVectorStore store = new FakeVectorStore(embedder.identity().dimensions());
    Ingestor.builder().embedder(embedder).store(store).build().ingest(List.of(Document.markdown("refunds.md",
        "# Refunds\n\nRefunds are paid back within 14 days of the return arriving at the warehouse.")));
    model.otherwise(Reply.quoting("Refunds are paid back within 14 days"));
    RagPipeline rag = RagPipeline.builder().embedder(embedder).store(store).generator(AnswerGenerator.of(model)).build();

    RagResult r = rag.ask("How long do refunds take?");

    RagResult.Answered a = assertInstanceOf(RagResult.Answered.class, r);
    assertTrue(a.answer().contains("14 days"), a.answer());
    assertEquals(1, model.calls().size());
  }
}
