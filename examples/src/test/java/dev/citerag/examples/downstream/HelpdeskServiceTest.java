package dev.citerag.examples.downstream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.citerag.embed.Embedder;
import dev.citerag.embed.LocalHashingEmbedder;
import dev.citerag.examples.HelpdeskService;
import dev.citerag.examples.HelpdeskService.Answer;
import dev.citerag.examples.HelpdeskService.Escalation;
import dev.citerag.ingest.Document;
import dev.citerag.ingest.Ingestor;
import dev.citerag.pipeline.AnswerGenerator;
import dev.citerag.pipeline.RagPipeline;
import dev.citerag.store.InMemoryVectorStore;
import dev.citerag.store.MetadataValue;
import dev.citerag.store.VectorStore;
import dev.citerag.testkit.fakes.Reply;
import dev.citerag.testkit.fakes.ScriptedChatModel;
import dev.citerag.testkit.fakes.SentSources;
import dev.citerag.testkit.golden.GoldenCorpus;
import dev.citerag.testkit.junit.CiteragFakes;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * How a team tests its own service built on citerag, with nothing but public API: the testkit's
 * golden corpus, its scripted chat model (injected by {@link CiteragFakes}) and its replies,
 * including the misbehaviour a real model shows now and then. No network, no key.
 */
@CiteragFakes
class HelpdeskServiceTest {

  private static final String ROLLBACK_COMMAND = "deployctl rollback --service <name> --to <sha>";

  private static HelpdeskService desk(ScriptedChatModel model, String team) {
    Embedder embedder = new LocalHashingEmbedder();
    VectorStore store = new InMemoryVectorStore(embedder.identity().dimensions());
    Ingestor.builder().embedder(embedder).store(store).build().ingest(GoldenCorpus.load());
    RagPipeline pipeline =
        RagPipeline.builder()
            .embedder(embedder)
            .store(store)
            .generator(AnswerGenerator.of(model))
            .build();
    return new HelpdeskService(pipeline, team);
  }

  @Test
  void answers_with_numbered_sources_when_the_model_quotes_the_documentation(
      ScriptedChatModel model) {
    model.onQuestion("roll back", Reply.quoting(ROLLBACK_COMMAND));
    HelpdeskService.Reply reply = desk(model, "platform").handle("How do I roll back a release?");

    assertThat(reply).isInstanceOf(Answer.class);
    Answer a = (Answer) reply;
    assertThat(a.text()).isEqualTo(ROLLBACK_COMMAND + " [1]");
    assertThat(a.sources())
        .containsExactly(
            new HelpdeskService.Source(
                1,
                "golden/corpus/rollbacks.md",
                "Rolling back a release > Rolling back",
                ROLLBACK_COMMAND));
    assertThat(model.calls()).hasSize(1);
    assertThat(model.calls().get(0).sources().anyContains(ROLLBACK_COMMAND)).isTrue();
  }

  @Test
  void only_the_teams_documents_reach_the_model(ScriptedChatModel model) {
    model.otherwise(Reply.quoting("API keys are rotated every 90 days"));
    HelpdeskService.Reply reply = desk(model, "security").handle("How often are API keys rotated?");

    assertThat(reply).isInstanceOf(Answer.class);
    List<String> securityTexts =
        GoldenCorpus.load().stream()
            .filter(d -> MetadataValue.of("security").equals(d.metadata().get("team")))
            .map(Document::content)
            .toList();
    SentSources sent = model.calls().get(0).sources();
    // a sent text is a chunk's document text: its first line is a line of a security document
    assertThat(sent.texts())
        .isNotEmpty()
        .allSatisfy(
            text ->
                assertThat(securityTexts)
                    .anySatisfy(
                        content ->
                            assertThat(content).contains(text.lines().findFirst().orElseThrow())));
  }

  @Test
  void escalates_as_not_documented_when_the_model_finds_nothing(ScriptedChatModel model) {
    model.otherwise(Reply.notInSources());
    HelpdeskService.Reply reply =
        desk(model, "platform").handle("Who approves a production deploy on a Friday?");

    assertThat(reply)
        .isEqualTo(
            new Escalation(
                Escalation.Kind.NOT_DOCUMENTED,
                "The platform documentation does not cover this; a person from the team will reply.",
                "not_in_sources"));
    assertThat(model.calls()).hasSize(1);
  }

  @Test
  void escalates_without_calling_the_model_when_no_document_shares_a_word_with_the_question(
      ScriptedChatModel model) {
    HelpdeskService.Reply reply = desk(model, "platform").handle("Qwzx blorptang?");

    assertThat(reply).isInstanceOf(Escalation.class);
    assertThat(((Escalation) reply).detail()).isEqualTo("no_lexical_match");
    assertThat(model.calls()).isEmpty();
  }

  @Test
  void never_shows_an_answer_whose_citation_names_a_source_that_was_not_sent(
      ScriptedChatModel model) {
    model.onQuestion(
        "roll back",
        Reply.phantomCitation("Just redeploy the old artifact on Friday.", ROLLBACK_COMMAND));
    HelpdeskService desk = desk(model, "platform");
    HelpdeskService.Reply reply = desk.handle("How do I roll back a release?");

    assertThat(reply).isInstanceOf(Escalation.class);
    Escalation e = (Escalation) reply;
    assertThat(e.kind()).isEqualTo(Escalation.Kind.UNVERIFIED);
    assertThat(e.detail()).isEqualTo("invalid_citations");
    assertThat(e.message()).doesNotContain("redeploy");
    assertThat(model.calls()).hasSize(2); // the pipeline retried once with feedback, then rejected
    assertThat(desk.answeredCount()).isZero();
    assertThat(desk.escalatedCount()).isEqualTo(1);
  }

  @Test
  void a_valid_retry_after_a_bad_citation_is_served(ScriptedChatModel model) {
    model.onQuestion(
        "roll back",
        Reply.phantomCitation("Just redeploy the old artifact.", ROLLBACK_COMMAND),
        Reply.quoting(ROLLBACK_COMMAND));
    HelpdeskService.Reply reply = desk(model, "platform").handle("How do I roll back a release?");

    assertThat(reply).isInstanceOf(Answer.class);
    assertThat(model.calls()).hasSize(2);
  }

  @Test
  void escalates_as_unavailable_when_the_provider_fails(ScriptedChatModel model) {
    model.otherwise(Reply.unavailable());
    HelpdeskService.Reply reply = desk(model, "platform").handle("How do I roll back a release?");

    assertThat(reply)
        .isEqualTo(
            new Escalation(
                Escalation.Kind.UNAVAILABLE,
                "The assistant is unavailable right now; a person from the team will reply.",
                "provider_error"));
  }

  @Test
  void rejects_a_blank_question_and_a_blank_team(ScriptedChatModel model) {
    HelpdeskService desk = desk(model, "platform");
    assertThat(assertThrows(IllegalArgumentException.class, () -> desk.handle("  ")))
        .hasMessage("question must not be blank");
    RagPipeline pipeline =
        RagPipeline.builder()
            .embedder(new LocalHashingEmbedder())
            .store(new InMemoryVectorStore(LocalHashingEmbedder.DEFAULT_DIMENSIONS))
            .generator(AnswerGenerator.of(model))
            .build();
    assertThat(
            assertThrows(IllegalArgumentException.class, () -> new HelpdeskService(pipeline, "")))
        .hasMessage("team must not be blank");
    assertThat(model.calls()).isEmpty();
  }
}
