package dev.citerag.pipeline;

import dev.citerag.internal.Checks;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The distributed-tracing identity of one request: the W3C Trace Context trace id the request's
 * {@link Trace} and every {@link RagEvent} carry, taken from an incoming {@code traceparent} header
 * when there is a valid one and generated otherwise.
 *
 * <pre>{@code
 * RagResult r = rag.ask(question, Filter.ALL, TraceContext.fromTraceparent(request.getHeader("traceparent")));
 * r.trace().traceId();   // the caller's trace id, or a fresh one
 * }</pre>
 *
 * @param traceId 32 lowercase hex digits, not all zero
 * @param parentId the caller's span id (16 lowercase hex digits) when the id came from a {@code
 *     traceparent} header, else {@code null}
 */
public record TraceContext(String traceId, @Nullable String parentId) {

  private static final Pattern TRACE_ID = Pattern.compile("[0-9a-f]{32}");
  private static final Pattern SPAN_ID = Pattern.compile("[0-9a-f]{16}");
  // version "00": exactly four fields; a later version may append fields after the flags
  private static final Pattern TRACEPARENT =
      Pattern.compile("([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?");

  /**
   * Checks the ids.
   *
   * @param traceId 32 lowercase hex digits, not all zero
   * @param parentId 16 lowercase hex digits, not all zero, or {@code null}
   * @throws IllegalArgumentException when an id is malformed or all zero
   */
  public TraceContext {
    Checks.notNull(traceId, "traceId");
    if (!TRACE_ID.matcher(traceId).matches() || isZero(traceId)) {
      throw new IllegalArgumentException(
          "traceId must be 32 lowercase hex digits, not all zero, was \"" + traceId + "\"");
    }
    if (parentId != null && (!SPAN_ID.matcher(parentId).matches() || isZero(parentId))) {
      throw new IllegalArgumentException(
          "parentId must be 16 lowercase hex digits, not all zero, was \"" + parentId + "\"");
    }
  }

  /** {@return a context with a fresh random trace id and no parent} */
  public static TraceContext generate() {
    ThreadLocalRandom r = ThreadLocalRandom.current();
    long hi;
    long lo;
    do {
      hi = r.nextLong();
      lo = r.nextLong();
    } while (hi == 0 && lo == 0);
    return new TraceContext(hex(hi) + hex(lo), null);
  }

  /**
   * The context of an incoming W3C {@code traceparent} header ({@code 00-<32 hex trace id>-<16 hex
   * parent id>-<2 hex flags>}). As the W3C Trace Context recommendation asks, a missing or invalid
   * header (wrong lengths, upper-case hex, all-zero ids, version {@code ff}, extra fields on
   * version {@code 00}) is ignored and a fresh trace id is generated; this method never throws for
   * a bad header.
   *
   * @param traceparent the header's value, or {@code null} when the request had none
   * @return the caller's trace id and parent id, or a generated context
   */
  public static TraceContext fromTraceparent(@Nullable String traceparent) {
    if (traceparent == null) {
      return generate();
    }
    var m = TRACEPARENT.matcher(traceparent.strip());
    if (!m.matches()) {
      return generate();
    }
    String version = m.group(1);
    String traceId = m.group(2);
    String parentId = m.group(3);
    boolean extra = m.group(5) != null;
    if (version.equals("ff") || (version.equals("00") && extra)) {
      return generate();
    }
    if (isZero(traceId) || isZero(parentId)) {
      return generate();
    }
    return new TraceContext(traceId, parentId);
  }

  /** {@return whether the trace id came from the caller's {@code traceparent} header} */
  public boolean propagated() {
    return parentId != null;
  }

  private static boolean isZero(String hex) {
    for (int i = 0; i < hex.length(); i++) {
      if (hex.charAt(i) != '0') {
        return false;
      }
    }
    return true;
  }

  private static String hex(long v) {
    String s = Long.toHexString(v);
    return "0".repeat(16 - s.length()) + s.toLowerCase(Locale.ROOT);
  }
}
