package dev.citerag.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.answer.DefaultCitationValidator;
import dev.citerag.answer.IssueType;
import dev.citerag.answer.ModelSupportVerifier;
import dev.citerag.answer.SupportVerdict;
import dev.citerag.answer.SupportVerdict.Support;
import dev.citerag.answer.ValidationIssue;
import dev.citerag.chat.ChatModel;
import dev.citerag.embed.Embedder;
import dev.citerag.gemini.GeminiChatModel;
import dev.citerag.ollama.OllamaChatModel;
import dev.citerag.pipeline.Attempt;
import dev.citerag.pipeline.RagPipeline;
import dev.citerag.pipeline.RagResult;
import dev.citerag.provider.RetryPolicy;
import dev.citerag.reliability.support.Stack;
import dev.citerag.store.InMemoryVectorStore;
import dev.citerag.testkit.fakes.Reply;
import dev.citerag.testkit.wire.FakeGeminiServer;
import dev.citerag.testkit.wire.FakeOllamaServer;
import dev.citerag.testkit.wire.WireCall;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The model-based support verifier through the real Gemini and Ollama adapters against the
 * testkit's wire fakes: a typed judgement per claim, fail-closed on anything but the schema, and
 * its calls and tokens in the trace.
 */
class ModelSupportVerifierWireTest {

  static final String QUOTE =
      "After rotation, an old-key request receives HTTP 401 within a minute.";

  interface Judge extends AutoCloseable {
    ChatModel model();

    void enqueue(Reply... r);

    List<WireCall> calls();

    @Override
    void close();
  }

  static Judge gemini() {
    FakeGeminiServer s = new FakeGeminiServer();
    ChatModel m =
        GeminiChatModel.builder()
            .baseUrl(s.apiBaseUrl())
            .apiKey("test-key")
            .retryPolicy(RetryPolicy.NONE)
            .build();
    return new Judge() {
      public ChatModel model() {
        return m;
      }

      public void enqueue(Reply... r) {
        s.enqueue(r);
      }

      public List<WireCall> calls() {
        return s.chatCalls();
      }

      public void close() {
        s.close();
      }
    };
  }

  static Judge ollama() {
    FakeOllamaServer s = new FakeOllamaServer();
    ChatModel m =
        OllamaChatModel.builder()
            .baseUrl(s.baseUrl())
            .model("llama3.2")
            .retryPolicy(RetryPolicy.NONE)
            .build();
    return new Judge() {
      public ChatModel model() {
        return m;
      }

      public void enqueue(Reply... r) {
        s.enqueue(r);
      }

      public List<WireCall> calls() {
        return s.chatCalls();
      }

      public void close() {
        s.close();
      }
    };
  }

  static final List<Function<Void, Judge>> JUDGES = List.of(v -> gemini(), v -> ollama());

  @Test
  void a_typed_judgement_per_claim_through_both_adapters() {
    for (Function<Void, Judge> make : JUDGES) {
      try (Judge j = make.apply(null)) {
        ModelSupportVerifier verifier = new ModelSupportVerifier(j.model());
        j.enqueue(
            Reply.raw("{\"verdict\":\"contradicted\",\"terms\":[\"500\"]}"),
            Reply.raw("{\"verdict\":\"supported\",\"terms\":[]}"),
            Reply.raw("{\"verdict\":\"not_enough\",\"terms\":[\"billing\"]}"));
        SupportVerdict bad =
            verifier.verify("An old-key request receives HTTP 500.", List.of(QUOTE));
        assertThat(bad.support()).as(j.model().name()).isEqualTo(Support.CONTRADICTED);
        assertThat(bad.contradicting()).containsExactly("500");
        assertThat(bad.usage().calls()).isEqualTo(1);
        assertThat(bad.usage().tokens().totalTokens()).isPositive();
        SupportVerdict good =
            verifier.verify("An old-key request receives HTTP 401.", List.of(QUOTE));
        assertThat(good.support()).isEqualTo(Support.SUPPORTED);
        assertThat(good.coverage()).isEqualTo(1.0);
        SupportVerdict partial = verifier.verify("Billing gets HTTP 401.", List.of(QUOTE));
        assertThat(partial.support()).isEqualTo(Support.NOT_ENOUGH);
        assertThat(partial.missing()).containsExactly("billing");

        // the claim and quotes travel as JSON data with the judgement's schema, at temperature 0
        String body = j.calls().get(0).body();
        assertThat(body).contains("HTTP 500").contains("not_enough").contains("contradicted");
        assertThat(j.calls()).hasSize(3);
      }
    }
  }

  @Test
  void fails_closed_on_a_reply_outside_the_schema() {
    for (Function<Void, Judge> make : JUDGES) {
      try (Judge j = make.apply(null)) {
        ModelSupportVerifier verifier = new ModelSupportVerifier(j.model());
        for (String reply :
            List.of(
                "supported",
                "{\"verdict\":\"yes\",\"terms\":[]}",
                "{\"verdict\":\"supported\"}",
                "{\"verdict\":\"supported\",\"terms\":[],\"note\":\"x\"}",
                "{\"verdict\":\"supported\",\"terms\":[]} trailing")) {
          j.enqueue(Reply.raw(reply));
          SupportVerdict v =
              verifier.verify("An old-key request receives HTTP 401.", List.of(QUOTE));
          assertThat(v.supported()).as("%s: %s", j.model().name(), reply).isFalse();
        }
        j.enqueue(Reply.truncated(Reply.raw("{\"verdict\":\"supported\",\"terms\":[]}")));
        assertThat(
                verifier
                    .verify("An old-key request receives HTTP 401.", List.of(QUOTE))
                    .supported())
            .isFalse();
      }
    }
  }

  @Test
  void in_the_pipeline_its_calls_and_tokens_are_in_the_trace_and_a_contradiction_is_rejected() {
    Embedder embedder = Stack.embedder();
    InMemoryVectorStore store = new InMemoryVectorStore(embedder.identity().dimensions());
    Stack.ingest(
        embedder,
        store,
        List.of(
            dev.citerag.ingest.Document.markdown(
                "keys.md", "# Key rotation\n\nKeys rotate every 90 days. " + QUOTE + "\n")));
    for (Function<Void, Judge> make : JUDGES) {
      try (Judge answerer = make.apply(null);
          Judge judge = make.apply(null)) {
        RagPipeline rag =
            RagPipeline.builder()
                .embedder(embedder)
                .store(store)
                .generator(dev.citerag.pipeline.AnswerGenerator.of(answerer.model()))
                .validator(
                    DefaultCitationValidator.withSupportVerifier(
                        new ModelSupportVerifier(judge.model())))
                .maxRetries(0)
                .build();
        answerer.enqueue(Reply.quoting("an old-key request receives HTTP 401 within a minute."));
        judge.enqueue(Reply.raw("{\"verdict\":\"supported\",\"terms\":[]}"));
        RagResult ok = rag.ask("What does an old-key request receive after rotation?");
        assertThat(ok).as(answerer.model().name()).isInstanceOf(RagResult.Answered.class);
        Attempt a = ok.trace().attempts().get(0);
        assertThat(a.verification().calls()).isEqualTo(1);
        assertThat(a.verification().tokens().totalTokens()).isPositive();
        assertThat(ok.trace().verification().calls()).isEqualTo(1);

        answerer.enqueue(Reply.quoting("an old-key request receives HTTP 401 within a minute."));
        judge.enqueue(Reply.raw("{\"verdict\":\"contradicted\",\"terms\":[\"401\"]}"));
        RagResult no = rag.ask("What does an old-key request receive after rotation?");
        assertThat(no)
            .isInstanceOfSatisfying(
                RagResult.Rejected.class,
                r ->
                    assertThat(r.issues())
                        .extracting(ValidationIssue::type)
                        .contains(IssueType.UNSUPPORTED_CLAIM));
        assertThat(judge.calls()).hasSize(2);
      }
    }
  }
}
