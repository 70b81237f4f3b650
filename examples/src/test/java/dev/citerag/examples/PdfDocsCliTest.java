package dev.citerag.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ask --docs DIR} over a folder holding a PDF cites the page. */
public class PdfDocsCliTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** Writes a PDF whose pages hold the given lines. */
  public static void pdf(Path file, List<List<String>> pages) throws IOException {
    try (PDDocument doc = new PDDocument()) {
      PDType1Font font = new PDType1Font(Standard14Fonts.FontName.HELVETICA);
      for (List<String> lines : pages) {
        PDPage page = new PDPage(PDRectangle.A4);
        doc.addPage(page);
        try (PDPageContentStream cs = new PDPageContentStream(doc, page)) {
          float y = 780;
          for (String line : lines) {
            cs.beginText();
            cs.setFont(font, 11);
            cs.newLineAtOffset(50, y);
            cs.showText(line);
            cs.endText();
            y -= 16;
          }
        }
      }
      doc.save(file.toFile());
    }
  }

  @Test
  void ask_over_a_folder_with_a_pdf_cites_the_page(@TempDir Path dir) throws IOException {
    pdf(
        dir.resolve("handbook.pdf"),
        List.of(
            List.of("Welcome to the storage handbook."),
            List.of("Nightly backups are kept for thirty five days in the cold bucket."),
            List.of("Restores are requested through the storage desk.")));
    Files.writeString(dir.resolve("notes.md"), "# Notes\n\nThe cafeteria opens at eight.\n");

    Cli.Run text =
        Cli.run(
            Cli.offline(),
            "ask",
            "--docs",
            dir.toString(),
            "--min-similarity",
            "0",
            "How long are nightly backups kept?");
    assertThat(text.status()).as(text.toString()).isEqualTo(Main.EXIT_OK);
    assertThat(text.out())
        .contains("Nightly backups are kept for thirty five days")
        .contains("handbook.pdf")
        .contains(", p. 2");

    Cli.Run json =
        Cli.run(
            Cli.offline(),
            "ask",
            "--json",
            "--docs",
            dir.toString(),
            "--min-similarity",
            "0",
            "How long are nightly backups kept?");
    assertThat(json.status()).as(json.toString()).isEqualTo(Main.EXIT_OK);
    JsonNode c = JSON.readTree(json.out()).get("citations").get(0);
    assertThat(c.get("source").asText()).isEqualTo("handbook.pdf");
    assertThat(c.get("page").asInt()).isEqualTo(2);
  }

  @Test
  void a_bad_file_in_docs_is_named_and_the_rest_still_answers(@TempDir Path dir)
      throws IOException {
    Files.writeString(dir.resolve("broken.pdf"), "%PDF-1.7 not really");
    Files.write(dir.resolve("latin1.md"), new byte[] {'#', ' ', 'c', 'a', 'f', (byte) 0xE9});
    Files.writeString(dir.resolve("evil\nname.md"), "# Evil\n\ntext");
    Files.writeString(
        dir.resolve("good.md"), "# Backups\n\nNightly backups are kept for thirty five days.\n");

    Cli.Run r =
        Cli.run(
            Cli.offline(),
            "ask",
            "--docs",
            dir.toString(),
            "--min-similarity",
            "0",
            "How long are nightly backups kept?");

    assertThat(r.status()).as(r.toString()).isEqualTo(Main.EXIT_OK);
    assertThat(r.err())
        .contains("skipped " + dir.resolve("broken.pdf"))
        .contains("not a readable PDF")
        .contains("latin1.md: file is not valid UTF-8")
        .contains("evil\\nname.md")
        .doesNotContain("evil\nname");
  }
}
