package dev.citerag.examples.downstream;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.embed.Embedder;
import dev.citerag.embed.LocalHashingEmbedder;
import dev.citerag.extractive.ExtractiveGenerator;
import dev.citerag.ingest.Document;
import dev.citerag.ingest.Ingestor;
import dev.citerag.loaders.FolderLoader;
import dev.citerag.loaders.Loaders;
import dev.citerag.pipeline.RagPipeline;
import dev.citerag.pipeline.RagResult;
import dev.citerag.pipeline.ResolvedCitation;
import dev.citerag.store.Filter;
import dev.citerag.store.InMemoryVectorStore;
import dev.citerag.store.VectorStore;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A host application loads a folder of Markdown, text, HTML and PDF files with the library alone
 * (public API only: no {@code .internal} package, no examples class) and gets cited answers, the
 * PDF's with their page.
 */
class LoadFolderDownstreamTest {

  @TempDir Path docs;

  @Test
  void a_folder_of_markdown_text_html_and_pdf_answers_with_citations() throws Exception {
    Files.writeString(
        docs.resolve("deploys.md"),
        "---\nteam: platform\n---\n# Deploys\n\nProduction deploys are allowed Monday to Thursday.\n");
    Files.writeString(
        docs.resolve("oncall.txt"), "The on-call engineer answers pages within fifteen minutes.\n");
    Files.writeString(
        docs.resolve("vpn.html"),
        "<html><head><title>VPN</title></head><body><nav>Home | Help</nav>"
            + "<main><h1>VPN access</h1><p>Request VPN access through the identity portal.</p></main></body></html>");
    try (PDDocument pdf = new PDDocument()) {
      for (String line :
          List.of("Storage handbook.", "Nightly backups are kept for thirty five days.")) {
        PDPage page = new PDPage();
        pdf.addPage(page);
        try (PDPageContentStream cs = new PDPageContentStream(pdf, page)) {
          cs.beginText();
          cs.setFont(new PDType1Font(Standard14Fonts.FontName.HELVETICA), 11);
          cs.newLineAtOffset(50, 700);
          cs.showText(line);
          cs.endText();
        }
      }
      pdf.save(docs.resolve("storage.pdf").toFile());
    }

    FolderLoader.Result loaded = Loaders.folderLoader().build().load(List.of(docs));
    assertThat(loaded.skipped()).isEmpty();
    assertThat(loaded.documents())
        .extracting(Document::id)
        .containsExactly("deploys.md", "oncall.txt", "storage.pdf", "vpn.html");

    Embedder embedder = new LocalHashingEmbedder();
    VectorStore store = new InMemoryVectorStore(embedder.identity().dimensions());
    Ingestor.builder().embedder(embedder).store(store).build().ingest(loaded.documents());
    RagPipeline rag =
        RagPipeline.builder()
            .embedder(embedder)
            .store(store)
            .generator(new ExtractiveGenerator())
            .build();

    RagResult backups = rag.ask("How long are nightly backups kept?");
    assertThat(backups).isInstanceOf(RagResult.Answered.class);
    ResolvedCitation c = ((RagResult.Answered) backups).citations().get(0);
    assertThat(c.chunk().source()).isEqualTo("storage.pdf");
    assertThat(c.chunk().page()).isEqualTo(2);

    RagResult vpn = rag.ask("How do I request VPN access?");
    assertThat(vpn).isInstanceOf(RagResult.Answered.class);
    assertThat(((RagResult.Answered) vpn).citations().get(0).chunk().text())
        .doesNotContain("Home | Help");

    RagResult deploys =
        rag.ask("When are production deploys allowed?", Filter.eq("team", "platform"));
    assertThat(deploys).isInstanceOf(RagResult.Answered.class);
  }

  @Test
  void this_test_uses_public_api_only() throws Exception {
    String self =
        Files.readString(
            Path.of("src/test/java/dev/citerag/examples/downstream/LoadFolderDownstreamTest.java"),
            StandardCharsets.UTF_8);
    assertThat(self.lines().filter(l -> l.startsWith("import ")))
        .allSatisfy(
            l ->
                assertThat(l)
                    .doesNotContain(".internal", "dev.citerag.examples", "dev.citerag.testkit"));
  }
}
