package dev.citerag.http.internal;

import dev.citerag.chat.ChatResponse;
import dev.citerag.chat.TokenUsage;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;

/** The debug line every chat adapter writes after a successful call. */
public final class CallLog {
  private CallLog() {}

  /**
   * {@code citerag.<provider>: <what> model=... finishReason=... latencyMs=... tokens in=...
   * out=... reasoning=... cached=... total=...}, when {@code log} is at debug level.
   *
   * @param startNanos {@link System#nanoTime()} before the call
   */
  public static void chat(
      Logger log, String provider, String what, ChatResponse r, long startNanos) {
    if (!log.isDebugEnabled()) {
      return;
    }
    TokenUsage u = r.usage();
    log.debug(
        "citerag.{}: {} model={} status=200 finishReason={} latencyMs={} tokens in={} out={}"
            + " reasoning={} cached={} total={}",
        provider,
        what,
        r.model(),
        r.providerFinishReason(),
        TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos),
        u.inputTokens(),
        u.outputTokens(),
        u.reasoningTokens(),
        u.cachedTokens(),
        u.totalTokens());
  }
}
