package dev.citerag.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.citerag.store.Chunk;
import dev.citerag.store.MetadataValue;
import dev.citerag.store.SourceMap;
import dev.citerag.text.internal.TokenEstimator;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Seeded random Markdown and plain-text documents (headings, paragraphs, lists, long sentences,
 * tables, code blocks with {@code #} lines, odd blank lines) chunked under random settings; each
 * run checks the chunker's promises. The generator records what it wrote, so the expectations do
 * not come from the chunker's own parser.
 */
class MarkdownChunkerPropertyTest {

  private static final int DOCUMENTS = 400;

  private static final String[] WORDS = {
    "deploy",
    "rollback",
    "window",
    "deploy-bot",
    "141.80",
    "0.015",
    "v2.3.1",
    "limit",
    "refund",
    "e.g.",
    "(see",
    "docs)",
    "team",
    "platform",
    "alert",
    "on-call",
    "minutes",
    "within",
    "the",
    "a",
    "of",
    "SVC_KEY",
    "Zürich",
    "naïve",
    "config.yaml",
    "10:30",
    "1,000",
    "is",
    "must",
    "never"
  };

  /** What the generator wrote. */
  static final class Generated {
    final StringBuilder md = new StringBuilder();
    final List<String> bodyWords = new ArrayList<>();
    final List<String> headings = new ArrayList<>();
    final Map<String, List<String>> pathOfMarker = new HashMap<>();
    final List<List<String>> tables = new ArrayList<>(); // header, delimiter, rows...
    final List<String> codeLines = new ArrayList<>();
    final Set<String> codeHashLines = new HashSet<>();

    void line(String l) {
      md.append(l).append('\n');
    }

    void bodyLine(String l) {
      line(l);
      for (String w : l.trim().split("\\s+")) {
        if (!w.isEmpty()) {
          bodyWords.add(w);
        }
      }
    }
  }

  @Test
  void chunker_keeps_its_promises_on_random_documents() {
    Random r = new Random(20240601);
    int overlapsSeen = 0;
    int oversizeSeen = 0;
    int splitTablesSeen = 0;
    for (int n = 0; n < DOCUMENTS; n++) {
      int max = 32 + r.nextInt(r.nextBoolean() ? 60 : 400);
      int overlap = 2 + r.nextInt(max / 2 - 2);
      ChunkerSettings settings = new ChunkerSettings(max, overlap, r.nextInt(4) == 0);
      MarkdownChunker chunker = new MarkdownChunker(settings);
      boolean markdown = r.nextInt(5) > 0;
      Generated g = generate(r, n);
      String title = r.nextInt(4) == 0 ? null : "Doc " + n;
      Document doc =
          new Document(
              "doc-" + n,
              "src/doc-" + n + ".md",
              title,
              g.md.toString(),
              markdown ? DocumentFormat.MARKDOWN : DocumentFormat.TEXT,
              MetadataValue.strings(Map.of("n", Integer.toString(n))));
      String where =
          "document " + n + " with " + settings.describe() + (markdown ? "" : " as TEXT");

      List<Chunk> chunks = chunker.chunk(doc);
      assertThat(chunks).as(where).isNotEmpty();

      // ids: stable across runs and instances, unique within the document; CRLF changes nothing
      assertEquals(chunks, new MarkdownChunker(settings).chunk(doc), where);
      assertEquals(chunks.size(), chunks.stream().map(Chunk::id).distinct().count(), where);
      Document crlf = withContent(doc, g.md.toString().replace("\n", "\r\n"));
      List<Chunk> crlfChunks = chunker.chunk(crlf);
      assertEquals(
          MarkdownChunkerTest.withoutSourceMaps(chunks),
          MarkdownChunkerTest.withoutSourceMaps(crlfChunks),
          where + " (CRLF)");
      assertSourceMapsHold(doc, chunks, where);
      assertSourceMapsHold(crlf, crlfChunks, where + " (CRLF)");

      List<String> bodies = new ArrayList<>();
      for (Chunk c : chunks) {
        bodies.add(body(c));
        assertEquals(title, c.title(), where);
        assertEquals(doc.metadata(), c.metadata(), where);
        assertEquals(TokenEstimator.estimate(c.text()), c.tokenCount(), where);
        if (!markdown) {
          assertEquals(List.of(), c.headingPath(), where);
        }
      }

      // no text lost: the source's words appear in the chunk bodies, in order
      List<String> sourceWords = markdown ? g.bodyWords : allWords(g.md.toString());
      assertSubsequence(sourceWords, words(bodies), where);
      if (markdown) {
        for (String h : g.headings) {
          boolean inPath = chunks.stream().anyMatch(c -> c.headingPath().contains(h));
          boolean inBody =
              bodies.stream().anyMatch(b -> b.contains(h)); // nested under a FAQ question
          assertThat(inPath || (settings.faqMode() && inBody))
              .as(where + ": heading " + h)
              .isTrue();
        }
      }

      // budget: only a single unbreakable unit may exceed it
      for (int i = 0; i < chunks.size(); i++) {
        Chunk c = chunks.get(i);
        if (c.tokenCount() > max) {
          oversizeSeen++;
          assertThat(markdown).as(where + ": over budget in plain text:\n" + c.text()).isTrue();
          String[] lines = bodies.get(i).split("\n");
          boolean oneRow = lines.length == 3 && lines[1].matches("\\|[-:| ]+\\|");
          boolean oneCodeLine =
              lines.length == 3 && (lines[0].startsWith("```") || lines[0].startsWith("~~~"));
          assertThat(oneRow || oneCodeLine).as(where + ": over budget:\n" + c.text()).isTrue();
        }
      }

      // overlap between consecutive pieces of one section is bounded
      for (int i = 0; i + 1 < chunks.size(); i++) {
        if (chunks.get(i).headingPath().equals(chunks.get(i + 1).headingPath())) {
          String ov = MarkdownChunkerTest.longestSuffixPrefix(bodies.get(i), bodies.get(i + 1));
          if (TokenEstimator.estimate(ov) > 1) {
            overlapsSeen++;
          }
          assertThat(TokenEstimator.estimate(ov))
              .as(where + ": overlap \"" + ov + "\"")
              .isLessThanOrEqualTo(overlap);
        }
      }

      if (!markdown) {
        continue;
      }
      // heading paths: every marker sits in a chunk with its section's path (or, in FAQ mode,
      // under the question that absorbed its section)
      Pattern marker = Pattern.compile("\\b(?:mk|tb|cd)\\d+x\\d+\\b");
      for (Chunk c : chunks) {
        Matcher m = marker.matcher(body(c));
        while (m.find()) {
          List<String> expected = g.pathOfMarker.get(m.group());
          if (settings.faqMode() && c.headingPath().size() < expected.size()) {
            assertEquals(
                expected.subList(0, c.headingPath().size()),
                c.headingPath(),
                where + " " + m.group());
          } else {
            assertEquals(expected, c.headingPath(), where + ": marker " + m.group());
          }
        }
      }
      // tables: rows never cut, every piece carries header and delimiter before its rows
      for (List<String> t : g.tables) {
        String head = t.get(0) + "\n" + t.get(1) + "\n";
        int pieces = 0;
        for (String row : t.subList(2, t.size())) {
          assertThat(bodies.stream().anyMatch(b -> hasLine(b, row)))
              .as(where + ": row intact " + row)
              .isTrue();
        }
        for (String b : bodies) {
          int first = firstRowIndex(b, t);
          if (first >= 0) {
            pieces++;
            int h = b.lastIndexOf(head, first);
            assertThat(h).as(where + ": header before rows in\n" + b).isGreaterThanOrEqualTo(0);
          }
        }
        if (pieces > 1) {
          splitTablesSeen++;
        }
      }
      // code: lines never cut; '#' lines inside code are not headings
      for (String line : g.codeLines) {
        assertThat(bodies.stream().anyMatch(b -> hasLine(b, line)))
            .as(where + ": code line " + line)
            .isTrue();
      }
      for (Chunk c : chunks) {
        for (String p : c.headingPath()) {
          assertThat(p).as(where).doesNotStartWith("not a heading");
        }
      }
    }
    assertThat(overlapsSeen).as("pieces that overlapped").isGreaterThan(50);
    assertThat(oversizeSeen).as("oversize unbreakable units exercised").isGreaterThan(0);
    assertThat(splitTablesSeen).as("tables split into pieces").isGreaterThan(10);
  }

  // ------------------------------------------------------------------ generator

  static Generated generate(Random r, int n) {
    Generated g = new Generated();
    String[] stack = new String[7];
    List<String> path = List.of();
    int markerSeq = 0;
    if (r.nextBoolean()) {
      String mk = "mk" + n + "x" + markerSeq++;
      g.pathOfMarker.put(mk, path);
      g.bodyLine(mk + " " + sentence(r, 3 + r.nextInt(10)));
      g.line("");
    }
    int sections = 1 + r.nextInt(7);
    for (int s = 0; s < sections; s++) {
      int level = 1 + r.nextInt(4);
      String text = "H" + s + " " + WORDS[r.nextInt(WORDS.length)] + (r.nextInt(3) == 0 ? "?" : "");
      g.line("#".repeat(level) + " " + text + (r.nextInt(5) == 0 ? " " + "#".repeat(level) : ""));
      g.headings.add(text);
      stack[level] = text;
      for (int l = level + 1; l < stack.length; l++) {
        stack[l] = null;
      }
      List<String> p = new ArrayList<>();
      for (int l = 1; l <= level; l++) {
        if (stack[l] != null) {
          p.add(stack[l]);
        }
      }
      path = List.copyOf(p);
      g.line(r.nextBoolean() ? "" : "   ");
      int blocks = r.nextInt(5);
      for (int b = 0; b < blocks; b++) {
        String mk = (markerSeq++) + "";
        switch (r.nextInt(6)) {
          case 0:
          case 1:
            { // paragraph of sentences, sometimes one very long sentence
              String m = "mk" + n + "x" + mk;
              g.pathOfMarker.put(m, path);
              StringBuilder para = new StringBuilder(m);
              int sentences = 1 + r.nextInt(r.nextInt(4) == 0 ? 30 : 6);
              for (int i = 0; i < sentences; i++) {
                para.append(' ').append(sentence(r, r.nextInt(10) == 0 ? 120 : 3 + r.nextInt(14)));
              }
              // wrap lines like an editor would
              String[] ws = para.toString().split(" ");
              StringBuilder line = new StringBuilder();
              for (String w : ws) {
                if (line.length() > 60 + r.nextInt(30)) {
                  g.bodyLine(line.toString() + (r.nextInt(6) == 0 ? "  " : ""));
                  line.setLength(0);
                }
                line.append(line.length() == 0 ? "" : " ").append(w);
              }
              g.bodyLine(line.toString());
              break;
            }
          case 2:
            { // list
              String m = "mk" + n + "x" + mk;
              g.pathOfMarker.put(m, path);
              int items = 1 + r.nextInt(8);
              for (int i = 0; i < items; i++) {
                g.bodyLine("- " + (i == 0 ? m + " " : "") + sentence(r, 2 + r.nextInt(8)));
              }
              break;
            }
          case 3:
          case 4:
            { // table
              String m = "tb" + n + "x" + mk;
              g.pathOfMarker.put(m, path);
              int cols = 2 + r.nextInt(3);
              List<String> t = new ArrayList<>();
              StringBuilder header = new StringBuilder("|");
              StringBuilder delim = new StringBuilder("|");
              for (int c = 0; c < cols; c++) {
                header.append(" Col").append(c).append(c == 0 ? " " + m : "").append(" |");
                delim.append(r.nextBoolean() ? "---|" : ":--:|");
              }
              t.add(header.toString());
              t.add(delim.toString());
              int rows = 1 + r.nextInt(r.nextInt(3) == 0 ? 60 : 8);
              for (int i = 0; i < rows; i++) {
                StringBuilder row = new StringBuilder("|");
                for (int c = 0; c < cols; c++) {
                  int len = r.nextInt(40) == 0 ? 90 : 1 + r.nextInt(4);
                  row.append(' ')
                      .append(c == 0 ? m + "r" + i + " " : "")
                      .append(sentence(r, len).replace("|", ""))
                      .append(" |");
                }
                t.add(row.toString());
              }
              for (String l : t) {
                g.bodyLine(l);
              }
              g.tables.add(t);
              break;
            }
          default:
            { // fenced code with '#' lines
              String m = "cd" + n + "x" + mk;
              g.pathOfMarker.put(m, path);
              String fence = r.nextBoolean() ? "```" : "~~~~";
              g.bodyLine(fence + (r.nextBoolean() ? "bash" : ""));
              int lines = 1 + r.nextInt(r.nextInt(3) == 0 ? 50 : 6);
              for (int i = 0; i < lines; i++) {
                String l;
                if (r.nextInt(5) == 0) {
                  l = "# not a heading " + m + " " + i;
                  g.codeHashLines.add(l);
                } else {
                  int len = r.nextInt(40) == 0 ? 100 : 1 + r.nextInt(8);
                  l = (r.nextBoolean() ? "    " : "") + m + "l" + i + " " + sentence(r, len);
                }
                g.bodyLine(l);
                g.codeLines.add(l);
              }
              g.bodyLine(fence);
              break;
            }
        }
        g.line(r.nextInt(4) == 0 ? "\n" : "");
      }
    }
    return g;
  }

  static String sentence(Random r, int words) {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < words; i++) {
      String w = WORDS[r.nextInt(WORDS.length)];
      s.append(i == 0 ? "" : " ").append(i == 0 ? capitalise(w) : w);
    }
    s.append(".!?".charAt(r.nextInt(3)));
    return s.toString();
  }

  private static String capitalise(String w) {
    return Character.toUpperCase(w.charAt(0)) + w.substring(1);
  }

  // ------------------------------------------------------------------ checks

  /** The chunk's text after its attribution prefix. */
  /**
   * Every chunk's document text begins at its body start, every run is the document's own text,
   * every word of the body lies in a run, and a span across joined runs reads like the document.
   */
  private static void assertSourceMapsHold(Document doc, List<Chunk> chunks, String where) {
    String content = doc.content();
    for (Chunk c : chunks) {
      SourceMap map = c.sourceMap();
      assertThat(map).as(where).isNotNull();
      assertEquals(body(c), c.text().substring(map.bodyStart()), where);
      boolean[] covered = new boolean[c.text().length()];
      for (SourceMap.Run r : map.runs()) {
        assertEquals(
            c.text().substring(r.chunkStart(), r.chunkEnd()),
            content.substring(r.documentStart(), r.documentEnd()),
            where);
        for (int i = r.chunkStart(); i < r.chunkEnd(); i++) {
          covered[i] = true;
        }
      }
      for (int i = map.bodyStart(); i < c.text().length(); i++) {
        char ch = c.text().charAt(i);
        if (!covered[i] && !Character.isWhitespace(ch) && "|-:`~".indexOf(ch) < 0) {
          // only a repeated table header or a synthetic fence may be the chunker's own
          assertThat(ch).as(where + ": character " + i + " of\n" + c.text()).isIn('|', '-');
        }
      }
      if (!map.runs().isEmpty()) {
        int start = map.runs().get(0).chunkStart();
        int end = map.end();
        map.toDocument(start, end)
            .ifPresent(
                span ->
                    assertEquals(
                        collapse(c.text().substring(start, end)),
                        collapse(content.substring(span.start(), span.end())),
                        where));
      }
    }
  }

  private static String collapse(String s) {
    return s.strip().replaceAll("\\s+", " ");
  }

  static String body(Chunk c) {
    if (c.title() == null && c.headingPath().isEmpty()) {
      return c.text();
    }
    int blank = c.text().indexOf("\n\n");
    return blank < 0 ? "" : c.text().substring(blank + 2);
  }

  private static Document withContent(Document d, String content) {
    return new Document(d.id(), d.source(), d.title(), content, d.format(), d.metadata());
  }

  private static List<String> allWords(String s) {
    List<String> out = new ArrayList<>();
    for (String w : s.trim().split("\\s+")) {
      if (!w.isEmpty()) {
        out.add(w);
      }
    }
    return out;
  }

  private static List<String> words(List<String> bodies) {
    List<String> out = new ArrayList<>();
    for (String b : bodies) {
      out.addAll(allWords(b));
    }
    return out;
  }

  private static void assertSubsequence(List<String> expected, List<String> actual, String where) {
    int j = 0;
    for (int i = 0; i < expected.size(); i++) {
      while (j < actual.size() && !actual.get(j).equals(expected.get(i))) {
        j++;
      }
      if (j == actual.size()) {
        throw new AssertionError(
            where + ": source word #" + i + " \"" + expected.get(i) + "\" lost (or out of order)");
      }
      j++;
    }
  }

  private static boolean hasLine(String body, String line) {
    for (String l : body.split("\n", -1)) {
      if (l.equals(line)) {
        return true;
      }
    }
    return false;
  }

  private static int firstRowIndex(String body, List<String> table) {
    Map<String, Boolean> rows = new LinkedHashMap<>();
    for (String row : table.subList(2, table.size())) {
      rows.put(row, true);
    }
    int pos = 0;
    for (String l : body.split("\n", -1)) {
      if (rows.containsKey(l)) {
        return pos;
      }
      pos += l.length() + 1;
    }
    return -1;
  }
}
