package dev.citerag.pgvector.internal;

/**
 * The checked configuration of one collection.
 *
 * @param schema the schema holding the collection's tables (checked identifier)
 * @param collection the collection name (checked identifier)
 * @param dimensions vector length, 1 to 4,000
 * @param textSearchConfig PostgreSQL text search configuration (checked identifier)
 * @param hnswM HNSW {@code m}
 * @param hnswEfConstruction HNSW {@code ef_construction}
 * @param efSearch HNSW {@code ef_search} used per query (raised to the candidate count when larger)
 * @param createSchema whether to create missing tables and indexes
 * @param halfvec whether vectors are stored as {@code halfvec} (2 bytes per dimension)
 * @param buildMemoryCeilingKb the most {@code maintenance_work_mem} an index build is given, in kB;
 *     0 for the server-derived default ({@link BuildSizing})
 * @param buildMaxWorkers the most parallel workers an index build is given; -1 for the server's
 */
public record Settings(
    String schema,
    String collection,
    int dimensions,
    String textSearchConfig,
    int hnswM,
    int hnswEfConstruction,
    int efSearch,
    boolean createSchema,
    boolean halfvec,
    long buildMemoryCeilingKb,
    int buildMaxWorkers) {

  /**
   * pgvector indexes {@code vector} up to 2,000 dimensions; above that the index uses {@code
   * halfvec}.
   */
  public static final int MAX_VECTOR_INDEX_DIMENSIONS = 2000;

  /** pgvector indexes {@code halfvec} up to 4,000 dimensions. */
  public static final int MAX_DIMENSIONS = 4000;

  public Settings {
    Identifiers.check(schema, "schema");
    Identifiers.check(collection, "collection");
    Identifiers.check(textSearchConfig, "textSearchConfig");
    if (schema.startsWith("pg_")) {
      throw new IllegalArgumentException(
          "schema \"" + schema + "\" must not start with pg_ (reserved by PostgreSQL)");
    }
  }

  /**
   * Up to this many dimensions the vector is stored PLAIN (always in the heap row, so an exact scan
   * never de-TOASTs it); a larger one cannot share an 8 kB page with the rest of the row and is
   * stored EXTERNAL (out of line, uncompressed: float noise does not compress).
   */
  public static final int MAX_PLAIN_DIMENSIONS = 1800;

  boolean plainStorage() {
    return dimensions <= MAX_PLAIN_DIMENSIONS;
  }

  /** Whether the index is on a {@code halfvec} cast of a {@code vector} column. */
  boolean halfvecIndex() {
    return !halfvec && dimensions > MAX_VECTOR_INDEX_DIMENSIONS;
  }

  /** The SQL type of the embedding column, e.g. {@code vector(384)}. */
  String columnType() {
    return (halfvec ? "halfvec(" : "vector(") + dimensions + ")";
  }

  /** Whether the index holds 2-byte values (a {@code halfvec} column or cast). */
  boolean halfIndexValues() {
    return halfvec || halfvecIndex();
  }
}
