package dev.citerag.ingest.internal;

import dev.citerag.store.SourceMap;
import java.util.ArrayList;
import java.util.List;

/**
 * A document's (or page's) text as given, with the map from the chunker's normalised form (leading
 * byte-order mark dropped, {@code \r\n} and {@code \r} read as {@code \n}) back to it, so that a
 * chunk's {@link SourceMap} names offsets of the text as given.
 */
public final class SourceText {
  private final String original;
  private final int[] toOriginal;

  /** Maps the normalised form of {@code original} back onto it. */
  public SourceText(String original) {
    this.original = original;
    int[] map = new int[original.length() + 1];
    int n = 0;
    int i = original.startsWith("\uFEFF") ? 1 : 0;
    while (i < original.length()) {
      char c = original.charAt(i);
      if (c == '\r' && i + 1 < original.length() && original.charAt(i + 1) == '\n') {
        map[n++] = i + 1; // the '\n' of a CRLF is the chunk's '\n'
        i += 2;
      } else {
        map[n++] = i++; // a lone '\r' maps onto itself and is not verbatim
      }
    }
    map[n] = original.length();
    this.toOriginal = map;
  }

  /**
   * The source map of a chunk whose {@code text} holds {@code body} from {@code bodyStart}: each
   * origin cut into runs that are verbatim in the text as given, each run marked joined when only
   * whitespace separates it from the one before in the chunk and in this text.
   *
   * @throws IllegalStateException when a run is not the text's own (a defect of the chunker)
   */
  public SourceMap map(String text, int bodyStart, Body body) {
    List<SourceMap.Run> runs = new ArrayList<>();
    for (Body.Origin o : body.origins()) {
      int chunkAt = bodyStart + o.at();
      int runStart = -1;
      int runDoc = -1;
      for (int k = 0; k <= o.length(); k++) {
        int doc = k < o.length() ? toOriginal[o.from() + k] : -1;
        boolean verbatim = doc >= 0 && original.charAt(doc) != '\r';
        boolean continues = runStart >= 0 && verbatim && doc == runDoc + (k - runStart);
        if (runStart >= 0 && !continues) {
          add(runs, text, chunkAt + runStart, runDoc, k - runStart);
          runStart = -1;
        }
        if (runStart < 0 && verbatim) {
          runStart = k;
          runDoc = doc;
        }
      }
    }
    return new SourceMap(bodyStart, runs);
  }

  private void add(List<SourceMap.Run> runs, String text, int chunkStart, int docStart, int len) {
    if (!text.regionMatches(chunkStart, original, docStart, len)) {
      throw new IllegalStateException(
          "chunk run at " + chunkStart + " is not the document's text at " + docStart);
    }
    boolean joined = false;
    if (!runs.isEmpty()) {
      SourceMap.Run prev = runs.get(runs.size() - 1);
      joined =
          docStart >= prev.documentEnd()
              && text.substring(prev.chunkEnd(), chunkStart).isBlank()
              && original.substring(prev.documentEnd(), docStart).isBlank();
    }
    runs.add(new SourceMap.Run(chunkStart, docStart, len, joined));
  }
}
