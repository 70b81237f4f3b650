package dev.citerag.pgvector.internal;

/**
 * How much memory and how many parallel workers an HNSW index build gets: a pure function of the
 * row count, the vector's shape, {@code m} and what the server reports about itself.
 *
 * <p><b>Graph estimate.</b> pgvector builds the graph in memory while it fits in {@code
 * maintenance_work_mem}, and otherwise goes on building it on disk, several times slower. Per
 * element the graph holds the vector ({@code 8 + 4 d} bytes for {@code vector}, {@code 8 + 2 d} for
 * {@code halfvec}), the neighbour lists (16 bytes per link: {@code 2 m} links on layer 0, and
 * {@code m} per upper layer, of which an element has {@code 1 / (m - 1)} on average) and about
 * {@value #ELEMENT_OVERHEAD} bytes of element header and allocator bookkeeping; the total is raised
 * by {@value #HEADROOM_PERCENT} % for allocator rounding, plus {@value #FIXED_KB} kB.
 *
 * <p><b>Memory ceiling.</b> A client cannot ask PostgreSQL how much memory its machine has. What
 * the server does say is {@code effective_cache_size}: the administrator's statement of how much
 * memory serves PostgreSQL's data (shared buffers plus the operating system's cache; default 4 GB).
 * The default ceiling is half of it, and never less than the session's own {@code
 * maintenance_work_mem}; a configured ceiling replaces it. The build gets {@code max(session
 * setting, min(estimate, ceiling))}: the setting is never lowered.
 *
 * <p><b>Workers.</b> No parallel workers below {@value #PARALLEL_MIN_ROWS} rows (starting them and
 * sharing the graph costs more than it saves); from there one worker, and one more each time the
 * row count doubles, bounded by the server's {@code max_parallel_workers} and by {@code
 * max_worker_processes - 1} (background processes share that pool), and by a configured ceiling
 * when there is one. PostgreSQL may still start fewer (its own size rule, and workers busy
 * elsewhere).
 */
public final class BuildSizing {
  /** Bytes per element beyond the vector and its links. */
  static final int ELEMENT_OVERHEAD = 200;

  /** Headroom over the estimate, in percent. */
  static final int HEADROOM_PERCENT = 30;

  /** Fixed memory on top of the per-element estimate, in kB. */
  static final long FIXED_KB = 64 * 1024;

  /** Below this many rows the build runs without parallel workers. */
  public static final long PARALLEL_MIN_ROWS = 50_000;

  /** The most workers the row-count rule asks for. */
  static final int MAX_WORKERS = 16;

  private BuildSizing() {}

  /**
   * What the server reports about itself, read in the build's session.
   *
   * @param maintenanceWorkMemKb the session's {@code maintenance_work_mem}
   * @param effectiveCacheSizeKb {@code effective_cache_size}
   * @param maxWorkerProcesses {@code max_worker_processes}
   * @param maxParallelWorkers {@code max_parallel_workers}
   */
  public record Server(
      long maintenanceWorkMemKb,
      long effectiveCacheSizeKb,
      int maxWorkerProcesses,
      int maxParallelWorkers) {}

  /**
   * The chosen settings.
   *
   * @param rows the rows indexed
   * @param estimatedGraphKb the graph's estimated memory
   * @param ceilingKb the memory ceiling that applied
   * @param maintenanceWorkMemKb what {@code maintenance_work_mem} is set to
   * @param workers what {@code max_parallel_maintenance_workers} is set to
   */
  public record Plan(
      long rows, long estimatedGraphKb, long ceilingKb, long maintenanceWorkMemKb, int workers) {

    /** {@return whether the estimated graph fits in the memory given} */
    public boolean graphFits() {
      return estimatedGraphKb <= maintenanceWorkMemKb;
    }
  }

  /**
   * An HNSW build after a bulk load: its sizing, as the server reported it back, and its duration.
   *
   * @param plan the settings the build ran with
   * @param millis how long the {@code CREATE INDEX} took
   */
  public record Build(Plan plan, long millis) {}

  /**
   * {@return the graph's estimated memory in kB}
   *
   * @param rows rows to index
   * @param dimensions vector length
   * @param m HNSW {@code m}
   * @param halfvec whether the index holds {@code halfvec} (2 bytes per dimension) values
   */
  public static long graphKb(long rows, int dimensions, int m, boolean halfvec) {
    if (rows < 0 || dimensions < 1 || m < 2) {
      throw new IllegalArgumentException(
          "rows must be >= 0, dimensions >= 1 and m >= 2, were "
              + rows
              + ", "
              + dimensions
              + ", "
              + m);
    }
    long value = 8L + (halfvec ? 2L : 4L) * dimensions;
    double links = 2.0 * m + (double) m / (m - 1);
    double perElement = value + 16 * links + ELEMENT_OVERHEAD;
    double bytes = rows * perElement * (100 + HEADROOM_PERCENT) / 100.0;
    return (long) Math.ceil(bytes / 1024) + FIXED_KB;
  }

  /**
   * {@return the settings for building an index over {@code rows} rows}
   *
   * @param rows rows to index
   * @param dimensions vector length
   * @param m HNSW {@code m}
   * @param halfvec whether the index holds {@code halfvec} values
   * @param server what the server reports
   * @param ceilingKb the configured memory ceiling in kB, or 0 for the server-derived default
   * @param maxWorkers the configured worker ceiling, or -1 for the server's
   */
  public static Plan plan(
      long rows,
      int dimensions,
      int m,
      boolean halfvec,
      Server server,
      long ceilingKb,
      int maxWorkers) {
    long graph = graphKb(rows, dimensions, m, halfvec);
    long ceiling =
        ceilingKb > 0
            ? ceilingKb
            : Math.max(server.maintenanceWorkMemKb(), server.effectiveCacheSizeKb() / 2);
    long mwm = Math.max(server.maintenanceWorkMemKb(), Math.min(graph, ceiling));
    return new Plan(rows, graph, ceiling, mwm, workers(rows, server, maxWorkers));
  }

  static int workers(long rows, Server server, int maxWorkers) {
    if (rows < PARALLEL_MIN_ROWS) {
      return 0;
    }
    int byRows = 1;
    for (long r = rows / PARALLEL_MIN_ROWS; r >= 2 && byRows < MAX_WORKERS; r /= 2) {
      byRows++;
    }
    int bound = Math.min(server.maxParallelWorkers(), Math.max(0, server.maxWorkerProcesses() - 1));
    if (maxWorkers >= 0) {
      bound = Math.min(bound, maxWorkers);
    }
    return Math.max(0, Math.min(byRows, bound));
  }
}
