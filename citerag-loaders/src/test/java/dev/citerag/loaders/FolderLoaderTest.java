package dev.citerag.loaders;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.citerag.ingest.Document;
import dev.citerag.ingest.DocumentFormat;
import dev.citerag.store.MetadataValue;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FolderLoaderTest {

  @TempDir Path dir;
  @TempDir Path outside;

  private Path write(Path root, String rel, String text) throws IOException {
    Path p = root.resolve(rel);
    Files.createDirectories(p.getParent());
    Files.writeString(p, text, StandardCharsets.UTF_8);
    return p;
  }

  private static FolderLoader.SkippedFile skipped(FolderLoader.Result r, String nameEnd) {
    return r.skipped().stream()
        .filter(s -> s.file().endsWith(nameEnd))
        .findFirst()
        .orElseThrow(
            () -> new AssertionError("no skipped file ending " + nameEnd + " in " + r.skipped()));
  }

  @Test
  void walks_recursively_with_relative_ids_and_reports_what_it_skips() throws IOException {
    write(
        dir,
        "runbooks/rollback.md",
        "---\nteam: platform\n---\n# Rolling back\n\nRun deployctl rollback.");
    write(dir, "notes.txt", "Plain notes.");
    write(dir, "image.png", "not text");
    write(dir, ".git/config.md", "# hidden");

    FolderLoader.Result r = FolderLoader.builder().build().load(List.of(dir));

    assertThat(r.documents())
        .extracting(Document::id)
        .containsExactly("notes.txt", "runbooks/rollback.md");
    Document md = r.documents().get(1);
    assertThat(md.metadata())
        .isEqualTo(
            MetadataValue.strings(
                Map.of("team", "platform", "file.folder", "runbooks", "file.format", "markdown")));
    assertThat(r.documents().get(0).metadata())
        .isEqualTo(MetadataValue.strings(Map.of("file.folder", ".", "file.format", "text")));
    assertThat(md.title()).isEqualTo("Rolling back");
    assertThat(md.format()).isEqualTo(DocumentFormat.MARKDOWN);
    assertThat(r.documents().get(0).title()).isEqualTo("notes");
    assertThat(skipped(r, "image.png").reason()).isEqualTo(FolderLoader.Reason.UNSUPPORTED_TYPE);
    assertThat(skipped(r, ".git").reason()).isEqualTo(FolderLoader.Reason.HIDDEN);
    assertThat(r.problems()).isEmpty();
  }

  @Test
  void one_bad_file_is_skipped_and_named_while_the_rest_loads() throws IOException {
    write(dir, "good.md", "# Good\ntext");
    write(dir, "bad-front.md", "---\ndesc: [x\n---\nThe body is kept.");
    Files.write(dir.resolve("latin1.md"), new byte[] {'c', 'a', 'f', (byte) 0xE9});

    FolderLoader.Result r = FolderLoader.builder().build().load(List.of(dir));

    // broken front matter: loaded without it, named in a warning; bad encoding: skipped
    assertThat(r.documents()).extracting(Document::id).containsExactly("bad-front.md", "good.md");
    assertThat(r.documents().get(0).content()).isEqualTo("The body is kept.");
    assertThat(r.warnings())
        .singleElement()
        .asString()
        .startsWith("bad-front.md:")
        .contains("front matter ignored");
    assertThat(skipped(r, "latin1.md").detail()).contains("UTF-8");
    assertThat(r.problems()).hasSize(1);
  }

  @Test
  void fail_fast_throws_naming_the_file() throws IOException {
    write(dir, "good.md", "# Good\ntext");
    Files.write(dir.resolve("latin1.md"), new byte[] {'c', 'a', 'f', (byte) 0xE9});
    DocumentLoadException e =
        assertThrows(
            DocumentLoadException.class,
            () -> FolderLoader.builder().failFast(true).build().load(List.of(dir)));
    assertThat(e.getMessage()).contains("latin1.md").contains("UTF-8");
  }

  @Test
  void a_file_name_with_a_newline_or_escape_is_skipped_and_shown_escaped() throws IOException {
    // before: the name reached Document's id check and aborted the whole load without naming it
    write(dir, "ok.md", "# Ok\ntext");
    write(dir, "evil\nname\u001b[2J.md", "# Evil\ntext");

    FolderLoader.Result r = FolderLoader.builder().build().load(List.of(dir));

    assertThat(r.documents()).extracting(Document::id).containsExactly("ok.md");
    FolderLoader.SkippedFile s = skipped(r, "evil\\nname\\u001b[2J.md");
    assertThat(s.reason()).isEqualTo(FolderLoader.Reason.UNSAFE_NAME);
    assertThat(s.toString()).doesNotContain("\n", "\u001b");
    DocumentLoadException e =
        assertThrows(
            DocumentLoadException.class,
            () -> FolderLoader.builder().failFast(true).build().load(List.of(dir)));
    assertThat(e.getMessage()).contains("evil\\nname\\u001b[2J.md").doesNotContain("\n", "\u001b");
  }

  @Test
  void a_link_to_a_file_outside_the_folder_is_not_followed_unless_asked() throws IOException {
    // before: a link to /etc/passwd inside --docs was ingested
    Path secret = write(outside, "secret.txt", "root:x:0:0");
    write(dir, "inside.md", "# Inside\ntext");
    Files.createSymbolicLink(dir.resolve("passwd.txt"), secret);
    Files.createSymbolicLink(dir.resolve("alias.md"), dir.resolve("inside.md"));
    Files.createSymbolicLink(dir.resolve("out-dir"), outside);

    FolderLoader.Result r = FolderLoader.builder().build().load(List.of(dir));

    assertThat(r.documents()).extracting(Document::id).containsExactly("alias.md", "inside.md");
    assertThat(r.documents()).noneMatch(d -> d.content().contains("root:x"));
    assertThat(skipped(r, "passwd.txt").reason()).isEqualTo(FolderLoader.Reason.LINK_NOT_FOLLOWED);
    assertThat(skipped(r, "out-dir").reason()).isEqualTo(FolderLoader.Reason.LINK_NOT_FOLLOWED);

    FolderLoader.Result followed =
        FolderLoader.builder().followLinks(true).build().load(List.of(dir));
    assertThat(followed.documents())
        .as(followed.toString())
        .extracting(Document::id)
        .contains("passwd.txt", "out-dir/secret.txt");
  }

  @Test
  void special_files_and_too_large_files_are_skipped() throws IOException {
    write(dir, "big.md", "x".repeat(200));
    write(dir, "small.md", "y");
    FolderLoader.Result r = FolderLoader.builder().maxFileBytes(100).build().load(List.of(dir));
    assertThat(r.documents()).extracting(Document::id).containsExactly("small.md");
    assertThat(skipped(r, "big.md").reason()).isEqualTo(FolderLoader.Reason.TOO_LARGE);
  }

  @Test
  void two_files_with_one_id_keep_the_first_and_report_the_second() throws IOException {
    Path a = write(dir, "a/page.md", "# A\ntext");
    Path b = write(dir, "b/page.md", "# B\ntext");
    FolderLoader.Result r = FolderLoader.builder().build().load(List.of(a, b));
    assertThat(r.documents()).extracting(Document::title).containsExactly("A");
    assertThat(skipped(r, "b/page.md").reason()).isEqualTo(FolderLoader.Reason.DUPLICATE_ID);
  }

  @Test
  void paths_given_directly_must_exist_and_have_a_supported_type() throws IOException {
    assertThat(
            assertThrows(
                    DocumentLoadException.class,
                    () -> FolderLoader.builder().build().load(List.of(dir.resolve("nope"))))
                .getMessage())
        .contains("no such file");
    Path png = write(dir, "x.png", "x");
    assertThat(
            assertThrows(
                    DocumentLoadException.class,
                    () -> FolderLoader.builder().build().load(List.of(png)))
                .getMessage())
        .contains("x.png")
        .contains("unsupported file type");
  }

  @Test
  void the_result_does_not_depend_on_the_number_of_threads() throws IOException {
    for (int i = 0; i < 40; i++) {
      write(
          dir,
          "d" + (i % 5) + "/f" + i + ".md",
          "---\nn: \"" + i + "\"\n---\n# F" + i + "\nbody " + i);
    }
    FolderLoader.Result one = FolderLoader.builder().threads(1).build().load(List.of(dir));
    FolderLoader.Result four = FolderLoader.builder().threads(4).build().load(List.of(dir));
    assertThat(four.documents()).isEqualTo(one.documents()).hasSize(40);
  }

  @Test
  void a_custom_loader_is_picked_by_extension() throws IOException {
    write(dir, "a.csv", "x,y");
    DocumentLoader csv =
        (id, source, bytes) -> Document.text(id, new String(bytes, StandardCharsets.UTF_8));
    FolderLoader.Result r = FolderLoader.builder().loader("CSV", csv).build().load(List.of(dir));
    assertThat(r.documents()).extracting(Document::content).containsExactly("x,y");
  }

  @Test
  void a_hostile_folder_loads_its_good_files_and_names_every_bad_one() throws Exception {
    Path secret = write(outside, "shadow.md", "# Shadow\nroot-secret");
    write(dir, "good/one.md", "# One\ntext one");
    write(dir, "good/rule.md", "---\n\nAfter a rule.\n\n---\nMore.");
    write(dir, "bad/block.md", "---\ndesc: |\n  team2: security\n---\n");
    write(dir, "bad/list.md", "---\ntags:\n  - a\n---\n");
    write(dir, "bad/anchor.md", "---\na: &x 1\n---\n");
    write(dir, "bad/open-quote.md", "---\na: \"x\n---\n");
    write(dir, "bad/nl\nname.md", "# x\ny");
    write(dir, "bad/esc\u001b[31m.md", "# x\ny");
    write(dir, "bad/bidi\u202egnp.md", "# x\ny");
    write(dir, "bad/zero\u200bwidth.md", "# x\ny");
    Files.write(dir.resolve("bad/latin1.txt"), new byte[] {(byte) 0xE9, 'x'});
    Files.createSymbolicLink(dir.resolve("bad/out.md"), secret);
    Files.createSymbolicLink(dir.resolve("bad/loop"), dir.resolve("bad"));
    Process mkfifo = new ProcessBuilder("mkfifo", dir.resolve("bad/pipe.md").toString()).start();
    assertThat(mkfifo.waitFor()).isZero();

    FolderLoader.Result r = FolderLoader.builder().build().load(List.of(dir));

    // block scalars, lists and anchors are YAML a real parser reads; an open quote is not
    assertThat(r.documents())
        .extracting(Document::id)
        .containsExactly(
            "bad/anchor.md",
            "bad/block.md",
            "bad/list.md",
            "bad/open-quote.md",
            "good/one.md",
            "good/rule.md");
    assertThat(r.documents().get(1).metadata())
        .containsEntry("desc", MetadataValue.of("team2: security\n"))
        .doesNotContainKey("team2");
    assertThat(r.documents().get(5).content()).startsWith("---");
    assertThat(r.warnings()).singleElement().asString().contains("open-quote.md");
    assertThat(r.skipped()).hasSize(8); // 4 names, 1 encoding, 2 links, 1 pipe
    assertThat(r.skipped())
        .allSatisfy(
            s -> {
              assertThat(s.file()).contains("/bad/");
              assertThat(s.toString()).doesNotContain("\n", "\u001b", "\u202e", "\u200b");
            });
    assertThat(r.documents()).noneMatch(d -> d.content().contains("root-secret"));
    // following links on request: the loop is reported, not followed forever
    FolderLoader.Result followed =
        FolderLoader.builder().followLinks(true).build().load(List.of(dir));
    assertThat(followed.skipped()).anySatisfy(s -> assertThat(s.detail()).contains("loop"));
  }
}
