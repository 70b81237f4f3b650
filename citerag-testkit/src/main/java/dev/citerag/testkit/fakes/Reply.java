package dev.citerag.testkit.fakes;

import dev.citerag.PermanentProviderException;
import dev.citerag.ProviderException;
import dev.citerag.TransientProviderException;
import dev.citerag.answer.AnswerStatus;
import dev.citerag.answer.Citation;
import dev.citerag.answer.Claim;
import dev.citerag.answer.ModelAnswer;
import dev.citerag.chat.FinishReason;
import dev.citerag.internal.Checks;
import dev.citerag.testkit.fakes.internal.Json;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * One scripted model reply, written as an answer object rather than raw JSON, and resolved against
 * the sources of each call. Used by {@link ScriptedChatModel} and by the wire fakes ({@code
 * FakeGeminiServer}, {@code FakeOllamaServer}). Immutable and thread-safe.
 *
 * <p>Well-behaved replies:
 *
 * <pre>{@code
 * Reply.quoting("Run deployctl rollback --service <name> --to <sha>")   // answer = that sentence, cited
 * Reply.answered("Use deployctl rollback.", Cite.quote("deployctl rollback --service <name> --to <sha>"))
 * Reply.notInSources()
 * }</pre>
 *
 * <p>Misbehaviour on purpose, each of which citerag's validator or pipeline must catch: {@link
 * #phantomCitation}, {@link #gluedQuote}, {@link #abstentionWithCitation}, {@link #invalidJson},
 * {@link #schemaMismatch}, {@link #truncated()}, {@link #blocked()}, {@link #promptBlocked}, {@link
 * #rateLimited}, {@link #unavailable()}, {@link #failure}.
 */
public final class Reply {

  /** Prefix of {@link ScriptedOutcome.Text#providerFinishReason()} for a refused prompt. */
  public static final String PROMPT_BLOCKED_PREFIX = "PROMPT_BLOCKED:";

  /** The provider name carried by scripted exceptions. */
  public static final String PROVIDER = "scripted";

  private final String description;
  private final Function<SentSources, ScriptedOutcome> resolver;

  private Reply(String description, Function<SentSources, ScriptedOutcome> resolver) {
    this.description = description;
    this.resolver = resolver;
  }

  /**
   * The outcome for one call that was shown {@code sent}.
   *
   * @param sent the sources the call showed the model
   * @return the reply text and finish reason, or the failure to throw
   * @throws IllegalStateException when the script cannot be applied to these sources (e.g. no sent
   *     source contains a fragment it cites); the message lists what was sent
   */
  public ScriptedOutcome resolve(SentSources sent) {
    Checks.notNull(sent, "sent");
    return resolver.apply(sent);
  }

  // ---- well-behaved replies ----

  /**
   * Replies with this answer, serialised as the answer contract's JSON.
   *
   * @param answer the answer to send, as is
   * @return the reply
   */
  public static Reply answer(ModelAnswer answer) {
    Checks.notNull(answer, "answer");
    String json = Json.write(answer);
    return new Reply("answer " + abbreviate(json), sent -> stop(json));
  }

  /** {@return a correct abstention: {@code {"status":"not_in_sources","answer":"","claims":[]}}} */
  public static Reply notInSources() {
    return answer(ModelAnswer.notInSources());
  }

  /**
   * An answered reply with one claim (the answer text) and the given citations.
   *
   * @param answer the answer text, also the claim's text
   * @param cites the citations, resolved against each call's sources
   * @return the reply
   * @throws IllegalArgumentException when {@code answer} is null or {@code cites} has nulls
   */
  public static Reply answered(String answer, Cite... cites) {
    Checks.notNull(answer, "answer");
    List<Cite> list = List.copyOf(Checks.noNullElements(List.of(cites), "cites"));
    return custom(
        "answered \"" + abbreviate(answer) + "\" citing " + list,
        sent -> {
          List<Citation> cs = new ArrayList<>(list.size());
          for (Cite c : list) {
            cs.add(c.resolve(sent));
          }
          return ModelAnswer.answered(answer, cs);
        });
  }

  /**
   * Answers with the passage {@code quote} itself, citing the source that contains it: the simplest
   * valid answer.
   *
   * @param quote a passage of one sent source, as written there
   * @return the reply
   * @throws IllegalArgumentException when {@code quote} is blank
   */
  public static Reply quoting(String quote) {
    Checks.notBlank(quote, "quote");
    return custom(
        "quoting \"" + abbreviate(quote) + "\"",
        sent -> {
          Citation c = Cite.quote(quote).resolve(sent);
          return ModelAnswer.answered(c.quote(), List.of(c));
        });
  }

  /**
   * An answered reply with several claims, each with its own citations.
   *
   * @param answer the answer text
   * @param claims the claims with their citations
   * @return the reply
   */
  public static Reply answeredClaims(String answer, ClaimScript... claims) {
    Checks.notNull(answer, "answer");
    List<ClaimScript> list = List.copyOf(Checks.noNullElements(List.of(claims), "claims"));
    return custom(
        "answered \"" + abbreviate(answer) + "\" with " + list.size() + " claims",
        sent -> {
          List<Claim> cs = new ArrayList<>(list.size());
          for (ClaimScript c : list) {
            cs.add(c.resolve(sent));
          }
          return new ModelAnswer(AnswerStatus.ANSWERED, answer, cs);
        });
  }

  /**
   * An answer computed from the sources of each call.
   *
   * @param description names the reply in test failure messages
   * @param answer computes the answer from the sources each call showed
   * @return the reply
   */
  public static Reply custom(String description, Function<SentSources, ModelAnswer> answer) {
    Checks.notBlank(description, "description");
    Checks.notNull(answer, "answer");
    return new Reply(description, sent -> stop(Json.write(answer.apply(sent))));
  }

  /**
   * The text verbatim, finish reason {@code STOP}.
   *
   * @param text the reply text, sent as is (need not be JSON)
   * @return the reply
   */
  public static Reply raw(String text) {
    Checks.notNull(text, "text");
    return new Reply("raw \"" + abbreviate(text) + "\"", sent -> stop(text));
  }

  // ---- misbehaviour ----

  /**
   * Cites an id that was not sent (it contains a {@code 1}, which citerag's context builder never
   * uses in ids), quoting {@code quote} verbatim: the validator must report {@code phantom_source}.
   *
   * @param answer the answer text
   * @param quote the quote, taken from a real source
   * @return the reply
   */
  public static Reply phantomCitation(String answer, String quote) {
    Checks.notNull(answer, "answer");
    Checks.notNull(quote, "quote");
    return custom(
        "phantom citation",
        sent -> {
          String id = "x1q1z";
          while (sent.ids().contains(id)) {
            id = id + "1";
          }
          return ModelAnswer.answered(answer, List.of(new Citation(id, quote)));
        });
  }

  /**
   * Cites the source that contains both fragments with a quote that joins them ({@code first + " "
   * + second}), each written as in the source: every word is in the source, but not as one passage,
   * so the validator must report {@code quote_not_found}.
   *
   * @param answer the answer text
   * @param first the first fragment, as in the source
   * @param second the second fragment, as in the source (not right after {@code first})
   * @return the reply
   * @throws IllegalStateException at resolution when no sent source contains both, or when they are
   *     adjacent there (the joined quote would then be valid)
   */
  public static Reply gluedQuote(String answer, String first, String second) {
    Checks.notNull(answer, "answer");
    Checks.notBlank(first, "first");
    Checks.notBlank(second, "second");
    return custom(
        "glued quote \"" + abbreviate(first) + "\" + \"" + abbreviate(second) + "\"",
        sent -> {
          SentSources.Source s =
              sent.all().stream()
                  .filter(
                      x ->
                          SentSources.fold(x.text()).contains(SentSources.fold(first))
                              && SentSources.fold(x.text()).contains(SentSources.fold(second)))
                  .findFirst()
                  .orElseThrow(
                      () ->
                          new IllegalStateException(
                              "no sent source contains both \""
                                  + first
                                  + "\" and \""
                                  + second
                                  + "\"; sent: "
                                  + sent.describe()));
          String glued = Cite.exactSpan(s.text(), first) + " " + Cite.exactSpan(s.text(), second);
          if (SentSources.fold(s.text()).contains(SentSources.fold(glued))) {
            throw new IllegalStateException(
                "\""
                    + first
                    + "\" and \""
                    + second
                    + "\" are adjacent in source "
                    + s.id()
                    + ", so the joined quote is valid; pick fragments apart");
          }
          return ModelAnswer.answered(answer, List.of(new Citation(s.id(), glued)));
        });
  }

  /**
   * Status {@code not_in_sources} but with a claim citing the source that contains {@code quote}:
   * the validator must report {@code abstention_with_citations}.
   *
   * @param quote a passage of one sent source
   * @return the reply
   */
  public static Reply abstentionWithCitation(String quote) {
    Checks.notBlank(quote, "quote");
    return custom(
        "abstention with a citation",
        sent -> {
          Citation c = Cite.quote(quote).resolve(sent);
          return new ModelAnswer(
              AnswerStatus.NOT_IN_SOURCES, "", List.of(new Claim(c.quote(), List.of(c))));
        });
  }

  /** {@return a reply of prose instead of JSON: the parser must report {@code invalid_json}} */
  public static Reply invalidJson() {
    return raw(
        "Sure! According to the sources, you roll back with deployctl. Let me know if you need more.");
  }

  /**
   * {@return a reply of JSON that breaks the schema (unknown status, wrong types): {@code
   * schema_mismatch}}
   */
  public static Reply schemaMismatch() {
    return raw("{\"status\":\"probably\",\"answer\":42,\"claims\":\"none\"}");
  }

  /**
   * {@return a reply cut off by the output limit: finish reason {@code LENGTH}, half a JSON object}
   */
  public static Reply truncated() {
    String text = "{\"status\":\"answered\",\"answer\":\"The limit is";
    return new Reply(
        "truncated", sent -> new ScriptedOutcome.Text(text, FinishReason.LENGTH, "length"));
  }

  /**
   * {@code base}'s text cut in half with finish reason {@code LENGTH}; an empty text when {@code
   * base} is empty (all output spent on reasoning).
   *
   * @param base the reply to cut
   * @return the reply
   */
  public static Reply truncated(Reply base) {
    Checks.notNull(base, "base");
    return new Reply(
        "truncated " + base.description,
        sent -> {
          ScriptedOutcome o = base.resolve(sent);
          if (!(o instanceof ScriptedOutcome.Text t)) {
            return o;
          }
          return new ScriptedOutcome.Text(
              t.text().substring(0, t.text().length() / 2), FinishReason.LENGTH, "length");
        });
  }

  /** {@return a reply withheld by a safety filter: finish reason {@code BLOCKED}, empty text} */
  public static Reply blocked() {
    return blocked("SAFETY");
  }

  /**
   * Blocked with the provider's reason, e.g. {@code SAFETY}, {@code RECITATION}, {@code
   * PROHIBITED_CONTENT}.
   *
   * @param providerReason the provider's word, reported as the provider finish reason
   * @return the reply
   */
  public static Reply blocked(String providerReason) {
    Checks.notBlank(providerReason, "providerReason");
    return new Reply(
        "blocked " + providerReason,
        sent -> new ScriptedOutcome.Text("", FinishReason.BLOCKED, providerReason));
  }

  /**
   * The provider refused the prompt itself (Gemini's {@code promptFeedback.blockReason}, e.g.
   * {@code PROHIBITED_CONTENT}): finish reason {@code BLOCKED}, provider reason {@code
   * PROMPT_BLOCKED:<reason>}.
   *
   * @param blockReason the provider's block reason
   * @return the reply
   */
  public static Reply promptBlocked(String blockReason) {
    Checks.notBlank(blockReason, "blockReason");
    return new Reply(
        "prompt blocked " + blockReason,
        sent ->
            new ScriptedOutcome.Text(
                "", FinishReason.BLOCKED, PROMPT_BLOCKED_PREFIX + blockReason));
  }

  /**
   * A rate limit: a {@link TransientProviderException} of kind {@code RATE_LIMITED}, HTTP 429, with
   * the given retry hint (Gemini's {@code RetryInfo.retryDelay}).
   *
   * @param retryAfter the wait the provider asks for
   * @return the reply
   */
  public static Reply rateLimited(Duration retryAfter) {
    Checks.notNull(retryAfter, "retryAfter");
    if (retryAfter.isNegative()) {
      throw new IllegalArgumentException("retryAfter must be >= 0, was " + retryAfter);
    }
    return failing(
        "rate_limited",
        () ->
            new TransientProviderException(
                PROVIDER,
                ProviderException.Kind.RATE_LIMITED,
                429,
                "RESOURCE_EXHAUSTED",
                "scripted rate limit",
                retryAfter,
                null));
  }

  /**
   * The model is overloaded: a {@link TransientProviderException} of kind {@code UNAVAILABLE}, HTTP
   * 503.
   *
   * @return the reply
   */
  public static Reply unavailable() {
    return failing(
        "unavailable",
        () ->
            new TransientProviderException(
                PROVIDER,
                ProviderException.Kind.UNAVAILABLE,
                503,
                "UNAVAILABLE",
                "scripted overload: the model is overloaded, try again later",
                null,
                null));
  }

  /**
   * A bad-request failure: a {@link PermanentProviderException} of kind {@code BAD_REQUEST}, HTTP
   * 400.
   *
   * @param message the provider's error message
   * @return the reply
   */
  public static Reply badRequest(String message) {
    Checks.notBlank(message, "message");
    return failing(
        "bad_request",
        () ->
            new PermanentProviderException(
                PROVIDER,
                ProviderException.Kind.BAD_REQUEST,
                400,
                "INVALID_ARGUMENT",
                message,
                null));
  }

  /**
   * Any provider failure: thrown in process (the same instance on every call), rendered as the
   * matching HTTP error on the wire.
   *
   * @param exception the failure to throw (in process) or render (on the wire)
   * @return the reply
   */
  public static Reply failure(ProviderException exception) {
    Checks.notNull(exception, "exception");
    return failing(exception.kind().name().toLowerCase(Locale.ROOT), () -> exception);
  }

  private static Reply failing(String kind, Supplier<ProviderException> exception) {
    return new Reply("failure " + kind, sent -> new ScriptedOutcome.Failure(exception.get()));
  }

  private static ScriptedOutcome stop(String text) {
    return new ScriptedOutcome.Text(text, FinishReason.STOP, "stop");
  }

  static String abbreviate(@Nullable String s) {
    if (s == null) {
      return "";
    }
    return s.length() <= 60 ? s : s.substring(0, 57) + "...";
  }

  @Override
  public String toString() {
    return "Reply[" + description + "]";
  }
}
