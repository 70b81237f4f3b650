package dev.citerag.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.citerag.store.Filter;
import dev.citerag.store.MetadataValue;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

class FilterSyntaxTest {

  private static final MetadataValue Y2020 = MetadataValue.of(2020);
  private static final MetadataValue MAY = MetadataValue.of(LocalDate.of(2024, 5, 1));

  @Test
  void every_operator_has_a_term() {
    assertThat(FilterSyntax.parse("team=platform")).isEqualTo(Filter.eq("team", "platform"));
    assertThat(FilterSyntax.parse("year>=2020")).isEqualTo(Filter.gte("year", Y2020));
    assertThat(FilterSyntax.parse("year > 2020")).isEqualTo(Filter.gt("year", Y2020));
    assertThat(FilterSyntax.parse("reviewed<2024-05-01")).isEqualTo(Filter.lt("reviewed", MAY));
    assertThat(FilterSyntax.parse("score<=-0.5"))
        .isEqualTo(Filter.lte("score", MetadataValue.of(-0.5)));
    assertThat(FilterSyntax.parse("tags contains ops"))
        .isEqualTo(Filter.contains("tags", MetadataValue.of("ops")));
    assertThat(FilterSyntax.parse("owner?")).isEqualTo(Filter.exists("owner"));
    assertThat(FilterSyntax.parse("!draft")).isEqualTo(Filter.not(Filter.exists("draft")));
    assertThat(FilterSyntax.parse("team != search"))
        .isEqualTo(Filter.not(Filter.eq("team", "search")));
  }

  @Test
  void an_unquoted_value_that_reads_as_a_type_matches_it_and_its_text() {
    assertThat(FilterSyntax.parse("year=2020"))
        .isEqualTo(Filter.in("year", MetadataValue.of("2020"), Y2020));
    assertThat(FilterSyntax.parse("draft=true"))
        .isEqualTo(Filter.in("draft", MetadataValue.of("true"), MetadataValue.of(true)));
    assertThat(FilterSyntax.parse("day=2024-05-01"))
        .isEqualTo(Filter.in("day", MetadataValue.of("2024-05-01"), MAY));
    assertThat(FilterSyntax.parse("year=\"2020\"")).isEqualTo(Filter.eq("year", "2020"));
    assertThat(FilterSyntax.parse("tags contains 7"))
        .isEqualTo(
            Filter.or(
                Filter.contains("tags", MetadataValue.of("7")),
                Filter.contains("tags", MetadataValue.of(7))));
  }

  @Test
  void a_bad_term_is_rejected_naming_the_token() {
    assertThatThrownBy(() -> FilterSyntax.parse("year>=soon"))
        .hasMessageContaining("\"soon\" is not a number or a date");
    assertThatThrownBy(() -> FilterSyntax.parse("year=>2020")).hasMessageContaining("year=>2020");
    assertThatThrownBy(() -> FilterSyntax.parse("team ~ x"))
        .hasMessageContaining("unknown operator at \"~ x\"");
    assertThatThrownBy(() -> FilterSyntax.parse("owner? x"))
        .hasMessageContaining("unexpected \"x\"");
    assertThatThrownBy(() -> FilterSyntax.parse("=x")).hasMessageContaining("expected a key");
    assertThatThrownBy(() -> FilterSyntax.parse("team=")).hasMessageContaining("expected a value");
    assertThatThrownBy(() -> FilterSyntax.parse("year<2024-13-01"))
        .hasMessageContaining("\"2024-13-01\" is not a number or a date");
  }
}
