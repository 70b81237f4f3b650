package dev.citerag.pipeline;

import static dev.citerag.pipeline.PipelineFixtures.reply;
import static dev.citerag.pipeline.PipelineFixtures.sources;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.citerag.answer.IssueType;
import dev.citerag.chat.ChatRequest;
import dev.citerag.ingest.ChunkerSettings;
import dev.citerag.ingest.Document;
import dev.citerag.ingest.DocumentFormat;
import dev.citerag.ingest.MarkdownChunker;
import dev.citerag.ingest.Page;
import dev.citerag.pipeline.PipelineFixtures.ConstantEmbedder;
import dev.citerag.pipeline.PipelineFixtures.FnChatModel;
import dev.citerag.pipeline.PipelineFixtures.ScriptedStore;
import dev.citerag.render.ResultJson;
import dev.citerag.store.Chunk;
import dev.citerag.store.SearchHit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A served citation names where its quote is in the source document: {@code
 * document.content().substring(documentStart, documentEnd)} (for a paged document, the text of the
 * chunk's page) is the quote, for Markdown, plain text and PDF pages; and the heading prefix the
 * chunker puts before a chunk's text is never a verified quote.
 */
class DocumentOffsetsTest {
  static final ObjectMapper M = new ObjectMapper();
  static final MarkdownChunker SMALL = new MarkdownChunker(new ChunkerSettings(60, 10, false));

  static String json(String claim, String id, String quote) {
    ObjectNode root = M.createObjectNode();
    root.put("status", "answered");
    root.put("answer", claim);
    ObjectNode c = root.putArray("claims").addObject();
    c.put("text", claim);
    c.putArray("citations").addObject().put("source_id", id).put("quote", quote);
    return root.toString();
  }

  /** Asks with the chunk holding {@code quote} as the only source; the model quotes it. */
  static RagResult ask(Chunk chunk, String claim, String quote) {
    FnChatModel model = new FnChatModel(r -> reply(json(claim, idOf(r), quote)));
    return RagPipeline.builder()
        .embedder(new ConstantEmbedder(4))
        .store(new ScriptedStore(q -> List.of(new SearchHit(chunk, 0.8, 1, 1, 1.0, 0.03))))
        .generator(AnswerGenerator.of(model))
        .maxRetries(0)
        .build()
        .ask("How long does a rollback take?");
  }

  static String idOf(ChatRequest r) {
    return sources(r).get(0)[0];
  }

  static Chunk holding(List<Chunk> chunks, String quote) {
    return chunks.stream()
        .filter(c -> c.text().indexOf(quote, c.bodyStart()) >= 0)
        .findFirst()
        .orElseThrow();
  }

  static ResolvedCitation served(RagResult r) {
    assertThat(r).as(r.toString()).isInstanceOf(RagResult.Answered.class);
    return ((RagResult.Answered) r).citations().get(0);
  }

  static final String MARKDOWN =
      "# Runbook\n\nIntro paragraph that says little.\n\n## Rollbacks\n\n"
          + "Roll back with deploy-bot within 30 minutes of a failed deploy. "
          + "Page the on-call engineer when a rollback fails twice in a row.\n\n"
          + "| Severity | Acknowledge |\n|---|---|\n| SEV1 | 5 minutes |\n| SEV2 | 30 minutes by phone |\n\n"
          + "Later paragraph about audits and the weekly review of every rollback.\n";

  @Test
  void a_markdown_quote_maps_to_the_exact_span_of_the_document() {
    Document doc = Document.markdown("runbook.md", MARKDOWN);
    String quote = "Page the on-call engineer when a rollback fails twice";
    for (MarkdownChunker chunker : List.of(new MarkdownChunker(), SMALL)) {
      Chunk chunk = holding(chunker.chunk(doc), quote);
      ResolvedCitation c =
          served(ask(chunk, "Page the on-call engineer when a rollback fails twice.", quote));
      assertThat(c.documentStart()).isNotNull();
      assertThat(doc.content().substring(c.documentStart(), c.documentEnd())).isEqualTo(quote);
      assertThat(chunk.text().substring(c.start(), c.end())).isEqualTo(quote);
    }
  }

  @Test
  void the_json_of_a_result_carries_the_document_offsets() throws Exception {
    Document doc = Document.markdown("runbook.md", MARKDOWN);
    String quote = "Page the on-call engineer when a rollback fails twice";
    RagResult r =
        ask(
            holding(new MarkdownChunker().chunk(doc), quote),
            "Page the on-call engineer when a rollback fails twice.",
            quote);
    JsonNode c = M.readTree(ResultJson.toJson(r)).get("citations").get(0);
    assertThat(
            doc.content().substring(c.get("document_start").asInt(), c.get("document_end").asInt()))
        .isEqualTo(quote);
  }

  @Test
  void a_table_row_quote_maps_to_the_row_in_the_document() {
    Document doc = Document.markdown("runbook.md", MARKDOWN);
    String quote = "| SEV2 | 30 minutes by phone |";
    Chunk chunk = holding(SMALL.chunk(doc), quote);
    ResolvedCitation c = served(ask(chunk, "SEV2: 30 minutes by phone.", quote));
    assertThat(doc.content().substring(c.documentStart(), c.documentEnd())).isEqualTo(quote);
  }

  @Test
  void a_plain_text_quote_maps_to_the_document_even_with_crlf_line_ends() {
    String text =
        "Rollback notes\r\n\r\nRoll back with deploy-bot within 30 minutes of a failed deploy.\r\n"
            + "Page the on-call engineer when a rollback fails twice in a row.\r\n";
    Document doc = Document.text("notes.txt", text);
    String quote = "Roll back with deploy-bot within 30 minutes";
    Chunk chunk = holding(new MarkdownChunker().chunk(doc), quote);
    ResolvedCitation c = served(ask(chunk, "Roll back with deploy-bot within 30 minutes.", quote));
    assertThat(doc.content().substring(c.documentStart(), c.documentEnd())).isEqualTo(quote);

    // across a line end the chunker read as \n: the document's span, \r\n and all
    String across = "a failed deploy.\nPage the on-call engineer";
    Chunk again = holding(new MarkdownChunker().chunk(doc), across);
    ResolvedCitation d =
        served(ask(again, "After a failed deploy, page the on-call engineer.", across));
    assertThat(doc.content().substring(d.documentStart(), d.documentEnd()))
        .isEqualTo("a failed deploy.\r\nPage the on-call engineer");
  }

  @Test
  void a_pdf_quote_maps_to_offsets_in_the_text_of_its_page() {
    Page p1 = new Page(1, "Contents\n\nThis manual covers the deploy pipeline.");
    Page p2 =
        new Page(2, "Rollbacks\n\nRoll back with deploy-bot within 30 minutes of a failed deploy.");
    Document doc =
        Document.paged(
            "manual.pdf", "manual.pdf", "Manual", DocumentFormat.TEXT, Map.of(), List.of(p1, p2));
    String quote = "Roll back with deploy-bot within 30 minutes";
    Chunk chunk = holding(new MarkdownChunker().chunk(doc), quote);
    assertThat(chunk.page()).isEqualTo(2);
    ResolvedCitation c = served(ask(chunk, "Roll back with deploy-bot within 30 minutes.", quote));
    assertThat(p2.text().substring(c.documentStart(), c.documentEnd())).isEqualTo(quote);
  }

  @Test
  void a_quote_of_the_heading_line_alone_is_rejected_as_not_document_text() {
    Document doc = Document.markdown("runbook.md", MARKDOWN);
    Chunk chunk = holding(new MarkdownChunker().chunk(doc), "Roll back with deploy-bot");
    assertThat(chunk.text()).startsWith("Runbook > Rollbacks\n\n");
    // the heading line, made quotable by a heading long enough to pass the word minimum
    Chunk titled =
        new MarkdownChunker()
            .chunk(
                Document.markdown(
                    "p.md", "# Rollback policy for every production service\n\nRoll back fast.\n"))
            .get(0);
    RagResult r =
        ask(
            titled,
            "The rollback policy covers every production service.",
            "Rollback policy for every production service");
    assertThat(r)
        .isInstanceOfSatisfying(
            RagResult.Rejected.class,
            rej ->
                assertThat(rej.issues())
                    .anySatisfy(
                        i -> {
                          assertThat(i.type()).isEqualTo(IssueType.QUOTE_NOT_FOUND);
                          assertThat(i.detail()).contains("title and heading lines");
                        }));
  }

  @Test
  void a_quote_running_from_the_heading_line_into_the_text_is_rejected() {
    Chunk chunk =
        holding(
            new MarkdownChunker().chunk(Document.markdown("runbook.md", MARKDOWN)),
            "Roll back with");
    RagResult r =
        ask(chunk, "Rollbacks: roll back with deploy-bot.", "Rollbacks Roll back with deploy-bot");
    assertThat(r)
        .isInstanceOfSatisfying(
            RagResult.Rejected.class,
            rej ->
                assertThat(rej.issues())
                    .anySatisfy(i -> assertThat(i.type()).isEqualTo(IssueType.QUOTE_NOT_FOUND)));
  }

  @Test
  void a_chunk_of_an_earlier_version_has_no_document_offsets_but_its_heading_is_still_known() {
    Chunk fresh =
        holding(
            new MarkdownChunker().chunk(Document.markdown("runbook.md", MARKDOWN)),
            "Roll back with");
    Chunk old =
        new Chunk(
            fresh.id(),
            fresh.docId(),
            fresh.source(),
            fresh.title(),
            fresh.headingPath(),
            fresh.page(),
            fresh.text(),
            fresh.tokenCount(),
            fresh.contentHash(),
            fresh.metadata());
    assertThat(old.sourceMap()).isNull();
    assertThat(old.bodyStart()).isEqualTo(fresh.bodyStart()).isPositive();
    String quote = "Roll back with deploy-bot within 30 minutes";
    ResolvedCitation c = served(ask(old, "Roll back with deploy-bot within 30 minutes.", quote));
    assertThat(c.documentStart()).isNull();
    assertThat(c.documentEnd()).isNull();
    assertThat(c.quote()).isEqualTo(quote);
  }
}
