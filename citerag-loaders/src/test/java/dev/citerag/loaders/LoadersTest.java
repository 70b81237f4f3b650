package dev.citerag.loaders;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.ingest.Document;
import dev.citerag.ingest.DocumentFormat;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LoadersTest {

  @TempDir Path dir;

  @Test
  void a_folder_of_markdown_text_html_and_pdf_loads_and_a_bad_pdf_is_skipped() throws Exception {
    Files.writeString(dir.resolve("a.md"), "---\nteam: platform\n---\n# A\ntext");
    Files.writeString(dir.resolve("b.txt"), "plain");
    Files.writeString(
        dir.resolve("c.html"),
        "<html><head><title>C</title></head><body>"
            + "<nav><a href='/'>Home</a> <a href='/x'>Menu</a></nav>"
            + "<main><h1>Guide</h1><p>See <a href='/docs'>the deploy docs</a> first.</p></main>"
            + "<footer>Copyright</footer></body></html>");
    Files.write(
        dir.resolve("d.pdf"), new TestPdfs().page("PDF page one.").page("PDF page two.").bytes());
    Files.write(dir.resolve("e.pdf"), new TestPdfs().imageOnly(1).bytes());

    FolderLoader.Result r = Loaders.folderLoader().build().load(List.of(dir));

    assertThat(r.documents())
        .extracting(Document::id)
        .containsExactly("a.md", "b.txt", "c.html", "d.pdf");
    Document html = r.documents().get(2);
    assertThat(html.content()).isEqualTo("# Guide\n\nSee the deploy docs first.");
    assertThat(html.format()).isEqualTo(DocumentFormat.MARKDOWN);
    assertThat(r.documents().get(3).pages()).hasSize(2);
    assertThat(r.skipped())
        .singleElement()
        .satisfies(
            s -> {
              assertThat(s.file()).endsWith("e.pdf");
              assertThat(s.reason()).isEqualTo(FolderLoader.Reason.INVALID);
              assertThat(s.detail()).contains("no extractable text");
            });
  }
}
