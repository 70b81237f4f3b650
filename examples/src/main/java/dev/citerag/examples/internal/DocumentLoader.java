package dev.citerag.examples.internal;

import dev.citerag.ingest.Document;
import dev.citerag.ingest.DocumentFormat;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * Reads Markdown ({@code .md}, {@code .markdown}), plain text ({@code .txt}, {@code .text}) and
 * HTML ({@code .html}, {@code .htm}) files into {@link Document}s, walking directories
 * recursively (hidden files and directories skipped, other extensions ignored).
 *
 * <ul>
 *   <li>id and source: the path relative to the directory given (the file name for a file given
 *       directly), with {@code /} separators, so re-ingesting the same tree gives the same ids;
 *   <li>metadata: a Markdown front matter block ({@link FrontMatter}), e.g. {@code team:
 *       platform}, filterable with {@code --filter team=platform};
 *   <li>title: front matter {@code title}, else the first {@code # } heading (HTML: {@code
 *       <title>} or the first {@code <h1>}), else the file name without its extension;
 *   <li>HTML is reduced to Markdown-shaped text with its headings kept ({@link HtmlText}).
 * </ul>
 */
public final class DocumentLoader {

  /** Larger files are refused rather than read into memory. */
  public static final long MAX_FILE_BYTES = 16L * 1024 * 1024;

  private DocumentLoader() {}

  /**
   * Loads every supported file under the given files and directories, sorted by id.
   *
   * @throws IllegalArgumentException when a path does not exist, a file given directly has an
   *     unsupported extension, a file is not UTF-8 or too large, front matter is malformed, or two
   *     files get the same id
   * @throws UncheckedIOException when reading fails
   */
  public static List<Document> load(List<Path> paths) {
    Map<String, Document> byId = new LinkedHashMap<>();
    Map<String, Path> origin = new HashMap<>();
    for (Path p : paths) {
      if (!Files.exists(p)) {
        throw new IllegalArgumentException(p + ": no such file or directory");
      }
      if (Files.isDirectory(p)) {
        for (Path f : walk(p)) {
          add(byId, origin, read(f, relativeId(p, f)), f);
        }
      } else {
        if (format(p) == null) {
          throw new IllegalArgumentException(
              p + ": unsupported file type (use .md, .markdown, .txt, .text, .html or .htm)");
        }
        add(byId, origin, read(p, p.getFileName().toString()), p);
      }
    }
    List<Document> out = new ArrayList<>(byId.values());
    out.sort(Comparator.comparing(Document::id));
    return List.copyOf(out);
  }

  private static void add(Map<String, Document> byId, Map<String, Path> origin, Document d, Path file) {
    Path before = origin.putIfAbsent(d.id(), file);
    if (before != null && !before.toAbsolutePath().normalize().equals(file.toAbsolutePath().normalize())) {
      throw new IllegalArgumentException(
          "two files get the document id \"" + d.id() + "\": " + before + " and " + file
              + " (give their common parent directory instead)");
    }
    byId.put(d.id(), d);
  }

  private static List<Path> walk(Path dir) {
    try (Stream<Path> s = Files.walk(dir)) {
      return s.filter(Files::isRegularFile)
          .filter(f -> !hidden(dir, f))
          .filter(f -> format(f) != null)
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + dir + ": " + e.getMessage(), e);
    }
  }

  private static boolean hidden(Path root, Path file) {
    for (Path part : root.relativize(file)) {
      if (part.toString().startsWith(".")) {
        return true;
      }
    }
    return false;
  }

  private static String relativeId(Path root, Path file) {
    StringBuilder b = new StringBuilder();
    for (Path part : root.relativize(file)) {
      if (b.length() > 0) {
        b.append('/');
      }
      b.append(part);
    }
    return b.toString();
  }

  /** The kind of file by extension: {@code md}, {@code txt} or {@code html}; null when unsupported. */
  static @Nullable String format(Path file) {
    String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
    if (name.endsWith(".md") || name.endsWith(".markdown")) {
      return "md";
    }
    if (name.endsWith(".txt") || name.endsWith(".text")) {
      return "txt";
    }
    if (name.endsWith(".html") || name.endsWith(".htm")) {
      return "html";
    }
    return null;
  }

  private static Document read(Path file, String id) {
    String text = readUtf8(file);
    String kind = format(file);
    String baseName = stripExtension(file.getFileName().toString());
    if ("html".equals(kind)) {
      HtmlText h = HtmlText.convert(text);
      return new Document(id, id, h.title() != null ? h.title() : baseName, h.markdown(),
          DocumentFormat.MARKDOWN, Map.of());
    }
    FrontMatter fm = FrontMatter.parse(text, file.toString());
    boolean markdown = "md".equals(kind);
    String title = fm.metadata().get("title");
    if (title == null || title.isBlank()) {
      title = markdown ? firstH1(fm.body()) : null;
    }
    if (title == null || title.isBlank()) {
      title = baseName;
    }
    return new Document(id, id, title, fm.body(),
        markdown ? DocumentFormat.MARKDOWN : DocumentFormat.TEXT, fm.metadata());
  }

  private static @Nullable String firstH1(String body) {
    boolean inFence = false;
    for (String line : body.split("\\R", -1)) {
      String s = line.strip();
      if (s.startsWith("```") || s.startsWith("~~~")) {
        inFence = !inFence;
      } else if (!inFence && s.startsWith("# ")) {
        return s.substring(2).replaceAll("\\s+#+$", "").strip();
      }
    }
    return null;
  }

  private static String stripExtension(String name) {
    int dot = name.lastIndexOf('.');
    return dot > 0 ? name.substring(0, dot) : name;
  }

  private static String readUtf8(Path file) {
    try {
      long size = Files.size(file);
      if (size > MAX_FILE_BYTES) {
        throw new IllegalArgumentException(
            file + ": file is " + size + " bytes, more than the limit of " + MAX_FILE_BYTES);
      }
      byte[] bytes = Files.readAllBytes(file);
      return StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes))
          .toString();
    } catch (CharacterCodingException e) {
      throw new IllegalArgumentException(file + ": file is not valid UTF-8", e);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
    }
  }
}
