package dev.citerag.loaders;

/**
 * Every loader of the library in one {@link FolderLoader}: Markdown ({@code md}, {@code markdown}),
 * text ({@code txt}, {@code text}), HTML ({@code html}, {@code htm}) and PDF ({@code pdf}).
 *
 * <pre>{@code
 * FolderLoader.Result r = Loaders.folderLoader().build().load(List.of(Path.of("docs")));
 * r.skipped().forEach(s -> log.warn("skipped {}", s));
 * ingestor.ingest(r.documents());
 * }</pre>
 */
public final class Loaders {
  private Loaders() {}

  /**
   * {@return a new {@link FolderLoader} builder with every format registered (Markdown, text, HTML,
   * PDF); further settings as usual}
   */
  public static FolderLoader.Builder folderLoader() {
    HtmlLoader html = new HtmlLoader();
    PdfLoader pdf = new PdfLoader();
    return FolderLoader.builder().loader("html", html).loader("htm", html).loader("pdf", pdf);
  }
}
