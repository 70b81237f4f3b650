package dev.citerag.ingest;

/** How a document's content is structured. */
public enum DocumentFormat {
  /** Markdown: split on headings first; tables split between rows only. */
  MARKDOWN,
  /** Plain text: paragraphs, then sentences. */
  TEXT
}
