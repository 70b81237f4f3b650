package dev.citerag.gemini;

import static dev.citerag.gemini.Fixtures.json;
import static dev.citerag.gemini.Fixtures.stopReply;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.citerag.answer.IssueType;
import dev.citerag.answer.ValidationIssue;
import dev.citerag.chat.FinishReason;
import dev.citerag.chat.TokenUsage;
import dev.citerag.embed.LocalHashingEmbedder;
import dev.citerag.ingest.Document;
import dev.citerag.ingest.Ingestor;
import dev.citerag.pipeline.AnswerGenerator;
import dev.citerag.pipeline.RagPipeline;
import dev.citerag.pipeline.RagResult;
import dev.citerag.pipeline.RejectReason;
import dev.citerag.store.InMemoryVectorStore;
import java.util.List;
import java.util.function.Function;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** RagPipeline + in-memory store + local embedder + the real Gemini adapter against a wire fake. */
class GeminiPipelineEndToEndTest {
  static final ObjectMapper M = new ObjectMapper();
  static final String QUOTE = "A rollback finishes within 5 minutes for most services.";

  MockWebServer server;
  RagPipeline rag;

  @BeforeEach
  void setUp() throws Exception {
    server = new MockWebServer();
    server.start();
    LocalHashingEmbedder embedder = new LocalHashingEmbedder();
    InMemoryVectorStore store = new InMemoryVectorStore(embedder.identity().dimensions());
    Ingestor.builder()
        .embedder(embedder)
        .store(store)
        .build()
        .ingest(
            List.of(
                Document.markdown(
                    "runbooks/rollback.md",
                    "# Rollbacks\n\nRun `deployctl rollback --to <sha>` to roll back.\n\n"
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
                AnswerGenerator.of(Fixtures.chat(server, new Fixtures.RecordingSleeper()).build()))
            .build();
  }

  @AfterEach
  void tearDown() {
    server.close();
  }

  /** Replies with {@code reply.apply(id of the sent source containing "rollback finishes")}. */
  void replyCiting(Function<String, String> reply) {
    server.setDispatcher(
        new Dispatcher() {
          @Override
          public MockResponse dispatch(RecordedRequest request) {
            JsonNode body = Fixtures.body(request);
            String user = body.at("/contents/0/parts/0/text").asText();
            int cut = user.indexOf("\n\nPrevious reply rejected:");
            try {
              JsonNode sources =
                  M.readTree(cut < 0 ? user : user.substring(0, cut)).path("sources");
              for (JsonNode s : sources) {
                if (s.path("text").asText().contains("rollback finishes")) {
                  return json(200, stopReply(reply.apply(s.path("id").asText())));
                }
              }
            } catch (java.io.IOException e) {
              throw new java.io.UncheckedIOException(e);
            }
            return json(
                500,
                "{\"error\":{\"code\":500,\"message\":\"no rollback source sent\",\"status\":\"INTERNAL\"}}");
          }
        });
  }

  static String answer(String sourceId) {
    return "{\"status\":\"answered\",\"answer\":\"A rollback takes at most 5 minutes for most services.\","
        + "\"claims\":[{\"text\":\"A rollback takes at most 5 minutes for most services.\",\"citations\":"
        + "[{\"source_id\":\""
        + sourceId
        + "\",\"quote\":\""
        + QUOTE
        + "\"}]}]}";
  }

  @Test
  void answers_with_a_verified_citation_and_a_full_trace() {
    replyCiting(GeminiPipelineEndToEndTest::answer);

    RagResult r = rag.ask("How long does a rollback take?");

    assertThat(r).isInstanceOf(RagResult.Answered.class);
    RagResult.Answered a = (RagResult.Answered) r;
    assertThat(a.answer()).isEqualTo("A rollback takes at most 5 minutes for most services.");
    assertThat(a.citations())
        .singleElement()
        .satisfies(
            c -> {
              assertThat(c.quote()).isEqualTo(QUOTE);
              assertThat(c.chunk().docId()).isEqualTo("runbooks/rollback.md");
              assertThat(r.trace().sent()).anyMatch(s -> s.sourceId().equals(c.sourceId()));
            });
    assertThat(a.trace().usage()).isEqualTo(new TokenUsage(55, 15, 45, 0, 115));
    assertThat(a.trace().model()).isEqualTo("gemini-2.5-flash");
    assertThat(a.trace().attempts())
        .singleElement()
        .satisfies(
            at -> {
              assertThat(at.finishReason()).isEqualTo(FinishReason.STOP);
              assertThat(at.providerFinishReason()).isEqualTo("STOP");
              assertThat(at.responseId()).isEqualTo("NyTxaYuTJ_OW_uMPgIPKgAg");
            });
    assertThat(a.trace().generator()).startsWith("gemini");
    assertThat(server.getRequestCount()).isEqualTo(1);
  }

  @Test
  void a_phantom_source_id_ends_rejected_after_one_retry() {
    replyCiting(id -> answer("zz" + id));

    RagResult r = rag.ask("How long does a rollback take?");

    assertThat(r)
        .isInstanceOfSatisfying(
            RagResult.Rejected.class,
            rej -> {
              assertThat(rej.reason()).isEqualTo(RejectReason.INVALID_CITATIONS);
              assertThat(rej.issues())
                  .extracting(ValidationIssue::type)
                  .containsOnly(IssueType.PHANTOM_SOURCE);
            });
    assertThat(server.getRequestCount()).isEqualTo(2);
    assertThat(r.trace().usage().totalTokens()).isEqualTo(230);
  }
}
