package dev.citerag.testkit.wire;

import dev.citerag.context.BuiltContext;
import dev.citerag.context.JsonContextBuilder;
import dev.citerag.store.Chunk;
import dev.citerag.store.SearchHit;
import dev.citerag.text.internal.Hashing;
import java.util.List;
import java.util.Map;

/** The prompt material a real adapter would send: built by core's JsonContextBuilder. */
final class WireFixtures {
  static final String ROLLBACK =
      "Run deployctl rollback --service <name> --to <sha> to put the previous release back.";
  static final String FLAGS =
      "Flag values are cached for 30 seconds, so a change takes up to 30 seconds to spread.";

  static BuiltContext context(String question) {
    return new JsonContextBuilder()
        .build(question, List.of(hit("rollbacks", ROLLBACK), hit("flags", FLAGS)));
  }

  private static SearchHit hit(String doc, String text) {
    Chunk c =
        new Chunk(
            Hashing.sha256Hex(doc, text),
            doc,
            doc + ".md",
            null,
            List.of(),
            null,
            text,
            20,
            Hashing.sha256Hex(text),
            Map.of());
    return new SearchHit(c, 0.6, 1, 1, 1.0, 0.03);
  }

  private WireFixtures() {}
}
