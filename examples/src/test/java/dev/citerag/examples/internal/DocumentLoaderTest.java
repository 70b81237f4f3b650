package dev.citerag.examples.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.citerag.ingest.Document;
import dev.citerag.ingest.DocumentFormat;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DocumentLoaderTest {

  @TempDir Path dir;

  private Path write(String rel, String text) throws IOException {
    Path p = dir.resolve(rel);
    Files.createDirectories(p.getParent());
    Files.writeString(p, text, StandardCharsets.UTF_8);
    return p;
  }

  @Test
  void walks_directories_recursively_reading_markdown_text_and_html_with_relative_ids() throws IOException {
    write("runbooks/rollback.md", "---\nteam: platform\n---\n# Rolling back\n\nRun deployctl rollback.");
    write("notes.txt", "Plain notes about the on-call rota.");
    write("guide/deploys.html", "<html><head><title>Deploys</title></head><body><h2>Windows</h2><p>Mon to Thu.</p></body></html>");
    write("image.png", "not text");
    write(".git/config.md", "# hidden");
    write("guide/.drafts/x.md", "# hidden draft");

    List<Document> docs = DocumentLoader.load(List.of(dir));

    assertThat(docs).extracting(Document::id)
        .containsExactly("guide/deploys.html", "notes.txt", "runbooks/rollback.md");
    Document html = docs.get(0);
    assertThat(html.format()).isEqualTo(DocumentFormat.MARKDOWN);
    assertThat(html.title()).isEqualTo("Deploys");
    assertThat(html.content()).isEqualTo("## Windows\n\nMon to Thu.");
    Document txt = docs.get(1);
    assertThat(txt.format()).isEqualTo(DocumentFormat.TEXT);
    assertThat(txt.title()).isEqualTo("notes");
    Document md = docs.get(2);
    assertThat(md.format()).isEqualTo(DocumentFormat.MARKDOWN);
    assertThat(md.metadata()).isEqualTo(Map.of("team", "platform"));
    assertThat(md.title()).isEqualTo("Rolling back");
    assertThat(md.content()).startsWith("# Rolling back").doesNotContain("team:");
    assertThat(md.source()).isEqualTo("runbooks/rollback.md");
  }

  @Test
  void front_matter_title_wins_over_the_first_heading() throws IOException {
    write("a.md", "---\ntitle: Release guide\n---\n# Releases\ntext");
    assertThat(DocumentLoader.load(List.of(dir)).get(0).title()).isEqualTo("Release guide");
  }

  @Test
  void same_tree_loads_to_the_same_documents_twice() throws IOException {
    write("a.md", "# A\ntext");
    write("b/c.md", "# C\ntext");
    List<Document> first = DocumentLoader.load(List.of(dir));
    List<Document> second = DocumentLoader.load(List.of(dir));
    assertThat(second).isEqualTo(first);
    assertThat(second).extracting(Document::contentHash).isEqualTo(first.stream().map(Document::contentHash).toList());
  }

  @Test
  void a_file_given_directly_gets_its_file_name_as_id() throws IOException {
    Path f = write("deep/nested/page.md", "# Page\ntext");
    assertThat(DocumentLoader.load(List.of(f))).extracting(Document::id).containsExactly("page.md");
  }

  @Test
  void rejects_a_missing_path_an_unsupported_file_and_bad_utf8() throws IOException {
    assertThat(assertThrows(IllegalArgumentException.class,
        () -> DocumentLoader.load(List.of(dir.resolve("nope"))))).hasMessageContaining("no such file");
    Path pdf = write("x.pdf", "%PDF");
    assertThat(assertThrows(IllegalArgumentException.class,
        () -> DocumentLoader.load(List.of(pdf)))).hasMessageContaining("unsupported file type");
    Path bad = dir.resolve("bad.md");
    Files.write(bad, new byte[] {'#', ' ', (byte) 0xC3, (byte) 0x28});
    assertThat(assertThrows(IllegalArgumentException.class,
        () -> DocumentLoader.load(List.of(bad)))).hasMessageContaining("bad.md").hasMessageContaining("UTF-8");
  }

  @Test
  void rejects_two_files_that_would_share_an_id() throws IOException {
    Path a = write("one/page.md", "# One");
    Path b = write("two/page.md", "# Two");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> DocumentLoader.load(List.of(a, b)));
    assertThat(e).hasMessageContaining("\"page.md\"");
  }

  @Test
  void reports_malformed_front_matter_with_the_file_name() throws IOException {
    write("a.md", "---\nteam platform\n---\n# A");
    assertThat(assertThrows(IllegalArgumentException.class, () -> DocumentLoader.load(List.of(dir))))
        .hasMessageContaining("a.md").hasMessageContaining("line 2");
  }
}
