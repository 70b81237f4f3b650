package dev.citerag.loaders;

import dev.citerag.ingest.Document;
import dev.citerag.ingest.DocumentFormat;
import dev.citerag.loaders.internal.HtmlText;
import dev.citerag.store.Filter;
import dev.citerag.store.MetadataValue;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.jspecify.annotations.Nullable;

/**
 * HTML ({@code .html}, {@code .htm}): the page's main content only (no navigation, header, footer,
 * scripts, styles or forms), reduced to Markdown-shaped text so that headings become sections,
 * lists, tables and code keep their shape, and links keep their text. Title: the page's {@code
 * <title>}, else its first {@code <h1>}, else the file name. The encoding is the one the page
 * declares ({@code <meta charset>}), else UTF-8. Lenient: malformed HTML is read as browsers read
 * it. Stateless and thread-safe.
 *
 * <p>Metadata: {@code title} (the page's {@code <title>}), {@code lang} (the {@code <html lang>}
 * attribute) and every {@code <meta name="..." content="...">} whose name, lower-cased with {@code
 * :} read as {@code .}, matches {@link Filter#KEY} ({@code description}, {@code author}, {@code
 * keywords}, {@code twitter.card}...; {@code viewport} and the like are left out), at most {@value
 * #MAX_META} of them, values cut at 1,000 characters.
 *
 * <p>Limits ({@link LoadLimits}): a page larger than {@code maxHtmlBytes} is refused before it is
 * parsed (a parsed page takes 7 to 30 times its size in heap, and converting it copies the tree),
 * one nesting deeper than {@code maxDepth} before it is converted, one giving more than {@code
 * maxChars} characters after.
 *
 * <pre>{@code
 * FolderLoader loader = FolderLoader.builder().loader("xhtml", new HtmlLoader()).build();
 * }</pre>
 */
public final class HtmlLoader implements DocumentLoader {

  /** Most {@code <meta name>} entries kept as metadata. */
  public static final int MAX_META = 32;

  private static final Set<String> NOT_METADATA =
      Set.of("viewport", "theme-color", "color-scheme", "format-detection", "referrer", "robots");

  private final LoadLimits limits;

  /** Creates the loader with {@link LoadLimits#defaults()}; stateless and thread-safe. */
  public HtmlLoader() {
    this(LoadLimits.defaults());
  }

  /**
   * Creates the loader; stateless and thread-safe.
   *
   * @param limits what one file may cost
   * @throws IllegalArgumentException when {@code limits} is null
   */
  public HtmlLoader(LoadLimits limits) {
    if (limits == null) {
      throw new IllegalArgumentException("limits must not be null");
    }
    this.limits = limits;
  }

  /**
   * Reads an HTML page as a Markdown-format document.
   *
   * @param id the document id to give it
   * @param source where it came from (a path or URL), used for the title fallback and in messages
   * @param content the page's bytes, in the encoding the page declares (else UTF-8)
   * @return the document: main content as Markdown, the title, the page's metadata, no pages
   * @throws DocumentLoadException when the page has no text at all in its main content
   * @throws LoadLimitException when the page passes one of the loader's {@link LoadLimits}
   */
  @Override
  public Document load(String id, String source, byte[] content) {
    Budget budget = new Budget(limits, source);
    budget.checkBytes(content.length, limits.maxHtmlBytes(), "maxHtmlBytes", "the HTML page");
    String html = decode(content);
    org.jsoup.nodes.Document doc = Jsoup.parse(html);
    budget.checkTime();
    int depth = HtmlText.depth(doc, limits.maxDepth());
    if (depth > limits.maxDepth()) {
      throw new LoadLimitException(
          source, "maxDepth", "the HTML nests deeper than maxDepth = " + limits.maxDepth());
    }
    Map<String, String> meta = metadata(doc);
    HtmlText h = HtmlText.convert(doc);
    budget.checkTime();
    budget.checkChars(h.markdown().length());
    if (h.markdown().isBlank()) {
      throw new DocumentLoadException(source, "the HTML page has no text in its main content");
    }
    String title = h.title() != null ? h.title() : Names.baseName(source);
    return new Document(
        id,
        source,
        title,
        Texts.clean(h.markdown()),
        DocumentFormat.MARKDOWN,
        MetadataValue.strings(meta));
  }

  private static Map<String, String> metadata(org.jsoup.nodes.Document doc) {
    Map<String, String> meta = new LinkedHashMap<>();
    put(meta, "title", doc.title());
    Element html = doc.selectFirst("html");
    if (html != null) {
      put(meta, "lang", html.attr("lang"));
    }
    for (Element m : doc.select("meta[name][content]")) {
      if (meta.size() >= MAX_META + 2) {
        break;
      }
      String key = m.attr("name").strip().toLowerCase(Locale.ROOT).replace(':', '.');
      if (!key.isEmpty()
          && !NOT_METADATA.contains(key)
          && Filter.KEY.matcher(key).matches()
          && !meta.containsKey(key)) {
        put(meta, key, m.attr("content"));
      }
    }
    return meta;
  }

  private static void put(Map<String, String> meta, String key, String value) {
    String v = Texts.clean(value).strip();
    if (!v.isEmpty()) {
      meta.put(key, v.length() > 1000 ? v.substring(0, 1000) : v);
    }
  }

  private static String decode(byte[] content) {
    Charset cs = StandardCharsets.UTF_8;
    // the declared charset, if any, from the first bytes (ASCII-compatible declarations)
    String head =
        new String(content, 0, Math.min(content.length, 2048), StandardCharsets.ISO_8859_1);
    Element meta = Jsoup.parse(head).selectFirst("meta[charset], meta[http-equiv=content-type]");
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
    int i = contentType.toLowerCase(Locale.ROOT).indexOf("charset=");
    return i < 0 ? null : contentType.substring(i + 8).replace("\"", "").split(";", -1)[0];
  }
}
