package dev.citerag.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.citerag.StoreException;
import dev.citerag.embed.Embedder;
import dev.citerag.ingest.Document;
import dev.citerag.ingest.DocumentFormat;
import dev.citerag.ingest.Ingestor;
import dev.citerag.pgvector.PgVectorStore;
import dev.citerag.pipeline.RagPipeline;
import dev.citerag.provider.RetryPolicy;
import dev.citerag.reliability.support.Figures;
import dev.citerag.reliability.support.ProviderStub;
import dev.citerag.reliability.support.Stack;
import dev.citerag.reliability.support.StoreChecker;
import dev.citerag.store.Filter;
import dev.citerag.store.MetadataValue;
import dev.citerag.store.SearchHit;
import dev.citerag.testkit.postgres.PostgresDatabase;
import dev.citerag.testkit.postgres.PostgresTest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

/**
 * Database faults against {@link PgVectorStore} on a real PostgreSQL + pgvector: the writer's
 * connection terminated ({@code pg_terminate_backend}, from a second connection) while an ingest is
 * inside its write transaction; every backend terminated while searches run (the fixture gives no
 * control of the server process, so this stands in for a restart); a pool of two with both
 * connections held. Failures must be typed ({@link StoreException}) and prompt; afterwards every
 * document is whole in one version ({@link StoreChecker}), none is lost, and the next ingest heals.
 */
@PostgresTest
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class DatabaseFaultsTest {

  static final String APP = "citerag-reliability-store";
  static final String COLLECTION = "faults";
  static final String CHUNKS = "public." + COLLECTION + "_chunks";
  static final int DOCS = 48;
  static final int SECTIONS = 24;

  private static Embedder embedder;
  private static HikariDataSource pool;
  private static PgVectorStore store;
  private static Ingestor ingestor;
  private static List<Document> v1;
  private static List<Document> v2;
  private static StoreChecker checker;
  private static PostgresDatabase database;

  @BeforeAll
  static void setUp(PostgresDatabase db) {
    database = db;
    embedder = Stack.embedder();
    pool = pool(db, 4, Duration.ofSeconds(5));
    store =
        PgVectorStore.builder()
            .dataSource(pool)
            .collection(COLLECTION)
            .dimensions(embedder.identity().dimensions())
            .build();
    ingestor = Ingestor.builder().embedder(embedder).store(store).build();
    v1 = corpus(1);
    v2 = corpus(2);
    checker = new StoreChecker(List.of(v1, v2));
    ingestor.ingest(v1);
  }

  @AfterAll
  static void tearDown() {
    if (store != null) {
      store.close();
    }
    if (pool != null) {
      pool.close();
    }
  }

  /**
   * {@code DOCS} documents of {@code SECTIONS} short sections; every section differs between
   * versions.
   */
  static List<Document> corpus(int version) {
    List<Document> docs = new ArrayList<>();
    for (int d = 0; d < DOCS; d++) {
      StringBuilder md =
          new StringBuilder("# Runbook " + d + "\n\nThis runbook covers service " + d + ".\n\n");
      int sections = SECTIONS + (version == 2 ? 2 : 0);
      for (int s = 0; s < sections; s++) {
        md.append("## Step ")
            .append(s)
            .append("\n\nIn version ")
            .append(version)
            .append(", step ")
            .append(s)
            .append(" of runbook ")
            .append(d)
            .append(" restarts worker pool ")
            .append(s * 7 + d)
            .append(" and waits ")
            .append(5 + s)
            .append(" minutes before paging the on-call engineer.\n\n");
      }
      docs.add(
          new Document(
              "runbook-" + d,
              "runbooks/" + d + ".md",
              "Runbook " + d,
              md.toString(),
              DocumentFormat.MARKDOWN,
              MetadataValue.strings(Map.of("team", d % 2 == 0 ? "platform" : "search"))));
    }
    return docs;
  }

  static HikariDataSource pool(PostgresDatabase db, int size, Duration connectionTimeout) {
    HikariConfig hc = new HikariConfig();
    hc.setJdbcUrl(db.jdbcUrl());
    hc.setUsername(db.username());
    db.password().ifPresent(hc::setPassword);
    hc.setMaximumPoolSize(size);
    hc.setMinimumIdle(0);
    hc.setConnectionTimeout(connectionTimeout.toMillis());
    hc.setPoolName("reliability-" + size);
    hc.addDataSourceProperty("ApplicationName", APP);
    return new HikariDataSource(hc);
  }

  static Connection admin() throws SQLException {
    Properties p = new Properties();
    p.setProperty("user", database.username());
    database.password().ifPresent(pw -> p.setProperty("password", pw));
    p.setProperty("ApplicationName", "citerag-reliability-admin");
    return DriverManager.getConnection(database.jdbcUrl(), p);
  }

  /** Terminates the store's backends matching {@code condition}; returns how many. */
  static int terminate(Connection admin, String condition) throws SQLException {
    try (PreparedStatement ps =
        admin.prepareStatement(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                + " WHERE datname = current_database() AND application_name = ? AND pid <> pg_backend_pid() AND "
                + condition)) {
      ps.setString(1, APP);
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        return rs.getInt(1);
      }
    }
  }

  /**
   * The query text of the store's backend that is inside a transaction matching {@code condition},
   * if any.
   */
  static String inTransaction(Connection admin, String condition) throws SQLException {
    try (PreparedStatement ps =
        admin.prepareStatement(
            "SELECT left(query, 40), state FROM pg_stat_activity"
                + " WHERE datname = current_database() AND application_name = ? AND xact_start IS NOT NULL AND "
                + condition
                + " LIMIT 1")) {
      ps.setString(1, APP);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? rs.getString(2) + ": " + rs.getString(1).replaceAll("\\s+", " ") : null;
      }
    }
  }

  @Test
  @Order(1)
  void
      a_writer_killed_inside_its_transaction_leaves_every_document_whole_and_the_next_ingest_heals()
          throws Exception {
    // where to kill: a condition on pg_stat_activity, and whether to wait until the ingest has
    // committed its first write batch (so that the kill lands in a later one)
    String[] killAt = {
      "query ILIKE 'COPY%'",
      "state = 'active' AND now() - xact_start > interval '20 milliseconds'",
      "query ILIKE 'DELETE%'",
      "after-first-batch: state = 'active' AND query ILIKE 'COPY%'",
      "state = 'idle in transaction'",
      "after-first-batch: state = 'active'",
      "state = 'active' AND now() - xact_start > interval '300 milliseconds'",
      "after-first-batch: state = 'active' AND query ILIKE 'DELETE%'"
    };
    int interrupted = 0;
    int mixed = 0;
    int lost = 0;
    StringBuilder d =
        new StringBuilder(
            "| round | target | killed while | ingest | after the fault | after healing |\n"
                + "|---|---|---|---|---|---|\n");
    try (Connection admin = admin()) {
      StoreChecker.Report start = checker.check(store, admin, CHUNKS);
      assertThat(start.ok()).as("before any fault: %s", start).isTrue();
      assertThat(start.atVersion()[0]).isEqualTo(DOCS);
      for (int round = 0; round < killAt.length; round++) {
        List<Document> target = round % 2 == 0 ? v2 : v1;
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread writer =
            new Thread(
                () -> {
                  try {
                    ingestor.ingest(target);
                  } catch (Throwable t) {
                    failure.set(t);
                  }
                },
                "ingest-round-" + round);
        writer.start();
        String seen = null;
        boolean afterFirstBatch = killAt[round].startsWith("after-first-batch: ");
        String condition = killAt[round].replace("after-first-batch: ", "");
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (writer.isAlive() && System.nanoTime() < until) {
          if (afterFirstBatch && committedAt(target) == 0) {
            Thread.sleep(1);
            continue;
          }
          seen = inTransaction(admin, condition);
          if (seen != null && terminate(admin, "xact_start IS NOT NULL AND " + condition) > 0) {
            break;
          }
          seen = null;
          Thread.sleep(1);
        }
        writer.join(60_000);
        assertThat(writer.isAlive()).as("the ingest returned").isFalse();
        Throwable t = failure.get();
        if (t != null) {
          assertThat(t).as("a killed write fails typed").isInstanceOf(StoreException.class);
          interrupted++;
        }
        StoreChecker.Report after = checker.check(store, admin, CHUNKS);
        mixed += after.mixed().size();
        lost += after.lost().size();
        assertThat(after.ok()).as("round %d after the fault: %s", round, after).isTrue();

        ingestor.ingest(target);
        StoreChecker.Report healed = checker.check(store, admin, CHUNKS);
        assertThat(healed.ok()).as("round %d after healing: %s", round, healed).isTrue();
        assertThat(healed.atVersion()[target == v1 ? 0 : 1])
            .as("healed to the target version")
            .isEqualTo(DOCS);
        d.append("| ")
            .append(round + 1)
            .append(" | v")
            .append(target == v1 ? 1 : 2)
            .append(" | ")
            .append(afterFirstBatch ? "after the first batch, " : "")
            .append(seen == null ? "(the ingest finished first)" : seen.replace("|", "\\|"))
            .append(" | ")
            .append(t == null ? "completed" : "StoreException")
            .append(" | ")
            .append(after.atVersion()[0])
            .append(" docs at v1, ")
            .append(after.atVersion()[1])
            .append(" at v2, ")
            .append(after.mixed().size())
            .append(" mixed, ")
            .append(after.lost().size())
            .append(" lost | ")
            .append(healed.atVersion()[target == v1 ? 0 : 1])
            .append(" docs at the target |\n");
      }
    }
    Figures.record(
        "70-db-kill-mid-ingest",
        "Database faults — writer killed mid-ingest",
        List.of(
            new Figures.Row(
                "Database faults: writer backend killed mid-ingest (pgvector)",
                killAt.length
                    + " kills ("
                    + interrupted
                    + " interrupted a write transaction), "
                    + DOCS
                    + " documents checked after each",
                (mixed + lost) + " documents mixed or lost",
                killAt.length + "/" + killAt.length + " healed by the next ingest")),
        "Each round re-ingests all "
            + DOCS
            + " documents ("
            + SECTIONS
            + "+ chunks each) in the other version while a"
            + " second connection waits for the store's backend to be inside its write transaction at the stated point"
            + " and calls `pg_terminate_backend`. The checker then reads every document's stored hash, re-chunks the"
            + " version it names and compares chunk ids with the rows in the table; then the same ingest is run again.\n\n"
            + d);
    assertThat(interrupted)
        .as("kills that interrupted a write transaction")
        .isGreaterThanOrEqualTo(killAt.length / 2);
  }

  /** How many documents the store already holds in the version {@code target}. */
  static int committedAt(List<Document> target) {
    Map<String, String> stored = store.documentHashes(target.stream().map(Document::id).toList());
    return (int) target.stream().filter(d -> d.contentHash().equals(stored.get(d.id()))).count();
  }

  @Test
  @Order(2)
  void searches_during_backend_terminations_fail_typed_and_the_store_recovers() throws Exception {
    int threads = 6;
    int searchesPerThread = 150;
    AtomicInteger ok = new AtomicInteger();
    AtomicInteger typed = new AtomicInteger();
    List<String> untyped = new ArrayList<>();
    List<String> outsideFilter = new ArrayList<>();
    ExecutorService callers = Executors.newFixedThreadPool(threads);
    List<Future<?>> futures = new ArrayList<>();
    Filter platform = Filter.eq("team", "platform");
    for (int t = 0; t < threads; t++) {
      int seed = t;
      futures.add(
          callers.submit(
              () -> {
                Random r = new Random(seed);
                for (int i = 0; i < searchesPerThread; i++) {
                  String q =
                      "restarts worker pool " + r.nextInt(200) + " runbook " + r.nextInt(DOCS);
                  try {
                    List<SearchHit> hits =
                        store.hybridSearch(embedder.embedQuery(q), q, 5, platform);
                    for (SearchHit h : hits) {
                      if (!platform.test(h.chunk().metadata())) {
                        synchronized (outsideFilter) {
                          outsideFilter.add(h.chunk().docId());
                        }
                      }
                    }
                    ok.incrementAndGet();
                  } catch (StoreException e) {
                    typed.incrementAndGet();
                  } catch (RuntimeException e) {
                    synchronized (untyped) {
                      untyped.add(e.toString());
                    }
                  }
                }
                return null;
              }));
    }
    int terminations = 0;
    int killed = 0;
    try (Connection admin = admin()) {
      for (int i = 0; i < 5; i++) {
        Thread.sleep(60);
        killed += terminate(admin, "true");
        terminations++;
      }
    }
    for (Future<?> f : futures) {
      f.get(60, TimeUnit.SECONDS);
    }
    callers.shutdown();

    // recovery: the pool replaces the dead connections
    int failuresBeforeRecovery = 0;
    int consecutive = 0;
    for (int i = 0; i < 50 && consecutive < 20; i++) {
      try {
        assertThat(
                store.hybridSearch(
                    embedder.embedQuery("worker pool"), "worker pool", 5, Filter.ALL))
            .isNotEmpty();
        consecutive++;
      } catch (StoreException e) {
        failuresBeforeRecovery++;
        consecutive = 0;
      }
    }
    StoreChecker.Report after;
    try (Connection admin = admin()) {
      after = checker.check(store, admin, CHUNKS);
    }
    Figures.record(
        "71-db-terminate-during-search",
        "Database faults — backends terminated during searches",
        List.of(
            new Figures.Row(
                "Database faults: all backends terminated during searches (pgvector)",
                terminations
                    + " terminations ("
                    + killed
                    + " backends) during "
                    + threads * searchesPerThread
                    + " hybrid searches",
                untyped.size()
                    + " untyped failures, "
                    + outsideFilter.size()
                    + " out-of-filter hits, "
                    + (after.mixed().size() + after.lost().size())
                    + " documents mixed or lost",
                ok.get()
                    + " succeeded, "
                    + typed.get()
                    + " failed with StoreException; recovered after "
                    + failuresBeforeRecovery
                    + " more failures")),
        "The fixture runs the server but gives no handle on its process, so a restart is simulated by terminating"
            + " every backend of the store's pool (`pg_terminate_backend` on each, from another connection) five"
            + " times, 60 ms apart, while "
            + threads
            + " threads run filtered hybrid searches.\n");
    assertThat(untyped).as("failures other than StoreException").isEmpty();
    assertThat(outsideFilter).isEmpty();
    assertThat(killed).as("backends terminated").isPositive();
    assertThat(consecutive)
        .as("consecutive successful searches after the terminations")
        .isEqualTo(20);
    assertThat(after.ok()).as("%s", after).isTrue();
  }

  @Test
  @Order(3)
  void an_exhausted_pool_fails_typed_within_its_timeout_and_recovers() throws Exception {
    Duration timeout = Duration.ofMillis(500);
    Duration slack = Duration.ofMillis(1500);
    List<String> problems = new ArrayList<>();
    int calls = 0;
    try (HikariDataSource two = pool(database, 2, timeout);
        PgVectorStore small =
            PgVectorStore.builder()
                .dataSource(two)
                .collection(COLLECTION)
                .dimensions(embedder.identity().dimensions())
                .build()) {
      float[] qv = embedder.embedQuery("worker pool");
      List<Supplier<Object>> ops =
          List.of(
              () -> small.hybridSearch(qv, "worker pool", 5, Filter.ALL),
              () -> small.denseSearch(qv, 5, Filter.ALL),
              () -> small.lexicalSearch("worker pool", 5, Filter.eq("team", "platform")),
              () -> small.documentHashes(List.of("runbook-1")),
              () -> small.chunkCount(),
              () -> small.identity(),
              () -> small.deleteDocument("runbook-does-not-exist"),
              () ->
                  Ingestor.builder()
                      .embedder(embedder)
                      .store(small)
                      .build()
                      .ingest(v1.subList(0, 1)));
      long maxMillis = 0;
      // built before the pool is held: building reads the collection's recorded identity
      ProviderStub stub = new ProviderStub(ProviderStub.Kind.GEMINI);
      RagPipeline rag =
          Stack.pipeline(embedder, small, Stack.chatModel(stub, RetryPolicy.NONE)).build();
      try (stub;
          Connection a = two.getConnection();
          Connection b = two.getConnection()) {
        assertFalse(a.isClosed() || b.isClosed(), "the test holds both pooled connections");
        for (Supplier<Object> op : ops) {
          long t0 = System.nanoTime();
          StoreException e = assertThrows(StoreException.class, op::get);
          long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
          maxMillis = Math.max(maxMillis, ms);
          calls++;
          if (ms > timeout.plus(slack).toMillis()) {
            problems.add("a store call took " + ms + " ms with the pool exhausted");
          }
          assertThat(e.getMessage()).isNotBlank();
        }
        // through the pipeline: the store's failure is reported as such, promptly
        {
          long t0 = System.nanoTime();
          assertThrows(
              StoreException.class, () -> rag.ask("Which worker pool does step 3 restart?"));
          calls++;
          maxMillis = Math.max(maxMillis, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0));
          assertThat(stub.requestCount()).as("no model call without retrieval").isZero();
        }
      }
      // released: the same calls work again
      for (Supplier<Object> op : ops) {
        op.get();
      }
      Figures.record(
          "72-db-pool-exhausted",
          "Database faults — pool exhausted",
          List.of(
              new Figures.Row(
                  "Database faults: HikariCP pool of 2, both connections held (pgvector)",
                  calls + " store and pipeline calls",
                  problems.size()
                      + " hangs (slowest "
                      + maxMillis
                      + " ms, pool timeout "
                      + timeout.toMillis()
                      + " ms)",
                  calls
                      + "/"
                      + calls
                      + " failed with StoreException; all succeeded once released")),
          "Every store operation (searches, hashes, count, identity, delete, an ingest) and `RagPipeline.ask` on a store"
              + " whose pool of 2 was held by the test. `ask` lets the `StoreException` through (it does not become a"
              + " `Rejected`); the model is not called.\n");
    }
    assertThat(problems).isEmpty();
  }
}
