package dev.citerag.pgvector;

import static dev.citerag.pgvector.TestData.chunk;
import static dev.citerag.pgvector.TestData.doc;
import static dev.citerag.pgvector.TestData.rows;
import static dev.citerag.pgvector.TestData.scalar;
import static dev.citerag.pgvector.TestData.unit;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.citerag.IdentityMismatchException;
import dev.citerag.StoreException;
import dev.citerag.store.CollectionIdentity;
import dev.citerag.store.Filter;
import dev.citerag.testkit.postgres.PostgresDatabase;
import dev.citerag.testkit.postgres.PostgresFixture;
import dev.citerag.testkit.postgres.PostgresTest;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/** Schema creation, validation of names and settings, identity, pool ownership. */
@PostgresTest
class PgVectorStoreSchemaTest {
  private final DataSource ds;
  private final PostgresDatabase db;

  PgVectorStoreSchemaTest(DataSource ds, PostgresDatabase db) {
    this.ds = ds;
    this.db = db;
  }

  private List<List<String>> catalog(String schema, String collection) throws SQLException {
    String like = collection + "\\_%";
    List<List<String>> out = new ArrayList<>();
    out.addAll(
        rows(
            ds,
            "SELECT c.oid::text, c.relname, c.relkind::text, coalesce(pg_get_indexdef(c.oid), '')"
                + " FROM pg_class c WHERE c.relnamespace = '"
                + schema
                + "'::regnamespace"
                + " AND (c.relname LIKE '"
                + like
                + "' OR c.relname LIKE 'citerag\\_collections%') ORDER BY 2"));
    out.addAll(
        rows(
            ds,
            "SELECT a.attrelid::regclass::text, a.attname, format_type(a.atttypid, a.atttypmod),"
                + " a.attstorage::text FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid"
                + " WHERE c.relnamespace = '"
                + schema
                + "'::regnamespace AND c.relname LIKE '"
                + like
                + "'"
                + " AND a.attnum > 0 ORDER BY 1, 2"));
    return out;
  }

  @Test
  void creating_the_schema_twice_changes_nothing() throws SQLException {
    String col = TestData.uniqueCollection("twice");
    TestData.store(ds, col, 12).close();
    List<List<String>> first = catalog("public", col);
    assertThat(first)
        .extracting(r -> r.get(1))
        .contains(
            col + "_chunks",
            col + "_documents",
            col + "_chunks_hnsw",
            col + "_chunks_tsv",
            col + "_chunks_meta",
            col + "_chunks_doc",
            col + "_chunks_pkey",
            "citerag_collections");
    TestData.store(ds, col, 12).close();
    assertThat(catalog("public", col)).isEqualTo(first);
  }

  @Test
  void schema_has_plain_vector_storage_the_configured_hnsw_and_the_other_indexes()
      throws SQLException {
    String col = TestData.uniqueCollection("shape");
    PgVectorStore.builder()
        .dataSource(ds)
        .collection(col)
        .dimensions(24)
        .hnswM(8)
        .hnswEfConstruction(32)
        .textSearchConfig("simple")
        .build()
        .close();
    assertThat(
            scalar(
                ds,
                "SELECT attstorage::text FROM pg_attribute WHERE attrelid = '"
                    + col
                    + "_chunks'::regclass AND attname = 'embedding'"))
        .isEqualTo("p");
    assertThat(
            rows(
                ds,
                "SELECT attname, attstorage::text FROM pg_attribute WHERE attrelid = '"
                    + col
                    + "_chunks'::regclass AND attname IN ('id', 'metadata', 'tsv', 'content') ORDER BY 1"))
        .containsExactly(
            List.of("content", "x"),
            List.of("id", "m"),
            List.of("metadata", "m"),
            List.of("tsv", "m"));
    assertThat(
            scalar(
                ds,
                "SELECT format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = '"
                    + col
                    + "_chunks'::regclass AND attname = 'embedding'"))
        .isEqualTo("vector(24)");
    assertThat(scalar(ds, "SELECT pg_get_indexdef('" + col + "_chunks_hnsw'::regclass)"))
        .contains("USING hnsw (embedding vector_cosine_ops) WITH (m='8', ef_construction='32')");
    assertThat(scalar(ds, "SELECT pg_get_indexdef('" + col + "_chunks_tsv'::regclass)"))
        .contains("USING gin (tsv)");
    assertThat(scalar(ds, "SELECT pg_get_indexdef('" + col + "_chunks_meta'::regclass)"))
        .contains("USING gin (metadata jsonb_path_ops)");
    assertThat(scalar(ds, "SELECT pg_get_indexdef('" + col + "_chunks_doc'::regclass)"))
        .contains("btree (doc_id)");
    assertThat(
            scalar(
                ds,
                "SELECT pg_get_expr(d.adbin, d.adrelid) FROM pg_attrdef d JOIN pg_attribute a"
                    + " ON a.attrelid = d.adrelid AND a.attnum = d.adnum WHERE d.adrelid = '"
                    + col
                    + "_chunks'::regclass AND a.attname = 'tsv'"))
        .startsWith("to_tsvector('simple'::regconfig");
  }

  @Test
  void identifiers_that_could_carry_sql_are_rejected_naming_the_rule() {
    for (String bad :
        List.of(
            "x;drop table",
            "Chunks",
            "1abc",
            "a-b",
            "a b",
            "\"q\"",
            "",
            "a".repeat(49),
            "x;drop table citerag_collections;--")) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class, () -> PgVectorStore.builder().collection(bad));
      assertThat(e.getMessage()).contains("collection").contains("[a-z_][a-z0-9_]{0,47}");
      assertThrows(IllegalArgumentException.class, () -> PgVectorStore.builder().schema(bad));
      assertThrows(
          IllegalArgumentException.class, () -> PgVectorStore.builder().textSearchConfig(bad));
    }
    IllegalArgumentException pg =
        assertThrows(
            IllegalArgumentException.class, () -> PgVectorStore.builder().schema("pg_temp"));
    assertThat(pg.getMessage()).contains("pg_");
    assertThat(PgVectorStore.builder().collection("a".repeat(48))).isNotNull();
  }

  @Test
  void a_text_search_config_that_does_not_exist_is_rejected_listing_the_available_ones() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                PgVectorStore.builder()
                    .dataSource(ds)
                    .collection(TestData.uniqueCollection("tsc"))
                    .dimensions(4)
                    .textSearchConfig("klingon")
                    .build());
    assertThat(e.getMessage())
        .contains("textSearchConfig \"klingon\"")
        .contains("pg_ts_config")
        .contains("english")
        .contains("simple");
  }

  @Test
  void an_existing_collection_refuses_other_dimensions_or_text_search_config() {
    String col = TestData.uniqueCollection("fixed");
    TestData.store(ds, col, 16).close();
    IllegalStateException dims =
        assertThrows(IllegalStateException.class, () -> TestData.store(ds, col, 32));
    assertThat(dims.getMessage()).contains("16 dimensions").contains("dimensions(32)");
    IllegalStateException config =
        assertThrows(
            IllegalStateException.class,
            () ->
                PgVectorStore.builder()
                    .dataSource(ds)
                    .collection(col)
                    .dimensions(16)
                    .textSearchConfig("simple")
                    .build());
    assertThat(config.getMessage()).contains("english").contains("\"simple\"");
  }

  @Test
  void identity_mismatch_lists_every_difference_and_says_to_re_embed() {
    try (PgVectorStore store = TestData.store(ds, TestData.uniqueCollection("ident"), 16)) {
      CollectionIdentity stored =
          new CollectionIdentity(
              "ollama", "nomic-embed-text", "sha256:aaa", 16, "search_query: ", "markdown:800/100");
      store.ensureIdentity(stored);
      assertThat(store.identity()).contains(stored);
      CollectionIdentity other =
          new CollectionIdentity(
              "ollama", "nomic-embed-text", "sha256:bbb", 16, null, "markdown:800/100");
      IdentityMismatchException e =
          assertThrows(IdentityMismatchException.class, () -> store.ensureIdentity(other));
      assertThat(e.getMessage())
          .contains("modelDigest: stored sha256:aaa vs requested sha256:bbb")
          .contains("queryInstruction")
          .contains("create a new collection")
          .contains("re-embed");
      IdentityMismatchException dims =
          assertThrows(
              IdentityMismatchException.class,
              () ->
                  store.ensureIdentity(
                      new CollectionIdentity(
                          "gemini", "gemini-embedding-001", null, 768, null, "markdown:800/100")));
      assertThat(dims.getMessage()).contains("16").contains("768");
      assertThat(store.identity()).contains(stored);
    }
  }

  @Test
  void without_create_schema_a_missing_collection_or_extension_is_a_clear_error() {
    String absent = TestData.uniqueCollection("absent");
    CollectionNotFoundException tables =
        assertThrows(
            CollectionNotFoundException.class,
            () ->
                PgVectorStore.builder()
                    .dataSource(ds)
                    .collection(absent)
                    .dimensions(4)
                    .createSchema(false)
                    .build());
    assertThat(tables.getMessage()).contains("createSchema(true)");
    assertThat(tables.collection()).isEqualTo(absent);
    assertThat(tables.schema()).isEqualTo("public");
    try (PostgresDatabase fresh = PostgresFixture.shared().createDatabase()) {
      IllegalStateException ext =
          assertThrows(
              IllegalStateException.class,
              () ->
                  PgVectorStore.builder()
                      .dataSource(fresh.dataSource())
                      .collection("c")
                      .dimensions(4)
                      .createSchema(false)
                      .build());
      assertThat(ext.getMessage()).contains("CREATE EXTENSION vector");
      // with createSchema(true) the store creates the extension itself
      PgVectorStore.builder()
          .dataSource(fresh.dataSource())
          .collection("c")
          .dimensions(4)
          .build()
          .close();
    }
  }

  @Test
  void a_custom_schema_is_created_and_holds_the_tables() throws SQLException {
    try (PgVectorStore store =
        PgVectorStore.builder()
            .dataSource(ds)
            .schema("tenant_a")
            .collection("docs")
            .dimensions(4)
            .build()) {
      store.write(List.of(doc("a", "v1", chunk("a", 1, "Tenant text.", Map.of(), unit(4, 2)))));
      assertThat(scalar(ds, "SELECT count(*)::text FROM tenant_a.docs_chunks")).isEqualTo("1");
      assertThat(scalar(ds, "SELECT to_regclass('public.docs_chunks')::text")).isNull();
      assertThat(store.schema()).isEqualTo("tenant_a");
    }
  }

  @Test
  void above_2000_dimensions_the_index_is_built_on_halfvec_and_search_works() throws SQLException {
    int d = 2048;
    String col = TestData.uniqueCollection("wide");
    try (PgVectorStore store = TestData.store(ds, col, d)) {
      store.write(
          List.of(
              doc(
                  "w",
                  "v1",
                  chunk("w", 0, "Wide zebra.", Map.of(), unit(d, 0)),
                  chunk("w", 1, "Wide yak.", Map.of(), TestData.blend(d, 0, 1, 1, 1)),
                  chunk("w", 2, "Wide walrus.", Map.of(), unit(d, 2047)))));
      assertThat(scalar(ds, "SELECT pg_get_indexdef('" + col + "_chunks_hnsw'::regclass)"))
          .contains("(embedding)::halfvec(2048)")
          .contains("halfvec_cosine_ops");
      assertThat(TestData.ids(store.denseSearch(unit(d, 0), 3, Filter.ALL)))
          .containsExactly("w#0", "w#1", "w#2");
      assertThat(store.hybridSearch(unit(d, 2047), "walrus", 2, Filter.ALL).get(0).chunk().id())
          .isEqualTo("w#2");
    }
  }

  @Test
  void concurrent_first_use_of_a_collection_creates_it_once() throws Exception {
    String col = TestData.uniqueCollection("race");
    ExecutorService pool = Executors.newFixedThreadPool(4);
    List<Future<PgVectorStore>> stores = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      stores.add(pool.submit(() -> TestData.store(ds, col, 8)));
    }
    for (Future<PgVectorStore> f : stores) {
      f.get(30, TimeUnit.SECONDS).close();
    }
    pool.shutdown();
    assertThat(
            scalar(ds, "SELECT count(*)::text FROM pg_class WHERE relname LIKE '" + col + "\\_%'"))
        .as("2 tables, 2 primary keys, 4 indexes")
        .isEqualTo("8");
  }

  @Test
  void builder_rejects_bad_values_and_combinations_naming_the_field() {
    assertThat(
            assertThrows(
                    IllegalArgumentException.class, () -> PgVectorStore.builder().dimensions(0))
                .getMessage())
        .contains("dimensions");
    assertThrows(IllegalArgumentException.class, () -> PgVectorStore.builder().dimensions(4001));
    assertThat(
            assertThrows(IllegalArgumentException.class, () -> PgVectorStore.builder().efSearch(0))
                .getMessage())
        .contains("efSearch");
    assertThrows(IllegalArgumentException.class, () -> PgVectorStore.builder().hnswM(1));
    assertThrows(
        IllegalArgumentException.class, () -> PgVectorStore.builder().hnswEfConstruction(1001));
    assertThrows(
        IllegalArgumentException.class, () -> PgVectorStore.builder().jdbcUrl("jdbc:mysql://h/db"));
    assertThrows(IllegalArgumentException.class, () -> PgVectorStore.builder().maximumPoolSize(0));
    assertThat(
            assertThrows(
                    IllegalStateException.class,
                    () -> PgVectorStore.builder().dataSource(ds).dimensions(4).build())
                .getMessage())
        .contains("collection");
    assertThat(
            assertThrows(
                    IllegalStateException.class,
                    () -> PgVectorStore.builder().dataSource(ds).collection("c").build())
                .getMessage())
        .contains("dimensions");
    assertThat(
            assertThrows(
                    IllegalStateException.class,
                    () -> PgVectorStore.builder().collection("c").dimensions(4).build())
                .getMessage())
        .contains("dataSource");
    assertThrows(
        IllegalStateException.class,
        () ->
            PgVectorStore.builder()
                .dataSource(ds)
                .jdbcUrl(db.jdbcUrl())
                .collection("c")
                .dimensions(4)
                .build());
    assertThrows(
        IllegalStateException.class,
        () ->
            PgVectorStore.builder()
                .dataSource(ds)
                .username("u")
                .collection("c")
                .dimensions(4)
                .build());
    assertThat(
            assertThrows(
                    IllegalStateException.class,
                    () ->
                        PgVectorStore.builder()
                            .dataSource(ds)
                            .collection("c")
                            .dimensions(4)
                            .hnswM(40)
                            .build())
                .getMessage())
        .contains("hnswEfConstruction");
  }

  @Test
  void a_store_built_from_a_jdbc_url_owns_its_pool_and_never_shows_the_password() throws Exception {
    String col = TestData.uniqueCollection("owned");
    PgVectorStore store =
        PgVectorStore.builder()
            .jdbcUrl(db.jdbcUrl() + "?password=url-secret")
            .username(db.username())
            .password("builder-secret")
            .collection(col)
            .dimensions(4)
            .maximumPoolSize(3)
            .build();
    store.write(List.of(doc("a", "v1", chunk("a", 1, "Pooled.", Map.of(), unit(4, 0)))));
    assertThat(store.toString()).contains(col).doesNotContain("secret");
    assertThat(
            Integer.parseInt(
                scalar(
                    ds,
                    "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'citerag-pgvector'")))
        .isPositive();
    store.close();
    store.close();
    String sessions =
        "SELECT count(*)::text FROM pg_stat_activity WHERE application_name = 'citerag-pgvector'";
    long deadline = System.nanoTime() + 5_000_000_000L;
    while (!"0".equals(scalar(ds, sessions)) && System.nanoTime() < deadline) {
      Thread.sleep(50); // server processes exit shortly after their connection closes
    }
    assertThat(scalar(ds, sessions)).isEqualTo("0");
    IllegalStateException closed = assertThrows(IllegalStateException.class, store::chunkCount);
    assertThat(closed.getMessage()).contains("closed").doesNotContain("secret");
  }

  @Test
  void a_null_or_empty_password_means_none_for_a_database_that_trusts_its_users() {
    // the fixture's database accepts its user without a password
    for (String none : new String[] {null, ""}) {
      String col = TestData.uniqueCollection("nopw");
      try (PgVectorStore store =
          PgVectorStore.builder()
              .jdbcUrl(db.jdbcUrl())
              .username(db.username())
              .password(db.password().isPresent() ? db.password().get() : none)
              .collection(col)
              .dimensions(4)
              .build()) {
        store.write(List.of(doc("a", "v1", chunk("a", 1, "No password.", Map.of(), unit(4, 0)))));
        assertThat(store.chunkCount()).isEqualTo(1);
      }
    }
  }

  @Test
  void a_host_data_source_is_never_closed_by_the_store() throws SQLException {
    PgVectorStore store = TestData.store(ds, TestData.uniqueCollection("hosted"), 4);
    store.close();
    assertThat(scalar(ds, "SELECT 1::text")).isEqualTo("1");
  }

  @Test
  void an_unreachable_server_is_a_store_exception_without_the_password() {
    StoreException e =
        assertThrows(
            StoreException.class,
            () ->
                PgVectorStore.builder()
                    .jdbcUrl(
                        "jdbc:postgresql://127.0.0.1:1/nowhere?connectTimeout=2&password=p-in-url")
                    .username("u")
                    .password("hunter2")
                    .collection("c")
                    .dimensions(4)
                    .build());
    assertThat(e.getMessage())
        .contains("127.0.0.1:1")
        .doesNotContain("hunter2")
        .doesNotContain("p-in-url");
  }

  /**
   * Issue 14: {@code jdbc:postgresql://user:PASSWORD@host/db} was shown with its password on a
   * connection failure and twice more in HikariCP's debug log. The password of the user-info is
   * masked in every message and never reaches the pool's URL.
   */
  @Test
  void password_in_the_url_authority_is_masked_in_messages_and_pool_logs() {
    ch.qos.logback.classic.Logger root =
        (ch.qos.logback.classic.Logger)
            org.slf4j.LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    ch.qos.logback.classic.Logger hikari =
        (ch.qos.logback.classic.Logger) org.slf4j.LoggerFactory.getLogger("com.zaxxer.hikari");
    ch.qos.logback.classic.Level before = hikari.getLevel();
    ch.qos.logback.core.read.ListAppender<ch.qos.logback.classic.spi.ILoggingEvent> logs =
        new ch.qos.logback.core.read.ListAppender<>();
    logs.start();
    root.addAppender(logs);
    hikari.setLevel(ch.qos.logback.classic.Level.DEBUG);
    try {
      StoreException e =
          assertThrows(
              StoreException.class,
              () ->
                  PgVectorStore.builder()
                      .jdbcUrl(
                          "jdbc:postgresql://rag:Aut0rity-Secret@127.0.0.1:1/nowhere?connectTimeout=2")
                      .collection("c")
                      .dimensions(4)
                      .build());
      assertThat(e.getMessage()).contains("rag:****@127.0.0.1:1").doesNotContain("Aut0rity-Secret");
      assertThat(logs.list).as("the pool logged its configuration").isNotEmpty();
      for (ch.qos.logback.classic.spi.ILoggingEvent ev : logs.list) {
        assertThat(ev.getFormattedMessage()).doesNotContain("Aut0rity-Secret");
      }
    } finally {
      hikari.setLevel(before);
      root.detachAppender(logs);
    }
  }

  /** Issue 14: libpq's URI form ({@code postgresql://user:password@host/db}) is accepted too. */
  @Test
  void a_libpq_style_url_with_user_info_connects() {
    String hostAndDb = db.jdbcUrl().substring("jdbc:postgresql://".length());
    String url =
        "postgresql://"
            + db.username()
            + ":"
            + db.password().orElse("any-password")
            + "@"
            + hostAndDb;
    try (PgVectorStore store =
        PgVectorStore.builder()
            .jdbcUrl(url)
            .collection(TestData.uniqueCollection("libpq"))
            .dimensions(4)
            .maximumPoolSize(1)
            .build()) {
      assertThat(store.chunkCount()).isZero();
      assertThat(store.toString()).doesNotContain("any-password");
    }
  }

  /**
   * Issue 14: a newcomer's first {@code ingest} failed with {@code permission denied to create
   * extension "vector"}. The error now says exactly which SQL a superuser must run, and where.
   */
  @Test
  void a_role_that_may_not_create_the_extension_is_told_the_sql_a_superuser_must_run()
      throws Exception {
    try (PostgresDatabase fresh = PostgresFixture.shared().createDatabase()) {
      String role = "citerag_plain_" + Long.toHexString(System.nanoTime());
      try (java.sql.Connection c = fresh.dataSource().getConnection();
          java.sql.Statement s = c.createStatement()) {
        s.execute("CREATE ROLE " + role + " LOGIN PASSWORD 'plain-pw'");
        s.execute("GRANT CREATE ON DATABASE " + fresh.name() + " TO " + role);
      }
      try {
        IllegalStateException e =
            assertThrows(
                IllegalStateException.class,
                () ->
                    PgVectorStore.builder()
                        .jdbcUrl(fresh.jdbcUrl())
                        .username(role)
                        .password("plain-pw")
                        .collection("c")
                        .dimensions(4)
                        .maximumPoolSize(1)
                        .build());
        assertThat(e.getMessage())
            .contains("permission denied to create extension \"vector\"")
            .contains(
                "A superuser must run, once, in database "
                    + fresh.name()
                    + ": CREATE EXTENSION vector;")
            .contains(role);
      } finally {
        try (java.sql.Connection c = fresh.dataSource().getConnection();
            java.sql.Statement s = c.createStatement()) {
          s.execute("REVOKE CREATE ON DATABASE " + fresh.name() + " FROM " + role);
          s.execute("DROP OWNED BY " + role);
          s.execute("DROP ROLE " + role);
        }
      }
    }
  }
}
