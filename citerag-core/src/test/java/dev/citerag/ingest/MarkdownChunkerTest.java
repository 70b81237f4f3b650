package dev.citerag.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.citerag.store.Chunk;
import dev.citerag.store.MetadataValue;
import dev.citerag.text.internal.Hashing;
import dev.citerag.text.internal.TokenEstimator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class MarkdownChunkerTest {

  private static final MarkdownChunker DEFAULT = new MarkdownChunker(ChunkerSettings.DEFAULT);

  private static Document md(String title, String content) {
    return new Document(
        "runbook.md",
        "docs/runbook.md",
        title,
        content,
        DocumentFormat.MARKDOWN,
        MetadataValue.strings(Map.of("team", "platform")));
  }

  private static List<String> texts(List<Chunk> chunks) {
    return chunks.stream().map(Chunk::text).collect(Collectors.toList());
  }

  @Test
  void a_table_thousands_of_columns_wide_does_not_overflow_the_stack() throws Exception {
    int cols = 5_000;
    String table =
        "|"
            + " h |".repeat(cols)
            + "\n|"
            + "---|".repeat(cols)
            + "\n|"
            + " v |".repeat(cols)
            + "\n";
    java.util.concurrent.atomic.AtomicReference<Object> out =
        new java.util.concurrent.atomic.AtomicReference<>();
    Thread th =
        new Thread(
            null,
            () -> {
              try {
                out.set(DEFAULT.chunk(md("Wide", "# Wide\n\n" + table)));
              } catch (Throwable e) {
                out.set(e);
              }
            },
            "small-stack",
            256 * 1024);
    th.start();
    th.join();
    assertThat(out.get()).isInstanceOf(List.class);
  }

  @Test
  void each_section_becomes_a_chunk_starting_with_title_and_heading_path() {
    String content =
        "# Deploys\n\nShip on weekdays.\n\n## Rollbacks\n\nRoll back with deploy-bot.\n\n"
            + "### Window\n\nWithin 30 minutes.\n\n## Freezes\n\nNo deploys in December.\n";
    List<Chunk> chunks = DEFAULT.chunk(md("Operations runbook", content));
    assertEquals(
        List.of(
            "Operations runbook\nDeploys\n\nShip on weekdays.",
            "Operations runbook\nDeploys > Rollbacks\n\nRoll back with deploy-bot.",
            "Operations runbook\nDeploys > Rollbacks > Window\n\nWithin 30 minutes.",
            "Operations runbook\nDeploys > Freezes\n\nNo deploys in December."),
        texts(chunks));
    assertEquals(List.of("Deploys", "Rollbacks", "Window"), chunks.get(2).headingPath());
    assertEquals(List.of("Deploys", "Freezes"), chunks.get(3).headingPath());
  }

  @Test
  void title_is_not_repeated_when_the_first_heading_equals_it() {
    List<Chunk> chunks = DEFAULT.chunk(md("Runbook", "# Runbook\n\n## Deploys\n\nShip it."));
    assertEquals(List.of("Runbook > Deploys\n\nShip it."), texts(chunks));
  }

  @Test
  void chunk_fields_come_from_the_document() {
    Chunk c = DEFAULT.chunk(md("Runbook", "Roll back with deploy-bot.")).get(0);
    assertEquals("runbook.md", c.docId());
    assertEquals("docs/runbook.md", c.source());
    assertEquals("Runbook", c.title());
    assertEquals(List.of(), c.headingPath());
    assertNull(c.page());
    assertEquals("Runbook\n\nRoll back with deploy-bot.", c.text());
    assertEquals(TokenEstimator.estimate(c.text()), c.tokenCount());
    assertEquals(Hashing.sha256Hex(c.text()), c.contentHash());
    assertEquals(MetadataValue.strings(Map.of("team", "platform")), c.metadata());
  }

  @Test
  void chunk_ids_are_pinned_and_stable() {
    Document d = md("Runbook", "Roll back with deploy-bot.");
    // first 24 hex digits of SHA-256("runbook.md\0Runbook\n\nRoll back with deploy-bot.\0" +
    // "0\0"),
    // computed independently with sha256sum
    assertEquals("cb20e4b5076c352bbfa1bb5a", DEFAULT.chunk(d).get(0).id());
    assertEquals(DEFAULT.chunk(d), new MarkdownChunker(ChunkerSettings.DEFAULT).chunk(d));
  }

  @Test
  void repeated_text_in_one_document_gets_distinct_ids() {
    List<Chunk> chunks = DEFAULT.chunk(md(null, "# A\n\nSame words.\n\n# A\n\nSame words.\n"));
    assertEquals(2, chunks.size());
    assertEquals(chunks.get(0).text(), chunks.get(1).text());
    assertEquals(
        Hashing.sha256Hex("runbook.md", chunks.get(0).text(), "0").substring(0, 24),
        chunks.get(0).id());
    assertEquals(
        Hashing.sha256Hex("runbook.md", chunks.get(1).text(), "1").substring(0, 24),
        chunks.get(1).id());
  }

  @Test
  void empty_and_whitespace_documents_give_no_chunks() {
    assertTrue(DEFAULT.chunk(md("T", "")).isEmpty());
    assertTrue(DEFAULT.chunk(md("T", "  \n\r\n\t \n")).isEmpty());
    assertTrue(DEFAULT.chunk(Document.text("t.txt", "\n\n  ")).isEmpty());
  }

  @Test
  void crlf_input_gives_the_same_chunks_as_lf() {
    String lf =
        "# A\n\nFirst line.\nSecond line.\n\n| h | i |\n|---|---|\n| 1 | 2 |\n\n```\ncode\n```\n";
    List<Chunk> chunks = withoutSourceMaps(DEFAULT.chunk(md("T", lf)));
    assertEquals(chunks, withoutSourceMaps(DEFAULT.chunk(md("T", lf.replace("\n", "\r\n")))));
    assertEquals(chunks, withoutSourceMaps(DEFAULT.chunk(md("T", lf.replace("\n", "\r")))));
  }

  /** The chunks without their source maps, which name offsets of the text as given. */
  static List<Chunk> withoutSourceMaps(List<Chunk> chunks) {
    return chunks.stream()
        .map(
            c ->
                new Chunk(
                    c.id(),
                    c.docId(),
                    c.source(),
                    c.title(),
                    c.headingPath(),
                    c.page(),
                    c.text(),
                    c.tokenCount(),
                    c.contentHash(),
                    c.metadata()))
        .toList();
  }

  @Test
  void text_without_front_matter_or_headings_is_kept_whole() {
    String content =
        "---\nNot front matter: this document starts with a rule.\n\nSecond paragraph.";
    List<Chunk> chunks = DEFAULT.chunk(md(null, content));
    assertEquals(List.of(content), texts(chunks));
    assertEquals(List.of(), chunks.get(0).headingPath());
  }

  @Test
  void text_before_the_first_heading_has_an_empty_heading_path() {
    List<Chunk> chunks = DEFAULT.chunk(md("Guide", "Preamble words.\n\n# Part\n\nBody."));
    assertEquals(List.of("Guide\n\nPreamble words.", "Guide\nPart\n\nBody."), texts(chunks));
  }

  @Test
  void hash_inside_a_fenced_code_block_is_not_a_heading() {
    String content =
        "# Setup\n\n```bash\n# install\napt-get install x\n```\n\n~~~\n## also not\n~~~\n\nAfter.";
    List<Chunk> chunks = DEFAULT.chunk(md(null, content));
    assertEquals(1, chunks.size());
    assertEquals(List.of("Setup"), chunks.get(0).headingPath());
    assertThat(chunks.get(0).text())
        .contains("# install")
        .contains("## also not")
        .contains("After.");
  }

  @Test
  void heading_syntax_details() {
    String content =
        "#hashtag is text\n\n## Closing hashes ##\n\nx.\n\n### C#\n\ny.\n\n####### seven is text\n\n#\n\nz.";
    List<Chunk> chunks = DEFAULT.chunk(md(null, content));
    assertEquals(List.of(), chunks.get(0).headingPath());
    assertEquals(List.of("Closing hashes"), chunks.get(1).headingPath());
    assertEquals(List.of("Closing hashes", "C#"), chunks.get(2).headingPath());
    assertThat(chunks.get(2).text()).contains("####### seven is text");
    // an empty heading ends the section and adds nothing to the path
    assertEquals(List.of(), chunks.get(3).headingPath());
    assertEquals("z.", chunks.get(3).text());
  }

  @Test
  void setext_headings_cut_sections_like_atx_headings() {
    String content =
        "Deploys\n=======\n\nShip on weekdays.\n\nRollbacks\n---------\n\nUse deploy-bot.\n\n"
            + "### Window\n\nWithin 30 minutes.\n";
    List<Chunk> chunks = DEFAULT.chunk(md("Runbook", content));
    assertEquals(
        List.of(
            "Runbook\nDeploys\n\nShip on weekdays.",
            "Runbook\nDeploys > Rollbacks\n\nUse deploy-bot.",
            "Runbook\nDeploys > Rollbacks > Window\n\nWithin 30 minutes."),
        texts(chunks));
  }

  @Test
  void a_dash_line_after_a_blank_line_is_a_thematic_break_and_under_a_paragraph_a_heading() {
    String content = "Intro words.\n\n---\n\nMore words.\nSecond line\n---\nBody.\n";
    List<Chunk> chunks = DEFAULT.chunk(md(null, content));
    assertEquals(List.of("Intro words.\n\n---", "More words. Second line\n\nBody."), texts(chunks));
    assertEquals(List.of("More words. Second line"), chunks.get(1).headingPath());
    // '===' with nothing above it is text, and so is '---' right after a heading
    List<Chunk> plain = DEFAULT.chunk(md(null, "# A\n---\n\n===\n"));
    assertEquals(List.of("A\n\n---\n\n==="), texts(plain));
  }

  @Test
  void an_underline_under_a_list_a_quote_a_table_or_code_is_not_a_heading() {
    for (String above :
        List.of(
            "- item one\n- item two",
            "1. first",
            "> quoted",
            "| a | b |\n|---|---|\n| 1 | 2 |",
            "    indented code",
            "```\nfenced\n```")) {
      String content = "# Top\n\n" + above + "\n---\n\nAfter.";
      List<Chunk> chunks = DEFAULT.chunk(md(null, content));
      assertEquals(1, chunks.size(), above);
      assertEquals(List.of("Top"), chunks.get(0).headingPath(), above);
      assertThat(chunks.get(0).text())
          .as(above)
          .contains(above)
          .contains("\n---")
          .endsWith("After.");
    }
  }

  @Test
  void a_setext_heading_inside_a_faq_answer_is_kept_inline_with_its_underline() {
    String content = "# Why?\n\nBecause.\n\nDetails\n-------\n\nMore.\n";
    List<Chunk> faq =
        new MarkdownChunker(new ChunkerSettings(300, 40, true)).chunk(md(null, content));
    assertEquals(List.of("Why?\n\nBecause.\n\nDetails\n-------\n\nMore."), texts(faq));
  }

  @Test
  void a_megabyte_line_without_spaces_is_cut_into_verbatim_slices_within_the_budget() {
    // issue 14: a 1 MB table row with no spaces took 6.6 s (bisection over the rest of the word
    // for every piece: quadratic); PackerTest bounds the work, this checks the result
    String line = "|" + "x".repeat(1 << 20) + "|";
    ChunkerSettings s = new ChunkerSettings(300, 40, false);
    List<Chunk> chunks = new MarkdownChunker(s).chunk(md(null, "# Wide\n\n" + line + "\n"));
    StringBuilder joined = new StringBuilder();
    for (Chunk c : chunks) {
      assertThat(c.text()).startsWith("Wide\n\n");
      assertThat(c.tokenCount()).isLessThanOrEqualTo(300);
      String body = c.text().substring("Wide\n\n".length());
      assertThat(line.startsWith(body, joined.length())).isTrue();
      joined.append(body);
    }
    assertEquals(line, joined.toString());
    // each piece is the longest that fits: all but the last fill the budget
    assertThat(chunks.get(0).text()).hasSize(300 * TokenEstimator.CHARS_PER_TOKEN);
  }

  @Test
  void a_heading_with_nothing_under_it_keeps_its_words_in_a_heading_only_chunk() {
    List<Chunk> chunks = DEFAULT.chunk(md("Guide", "# Part\n\n## Empty leaf\n"));
    assertEquals(List.of("Guide\nPart > Empty leaf"), texts(chunks));
  }

  @Test
  void an_empty_heading_is_neither_a_question_nor_a_heading_only_chunk() {
    String content = "# Why?\n\nBecause.\n\n##\n\n### Deeper\n\nMore.\n\n##\n";
    List<Chunk> faq =
        new MarkdownChunker(new ChunkerSettings(300, 40, true)).chunk(md(null, content));
    // the question absorbs everything under it, empty heading included
    assertEquals(List.of("Why?\n\nBecause.\n\n##\n\n### Deeper\n\nMore.\n\n##"), texts(faq));
    List<Chunk> plain = DEFAULT.chunk(md(null, "# A\n\nText.\n\n##\n"));
    assertEquals(List.of("A\n\nText."), texts(plain));
  }

  @Test
  void a_long_heading_path_is_shortened_to_half_the_budget() {
    ChunkerSettings s = new ChunkerSettings(32, 4, false);
    String heading = "A very long heading that goes on and on and on and on and on";
    List<Chunk> chunks =
        new MarkdownChunker(s).chunk(md("Title", "# " + heading + "\n\nShort body."));
    Chunk c = chunks.get(0);
    assertEquals(List.of(heading), c.headingPath());
    assertThat(c.text()).startsWith("…").endsWith("on and on\n\nShort body.");
    assertThat(c.tokenCount()).isLessThanOrEqualTo(32);
  }

  @Test
  void a_table_is_split_between_rows_and_every_piece_repeats_the_header() {
    StringBuilder t = new StringBuilder("| Plan | Refund limit |\n|:-----|-------------:|\n");
    for (int i = 0; i < 40; i++) {
      t.append("| plan-").append(i).append(" | ").append(100 + i).append(".80 EUR |\n");
    }
    List<Chunk> chunks =
        new MarkdownChunker(new ChunkerSettings(64, 8, false))
            .chunk(md("Pricing", "# Limits\n\n" + t));
    assertThat(chunks.size()).isGreaterThan(3);
    int rows = 0;
    for (Chunk c : chunks) {
      assertThat(c.text())
          .startsWith(
              "Pricing\nLimits\n\n| Plan | Refund limit |\n|:-----|-------------:|\n| plan-");
      assertThat(c.tokenCount()).isLessThanOrEqualTo(64);
      for (String line : c.text().split("\n")) {
        if (line.startsWith("| plan-")) {
          assertThat(line).matches("\\| plan-\\d+ \\| \\d+\\.80 EUR \\|");
          rows++;
        }
      }
    }
    assertEquals(40, rows, "every row once: table pieces do not overlap");
  }

  @Test
  void a_table_row_larger_than_the_budget_is_one_chunk_over_budget() {
    String big = "| wide | " + "word ".repeat(80) + "|";
    String content = "| Key | Value |\n|---|---|\n| a | 1 |\n" + big + "\n| b | 2 |\n";
    List<Chunk> chunks =
        new MarkdownChunker(new ChunkerSettings(40, 4, false)).chunk(md(null, content));
    assertEquals(3, chunks.size());
    assertEquals("| Key | Value |\n|---|---|\n" + big, chunks.get(1).text());
    assertThat(chunks.get(1).tokenCount()).isGreaterThan(40);
    assertThat(chunks.get(0).tokenCount()).isLessThanOrEqualTo(40);
    assertThat(chunks.get(2).tokenCount()).isLessThanOrEqualTo(40);
  }

  @Test
  void a_code_block_is_split_between_lines_and_each_piece_is_fenced() {
    StringBuilder code = new StringBuilder("```python\n");
    for (int i = 0; i < 30; i++) {
      code.append("print('line number ").append(i).append("')\n");
    }
    code.append("```\n");
    List<Chunk> chunks =
        new MarkdownChunker(new ChunkerSettings(64, 8, false)).chunk(md(null, "# Code\n\n" + code));
    assertThat(chunks.size()).isGreaterThan(2);
    int lines = 0;
    for (Chunk c : chunks) {
      assertThat(c.text()).startsWith("Code\n\n```python\nprint(").endsWith("')\n```");
      assertThat(c.tokenCount()).isLessThanOrEqualTo(64);
      for (String line : c.text().split("\n")) {
        if (line.startsWith("print(")) {
          assertThat(line).matches("print\\('line number \\d+'\\)");
          lines++;
        }
      }
    }
    assertEquals(30, lines);
  }

  @Test
  void an_oversized_section_is_split_by_paragraph_then_sentence_with_bounded_overlap() {
    StringBuilder p = new StringBuilder();
    for (int i = 0; i < 30; i++) {
      p.append("Sentence number ").append(i).append(" says something useful. ");
    }
    String content = "# Long\n\n" + p.toString().strip() + "\n\nShort tail paragraph.";
    ChunkerSettings s = new ChunkerSettings(60, 12, false);
    List<Chunk> chunks = new MarkdownChunker(s).chunk(md(null, content));
    assertThat(chunks.size()).isGreaterThan(3);
    for (int i = 0; i < chunks.size(); i++) {
      Chunk c = chunks.get(i);
      assertThat(c.tokenCount()).isLessThanOrEqualTo(60);
      assertThat(c.text()).startsWith("Long\n\nSentence number ").doesNotContain("  ");
      if (i + 1 < chunks.size()) {
        String body = c.text().substring("Long\n\n".length());
        String next = chunks.get(i + 1).text().substring("Long\n\n".length());
        String overlap = longestSuffixPrefix(body, next);
        assertThat(overlap).as("overlap between pieces %d and %d", i, i + 1).isNotEmpty();
        assertThat(TokenEstimator.estimate(overlap)).isLessThanOrEqualTo(12);
      }
    }
    assertThat(chunks.get(chunks.size() - 1).text()).endsWith("Short tail paragraph.");
  }

  @Test
  void zero_overlap_repeats_nothing() {
    StringBuilder p = new StringBuilder();
    for (int i = 0; i < 30; i++) {
      p.append("Sentence ").append(i).append(" is here. ");
    }
    List<Chunk> chunks =
        new MarkdownChunker(new ChunkerSettings(40, 0, false)).chunk(md(null, p.toString()));
    StringBuilder joined = new StringBuilder();
    for (Chunk c : chunks) {
      joined.append(c.text()).append(' ');
    }
    assertEquals(p.toString().strip(), joined.toString().strip());
  }

  @Test
  void a_word_longer_than_a_chunk_is_split_by_characters() {
    String word = "x".repeat(150) + "y".repeat(150);
    List<Chunk> chunks =
        new MarkdownChunker(new ChunkerSettings(32, 4, false))
            .chunk(md(null, "before " + word + " after"));
    StringBuilder all = new StringBuilder();
    for (Chunk c : chunks) {
      assertThat(c.tokenCount()).isLessThanOrEqualTo(32);
      all.append(c.text());
    }
    assertThat(all.toString().replace(" ", "")).contains(word);
  }

  @Test
  void faq_mode_keeps_a_question_with_its_nested_answer() {
    String content =
        "# FAQ\n\n## How do I roll back?\n\nUse deploy-bot.\n\n### Details\n\nWithin 30 minutes.\n\n"
            + "## What is the fee?\n\n0.015 per call.\n";
    List<Chunk> faq =
        new MarkdownChunker(new ChunkerSettings(300, 40, true)).chunk(md("Support", content));
    assertEquals(
        List.of(
            "Support\nFAQ > How do I roll back?\n\nUse deploy-bot.\n\n### Details\n\nWithin 30 minutes.",
            "Support\nFAQ > What is the fee?\n\n0.015 per call."),
        texts(faq));
    List<Chunk> plain = DEFAULT.chunk(md("Support", content));
    assertEquals(3, plain.size());
    assertEquals(List.of("FAQ", "How do I roll back?", "Details"), plain.get(1).headingPath());
  }

  @Test
  void faq_mode_falls_back_to_normal_splitting_when_the_pair_does_not_fit() {
    String answer = "word ".repeat(60).strip();
    String content = "## Why?\n\n" + answer + "\n\n### More\n\n" + answer;
    List<Chunk> chunks =
        new MarkdownChunker(new ChunkerSettings(64, 4, true)).chunk(md(null, content));
    assertThat(chunks)
        .extracting(Chunk::headingPath)
        .contains(List.of("Why?"), List.of("Why?", "More"));
  }

  @Test
  void plain_text_splits_on_paragraphs_and_ignores_markdown_syntax() {
    Document d =
        new Document(
            "t.txt",
            "t.txt",
            "Notes",
            "# not a heading\n\nSecond | para |\n|---|---|",
            DocumentFormat.TEXT,
            Map.of());
    List<Chunk> chunks = DEFAULT.chunk(d);
    assertEquals(List.of("Notes\n\n# not a heading\n\nSecond | para |\n|---|---|"), texts(chunks));
    assertEquals(List.of(), chunks.get(0).headingPath());
  }

  @Test
  void settings_description_is_the_settings() {
    assertEquals("markdown-v1:max=300,overlap=40,faq=false", DEFAULT.settingsDescription());
    assertThat(assertThrows(IllegalArgumentException.class, () -> new MarkdownChunker(null)))
        .hasMessageContaining("settings");
    assertThat(assertThrows(IllegalArgumentException.class, () -> DEFAULT.chunk(null)))
        .hasMessageContaining("document");
  }

  static String longestSuffixPrefix(String prev, String next) {
    for (int k = Math.min(prev.length(), next.length()); k > 0; k--) {
      if (prev.endsWith(next.substring(0, k))) {
        return next.substring(0, k);
      }
    }
    return "";
  }
}
