package dev.citerag.verify.internal;

import static dev.citerag.answer.SupportVerdict.Support.NOT_ENOUGH;
import static dev.citerag.answer.SupportVerdict.Support.SUPPORTED;
import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.answer.SupportVerdict;
import org.junit.jupiter.api.Test;

class ContentRuleTest {

  @Test
  void synonyms_derivations_spelling_and_abbreviations_match() {
    assertThat(
            Rules.support(
                "The council bought the old mill.", "The council purchased the old mill."))
        .isEqualTo(SUPPORTED);
    assertThat(
            Rules.support(
                "The city expanded the harbour.",
                "The expansion of the harbour was done by the city."))
        .isEqualTo(SUPPORTED);
    assertThat(Rules.support("The theater was modernized.", "The theatre was modernised."))
        .isEqualTo(SUPPORTED);
    assertThat(Rules.support("The DB is replicated.", "The database is replicated."))
        .isEqualTo(SUPPORTED);
    assertThat(
            Rules.support(
                "The MTTR fell last year.", "The mean time to repair (MTTR) fell last year."))
        .isEqualTo(SUPPORTED);
  }

  @Test
  void a_name_standing_where_the_quote_has_another_is_contradicted() {
    SupportVerdict v = Rules.verdict("The ferry sails from Dover.", "The ferry sails from Calais.");
    assertThat(v.support()).isEqualTo(SupportVerdict.Support.CONTRADICTED);
    assertThat(v.contradicting()).anyMatch(s -> s.contains("Calais"));
  }

  @Test
  void a_word_changed_in_place_is_not_carried_by_the_rest() {
    assertThat(
            Rules.support(
                "The shipment was returned on Monday.", "The shipment was inspected on Monday."))
        .isNotEqualTo(SUPPORTED);
  }

  @Test
  void a_true_part_does_not_carry_a_false_addition() {
    assertThat(
            Rules.support(
                "The vault is checked daily, and the keys are held by the auditors.",
                "The vault is checked daily."))
        .isEqualTo(NOT_ENOUGH);
  }

  @Test
  void a_claim_without_content_is_not_supported() {
    assertThat(Rules.support("7.", "Seven engineers joined the team in 2020."))
        .isEqualTo(NOT_ENOUGH);
    assertThat(Rules.support("Fabrikam.", "Fabrikam opened an office in Oslo."))
        .isEqualTo(NOT_ENOUGH);
    assertThat(Rules.support("It was.", "The bridge was closed.")).isEqualTo(NOT_ENOUGH);
  }

  @Test
  void spelling_keys_fold_british_and_american_forms() {
    assertThat(Spelling.key("colour")).isEqualTo(Spelling.key("color"));
    assertThat(Spelling.key("analyse")).isEqualTo(Spelling.key("analyze"));
    assertThat(Spelling.key("travelled")).isEqualTo(Spelling.key("traveled"));
    assertThat(Spelling.key("tour")).isEqualTo("tour");
  }
}
