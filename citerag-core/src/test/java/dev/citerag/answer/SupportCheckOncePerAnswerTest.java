package dev.citerag.answer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.citerag.ProviderException;
import dev.citerag.TransientProviderException;
import dev.citerag.chat.ChatModel;
import dev.citerag.chat.ChatRequest;
import dev.citerag.chat.ChatResponse;
import dev.citerag.chat.FinishReason;
import dev.citerag.chat.TokenUsage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The validator asks the support verifier once per answer; the tiered verifier asks the judge only
 * about the claims the rules leave open; a judge failure is a critical {@code judge_unavailable};
 * the judge's calls are bounded by the time left.
 */
class SupportCheckOncePerAnswerTest {

  static final String Q1 = "A rollback finishes within 5 minutes of the request.";
  static final String Q2 = "Deploys are frozen on Fridays after noon.";
  final List<SentSource> sent =
      List.of(Sources.sent("k1", "Ops. " + Q1 + " More."), Sources.sent("k2", "Ops. " + Q2));

  static ModelAnswer twoClaims(String c1, String c2) {
    return new ModelAnswer(
        AnswerStatus.ANSWERED,
        c1 + " " + c2,
        List.of(
            new Claim(c1, List.of(new Citation("k1", Q1))),
            new Claim(c2, List.of(new Citation("k2", Q2)))));
  }

  /** A verifier that records each call and answers from a map of claim to verdict. */
  static final class Recording implements SupportVerifier {
    final List<List<ClaimEvidence>> calls = new ArrayList<>();
    final Map<String, SupportVerdict.Support> says;

    Recording(Map<String, SupportVerdict.Support> says) {
      this.says = says;
    }

    @Override
    public SupportVerdict verify(String claim, List<String> quotes) {
      throw new AssertionError("verify must not be called; verifyAll is");
    }

    @Override
    public List<SupportVerdict> verifyAll(List<ClaimEvidence> claims) {
      calls.add(claims);
      return claims.stream()
          .map(
              c ->
                  new SupportVerdict(
                      says.getOrDefault(c.claim(), SupportVerdict.Support.SUPPORTED),
                      List.of(),
                      List.of(),
                      1.0,
                      VerificationUsage.NONE))
          .toList();
    }
  }

  /** A chat model that answers with {@code reply} applied to the request, counting calls. */
  static final class Judge implements ChatModel {
    final List<ChatRequest> requests = new ArrayList<>();
    final Function<ChatRequest, String> reply;

    Judge(Function<ChatRequest, String> reply) {
      this.reply = reply;
    }

    @Override
    public ChatResponse chat(ChatRequest request) {
      requests.add(request);
      return new ChatResponse(
          reply.apply(request),
          FinishReason.STOP,
          "stop",
          new TokenUsage(10, 2, 0, 0, 12),
          "judge-1",
          null);
    }

    @Override
    public String name() {
      return "test:judge";
    }
  }

  @Test
  void the_verifier_is_asked_once_for_all_the_fully_valid_claims_of_an_answer() {
    Recording rules = new Recording(Map.of());
    ValidationReport r =
        DefaultCitationValidator.withSupportVerifier(rules)
            .validate(
                twoClaims(
                    "A rollback finishes within 5 minutes.", "Deploys are frozen on Fridays."),
                sent);
    assertThat(rules.calls).hasSize(1);
    assertThat(rules.calls.get(0)).extracting(ClaimEvidence::claim).hasSize(2);
    assertThat(r.checks())
        .extracting(ClaimCheck::rules)
        .containsOnly(SupportVerdict.Support.SUPPORTED);
    assertThat(r.checks()).extracting(ClaimCheck::judge).containsOnlyNulls();
  }

  @Test
  void each_claim_comes_with_its_cited_chunks_title_headings_and_text_as_context() {
    Recording rules = new Recording(Map.of());
    DefaultCitationValidator.withSupportVerifier(rules)
        .validate(
            twoClaims("A rollback finishes within 5 minutes.", "Deploys are frozen on Fridays."),
            sent);
    List<ClaimEvidence> evidence = rules.calls.get(0);
    assertThat(evidence.get(0).context())
        .containsExactly("Title c-k1", "Section", "Ops. " + Q1 + " More.");
    assertThat(evidence.get(1).context()).containsExactly("Title c-k2", "Section", "Ops. " + Q2);
    // without context, a claim's evidence has none
    assertThat(new ClaimEvidence("c", List.of("q")).context()).isEmpty();
  }

  @Test
  void an_unsupported_claims_issue_stands_where_the_per_claim_check_put_it() {
    Recording rules =
        new Recording(
            Map.of("A rollback finishes within 5 minutes.", SupportVerdict.Support.NOT_ENOUGH));
    ModelAnswer a =
        new ModelAnswer(
            AnswerStatus.ANSWERED,
            "A rollback finishes within 5 minutes. Deploys are frozen on Fridays.",
            List.of(
                new Claim("A rollback finishes within 5 minutes.", List.of(new Citation("k1", Q1))),
                new Claim("Deploys are frozen on Fridays.", List.of(new Citation("k9", Q2)))));
    ValidationReport r = DefaultCitationValidator.withSupportVerifier(rules).validate(a, sent);
    // claim 1's verdict comes after the loop, yet its issue stays before claim 2's
    assertThat(r.issues())
        .extracting(ValidationIssue::type)
        .containsExactly(IssueType.UNSUPPORTED_CLAIM, IssueType.PHANTOM_SOURCE);
    assertThat(rules.calls).hasSize(1);
    assertThat(rules.calls.get(0)).hasSize(1);
  }

  @Test
  void rules_then_judge_asks_the_judge_only_about_what_the_rules_leave_open_in_one_call() {
    Recording rules =
        new Recording(
            Map.of(
                "Rollbacks are quick.", SupportVerdict.Support.NOT_ENOUGH,
                "Deploys are frozen on Fridays.", SupportVerdict.Support.SUPPORTED));
    Judge judge =
        new Judge(
            r ->
                "{\"verdicts\":[{\"id\":1,\"verdict\":\"supported\",\"evidence\":\"within 5 minutes\",\"terms\":[]}]}");
    SupportVerifier v =
        SupportVerifier.rulesThenJudge(rules, ModelSupportVerifier.builder(judge).build());
    ValidationReport r =
        DefaultCitationValidator.withSupportVerifier(v)
            .validate(twoClaims("Rollbacks are quick.", "Deploys are frozen on Fridays."), sent);
    assertThat(r.passed()).isTrue();
    assertThat(judge.requests).hasSize(1);
    assertThat(judge.requests.get(0).userContent())
        .contains("Rollbacks are quick.")
        .doesNotContain("frozen");
    assertThat(r.checks().get(0).rules()).isEqualTo(SupportVerdict.Support.NOT_ENOUGH);
    assertThat(r.checks().get(0).judge())
        .isEqualTo(
            new JudgeVerdict("test:judge", SupportVerdict.Support.SUPPORTED, "within 5 minutes"));
    assertThat(r.checks().get(1).judge()).isNull();
    assertThat(r.verification().calls()).isEqualTo(1);
  }

  @Test
  void a_contradiction_found_by_the_rules_is_final() {
    Recording rules =
        new Recording(Map.of("Rollbacks are slow.", SupportVerdict.Support.CONTRADICTED));
    Judge judge = new Judge(r -> "not called");
    SupportVerifier v =
        SupportVerifier.rulesThenJudge(rules, ModelSupportVerifier.builder(judge).build());
    ValidationReport r =
        DefaultCitationValidator.withSupportVerifier(v)
            .validate(twoClaims("Rollbacks are slow.", "Deploys are frozen on Fridays."), sent);
    assertThat(r.passed()).isFalse();
    assertThat(judge.requests).isEmpty();
  }

  @Test
  void a_failing_judge_is_a_critical_judge_unavailable_issue() {
    ChatModel down =
        new ChatModel() {
          @Override
          public ChatResponse chat(ChatRequest request) {
            throw new TransientProviderException(
                "test", ProviderException.Kind.UNAVAILABLE, 503, null, "down", null, null);
          }

          @Override
          public String name() {
            return "test:down";
          }
        };
    ValidationReport r =
        DefaultCitationValidator.withSupportVerifier(new ModelSupportVerifier(down))
            .validate(
                twoClaims(
                    "A rollback finishes within 5 minutes.", "Deploys are frozen on Fridays."),
                sent);
    assertThat(r.criticalIssues())
        .extracting(ValidationIssue::type)
        .containsExactly(IssueType.JUDGE_UNAVAILABLE);
    assertThat(r.criticalIssues().get(0).detail()).contains("2 claims").contains("unavailable");
    assertThat(r.checks()).extracting(ClaimCheck::supportChecked).containsOnly(false);
  }

  @Test
  void the_judge_gets_no_more_than_the_time_left_and_no_call_when_none_is_left() {
    Judge judge =
        new Judge(
            r ->
                "{\"verdicts\":[{\"id\":1,\"verdict\":\"supported\",\"evidence\":\"within 5 minutes\",\"terms\":[]}]}");
    ModelSupportVerifier v =
        ModelSupportVerifier.builder(judge).timeout(Duration.ofSeconds(30)).cacheSize(0).build();
    List<ClaimEvidence> one =
        List.of(new ClaimEvidence("A rollback takes 5 minutes.", List.of(Q1)));
    v.checkAll(one, Duration.ofSeconds(2));
    assertThat(judge.requests.get(0).timeout()).isLessThanOrEqualTo(Duration.ofSeconds(2));
    v.checkAll(one, Duration.ofMinutes(5));
    assertThat(judge.requests.get(1).timeout()).isLessThanOrEqualTo(Duration.ofSeconds(30));
    ProviderException e =
        assertThrows(ProviderException.class, () -> v.checkAll(one, Duration.ofNanos(1)));
    assertThat(e.kind()).isEqualTo(ProviderException.Kind.TIMEOUT);
    assertThat(judge.requests).hasSize(2);
  }

  @Test
  void minicheck_sends_document_and_claim_and_reads_yes_or_no() {
    Judge judge =
        new Judge(r -> r.userContent().contains("Claim: Rollbacks are slow.") ? "No" : "\"Yes\"");
    ModelSupportVerifier v =
        ModelSupportVerifier.builder(judge).style(ModelSupportVerifier.Style.MINICHECK).build();
    List<SupportCheck> checks =
        v.checkAll(
            List.of(
                new ClaimEvidence("A rollback takes 5 minutes.", List.of(Q1)),
                new ClaimEvidence("Rollbacks are slow.", List.of(Q1))),
            Duration.ofSeconds(10));
    assertThat(checks)
        .extracting(c -> c.verdict().support())
        .containsExactly(SupportVerdict.Support.SUPPORTED, SupportVerdict.Support.NOT_ENOUGH);
    assertThat(judge.requests).hasSize(2);
    assertThat(judge.requests.get(0).userContent())
        .isEqualTo("Document: " + Q1 + "\nClaim: A rollback takes 5 minutes.");
    // the second ask of the same claim is answered from the cache
    v.checkAll(
        List.of(new ClaimEvidence("Rollbacks are slow.", List.of(Q1))), Duration.ofSeconds(10));
    assertThat(judge.requests).hasSize(2);
  }
}
