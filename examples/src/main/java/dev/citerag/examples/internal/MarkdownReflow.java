package dev.citerag.examples.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Joins the soft line breaks of hard-wrapped Markdown: a line that continues a paragraph or a
 * list item is appended to it with a space, which is what a Markdown renderer shows anyway.
 * Without this, a sentence wrapped at 100 columns reaches the chunk (and the extractive
 * generator, which reads line by line) as two fragments.
 *
 * <p>Left as they are: headings, table rows, block quotes, fenced and indented code, HTML lines,
 * rules, list item starts, blank lines, and hard breaks (a line ending in two spaces or a
 * backslash). Whitespace inside a line is not touched, so every sentence keeps its words.
 */
public final class MarkdownReflow {
  private MarkdownReflow() {}

  private static final Pattern LIST_ITEM = Pattern.compile("^([-*+]|\\d{1,9}[.)])(\\s+|$)");
  private static final Pattern RULE = Pattern.compile("^([-*_])(\\s*\\1){2,}\\s*$|^=+\\s*$");

  /** The text with soft line breaks inside paragraphs and list items replaced by spaces. */
  public static String reflow(String markdown) {
    String[] lines = markdown.split("\\R", -1);
    List<String> out = new ArrayList<>(lines.length);
    boolean inFence = false;
    String fence = "";
    boolean inIndentedCode = false;
    boolean joinable = false;
    for (String line : lines) {
      String s = line.strip();
      if (inFence) {
        out.add(line);
        if (s.startsWith(fence)) {
          inFence = false;
        }
        continue;
      }
      if (s.startsWith("```") || s.startsWith("~~~")) {
        inFence = true;
        fence = s.substring(0, 3);
        out.add(line);
        joinable = false;
        continue;
      }
      if (s.isEmpty()) {
        out.add(line);
        joinable = false;
        inIndentedCode = false;
        continue;
      }
      boolean indentedCode = (line.startsWith("    ") || line.startsWith("\t"))
          && (inIndentedCode || out.isEmpty() || out.get(out.size() - 1).isBlank());
      if (indentedCode && !LIST_ITEM.matcher(s).find()) {
        inIndentedCode = true;
        out.add(line);
        joinable = false;
        continue;
      }
      boolean blockStart = s.startsWith("#") || s.startsWith("|") || s.startsWith(">") || s.startsWith("<")
          || LIST_ITEM.matcher(s).find() || RULE.matcher(s).matches();
      if (!blockStart && joinable) {
        int last = out.size() - 1;
        out.set(last, out.get(last) + " " + s);
      } else {
        out.add(line);
      }
      boolean hardBreak = line.endsWith("  ") || line.endsWith("\\");
      joinable = !hardBreak && !s.startsWith("#") && !s.startsWith("|") && !s.startsWith("<")
          && !RULE.matcher(s).matches();
    }
    return String.join("\n", out);
  }
}
