package dev.citerag.pgvector.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import org.junit.jupiter.api.Test;

class ReadRouterTest {

  @Test
  void wal_positions_round_trip_and_order_as_postgres_orders_them() {
    assertThat(Lsn.parse("0/0")).isZero();
    assertThat(Lsn.format(Lsn.parse("16/B374D848"))).isEqualTo("16/B374D848");
    assertThat(Lsn.parse("1/0")).isGreaterThan(Lsn.parse("0/FFFFFFFF"));
    assertThat(Lsn.format(0)).isEqualTo("0/0");
    assertThrows(IllegalArgumentException.class, () -> Lsn.parse("16B374D848"));
    assertThrows(IllegalArgumentException.class, () -> Lsn.parse("16/"));
  }

  @Test
  void connection_shutdown_and_recovery_conflicts_are_the_servers_fault_not_the_querys() {
    assertThat(ReadRouter.serverTrouble(new SQLException("refused", "08001"))).isTrue();
    assertThat(ReadRouter.serverTrouble(new SQLException("terminating", "57P01"))).isTrue();
    assertThat(ReadRouter.serverTrouble(new SQLException("conflict with recovery", "40001")))
        .isTrue();
    assertThat(
            ReadRouter.serverTrouble(
                new SQLTransientConnectionException(
                    "pool", null, new SQLException("refused", "08006"))))
        .isTrue();
    assertThat(ReadRouter.serverTrouble(new SQLException("syntax error", "42601"))).isFalse();
    assertThat(ReadRouter.serverTrouble(new SQLException("no state"))).isFalse();
  }
}
