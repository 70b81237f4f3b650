package dev.citerag.pgvector.internal;

import dev.citerag.internal.Checks;
import dev.citerag.store.Chunk;
import dev.citerag.store.DocumentChunks;
import dev.citerag.store.EmbeddedChunk;
import dev.citerag.store.SourceMap;
import dev.citerag.store.WriteResult;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The collection's write path: idempotent, atomic writes of whole documents (per-document advisory
 * locks, a diff against the stored chunks, binary COPY of the new rows, the document rows
 * upserted), bulk loads into an empty table with the indexes built afterwards, and deletes.
 */
final class PgWriter {
  private static final Logger log = LoggerFactory.getLogger(PgCollection.class);

  /**
   * A write of at least this many new chunks into an empty table builds the HNSW index afterwards.
   */
  static final int BULK_MIN_CHUNKS = 1000;

  /** Writers lock documents through this many advisory-lock slots per collection. */
  static final int LOCK_SLOTS = 256;

  private final Settings settings;
  private final Sql sql;
  private final Jdbc jdbc;
  private final int lockKey;
  private volatile BuildSizing.@Nullable Build lastBuild;

  /** {@return the last HNSW build this writer ran after a bulk load, if any} */
  BuildSizing.@Nullable Build lastBuild() {
    return lastBuild;
  }

  PgWriter(Settings settings, Sql sql, Jdbc jdbc, int lockKey) {
    this.settings = settings;
    this.sql = sql;
    this.jdbc = jdbc;
    this.lockKey = lockKey;
  }

  /** See {@link dev.citerag.store.VectorStore#documentHashes}. */
  Map<String, String> documentHashes(Collection<String> docIds) {
    Checks.noNullElements(docIds, "docIds");
    if (docIds.isEmpty()) {
      return Map.of();
    }
    String[] ids = new TreeSet<>(docIds).toArray(new String[0]);
    return jdbc.withConnection("reading document hashes", c -> readHashes(c, ids));
  }

  private Map<String, String> readHashes(Connection c, String[] ids) throws SQLException {
    Map<String, String> out = new HashMap<>();
    try (PreparedStatement ps = c.prepareStatement(sql.documentHashes())) {
      ps.setArray(1, c.createArrayOf("text", ids));
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.put(rs.getString(1), rs.getString(2));
        }
      }
    }
    return out;
  }

  /** See {@link dev.citerag.store.VectorStore#documentIds}. */
  java.util.Set<String> documentIds() {
    return jdbc.withConnection(
        "listing documents",
        c -> {
          java.util.Set<String> out = new java.util.HashSet<>();
          try (java.sql.Statement s = c.createStatement();
              java.sql.ResultSet rs = s.executeQuery(sql.documentIds())) {
            while (rs.next()) {
              out.add(rs.getString(1));
            }
          }
          return java.util.Set.copyOf(out);
        });
  }

  /** See {@link dev.citerag.store.VectorStore#write}: one transaction for the whole list. */
  WriteResult write(List<DocumentChunks> documents) {
    Checks.noNullElements(documents, "documents");
    List<DocumentChunks> docs = new ArrayList<>(documents);
    validateWrite(docs);
    if (docs.isEmpty()) {
      return WriteResult.EMPTY;
    }
    docs.sort(Comparator.comparing(DocumentChunks::docId));
    int incoming = docs.stream().mapToInt(d -> d.chunks().size()).sum();
    long start = System.nanoTime();
    WriteResult r =
        jdbc.withConnection(
            "writing " + docs.size() + " documents",
            c -> {
              // looked at before the write transaction, whose first lock on the table must be the
              // bulk
              // lock: taking a weaker one first would let two bulk writers deadlock on the upgrade
              boolean bulkCandidate =
                  incoming >= BULK_MIN_CHUNKS && !Jdbc.exists(c, sql.anyChunk());
              if (!c.getAutoCommit()) {
                c.rollback();
              }
              return Jdbc.inTransaction(c, () -> write(c, docs, bulkCandidate));
            });
    log.debug(
        "citerag.pgvector: {} into {} in {} ms",
        r,
        settings.collection(),
        (System.nanoTime() - start) / 1_000_000);
    return r;
  }

  private void validateWrite(List<DocumentChunks> docs) {
    Set<String> docIds = new HashSet<>();
    Set<String> chunkIds = new HashSet<>();
    for (DocumentChunks d : docs) {
      if (!docIds.add(d.docId())) {
        throw new IllegalArgumentException(
            "documents[].docId must be unique, \"" + d.docId() + "\" repeats");
      }
      Values.noNul(d.docId(), "documents[].docId");
      Values.noNul(d.documentHash(), "documents[].documentHash");
      for (EmbeddedChunk ec : d.chunks()) {
        Chunk ch = ec.chunk();
        if (!chunkIds.add(ch.id())) {
          throw new IllegalArgumentException(
              "chunks[].id must be unique across the write, \"" + ch.id() + "\" repeats");
        }
        if (ec.dimensions() != settings.dimensions()) {
          throw new IllegalArgumentException(
              "vector of chunk \""
                  + ch.id()
                  + "\" must have "
                  + settings.dimensions()
                  + " dimensions, was "
                  + ec.dimensions());
        }
        float[] v = ec.vector();
        if (Values.isZero(v)) {
          throw new IllegalArgumentException(
              "vector of chunk \""
                  + ch.id()
                  + "\" must not be all zeros (its cosine is undefined)");
        }
        if (settings.halfvec()) {
          for (float x : v) {
            if (!(Math.abs(x) < 65520f)) {
              throw new IllegalArgumentException(
                  "vector of chunk \""
                      + ch.id()
                      + "\" has a component "
                      + x
                      + " that halfvec cannot store (its range is +-65504)");
            }
          }
        }
        Values.noNul(ch.id(), "chunks[].id");
        Values.noNul(ch.source(), "chunks[].source");
        Values.noNul(ch.title(), "chunks[].title");
        Values.noNul(ch.text(), "chunks[].text");
        Values.noNul(ch.contentHash(), "chunks[].contentHash");
        for (String h : ch.headingPath()) {
          Values.noNul(h, "chunks[].headingPath");
        }
        // metadata keys follow Filter.KEY and metadata text rejects NUL on construction
      }
    }
  }

  /**
   * One write transaction. When the collection looked empty and the write is large, the chunk table
   * is locked against other writers (readers go on) and, if it is still empty, the HNSW index is
   * dropped, the rows loaded and the index built once at the end.
   */
  private WriteResult write(Connection c, List<DocumentChunks> docs, boolean bulkCandidate)
      throws SQLException {
    String[] docIds = docs.stream().map(DocumentChunks::docId).toArray(String[]::new);
    lockDocuments(c, docIds);
    boolean bulk = false;
    if (bulkCandidate) {
      Jdbc.execute(c, sql.lockTableForBulk());
      bulk = !Jdbc.exists(c, sql.anyChunk());
    }
    Map<String, String> stored = readHashes(c, docIds);
    List<DocumentChunks> changed = new ArrayList<>();
    for (DocumentChunks d : docs) {
      if (!d.documentHash().equals(stored.get(d.docId()))) {
        changed.add(d);
      }
    }
    int skipped = docs.size() - changed.size();
    if (changed.isEmpty()) {
      return new WriteResult(0, skipped, 0, 0);
    }
    ChunkDiff diff = diff(storedChunks(c, changed), changed);
    if (!diff.deletes.isEmpty()) {
      try (PreparedStatement ps = c.prepareStatement(sql.deleteChunksById())) {
        ps.setArray(1, c.createArrayOf("text", diff.deletes.toArray(new String[0])));
        ps.executeUpdate();
      }
    }
    load(c, diff.inserts, bulk && diff.inserts.size() >= BULK_MIN_CHUNKS);
    upsertDocuments(c, changed);
    return new WriteResult(changed.size(), skipped, diff.inserts.size(), diff.stale);
  }

  /**
   * The rows to insert and the ids to delete so that the changed documents hold exactly their new
   * chunks.
   */
  private record ChunkDiff(List<EmbeddedChunk> inserts, List<String> deletes, int stale) {}

  private static ChunkDiff diff(Map<String, StoredChunk> existing, List<DocumentChunks> changed) {
    Set<String> newIds = new HashSet<>();
    List<EmbeddedChunk> inserts = new ArrayList<>();
    List<String> deletes = new ArrayList<>();
    for (DocumentChunks d : changed) {
      for (EmbeddedChunk ec : d.chunks()) {
        newIds.add(ec.chunk().id());
        StoredChunk s = existing.get(ec.chunk().id());
        if (s == null) {
          inserts.add(ec);
        } else if (!s.sameAs(ec.chunk())) {
          deletes.add(s.id);
          inserts.add(ec);
        }
      }
    }
    int stale = 0;
    for (StoredChunk s : existing.values()) {
      if (!newIds.contains(s.id)) {
        deletes.add(s.id);
        stale++;
      }
    }
    return new ChunkDiff(inserts, deletes, stale);
  }

  /**
   * Copies the rows in; with {@code rebuild}, every secondary index is dropped first and built once
   * after the load: sorted bulk builds instead of row-by-row maintenance (GIN pending-list merges
   * grow with the table).
   */
  private void load(Connection c, List<EmbeddedChunk> inserts, boolean rebuild)
      throws SQLException {
    if (rebuild) {
      Jdbc.execute(c, sql.dropHnswIndex());
      for (String drop : sql.dropOtherIndexes()) {
        Jdbc.execute(c, drop);
      }
    }
    long copyStart = System.nanoTime();
    copy(c, inserts);
    if (rebuild) {
      long t0 = System.nanoTime();
      BuildSizing.Plan plan = sizeBuild(c, inserts.size());
      for (String create : sql.createOtherIndexes()) {
        Jdbc.execute(c, create);
      }
      long t1 = System.nanoTime();
      Jdbc.execute(c, sql.createHnswIndex());
      long hnswMs = (System.nanoTime() - t1) / 1_000_000;
      lastBuild = new BuildSizing.Build(plan, hnswMs);
      log.info(
          "citerag.pgvector: HNSW build of {} over {} rows: graph estimated {} MB,"
              + " maintenance_work_mem {} MB (ceiling {} MB), max_parallel_maintenance_workers {}",
          settings.collection(),
          plan.rows(),
          plan.estimatedGraphKb() / 1024,
          plan.maintenanceWorkMemKb() / 1024,
          plan.ceilingKb() / 1024,
          plan.workers());
      log.info(
          "citerag.pgvector: built the indexes of {} after loading {} chunks into the empty"
              + " table (COPY with the generated full-text column {} ms; full-text, metadata and"
              + " doc_id indexes {} ms; HNSW {} ms)",
          settings.collection(),
          inserts.size(),
          (t0 - copyStart) / 1_000_000,
          (t1 - t0) / 1_000_000,
          hnswMs);
    }
  }

  /**
   * Serialises writers of the same documents: one transaction-scoped advisory lock per slot (doc id
   * hash modulo {@link #LOCK_SLOTS}), taken in ascending order so writers never deadlock; the
   * bounded slot count keeps large batches from exhausting the server's lock table.
   */
  private void lockDocuments(Connection c, String[] docIds) throws SQLException {
    TreeSet<Integer> slots = new TreeSet<>();
    for (String id : docIds) {
      slots.add(Math.floorMod(id.hashCode(), LOCK_SLOTS) + 1);
    }
    try (PreparedStatement ps =
        c.prepareStatement(
            "SELECT count(pg_advisory_xact_lock(?, s)) FROM (SELECT s FROM unnest(?::int[]) AS s ORDER BY s) x")) {
      ps.setInt(1, lockKey);
      ps.setArray(2, c.createArrayOf("int4", slots.toArray(new Integer[0])));
      ps.execute();
    }
  }

  private Map<String, StoredChunk> storedChunks(Connection c, List<DocumentChunks> changed)
      throws SQLException {
    Map<String, StoredChunk> out = new LinkedHashMap<>();
    String[] ids = changed.stream().map(DocumentChunks::docId).toArray(String[]::new);
    try (PreparedStatement ps = c.prepareStatement(sql.storedChunksOfDocuments())) {
      ps.setArray(1, c.createArrayOf("text", ids));
      try (ResultSet rs = ps.executeQuery()) {
        RowReader row = new RowReader(rs);
        while (row.next()) {
          StoredChunk s =
              new StoredChunk(
                  row.text("id"),
                  row.text("source"),
                  row.nullableText("title"),
                  row.textArray("heading_path"),
                  row.nullableInt4("page"),
                  row.text("content_hash"),
                  row.int4("token_count"),
                  row.text("metadata"),
                  row.nullableText("source_map"));
          out.put(s.id, s);
        }
      }
    }
    return out;
  }

  /** What decides whether a kept chunk id must be rewritten (text is covered by its hash). */
  private record StoredChunk(
      String id,
      String source,
      @Nullable String title,
      List<String> headingPath,
      @Nullable Integer page,
      String contentHash,
      int tokenCount,
      String metadataJson,
      @Nullable String sourceMap) {
    boolean sameAs(Chunk c) {
      return source.equals(c.source())
          && Objects.equals(title, c.title())
          && headingPath.equals(c.headingPath())
          && Objects.equals(page, c.page())
          && contentHash.equals(c.contentHash())
          && tokenCount == c.tokenCount()
          && Json.parseObject(metadataJson).equals(c.metadata())
          && Objects.equals(sourceMap, encoded(c.sourceMap()));
    }

    private static @Nullable String encoded(@Nullable SourceMap map) {
      return map == null ? null : map.encode();
    }
  }

  private void copy(Connection c, List<EmbeddedChunk> rows) throws SQLException {
    if (rows.isEmpty()) {
      return;
    }
    CopyIn in = c.unwrap(PGConnection.class).getCopyAPI().copyIn(sql.copyChunks());
    try {
      CopyEncoder enc = new CopyEncoder(in, 1 << 18);
      enc.header();
      for (EmbeddedChunk ec : rows) {
        Chunk ch = ec.chunk();
        enc.startRow(12);
        enc.text(ch.id());
        enc.text(ch.docId());
        enc.text(ch.source());
        enc.text(ch.title());
        enc.textArray(ch.headingPath());
        enc.int4(ch.page());
        enc.text(ch.text());
        enc.text(ch.contentHash());
        enc.int4(ch.tokenCount());
        enc.jsonb(Json.object(ch.metadata()));
        SourceMap map = ch.sourceMap();
        enc.text(map == null ? null : map.encode());
        if (settings.halfvec()) {
          enc.halfvec(ec);
        } else {
          enc.vector(ec);
        }
      }
      enc.finish();
      in.endCopy();
    } finally {
      if (in.isActive()) {
        try {
          in.cancelCopy();
        } catch (SQLException ignored) {
          // the original failure is what matters
        }
      }
    }
  }

  /**
   * Sizes the index build for {@code rows} rows ({@link BuildSizing}): sets {@code
   * maintenance_work_mem} and {@code max_parallel_maintenance_workers} for the transaction, and
   * returns what the server then reports for both.
   */
  private BuildSizing.Plan sizeBuild(Connection c, int rows) throws SQLException {
    BuildSizing.Server server;
    try (Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT pg_size_bytes(current_setting('maintenance_work_mem')) / 1024,"
                    + " pg_size_bytes(current_setting('effective_cache_size')) / 1024,"
                    + " current_setting('max_worker_processes')::int,"
                    + " current_setting('max_parallel_workers')::int")) {
      rs.next();
      server = new BuildSizing.Server(rs.getLong(1), rs.getLong(2), rs.getInt(3), rs.getInt(4));
    }
    BuildSizing.Plan plan =
        BuildSizing.plan(
            rows,
            settings.dimensions(),
            settings.hnswM(),
            settings.halfIndexValues(),
            server,
            settings.buildMemoryCeilingKb(),
            settings.buildMaxWorkers());
    try (PreparedStatement ps =
        c.prepareStatement(
            "SELECT pg_size_bytes(set_config('maintenance_work_mem', ?, true)) / 1024,"
                + " set_config('max_parallel_maintenance_workers', ?, true)::int")) {
      ps.setString(1, plan.maintenanceWorkMemKb() + "kB");
      ps.setString(2, Integer.toString(plan.workers()));
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        return new BuildSizing.Plan(
            rows, plan.estimatedGraphKb(), plan.ceilingKb(), rs.getLong(1), rs.getInt(2));
      }
    }
  }

  private void upsertDocuments(Connection c, List<DocumentChunks> changed) throws SQLException {
    String[] ids = new String[changed.size()];
    String[] hashes = new String[changed.size()];
    Integer[] counts = new Integer[changed.size()];
    for (int i = 0; i < ids.length; i++) {
      ids[i] = changed.get(i).docId();
      hashes[i] = changed.get(i).documentHash();
      counts[i] = changed.get(i).chunks().size();
    }
    try (PreparedStatement ps = c.prepareStatement(sql.upsertDocuments())) {
      ps.setArray(1, c.createArrayOf("text", ids));
      ps.setArray(2, c.createArrayOf("text", hashes));
      ps.setArray(3, c.createArrayOf("int4", counts));
      ps.executeUpdate();
    }
  }

  /** See {@link dev.citerag.store.VectorStore#deleteDocument}. */
  boolean deleteDocument(String docId) {
    Checks.notBlank(docId, "docId");
    Values.noNul(docId, "docId");
    return jdbc.inTransaction(
        "deleting document " + docId,
        c -> {
          lockDocuments(c, new String[] {docId});
          int chunks;
          int docs;
          try (PreparedStatement ps = c.prepareStatement(sql.deleteChunksOfDocument())) {
            ps.setString(1, docId);
            chunks = ps.executeUpdate();
          }
          try (PreparedStatement ps = c.prepareStatement(sql.deleteDocument())) {
            ps.setString(1, docId);
            docs = ps.executeUpdate();
          }
          return chunks > 0 || docs > 0;
        });
  }

  /** The distinct metadata keys of the stored chunks, sorted ({@link Sql#metadataKeys}). */
  java.util.Set<String> metadataKeys() {
    return jdbc.withConnection(
        "listing metadata keys",
        c -> {
          java.util.Set<String> out = new java.util.TreeSet<>();
          try (Statement s = c.createStatement();
              ResultSet rs = s.executeQuery(sql.metadataKeys())) {
            while (rs.next()) {
              out.add(rs.getString(1));
            }
          }
          return java.util.Collections.unmodifiableSet(out);
        });
  }

  /** See {@link dev.citerag.store.VectorStore#chunkCount}. */
  long chunkCount() {
    return jdbc.withConnection(
        "counting chunks",
        c -> {
          try (Statement s = c.createStatement();
              ResultSet rs = s.executeQuery(sql.countChunks())) {
            rs.next();
            return rs.getLong(1);
          }
        });
  }
}
