package dev.citerag.verify.internal;

import static dev.citerag.answer.SupportVerdict.Support.CONTRADICTED;
import static dev.citerag.answer.SupportVerdict.Support.SUPPORTED;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RoleRuleTest {

  @Test
  void swapped_agent_and_patient_contradict() {
    assertThat(
            Rules.support("Zentrix acquired Paloma in 2012.", "Paloma acquired Zentrix in 2012."))
        .isEqualTo(CONTRADICTED);
    assertThat(Rules.support("Marketing reports to Sales.", "Sales reports to Marketing."))
        .isEqualTo(CONTRADICTED);
  }

  @Test
  void passive_voice_keeps_the_roles() {
    assertThat(Rules.support("Paloma was acquired by Zentrix.", "Zentrix acquired Paloma."))
        .isEqualTo(SUPPORTED);
    assertThat(Rules.support("Paloma was acquired by Zentrix.", "Paloma acquired Zentrix."))
        .isEqualTo(CONTRADICTED);
  }

  @Test
  void passive_agent_after_an_article_keeps_the_roles() {
    assertThat(
            Rules.support(
                "The Hollis Fund supports the Darrow hospice.",
                "The Darrow hospice is supported by the Hollis Fund."))
        .isEqualTo(SUPPORTED);
    assertThat(
            Rules.support(
                "The Darrow hospice supports the Hollis Fund.",
                "The Darrow hospice is supported by the Hollis Fund."))
        .isEqualTo(CONTRADICTED);
  }

  @Test
  void symmetric_phrasing_is_not_read_as_roles() {
    assertThat(Rules.support("Zentrix merged with Paloma.", "Paloma merged with Zentrix."))
        .isEqualTo(SUPPORTED);
  }

  @Test
  void be_with_another_preposition_is_compared_only_with_the_same_construction() {
    assertThat(
            Rules.verdict(
                    "Villagers in Tarn are descended from Odo.",
                    "Odo's descendants in Tarn number about 400 villagers.")
                .contradicting())
        .noneMatch(s -> s.contains("roles swapped"));
    assertThat(
            Rules.verdict(
                    "Contoso was spun off from Northwind.", "Northwind was spun off from Contoso.")
                .contradicting())
        .anyMatch(s -> s.contains("roles swapped"));
  }
}
