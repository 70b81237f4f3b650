package dev.citerag.pgvector;

import static dev.citerag.pgvector.TestData.chunk;
import static dev.citerag.pgvector.TestData.doc;
import static dev.citerag.pgvector.TestData.ids;
import static dev.citerag.pgvector.TestData.unit;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.citerag.pipeline.AnswerGenerator;
import dev.citerag.pipeline.AskRequest;
import dev.citerag.pipeline.RagPipeline;
import dev.citerag.pipeline.RagResult;
import dev.citerag.pipeline.RetrievalMode;
import dev.citerag.store.Filter;
import dev.citerag.store.SearchHit;
import dev.citerag.store.SearchIndex;
import dev.citerag.testkit.fakes.DeterministicEmbedder;
import dev.citerag.testkit.fakes.Reply;
import dev.citerag.testkit.fakes.ScriptedChatModel;
import dev.citerag.testkit.postgres.PostgresDatabase;
import dev.citerag.testkit.postgres.ReplicatedPostgres;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Searches on a real streaming replica ({@link ReplicatedPostgres}: a throwaway primary and a hot
 * standby made by {@code pg_basebackup -R}): where searches go, a lagging replica, a stopped one,
 * and reading one's own writes. Waits are bounded by generous limits and end as soon as the
 * condition holds; no assertion depends on how fast the machine is.
 */
@SuppressWarnings("deprecation") // lastSearchServer(), checked beside hybridSearchServed
class PgVectorStoreReplicaTest {
  private static final int D = 8;
  private static final Duration CATCH_UP = Duration.ofSeconds(60);

  private static ReplicatedPostgres pg;
  private static PostgresDatabase db;
  private static DataSource replica;

  @BeforeAll
  static void start() {
    pg = ReplicatedPostgres.start();
    db = pg.createDatabase();
    replica = pg.replicaDataSource(db);
  }

  @AfterAll
  static void stop() {
    db.close();
    pg.close();
  }

  @AfterEach
  void replayOn() {
    pg.resumeReplay();
  }

  private static PgVectorStore store(String name, Duration maxLag, Duration ryw) {
    return PgVectorStore.builder()
        .dataSource(db.dataSource())
        .readReplica(replica)
        .collection(TestData.uniqueCollection(name))
        .dimensions(D)
        .maxReplicaLag(maxLag)
        .replicaRetryAfter(Duration.ofMillis(1))
        .readYourWritesWait(ryw)
        .build();
  }

  private static void writeDoc(PgVectorStore s, String docId, int axis) {
    s.write(
        List.of(
            doc(
                docId,
                docId + "-hash",
                chunk(
                    docId, 0, "Document " + docId + " about rollback.", Map.of(), unit(D, axis)))));
  }

  private static List<SearchHit> search(dev.citerag.store.SearchIndex index, int axis) {
    return index.denseSearch(unit(D, axis), 5, Filter.ALL);
  }

  @Test
  void searches_go_to_the_replica_once_it_has_the_collection() {
    try (PgVectorStore s = store("routed", Duration.ofHours(1), Duration.ZERO)) {
      writeDoc(s, "a", 0);
      pg.awaitReplay(CATCH_UP);

      List<SearchHit> hits = search(s, 0);

      assertThat(PgVectorStore.lastSearchServer()).contains("replica-1");
      assertThat(ids(hits)).containsExactly("a#0");
      assertThat(s.toString()).contains("searches on [replica-1]");
    }
  }

  @Test
  void each_search_names_the_server_that_answered_it_with_its_address() {
    try (PgVectorStore s = store("served", Duration.ofMillis(1), Duration.ZERO)) {
      writeDoc(s, "a", 0);
      pg.awaitReplay(CATCH_UP);

      dev.citerag.store.ServedHits onReplica =
          s.hybridSearchServed(TestData.unit(D, 0), "rollback", 5, Filter.ALL);
      assertThat(onReplica.server()).matches("replica-1 \\([^@/?]+:\\d+\\)");
      assertThat(ids(onReplica.hits())).containsExactly("a#0");

      pg.pauseReplay();
      writeDoc(s, "b", 1);
      pg.awaitReceived(CATCH_UP);
      dev.citerag.store.ServedHits onPrimary =
          s.hybridSearchServed(TestData.unit(D, 1), "rollback", 5, Filter.ALL);
      assertThat(onPrimary.server()).matches("primary \\([^@/?]+:\\d+\\)");
      assertThat(onPrimary.server()).isNotEqualTo(onReplica.server());
      assertThat(ids(onPrimary.hits())).contains("b#0");
    }
  }

  @Test
  void a_dense_only_ask_names_the_replica_or_the_primary_in_its_trace() {
    try (PgVectorStore s = store("dense_ask", Duration.ofHours(1), Duration.ZERO)) {
      writeDoc(s, "a", 0);
      pg.awaitReplay(CATCH_UP);
      String question = "How long does a rollback take?";
      DeterministicEmbedder embedder =
          DeterministicEmbedder.builder().dimensions(D).controlledAxes(2).build();
      embedder.map(question, unit(D, 1));
      AskRequest dense = AskRequest.of(question).withRetrievalMode(RetrievalMode.DENSE);

      RagResult onReplica = pipeline(embedder, s).ask(dense);
      assertThat(onReplica.trace().searchServer()).matches("replica-1 \\([^@/?]+:\\d+\\)");
      assertThat(onReplica.trace().retrieved()).extracting(h -> h.chunk().id()).contains("a#0");

      pg.pauseReplay();
      writeDoc(s, "b", 1);
      RagResult afterWrites = pipeline(embedder, s.afterWrites()).ask(dense);
      assertThat(afterWrites.trace().searchServer()).matches("primary \\([^@/?]+:\\d+\\)");
      assertThat(afterWrites.trace().retrieved()).extracting(h -> h.chunk().id()).contains("b#0");
    }
  }

  private static RagPipeline pipeline(DeterministicEmbedder embedder, SearchIndex index) {
    return RagPipeline.builder()
        .embedder(embedder)
        .store(index)
        .generator(AnswerGenerator.of(new ScriptedChatModel().otherwise(Reply.notInSources())))
        .build();
  }

  @Test
  void a_replica_lagging_past_the_bound_is_skipped_and_the_primary_answers() {
    try (PgVectorStore s = store("lagging", Duration.ofMillis(1), Duration.ZERO)) {
      writeDoc(s, "a", 0);
      pg.awaitReplay(CATCH_UP);
      pg.pauseReplay();
      writeDoc(s, "b", 1);
      pg.awaitReceived(CATCH_UP);

      List<SearchHit> hits = search(s, 1);

      assertThat(PgVectorStore.lastSearchServer()).contains("primary");
      assertThat(ids(hits)).contains("b#0");
    }
  }

  @Test
  void plain_searches_may_read_a_stale_replica_but_after_writes_searches_see_the_write() {
    try (PgVectorStore s = store("ryw", Duration.ofHours(1), Duration.ZERO)) {
      writeDoc(s, "a", 0);
      pg.awaitReplay(CATCH_UP);
      pg.pauseReplay();
      writeDoc(s, "b", 1);

      List<SearchHit> stale = search(s, 1);
      assertThat(PgVectorStore.lastSearchServer()).contains("replica-1");
      assertThat(ids(stale)).doesNotContain("b#0");

      List<SearchHit> fresh = search(s.afterWrites(), 1);
      assertThat(PgVectorStore.lastSearchServer()).contains("primary");
      assertThat(ids(fresh)).contains("b#0");
    }
  }

  @Test
  void after_writes_searches_use_the_replica_once_it_has_replayed_the_write() {
    try (PgVectorStore s = store("ryw_wait", Duration.ofHours(1), CATCH_UP)) {
      writeDoc(s, "a", 0);
      pg.pauseReplay();
      writeDoc(s, "b", 1);
      pg.resumeReplay();

      List<SearchHit> hits = search(s.afterWrites(), 1);

      assertThat(PgVectorStore.lastSearchServer()).contains("replica-1");
      assertThat(ids(hits)).contains("b#0");
    }
  }

  @Test
  void a_stopped_replica_is_skipped_and_used_again_when_it_is_back() throws Exception {
    try (PgVectorStore s = store("stopped", Duration.ofHours(1), Duration.ZERO)) {
      writeDoc(s, "a", 0);
      pg.awaitReplay(CATCH_UP);
      pg.stopReplica();
      try {
        List<SearchHit> hits = search(s, 0);
        assertThat(PgVectorStore.lastSearchServer()).contains("primary");
        assertThat(ids(hits)).containsExactly("a#0");
      } finally {
        pg.startReplica();
      }
      long deadline = System.nanoTime() + CATCH_UP.toNanos();
      String server = "";
      while (System.nanoTime() - deadline < 0) {
        List<SearchHit> hits = search(s, 0);
        assertThat(ids(hits)).containsExactly("a#0");
        server = PgVectorStore.lastSearchServer().orElse("");
        if (server.equals("replica-1")) {
          break;
        }
        Thread.sleep(50);
      }
      assertThat(server).isEqualTo("replica-1");
    }
  }

  @Test
  void routing_bounds_are_checked_by_name() {
    PgVectorStore.Builder b = PgVectorStore.builder();
    IllegalArgumentException lag =
        assertThrows(IllegalArgumentException.class, () -> b.maxReplicaLag(Duration.ZERO));
    assertThat(lag).hasMessageContaining("maxReplicaLag");
    IllegalArgumentException wait =
        assertThrows(
            IllegalArgumentException.class, () -> b.readYourWritesWait(Duration.ofMillis(-1)));
    assertThat(wait).hasMessageContaining("readYourWritesWait");
    assertThrows(IllegalArgumentException.class, () -> b.readReplica(null));
  }
}
