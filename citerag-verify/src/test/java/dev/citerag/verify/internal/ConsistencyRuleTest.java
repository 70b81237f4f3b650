package dev.citerag.verify.internal;

import static dev.citerag.answer.SupportVerdict.Support.CONTRADICTED;
import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.answer.SupportVerdict;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConsistencyRuleTest {

  @Test
  void two_claims_that_contradict_each_other_both_fail() {
    List<SupportVerdict> v =
        Rules.answer(
            "Badges are required in the lab.",
            "Badges are required in the lab at all times.",
            "Badges are not required in the lab.",
            "During drills, badges are not required in the lab.");
    assertThat(v).allMatch(x -> x.support() == CONTRADICTED);
    assertThat(v.get(0).contradicting()).anyMatch(s -> s.startsWith("contradicts claim 2"));
  }

  @Test
  void one_value_stated_twice_differently_fails() {
    List<SupportVerdict> v =
        Rules.answer(
            "The review takes 3 days.",
            "The review takes 3 days for small teams.",
            "The review takes 5 days.",
            "For large teams, the review takes 5 days.");
    assertThat(v).allMatch(x -> x.support() == CONTRADICTED);
  }

  @Test
  void claims_about_different_things_do_not_conflict() {
    List<SupportVerdict> v =
        Rules.answer(
            "The Oslo office opens at 8:00.",
            "The Oslo office opens at 8:00.",
            "The Bergen office opens at 9:00.",
            "The Bergen office opens at 9:00.");
    assertThat(v).allMatch(SupportVerdict::supported);
  }
}
