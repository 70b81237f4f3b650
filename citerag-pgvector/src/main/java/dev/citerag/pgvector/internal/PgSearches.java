package dev.citerag.pgvector.internal;

import dev.citerag.internal.Checks;
import dev.citerag.store.Chunk;
import dev.citerag.store.Filter;
import dev.citerag.store.SearchHit;
import dev.citerag.store.internal.RankFusion;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The collection's searches: dense (HNSW, or exact when a filter leaves few rows), lexical
 * (full-text) and hybrid (both, fused by rank in one statement), with a short-lived memory of which
 * filters need exact scans.
 */
final class PgSearches {
  private final Settings settings;
  private final Sql sql;
  private final Reads reads;

  PgSearches(Settings settings, Sql sql, Reads reads) {
    this(settings, sql, reads, new ConcurrentHashMap<>());
  }

  private PgSearches(
      Settings settings, Sql sql, Reads reads, ConcurrentHashMap<DecisionKey, Decision> decisions) {
    this.settings = settings;
    this.sql = sql;
    this.reads = reads;
    this.decisions = decisions;
  }

  /** The same searches, run where {@code other} says; the memory of filter decisions is shared. */
  PgSearches on(Reads other) {
    return new PgSearches(settings, sql, other, decisions);
  }

  /**
   * See {@link dev.citerag.store.VectorStore#denseSearch}; re-run exactly when the index walk finds
   * fewer than k.
   */
  List<SearchHit> denseSearch(float[] queryVector, int k, Filter filter) {
    return denseSearchServed(queryVector, k, filter).value();
  }

  /** {@link #denseSearch}, naming the server that answered. */
  Reads.Served<List<SearchHit>> denseSearchServed(float[] queryVector, int k, Filter filter) {
    String vector = checkQueryVector(queryVector);
    Checks.positive(k, "k");
    Checks.notNull(filter, "filter");
    DecisionKey key = new DecisionKey(filter, sql.filteredWalkRows(k));
    Ranked r = dense(vector, k, filter, mode(key));
    remember(key, r.exact);
    if (!r.exact && r.denseCount < k) {
      r = dense(vector, k, filter, Sql.DenseMode.EXACT);
      remember(key, true);
    }
    return new Reads.Served<>(r.hits, r.server);
  }

  /**
   * Recent exact-or-approximate decisions per filter, so the matching rows are not counted on every
   * query.
   */
  private final ConcurrentHashMap<DecisionKey, Decision> decisions;

  private static final long DECISION_TTL_NANOS = 30_000_000_000L;
  private static final int MAX_DECISIONS = 1024;

  private record Decision(boolean exact, long expires) {}

  /** A filter and the matching rows its index walk collects (which sizes the exact threshold). */
  private record DecisionKey(Filter filter, int walkRows) {}

  /** The planner's row estimate of the collection and until when it is used, shared. */
  private record Estimate(double rows, long expires) {}

  private volatile Estimate estimate = new Estimate(0, System.nanoTime());

  /**
   * The threshold of matching rows up to which a search collecting {@code walkRows} under a filter
   * is exact ({@link Sql#exactMaxRows}), from the collection's row estimate (read at most every 30
   * seconds).
   */
  private int exactMaxRows(int walkRows) {
    Estimate e = estimate;
    if (e.expires - System.nanoTime() < 0) {
      double rows =
          reads.inTransaction(
              "reading the collection's size",
              c -> {
                try (PreparedStatement ps = c.prepareStatement(sql.estimatedRows());
                    ResultSet rs = ps.executeQuery()) {
                  return rs.next() ? rs.getDouble(1) : 0.0;
                }
              });
      e = new Estimate(rows, System.nanoTime() + DECISION_TTL_NANOS);
      estimate = e;
    }
    return Sql.exactMaxRows(walkRows, e.rows);
  }

  private Sql.DenseMode mode(DecisionKey key) {
    if (FilterSql.isAll(key.filter)) {
      return Sql.DenseMode.APPROXIMATE;
    }
    Decision d = decisions.get(key);
    if (d == null || d.expires - System.nanoTime() < 0) {
      return Sql.DenseMode.DECIDE;
    }
    return d.exact ? Sql.DenseMode.EXACT : Sql.DenseMode.APPROXIMATE;
  }

  private void remember(DecisionKey key, boolean exact) {
    if (FilterSql.isAll(key.filter)) {
      return;
    }
    if (decisions.size() >= MAX_DECISIONS) {
      decisions.clear();
    }
    decisions.put(key, new Decision(exact, System.nanoTime() + DECISION_TTL_NANOS));
  }

  private record Ranked(List<SearchHit> hits, long denseCount, boolean exact, String server) {
    Ranked(List<SearchHit> hits, long denseCount, boolean exact) {
      this(hits, denseCount, exact, "");
    }
  }

  private Ranked dense(String vector, int k, Filter filter, Sql.DenseMode mode) {
    Sql.Query q =
        sql.dense(
            filter,
            vector,
            mode,
            k,
            mode == Sql.DenseMode.DECIDE
                ? exactMaxRows(sql.filteredWalkRows(k))
                : Sql.EXACT_MAX_ROWS);
    Reads.Served<Ranked> served =
        inSearchServed(
            "dense search",
            k,
            c -> {
              List<double[]> scores = new ArrayList<>();
              List<Chunk> chunks = new ArrayList<>();
              Counted counted =
                  readHits(
                      c,
                      q,
                      row -> {
                        chunks.add(row.chunk());
                        scores.add(new double[] {row.float8("distance")});
                      });
              Integer[] order =
                  sortedIndexes(
                      chunks.size(),
                      Comparator.<Integer>comparingDouble(i -> scores.get(i)[0])
                          .thenComparing(i -> chunks.get(i).id()));
              List<SearchHit> hits = new ArrayList<>(chunks.size());
              for (int rank = 1; rank <= order.length; rank++) {
                int i = order[rank - 1];
                hits.add(
                    new SearchHit(
                        chunks.get(i),
                        1.0 - scores.get(i)[0],
                        rank,
                        null,
                        0,
                        RankFusion.term(rank)));
              }
              return new Ranked(List.copyOf(hits), counted.denseCount(), counted.exact());
            });
    Ranked r = served.value();
    return new Ranked(r.hits, r.denseCount, r.exact, served.server());
  }

  /** What a dense or hybrid statement's rows say besides their hits. */
  private record Counted(long denseCount, boolean exact) {}

  /** Reads the current row of a search statement. */
  @FunctionalInterface
  private interface RowWork {
    void read(RowReader row) throws SQLException;
  }

  /** Runs a search statement and hands each of its rows to {@code each}. */
  private static void forEachRow(Connection c, Sql.Query q, RowWork each) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(q.sql.toString())) {
      Jdbc.serverPrepared(ps);
      Rows.bind(c, ps, q.params);
      try (ResultSet rs = ps.executeQuery()) {
        RowReader row = new RowReader(rs);
        while (row.next()) {
          each.read(row);
        }
      }
    }
  }

  /**
   * Runs a dense or hybrid statement, handing each hit row to {@code hit}. Every row carries the
   * dense arm's match count and whether it was an exact scan; an empty result is one row without an
   * id.
   */
  private static Counted readHits(Connection c, Sql.Query q, RowWork hit) throws SQLException {
    long[] count = {0};
    boolean[] exact = {false};
    forEachRow(
        c,
        q,
        row -> {
          count[0] = row.int8("dense_count");
          exact[0] = row.bool("exact");
          if (row.nullableText("id") != null) { // else the one row of an empty result
            hit.read(row);
          }
        });
    return new Counted(count[0], exact[0]);
  }

  /** See {@link dev.citerag.store.VectorStore#lexicalSearch}; a blank query finds nothing. */
  List<SearchHit> lexicalSearch(String queryText, int k, Filter filter) {
    checkQueryText(queryText);
    Checks.positive(k, "k");
    Checks.notNull(filter, "filter");
    if (queryText.isBlank()) {
      return List.of();
    }
    Sql.Query q = sql.lexical(filter, queryText, k);
    return inSearch(
        "lexical search",
        k,
        c -> {
          List<Chunk> chunks = new ArrayList<>();
          List<Double> scores = new ArrayList<>();
          forEachRow(
              c,
              q,
              row -> {
                chunks.add(row.chunk());
                scores.add(row.float4("score"));
              });
          Integer[] order =
              sortedIndexes(
                  chunks.size(),
                  Comparator.<Integer>comparingDouble(i -> -scores.get(i))
                      .thenComparing(i -> chunks.get(i).id()));
          List<SearchHit> hits = new ArrayList<>(chunks.size());
          for (int rank = 1; rank <= order.length; rank++) {
            int i = order[rank - 1];
            hits.add(
                new SearchHit(
                    chunks.get(i), null, null, rank, scores.get(i), RankFusion.term(rank)));
          }
          return List.copyOf(hits);
        });
  }

  /** See {@link dev.citerag.store.VectorStore#hybridSearch}: one statement, fused in SQL. */
  List<SearchHit> hybridSearch(float[] queryVector, String queryText, int k, Filter filter) {
    return hybridSearchServed(queryVector, queryText, k, filter).value();
  }

  /** {@link #hybridSearch}, naming the server that answered. */
  Reads.Served<List<SearchHit>> hybridSearchServed(
      float[] queryVector, String queryText, int k, Filter filter) {
    String vector = checkQueryVector(queryVector);
    checkQueryText(queryText);
    Checks.positive(k, "k");
    Checks.notNull(filter, "filter");
    int n = RankFusion.candidatesFor(k);
    DecisionKey key = new DecisionKey(filter, sql.filteredWalkRows(n));
    Ranked r = hybrid(vector, queryText, n, k, filter, mode(key));
    remember(key, r.exact);
    if (!r.exact && r.denseCount < n) {
      r = hybrid(vector, queryText, n, k, filter, Sql.DenseMode.EXACT);
      remember(key, true);
    }
    return new Reads.Served<>(r.hits, r.server);
  }

  private Ranked hybrid(
      String vector, String text, int n, int k, Filter filter, Sql.DenseMode mode) {
    Sql.Query q =
        sql.hybrid(
            filter,
            vector,
            text,
            mode,
            n,
            k,
            mode == Sql.DenseMode.DECIDE
                ? exactMaxRows(sql.filteredWalkRows(n))
                : Sql.EXACT_MAX_ROWS);
    Reads.Served<Ranked> served =
        inSearchServed(
            "hybrid search",
            n,
            c -> {
              List<SearchHit> hits = new ArrayList<>();
              Counted counted =
                  readHits(
                      c,
                      q,
                      row -> {
                        Integer denseRank = row.nullableInt4("dense_rank");
                        Integer lexicalRank = row.nullableInt4("lexical_rank");
                        double fused = 0;
                        if (denseRank != null) {
                          fused += RankFusion.term(denseRank);
                        }
                        if (lexicalRank != null) {
                          fused += RankFusion.term(lexicalRank);
                        }
                        hits.add(
                            new SearchHit(
                                row.chunk(),
                                1.0 - row.float8("distance"),
                                denseRank,
                                lexicalRank,
                                row.float4("score"),
                                fused));
                      });
              hits.sort(RankFusion.ORDER);
              return new Ranked(List.copyOf(hits), counted.denseCount(), counted.exact());
            });
    Ranked r = served.value();
    return new Ranked(r.hits, r.denseCount, r.exact, served.server());
  }

  /** Sets the cosine of each hit (e.g. lexical hits) from the stored vectors; order is kept. */
  List<SearchHit> withCosines(float[] queryVector, List<SearchHit> hits) {
    String vector = checkQueryVector(queryVector);
    Checks.noNullElements(hits, "hits");
    if (hits.isEmpty()) {
      return List.of();
    }
    String[] ids = hits.stream().map(h -> h.chunk().id()).distinct().toArray(String[]::new);
    Map<String, Double> distances =
        reads.inTransaction(
            "computing cosines",
            c -> {
              Map<String, Double> out = new HashMap<>();
              try (PreparedStatement ps = c.prepareStatement(sql.cosineDistances())) {
                ps.setString(1, vector);
                ps.setArray(2, c.createArrayOf("text", ids));
                try (ResultSet rs = ps.executeQuery()) {
                  while (rs.next()) {
                    out.put(rs.getString(1), rs.getDouble(2));
                  }
                }
              }
              return out;
            });
    List<SearchHit> out = new ArrayList<>(hits.size());
    for (SearchHit h : hits) {
      Double d = distances.get(h.chunk().id());
      out.add(
          d == null
              ? h
              : new SearchHit(
                  h.chunk(),
                  1.0 - d,
                  h.denseRank(),
                  h.lexicalRank(),
                  h.lexicalScore(),
                  h.fusedScore()));
    }
    return List.copyOf(out);
  }

  private String checkQueryVector(float[] v) {
    Checks.finiteVector(v, "queryVector");
    if (v.length != settings.dimensions()) {
      throw new IllegalArgumentException(
          "queryVector must have " + settings.dimensions() + " dimensions, was " + v.length);
    }
    if (Values.isZero(v)) {
      throw new IllegalArgumentException(
          "queryVector must not be all zeros (its cosine is undefined)");
    }
    return Rows.vectorLiteral(v);
  }

  private static void checkQueryText(String text) {
    Checks.notNull(text, "queryText");
    Values.noNul(text, "queryText");
  }

  private static Integer[] sortedIndexes(int n, Comparator<Integer> cmp) {
    Integer[] idx = new Integer[n];
    for (int i = 0; i < n; i++) {
      idx[i] = i;
    }
    Arrays.sort(idx, cmp);
    return idx;
  }

  /**
   * A search in a transaction, so that its {@code set_config(..., true)} settings apply to it only.
   */
  private <T> T inSearch(String what, int candidates, Jdbc.Work<T> work) {
    return inSearchServed(what, candidates, work).value();
  }

  /**
   * {@link #inSearch}, naming the server that answered: {@code primary} or a replica's name, with
   * the host and port of its connection URL.
   */
  private <T> Reads.Served<T> inSearchServed(String what, int candidates, Jdbc.Work<T> work) {
    int ef = Math.min(1000, Math.max(settings.efSearch(), candidates));
    String[] address = {""};
    Reads.Served<T> served =
        reads.inTransactionServed(
            what,
            c -> {
              address[0] = Jdbc.address(c);
              try (PreparedStatement ps = c.prepareStatement(Sql.SEARCH_SETTINGS)) {
                Jdbc.serverPrepared(ps);
                ps.setString(1, Integer.toString(ef));
                ps.execute();
              }
              return work.run(c);
            });
    String server =
        address[0].isEmpty() ? served.server() : served.server() + " (" + address[0] + ")";
    return new Reads.Served<>(served.value(), server);
  }
}
