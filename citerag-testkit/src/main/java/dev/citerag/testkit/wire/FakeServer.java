package dev.citerag.testkit.wire;

import dev.citerag.testkit.fakes.Reply;
import dev.citerag.testkit.fakes.internal.ReplyScript;
import dev.citerag.testkit.wire.internal.FakeHttp;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;

/**
 * What the provider fakes share: a local server that hands each request to the provider's protocol
 * ({@link #handle}) and records it, the reply script, fault injection by delay, and the record of
 * calls.
 *
 * <p>Package-private on purpose, so that it is no part of the API: the public methods below are
 * callable on each public fake, and javadoc lists them on its page, with {@code S} shown as that
 * fake's type.
 *
 * @param <S> the public fake that extends this, returned by every setter
 */
abstract class FakeServer<S extends FakeServer<S>> implements AutoCloseable {
  /** The replies scripted for chat calls. */
  final ReplyScript script;

  /** The started server and its record of calls. */
  final FakeHttp http;

  private final String name;

  /**
   * Starts the server on a free loopback port.
   *
   * @param name the fake's name, in script errors and messages
   * @param internalError the provider's error body for a request the script cannot answer
   * @throws java.io.UncheckedIOException when it cannot start
   */
  FakeServer(String name, Function<String, FakeHttp.Reply> internalError) {
    this.name = name;
    this.script = new ReplyScript(name);
    // requests arrive only once the caller knows the port, after the subclass is constructed
    this.http = new FakeHttp(name, req -> handle(req), internalError);
  }

  /** Answers one request in the provider's wire format. */
  abstract FakeHttp.Reply handle(FakeHttp.Request request);

  /** Safe: the only subclasses are {@code X extends FakeServer<X>}. */
  @SuppressWarnings("unchecked")
  private S self() {
    return (S) this;
  }

  /**
   * {@return the server's base URL without a trailing slash, e.g. {@code http://127.0.0.1:50123}}
   */
  public String baseUrl() {
    return http.baseUrl();
  }

  // ---- script ----

  /**
   * Replies to questions containing {@code fragment} with {@code replies} in order (the last
   * repeats).
   *
   * @param fragment a piece of the question, matched case-sensitively
   * @param replies the replies, in order; the last one repeats
   * @return this server
   */
  public S onQuestion(String fragment, Reply... replies) {
    script.onQuestion(fragment, replies);
    return self();
  }

  /**
   * Queues replies for chat calls that no question rule matches.
   *
   * @param replies the replies, used once each in order
   * @return this server
   */
  public S enqueue(Reply... replies) {
    script.enqueue(replies);
    return self();
  }

  /**
   * The reply when neither a rule nor the queue answers; default: none (500 with a script error).
   *
   * @param reply the fallback reply
   * @return this server
   */
  public S otherwise(Reply reply) {
    script.otherwise(reply);
    return self();
  }

  // ---- faults ----

  /**
   * Delays every response's headers by {@code delay} (to test client timeouts); default zero.
   *
   * @param delay how long each response waits before its headers are sent
   * @return this server
   * @throws IllegalArgumentException when negative
   */
  public S delayResponses(Duration delay) {
    http.delay(delay);
    return self();
  }

  // ---- records ----

  /** {@return every request received, in arrival order} */
  public List<WireCall> calls() {
    return http.calls();
  }

  /**
   * The most recent request.
   *
   * @return the most recent request
   * @throws IllegalStateException when none was received
   */
  public WireCall lastCall() {
    return http.lastCall();
  }

  /** Stops the server. */
  @Override
  public void close() {
    http.close();
  }

  @Override
  public String toString() {
    return name + "[" + baseUrl() + "]";
  }
}
