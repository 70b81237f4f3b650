package dev.citerag.verify.internal;

import static dev.citerag.answer.SupportVerdict.Support.NOT_ENOUGH;
import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.answer.SupportVerdict;
import org.junit.jupiter.api.Test;

class LanguageRuleTest {

  @Test
  void a_claim_in_another_language_is_never_passed_and_says_why() {
    SupportVerdict german =
        Rules.verdict("Der Umsatz ist nicht gestiegen.", "Der Umsatz ist nicht gestiegen.");
    assertThat(german.support()).isEqualTo(NOT_ENOUGH);
    assertThat(german.missing()).anyMatch(m -> m.startsWith(LanguageRule.REASON_PREFIX));
    SupportVerdict chinese =
        Rules.verdict(
            "\u6536\u5165\u6ca1\u6709\u589e\u52a0\u3002",
            "\u6536\u5165\u6ca1\u6709\u589e\u52a0\u3002");
    assertThat(chinese.support()).isEqualTo(NOT_ENOUGH);
    assertThat(chinese.missing()).anyMatch(m -> m.startsWith(LanguageRule.REASON_PREFIX));
  }

  @Test
  void a_foreign_negation_inside_an_english_claim_is_not_read_as_english() {
    assertThat(Rules.support("Prices did nicht rise in June.", "Prices rose in June."))
        .isEqualTo(NOT_ENOUGH);
  }
}
