package dev.citerag.ingest;

import dev.citerag.internal.Checks;

/**
 * One page of a paged document (a PDF): its 1-based number as printed by the viewer and its text.
 * Chunks never span two pages, so every chunk of a paged document carries the page it came from.
 *
 * @param number 1-based page number; pages without text may be left out, so numbers can skip
 * @param text the page's text (may be empty)
 */
public record Page(int number, String text) {

  /**
   * Checks the page.
   *
   * @param number 1-based page number
   * @param text the page's text, possibly empty
   * @throws IllegalArgumentException when {@code number < 1} or {@code text} is null
   */
  public Page {
    if (number < 1) {
      throw new IllegalArgumentException("page number must be >= 1, was " + number);
    }
    Checks.notNull(text, "page text");
  }
}
