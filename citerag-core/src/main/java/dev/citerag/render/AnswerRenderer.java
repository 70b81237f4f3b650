package dev.citerag.render;

import dev.citerag.internal.Checks;
import dev.citerag.pipeline.RagResult;
import dev.citerag.store.Chunk;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Prints a verified answer with its {@code [n]} markers and numbered references, in three forms:
 * {@link #plainText}, {@link #markdown} and {@link #html} (every document and model text escaped).
 * The layout is {@link CitedAnswer}'s; a bracketed number that the answer text itself contains is
 * shown as {@code (n)}, so only validated citations appear as markers.
 *
 * <pre>{@code
 * if (rag.ask(question) instanceof RagResult.Answered a) {
 *   System.out.println(AnswerRenderer.plainText(a));
 * }
 * }</pre>
 *
 * <p>Plain text looks like this:
 *
 * <pre>
 * Roll back a bad deploy with deployctl rollback. [1]
 *
 * References:
 *   [1] runbooks/rollback.md § Rolling back a deploy
 *       "Roll back a bad deploy with deployctl rollback."
 * </pre>
 */
public final class AnswerRenderer {
  private static final Pattern LITERAL_MARKER = Pattern.compile("\\[(\\d{1,4})]");
  private static final Pattern SPACES = Pattern.compile("\\s+");

  private AnswerRenderer() {}

  /**
   * The answer with {@code [n]} markers, a blank line, then {@code References:} with one entry per
   * reference: its {@link #location} and the quote on the next line, in double quotes.
   *
   * @param answer a verified answer
   * @return text ending with a line feed
   * @throws IllegalArgumentException when {@code answer} is null
   */
  public static String plainText(RagResult.Answered answer) {
    CitedAnswer layout = CitedAnswer.of(Checks.notNull(answer, "answer"));
    StringBuilder b = new StringBuilder();
    for (CitedAnswer.Segment s : layout.segments()) {
      b.append(withoutMarkers(s.text()));
      appendMarkers(b, s, "[", "]");
    }
    b.append("\n\nReferences:\n");
    for (CitedAnswer.Reference r : layout.references()) {
      b.append("  [").append(r.number()).append("] ");
      b.append(location(r.citation().chunk())).append('\n');
      b.append("      \"").append(oneLine(r.citation().quote())).append("\"\n");
    }
    return b.toString();
  }

  /**
   * The answer as CommonMark: the text with its Markdown characters escaped and {@code [n]} markers
   * (escaped brackets, so they are not read as links), then a numbered list of references, each its
   * location in bold and the quote as a block quote.
   *
   * @param answer a verified answer
   * @return Markdown ending with a line feed
   * @throws IllegalArgumentException when {@code answer} is null
   */
  public static String markdown(RagResult.Answered answer) {
    CitedAnswer layout = CitedAnswer.of(Checks.notNull(answer, "answer"));
    StringBuilder b = new StringBuilder();
    for (CitedAnswer.Segment s : layout.segments()) {
      b.append(escapeMarkdown(withoutMarkers(s.text())));
      appendMarkers(b, s, "\\[", "\\]");
    }
    b.append("\n\n**References**\n\n");
    for (CitedAnswer.Reference r : layout.references()) {
      b.append(r.number()).append(". **");
      b.append(escapeMarkdown(location(r.citation().chunk()))).append("**\n");
      b.append("   > ").append(escapeMarkdown(oneLine(r.citation().quote()))).append('\n');
    }
    return b.toString();
  }

  /**
   * The answer as an HTML fragment: a {@code <p class="answer">} whose markers are {@code <sup><a
   * href="#ref-n">[n]</a></sup>}, then an {@code <ol class="references">} whose items have the id
   * {@code ref-n}, the location in a {@code <cite>} and the quote in a {@code <q>}. Every text from
   * a document or a model is escaped ({@code & < > " '}), so the fragment can be inserted into a
   * page as it is.
   *
   * @param answer a verified answer
   * @return an HTML fragment ending with a line feed
   * @throws IllegalArgumentException when {@code answer} is null
   */
  public static String html(RagResult.Answered answer) {
    CitedAnswer layout = CitedAnswer.of(Checks.notNull(answer, "answer"));
    StringBuilder b = new StringBuilder("<p class=\"answer\">");
    for (CitedAnswer.Segment s : layout.segments()) {
      b.append(escapeHtml(withoutMarkers(s.text())));
      for (int n : s.markers()) {
        b.append("<sup><a href=\"#ref-").append(n).append("\">[").append(n).append("]</a></sup>");
      }
    }
    b.append("</p>\n<ol class=\"references\">\n");
    for (CitedAnswer.Reference r : layout.references()) {
      b.append("  <li id=\"ref-").append(r.number()).append("\"><cite>");
      b.append(escapeHtml(location(r.citation().chunk()))).append("</cite> <q>");
      b.append(escapeHtml(oneLine(r.citation().quote()))).append("</q></li>\n");
    }
    b.append("</ol>\n");
    return b.toString();
  }

  /**
   * Where a chunk comes from, for people: {@code source § section} (the title when the chunk has no
   * section, the source alone when it has neither), then {@code , p. N} for a chunk of a paged
   * document such as a PDF.
   *
   * @param chunk a stored chunk
   * @return e.g. {@code runbooks/rollback.md § Rolling back a deploy} or {@code guide.pdf § Setup,
   *     p. 3}
   * @throws IllegalArgumentException when {@code chunk} is null
   */
  public static String location(Chunk chunk) {
    Checks.notNull(chunk, "chunk");
    String section = chunk.section();
    if (section.isEmpty() && chunk.title() != null) {
      section = chunk.title();
    }
    String where = section.isEmpty() ? chunk.source() : chunk.source() + " \u00a7 " + section;
    return chunk.page() == null ? where : where + ", p. " + chunk.page();
  }

  /**
   * Answer text for display next to real markers: a bracketed number the text itself contains, such
   * as {@code [2]}, becomes {@code (2)}.
   *
   * @param answerText text of an answer
   * @return the text without bracketed numbers
   * @throws IllegalArgumentException when {@code answerText} is null
   */
  public static String withoutMarkers(String answerText) {
    return LITERAL_MARKER.matcher(Checks.notNull(answerText, "answerText")).replaceAll("($1)");
  }

  private static void appendMarkers(
      StringBuilder b, CitedAnswer.Segment s, String open, String close) {
    if (s.markers().isEmpty()) {
      return;
    }
    String t = s.text();
    if (!t.isEmpty() && !Character.isWhitespace(t.charAt(t.length() - 1))) {
      b.append(' ');
    }
    List<Integer> ms = s.markers();
    ms.forEach(n -> b.append(open).append(n).append(close));
  }

  static String oneLine(String s) {
    return SPACES.matcher(s).replaceAll(" ").strip();
  }

  static String escapeHtml(String s) {
    StringBuilder b = new StringBuilder(s.length() + 16);
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '&' -> b.append("&amp;");
        case '<' -> b.append("&lt;");
        case '>' -> b.append("&gt;");
        case '"' -> b.append("&quot;");
        case '\'' -> b.append("&#39;");
        default -> b.append(c);
      }
    }
    return b.toString();
  }

  /**
   * Backslash-escapes the ASCII punctuation that CommonMark reads inline anywhere, and a {@code -},
   * {@code +} or a number's {@code .} / {@code )} that would start a list at the start of a line.
   */
  static String escapeMarkdown(String s) {
    StringBuilder b = new StringBuilder(s.length() + 16);
    boolean lineStart = true;
    boolean digitsAtStart = false;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      boolean listMark =
          (lineStart && (c == '-' || c == '+')) || (digitsAtStart && (c == '.' || c == ')'));
      if ("\\`*_{}[]<>#|~&".indexOf(c) >= 0 || listMark) {
        b.append('\\');
      }
      b.append(c);
      if (c == '\n') {
        lineStart = true;
        digitsAtStart = false;
      } else if (c >= '0' && c <= '9' && (lineStart || digitsAtStart)) {
        lineStart = false;
        digitsAtStart = true;
      } else if (!(lineStart && c == ' ')) {
        lineStart = false;
        digitsAtStart = false;
      }
    }
    return b.toString();
  }
}
