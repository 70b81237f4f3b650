package dev.citerag.testkit.fakes;

import dev.citerag.chat.ChatModel;
import dev.citerag.chat.ChatRequest;
import dev.citerag.chat.ChatResponse;
import dev.citerag.chat.TokenUsage;
import dev.citerag.internal.Checks;
import dev.citerag.testkit.fakes.internal.ReplyScript;
import dev.citerag.text.internal.TokenEstimator;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link ChatModel} that answers from a script and records every request, so a test can assert
 * what the model was shown and control what it says — including misbehaviour the pipeline must
 * catch. No network, no key, deterministic.
 *
 * <p>For each call it reads the question and sources out of the user content ({@link
 * SentSources#parse}), picks a reply — the first {@link #onQuestion} rule whose fragment the
 * question contains (case and whitespace ignored), else the next {@link #enqueue}d reply, else the
 * {@link #otherwise} reply — and resolves it against the sources, so a reply can say "cite the
 * source that contains X" without knowing ids. With nothing scripted, {@code chat} throws {@link
 * IllegalStateException} naming the question. Token usage is estimated ({@link TokenEstimator}).
 *
 * <pre>{@code
 * ScriptedChatModel model = new ScriptedChatModel()
 *     .onQuestion("roll back", Reply.phantomCitation("Use deployctl.", "deployctl rollback"),  // 1st call
 *                              Reply.quoting("deployctl rollback --service <name> --to <sha>")) // retry
 *     .otherwise(Reply.notInSources());
 * RagPipeline rag = RagPipeline.builder().embedder(e).store(s).generator(AnswerGenerator.of(model)).build();
 * RagResult r = rag.ask("How do I roll back?");
 * assertThat(model.calls()).hasSize(2);
 * assertThat(model.lastCall().sources().anyContains("deployctl rollback")).isTrue();
 * }</pre>
 *
 * Thread-safe: scripting and calls may interleave; calls are recorded in arrival order.
 */
public final class ScriptedChatModel implements ChatModel {

  /** The model name reported by default. */
  public static final String DEFAULT_MODEL = "scripted-model";

  private final String model;
  private final ReplyScript script;
  private final List<RecordedChat> calls = new ArrayList<>();

  /** A model named {@value #DEFAULT_MODEL}. */
  public ScriptedChatModel() {
    this(DEFAULT_MODEL);
  }

  /**
   * @param model the model name reported in responses; {@link #name()} is {@code scripted:<model>}
   * @throws IllegalArgumentException when {@code model} is blank
   */
  public ScriptedChatModel(String model) {
    this.model = Checks.notBlank(model, "model");
    this.script = new ReplyScript("ScriptedChatModel");
  }

  /**
   * Replies to questions containing {@code fragment} (case and whitespace ignored) with {@code
   * replies} in order, repeating the last one for further calls (a retry is a further call). Rules
   * are tried in the order added.
   *
   * @param fragment a piece of the question
   * @param replies the replies, in order; the last one repeats
   * @return this model
   * @throws IllegalArgumentException when {@code fragment} is blank or no reply is given
   */
  public ScriptedChatModel onQuestion(String fragment, Reply... replies) {
    script.onQuestion(fragment, replies);
    return this;
  }

  /**
   * Queues replies for calls that no question rule matches, used once each in order.
   *
   * @param replies the replies
   * @return this model
   */
  public ScriptedChatModel enqueue(Reply... replies) {
    script.enqueue(replies);
    return this;
  }

  /**
   * The reply for calls that neither a rule nor the queue answers; default: none (throw).
   *
   * @param reply the fallback reply
   * @return this model
   */
  public ScriptedChatModel otherwise(Reply reply) {
    script.otherwise(reply);
    return this;
  }

  /**
   * Answers from the script.
   *
   * @param request the request, recorded with the sources it showed
   * @return the scripted reply
   * @throws dev.citerag.ProviderException when the scripted reply is a provider failure
   * @throws IllegalStateException when nothing is scripted for this call, or the reply cannot be
   *     resolved against the sources sent (the message lists them)
   */
  @Override
  public ChatResponse chat(ChatRequest request) {
    Checks.notNull(request, "request");
    SentSources sent = SentSources.parse(request.userContent());
    Reply reply = null;
    try {
      reply = script.next(sent.question().orElse(null), request.userContent());
      ScriptedOutcome outcome = reply.resolve(sent);
      if (outcome instanceof ScriptedOutcome.Failure f) {
        throw f.exception();
      }
      ScriptedOutcome.Text t = (ScriptedOutcome.Text) outcome;
      int in =
          TokenEstimator.estimate(request.systemInstruction())
              + TokenEstimator.estimate(request.userContent());
      int out = TokenEstimator.estimate(t.text());
      ChatResponse response;
      synchronized (calls) {
        response =
            new ChatResponse(
                t.text(),
                t.finishReason(),
                t.providerFinishReason(),
                TokenUsage.of(in, out, 0),
                model,
                "scripted-" + (calls.size() + 1));
        calls.add(new RecordedChat(request, sent, reply, response, null));
      }
      return response;
    } catch (RuntimeException e) {
      synchronized (calls) {
        calls.add(new RecordedChat(request, sent, reply, null, e));
      }
      throw e;
    }
  }

  @Override
  public String name() {
    return "scripted:" + model;
  }

  /** {@return every call so far, in arrival order} */
  public List<RecordedChat> calls() {
    synchronized (calls) {
      return List.copyOf(calls);
    }
  }

  /** {@return the number of calls so far} */
  public int callCount() {
    synchronized (calls) {
      return calls.size();
    }
  }

  /**
   * The most recent call.
   *
   * @return the most recent call
   * @throws IllegalStateException when the model has not been called
   */
  public RecordedChat lastCall() {
    synchronized (calls) {
      if (calls.isEmpty()) {
        throw new IllegalStateException("ScriptedChatModel has not been called");
      }
      return calls.get(calls.size() - 1);
    }
  }

  /** {@return the sources of the most recent call; empty when the model has not been called} */
  public SentSources lastSentSources() {
    RecordedChat last;
    synchronized (calls) {
      last = calls.isEmpty() ? null : calls.get(calls.size() - 1);
    }
    return last == null ? SentSources.empty() : last.sources();
  }

  /** {@return queued replies not used yet (to assert a script was consumed)} */
  public int pendingReplies() {
    return script.pending();
  }

  @Override
  public String toString() {
    return "ScriptedChatModel[" + model + ", calls=" + callCount() + "]";
  }
}
