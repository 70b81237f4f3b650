package dev.citerag.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.citerag.ProviderException;
import dev.citerag.answer.ClaimCheck;
import dev.citerag.answer.ClaimEvidence;
import dev.citerag.answer.DefaultCitationValidator;
import dev.citerag.answer.IssueType;
import dev.citerag.answer.LexicalSupportVerifier;
import dev.citerag.answer.ModelSupportVerifier;
import dev.citerag.answer.SupportCheck;
import dev.citerag.answer.SupportVerdict.Support;
import dev.citerag.answer.SupportVerifier;
import dev.citerag.answer.ValidationIssue;
import dev.citerag.chat.ChatModel;
import dev.citerag.embed.Embedder;
import dev.citerag.ingest.Document;
import dev.citerag.ollama.OllamaChatModel;
import dev.citerag.openai.OpenAiChatModel;
import dev.citerag.pipeline.AnswerGenerator;
import dev.citerag.pipeline.RagPipeline;
import dev.citerag.pipeline.RagResult;
import dev.citerag.pipeline.RejectReason;
import dev.citerag.provider.RetryPolicy;
import dev.citerag.reliability.support.Stack;
import dev.citerag.store.InMemoryVectorStore;
import dev.citerag.testkit.fakes.Cite;
import dev.citerag.testkit.fakes.ClaimScript;
import dev.citerag.testkit.fakes.Reply;
import dev.citerag.testkit.wire.FakeOllamaServer;
import dev.citerag.testkit.wire.FakeOpenAiServer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The judge through the real adapters against the testkit's wire fakes: a general model on an
 * OpenAI-compatible server (one JSON-schema call per answer) and Bespoke-MiniCheck on Ollama (one
 * Yes/No call per claim). An answer is served only when the judge agrees; a judge that is down,
 * slow or replies outside its format gets the answer rejected, never served unchecked.
 */
class ModelSupportVerifierWireTest {

  static final String QUOTE =
      "After rotation, an old-key request receives HTTP 401 within a minute.";
  static final String SECOND = "Keys rotate every 90 days on the first Monday of the quarter.";
  static final String QUESTION = "What does an old-key request receive after rotation?";

  FakeOllamaServer answererServer;
  FakeOpenAiServer openAiJudge;
  FakeOllamaServer ollamaJudge;
  ChatModel answerer;
  ChatModel jsonJudge;
  ChatModel miniCheck;
  Embedder embedder;
  InMemoryVectorStore store;

  @BeforeEach
  void start() {
    answererServer = new FakeOllamaServer();
    answerer =
        OllamaChatModel.builder()
            .environment(Map.of())
            .baseUrl(answererServer.baseUrl())
            .model("llama3.2")
            .retryPolicy(RetryPolicy.NONE)
            .build();
    openAiJudge = new FakeOpenAiServer();
    jsonJudge =
        OpenAiChatModel.builder()
            .environment(Map.of())
            .apiKey(Stack.OPENAI_API_KEY)
            .baseUrl(openAiJudge.apiBaseUrl())
            .model(FakeOpenAiServer.DEFAULT_MODEL)
            .retryPolicy(RetryPolicy.NONE)
            .build();
    ollamaJudge = new FakeOllamaServer().addChatModel("bespoke-minicheck", false);
    miniCheck =
        OllamaChatModel.builder()
            .environment(Map.of())
            .baseUrl(ollamaJudge.baseUrl())
            .model("bespoke-minicheck")
            .retryPolicy(RetryPolicy.NONE)
            .build();
    embedder = Stack.embedder();
    store = new InMemoryVectorStore(embedder.identity().dimensions());
    Stack.ingest(
        embedder,
        store,
        List.of(Document.markdown("keys.md", "# Key rotation\n\n" + SECOND + " " + QUOTE + "\n")));
  }

  @AfterEach
  void stop() {
    answererServer.close();
    openAiJudge.close();
    ollamaJudge.close();
  }

  RagPipeline pipeline(SupportVerifier verifier, Duration deadline) {
    return RagPipeline.builder()
        .embedder(embedder)
        .store(store)
        .generator(AnswerGenerator.of(answerer))
        .validator(DefaultCitationValidator.withSupportVerifier(verifier))
        .maxRetries(0)
        .deadline(deadline)
        .build();
  }

  static String verdicts(String... entries) {
    return "{\"verdicts\":[" + String.join(",", entries) + "]}";
  }

  static String entry(int id, String verdict, String evidence) {
    return "{\"id\":"
        + id
        + ",\"verdict\":\""
        + verdict
        + "\",\"evidence\":\""
        + evidence
        + "\",\"terms\":[]}";
  }

  @Test
  void one_json_call_judges_every_claim_of_an_answer() {
    ModelSupportVerifier judge = ModelSupportVerifier.builder(jsonJudge).build();
    openAiJudge.enqueue(
        Reply.raw(
            verdicts(
                entry(3, "not_enough", ""),
                entry(1, "supported", "receives HTTP 401 within a minute"),
                "{\"id\":2,\"verdict\":\"contradicted\",\"evidence\":\"every 90 days\","
                    + "\"terms\":[\"30\"]}")));
    List<SupportCheck> checks =
        judge.checkAll(
            List.of(
                new ClaimEvidence("An old-key request receives HTTP 401.", List.of(QUOTE)),
                new ClaimEvidence("Keys rotate every 30 days.", List.of(SECOND)),
                new ClaimEvidence("Billing gets HTTP 401.", List.of(QUOTE))),
            Duration.ofSeconds(30));
    assertThat(openAiJudge.chatCalls()).hasSize(1);
    assertThat(checks)
        .extracting(c -> c.verdict().support())
        .containsExactly(Support.SUPPORTED, Support.CONTRADICTED, Support.NOT_ENOUGH);
    assertThat(checks.get(0).judge().judge()).isEqualTo(jsonJudge.name());
    assertThat(checks.get(0).judge().evidence()).isEqualTo("receives HTTP 401 within a minute");
    assertThat(checks.get(0).rules()).isNull();
    assertThat(checks.get(1).verdict().contradicting()).containsExactly("30");
    // the call's cost is counted once, on the first claim
    assertThat(checks.get(0).verdict().usage().calls()).isEqualTo(1);
    assertThat(checks.get(1).verdict().usage().calls()).isZero();
    // the claims and quotes travel as JSON data with the schema, numbered
    String body = openAiJudge.chatCalls().get(0).body();
    assertThat(body).contains("Billing gets HTTP 401.").contains("not_enough").contains("evidence");
  }

  @Test
  void support_whose_evidence_is_not_in_the_quotes_is_not_taken() {
    ModelSupportVerifier judge = ModelSupportVerifier.builder(jsonJudge).build();
    openAiJudge.enqueue(Reply.raw(verdicts(entry(1, "supported", "old keys keep working"))));
    SupportCheck c =
        judge
            .checkAll(
                List.of(new ClaimEvidence("An old-key request receives HTTP 401.", List.of(QUOTE))),
                Duration.ofSeconds(30))
            .get(0);
    assertThat(c.verdict().support()).isEqualTo(Support.NOT_ENOUGH);
    assertThat(c.judge().evidence()).isEmpty();
  }

  @Test
  void a_reply_outside_the_format_is_a_judge_failure() {
    ModelSupportVerifier judge = ModelSupportVerifier.builder(jsonJudge).cacheSize(0).build();
    List<ClaimEvidence> one =
        List.of(new ClaimEvidence("An old-key request receives HTTP 401.", List.of(QUOTE)));
    for (String reply :
        List.of(
            "supported",
            "{\"verdict\":\"supported\",\"terms\":[]}",
            verdicts(entry(1, "yes", "HTTP 401")),
            verdicts(entry(2, "supported", "HTTP 401")),
            verdicts(entry(1, "supported", "HTTP 401"), entry(1, "supported", "HTTP 401")),
            verdicts(entry(1, "supported", "HTTP 401")) + " trailing")) {
      openAiJudge.enqueue(Reply.raw(reply));
      ProviderException e =
          assertThrows(
              ProviderException.class, () -> judge.checkAll(one, Duration.ofSeconds(30)), reply);
      assertThat(e.kind()).as(reply).isEqualTo(ProviderException.Kind.PROTOCOL);
    }
    openAiJudge.enqueue(Reply.truncated(Reply.raw(verdicts(entry(1, "supported", "HTTP 401")))));
    assertThrows(ProviderException.class, () -> judge.checkAll(one, Duration.ofSeconds(30)));
  }

  @Test
  void a_judge_that_agrees_gets_the_answer_served_and_the_result_says_who_checked() {
    RagPipeline rag =
        pipeline(ModelSupportVerifier.builder(jsonJudge).build(), Duration.ofSeconds(60));
    answererServer.enqueue(Reply.quoting("an old-key request receives HTTP 401 within a minute."));
    openAiJudge.enqueue(Reply.raw(verdicts(entry(1, "supported", "receives HTTP 401"))));
    RagResult r = rag.ask(QUESTION);
    assertThat(r).isInstanceOf(RagResult.Answered.class);
    RagResult.Answered a = (RagResult.Answered) r;
    ClaimCheck check = a.checks().get(0);
    assertThat(check.quotes()).hasSize(1);
    assertThat(check.rules()).isNull();
    assertThat(check.judge().judge()).isEqualTo(jsonJudge.name());
    assertThat(check.judge().support()).isEqualTo(Support.SUPPORTED);
    assertThat(r.trace().attempts().get(0).verification().calls()).isEqualTo(1);
    assertThat(r.trace().verification().tokens().totalTokens()).isPositive();
  }

  @Test
  void a_judge_that_disagrees_gets_the_answer_rejected() {
    RagPipeline rag =
        pipeline(ModelSupportVerifier.builder(jsonJudge).build(), Duration.ofSeconds(60));
    answererServer.enqueue(Reply.quoting("an old-key request receives HTTP 401 within a minute."));
    openAiJudge.enqueue(
        Reply.raw(
            "{\"verdicts\":[{\"id\":1,\"verdict\":\"contradicted\",\"evidence\":\"HTTP 401\","
                + "\"terms\":[\"401\"]}]}"));
    RagResult r = rag.ask(QUESTION);
    assertThat(r)
        .isInstanceOfSatisfying(
            RagResult.Rejected.class,
            no -> {
              assertThat(no.reason()).isEqualTo(RejectReason.INVALID_CITATIONS);
              assertThat(no.issues())
                  .extracting(ValidationIssue::type)
                  .containsExactly(IssueType.UNSUPPORTED_CLAIM);
              assertThat(no.issues().get(0).detail()).contains("judged by " + jsonJudge.name());
            });
  }

  @Test
  void a_judge_that_is_down_or_replies_invalid_json_gets_the_answer_rejected_with_its_reason() {
    RagPipeline rag =
        pipeline(
            ModelSupportVerifier.builder(jsonJudge).cacheSize(0).build(), Duration.ofSeconds(60));
    for (Reply judgeReply : List.of(Reply.unavailable(), Reply.invalidJson())) {
      answererServer.enqueue(
          Reply.quoting("an old-key request receives HTTP 401 within a minute."));
      openAiJudge.enqueue(judgeReply);
      RagResult r = rag.ask(QUESTION);
      assertThat(r)
          .as(judgeReply.toString())
          .isInstanceOfSatisfying(
              RagResult.Rejected.class,
              no -> {
                assertThat(no.reason()).isEqualTo(RejectReason.JUDGE_UNAVAILABLE);
                assertThat(no.issues())
                    .extracting(ValidationIssue::type)
                    .containsExactly(IssueType.JUDGE_UNAVAILABLE);
              });
    }
    // the generator was not asked again: another attempt would meet the same judge
    assertThat(answererServer.chatCalls()).hasSize(2);
  }

  @Test
  void a_judge_slower_than_its_timeout_gets_the_answer_rejected() {
    openAiJudge.delayResponses(Duration.ofSeconds(20));
    RagPipeline rag =
        pipeline(
            ModelSupportVerifier.builder(jsonJudge).timeout(Duration.ofMillis(300)).build(),
            Duration.ofSeconds(60));
    answererServer.enqueue(Reply.quoting("an old-key request receives HTTP 401 within a minute."));
    openAiJudge.enqueue(Reply.raw(verdicts(entry(1, "supported", "receives HTTP 401"))));
    RagResult r = rag.ask(QUESTION);
    assertThat(r)
        .isInstanceOfSatisfying(
            RagResult.Rejected.class,
            no -> {
              assertThat(no.reason()).isEqualTo(RejectReason.JUDGE_UNAVAILABLE);
              assertThat(no.issues().get(0).detail()).contains("timeout");
            });
  }

  @Test
  void a_judge_slower_than_the_pipeline_deadline_gets_the_answer_rejected_at_the_deadline() {
    openAiJudge.delayResponses(Duration.ofSeconds(30));
    Duration deadline = Duration.ofSeconds(3);
    RagPipeline rag = pipeline(ModelSupportVerifier.builder(jsonJudge).build(), deadline);
    answererServer.enqueue(Reply.quoting("an old-key request receives HTTP 401 within a minute."));
    openAiJudge.enqueue(Reply.raw(verdicts(entry(1, "supported", "receives HTTP 401"))));
    RagResult r = rag.ask(QUESTION);
    assertThat(r)
        .isInstanceOfSatisfying(
            RagResult.Rejected.class,
            no -> {
              assertThat(no.reason()).isEqualTo(RejectReason.DEADLINE_EXCEEDED);
              assertThat(no.issues())
                  .extracting(ValidationIssue::type)
                  .containsExactly(IssueType.JUDGE_UNAVAILABLE);
            });
    // the judge got the time left, not its own 30 s: the whole request ends within a bound of the
    // deadline far below the judge's delay
    assertThat(r.trace().latency().get(dev.citerag.pipeline.Stage.TOTAL))
        .isLessThan(ModelSupportVerifier.DEFAULT_TIMEOUT);
  }

  @Test
  void minicheck_on_ollama_judges_each_claim_in_its_own_format() {
    RagPipeline rag =
        pipeline(
            ModelSupportVerifier.builder(miniCheck)
                .style(ModelSupportVerifier.Style.MINICHECK)
                .build(),
            Duration.ofSeconds(60));
    Reply twoClaims =
        Reply.answeredClaims(
            "An old-key request receives HTTP 401 within a minute. Keys rotate every 90 days.",
            ClaimScript.of(
                "An old-key request receives HTTP 401 within a minute.",
                Cite.quote("an old-key request receives HTTP 401 within a minute.")),
            ClaimScript.of("Keys rotate every 90 days.", Cite.quote(SECOND)));
    answererServer.enqueue(twoClaims);
    ollamaJudge.enqueue(Reply.raw("Yes"), Reply.raw("Yes"));
    RagResult ok = rag.ask(QUESTION);
    assertThat(ok).isInstanceOf(RagResult.Answered.class);
    assertThat(ollamaJudge.chatCalls()).hasSize(2);
    String body = ollamaJudge.chatCalls().get(1).body();
    assertThat(body).contains("Document: " + SECOND.replace("\"", "")).contains("\\nClaim: Keys");
    assertThat(((RagResult.Answered) ok).checks())
        .extracting(c -> c.judge().judge())
        .containsOnly("ollama:bespoke-minicheck");

    answererServer.enqueue(Reply.quoting("an old-key request receives HTTP 401 within a minute."));
    ollamaJudge.enqueue(Reply.raw("No"));
    RagResult no = rag.ask("When do old keys stop working?");
    assertThat(no)
        .isInstanceOfSatisfying(
            RagResult.Rejected.class,
            r ->
                assertThat(r.issues())
                    .extracting(ValidationIssue::type)
                    .containsExactly(IssueType.UNSUPPORTED_CLAIM));
  }

  @Test
  void a_cached_verdict_makes_no_second_call() {
    RagPipeline rag =
        pipeline(ModelSupportVerifier.builder(jsonJudge).build(), Duration.ofSeconds(60));
    for (int i = 0; i < 2; i++) {
      answererServer.enqueue(
          Reply.quoting("an old-key request receives HTTP 401 within a minute."));
    }
    openAiJudge.enqueue(Reply.raw(verdicts(entry(1, "supported", "receives HTTP 401"))));
    assertThat(rag.ask(QUESTION)).isInstanceOf(RagResult.Answered.class);
    RagResult again = rag.ask(QUESTION);
    assertThat(again).isInstanceOf(RagResult.Answered.class);
    assertThat(openAiJudge.chatCalls()).hasSize(1);
    assertThat(again.trace().verification().calls()).isZero();
  }

  @Test
  void rules_first_the_judge_only_for_the_claims_they_leave_open_in_one_call() {
    SupportVerifier tiered =
        SupportVerifier.rulesThenJudge(
            new LexicalSupportVerifier(), ModelSupportVerifier.builder(jsonJudge).build());
    RagPipeline rag = pipeline(tiered, Duration.ofSeconds(60));
    // claim 1 is a near copy (the rules support it); claims 2 and 3 are paraphrases the rules
    // find too little in
    answererServer.enqueue(
        Reply.answeredClaims(
            "An old-key request receives HTTP 401 within a minute. A revoked credential is refused"
                + " shortly after the change. Credentials are replaced each quarter.",
            ClaimScript.of(
                "An old-key request receives HTTP 401 within a minute.",
                Cite.quote("an old-key request receives HTTP 401 within a minute.")),
            ClaimScript.of(
                "A revoked credential is refused shortly after the change.",
                Cite.quote("an old-key request receives HTTP 401 within a minute.")),
            ClaimScript.of("Credentials are replaced each quarter.", Cite.quote(SECOND))));
    openAiJudge.enqueue(
        Reply.raw(
            verdicts(
                entry(1, "supported", "receives HTTP 401 within a minute"),
                entry(2, "supported", "first Monday of the quarter"))));
    RagResult r = rag.ask(QUESTION);
    assertThat(r).isInstanceOf(RagResult.Answered.class);
    List<ClaimCheck> checks = ((RagResult.Answered) r).checks();
    assertThat(checks.get(0).rules()).isEqualTo(Support.SUPPORTED);
    assertThat(checks.get(0).judge()).isNull();
    assertThat(checks.get(1).rules()).isEqualTo(Support.NOT_ENOUGH);
    assertThat(checks.get(1).judge().support()).isEqualTo(Support.SUPPORTED);
    assertThat(checks.get(2).judge().support()).isEqualTo(Support.SUPPORTED);
    assertThat(openAiJudge.chatCalls()).hasSize(1);
    String body = openAiJudge.chatCalls().get(0).body();
    assertThat(body).doesNotContain("An old-key request receives HTTP 401 within a minute.\"");
  }

  @Test
  void rules_that_find_a_contradiction_are_final_and_the_judge_is_not_asked() {
    SupportVerifier tiered =
        SupportVerifier.rulesThenJudge(
            new LexicalSupportVerifier(), ModelSupportVerifier.builder(jsonJudge).build());
    RagPipeline rag = pipeline(tiered, Duration.ofSeconds(60));
    answererServer.enqueue(
        Reply.answered(
            "An old-key request never receives HTTP 401 within a minute.",
            Cite.quote("an old-key request receives HTTP 401 within a minute.")));
    RagResult r = rag.ask(QUESTION);
    assertThat(r).isInstanceOf(RagResult.Rejected.class);
    assertThat(openAiJudge.chatCalls()).isEmpty();
  }
}
