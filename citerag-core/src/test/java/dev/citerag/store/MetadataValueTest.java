package dev.citerag.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MetadataValueTest {

  @Test
  void numbers_compare_by_value_and_reject_nan_and_infinity() {
    assertThat(MetadataValue.of(new BigDecimal("2020.00"))).isEqualTo(MetadataValue.of(2020));
    assertThat(MetadataValue.of(0.1).asText()).isEqualTo("0.1");
    assertThat(MetadataValue.of(new BigDecimal("-0.0"))).isEqualTo(MetadataValue.of(0));
    assertThatThrownBy(() -> MetadataValue.of(Double.NaN)).hasMessageContaining("finite");
    assertThatThrownBy(() -> MetadataValue.of(Double.POSITIVE_INFINITY))
        .hasMessageContaining("finite");
    assertThatThrownBy(() -> MetadataValue.of(new BigDecimal("1e400")))
        .hasMessageContaining("exponent");
    assertThatThrownBy(
            () -> MetadataValue.of(new BigDecimal("1234567890123456789012345678901234567890")))
        .hasMessageContaining("significant digits");
  }

  @Test
  void text_numbers_booleans_and_dates_are_different_values() {
    assertThat(MetadataValue.of("2020")).isNotEqualTo(MetadataValue.of(2020));
    assertThat(MetadataValue.of("true")).isNotEqualTo(MetadataValue.of(true));
    assertThat(MetadataValue.of("2024-05-01"))
        .isNotEqualTo(MetadataValue.of(LocalDate.of(2024, 5, 1)));
    assertThat(MetadataValue.list(MetadataValue.of("a"), MetadataValue.of(1)).asText())
        .isEqualTo("a, 1");
  }

  @Test
  void bad_values_and_keys_are_rejected_naming_the_key_and_rule() {
    assertThatThrownBy(() -> MetadataValue.of("a\u0000b")).hasMessageContaining("NUL");
    assertThatThrownBy(() -> MetadataValue.of(LocalDate.of(10_000, 1, 1)))
        .hasMessageContaining("years 1 to 9999");
    assertThatThrownBy(
            () ->
                MetadataValue.list(
                    MetadataValue.of("a"), MetadataValue.list(MetadataValue.of("b"))))
        .hasMessageContaining("must not be lists");
    assertThatThrownBy(() -> MetadataValue.strings(Map.of("team", "a\uD800")))
        .hasMessageContaining("metadata.team");
    assertThatThrownBy(() -> MetadataValue.strings(Map.of("my team", "x")))
        .hasMessageContaining("metadata key \"my team\" must match");
    Map<String, MetadataValue> withNull = new HashMap<>();
    withNull.put("team", null);
    assertThatThrownBy(() -> MetadataValue.copyOf(withNull))
        .hasMessageContaining("metadata value for key \"team\" is null");
  }

  @Test
  void filters_reject_a_list_where_a_scalar_is_meant_and_a_text_bound() {
    MetadataValue list = MetadataValue.list(MetadataValue.of("a"));
    assertThatThrownBy(() -> Filter.eq("tags", list)).hasMessageContaining("use contains");
    assertThatThrownBy(() -> Filter.contains("tags", list)).hasMessageContaining("scalar");
    assertThatThrownBy(() -> Filter.gt("year", MetadataValue.of("2020")))
        .hasMessageContaining("filter bound for \"year\" must be a number or a date, was text");
    assertThat(Filter.keysOf(Filter.and(Filter.eq("a", "x"), Filter.not(Filter.exists("b")))))
        .containsExactly("a", "b");
    assertThat(Filter.keysOf(Filter.ALL)).isEmpty();
  }

  @Test
  void the_in_memory_index_answers_like_filter_test_after_deletes() {
    InMemoryVectorStore store = new InMemoryVectorStore(2);
    List<EmbeddedChunk> chunks =
        List.of(
            chunk("a", 0, Map.of("year", MetadataValue.of(2019))),
            chunk("a", 1, Map.of("year", MetadataValue.of(2021))),
            chunk("b", 0, Map.of("owner", MetadataValue.of("ann"))));
    store.write(
        List.of(
            new DocumentChunks("a", "h", chunks.subList(0, 2)),
            new DocumentChunks("b", "h", chunks.subList(2, 3))));
    assertThat(store.metadataKeys()).contains(java.util.Set.of("owner", "year"));
    Filter notRecent = Filter.not(Filter.gte("year", MetadataValue.of(2020)));
    assertThat(store.denseSearch(new float[] {1, 0}, 10, notRecent))
        .extracting(h -> h.chunk().id())
        .containsExactlyInAnyOrder("a#0", "b#0");
    store.deleteDocument("b");
    assertThat(store.metadataKeys()).contains(java.util.Set.of("year"));
    assertThat(store.denseSearch(new float[] {1, 0}, 10, notRecent))
        .extracting(h -> h.chunk().id())
        .containsExactly("a#0");
  }

  private static EmbeddedChunk chunk(String doc, int i, Map<String, MetadataValue> meta) {
    String text = "Chunk " + i + " of " + doc + ".";
    return new EmbeddedChunk(
        new Chunk(doc + "#" + i, doc, doc, null, List.of(), null, text, 3, "h" + doc + i, meta),
        new float[] {1, i + 1});
  }
}
