package dev.citerag.testkit.fakes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.citerag.answer.IssueType;
import dev.citerag.answer.ValidationIssue;
import dev.citerag.context.BuiltContext;
import dev.citerag.context.JsonContextBuilder;
import dev.citerag.context.internal.Prompts;
import dev.citerag.store.Chunk;
import dev.citerag.store.SearchHit;
import dev.citerag.text.internal.Hashing;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SentSourcesTest {

  private static SearchHit hit(String docId, String title, String text) {
    Chunk c =
        new Chunk(
            Hashing.sha256Hex(docId, text),
            docId,
            docId + ".md",
            title,
            List.of(title, "Section"),
            null,
            text,
            10,
            Hashing.sha256Hex(text),
            Map.of());
    return new SearchHit(c, 0.5, 1, 1, 1.0, 0.03);
  }

  private static BuiltContext context() {
    return new JsonContextBuilder()
        .build(
            "How do I roll back? Say \"now\".",
            List.of(
                hit(
                    "rollbacks",
                    "Rolling back",
                    "Run deployctl rollback --to <sha>. Quotes \" and {braces} stay data."),
                hit("flags", "Feature flags", "Flag values are cached for 30 seconds.")));
  }

  @Test
  void reads_ids_texts_and_question_from_the_json_context_builder_output() {
    BuiltContext ctx = context();

    SentSources s = SentSources.parse(ctx.userContent());

    assertThat(s.ids()).isEqualTo(ctx.sources().stream().map(x -> x.sourceId()).toList());
    assertThat(s.texts())
        .containsExactly(
            "Run deployctl rollback --to <sha>. Quotes \" and {braces} stay data.",
            "Flag values are cached for 30 seconds.");
    assertThat(s.question()).contains("How do I roll back? Say \"now\".");
  }

  @Test
  void reads_a_retry_prompt_whose_json_is_followed_by_feedback() {
    BuiltContext ctx = context();
    String retry =
        ctx.userContent()
            + Prompts.feedback(
                List.of(
                    ValidationIssue.of(IssueType.PHANTOM_SOURCE, "bad id", "x1q1z", "some quote")));

    SentSources s = SentSources.parse(retry);

    assertThat(s.ids()).hasSize(2).isEqualTo(SentSources.parse(ctx.userContent()).ids());
  }

  @Test
  void finds_sources_inside_prose_and_under_other_field_names() {
    String content =
        "Answer from these sources only:\n"
            + "{\"data\": {\"docs\": [{\"source_id\": \"a1\", \"content\": \"Alpha text\"},"
            + " {\"source_id\": \"b2\", \"content\": \"Beta text\"}]}}\nThanks.";

    SentSources s = SentSources.parse(content);

    assertThat(s.ids()).containsExactly("a1", "b2");
    assertThat(s.question()).isEmpty();
  }

  @Test
  void content_without_sources_gives_none() {
    assertThat(SentSources.parse("What is 2 + 2? {not json").isEmpty()).isTrue();
    assertThat(SentSources.parse("{\"question\": \"q\", \"sources\": []}").question())
        .contains("q");
  }

  @Test
  void matches_fragments_ignoring_case_and_whitespace() {
    SentSources s = SentSources.parse(context().userContent());

    assertThat(s.containing("RUN   deployctl\nrollback").text()).startsWith("Run deployctl");
    assertThat(s.anyContains("cached for 30 seconds")).isTrue();
    assertThat(s.textOf(s.ids().get(1))).contains("Flag values are cached for 30 seconds.");
  }

  @Test
  void containing_an_absent_fragment_names_it_and_lists_what_was_sent() {
    SentSources s = SentSources.parse(context().userContent());

    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> s.containing("kubernetes version"));

    assertThat(e.getMessage())
        .contains("\"kubernetes version\"")
        .contains(s.ids().get(0))
        .contains("Run deployctl");
  }
}
