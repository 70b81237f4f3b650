package dev.citerag.ingest.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * A chunk body with where its characters come from: each origin is a run of the body that is the
 * document's normalised text from {@code from}, verbatim; characters in no origin are the chunker's
 * own (separators, repeated table headers, synthetic fences).
 *
 * @param text the body
 * @param origins the runs, in order, not overlapping
 */
public record Body(String text, List<Origin> origins) {

  /**
   * A run of a body that is the document's text.
   *
   * @param at where it starts in the body
   * @param from where it starts in the document's normalised text
   * @param length its length, &gt; 0
   */
  public record Origin(int at, int from, int length) {}

  public Body {
    origins = List.copyOf(origins);
  }

  /** Builds a body piece by piece, merging runs that continue each other. */
  static final class Builder {
    private final StringBuilder text = new StringBuilder();
    private final List<Origin> origins = new ArrayList<>();

    /** Appends {@code s}, which is the document's text from {@code from} (-1: it is not). */
    Builder append(String s, int from) {
      if (from >= 0 && !s.isEmpty()) {
        add(text.length(), from, s.length());
      }
      text.append(s);
      return this;
    }

    /** Appends {@code s} with its own origins (relative to {@code s}). */
    Builder append(String s, List<Origin> own) {
      int base = text.length();
      for (Origin o : own) {
        add(base + o.at(), o.from(), o.length());
      }
      text.append(s);
      return this;
    }

    private void add(int at, int from, int length) {
      if (!origins.isEmpty()) {
        Origin last = origins.get(origins.size() - 1);
        if (last.at() + last.length() == at && last.from() + last.length() == from) {
          origins.set(
              origins.size() - 1, new Origin(last.at(), last.from(), last.length() + length));
          return;
        }
      }
      origins.add(new Origin(at, from, length));
    }

    int length() {
      return text.length();
    }

    Body build() {
      return new Body(text.toString(), origins);
    }
  }
}
