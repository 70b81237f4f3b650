package dev.citerag.examples.internal;

import dev.citerag.ingest.Document;
import dev.citerag.loaders.FolderLoader;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Loads {@code --docs} and {@code ingest} paths with the library's {@link FolderLoader} (Markdown,
 * text, HTML, PDF) and tells the user about every file left out: each file that should have loaded
 * but could not, with why, and a count of the files skipped by design (other types, hidden, links
 * out of the folder), listed one by one with {@code --verbose}.
 */
public final class DocsFolder {
  private DocsFolder() {}

  /** The file types read, for messages. */
  public static final String TYPES = ".md, .markdown, .txt, .text, .html, .htm or .pdf";

  /**
   * Loads the documents of the given files and folders, naming every file left out on {@code err}.
   *
   * @throws dev.citerag.loaders.DocumentLoadException when a path does not exist or a file named
   *     directly has an unsupported type
   */
  public static List<Document> load(List<Path> paths, PrintStream err, boolean verbose) {
    List<String> notes = new ArrayList<>();
    List<Document> docs = load(paths, notes, verbose);
    notes.forEach(err::println);
    return docs;
  }

  /**
   * {@link #load(List, PrintStream, boolean)} with the messages added to {@code notes} instead of
   * printed (so that {@link DocsIndex} can keep them).
   */
  public static List<Document> load(List<Path> paths, List<String> notes, boolean verbose) {
    FolderLoader.Result r = FolderLoader.builder().build().load(paths);
    for (String w : r.warnings()) {
      notes.add("citerag: warning: " + w);
    }
    int byDesign = 0;
    for (FolderLoader.SkippedFile s : r.skipped()) {
      if (s.reason().problem() || verbose) {
        notes.add("citerag: skipped " + s.file() + ": " + s.detail());
      } else {
        byDesign++;
      }
    }
    if (byDesign > 0) {
      notes.add(
          "citerag: skipped "
              + byDesign
              + (byDesign == 1 ? " file" : " files")
              + " of other types, hidden, or linking out of the folder (--verbose lists them)");
    }
    return r.documents();
  }
}
