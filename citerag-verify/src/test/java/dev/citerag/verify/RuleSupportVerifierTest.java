package dev.citerag.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.citerag.answer.ClaimEvidence;
import dev.citerag.answer.SupportVerdict;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class RuleSupportVerifierTest {

  @Test
  void builder_rejects_out_of_range_share_naming_the_field() {
    assertThatThrownBy(() -> RuleSupportVerifier.builder().minContentShare(0.0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("minContentShare");
    assertThatThrownBy(() -> RuleSupportVerifier.builder().minContentShare(1.5))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("minContentShare");
    RuleSupportVerifier v = RuleSupportVerifier.builder().minContentShare(0.9).build();
    assertThat(v.minContentShare()).isEqualTo(0.9);
    assertThat(v.toBuilder().build().minContentShare()).isEqualTo(0.9);
  }

  @Test
  void rejects_bad_arguments_naming_them() {
    RuleSupportVerifier v = RuleSupportVerifier.builder().build();
    assertThatThrownBy(() -> v.verify("claim", List.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("quotes");
    assertThatThrownBy(() -> v.verify(null, List.of("q")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("claim");
  }

  @Test
  void verify_all_gives_one_verdict_per_claim_in_order() {
    RuleSupportVerifier v = RuleSupportVerifier.builder().build();
    List<SupportVerdict> out =
        v.verifyAll(
            List.of(
                new ClaimEvidence(
                    "The depot closes at 18:00.", List.of("The depot closes at 18:00.")),
                new ClaimEvidence(
                    "The depot opens on Sundays.", List.of("The depot never opens on Sundays."))));
    assertThat(out).hasSize(2);
    assertThat(out.get(0).supported()).isTrue();
    assertThat(out.get(1).support()).isEqualTo(SupportVerdict.Support.CONTRADICTED);
  }

  @Test
  void a_claim_failed_with_no_word_missing_says_which_rule_failed_it() {
    RuleSupportVerifier v = RuleSupportVerifier.builder().build();
    String quote =
        "In March 2019, the Lisbon depot opened a second loading bay for night deliveries.";

    SupportVerdict dateOnly = v.verify("In March 2019", List.of(quote));
    assertThat(dateOnly.supported()).isFalse();
    assertThat(dateOnly.missing())
        .containsExactly(
            "(no content: the claim states nothing of its own its quotes could carry)");

    SupportVerdict changedName =
        v.verify(
            "In March 2019, the Porto depot opened a second loading bay for night deliveries.",
            List.of(quote));
    assertThat(changedName.supported()).isFalse();
    assertThat(changedName.missing().toString()).doesNotContain("no content");
  }

  @Test
  void gives_the_same_verdicts_from_many_threads() throws Exception {
    RuleSupportVerifier v = RuleSupportVerifier.builder().build();
    String[][] cases = {
      {"The depot closes at 18:00.", "The depot closes at 18:00."},
      {"Revenue fell by 4 percent.", "Revenue rose by 4 percent."},
      {"The firm bought two warehouses.", "The firm purchased 2 warehouses."},
      {"The bridge is not open to lorries.", "The bridge is closed to lorries."}
    };
    List<SupportVerdict.Support> expected = new ArrayList<>();
    for (String[] c : cases) {
      expected.add(v.verify(c[0], List.of(c[1])).support());
    }
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<Boolean>> futures = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        futures.add(
            pool.submit(
                () -> {
                  for (int r = 0; r < 50; r++) {
                    for (int k = 0; k < cases.length; k++) {
                      if (v.verify(cases[k][0], List.of(cases[k][1])).support()
                          != expected.get(k)) {
                        return false;
                      }
                    }
                  }
                  return true;
                }));
      }
      for (Future<Boolean> f : futures) {
        assertThat(f.get(5, TimeUnit.MINUTES)).isTrue();
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void a_quote_cited_by_several_claims_is_judged_for_each_as_if_alone() {
    RuleSupportVerifier v = RuleSupportVerifier.builder().build();
    String quote = "Northwind opened a depot in Leeds in 2019 and closed its York site in 2021.";
    List<String> claims =
        List.of(
            "The Leeds depot was opened by Northwind in 2019.",
            "Northwind opened a depot in Leeds in 2019.",
            "Northwind closed its York site in 2021.");
    List<ClaimEvidence> evidence = new ArrayList<>();
    for (String c : claims) {
      evidence.add(new ClaimEvidence(c, List.of(quote, quote), List.of()));
    }
    List<SupportVerdict> together = v.verifyAll(evidence);
    for (int i = 0; i < claims.size(); i++) {
      SupportVerdict alone = v.verify(claims.get(i), List.of(quote, quote));
      SupportVerdict shared = together.get(i);
      assertThat(shared.support()).as(claims.get(i)).isEqualTo(alone.support());
      assertThat(shared.missing()).as(claims.get(i)).isEqualTo(alone.missing());
      assertThat(shared.coverage()).as(claims.get(i)).isEqualTo(alone.coverage());
    }
    assertThat(together.get(1).support()).isEqualTo(SupportVerdict.Support.SUPPORTED);
  }
}
