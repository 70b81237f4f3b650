package dev.citerag.openai;

import static dev.citerag.openai.Fixtures.KEY;
import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.ingest.Document;
import dev.citerag.ingest.Ingestor;
import dev.citerag.pipeline.AbstainReason;
import dev.citerag.pipeline.AnswerGenerator;
import dev.citerag.pipeline.RagPipeline;
import dev.citerag.pipeline.RagResult;
import dev.citerag.pipeline.RejectReason;
import dev.citerag.store.InMemoryVectorStore;
import dev.citerag.testkit.fakes.Reply;
import dev.citerag.testkit.wire.FakeOpenAiServer;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** RagPipeline with the real adapter (chat and embeddings) against the testkit's wire fake. */
class OpenAiPipelineTest {
  static final String QUOTE = "A rollback finishes within 5 minutes for most services.";
  static final String Q = "How long does a rollback take?";

  FakeOpenAiServer server;
  RagPipeline rag;

  @BeforeEach
  void setUp() {
    server = new FakeOpenAiServer().requireApiKey(KEY);
    OpenAiEmbedder embedder = Fixtures.embedder(server.apiBaseUrl()).dimensions(256).build();
    InMemoryVectorStore store = new InMemoryVectorStore(embedder.identity().dimensions());
    Ingestor.builder()
        .embedder(embedder)
        .store(store)
        .build()
        .ingest(
            List.of(
                Document.markdown(
                    "runbooks/rollback.md",
                    "# Rollbacks\n\nRun `deployctl rollback --to <sha>` to roll back a deploy.\n\n"
                        + QUOTE
                        + "\n"),
                Document.markdown(
                    "runbooks/oncall.md",
                    "# On-call\n\nThe on-call rotation changes every Monday at 10:00 UTC.\n")));
    rag =
        RagPipeline.builder()
            .embedder(embedder)
            .store(store)
            .generator(
                AnswerGenerator.of(
                    Fixtures.chat(server.apiBaseUrl(), new Fixtures.RecordingSleeper()).build()))
            .build();
  }

  @AfterEach
  void tearDown() {
    server.close();
  }

  @Test
  void a_cited_answer_is_verified_and_served_with_the_server_reported_model_in_the_trace() {
    server.onQuestion("rollback", Reply.quoting(QUOTE));
    RagResult r = rag.ask(Q);
    assertThat(r).isInstanceOf(RagResult.Answered.class);
    RagResult.Answered a = (RagResult.Answered) r;
    assertThat(a.answer()).contains(QUOTE);
    assertThat(a.citations())
        .singleElement()
        .satisfies(c -> assertThat(c.chunk().source()).isEqualTo("runbooks/rollback.md"));
    assertThat(r.trace().model()).isEqualTo(FakeOpenAiServer.DEFAULT_MODEL_SNAPSHOT);
    assertThat(server.embeddingCalls()).isNotEmpty();
  }

  @Test
  void a_phantom_citation_is_rejected_after_one_retry_and_not_served() {
    server.onQuestion("rollback", Reply.phantomCitation("Rollbacks take a week.", QUOTE));
    RagResult r = rag.ask(Q);
    assertThat(r)
        .isInstanceOfSatisfying(
            RagResult.Rejected.class,
            rej -> assertThat(rej.reason()).isEqualTo(RejectReason.INVALID_CITATIONS));
    assertThat(server.chatCalls()).hasSize(2);
  }

  @Test
  void not_in_sources_is_an_abstention_and_refusal_length_and_filter_are_typed_rejections() {
    server.enqueue(
        Reply.notInSources(),
        Reply.blocked("refusal"),
        Reply.truncated(Reply.quoting(QUOTE)),
        Reply.blocked());
    assertThat(rag.ask(Q))
        .isInstanceOfSatisfying(
            RagResult.Abstained.class,
            a -> assertThat(a.reason()).isEqualTo(AbstainReason.NOT_IN_SOURCES));
    assertThat(rag.ask(Q))
        .isInstanceOfSatisfying(
            RagResult.Rejected.class,
            rej -> assertThat(rej.reason()).isEqualTo(RejectReason.BLOCKED));
    assertThat(rag.ask(Q))
        .isInstanceOfSatisfying(
            RagResult.Rejected.class,
            rej -> assertThat(rej.reason()).isEqualTo(RejectReason.TRUNCATED));
    assertThat(rag.ask(Q))
        .isInstanceOfSatisfying(
            RagResult.Rejected.class,
            rej -> assertThat(rej.reason()).isEqualTo(RejectReason.BLOCKED));
  }
}
