/**
 * {@link dev.citerag.load.DocumentLoader}s for HTML (jsoup) and PDF with pages (Apache PDFBox), and
 * {@link dev.citerag.loaders.Loaders}, a folder loader for Markdown, text, HTML and PDF.
 */
// PDFBox has no module-info, only an Automatic-Module-Name (org.apache.pdfbox)
@SuppressWarnings("requires-automatic")
module dev.citerag.loaders {
  requires transitive dev.citerag.core;
  requires org.jsoup;
  requires org.apache.pdfbox;
  requires static transitive org.jspecify;

  exports dev.citerag.loaders;
}
