package dev.citerag.verify.internal;

import dev.citerag.answer.ClaimEvidence;
import dev.citerag.answer.SupportVerdict;
import java.util.List;

/** The rule engine as the rule tests use it (one WordNet for all tests). */
final class Rules {
  private Rules() {}

  static final WordNet WORDNET = WordNet.open();
  static final RuleEngine ENGINE = new RuleEngine(WORDNET, 0.75);

  static SupportVerdict verdict(String claim, String... quotes) {
    return ENGINE.verify(claim, List.of(quotes));
  }

  static SupportVerdict.Support support(String claim, String... quotes) {
    return verdict(claim, quotes).support();
  }

  static List<SupportVerdict> answer(String claim1, String quote1, String claim2, String quote2) {
    return ENGINE.verifyAll(
        List.of(
            new ClaimEvidence(claim1, List.of(quote1)),
            new ClaimEvidence(claim2, List.of(quote2))));
  }

  static List<Quantity> quantities(String text) {
    return new Passage(text, WORDNET, Abbreviations.NONE).quantities;
  }
}
