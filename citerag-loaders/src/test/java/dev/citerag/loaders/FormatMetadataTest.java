package dev.citerag.loaders;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.ingest.Document;
import dev.citerag.store.MetadataValue;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Calendar;
import java.util.GregorianCalendar;
import java.util.List;
import java.util.Map;
import java.util.TimeZone;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentInformation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every format yields metadata: HTML head, PDF document information, sidecars, the path. */
class FormatMetadataTest {

  @TempDir Path dir;

  @Test
  void html_gives_its_title_lang_and_named_meta_tags() {
    String html =
        """
        <html lang="de-CH"><head><title>Ausweise</title>
        <meta name="Author" content="Facilities">
        <meta name="description" content="Badge renewal">
        <meta name="viewport" content="width=device-width">
        <meta name="twitter:card" content="summary">
        <meta name="bad key!" content="x">
        </head><body><p>Badges are renewed every March.</p></body></html>
        """;
    Document d = new HtmlLoader().load("a.html", "a.html", html.getBytes(StandardCharsets.UTF_8));
    assertThat(d.metadata())
        .isEqualTo(
            MetadataValue.strings(
                Map.of(
                    "title", "Ausweise",
                    "lang", "de-CH",
                    "author", "Facilities",
                    "description", "Badge renewal",
                    "twitter.card", "summary")));
  }

  @Test
  void pdf_gives_its_document_information() throws Exception {
    byte[] pdf = new TestPdfs().page("Archives are kept for seven years.").bytes();
    try (PDDocument doc = org.apache.pdfbox.Loader.loadPDF(pdf)) {
      PDDocumentInformation info = doc.getDocumentInformation();
      info.setTitle("Retention");
      info.setAuthor("Records office");
      info.setSubject("Archives");
      info.setKeywords("retention, archives");
      Calendar created = new GregorianCalendar(TimeZone.getTimeZone("UTC"));
      created.clear();
      created.set(2024, Calendar.MARCH, 5, 9, 30, 0);
      info.setCreationDate(created);
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      doc.save(out);
      pdf = out.toByteArray();
    }
    Document d = new PdfLoader().load("r.pdf", "r.pdf", pdf);
    assertThat(d.metadata())
        .containsEntry("title", MetadataValue.of("Retention"))
        .containsEntry("author", MetadataValue.of("Records office"))
        .containsEntry("subject", MetadataValue.of("Archives"))
        .containsEntry("keywords", MetadataValue.of("retention, archives"))
        .containsEntry("created", MetadataValue.of("2024-03-05T09:30:00Z"));
    assertThat(d.title()).isEqualTo("Retention");
  }

  @Test
  void a_sidecar_gives_a_text_file_metadata_and_the_path_gives_folder_and_format()
      throws Exception {
    Files.createDirectories(dir.resolve("ops/notes"));
    Files.writeString(dir.resolve("ops/notes/shift.txt"), "Shift handover is at six.");
    Files.writeString(
        dir.resolve("ops/notes/shift.txt.meta.yaml"),
        "team: ops\ntags: [handover, shifts]\nreviewed: 2024-06-01\n");
    Files.writeString(dir.resolve("plain.txt"), "No sidecar here.");

    FolderLoader.Result r = FolderLoader.builder().build().load(List.of(dir));

    assertThat(r.skipped()).isEmpty();
    assertThat(r.documents())
        .extracting(Document::id)
        .containsExactly("ops/notes/shift.txt", "plain.txt");
    assertThat(r.documents().get(0).metadata())
        .isEqualTo(
            Map.of(
                "team", MetadataValue.of("ops"),
                "tags",
                    MetadataValue.list(MetadataValue.of("handover"), MetadataValue.of("shifts")),
                "reviewed", MetadataValue.of(java.time.LocalDate.of(2024, 6, 1)),
                "file.folder", MetadataValue.of("ops/notes"),
                "file.format", MetadataValue.of("text")));
    assertThat(r.documents().get(1).metadata())
        .isEqualTo(MetadataValue.strings(Map.of("file.folder", ".", "file.format", "text")));
  }

  @Test
  void a_broken_sidecar_is_named_in_a_warning_and_the_file_loads_without_it() throws Exception {
    Files.writeString(dir.resolve("a.txt"), "Text.");
    Files.writeString(dir.resolve("a.txt.meta.yaml"), "team: [ops\n");

    FolderLoader.Result r = FolderLoader.builder().build().load(List.of(dir));

    assertThat(r.documents())
        .singleElement()
        .satisfies(d -> assertThat(d.metadata()).doesNotContainKey("team"));
    assertThat(r.warnings())
        .singleElement()
        .asString()
        .contains("a.txt.meta.yaml")
        .contains("sidecar ignored");
  }
}
