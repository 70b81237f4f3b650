package dev.citerag.verify.internal;

import static dev.citerag.answer.SupportVerdict.Support.SUPPORTED;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CompoundsTest {

  @Test
  void a_compound_the_claim_writes_open_matches_the_quote_word_written_closed() {
    assertThat(
            Rules.support(
                "The Harbor Link protocol carries the tide data.",
                "The HarborLink protocol carries the tide data."))
        .isEqualTo(SUPPORTED);
  }

  @Test
  void a_compound_the_claim_writes_closed_matches_the_quote_words_written_open() {
    assertThat(
            Rules.support(
                "The orders are stored in a DataVault cluster.",
                "The orders are stored in a Data Vault cluster."))
        .isEqualTo(SUPPORTED);
  }

  @Test
  void two_words_that_join_into_another_name_do_not_match_it() {
    assertThat(
            Rules.support(
                "The Harbor Link protocol carries the tide data.",
                "The HarborNet protocol carries the tide data."))
        .isNotEqualTo(SUPPORTED);
  }
}
