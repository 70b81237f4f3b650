package dev.citerag.loaders.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jspecify.annotations.Nullable;

/**
 * Reduces an HTML page to Markdown-shaped text so that the Markdown chunker keeps its structure:
 * headings become {@code #} lines, list items {@code -} lines, tables pipe rows with the header row
 * marked, {@code <pre>} fenced blocks; scripts, styles, navigation and form controls are dropped,
 * and so is page chrome: when the page marks its main content ({@code <main>}, {@code role="main"},
 * or a single {@code <article>}) only that is read; otherwise the body without its {@code
 * <header>}, {@code <footer>} and {@code <aside>} outside an article, and without elements whose
 * role is navigation, banner, contentinfo, complementary or search. Links keep their text.
 * Whitespace inside paragraphs is collapsed.
 *
 * @param title the page's {@code <title>}, else its first {@code <h1>}; null when it has neither
 * @param markdown the text
 */
public record HtmlText(@Nullable String title, String markdown) {

  private static final Set<String> SKIP =
      Set.of(
          "script",
          "style",
          "noscript",
          "template",
          "svg",
          "canvas",
          "iframe",
          "object",
          "head",
          "button",
          "input",
          "select",
          "textarea",
          "form",
          "nav");
  private static final Set<String> BLOCK =
      Set.of(
          "p",
          "div",
          "section",
          "article",
          "main",
          "header",
          "footer",
          "aside",
          "ul",
          "ol",
          "dl",
          "dt",
          "dd",
          "blockquote",
          "figure",
          "figcaption",
          "hr",
          "address",
          "details",
          "summary",
          "body",
          "html",
          "fieldset",
          "caption");

  /** Converts an HTML document. Never throws on malformed HTML (the parser is lenient). */
  public static HtmlText convert(String html) {
    return convert(Jsoup.parse(html));
  }

  /**
   * Converts a parsed HTML document. Recursion follows the element nesting: check the nesting depth
   * ({@link #depth}) first.
   */
  public static HtmlText convert(org.jsoup.nodes.Document doc) {
    String title = doc.title().strip();
    if (title.isEmpty()) {
      Element h1 = doc.selectFirst("h1");
      title = h1 == null ? "" : h1.text().strip();
    }
    Writer w = new Writer();
    w.walk(mainContent(doc), 0);
    w.flush();
    return new HtmlText(title.isEmpty() ? null : title, w.result());
  }

  /**
   * The deepest element nesting under {@code root}, counted without recursion; stops counting once
   * past {@code stopAbove}.
   */
  public static int depth(Node root, int stopAbove) {
    int[] max = {0};
    org.jsoup.select.NodeTraversor.filter(
        new org.jsoup.select.NodeFilter() {
          @Override
          public FilterResult head(Node node, int depth) {
            if (depth > max[0]) {
              max[0] = depth;
            }
            return max[0] > stopAbove ? FilterResult.STOP : FilterResult.CONTINUE;
          }
        },
        root);
    return max[0];
  }

  private static Element mainContent(org.jsoup.nodes.Document doc) {
    Element body = doc.body();
    Element main = body.selectFirst("main, [role=main]");
    if (main != null) {
      return main;
    }
    var articles = body.select("article");
    if (articles.size() == 1) {
      return articles.get(0);
    }
    Element copy = body.clone();
    copy.select(
            "[role=navigation], [role=banner], [role=contentinfo], [role=complementary], [role=search]")
        .remove();
    for (Element e : copy.select("header, footer, aside")) {
      if (e.closest("article") == null) {
        e.remove();
      }
    }
    return copy;
  }

  private static final class Writer {
    private final List<String> blocks = new ArrayList<>();
    private final List<Boolean> listItem = new ArrayList<>();
    private final StringBuilder inline = new StringBuilder();
    private @Nullable String prefix;

    void walk(Node node, int listDepth) {
      if (node instanceof TextNode t) {
        // source line breaks are just whitespace; only <br> breaks a line
        inline.append(t.getWholeText().replace('\n', ' ').replace('\r', ' '));
        return;
      }
      if (!(node instanceof Element e)) {
        return;
      }
      String tag = e.normalName();
      if (SKIP.contains(tag)) {
        return;
      }
      if (tag.length() == 2
          && tag.charAt(0) == 'h'
          && tag.charAt(1) >= '1'
          && tag.charAt(1) <= '6') {
        flush();
        String text = collapse(e.text());
        if (!text.isEmpty()) {
          add("#".repeat(tag.charAt(1) - '0') + " " + text, false);
        }
        return;
      }
      switch (tag) {
        case "pre" -> {
          flush();
          String code = e.wholeText().stripTrailing();
          while (code.startsWith("\n")) {
            code = code.substring(1);
          }
          if (!code.isBlank()) {
            add("```\n" + code + "\n```", false);
          }
        }
        case "table" -> {
          flush();
          table(e);
        }
        case "br" -> inline.append('\n');
        case "li" -> {
          flush();
          String marker =
              e.parent() != null && "ol".equals(e.parent().normalName())
                  ? (e.elementSiblingIndex() + 1) + ". "
                  : "- ";
          prefix = "  ".repeat(Math.max(0, listDepth - 1)) + marker;
          for (Node c : e.childNodes()) {
            walk(c, listDepth);
          }
          flush();
        }
        case "ul", "ol" -> {
          flush();
          for (Node c : e.childNodes()) {
            walk(c, listDepth + 1);
          }
          flush();
        }
        default -> {
          boolean block = BLOCK.contains(tag);
          if (block) {
            flush();
          }
          for (Node c : e.childNodes()) {
            walk(c, listDepth);
          }
          if (block) {
            flush();
          }
        }
      }
    }

    void flush() {
      String text = collapseKeepingBreaks(inline.toString());
      inline.setLength(0);
      if (!text.isEmpty()) {
        boolean item = prefix != null;
        add(item ? prefix + text : text, item);
      }
      prefix = null;
    }

    // identity on purpose: a row belongs to this very table element; jsoup's Element.equals is
    // identity too, but a nested table could have the same content
    @SuppressWarnings("ReferenceEquality")
    private void table(Element table) {
      List<String> rows = new ArrayList<>();
      boolean headerDone = false;
      int columns = 0;
      for (Element tr : table.select("tr")) {
        if (tr.closest("table") != table) {
          continue; // a row of a nested table
        }
        List<String> cells = new ArrayList<>();
        boolean header = true;
        for (Element cell : tr.children()) {
          if (!cell.normalName().equals("td") && !cell.normalName().equals("th")) {
            continue;
          }
          header &= cell.normalName().equals("th");
          cells.add(collapse(cell.text()).replace("|", "\\|"));
        }
        if (cells.isEmpty()) {
          continue;
        }
        rows.add("| " + String.join(" | ", cells) + " |");
        if (rows.size() == 1) {
          columns = cells.size();
          if (header) {
            rows.add("|" + "---|".repeat(columns));
            headerDone = true;
          }
        }
      }
      if (!rows.isEmpty() && !headerDone && columns > 0) {
        // Markdown tables need a header row: treat the first row as the header
        rows.add(1, "|" + "---|".repeat(columns));
      }
      if (!rows.isEmpty()) {
        add(String.join("\n", rows), false);
      }
    }

    private void add(String block, boolean item) {
      blocks.add(block);
      listItem.add(item);
    }

    String result() {
      StringBuilder b = new StringBuilder();
      for (int i = 0; i < blocks.size(); i++) {
        if (i > 0) {
          b.append(listItem.get(i) && listItem.get(i - 1) ? "\n" : "\n\n");
        }
        b.append(blocks.get(i));
      }
      return b.toString();
    }
  }

  private static final java.util.regex.Pattern SPACES =
      java.util.regex.Pattern.compile("[\\s\\u00A0]+");

  private static String collapse(String s) {
    return SPACES.matcher(s).replaceAll(" ").strip();
  }

  private static String collapseKeepingBreaks(String s) {
    StringBuilder out = new StringBuilder();
    for (String line : s.split("\n", -1)) {
      String l = collapse(line);
      if (!l.isEmpty()) {
        if (out.length() > 0) {
          out.append('\n');
        }
        out.append(l);
      }
    }
    return out.toString();
  }
}
