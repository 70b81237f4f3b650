package dev.citerag.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullSource;
import org.junit.jupiter.params.provider.ValueSource;

class TraceContextTest {

  @Test
  void takes_the_trace_and_parent_id_of_a_valid_traceparent() {
    TraceContext c =
        TraceContext.fromTraceparent("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01");
    assertThat(c.traceId()).isEqualTo("4bf92f3577b34da6a3ce929d0e0e4736");
    assertThat(c.parentId()).isEqualTo("00f067aa0ba902b7");
    assertThat(c.propagated()).isTrue();
  }

  @Test
  void a_later_version_may_carry_more_fields() {
    TraceContext c =
        TraceContext.fromTraceparent(
            "01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-something");
    assertThat(c.traceId()).isEqualTo("4bf92f3577b34da6a3ce929d0e0e4736");
  }

  @ParameterizedTest
  @NullSource
  @ValueSource(
      strings = {
        "",
        "garbage",
        "00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01",
        "00-00000000000000000000000000000000-00f067aa0ba902b7-01",
        "00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01",
        "ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
        "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-extra",
        "00-4bf92f3577b34da6a3ce929d0e0e473-00f067aa0ba902b7-01"
      })
  void an_invalid_or_missing_header_starts_a_new_trace(String header) {
    TraceContext c = TraceContext.fromTraceparent(header);
    assertThat(c.traceId())
        .matches("[0-9a-f]{32}")
        .isNotEqualTo("4bf92f3577b34da6a3ce929d0e0e4736");
    assertThat(c.parentId()).isNull();
    assertThat(c.propagated()).isFalse();
  }

  @Test
  void generated_ids_are_well_formed_and_differ() {
    String a = TraceContext.generate().traceId();
    String b = TraceContext.generate().traceId();
    assertThat(a).matches("[0-9a-f]{32}").isNotEqualTo(b);
  }

  @Test
  void rejects_a_malformed_trace_id_naming_the_field() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> new TraceContext("XYZ", null));
    assertThat(e).hasMessageContaining("traceId must be 32 lowercase hex digits");
    IllegalArgumentException p =
        assertThrows(
            IllegalArgumentException.class,
            () -> new TraceContext("4bf92f3577b34da6a3ce929d0e0e4736", "0000000000000000"));
    assertThat(p).hasMessageContaining("parentId");
  }
}
