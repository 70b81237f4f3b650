package dev.citerag.bench.pg;

import com.zaxxer.hikari.HikariDataSource;
import dev.citerag.bench.data.Dataset;
import dev.citerag.bench.harness.Report;
import dev.citerag.pgvector.PgVectorStore;
import dev.langchain4j.store.embedding.pgvector.PgVectorEmbeddingStore;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Section 2 (load until searchable with HNSW, {@link PgLoadSection}) and section 3 (top-5 latency
 * and recall@5, {@link PgSearchSection}), citerag's {@link PgVectorStore} against LangChain4j's
 * {@link PgVectorEmbeddingStore} and bare JDBC, in one database, interleaved.
 */
public final class PgSections {
  private PgSections() {}

  public static void run(
      Dataset data, int[][][] exact, @Nullable String jdbc, int passes, Report report)
      throws Exception {
    try (PgEnv env = PgEnv.open(jdbc);
        HikariDataSource admin = env.pool("admin", 2)) {
      database(env, admin, report);
      PgLoadSection.Loaded loaded =
          Objects.requireNonNull(PgLoadSection.load(env, admin, data, report, false, 1));
      PgSearchSection.search(env, admin, data, exact, loaded, passes, report);
    }
  }

  /**
   * Section 2 alone at {@code data.n} rows only ({@code runs} runs of each path, in rotating
   * order), for measuring the load without the 20,000-row runs and the searches.
   */
  public static void runLoad(Dataset data, @Nullable String jdbc, int runs, Report report)
      throws Exception {
    try (PgEnv env = PgEnv.open(jdbc);
        HikariDataSource admin = env.pool("admin", 2)) {
      database(env, admin, report);
      PgLoadSection.load(env, admin, data, report, true, runs);
    }
  }

  private static void database(PgEnv env, HikariDataSource admin, Report report) throws Exception {
    report.blank();
    report.line(
        "- **Database:** "
            + PgEnv.serverFacts(admin)
            + "; reached through the "
            + env.origin()
            + "; client and server share the machine's cores.");
  }
}
