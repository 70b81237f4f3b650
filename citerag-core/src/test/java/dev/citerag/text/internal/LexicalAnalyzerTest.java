package dev.citerag.text.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class LexicalAnalyzerTest {

  @Test
  void long_chains_of_joined_terms_do_not_overflow_a_small_stack() throws Exception {
    // "1,2,3,...": one token of 40,000 characters; the greedy group loop recursed once per link
    String chain = String.join(",", java.util.Collections.nCopies(20_000, "7"));
    java.util.concurrent.atomic.AtomicReference<Object> out =
        new java.util.concurrent.atomic.AtomicReference<>();
    Thread t =
        new Thread(
            null,
            () -> {
              try {
                out.set(
                    List.copyOf(
                        LexicalAnalyzer.terms("rollback " + chain + " deploy a-b-" + chain)));
              } catch (Throwable e) {
                out.set(e);
              }
            },
            "small-stack",
            256 * 1024);
    t.start();
    t.join();
    assertThat(out.get()).isInstanceOf(List.class);
    @SuppressWarnings("unchecked")
    List<String> terms = (List<String>) out.get();
    assertThat(terms).contains("rollback", "deploy");
  }

  @Test
  void keeps_numbers_units_and_identifiers_whole() {
    assertThat(
            LexicalAnalyzer.terms(
                "The limit is 0.010 mg/L and 141.80 EUR, see SVC_KEY and deploy-bot v2.3.1."))
        .contains(
            "0.010",
            "141.80",
            "svc_key",
            "deploy-bot",
            "deploy",
            "bot",
            "v2.3.1",
            "mg/l",
            "eur",
            "limit");
  }

  @Test
  void drops_stop_words_and_stems_with_porter2() {
    assertThat(LexicalAnalyzer.terms("What are the keys of the services?"))
        .containsExactly("key", "servic");
    assertThat(LexicalAnalyzer.terms("policies classes status"))
        .containsExactly("polici", "class", "status");
    assertThat(LexicalAnalyzer.terms("represented representing represents"))
        .containsExactly("repres", "repres", "repres");
  }

  @Test
  void stems_only_plain_words_and_the_parts_of_compounds() {
    assertThat(LexicalAnalyzer.terms("rolling-deploys v2.3.1 1990s"))
        .containsExactly("rolling-deploys", "roll", "deploy", "v2.3.1", "v2", "3", "1", "1990s");
  }

  @Test
  void counts_negations_that_terms_leave_out() {
    assertThat(LexicalAnalyzer.terms("The job was not retried")).doesNotContain("not");
    assertThat(LexicalAnalyzer.negations("The job was not retried")).isEqualTo(1);
    assertThat(LexicalAnalyzer.negations("It isn't and can\u2019t be, never, with no key"))
        .isEqualTo(4);
    assertThat(LexicalAnalyzer.negations("Notes on nothingness and knots")).isZero();
  }

  @Test
  void thousands_separators_are_removed_from_numbers() {
    assertThat(LexicalAnalyzer.terms("1,000 requests")).containsExactly("1000", "request");
  }

  @Test
  void possessives_are_reduced() {
    assertThat(LexicalAnalyzer.terms("the team's runbook")).containsExactly("team", "runbook");
  }
}
