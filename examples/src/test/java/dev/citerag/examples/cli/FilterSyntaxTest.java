package dev.citerag.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.citerag.store.Filter;
import dev.citerag.store.MetadataValue;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
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

  @Test
  void a_printed_filter_parses_back_to_the_same_filter() {
    List<Filter> filters =
        List.of(
            Filter.ALL,
            Filter.eq("team", "platform"),
            Filter.eq("year", Y2020),
            Filter.eq("day", MAY),
            Filter.eq("draft", MetadataValue.of(true)),
            Filter.eq("score", MetadataValue.of(-0.5)),
            Filter.eq("title", "say \"hi\" \\ (then) and, or not = 1"),
            Filter.eq("odd", "tab\tnew\nline\rbell\u0007 \u00e9t\u00e9"),
            Filter.eq("empty", ""),
            Filter.eq("spaces", "  "),
            Filter.eq("not", "a key named like a keyword"),
            Filter.eq("all", "another"),
            Filter.in("team", "ops", "platform"),
            Filter.in("year", MetadataValue.of("2020"), Y2020),
            Filter.in("mixed", MetadataValue.of(true), MAY, MetadataValue.of("x y")),
            Filter.gt("year", Y2020),
            Filter.gte("year", MetadataValue.of(new BigDecimal("1E+30"))),
            Filter.lt("reviewed", MAY),
            Filter.lte("score", MetadataValue.of(0.001)),
            Filter.contains("tags", MetadataValue.of("ops")),
            Filter.contains("tags", MetadataValue.of(7)),
            Filter.exists("owner"),
            Filter.not(Filter.exists("draft")),
            Filter.not(Filter.eq("team", "search")),
            Filter.not(Filter.eq("year", Y2020)),
            Filter.not(Filter.or(Filter.exists("a"), Filter.exists("b"))),
            Filter.not(Filter.not(Filter.exists("a"))),
            Filter.and(Filter.eq("team", "platform"), Filter.gte("year", Y2020)),
            Filter.or(Filter.eq("team", "platform"), Filter.lt("year", Y2020)),
            Filter.and(
                Filter.or(Filter.exists("a"), Filter.exists("b")),
                Filter.and(Filter.exists("c"), Filter.exists("d")),
                Filter.exists("e")),
            Filter.or(
                Filter.and(Filter.exists("a"), Filter.exists("b")),
                Filter.or(Filter.exists("c"), Filter.exists("d"))));

    for (Filter f : filters) {
      String printed = f.toString();
      assertThat(FilterSyntax.parse(printed)).as(printed).isEqualTo(f);
    }
  }

  @Test
  void a_filter_prints_in_the_grammar() {
    assertThat(Filter.and(Filter.eq("team", "platform"), Filter.gte("year", Y2020)))
        .hasToString("team = \"platform\" and year >= 2020");
    assertThat(Filter.eq("year", Y2020)).hasToString("year = number(2020)");
    assertThat(Filter.not(Filter.eq("team", "a\"b"))).hasToString("team != \"a\\\"b\"");
    assertThat(Filter.or(Filter.exists("a"), Filter.and(Filter.exists("b"), Filter.exists("c"))))
        .hasToString("a? or (b? and c?)");
    assertThat(Filter.eq("line", "a\nb\u0001")).hasToString("line = \"a\\nb\\u0001\"");
  }

  @Test
  void expressions_combine_terms_with_and_or_not_and_parentheses() {
    Filter team = Filter.eq("team", "platform");
    Filter recent = Filter.gte("year", Y2020);
    Filter draft = Filter.exists("draft");
    assertThat(FilterSyntax.parse("team = \"platform\" and year >= 2020"))
        .isEqualTo(Filter.and(team, recent));
    assertThat(FilterSyntax.parse("team=\"platform\" or year>=2020 and draft?"))
        .isEqualTo(Filter.or(team, Filter.and(recent, draft)));
    assertThat(FilterSyntax.parse("(team = \"platform\" or year >= 2020) and not draft?"))
        .isEqualTo(Filter.and(Filter.or(team, recent), Filter.not(draft)));
    assertThat(FilterSyntax.parse("team in (ops, \"platform\")"))
        .isEqualTo(Filter.in("team", "ops", "platform"));
    // the older one-term form keeps reading an unquoted value with spaces as one text
    assertThat(FilterSyntax.parse("title=Annual report"))
        .isEqualTo(Filter.eq("title", "Annual report"));
    assertThat(FilterSyntax.parse("tags contains two words"))
        .isEqualTo(Filter.contains("tags", MetadataValue.of("two words")));
  }

  @Test
  void a_bad_expression_is_rejected_naming_the_position_and_the_rule() {
    assertThatThrownBy(() -> FilterSyntax.parse("team = \"platform\" and"))
        .hasMessage(
            "\"team = \"platform\" and\" at character 22: expected a key at \"\""
                + " (letters, digits, _ . -)");
    assertThatThrownBy(() -> FilterSyntax.parse("(team = ops"))
        .hasMessageContaining("at character 12: expected \")\"");
    assertThatThrownBy(() -> FilterSyntax.parse("team = \"open"))
        .hasMessageContaining("at character 8: the quoted text is not closed");
    assertThatThrownBy(() -> FilterSyntax.parse("team = \"a\\qb\""))
        .hasMessageContaining("unknown escape \\q");
    assertThatThrownBy(() -> FilterSyntax.parse("year = number(soon)"))
        .hasMessageContaining("\"soon\" is not a number");
    assertThatThrownBy(() -> FilterSyntax.parse("year in (2020"))
        .hasMessageContaining("expected \",\" or \")\"");
    assertThatThrownBy(() -> FilterSyntax.parse("year >= \"2020\""))
        .hasMessageContaining("is not a number or a date");
  }
}
