package dev.citerag.pgvector.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class BuildSizingTest {
  private static final long GB = 1024L * 1024;
  private static final BuildSizing.Server DEFAULTS =
      new BuildSizing.Server(64 * 1024, 4 * GB, 8, 8);

  @Test
  void the_graph_estimate_grows_with_rows_dimensions_and_m_and_halves_its_vectors_as_halfvec() {
    long base = BuildSizing.graphKb(1_000_000, 384, 16, false);
    assertThat(BuildSizing.graphKb(2_000_000, 384, 16, false) - BuildSizing.FIXED_KB)
        .isBetween(2 * (base - BuildSizing.FIXED_KB) - 1, 2 * (base - BuildSizing.FIXED_KB) + 1);
    assertThat(BuildSizing.graphKb(1_000_000, 768, 16, false)).isGreaterThan(base);
    assertThat(BuildSizing.graphKb(1_000_000, 384, 32, false)).isGreaterThan(base);
    // 384 float4 per element are 1,544 bytes of the ~2,270; halfvec saves 768 of them
    long half = BuildSizing.graphKb(1_000_000, 384, 16, true);
    assertThat(base - half).isBetween(960_000L, 990_000L);
    // a million 384-d vectors at m 16 need more than the 2 GB the build used to be capped at
    assertThat(base).isGreaterThan(2 * GB);
    assertThat(BuildSizing.graphKb(0, 384, 16, false)).isEqualTo(BuildSizing.FIXED_KB);
  }

  @Test
  void memory_is_the_estimate_within_the_ceiling_and_never_below_the_session_setting() {
    long graph = BuildSizing.graphKb(1_000_000, 384, 16, false);
    // default ceiling: half of effective_cache_size (here 16 GB -> 8 GB): the graph fits
    BuildSizing.Plan roomy =
        BuildSizing.plan(
            1_000_000, 384, 16, false, new BuildSizing.Server(64 * 1024, 16 * GB, 8, 8), 0, -1);
    assertThat(roomy.ceilingKb()).isEqualTo(8 * GB);
    assertThat(roomy.maintenanceWorkMemKb()).isEqualTo(graph);
    assertThat(roomy.graphFits()).isTrue();
    // the default 4 GB effective_cache_size gives a 2 GB ceiling: the graph does not fit
    BuildSizing.Plan capped = BuildSizing.plan(1_000_000, 384, 16, false, DEFAULTS, 0, -1);
    assertThat(capped.maintenanceWorkMemKb()).isEqualTo(2 * GB);
    assertThat(capped.graphFits()).isFalse();
    // a configured ceiling replaces the default
    assertThat(BuildSizing.plan(1_000_000, 384, 16, false, DEFAULTS, GB, -1).maintenanceWorkMemKb())
        .isEqualTo(GB);
    assertThat(
            BuildSizing.plan(1_000_000, 384, 16, false, DEFAULTS, 4 * GB, -1)
                .maintenanceWorkMemKb())
        .isEqualTo(graph);
    // a small build keeps a larger session setting: never lowered
    BuildSizing.Plan small =
        BuildSizing.plan(1_000, 384, 16, false, new BuildSizing.Server(GB, 4 * GB, 8, 8), 0, -1);
    assertThat(small.maintenanceWorkMemKb()).isEqualTo(GB);
    // a session setting above the default ceiling raises the ceiling to it
    BuildSizing.Plan big =
        BuildSizing.plan(
            1_000_000, 384, 16, false, new BuildSizing.Server(3 * GB, 4 * GB, 8, 8), 0, -1);
    assertThat(big.ceilingKb()).isEqualTo(3 * GB);
    assertThat(big.maintenanceWorkMemKb()).isEqualTo(3 * GB);
  }

  @Test
  void workers_start_at_fifty_thousand_rows_grow_per_doubling_and_stay_within_the_server() {
    BuildSizing.Server many = new BuildSizing.Server(64 * 1024, 4 * GB, 64, 64);
    assertThat(BuildSizing.workers(49_999, many, -1)).isZero();
    assertThat(BuildSizing.workers(50_000, many, -1)).isEqualTo(1);
    assertThat(BuildSizing.workers(100_000, many, -1)).isEqualTo(2);
    assertThat(BuildSizing.workers(199_999, many, -1)).isEqualTo(2);
    assertThat(BuildSizing.workers(200_000, many, -1)).isEqualTo(3);
    assertThat(BuildSizing.workers(1_000_000, many, -1)).isEqualTo(5);
    assertThat(BuildSizing.workers(Long.MAX_VALUE, many, -1)).isEqualTo(BuildSizing.MAX_WORKERS);
    // bounded by max_parallel_workers, by max_worker_processes - 1 and by the configured ceiling
    assertThat(BuildSizing.workers(1_000_000, new BuildSizing.Server(0, 0, 8, 2), -1)).isEqualTo(2);
    assertThat(BuildSizing.workers(1_000_000, new BuildSizing.Server(0, 0, 3, 8), -1)).isEqualTo(2);
    assertThat(BuildSizing.workers(1_000_000, many, 1)).isEqualTo(1);
    assertThat(BuildSizing.workers(1_000_000, many, 0)).isZero();
    assertThat(BuildSizing.workers(1_000_000, new BuildSizing.Server(0, 0, 0, 0), -1)).isZero();
  }

  @Test
  void bad_shapes_are_rejected_naming_the_fields() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> BuildSizing.graphKb(-1, 384, 16, false));
    assertThat(e.getMessage()).contains("rows", "dimensions", "m");
  }
}
