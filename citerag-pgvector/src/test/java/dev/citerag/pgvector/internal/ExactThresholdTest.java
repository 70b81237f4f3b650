package dev.citerag.pgvector.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The number of matching rows up to which a filtered dense search scans exactly. */
class ExactThresholdTest {

  @Test
  void the_threshold_grows_with_the_square_root_of_the_collection_and_the_walk() {
    // sqrt(3 · 20 · 200,000) = 3,464, rounded up to two significant digits
    assertThat(Sql.exactMaxRows(20, 200_000)).isEqualTo(3_500);
    // sqrt(3 · 20 · 1,000,000) = 7,746
    assertThat(Sql.exactMaxRows(20, 1_000_000)).isEqualTo(7_800);
    // a hybrid search's dense arm collects 100: sqrt(3 · 100 · 1,000,000) = 17,321
    assertThat(Sql.exactMaxRows(100, 1_000_000)).isEqualTo(18_000);
  }

  @Test
  void a_small_or_never_analysed_collection_keeps_the_fixed_floor() {
    assertThat(Sql.exactMaxRows(20, 0)).isEqualTo(Sql.EXACT_MAX_ROWS);
    assertThat(Sql.exactMaxRows(20, -1)).isEqualTo(Sql.EXACT_MAX_ROWS);
    assertThat(Sql.exactMaxRows(40, 20_000)).isEqualTo(Sql.EXACT_MAX_ROWS);
    assertThat(Sql.exactMaxRows(20, Double.NaN)).isEqualTo(Sql.EXACT_MAX_ROWS);
  }
}
