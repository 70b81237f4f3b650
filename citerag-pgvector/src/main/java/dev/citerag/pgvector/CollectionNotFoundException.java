package dev.citerag.pgvector;

import dev.citerag.StoreException;

/**
 * The collection a {@link PgVectorStore} was built for has no tables in the database, and the
 * builder was told not to create them ({@link PgVectorStore.Builder#createSchema(boolean)
 * createSchema(false)}). Typically a mistyped collection name in a command that only reads; not
 * retryable: the collection must be created first (by a store built with {@code
 * createSchema(true)}, or by ingesting into it).
 *
 * <p>The message names the schema and the collection and says how to create it; it holds no
 * connection details.
 */
public final class CollectionNotFoundException extends StoreException {
  private static final long serialVersionUID = 1L;

  /** The schema that was searched. */
  private final String schema;

  /** The collection that has no tables in {@link #schema}. */
  private final String collection;

  /**
   * An exception naming the collection that has no tables.
   *
   * @param schema the schema searched, e.g. {@code public}
   * @param collection the collection (table prefix) that has no tables there
   */
  public CollectionNotFoundException(String schema, String collection) {
    super(
        "collection "
            + schema
            + "."
            + collection
            + " has no tables in this database; build the store with createSchema(true) to create"
            + " them",
        null);
    this.schema = schema;
    this.collection = collection;
  }

  /**
   * The schema that was searched.
   *
   * @return the schema, e.g. {@code public}
   */
  public String schema() {
    return schema;
  }

  /**
   * The collection that has no tables in that schema.
   *
   * @return the collection (table prefix)
   */
  public String collection() {
    return collection;
  }
}
