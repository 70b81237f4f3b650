/**
 * Reading files into documents: the {@link dev.citerag.loaders.DocumentLoader} port, loaders for
 * Markdown with front matter ({@link dev.citerag.loaders.MarkdownLoader}), plain text ({@link
 * dev.citerag.loaders.TextLoader}), HTML ({@link dev.citerag.loaders.HtmlLoader}) and PDF with
 * pages ({@link dev.citerag.loaders.PdfLoader}), and {@link dev.citerag.loaders.FolderLoader},
 * which walks folders, picks a loader by extension and reports every file it skips.
 */
@NullMarked
package dev.citerag.loaders;

import org.jspecify.annotations.NullMarked;
