/**
 * File loading: {@link dev.citerag.loaders.DocumentLoader}s for Markdown (front matter), text, HTML
 * (jsoup) and PDF with pages (Apache PDFBox), and {@link dev.citerag.loaders.FolderLoader}, the
 * folder walker.
 */
// PDFBox has no module-info, only an Automatic-Module-Name (org.apache.pdfbox)
@SuppressWarnings("requires-automatic")
module dev.citerag.loaders {
  requires transitive dev.citerag.core;
  requires org.jsoup;
  requires org.apache.pdfbox;
  requires org.yaml.snakeyaml;
  requires static transitive org.jspecify;

  exports dev.citerag.loaders;
}
