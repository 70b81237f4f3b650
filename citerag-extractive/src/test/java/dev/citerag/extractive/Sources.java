package dev.citerag.extractive;

import dev.citerag.answer.SentSource;
import dev.citerag.store.Chunk;
import dev.citerag.store.SearchHit;
import dev.citerag.text.internal.Hashing;
import dev.citerag.text.internal.TokenEstimator;
import java.util.List;
import java.util.Map;

/** Test helpers: chunks and sent sources from plain text. */
public final class Sources {
  private Sources() {}

  public static Chunk chunk(String id, String text) {
    return new Chunk(
        id,
        "doc-" + id,
        "docs/" + id + ".md",
        "Title " + id,
        List.of("Section"),
        null,
        text,
        TokenEstimator.estimate(text),
        Hashing.sha256Hex(text),
        Map.of());
  }

  public static SentSource sent(String sourceId, String text) {
    return new SentSource(
        sourceId, new SearchHit(chunk("c-" + sourceId, text), 0.8, 1, 1, 1.0, 0.03));
  }
}
