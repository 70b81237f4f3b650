package dev.citerag.pgvector.internal;

import dev.citerag.store.Filter;
import java.util.List;

/**
 * The SQL text of one collection. Only checked identifiers and integers (from {@link Settings}, and
 * the row limits, which the planner must see: with a parameter it assumes 10 % of the table and
 * picks a merge join over the whole primary key) are ever written into SQL text; every value
 * (vectors, query text, filter keys and values, ids) is a bind parameter. Statement texts depend
 * only on the collection and on a filter's shape, so pgjdbc's per-connection statement cache reuses
 * them and the server prepares them after a few executions.
 */
final class Sql {
  /** Columns that make a {@link dev.citerag.store.Chunk}, read by {@link RowReader#chunk}. */
  static final String CHUNK_COLUMNS =
      "c.id, c.doc_id, c.source, c.title, c.heading_path, c.page, c.content, c.content_hash,"
          + " c.token_count, c.metadata::text, c.source_map";

  /**
   * Matching rows up to which a filtered dense search is exact instead of approximate, at least
   * (see {@link #exactMaxRows}).
   */
  static final int EXACT_MAX_ROWS = 2000;

  /**
   * How much more one row visited by a filtered index walk costs than one row of an exact scan
   * (measured at 200,000 × 384 under a 1 % filter: a walk collecting 20 matching rows visited
   * ~2,000 rows in 108 ms, the exact scan of the 2,034 matching rows took 35 ms).
   */
  static final double WALK_ROW_COST = 3.0;

  /**
   * Matching rows up to which a filtered dense search is exact: a walk that collects {@code w}
   * matching rows out of {@code n} among {@code rows} visits about {@code w · rows / n} rows, an
   * exact scan reads the {@code n}; the walk is cheaper once {@code n² > c · w · rows} ({@code c} =
   * {@link #WALK_ROW_COST}). So the threshold is {@code sqrt(c · w · rows)}, at least {@link
   * #EXACT_MAX_ROWS}, rounded up to two significant digits (few distinct statement texts). E.g.
   * 3,500 at 200,000 rows and 7,800 at 1,000,000 for a top-5 search (w = 20).
   *
   * @param walkRows the matching rows the walk would collect ({@link #filteredWalkRows})
   * @param rows the collection's rows (the planner's estimate)
   */
  static int exactMaxRows(int walkRows, double rows) {
    double t = Math.sqrt(WALK_ROW_COST * walkRows * Math.max(0, rows));
    if (!(t > EXACT_MAX_ROWS)) {
      return EXACT_MAX_ROWS;
    }
    double unit = Math.pow(10, Math.floor(Math.log10(t)) - 1);
    return (int) Math.min(Integer.MAX_VALUE, Math.ceil(t / unit) * unit);
  }

  final Settings settings;
  final String schema;
  final String chunks;
  final String documents;
  final String manifest;
  final String hnswIndexName;
  final String hnswIndex;
  final String tsvIndexName;
  final String metadataIndexName;
  final String docIndexName;

  Sql(Settings s) {
    this.settings = s;
    this.schema = Identifiers.quote(s.schema());
    this.chunks = schema + "." + Identifiers.quote(s.collection() + "_chunks");
    this.documents = schema + "." + Identifiers.quote(s.collection() + "_documents");
    this.manifest = schema + "." + Identifiers.quote("citerag_collections");
    this.hnswIndexName = s.collection() + "_chunks_hnsw";
    this.hnswIndex = schema + "." + Identifiers.quote(hnswIndexName);
    this.tsvIndexName = s.collection() + "_chunks_tsv";
    this.metadataIndexName = s.collection() + "_chunks_meta";
    this.docIndexName = s.collection() + "_chunks_doc";
  }

  // ---------------------------------------------------------------- schema

  String createManifest() {
    return "CREATE TABLE IF NOT EXISTS "
        + manifest
        + " ("
        + "collection text PRIMARY KEY, "
        + "provider text NOT NULL, "
        + "model text NOT NULL, "
        + "digest text, "
        + "dimensions integer NOT NULL, "
        + "query_instruction text, "
        + "chunker_settings text NOT NULL, "
        + "created_at timestamptz NOT NULL DEFAULT now())";
  }

  String createDocuments() {
    return "CREATE TABLE IF NOT EXISTS "
        + documents
        + " ("
        + "doc_id text COLLATE \"C\" PRIMARY KEY, "
        + "content_hash text NOT NULL, "
        + "chunk_count integer NOT NULL, "
        + "updated_at timestamptz NOT NULL DEFAULT now())";
  }

  String createChunks() {
    return "CREATE TABLE IF NOT EXISTS "
        + chunks
        + " ("
        + "id text COLLATE \"C\" PRIMARY KEY, "
        + "doc_id text COLLATE \"C\" NOT NULL, "
        + "source text NOT NULL, "
        + "title text, "
        + "heading_path text[] NOT NULL DEFAULT '{}', "
        + "page integer CHECK (page >= 1), "
        + "content text NOT NULL, "
        + "content_hash text NOT NULL, "
        + "token_count integer NOT NULL CHECK (token_count >= 0), "
        + "metadata jsonb NOT NULL DEFAULT '{}'::jsonb, "
        + "source_map text, "
        + "embedding "
        + settings.columnType()
        + " NOT NULL, "
        + "tsv tsvector GENERATED ALWAYS AS (to_tsvector('"
        + settings.textSearchConfig()
        + "'::regconfig, coalesce(title, '') || ' ' || content)) STORED, "
        + "created_at timestamptz NOT NULL DEFAULT now(), "
        + "updated_at timestamptz NOT NULL DEFAULT now())";
  }

  /** Adds the column of schema version 2 to a chunks table made by an earlier version. */
  String addSourceMap() {
    return "ALTER TABLE " + chunks + " ADD COLUMN IF NOT EXISTS source_map text";
  }

  /** Whether the chunks table (the one text parameter) has the source_map column. */
  String hasSourceMapColumn() {
    return "SELECT EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = to_regclass(?)"
        + " AND attname = 'source_map' AND NOT attisdropped)";
  }

  /**
   * PLAIN: the vector stays in the heap row, so an exact scan never de-TOASTs it (the other columns
   * are TOASTed instead); EXTERNAL above {@link Settings#MAX_PLAIN_DIMENSIONS}.
   */
  String embeddingStorage() {
    return "ALTER TABLE "
        + chunks
        + " ALTER COLUMN embedding SET STORAGE "
        + (settings.plainStorage() ? "PLAIN" : "EXTERNAL");
  }

  /**
   * Which columns stay in the heap row. A row with a 384-d vector is over PostgreSQL's 2 kB TOAST
   * threshold, and by default the toaster then moves the biggest columns out of line until the row
   * fits: the tsvector, the text, and then even the id and the metadata, so that ranking and
   * filtering cost a TOAST fetch per row. MAIN keeps the small columns and the tsvector in the row
   * (compressed if need be; out of line only as a last resort for huge values), so only the text
   * goes to TOAST: it is read for the k rows returned. Measured on 100,000 rows: heap 260 MB (vs
   * 195 MB + 114 MB TOAST by default), ranking 280 candidates 4.6 ms instead of 6.4 ms.
   */
  String rowLayout() {
    StringBuilder b = new StringBuilder("ALTER TABLE ").append(chunks);
    String[] main = {
      "id", "doc_id", "source", "title", "heading_path", "content_hash", "metadata", "tsv"
    };
    for (int i = 0; i < main.length; i++) {
      b.append(i == 0 ? " " : ", ")
          .append("ALTER COLUMN ")
          .append(main[i])
          .append(" SET STORAGE MAIN");
    }
    return b.toString();
  }

  String createHnswIndex() {
    String operand =
        settings.halfvecIndex()
            ? "(embedding::halfvec(" + settings.dimensions() + ")) halfvec_cosine_ops"
            : settings.halfvec() ? "embedding halfvec_cosine_ops" : "embedding vector_cosine_ops";
    return "CREATE INDEX IF NOT EXISTS "
        + Identifiers.quote(hnswIndexName)
        + " ON "
        + chunks
        + " USING hnsw ("
        + operand
        + ") WITH (m = "
        + settings.hnswM()
        + ", ef_construction = "
        + settings.hnswEfConstruction()
        + ")";
  }

  String dropHnswIndex() {
    return "DROP INDEX IF EXISTS " + hnswIndex;
  }

  /**
   * Drops the full-text, metadata and doc_id indexes (rebuilt by {@link #createOtherIndexes} after
   * a bulk load).
   */
  List<String> dropOtherIndexes() {
    return List.of(
        "DROP INDEX IF EXISTS " + schema + "." + Identifiers.quote(tsvIndexName),
        "DROP INDEX IF EXISTS " + schema + "." + Identifiers.quote(metadataIndexName),
        "DROP INDEX IF EXISTS " + schema + "." + Identifiers.quote(docIndexName));
  }

  List<String> createOtherIndexes() {
    return List.of(
        "CREATE INDEX IF NOT EXISTS "
            + Identifiers.quote(tsvIndexName)
            + " ON "
            + chunks
            + " USING gin (tsv)",
        "CREATE INDEX IF NOT EXISTS "
            + Identifiers.quote(metadataIndexName)
            + " ON "
            + chunks
            + " USING gin (metadata jsonb_path_ops)",
        "CREATE INDEX IF NOT EXISTS "
            + Identifiers.quote(docIndexName)
            + " ON "
            + chunks
            + " (doc_id)");
  }

  /** Qualified names (as text for {@code to_regclass}) of every object the schema consists of. */
  List<String> objectNames() {
    return List.of(
        manifest,
        documents,
        chunks,
        hnswIndex,
        schema + "." + Identifiers.quote(tsvIndexName),
        schema + "." + Identifiers.quote(metadataIndexName),
        schema + "." + Identifiers.quote(docIndexName));
  }

  // ---------------------------------------------------------------- writes

  String copyChunks() {
    return "COPY "
        + chunks
        + " (id, doc_id, source, title, heading_path, page, content,"
        + " content_hash, token_count, metadata, source_map, embedding) FROM STDIN (FORMAT BINARY)";
  }

  String storedChunksOfDocuments() {
    return "SELECT id, doc_id, source, title, heading_path, page, content_hash, token_count,"
        + " metadata::text, source_map FROM "
        + chunks
        + " WHERE doc_id = ANY (?)";
  }

  String deleteChunksById() {
    return "DELETE FROM " + chunks + " WHERE id = ANY (?)";
  }

  String upsertDocuments() {
    return "INSERT INTO "
        + documents
        + " (doc_id, content_hash, chunk_count, updated_at)"
        + " SELECT u.doc_id, u.content_hash, u.chunk_count, now()"
        + " FROM unnest(?::text[], ?::text[], ?::int[]) AS u(doc_id, content_hash, chunk_count)"
        + " ON CONFLICT (doc_id) DO UPDATE SET content_hash = EXCLUDED.content_hash,"
        + " chunk_count = EXCLUDED.chunk_count, updated_at = EXCLUDED.updated_at";
  }

  String documentIds() {
    return "SELECT doc_id FROM " + documents;
  }

  String documentHashes() {
    return "SELECT doc_id, content_hash FROM " + documents + " WHERE doc_id = ANY (?)";
  }

  String lockTableForBulk() {
    return "LOCK TABLE " + chunks + " IN SHARE ROW EXCLUSIVE MODE";
  }

  String anyChunk() {
    return "SELECT EXISTS (SELECT 1 FROM " + chunks + ")";
  }

  String deleteChunksOfDocument() {
    return "DELETE FROM " + chunks + " WHERE doc_id = ?";
  }

  String deleteDocument() {
    return "DELETE FROM " + documents + " WHERE doc_id = ?";
  }

  /**
   * The distinct top-level metadata keys: one pass over the chunk table (keys are few, so the
   * aggregate stays small); {@link #MAX_METADATA_KEYS} + 1 rows at most.
   */
  String metadataKeys() {
    return "SELECT DISTINCT k FROM (SELECT jsonb_object_keys(metadata) AS k FROM "
        + chunks
        + ") AS keys ORDER BY k LIMIT "
        + (MAX_METADATA_KEYS + 1);
  }

  /** Most metadata keys listed for the unknown-key warning. */
  static final int MAX_METADATA_KEYS = 1_000;

  String countChunks() {
    return "SELECT count(*) FROM " + chunks;
  }

  /** The planner's estimate of the chunk table's rows (0 before the table is first analysed). */
  String estimatedRows() {
    return "SELECT greatest(reltuples, 0)::float8 FROM pg_class WHERE oid = '"
        + chunks
        + "'::regclass";
  }

  String cosineDistances() {
    return "SELECT c.id, c.embedding <=> ?::"
        + settings.columnType()
        + " FROM "
        + chunks
        + " c WHERE c.id = ANY (?)";
  }

  // ---------------------------------------------------------------- identity

  String insertIdentity() {
    return "INSERT INTO "
        + manifest
        + " (collection, provider, model, digest, dimensions,"
        + " query_instruction, chunker_settings) VALUES (?, ?, ?, ?, ?, ?, ?)"
        + " ON CONFLICT (collection) DO NOTHING";
  }

  String selectIdentity() {
    return "SELECT provider, model, digest, dimensions, query_instruction, chunker_settings FROM "
        + manifest
        + " WHERE collection = ?";
  }

  // ---------------------------------------------------------------- searches

  /**
   * Per-search settings, applied with {@code is_local = true} so they end with the transaction.
   * Sequential scans are disabled because every path the statements need is an index or a gated
   * branch (this keeps the HNSW walk from being costed away), JIT because the disabled branches'
   * nominal cost would trigger compilation, and plans are generic because the statements' shape,
   * not the planner's estimates, chooses the access paths (planning a hybrid statement costs ~2
   * ms).
   */
  static final String SEARCH_SETTINGS =
      "SELECT set_config('hnsw.ef_search', ?, true),"
          + " set_config('hnsw.iterative_scan', 'relaxed_order', true),"
          + " set_config('hnsw.max_scan_tuples', '20000', true),"
          + " set_config('enable_seqscan', 'off', true),"
          + " set_config('jit', 'off', true),"
          + " set_config('plan_cache_mode', 'force_generic_plan', true)";

  /** How the dense candidates are found. */
  enum DenseMode {
    /**
     * Under a filter: count (up to the threshold, {@link #exactMaxRows}) the matching rows and
     * decide in SQL.
     */
    DECIDE,
    /** Walk the HNSW index. */
    APPROXIMATE,
    /** Sort the (filtered) rows by distance. */
    EXACT
  }

  /**
   * CTEs {@code q} (the query vector), {@code sel} (whether the dense list is computed exactly) and
   * {@code dense} (id, distance; at most {@code limit} rows). Exact: the matching rows are sorted
   * by distance (through the metadata GIN index under a filter). Approximate: the HNSW index is
   * walked with iterative scanning until {@link #filteredWalkRows} rows pass the filter, and the
   * nearest {@code limit} of them are kept (by exact distance); the filter is wrapped in {@code IS
   * TRUE} there so that the planner cannot swap the index walk for a metadata-index scan on a
   * misestimated selectivity. {@link DenseMode#DECIDE} chooses exact when fewer than {@link
   * #exactMaxRows} ({@code exactMaxRows}) rows match. Both branches are in the statement; a
   * one-time filter on {@code sel} runs only one of them.
   */
  void denseCtes(
      Filter filter, String vector, DenseMode mode, int limit, int exactMaxRows, Query q) {
    boolean all = FilterSql.isAll(filter);
    q.sql.append("q AS MATERIALIZED (SELECT ?::").append(settings.columnType()).append(" AS v), ");
    q.params.add(vector);
    if (mode == DenseMode.DECIDE && !all) {
      q.sql
          .append("sel AS MATERIALIZED (SELECT (SELECT count(*) FROM (SELECT 1 FROM ")
          .append(chunks)
          .append(" c WHERE ");
      FilterSql.render(filter, "c", q.sql, q.params);
      q.sql
          .append(" LIMIT ")
          .append(exactMaxRows)
          .append(") s) < ")
          .append(exactMaxRows)
          .append(" AS exact), ");
    } else {
      q.sql.append("sel AS MATERIALIZED (SELECT ?::boolean AS exact), ");
      q.params.add(mode == DenseMode.EXACT);
    }
    q.sql
        .append(
            "dense AS MATERIALIZED ((SELECT x.id, x.distance FROM (SELECT c.id,"
                + " c.embedding <=> (SELECT v FROM q) AS distance FROM ")
        .append(chunks)
        .append(" c WHERE (SELECT exact FROM sel)");
    if (!all) {
      q.sql.append(" AND ");
      FilterSql.render(filter, "c", q.sql, q.params);
    }
    q.sql.append(" OFFSET 0) x ORDER BY x.distance, x.id LIMIT ").append(limit).append(')');
    q.sql.append(" UNION ALL (SELECT ");
    if (!all) {
      q.sql.append("w.id, w.distance FROM (SELECT ");
    }
    q.sql
        .append("c.id, c.embedding <=> (SELECT v FROM q) AS distance FROM ")
        .append(chunks)
        .append(" c WHERE NOT (SELECT exact FROM sel)");
    if (!all) {
      q.sql.append(" AND (");
      FilterSql.render(filter, "c", q.sql, q.params);
      q.sql.append(") IS TRUE");
    }
    if (settings.halfvecIndex()) {
      int d = settings.dimensions();
      q.sql
          .append(" ORDER BY c.embedding::halfvec(")
          .append(d)
          .append(") <=> (SELECT v::halfvec(")
          .append(d)
          .append(") FROM q)");
    } else {
      q.sql.append(" ORDER BY distance");
    }
    if (all) {
      q.sql.append(" LIMIT ").append(limit).append("))");
      return;
    }
    // the walk collects more matching rows than asked for, then they are re-ordered exactly:
    // "+ 0" keeps the planner from taking the walk's (relaxed) order as already sorted
    q.sql
        .append(" LIMIT ")
        .append(filteredWalkRows(limit))
        .append(") w ORDER BY w.distance + 0, w.id LIMIT ")
        .append(limit)
        .append("))");
  }

  /**
   * Matching rows a filtered index walk collects before the best {@code limit} of them are kept:
   * {@code WALK_OVERFETCH × limit}, but no more than the search's {@code ef_search} (nor {@link
   * #MAX_WALK_ROWS}), and never fewer than {@code limit}.
   *
   * <p>Why: with {@code hnsw.iterative_scan = relaxed_order} the walk stops at the first {@code
   * limit} rows that pass the filter. When fewer than {@code limit} matching rows are among the
   * first {@code ef_search} candidates (a selective filter), the rest come from later rounds of the
   * walk, and they are often not the nearest matching rows (measured at 200,000 × 384 under a 1 %
   * filter: recall@5 0.76 for the first 5, 0.90 when 20 are collected, 0.93 for 40 or 100). Each
   * extra matching row costs about {@code rows / matching} visited rows, hence the bound.
   */
  int filteredWalkRows(int limit) {
    int w = Math.max(limit, Math.min(settings.efSearch(), WALK_OVERFETCH * limit));
    return Math.min(MAX_WALK_ROWS, w);
  }

  /** How many times {@code limit} matching rows a filtered index walk collects at most. */
  static final int WALK_OVERFETCH = 4;

  /** The most matching rows a filtered index walk collects (pgvector's {@code ef_search} cap). */
  static final int MAX_WALK_ROWS = 1000;

  /** Chunks a lexical search ranks at most when its lexemes are chosen by statistics. */
  static final int LEXICAL_CANDIDATE_BUDGET = 2000;

  /** Chunks a lexical search ranks at most in any case (a query of only very common lexemes). */
  static final int LEXICAL_SCAN_CAP = 10_000;

  /**
   * CTEs {@code tq} (the query as an OR of lexemes) and {@code lex} (id, score; at most {@code
   * limit} rows by {@code ts_rank_cd}). The query text is normalised by the collection's text
   * search configuration ({@code to_tsvector}) and every lexeme is quoted as a tsquery operand, so
   * no character of the user's text can act as a tsquery operator.
   *
   * <p>Which lexemes are used: ranking every chunk that contains a very common lexeme would mean
   * ranking most of the collection on every query, and such a lexeme says little about relevance
   * anyway. So the lexemes are taken rarest first, by the frequencies in the table's statistics
   * ({@code pg_stats.most_common_elems}; a lexeme not listed there is rarer than all listed ones),
   * while the estimated number of chunks containing them stays within {@link
   * #LEXICAL_CANDIDATE_BUDGET}; the rarest lexeme is always used. Without statistics (a table never
   * analysed) every lexeme is used. At most {@link #LEXICAL_SCAN_CAP} matching chunks are ranked.
   */
  void lexicalCtes(Filter filter, String queryText, int limit, Query q) {
    q.sql
        .append(
            "st AS MATERIALIZED (SELECT s.most_common_elems::text::text[] AS elems,"
                + " s.most_common_elem_freqs AS freqs FROM pg_stats s WHERE s.schemaname = '")
        .append(settings.schema())
        .append("' AND s.tablename = '")
        .append(settings.collection())
        .append("_chunks' AND s.attname = 'tsv'), ");
    q.sql.append(
        "lx AS MATERIALIZED (SELECT l.lexeme, coalesce("
            + "(SELECT st.freqs[array_position(st.elems, l.lexeme)] FROM st),"
            + " (SELECT st.freqs[cardinality(st.elems) + 1] / 2 FROM st), 0::real) AS freq"
            + " FROM unnest(tsvector_to_array(to_tsvector(?::regconfig, ?))) AS l(lexeme)), ");
    q.params.add(settings.textSearchConfig());
    q.params.add(queryText);
    q.sql
        .append(
            "pick AS MATERIALIZED (SELECT x.lexeme FROM (SELECT lexeme,"
                + " row_number() OVER (ORDER BY freq, lexeme) AS r, sum(freq) OVER (ORDER BY freq, lexeme) AS cum"
                + " FROM lx) x WHERE x.r = 1 OR x.cum * (SELECT greatest(reltuples, 0) FROM pg_class WHERE oid = '")
        .append(chunks)
        .append("'::regclass) <= ")
        .append(LEXICAL_CANDIDATE_BUDGET)
        .append("), ");
    q.sql.append(
        "tq AS MATERIALIZED (SELECT coalesce((SELECT string_agg(chr(39) || replace("
            + "replace(lexeme, chr(92), chr(92) || chr(92)), chr(39), chr(39) || chr(39)) || chr(39), ' | ')"
            + " FROM pick), '')::tsquery AS q), ");
    q.sql
        .append(
            "lex AS MATERIALIZED (SELECT y.id, ts_rank_cd(y.tsv, (SELECT q FROM tq)) AS score"
                + " FROM (SELECT c.id, c.tsv FROM ")
        .append(chunks)
        .append(" c WHERE c.tsv @@ (SELECT q FROM tq)");
    if (!FilterSql.isAll(filter)) {
      // checked on the few rows the lexemes find, never through the metadata index: a bitmap of
      // every row of a broad filter costs more than the whole lexical search (measured 12 ms)
      q.sql.append(" AND (");
      FilterSql.render(filter, "c", q.sql, q.params);
      q.sql.append(") IS TRUE");
    }
    q.sql
        .append(" LIMIT ")
        .append(LEXICAL_SCAN_CAP)
        .append(") y ORDER BY score DESC, y.id LIMIT ")
        .append(limit)
        .append(')');
  }

  Query dense(Filter filter, String vector, DenseMode mode, int k, int exactMaxRows) {
    Query q = new Query();
    q.sql.append("WITH ");
    denseCtes(filter, vector, mode, k, exactMaxRows, q);
    q.sql
        .append(" SELECT ")
        .append(CHUNK_COLUMNS)
        .append(
            ", d.distance,"
                + " (SELECT count(*) FROM dense) AS dense_count, sel.exact FROM sel"
                + " LEFT JOIN (dense d JOIN ")
        .append(chunks)
        .append(" c ON c.id = d.id) ON TRUE");
    return q;
  }

  Query lexical(Filter filter, String queryText, int k) {
    Query q = new Query();
    q.sql.append("WITH ");
    lexicalCtes(filter, queryText, k, q);
    q.sql
        .append(" SELECT ")
        .append(CHUNK_COLUMNS)
        .append(", l.score FROM lex l JOIN ")
        .append(chunks)
        .append(" c ON c.id = l.id");
    return q;
  }

  /**
   * Dense and lexical candidates ({@code n} each) fused by reciprocal rank fusion in one statement.
   * Ranks come from {@code row_number()} over (distance, id) and (score desc, id), exactly the
   * orders of the separate searches; the fused score is computed in float8 as {@code 1/(60 +
   * dense_rank) + 1/(60 + lexical_rank)}, as {@link dev.citerag.store.internal.RankFusion} does;
   * every hit's distance is returned, computed for lexical-only hits too. The top {@code k} are
   * chosen by fused score desc, cosine desc, id.
   */
  Query hybrid(
      Filter filter,
      String vector,
      String queryText,
      DenseMode mode,
      int n,
      int k,
      int exactMaxRows) {
    Query q = new Query();
    q.sql.append("WITH ");
    denseCtes(filter, vector, mode, n, exactMaxRows, q);
    q.sql.append(", ");
    lexicalCtes(filter, queryText, n, q);
    q.sql
        .append(
            ", dr AS (SELECT id, distance, row_number() OVER (ORDER BY distance, id) AS r FROM dense),"
                + " lr AS (SELECT id, score, row_number() OVER (ORDER BY score DESC, id) AS r FROM lex),"
                + " f AS (SELECT coalesce(dr.id, lr.id) AS id, dr.distance, dr.r AS dense_rank,"
                + " lr.r AS lexical_rank, lr.score,"
                + " coalesce(1::float8 / ("
                + dev.citerag.store.internal.RankFusion.K
                + " + dr.r), 0)"
                + " + coalesce(1::float8 / ("
                + dev.citerag.store.internal.RankFusion.K
                + " + lr.r), 0) AS fused"
                + " FROM dr FULL OUTER JOIN lr ON lr.id = dr.id),"
                + " t AS (SELECT * FROM (SELECT f.id, f.dense_rank, f.lexical_rank, f.score, f.fused,"
                + " coalesce(f.distance, (SELECT c2.embedding <=> (SELECT v FROM q) FROM ")
        .append(chunks)
        .append(
            " c2 WHERE c2.id = f.id)) AS distance FROM f OFFSET 0) x"
                + " ORDER BY x.fused DESC, 1::float8 - x.distance DESC, x.id LIMIT ")
        .append(k)
        .append(')');
    q.sql
        .append(" SELECT ")
        .append(CHUNK_COLUMNS)
        .append(
            ", t.distance, t.dense_rank,"
                + " t.lexical_rank, t.score, (SELECT count(*) FROM dense) AS dense_count, sel.exact"
                + " FROM sel LEFT JOIN (t JOIN ")
        .append(chunks)
        .append(" c ON c.id = t.id) ON TRUE");
    return q;
  }

  /** SQL text and its parameters in order. */
  static final class Query {
    final StringBuilder sql = new StringBuilder(1024);
    final List<Object> params = new java.util.ArrayList<>();
  }
}
