/**
 * {@link dev.citerag.load.DocumentLoader}s for HTML ({@link dev.citerag.loaders.HtmlLoader}) and
 * PDF with pages ({@link dev.citerag.loaders.PdfLoader}), and {@link dev.citerag.loaders.Loaders},
 * a {@link dev.citerag.load.FolderLoader} that reads Markdown, text, HTML and PDF.
 */
@NullMarked
package dev.citerag.loaders;

import org.jspecify.annotations.NullMarked;
