package dev.citerag.answer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.citerag.answer.SupportVerdict.Support;
import java.util.List;
import org.junit.jupiter.api.Test;

class LexicalSupportVerifierTest {

  final LexicalSupportVerifier verifier = new LexicalSupportVerifier();

  SupportVerdict verify(String claim, String... quotes) {
    return verifier.verify(claim, List.of(quotes));
  }

  @Test
  void supports_a_claim_that_restates_its_quote() {
    SupportVerdict v =
        verify(
            "An old-key request receives HTTP 401.",
            "After rotation, an old-key request receives HTTP 401 within a minute.");
    assertThat(v.support()).isEqualTo(Support.SUPPORTED);
    assertThat(v.missing()).isEmpty();
    assertThat(v.coverage()).isEqualTo(1.0);
  }

  @Test
  void rejects_a_number_its_quote_states_differently() {
    SupportVerdict v =
        verify(
            "An old-key request receives HTTP 500.",
            "After rotation, an old-key request receives HTTP 401 within a minute.");
    assertThat(v.support()).isEqualTo(Support.NOT_ENOUGH);
    assertThat(v.missing()).containsExactly("500");
  }

  @Test
  void compares_numbers_normalised() {
    assertThat(
            verify(
                    "The upload limit is 1000 requests per minute.",
                    "The upload limit is 1,000 requests per minute")
                .supported())
        .isTrue();
    assertThat(
            verify(
                    "Production deploys need 2 approvals.",
                    "Production deploys need two approvals from the owning team")
                .supported())
        .isTrue();
    assertThat(verify("The 21st release shipped.", "The 21 release shipped on time").supported())
        .isTrue();
    assertThat(
            verify(
                    "The upload limit is 1 request per minute.",
                    "The upload limit is 1,000 requests per minute")
                .missing())
        .containsExactly("1");
  }

  @Test
  void rejects_a_claim_that_drops_its_quotes_negation() {
    SupportVerdict v =
        verify(
            "Rollback undoes database migrations.", "Rollback does not undo database migrations.");
    assertThat(v.support()).isEqualTo(Support.CONTRADICTED);
    assertThat(v.contradicting()).containsExactly("not");
  }

  @Test
  void rejects_a_claim_that_adds_a_negation() {
    SupportVerdict v =
        verify(
            "Rollback does not undo database migrations.", "Rollback undoes database migrations.");
    assertThat(v.support()).isEqualTo(Support.CONTRADICTED);
    assertThat(v.contradicting()).containsExactly("not");
    assertThat(
            verify(
                    "Rollback can't undo database migrations.",
                    "Rollback undoes database migrations.")
                .support())
        .isEqualTo(Support.CONTRADICTED);
    assertThat(
            verify(
                    "Rollback never undoes database migrations.",
                    "Rollback undoes database migrations.")
                .support())
        .isEqualTo(Support.CONTRADICTED);
  }

  @Test
  void a_negation_in_another_clause_of_the_quote_does_not_count() {
    assertThat(
            verify(
                    "The billing service restarts nightly.",
                    "Deploys are not allowed on Fridays; the billing service restarts nightly.")
                .supported())
        .isTrue();
    assertThat(
            verify("Not all services restart nightly.", "Not all services restart nightly.")
                .supported())
        .isTrue();
    assertThat(
            verify("All services restart nightly.", "Not all services restart nightly.").support())
        .isEqualTo(Support.CONTRADICTED);
  }

  @Test
  void requires_the_claims_names_and_identifiers_in_its_quotes() {
    assertThat(
            verify(
                    "Kublai Khan founded the Yuan dynasty.",
                    "Kublai Khan founded the Yuan dynasty in 1271.")
                .supported())
        .isTrue();
    SupportVerdict swapped =
        verify(
            "Ögedei Khan founded the Yuan dynasty.",
            "Kublai Khan founded the Yuan dynasty in 1271.");
    assertThat(swapped.supported()).isFalse();
    assertThat(swapped.missing()).containsExactly("ögedei");
    assertThat(
            verify("Set SVC_TOKEN before the deploy.", "Set SVC_KEY before the deploy starts")
                .missing())
        .contains("svc_token");
    assertThat(
            verify("Upgrade to v2.3.2 first.", "Upgrade to v2.3.1 first, then restart").supported())
        .isFalse();
  }

  @Test
  void dates_are_their_numbers_and_month() {
    assertThat(
            verify(
                    "The treaty was signed on 12 March 1998.",
                    "The treaty was signed on March 12, 1998, in Paris")
                .supported())
        .isTrue();
    assertThat(
            verify(
                    "The treaty was signed on 12 April 1998.",
                    "The treaty was signed on March 12, 1998, in Paris")
                .missing())
        .containsExactly("april");
  }

  @Test
  void most_content_words_must_occur_in_the_quotes() {
    SupportVerdict v =
        verify(
            "Rollback deletes customer data and invoices permanently.",
            "Rollback does not touch customer data.");
    assertThat(v.supported()).isFalse();
    assertThat(v.missing()).contains("permanently", "invoices");
    assertThat(
            new LexicalSupportVerifier(0.2)
                .verify(
                    "Rollback restores customer data quickly.",
                    List.of("Rollback restores customer data."))
                .supported())
        .isTrue();
    assertThrows(IllegalArgumentException.class, () -> new LexicalSupportVerifier(0.0));
    assertThrows(IllegalArgumentException.class, () -> new LexicalSupportVerifier(1.5));
  }

  @Test
  void a_claim_with_nothing_to_check_is_not_supported() {
    for (String claim : List.of("", " ", "\u200B", "Yes.", "It is.", "...")) {
      SupportVerdict v = verify(claim, "Rollback does not undo database migrations.");
      assertThat(v.supported()).as("claim \"%s\"", claim).isFalse();
    }
  }

  @Test
  void claims_may_combine_several_quotes() {
    assertThat(
            verify(
                    "Rollback does not undo migrations and finishes within 5 minutes.",
                    "Rollback does not undo migrations",
                    "A rollback finishes within 5 minutes for most services")
                .supported())
        .isTrue();
  }

  @Test
  void characters_count_as_words_in_scripts_without_spaces() {
    assertThat(verify("回滚在五分钟内完成。", "大多数服务的回滚在五分钟内完成。").supported()).isTrue();
    assertThat(verify("回滚在十分钟内完成。", "大多数服务的回滚在五分钟内完成。").supported()).isFalse();
  }

  @Test
  void typographic_and_unicode_forms_do_not_matter() {
    assertThat(
            verify(
                    "The on\u2011call engineer can\u2019t approve it.",
                    "The on-call engineer can't approve it without a ticket")
                .supported())
        .isTrue();
    assertThat(
            verify("Cafe\u0301 orders ship on Fridays.", "Caf\u00e9 orders ship on Fridays only")
                .supported())
        .isTrue();
  }

  @Test
  void finds_a_number_inside_a_hyphenated_word_and_a_range_written_with_another_dash() {
    assertThat(
            verify(
                "The service reached 3.5 million households in 1994.",
                "The service reached 3.5 million households by mid-1994."))
        .extracting(SupportVerdict::support)
        .isEqualTo(Support.SUPPORTED);
    assertThat(
            verify(
                    "The service reached 3.5 million households in 1995.",
                    "The service reached 3.5 million households by mid-1994.")
                .missing())
        .containsExactly("1995");
    assertThat(
            verify(
                    "Agricultural output rose 17 % in 2003-04.",
                    "During 2003\u201304, agricultural output rose by 17%.")
                .supported())
        .isTrue();
    assertThat(
            verify(
                    "Agricultural output rose 17 % in 2003-05.",
                    "During 2003\u201304, agricultural output rose by 17%.")
                .supported())
        .isFalse();
  }

  @Test
  void reads_a_word_written_closed_up_open_or_hyphenated_as_the_same_word() {
    assertThat(
            verify(
                    "Microsoft renamed Sky Drive to OneDrive.",
                    "Microsoft announced that SkyDrive will soon become OneDrive.")
                .missing())
        .doesNotContain("sky", "drive");
    assertThat(
            verify(
                    "The archive moved to the cold store on Fridays.",
                    "The archive moved to the coldstore on Fridays.")
                .supported())
        .isTrue();
    assertThat(
            verify(
                    "The channel was rebranded as Pick TV.",
                    "The channel was later re-branded as Pick TV in 2011.")
                .supported())
        .isTrue();
    assertThat(
            verify(
                    "The channel was re-branded as Pick TV.",
                    "The channel was later rebranded as Pick TV in 2011.")
                .supported())
        .isTrue();
    // a closed-up pair does not stand for a different name
    assertThat(
            verify(
                    "The channel was rebranded as Pick Sky.",
                    "The channel was later re-branded as Pick TV in 2011.")
                .missing())
        .containsExactly("sky");
  }

  @Test
  void documents_the_limit_a_false_paraphrase_with_the_quotes_words_passes() {
    // swapped roles: same words, same numbers, same negation; the meaning is reversed
    assertThat(
            verify(
                    "The billing team approves rollbacks of the platform service.",
                    "The platform team approves rollbacks of the billing service.")
                .supported())
        .isTrue();
    // an antonym the quote also contains elsewhere
    assertThat(
            verify(
                    "Deploys before 09:00 are blocked, deploys after 16:00 are allowed.",
                    "Deploys after 09:00 are allowed, deploys before 16:00 are blocked.")
                .supported())
        .isTrue();
  }
}
