package dev.citerag.testkit.eval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.citerag.ingest.Document;
import dev.citerag.ingest.DocumentFormat;
import dev.citerag.testkit.golden.GoldenFormatException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A SQuAD 2.0-style question set read as it is stored, without a converter: a directory holding
 * {@code cases.jsonl} (one {@link SquadCase} a line, fields {@code id}, {@code question}, {@code
 * answerable}, {@code doc}, {@code paragraph}, {@code answers}, {@code plausible_answers}) and
 * {@code corpus/<doc>.md} ({@code # Title}, then {@code ## Paragraph N} sections holding the
 * paragraphs verbatim).
 *
 * <pre>{@code
 * SquadDataset squad = SquadDataset.load(Path.of("datasets/squad2-dev"));
 * ingestor.ingest(squad.documents());
 * for (SquadCase c : squad.cases()) {
 *   String paragraph = squad.paragraph(c.doc(), c.paragraph()).orElseThrow();
 * }
 * }</pre>
 *
 * <p>Documents get the corpus file name without {@code .md} as id, so a chunk's {@code docId} is a
 * case's {@link SquadCase#doc()}. Immutable.
 */
public final class SquadDataset {

  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final Pattern PARAGRAPH_HEADING =
      Pattern.compile("(?m)^## Paragraph (\\d+)[ \\t]*$");

  private final Path dir;
  private final List<SquadCase> cases;
  private final List<Document> documents;
  private final Map<String, Map<Integer, String>> paragraphs;

  private SquadDataset(
      Path dir,
      List<SquadCase> cases,
      List<Document> documents,
      Map<String, Map<Integer, String>> paragraphs) {
    this.dir = dir;
    this.cases = List.copyOf(cases);
    this.documents = List.copyOf(documents);
    this.paragraphs = paragraphs;
  }

  /**
   * Whether {@code dir} looks like a SQuAD-style set: it holds {@code cases.jsonl} and {@code
   * corpus/}.
   *
   * @param dir a folder
   * @return whether it has the two entries
   */
  public static boolean isSquadDirectory(Path dir) {
    return Files.isRegularFile(dir.resolve("cases.jsonl"))
        && Files.isDirectory(dir.resolve("corpus"));
  }

  /**
   * Reads the set in {@code dir}.
   *
   * @param dir the set's folder
   * @return the cases and documents
   * @throws IllegalArgumentException when {@code dir} is not a SQuAD-style directory
   * @throws GoldenFormatException when a case line is malformed or names a missing document or
   *     paragraph
   * @throws UncheckedIOException when a file cannot be read
   */
  public static SquadDataset load(Path dir) {
    if (!isSquadDirectory(dir)) {
      throw new IllegalArgumentException(
          "dataset directory " + dir + " must hold cases.jsonl and a corpus/ directory");
    }
    try {
      List<Document> docs = new ArrayList<>();
      Map<String, Map<Integer, String>> paras = new LinkedHashMap<>();
      List<Path> files;
      try (Stream<Path> s = Files.list(dir.resolve("corpus"))) {
        files = s.filter(p -> p.getFileName().toString().endsWith(".md")).sorted().toList();
      }
      for (Path f : files) {
        String name = f.getFileName().toString();
        String slug = name.substring(0, name.length() - 3);
        String text = Files.readString(f, StandardCharsets.UTF_8);
        String title = slug;
        for (String line : text.split("\\R", 2)) {
          if (line.startsWith("# ")) {
            title = line.substring(2).strip();
          }
          break;
        }
        docs.add(
            new Document(slug, "corpus/" + name, title, text, DocumentFormat.MARKDOWN, Map.of()));
        paras.put(slug, paragraphsOf(text));
      }
      List<SquadCase> cs = new ArrayList<>();
      Path casesFile = dir.resolve("cases.jsonl");
      List<String> lines = Files.readAllLines(casesFile, StandardCharsets.UTF_8);
      for (int i = 0; i < lines.size(); i++) {
        String line = lines.get(i).strip();
        if (line.isEmpty()) {
          continue;
        }
        SquadCase c = parse(casesFile, i + 1, line);
        Map<Integer, String> p = paras.get(c.doc());
        if (p == null || !p.containsKey(c.paragraph())) {
          throw new GoldenFormatException(
              casesFile.toString(),
              i + 1,
              "paragraph",
              "must name a section of corpus/" + c.doc() + ".md, was " + c.paragraph());
        }
        cs.add(c);
      }
      return new SquadDataset(dir, cs, docs, paras);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot read the dataset in " + dir + ": " + e.getMessage(), e);
    }
  }

  private static SquadCase parse(Path file, int lineNo, String line) {
    try {
      JsonNode n = MAPPER.readTree(line);
      return new SquadCase(
          text(n, "id"),
          text(n, "question"),
          n.path("answerable").asBoolean(false),
          text(n, "doc"),
          n.path("paragraph").asInt(0),
          strings(n.path("answers")),
          strings(n.path("plausible_answers")));
    } catch (IOException | IllegalArgumentException e) {
      throw new GoldenFormatException(
          file.toString(), lineNo, null, String.valueOf(e.getMessage()));
    }
  }

  private static String text(JsonNode n, String field) {
    JsonNode v = n.get(field);
    if (v == null || !v.isValueNode()) {
      throw new IllegalArgumentException(field + " is missing");
    }
    return v.asText();
  }

  private static List<String> strings(JsonNode n) {
    List<String> out = new ArrayList<>();
    n.forEach(v -> out.add(v.asText()));
    return out;
  }

  private static Map<Integer, String> paragraphsOf(String text) {
    Map<Integer, String> out = new LinkedHashMap<>();
    Matcher m = PARAGRAPH_HEADING.matcher(text);
    Integer current = null;
    int start = 0;
    while (m.find()) {
      if (current != null) {
        out.put(current, text.substring(start, m.start()).strip());
      }
      current = Integer.parseInt(m.group(1));
      start = m.end();
    }
    if (current != null) {
      out.put(current, text.substring(start).strip());
    }
    return out;
  }

  /** {@return the directory the set was read from} */
  public Path directory() {
    return dir;
  }

  /** {@return every case, in file order} */
  public List<SquadCase> cases() {
    return cases;
  }

  /**
   * {@return one Markdown document per corpus file, id = file name without {@code .md}, in name
   * order}
   */
  public List<Document> documents() {
    return documents;
  }

  /**
   * The text of paragraph {@code n} of {@code doc}, verbatim (stripped), when it exists.
   *
   * @param doc a document id
   * @param n the paragraph number
   * @return its text, or empty when there is no such paragraph
   */
  public Optional<String> paragraph(String doc, int n) {
    Map<Integer, String> p = paragraphs.get(doc);
    return p == null ? Optional.empty() : Optional.ofNullable(p.get(n));
  }

  /**
   * Every paragraph of {@code doc}, verbatim (stripped), by number in the order of the file.
   *
   * @param doc a document id
   * @return an unmodifiable map, empty when there is no such document
   */
  public Map<Integer, String> paragraphs(String doc) {
    Map<Integer, String> p = paragraphs.get(doc);
    return p == null ? Map.of() : Collections.unmodifiableMap(p);
  }
}
