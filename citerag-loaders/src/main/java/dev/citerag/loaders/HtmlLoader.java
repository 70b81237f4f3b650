package dev.citerag.loaders;

import dev.citerag.ingest.Document;
import dev.citerag.ingest.DocumentFormat;
import dev.citerag.loaders.internal.HtmlText;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.jsoup.Jsoup;
import org.jspecify.annotations.Nullable;

/**
 * HTML ({@code .html}, {@code .htm}): the page's main content only (no navigation, header, footer,
 * scripts, styles or forms), reduced to Markdown-shaped text so that headings become sections,
 * lists, tables and code keep their shape, and links keep their text. Title: the page's {@code
 * <title>}, else its first {@code <h1>}, else the file name. The encoding is the one the page
 * declares ({@code <meta charset>}), else UTF-8. Lenient: malformed HTML is read as browsers read
 * it. Stateless and thread-safe.
 *
 * <pre>{@code
 * FolderLoader loader = FolderLoader.builder().loader("html", new HtmlLoader()).build();
 * }</pre>
 */
public final class HtmlLoader implements DocumentLoader {

  /** Creates the loader. It keeps no state, so one instance may serve any number of threads. */
  public HtmlLoader() {}

  /**
   * Reads an HTML page as a Markdown-format document.
   *
   * @param id the document id to give it
   * @param source where it came from (a path or URL), used for the title fallback and in messages
   * @param content the page's bytes, in the encoding the page declares (else UTF-8)
   * @return the document: main content as Markdown, the title, no pages
   * @throws DocumentLoadException when the page has no text at all in its main content
   */
  @Override
  public Document load(String id, String source, byte[] content) {
    String html = decode(content);
    HtmlText h = HtmlText.convert(html);
    if (h.markdown().isBlank()) {
      throw new DocumentLoadException(source, "the HTML page has no text in its main content");
    }
    String title = h.title() != null ? h.title() : Names.baseName(source);
    return new Document(id, source, title, h.markdown(), DocumentFormat.MARKDOWN, Map.of());
  }

  private static String decode(byte[] content) {
    Charset cs = StandardCharsets.UTF_8;
    // the declared charset, if any, from the first bytes (ASCII-compatible declarations)
    String head =
        new String(content, 0, Math.min(content.length, 2048), StandardCharsets.ISO_8859_1);
    org.jsoup.nodes.Element meta =
        Jsoup.parse(head).selectFirst("meta[charset], meta[http-equiv=content-type]");
    if (meta != null) {
      String declared =
          meta.hasAttr("charset") ? meta.attr("charset") : charsetOf(meta.attr("content"));
      try {
        if (declared != null && !declared.isBlank()) {
          cs = Charset.forName(declared.strip());
        }
      } catch (IllegalArgumentException e) {
        cs = StandardCharsets.UTF_8; // unknown name: read as UTF-8
      }
    }
    String s = new String(content, cs);
    return s.startsWith("\uFEFF") ? s.substring(1) : s;
  }

  private static @Nullable String charsetOf(String contentType) {
    int i = contentType.toLowerCase(java.util.Locale.ROOT).indexOf("charset=");
    return i < 0 ? null : contentType.substring(i + 8).replace("\"", "").split(";", -1)[0];
  }
}
