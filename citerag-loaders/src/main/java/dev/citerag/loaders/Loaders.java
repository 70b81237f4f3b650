package dev.citerag.loaders;

/**
 * Every loader of the library in one {@link FolderLoader}: the same as {@link
 * FolderLoader#builder()}, which registers Markdown, text, HTML and PDF.
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
   * PDF); the same as {@link FolderLoader#builder()}}
   */
  public static FolderLoader.Builder folderLoader() {
    return FolderLoader.builder();
  }
}
