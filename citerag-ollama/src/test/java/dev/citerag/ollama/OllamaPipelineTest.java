package dev.citerag.ollama;

import static dev.citerag.ollama.OllamaFixtures.chatReply;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.citerag.answer.IssueType;
import dev.citerag.answer.SentSource;
import dev.citerag.chat.FinishReason;
import dev.citerag.chat.TokenUsage;
import dev.citerag.embed.LocalHashingEmbedder;
import dev.citerag.ingest.Document;
import dev.citerag.ingest.Ingestor;
import dev.citerag.pipeline.AnswerGenerator;
import dev.citerag.pipeline.Attempt;
import dev.citerag.pipeline.RagPipeline;
import dev.citerag.pipeline.RagResult;
import dev.citerag.pipeline.RejectReason;
import dev.citerag.pipeline.ResolvedCitation;
import dev.citerag.pipeline.Stage;
import dev.citerag.pipeline.Trace;
import dev.citerag.store.InMemoryVectorStore;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * End to end: core's in-memory store and local hashing embedder, the real RagPipeline, and
 * OllamaChatModel speaking HTTP to a MockWebServer that answers like Ollama. The fake model reads
 * the short source ids from the request it received, as a real model would.
 */
class OllamaPipelineTest {
  private static final String ROLLBACK_QUOTE =
      "run deploy rollback to return to the previous version";
  private static final String ANSWER = "Run deploy rollback to return to the previous version.";

  private MockWebServer server;
  private final List<JsonNode> chatBodies = new CopyOnWriteArrayList<>();
  private volatile Function<JsonNode, String> model = sources -> "";
  private RagPipeline pipeline;

  @BeforeEach
  void start() throws IOException {
    server = new MockWebServer();
    server.setDispatcher(
        new Dispatcher() {
          @Override
          public MockResponse dispatch(RecordedRequest request) {
            JsonNode body = OllamaFixtures.body(request);
            chatBodies.add(body);
            JsonNode user = readJson(body.get("messages").get(1).get("content").asText());
            return OllamaFixtures.ok(chatReply(model.apply(user.get("sources")), "stop"));
          }
        });
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
                    "runbook",
                    """
            # Deploy runbook

            ## Rollback

            To undo a bad release, run deploy rollback to return to the previous version. \
            The rollback finishes within five minutes.

            ## Canary

            A canary receives five percent of traffic for thirty minutes before the full rollout.
            """),
                Document.markdown(
                    "oncall",
                    """
            # On-call

            ## Paging

            Pages go to the primary on-call engineer first and to the secondary after ten minutes.
            """)));
    OllamaChatModel chat =
        OllamaChatModel.builder()
            .environment(Map.of())
            .baseUrl(OllamaFixtures.baseUrl(server))
            .retrySleeper(new OllamaFixtures.RecordingSleeper())
            .build();
    pipeline =
        RagPipeline.builder()
            .embedder(embedder)
            .store(store)
            .generator(AnswerGenerator.of(chat))
            .build();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  /** The id of the sent source whose text contains {@code phrase}. */
  private static String idOf(JsonNode sources, String phrase) {
    for (JsonNode s : sources) {
      if (s.get("text").asText().contains(phrase)) {
        return s.get("id").asText();
      }
    }
    throw new AssertionError("no source sent contains \"" + phrase + "\": " + sources);
  }

  private static String answerCiting(String sourceId) {
    return "{\"status\":\"answered\",\"answer\":\""
        + ANSWER
        + "\",\"claims\":[{\"text\":\""
        + ANSWER
        + "\",\"citations\":[{\"source_id\":\""
        + sourceId
        + "\",\"quote\":\""
        + ROLLBACK_QUOTE
        + "\"}]}]}";
  }

  /** The first JSON value of {@code s}: a retry's user turn has feedback text after it. */
  private static JsonNode readJson(String s) {
    try (var parser = OllamaFixtures.JSON.getFactory().createParser(s)) {
      return OllamaFixtures.JSON.readTree(parser);
    } catch (IOException e) {
      throw new AssertionError("not JSON: " + s, e);
    }
  }

  @Test
  void a_reply_citing_a_sent_source_with_a_real_quote_is_answered_with_its_trace() {
    String[] cited = new String[1];
    model =
        sources -> {
          cited[0] = idOf(sources, ROLLBACK_QUOTE);
          return answerCiting(cited[0]);
        };

    RagResult result = pipeline.ask("How do I roll back a bad release?");

    assertThat(result).isInstanceOf(RagResult.Answered.class);
    RagResult.Answered answered = (RagResult.Answered) result;
    assertThat(answered.answer()).isEqualTo(ANSWER);
    assertThat(answered.claims()).hasSize(1);
    assertThat(answered.claims().get(0).text()).isEqualTo(ANSWER);
    assertThat(answered.citations()).hasSize(1);
    ResolvedCitation citation = answered.citations().get(0);
    assertThat(citation.claimIndex()).isZero();
    assertThat(citation.sourceId()).isEqualTo(cited[0]);
    assertThat(citation.quote()).isEqualTo(ROLLBACK_QUOTE);
    assertThat(citation.chunk().docId()).isEqualTo("runbook");
    assertThat(citation.chunk().text()).contains(ROLLBACK_QUOTE);

    Trace trace = answered.trace();
    assertThat(trace.question()).isEqualTo("How do I roll back a bad release?");
    assertThat(trace.generator()).isEqualTo("ollama:llama3.2");
    assertThat(trace.model()).isEqualTo("llama3.2");
    assertThat(trace.usage()).isEqualTo(new TokenUsage(412, 57, 0, 0, 469));
    assertThat(trace.retrieved())
        .anySatisfy(h -> assertThat(h.chunk().text()).contains(ROLLBACK_QUOTE));
    assertThat(trace.sent()).extracting(SentSource::sourceId).contains(cited[0]);
    assertThat(trace.contextTokens()).isPositive();
    assertThat(trace.latency())
        .containsKeys(Stage.EMBED, Stage.RETRIEVE, Stage.GENERATE, Stage.TOTAL);
    assertThat(trace.attempts()).hasSize(1);
    Attempt attempt = trace.attempts().get(0);
    assertThat(attempt.number()).isEqualTo(1);
    assertThat(attempt.rawReply()).isEqualTo(answerCiting(cited[0]));
    assertThat(attempt.finishReason()).isEqualTo(FinishReason.STOP);
    assertThat(attempt.providerFinishReason()).isEqualTo("stop");
    assertThat(attempt.model()).isEqualTo("llama3.2");
    assertThat(attempt.issues()).isEmpty();

    assertThat(chatBodies).hasSize(1);
    JsonNode sent = chatBodies.get(0);
    assertThat(sent.get("stream").asBoolean(true)).isFalse();
    assertThat(sent.get("think").asBoolean(true)).isFalse();
    assertThat(sent.get("options").get("temperature").asDouble()).isZero();
    assertThat(sent.get("format").get("required")).isNotNull();
    assertThat(sent.get("messages").get(1).get("content").asText())
        .contains("How do I roll back a bad release?");
  }

  @Test
  void a_reply_citing_a_source_that_was_never_sent_is_rejected_after_the_retry() {
    model = sources -> answerCiting("zq9xw");

    RagResult result = pipeline.ask("How do I roll back a bad release?");

    assertThat(result).isInstanceOf(RagResult.Rejected.class);
    RagResult.Rejected rejected = (RagResult.Rejected) result;
    assertThat(rejected.reason()).isEqualTo(RejectReason.INVALID_CITATIONS);
    assertThat(rejected.issues()).extracting(i -> i.type()).contains(IssueType.PHANTOM_SOURCE);
    // the invented id never leaves the library, not even in the issues
    assertThat(rejected.issues())
        .allSatisfy(i -> assertThat(i.sourceId() + " " + i.detail()).doesNotContain("zq9xw"));
    assertThat(rejected.trace().attempts()).hasSize(2);
    assertThat(rejected.trace().usage()).isEqualTo(new TokenUsage(824, 114, 0, 0, 938));
    assertThat(chatBodies).hasSize(2);
    assertThat(chatBodies.get(1).get("messages").get(1).get("content").asText())
        .contains("phantom_source")
        .contains("claim 1 of 1, citation 1");
  }
}
