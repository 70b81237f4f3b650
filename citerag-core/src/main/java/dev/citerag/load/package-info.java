/**
 * Reading files into documents: the {@link dev.citerag.load.DocumentLoader} port, loaders for
 * Markdown (with {@link dev.citerag.load.FrontMatter}) and plain text, and {@link
 * dev.citerag.load.FolderLoader}, which walks folders, picks a loader by extension and reports
 * every file it skips. HTML and PDF loaders live in {@code citerag-loaders}.
 */
@NullMarked
package dev.citerag.load;

import org.jspecify.annotations.NullMarked;
