package dev.citerag.pipeline;

import static dev.citerag.pipeline.PipelineFixtures.hit;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.citerag.answer.Citation;
import dev.citerag.answer.IssueType;
import dev.citerag.answer.ModelAnswer;
import dev.citerag.answer.ValidationIssue;
import dev.citerag.chat.ChatResponse;
import dev.citerag.chat.FinishReason;
import dev.citerag.chat.TokenUsage;
import dev.citerag.pipeline.PipelineFixtures.ConstantEmbedder;
import dev.citerag.pipeline.PipelineFixtures.ScriptedStore;
import dev.citerag.store.SearchHit;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * A generator that maps a provider's own citation format hands the pipeline a typed answer: it is
 * validated like a parsed one, its own issues fail the attempt, and what is served carries the
 * verified place of each quote in its chunk.
 */
class TypedAnswerGeneratorTest {

  static final String TEXT =
      "Keys rotate monthly. After rotation, an old\u2011key request receives \u201cHTTP 401\u201d"
          + " within a minute.";
  static final List<SearchHit> HITS = List.of(hit("k1", TEXT, 0.8, true));

  /** Answers with whatever the function makes of each request. */
  static final class Typed implements TypedAnswerGenerator {
    final Function<GenerationRequest, GeneratedAnswer> fn;
    final List<GenerationRequest> requests = new CopyOnWriteArrayList<>();

    Typed(Function<GenerationRequest, GeneratedAnswer> fn) {
      this.fn = fn;
    }

    @Override
    public GeneratedAnswer generateAnswer(GenerationRequest request) {
      requests.add(request);
      return fn.apply(request);
    }

    @Override
    public String name() {
      return "typed:test";
    }
  }

  static RagPipeline pipeline(AnswerGenerator g) {
    return RagPipeline.builder()
        .embedder(new ConstantEmbedder(4))
        .store(new ScriptedStore(q -> HITS))
        .generator(g)
        .maxRetries(1)
        .build();
  }

  static ChatResponse reply() {
    return new ChatResponse(
        "native reply", FinishReason.STOP, "end_turn", TokenUsage.ZERO, "m", null);
  }

  static String id(GenerationRequest r) {
    return r.context().sources().get(0).sourceId();
  }

  @Test
  void a_typed_answer_is_validated_and_served_with_the_verified_span_of_its_quote() {
    String quote = "an old-key request receives \"HTTP 401\" within a minute.";
    Typed g =
        new Typed(
            r ->
                new GeneratedAnswer(
                    reply(),
                    ModelAnswer.answered(
                        "An old-key request receives \"HTTP 401\" within a minute.",
                        List.of(new Citation(id(r), quote))),
                    List.of()));
    RagResult r = pipeline(g).ask("What does an old-key request receive?");

    RagResult.Answered a = (RagResult.Answered) r;
    ResolvedCitation c = a.citations().get(0);
    String raw = "an old\u2011key request receives \u201cHTTP 401\u201d within a minute.";
    assertThat(c.quote()).isEqualTo(raw);
    assertThat(c.start()).isEqualTo(TEXT.indexOf(raw));
    assertThat(c.end()).isEqualTo(TEXT.indexOf(raw) + raw.length());
    assertThat(r.trace().attempts().get(0).rawReply()).isEqualTo("native reply");
  }

  @Test
  void the_generators_own_critical_issue_fails_the_attempt_and_is_fed_back() {
    ValidationIssue offsets =
        ValidationIssue.of(IssueType.QUOTE_NOT_FOUND, "offsets 3 to 9 do not hold the cited text");
    Typed g =
        new Typed(
            r ->
                new GeneratedAnswer(
                    reply(),
                    ModelAnswer.answered(
                        "Keys rotate monthly.",
                        List.of(new Citation(id(r), "Keys rotate monthly."))),
                    List.of(offsets)));
    RagResult r = pipeline(g).ask("How often do keys rotate?");

    assertThat(r)
        .isInstanceOfSatisfying(
            RagResult.Rejected.class,
            rej -> {
              assertThat(rej.reason()).isEqualTo(RejectReason.INVALID_CITATIONS);
              assertThat(rej.issues()).contains(offsets);
            });
    assertThat(g.requests).hasSize(2);
    assertThat(g.requests.get(1).feedback()).contains(offsets);
  }

  @Test
  void a_served_citations_offsets_must_hold_its_quote() {
    SearchHit h = HITS.get(0);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> new ResolvedCitation(0, "k1", "Keys rotate monthly.", h.chunk(), 1, 21));
    assertThat(e.getMessage()).contains("substring(start, end)");
    assertThat(new ResolvedCitation(0, "k1", "Keys rotate monthly.", h.chunk()).end())
        .isEqualTo(20);
  }
}
