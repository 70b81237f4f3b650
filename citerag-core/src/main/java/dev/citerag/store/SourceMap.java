package dev.citerag.store;

import dev.citerag.internal.Checks;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Where a chunk's text comes from in its document: where the document's own text begins in {@link
 * Chunk#text()} (after the title and heading lines the chunker puts first), and runs of the chunk's
 * characters that are the document's characters, verbatim.
 *
 * <p>"The document's text" is {@code Document.content()} for an unpaged document, and the text of
 * the chunk's page ({@code Page.text()} of page {@link Chunk#page()}) for a paged one (a PDF): a
 * chunk never spans pages, so its offsets are page offsets. Offsets are UTF-16 indices.
 *
 * <p>Characters in no run are not document text: the heading prefix, the blank line the chunker
 * puts between two blocks, a table's header rows repeated on a later piece, the fence that closes a
 * piece of a split code block, and a line end the chunker normalised ({@code \r\n} read as {@code
 * \n}). A run is <em>joined</em> to the run before it when only whitespace separates the two, both
 * in the chunk and in the document, the document's text coming after: a span across joined runs is
 * one document span that reads the same once whitespace is collapsed.
 *
 * <pre>{@code
 * SourceMap map = chunk.sourceMap();
 * Optional<SourceMap.Span> inDocument = map.toDocument(start, end);
 * }</pre>
 *
 * @param bodyStart where the document's text begins in the chunk's text; the text before it is the
 *     attribution prefix (title and heading path); equal to the text's length for a chunk that
 *     holds only a heading
 * @param runs the verbatim runs, in chunk order, not overlapping
 */
public record SourceMap(int bodyStart, List<Run> runs) {

  /**
   * Characters of the chunk that are the document's own, verbatim.
   *
   * @param chunkStart where the run starts in the chunk's text
   * @param documentStart where the same characters start in the document's text
   * @param length how many characters, &gt; 0
   * @param joined whether only whitespace separates it from the run before, in the chunk and in the
   *     document, the document's run coming after the one before
   */
  public record Run(int chunkStart, int documentStart, int length, boolean joined) {
    /**
     * Checks the offsets.
     *
     * @param chunkStart where the run starts in the chunk's text, &gt;= 0
     * @param documentStart where it starts in the document's text, &gt;= 0
     * @param length how many characters, &gt; 0
     * @param joined whether it continues the run before across whitespace only
     * @throws IllegalArgumentException when an offset is negative or the length not positive
     */
    public Run {
      Checks.nonNegative(chunkStart, "chunkStart");
      Checks.nonNegative(documentStart, "documentStart");
      if (length < 1) {
        throw new IllegalArgumentException("length must be > 0, was " + length);
      }
    }

    /** {@return where the run ends in the chunk's text, exclusive} */
    public int chunkEnd() {
      return chunkStart + length;
    }

    /** {@return where the run ends in the document's text, exclusive} */
    public int documentEnd() {
      return documentStart + length;
    }
  }

  /**
   * A span of the document's text.
   *
   * @param start inclusive UTF-16 index
   * @param end exclusive UTF-16 index
   */
  public record Span(int start, int end) {
    /**
     * Checks the bounds.
     *
     * @param start inclusive, &gt;= 0
     * @param end exclusive, &gt;= {@code start}
     * @throws IllegalArgumentException when {@code start} is negative or after {@code end}
     */
    public Span {
      Checks.nonNegative(start, "start");
      if (end < start) {
        throw new IllegalArgumentException("end must be >= start (" + start + "), was " + end);
      }
    }
  }

  /**
   * Checks that the runs are in order, do not overlap and start at or after {@code bodyStart}.
   *
   * @param bodyStart where the document's text begins in the chunk's text, &gt;= 0
   * @param runs the verbatim runs in chunk order
   * @throws IllegalArgumentException when a run overlaps the one before or starts before {@code
   *     bodyStart}, or the first run is marked joined
   */
  public SourceMap {
    Checks.nonNegative(bodyStart, "bodyStart");
    runs = List.copyOf(Checks.noNullElements(runs, "runs"));
    int at = bodyStart;
    for (int i = 0; i < runs.size(); i++) {
      Run r = runs.get(i);
      if (r.chunkStart() < at) {
        throw new IllegalArgumentException(
            "runs must be in order, after bodyStart and not overlapping; run "
                + i
                + " starts at "
                + r.chunkStart()
                + ", before "
                + at);
      }
      if (i == 0 && r.joined()) {
        throw new IllegalArgumentException("the first run cannot be joined to a run before it");
      }
      at = r.chunkEnd();
    }
  }

  /** {@return where the last run ends in the chunk's text, or {@code bodyStart} with no runs} */
  public int end() {
    return runs.isEmpty() ? bodyStart : runs.get(runs.size() - 1).chunkEnd();
  }

  /**
   * The document span of the chunk span {@code [start, end)}: exact (the same characters) when both
   * ends lie in one run, and across runs when every run from the first to the last is joined to the
   * one before (then the two read the same once whitespace is collapsed). Empty when an end lies
   * outside every run (heading prefix, a repeated table header, a synthetic fence) or the runs
   * between are not joined, and for an empty span.
   *
   * @param start inclusive index in the chunk's text
   * @param end exclusive index in the chunk's text
   * @return the span of the document's text, when there is one
   */
  public Optional<Span> toDocument(int start, int end) {
    if (start < bodyStart || end <= start) {
      return Optional.empty();
    }
    int first = runAt(start);
    int last = runAt(end - 1);
    if (first < 0 || last < 0) {
      return Optional.empty();
    }
    for (int i = first + 1; i <= last; i++) {
      if (!runs.get(i).joined()) {
        return Optional.empty();
      }
    }
    Run a = runs.get(first);
    Run b = runs.get(last);
    return Optional.of(
        new Span(
            a.documentStart() + (start - a.chunkStart()),
            b.documentStart() + (end - b.chunkStart())));
  }

  /** The index of the run holding chunk index {@code i}, or -1. */
  private int runAt(int i) {
    int lo = 0;
    int hi = runs.size() - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      Run r = runs.get(mid);
      if (i < r.chunkStart()) {
        hi = mid - 1;
      } else if (i >= r.chunkEnd()) {
        lo = mid + 1;
      } else {
        return mid;
      }
    }
    return -1;
  }

  /**
   * The compact text form stores keep: {@code bodyStart} then, per run, {@code
   * ;chunkStart,documentStart,length} with {@code +} after the length of a joined run, e.g. {@code
   * 24;24,0,310;336,312,80+}.
   *
   * @return the encoded map, read back by {@link #parse}
   */
  public String encode() {
    StringBuilder b = new StringBuilder().append(bodyStart);
    for (Run r : runs) {
      b.append(';')
          .append(r.chunkStart())
          .append(',')
          .append(r.documentStart())
          .append(',')
          .append(r.length());
      if (r.joined()) {
        b.append('+');
      }
    }
    return b.toString();
  }

  /**
   * Reads the form {@link #encode} writes.
   *
   * @param encoded the encoded map
   * @return the map
   * @throws IllegalArgumentException when {@code encoded} is not in that form or breaks a rule of
   *     the map
   */
  public static SourceMap parse(String encoded) {
    Checks.notNull(encoded, "encoded source map");
    String[] parts = encoded.split(";", -1);
    try {
      int bodyStart = Integer.parseInt(parts[0]);
      List<Run> runs = new ArrayList<>(parts.length - 1);
      for (int i = 1; i < parts.length; i++) {
        String p = parts[i];
        boolean joined = p.endsWith("+");
        String[] f = (joined ? p.substring(0, p.length() - 1) : p).split(",", -1);
        if (f.length != 3) {
          throw new IllegalArgumentException(
              "source map run " + i + " must have 3 numbers, had " + f.length);
        }
        runs.add(
            new Run(
                Integer.parseInt(f[0]), Integer.parseInt(f[1]), Integer.parseInt(f[2]), joined));
      }
      return new SourceMap(bodyStart, runs);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("source map must be numbers separated by ; and ,", e);
    }
  }
}
