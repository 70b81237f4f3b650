/**
 * The Markdown chunker's internals, not API: the block parser ({@link
 * dev.citerag.ingest.internal.MarkdownBlocks}) and the splitter that packs a section's blocks into
 * chunk bodies ({@link dev.citerag.ingest.internal.Packer}). Nullness is declared once here:
 * everything is non-null unless marked {@code @Nullable}.
 */
@NullMarked
package dev.citerag.ingest.internal;

import org.jspecify.annotations.NullMarked;
