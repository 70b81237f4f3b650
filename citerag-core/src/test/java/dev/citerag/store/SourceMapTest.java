package dev.citerag.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.citerag.store.SourceMap.Run;
import dev.citerag.store.SourceMap.Span;
import java.util.List;
import org.junit.jupiter.api.Test;

class SourceMapTest {
  // chunk: "Head\n\nabc def\n\nghi" ; runs at 6 (abc def) and 15 (ghi, joined), then "| h |" not
  static final SourceMap MAP =
      new SourceMap(
          6,
          List.of(new Run(6, 100, 7, false), new Run(15, 110, 3, true), new Run(20, 50, 5, false)));

  @Test
  void a_span_inside_one_run_maps_exactly() {
    assertThat(MAP.toDocument(6, 9)).contains(new Span(100, 103));
    assertThat(MAP.toDocument(10, 13)).contains(new Span(104, 107));
  }

  @Test
  void a_span_across_joined_runs_maps_from_the_first_to_the_last() {
    assertThat(MAP.toDocument(10, 18)).contains(new Span(104, 113));
  }

  @Test
  void a_span_across_a_run_that_is_not_joined_or_outside_every_run_has_no_document_span() {
    assertThat(MAP.toDocument(15, 25)).isEmpty();
    assertThat(MAP.toDocument(0, 9)).isEmpty(); // starts in the heading prefix
    assertThat(MAP.toDocument(13, 18)).isEmpty(); // starts on the blank line between blocks
    assertThat(MAP.toDocument(7, 7)).isEmpty();
  }

  @Test
  void encodes_compactly_and_reads_back() {
    assertThat(MAP.encode()).isEqualTo("6;6,100,7;15,110,3+;20,50,5");
    assertThat(SourceMap.parse(MAP.encode())).isEqualTo(MAP);
    assertThat(SourceMap.parse("0")).isEqualTo(new SourceMap(0, List.of()));
  }

  @Test
  void rejects_overlapping_runs_runs_in_the_prefix_and_malformed_text() {
    IllegalArgumentException overlap =
        assertThrows(
            IllegalArgumentException.class,
            () -> new SourceMap(0, List.of(new Run(0, 0, 5, false), new Run(3, 9, 2, false))));
    assertThat(overlap).hasMessageContaining("runs must be in order");
    assertThrows(
        IllegalArgumentException.class, () -> new SourceMap(6, List.of(new Run(2, 0, 5, false))));
    assertThrows(
        IllegalArgumentException.class, () -> new SourceMap(0, List.of(new Run(0, 0, 5, true))));
    assertThat(assertThrows(IllegalArgumentException.class, () -> SourceMap.parse("6;1,2")))
        .hasMessageContaining("3 numbers");
    assertThrows(IllegalArgumentException.class, () -> SourceMap.parse("x"));
    assertThat(assertThrows(IllegalArgumentException.class, () -> new Run(0, 0, 0, false)))
        .hasMessageContaining("length must be > 0");
  }

  @Test
  void a_chunk_rejects_a_map_that_reaches_past_its_text() {
    assertThrows(
        IllegalArgumentException.class,
        () ->
            new Chunk(
                "c1",
                "d1",
                "s",
                null,
                List.of(),
                null,
                "short",
                1,
                "h",
                java.util.Map.of(),
                new SourceMap(0, List.of(new Run(0, 0, 9, false)))));
  }
}
