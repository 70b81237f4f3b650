package dev.citerag.verify.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class QuantitiesTest {

  private static Quantity only(String text) {
    List<Quantity> q = Rules.quantities(text);
    assertThat(q).as(text).hasSize(1);
    return q.get(0);
  }

  @Test
  void reads_number_words_scales_and_currencies() {
    assertThat(only("one thousand users").value()).isEqualTo(1000);
    assertThat(only("four thousand two hundred rows").value()).isEqualTo(4200);
    assertThat(only("forty-two pages").value()).isEqualTo(42);
    Quantity money = only("revenue of $2.1bn");
    assertThat(money.value()).isEqualTo(2.1e9);
    assertThat(money.dimension()).isEqualTo("usd");
    Quantity words = only("revenue of 2.1 billion dollars");
    assertThat(words.third()).isEqualTo(2.1e9);
    assertThat(words.dimension()).isEqualTo("usd");
    assertThat(only("a budget of 250k").value()).isEqualTo(250_000);
  }

  @Test
  void converts_units_exactly_to_their_base() {
    assertThat(only("4 kg of flour").third()).isEqualTo(4000.0);
    assertThat(only("4000 g of flour").third()).isEqualTo(4000.0);
    assertThat(only("2 hours").third()).isEqualTo(7200.0);
    assertThat(only("120 minutes").third()).isEqualTo(7200.0);
    assertThat(only("100 °C").dimension()).isEqualTo("celsius");
    assertThat(only("100 degrees Celsius").dimension()).isEqualTo("celsius");
    assertThat(only("12 percent").dimension()).isEqualTo("%");
    assertThat(only("12 per cent").dimension()).isEqualTo("%");
  }

  @Test
  void reads_dates_and_keeps_an_ambiguous_one_as_written() {
    Quantity d = only("on 12 March 2001");
    assertThat(d.type()).isEqualTo(Quantity.Type.DATE);
    assertThat(new double[] {d.value(), d.second(), d.third()}).containsExactly(2001, 3, 12);
    Quantity us = only("on March 12, 2001");
    assertThat(new double[] {us.value(), us.second(), us.third()}).containsExactly(2001, 3, 12);
    Quantity iso = only("on 2001-03-12");
    assertThat(new double[] {iso.value(), iso.second(), iso.third()}).containsExactly(2001, 3, 12);
    Quantity ambiguous = only("on 3/12/2001");
    assertThat(ambiguous.literal()).isEqualTo("3/12/2001");
    Quantity clear = only("on 13/3/2001");
    assertThat(clear.literal()).isEmpty();
    assertThat(new double[] {clear.second(), clear.third()}).containsExactly(3, 13);
  }

  @Test
  void reads_pairs_ordinals_and_bounds() {
    Quantity score = only("won 3-1");
    assertThat(score.type()).isEqualTo(Quantity.Type.PAIR);
    assertThat(new double[] {score.value(), score.second()}).containsExactly(3, 1);
    Quantity q3 = only("in Q3");
    assertThat(q3.type()).isEqualTo(Quantity.Type.ORDINAL);
    assertThat(q3.dimension()).isEqualTo("quarter");
    Quantity third = only("in the third quarter");
    assertThat(QuantityRule.match(third, q3)).isEqualTo(QuantityRule.EQUAL);
    assertThat(only("at least 20 hours").bound()).isEqualTo(Quantity.Bound.LOWER);
    assertThat(only("at most 20 hours").bound()).isEqualTo(Quantity.Bound.UPPER);
    assertThat(only("up to 20 hours").bound()).isEqualTo(Quantity.Bound.UPPER);
    assertThat(only("20 hours or more").bound()).isEqualTo(Quantity.Bound.LOWER);
  }

  @Test
  void one_as_a_pronoun_and_may_as_a_verb_are_not_quantities() {
    assertThat(Rules.quantities("one of the teams may approve it")).isEmpty();
  }

  @Test
  void a_rank_before_a_hyphenated_superlative_is_an_ordinal() {
    Quantity second = only("the second-largest port");
    assertThat(second.type()).isEqualTo(Quantity.Type.ORDINAL);
    assertThat(second.value()).isEqualTo(2);
    assertThat(only("its 3rd-most visited museum").value()).isEqualTo(3);
    assertThat(Rules.quantities("a second-hand bookshop")).isEmpty();
  }

  @Test
  void a_rank_hyphenated_to_ever_is_an_ordinal() {
    Quantity first = only("the first-ever night train");
    assertThat(first.type()).isEqualTo(Quantity.Type.ORDINAL);
    assertThat(first.value()).isEqualTo(1);
    assertThat(only("its 2nd-ever title").value()).isEqualTo(2);
    assertThat(
            Rules.support(
                "The city ran the first ever night train in the country.",
                "The city ran the first-ever night train in the country."))
        .isEqualTo(dev.citerag.answer.SupportVerdict.Support.SUPPORTED);
    assertThat(
            Rules.support(
                "The city ran the second-ever night train in the country.",
                "The city ran the first-ever night train in the country."))
        .isNotEqualTo(dev.citerag.answer.SupportVerdict.Support.SUPPORTED);
  }

  @Test
  void an_em_dash_does_not_join_a_number_word_to_the_word_before_it() {
    Quantity years = only("the same as the lower house members\u2014four years");
    assertThat(QuantityRule.match(years, only("four years"))).isEqualTo(QuantityRule.EQUAL);
  }

  @Test
  void a_unit_word_names_its_dimension() {
    assertThat(Quantities.unitDimension("tonnes")).isEqualTo("mass");
    assertThat(Quantities.unitDimension("percent")).isEqualTo("%");
    assertThat(Quantities.unitDimension("m")).isNull();
    assertThat(Quantities.unitDimension("harbour")).isNull();
  }

  @Test
  void reads_a_minus_sign_after_a_word_and_a_number_hyphenated_to_its_unit() {
    assertThat(only("a low of \u221211.7 \u00b0C").value()).isEqualTo(-11.7);
    assertThat(Rules.quantities("pages 10 -12").get(1).value()).isEqualTo(12);
    Quantity age = only("the 13-year-old king");
    assertThat(age.value()).isEqualTo(13);
    assertThat(age.dimension()).isEqualTo("months");
    assertThat(only("a five-year plan").third()).isEqualTo(60);
    assertThat(only("a 24-hour shift").third()).isEqualTo(86_400);
    assertThat(only("by mid-1994").value()).isEqualTo(1994);
    assertThat(only("a density of (0.52/sq mi)").dimension()).isEqualTo("per sq mi");
  }

  @Test
  void reads_or_longer_as_a_lower_bound() {
    assertThat(only("lasting 1,000 years or longer").bound()).isEqualTo(Quantity.Bound.LOWER);
    assertThat(only("cables 3 m or shorter").bound()).isEqualTo(Quantity.Bound.UPPER);
  }
}
