package dev.citerag.testkit.golden;

import dev.citerag.ingest.Document;
import dev.citerag.ingest.DocumentFormat;
import dev.citerag.internal.Checks;
import dev.citerag.store.MetadataValue;
import dev.citerag.testkit.golden.internal.FrontMatter;
import dev.citerag.testkit.golden.internal.Resources;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The golden corpus: internal developer documentation of a fictional platform team (deploys,
 * rollbacks, secrets rotation, search index, background jobs, on-call, incident severity, feature
 * flags, database migrations, rate limits, observability, access requests), written for citerag's
 * tests, with front matter such as {@code team: platform}. {@link GoldenCases#load()} is labelled
 * against it.
 *
 * <pre>{@code
 * List<Document> docs = GoldenCorpus.load();
 * Ingestor.builder().embedder(embedder).store(store).build().ingest(docs);
 * }</pre>
 *
 * <p>Each document's id is its file name without {@code .md} (e.g. {@code deploys}), its metadata
 * the front matter, its title the first {@code #} heading, its content the Markdown after the front
 * matter.
 */
public final class GoldenCorpus {
  private GoldenCorpus() {}

  /** Class-path folder of the bundled documents. */
  public static final String RESOURCE_DIR = "dev/citerag/testkit/golden/corpus/";

  /** {@return the bundled documents, in file-name order} */
  public static List<Document> load() {
    List<Document> docs = new ArrayList<>();
    for (String line : Resources.read(RESOURCE_DIR + "index.txt").split("\\R", -1)) {
      String name = line.strip();
      if (name.isEmpty()) {
        continue;
      }
      docs.add(parse(idOf(name), "golden/corpus/" + name, Resources.read(RESOURCE_DIR + name)));
    }
    return List.copyOf(docs);
  }

  /**
   * Every {@code *.md} file of a folder (not recursive), in file-name order; each id is the file
   * name without {@code .md}.
   *
   * @param dir the folder
   * @return the documents, in file-name order
   * @throws GoldenFormatException when a front matter is malformed
   * @throws UncheckedIOException when the folder cannot be read
   */
  public static List<Document> fromDirectory(Path dir) {
    Checks.notNull(dir, "dir");
    try (Stream<Path> files = Files.list(dir)) {
      List<Document> docs = new ArrayList<>();
      for (Path p :
          files.filter(f -> f.getFileName().toString().endsWith(".md")).sorted().toList()) {
        docs.add(
            parse(
                idOf(p.getFileName().toString()),
                p.toString(),
                Files.readString(p, StandardCharsets.UTF_8)));
      }
      return List.copyOf(docs);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read documents from " + dir, e);
    }
  }

  /**
   * A Markdown document with optional front matter ({@code key: value} lines between {@code ---}
   * lines at the top), which becomes its metadata; the title is its first {@code #} heading.
   *
   * @param id the document id
   * @param source where it came from
   * @param markdown the file's text
   * @return the document
   * @throws GoldenFormatException when the front matter is malformed (line and key named)
   * @throws IllegalArgumentException when the id is invalid for a {@link Document}
   */
  public static Document parse(String id, String source, String markdown) {
    Checks.notNull(markdown, "markdown");
    FrontMatter.Parsed p = FrontMatter.parse(markdown, source);
    return new Document(
        id,
        source,
        p.title(),
        p.body(),
        DocumentFormat.MARKDOWN,
        MetadataValue.strings(p.metadata()));
  }

  private static String idOf(String fileName) {
    return fileName.endsWith(".md") ? fileName.substring(0, fileName.length() - 3) : fileName;
  }
}
