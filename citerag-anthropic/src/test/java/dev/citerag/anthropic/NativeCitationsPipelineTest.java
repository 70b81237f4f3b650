package dev.citerag.anthropic;

import static dev.citerag.anthropic.Fixtures.KEY;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.citerag.answer.IssueType;
import dev.citerag.answer.SentSource;
import dev.citerag.answer.ValidationIssue;
import dev.citerag.embed.LocalHashingEmbedder;
import dev.citerag.ingest.Document;
import dev.citerag.ingest.Ingestor;
import dev.citerag.pipeline.AbstainReason;
import dev.citerag.pipeline.RagPipeline;
import dev.citerag.pipeline.RagResult;
import dev.citerag.pipeline.RejectReason;
import dev.citerag.pipeline.ResolvedCitation;
import dev.citerag.store.InMemoryVectorStore;
import dev.citerag.testkit.fakes.Reply;
import dev.citerag.testkit.wire.FakeAnthropicServer;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * RagPipeline with Claude's native citations against the wire fake: documents in, cited text blocks
 * out, every citation re-verified by the pipeline's validator.
 */
class NativeCitationsPipelineTest {
  static final String QUOTE = "A rollback finishes within 5 minutes for most services.";
  static final String Q = "How long does a rollback take?";

  FakeAnthropicServer server;
  AnthropicChatModel claude;
  RagPipeline rag;

  @BeforeEach
  void setUp() {
    server = new FakeAnthropicServer().requireApiKey(KEY);
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
                    "# Rollbacks\n\nRun `deployctl rollback --to <sha>` to roll back a deploy.\n\n"
                        + QUOTE
                        + "\n"),
                Document.markdown(
                    "runbooks/oncall.md",
                    "# On-call\n\nThe on-call rollback rotation changes every Monday at 10:00 UTC.\n")));
    claude = Fixtures.claude(server.baseUrl(), new Fixtures.RecordingSleeper()).build();
    rag =
        RagPipeline.builder()
            .embedder(embedder)
            .store(store)
            .generator(claude.answerGenerator())
            .build();
  }

  @AfterEach
  void tearDown() {
    server.close();
  }

  @Test
  void sends_one_cited_document_per_source_and_serves_the_verified_quote_at_claudes_offsets() {
    server.onQuestion("rollback", Reply.quoting(QUOTE));
    RagResult r = rag.ask(Q);

    RagResult.Answered a = (RagResult.Answered) r;
    assertThat(a.answer()).isEqualTo(QUOTE);
    ResolvedCitation c = a.citations().get(0);
    assertThat(c.chunk().source()).isEqualTo("runbooks/rollback.md");
    assertThat(c.chunk().text().substring(c.start(), c.end())).isEqualTo(QUOTE);
    assertThat(c.start()).isEqualTo(c.chunk().text().indexOf(QUOTE));

    JsonNode body = server.lastCall().json().orElseThrow();
    JsonNode content = body.at("/messages/0/content");
    List<SentSource> sent = r.trace().sent();
    assertThat(content.size()).isEqualTo(sent.size() + 1);
    for (int i = 0; i < sent.size(); i++) {
      JsonNode doc = content.get(i);
      assertThat(doc.get("type").asText()).isEqualTo("document");
      assertThat(doc.at("/source/type").asText()).isEqualTo("text");
      assertThat(doc.at("/source/media_type").asText()).isEqualTo("text/plain");
      // the document is the chunk's own text: its title and heading lines go in the title only
      assertThat(doc.at("/source/data").asText()).isEqualTo(sent.get(i).chunk().body());
      assertThat(sent.get(i).chunk().bodyStart()).isPositive();
      assertThat(doc.at("/citations/enabled").asBoolean()).isTrue();
      assertThat(doc.get("title").asText()).startsWith(sent.get(i).chunk().source());
    }
    JsonNode question = content.get(sent.size());
    assertThat(question.get("type").asText()).isEqualTo("text");
    assertThat(question.get("text").asText()).isEqualTo("Question: " + Q);
    assertThat(body.has("output_config")).isFalse();
    assertThat(body.get("temperature").asDouble()).isZero();
    assertThat(body.get("system").asText()).contains("NOT_IN_SOURCES");
    // the answer's JSON is what the trace keeps of the reply
    assertThat(r.trace().attempts().get(0).rawReply()).contains(QUOTE);
  }

  @Test
  void a_connective_without_citations_is_dropped_and_the_answer_served() {
    server.uncitedPrefix("Based on the documents, ").onQuestion("rollback", Reply.quoting(QUOTE));
    RagResult.Answered a = (RagResult.Answered) rag.ask(Q);
    assertThat(a.answer()).isEqualTo(QUOTE).doesNotContain("Based");
  }

  @Test
  void uncited_text_that_states_something_fails_the_answer_as_uncited_text() {
    server
        .uncitedPrefix("Rollbacks take 40 minutes. ")
        .onQuestion("rollback", Reply.quoting(QUOTE));
    RagResult r = rag.ask(Q);
    assertThat(r)
        .isInstanceOfSatisfying(
            RagResult.Rejected.class,
            rej -> {
              assertThat(rej.reason()).isEqualTo(RejectReason.INVALID_CITATIONS);
              assertThat(rej.issues())
                  .extracting(ValidationIssue::type)
                  .contains(IssueType.UNCITED_TEXT);
            });
    // the retry told the model what was wrong, in words
    assertThat(server.messageCalls()).hasSize(2);
    JsonNode retry = server.lastCall().json().orElseThrow();
    JsonNode content = retry.at("/messages/0/content");
    assertThat(content.get(content.size() - 1).get("text").asText())
        .contains("previous answer was rejected")
        .contains("uncited_text");
  }

  @Test
  void a_document_index_that_names_no_sent_document_is_a_phantom_source() {
    server.onQuestion("rollback", Reply.phantomCitation(QUOTE, QUOTE));
    RagResult.Rejected rej = (RagResult.Rejected) rag.ask(Q);
    assertThat(rej.issues()).extracting(ValidationIssue::type).contains(IssueType.PHANTOM_SOURCE);
  }

  @Test
  void offsets_that_do_not_hold_the_cited_text_fail_the_citation() {
    server.corruptCitationOffsets(true).onQuestion("rollback", Reply.quoting(QUOTE));
    RagResult.Rejected rej = (RagResult.Rejected) rag.ask(Q);
    assertThat(rej.issues())
        .anySatisfy(
            i -> {
              assertThat(i.type()).isEqualTo(IssueType.QUOTE_NOT_FOUND);
              assertThat(i.detail()).contains("not the text of document");
            });
  }

  @Test
  void a_cited_text_that_is_not_the_chunks_text_is_rejected_by_the_validator() {
    server.onQuestion(
        "rollback",
        Reply.gluedQuote("Rollbacks are quick.", "Run `deployctl rollback", "most services."));
    RagResult.Rejected rej = (RagResult.Rejected) rag.ask(Q);
    assertThat(rej.issues()).extracting(ValidationIssue::type).contains(IssueType.QUOTE_NOT_FOUND);
  }

  @Test
  void not_in_sources_is_an_abstention_refusal_and_max_tokens_are_typed_rejections() {
    server.enqueue(
        Reply.notInSources(), Reply.blocked("refusal"), Reply.truncated(Reply.quoting(QUOTE)));
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
  }

  @Test
  void an_abstention_that_still_cites_is_rejected() {
    server.onQuestion("rollback", Reply.abstentionWithCitation(QUOTE));
    RagResult.Rejected rej = (RagResult.Rejected) rag.ask(Q);
    assertThat(rej.issues())
        .extracting(ValidationIssue::type)
        .contains(IssueType.ABSTENTION_WITH_CITATIONS);
  }

  @Test
  void usage_with_cache_reads_and_the_reported_model_land_in_the_trace() {
    server.cacheReadTokens(11).onQuestion("rollback", Reply.quoting(QUOTE));
    RagResult r = rag.ask(Q);
    assertThat(r.trace().usage().cachedTokens()).isEqualTo(11);
    assertThat(r.trace().usage().inputTokens()).isGreaterThan(11);
    assertThat(r.trace().usage().outputTokens()).isPositive();
    assertThat(r.trace().model()).isEqualTo(FakeAnthropicServer.DEFAULT_MODEL);
    assertThat(r.trace().generator()).isEqualTo("anthropic:claude-sonnet-4-5");
  }

  @Test
  void the_json_schema_option_answers_through_structured_output_and_is_verified_the_same_way() {
    RagPipeline json =
        rag.toBuilder()
            .generator(
                claude.toBuilder()
                    .citations(AnthropicChatModel.Citations.JSON_SCHEMA)
                    .build()
                    .answerGenerator())
            .build();
    server.onQuestion("rollback", Reply.quoting(QUOTE));
    RagResult.Answered a = (RagResult.Answered) json.ask(Q);
    assertThat(a.answer()).isEqualTo(QUOTE);
    JsonNode body = server.lastCall().json().orElseThrow();
    assertThat(body.at("/output_config/format/type").asText()).isEqualTo("json_schema");
    assertThat(body.at("/messages/0/content/0/type").asText()).isEqualTo("text");
  }
}
