package dev.citerag.reliability.support;

import dev.citerag.ingest.Document;
import dev.citerag.store.Chunk;
import dev.citerag.store.VectorStore;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Checks that a pgvector collection holds every document whole, in exactly one of its known
 * versions: for each document, the stored content hash names a version, that version is chunked
 * again, and its chunk ids must equal the chunk ids stored for the document. Chunks of a document
 * without a stored hash, or a document ingested before but now missing, are reported too.
 */
public final class StoreChecker {

  /**
   * The verdict.
   *
   * @param whole documents whose stored chunks are exactly those of the version their hash names
   * @param mixed documents whose stored chunks differ from that version's (or whose hash names no
   *     known version), with a reason each
   * @param lost documents expected to be present that have neither a hash nor chunks
   * @param atVersion how many documents are whole at each version index
   */
  public record Report(int whole, List<String> mixed, List<String> lost, int[] atVersion) {
    public boolean ok() {
      return mixed.isEmpty() && lost.isEmpty();
    }

    @Override
    public String toString() {
      return "Report[whole="
          + whole
          + ", mixed="
          + mixed
          + ", lost="
          + lost
          + ", atVersion="
          + java.util.Arrays.toString(atVersion)
          + "]";
    }
  }

  private final List<List<Document>> versions;
  private final List<Map<String, String>> hashes = new ArrayList<>();
  private final List<Map<String, Set<String>>> chunkIds = new ArrayList<>();

  /**
   * @param versions the corpus in each of its versions (same document ids in each)
   */
  public StoreChecker(List<List<Document>> versions) {
    this.versions = List.copyOf(versions);
    for (List<Document> v : versions) {
      Map<String, String> h = new HashMap<>();
      for (Document d : v) {
        h.put(d.id(), d.contentHash());
      }
      hashes.add(h);
      Map<String, Set<String>> ids = new HashMap<>();
      for (Chunk c : Stack.chunks(v)) {
        ids.computeIfAbsent(c.docId(), k -> new TreeSet<>()).add(c.id());
      }
      chunkIds.add(ids);
    }
  }

  /**
   * Reads the stored hashes through the store and the stored chunk ids straight from the table.
   *
   * @param chunksTable the qualified table, e.g. {@code public.faults_chunks}
   */
  public Report check(VectorStore store, Connection c, String chunksTable) throws SQLException {
    Set<String> docIds = new HashSet<>(hashes.get(0).keySet());
    Map<String, String> stored = store.documentHashes(docIds);
    Map<String, Set<String>> storedChunks = new HashMap<>();
    try (PreparedStatement ps = c.prepareStatement("SELECT doc_id, id FROM " + chunksTable);
        ResultSet rs = ps.executeQuery()) {
      while (rs.next()) {
        storedChunks.computeIfAbsent(rs.getString(1), k -> new TreeSet<>()).add(rs.getString(2));
      }
    }
    int whole = 0;
    int[] at = new int[versions.size()];
    List<String> mixed = new ArrayList<>();
    List<String> lost = new ArrayList<>();
    for (String doc : new TreeSet<>(docIds)) {
      String hash = stored.get(doc);
      Set<String> actual = storedChunks.getOrDefault(doc, Set.of());
      if (hash == null) {
        if (actual.isEmpty()) {
          lost.add(doc);
        } else {
          mixed.add(doc + ": " + actual.size() + " chunks but no stored hash");
        }
        continue;
      }
      int v = -1;
      for (int i = 0; i < hashes.size(); i++) {
        if (hash.equals(hashes.get(i).get(doc))) {
          v = i;
        }
      }
      if (v < 0) {
        mixed.add(doc + ": stored hash " + hash + " names no known version");
        continue;
      }
      Set<String> expected = chunkIds.get(v).getOrDefault(doc, Set.of());
      if (!expected.equals(actual)) {
        Set<String> missing = new TreeSet<>(expected);
        missing.removeAll(actual);
        Set<String> extra = new TreeSet<>(actual);
        extra.removeAll(expected);
        mixed.add(
            doc
                + ": hash of version "
                + (v + 1)
                + " but "
                + missing.size()
                + " of its chunks missing and "
                + extra.size()
                + " others present");
        continue;
      }
      whole++;
      at[v]++;
    }
    for (String doc : storedChunks.keySet()) {
      if (!docIds.contains(doc)) {
        mixed.add(doc + ": chunks of an unknown document");
      }
    }
    return new Report(whole, mixed, lost, at);
  }
}
