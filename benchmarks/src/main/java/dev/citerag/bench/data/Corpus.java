package dev.citerag.bench.data;

import dev.citerag.store.Chunk;
import dev.citerag.store.DocumentChunks;
import dev.citerag.store.EmbeddedChunk;
import dev.citerag.store.MetadataValue;
import dev.citerag.text.internal.Hashing;
import dev.citerag.text.internal.TokenEstimator;
import dev.langchain4j.data.document.Metadata;
import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A {@link Dataset}'s rows as each library's own objects, built before any timing starts. Strings
 * and vectors are fresh copies, so a heap measurement counts what each store retains.
 */
public final class Corpus {
  private Corpus() {}

  /**
   * citerag: one {@link DocumentChunks} per {@value Dataset#CHUNKS_PER_DOC} rows, rows {@code
   * [from, to)}.
   */
  public static List<DocumentChunks> citerag(Dataset d, int from, int to) {
    List<DocumentChunks> docs = new ArrayList<>();
    List<EmbeddedChunk> pending = new ArrayList<>();
    String docId = "";
    String source = "";
    String title = "";
    for (int row = from; row < to; row++) {
      if (pending.isEmpty()) {
        // as a chunker does: the chunks of one document share its id, source and title
        docId = d.docId(row);
        source = "docs/" + docId + ".md";
        title = "Document " + docId;
      }
      String text = fresh(d.texts[row]);
      Chunk c =
          new Chunk(
              d.chunkId(row),
              docId,
              source,
              title,
              List.of(),
              null,
              text,
              TokenEstimator.estimate(text),
              Hashing.sha256Hex(text),
              MetadataValue.strings(
                  Map.of("team", d.teams[row], "shard", d.shards[row], "doc", docId)));
      pending.add(new EmbeddedChunk(c, d.vectors[row]));
      if (row + 1 == to || !d.docId(row + 1).equals(docId)) {
        docs.add(new DocumentChunks(docId, "hash-" + docId, pending));
        pending = new ArrayList<>();
      }
    }
    return docs;
  }

  /** LangChain4j: ids, embeddings and segments for rows {@code [from, to)}. */
  public record Lc4j(List<String> ids, List<Embedding> embeddings, List<TextSegment> segments) {}

  public static Lc4j lc4j(Dataset d, int from, int to) {
    return lc4j(d, from, to, false);
  }

  /** With {@code uuids}, ids are {@link #uuid}s (LangChain4j's pgvector table has a UUID key). */
  public static Lc4j lc4j(Dataset d, int from, int to, boolean uuids) {
    List<String> ids = new ArrayList<>(to - from);
    List<Embedding> embeddings = new ArrayList<>(to - from);
    List<TextSegment> segments = new ArrayList<>(to - from);
    String docId = "";
    for (int row = from; row < to; row++) {
      if (row == from || row % Dataset.CHUNKS_PER_DOC == 0) {
        docId = d.docId(row);
      }
      ids.add(uuids ? uuid(row) : d.chunkId(row));
      embeddings.add(Embedding.from(d.vectors[row].clone()));
      segments.add(
          TextSegment.from(
              fresh(d.texts[row]),
              Metadata.from(Map.of("team", d.teams[row], "shard", d.shards[row], "doc", docId))));
    }
    return new Lc4j(ids, embeddings, segments);
  }

  /** A UUID encoding a row number. */
  public static String uuid(int row) {
    return new java.util.UUID(0x5eed, row).toString();
  }

  /** The row number of an id made by {@link #uuid}. */
  public static int rowOfUuid(String id) {
    return (int) java.util.UUID.fromString(id).getLeastSignificantBits();
  }

  /** A copy that shares no storage with {@code s}. */
  public static String fresh(String s) {
    return new String(s.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8);
  }
}
