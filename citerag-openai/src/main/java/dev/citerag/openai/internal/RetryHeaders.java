package dev.citerag.openai.internal;

import dev.citerag.provider.internal.RetryHints;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import okhttp3.Headers;
import org.jspecify.annotations.Nullable;

/**
 * The retry hint of an OpenAI-compatible error reply, from its headers, in this order:
 *
 * <ol>
 *   <li>{@code retry-after-ms}: milliseconds, possibly fractional (OpenAI and Azure send it; the
 *       official SDKs read it first);
 *   <li>{@code Retry-After}: delta-seconds or an HTTP-date (RFC 9110);
 *   <li>{@code x-ratelimit-reset-requests} / {@code x-ratelimit-reset-tokens}: time until the
 *       request or token budget is full again, written as Go durations ({@code 1s}, {@code 6m0s},
 *       {@code 20ms}, {@code 1h2m3.5s}); the one whose {@code x-ratelimit-remaining-*} is 0 is
 *       used, else the shorter of the two (a hint is a floor on the wait, not a promise).
 * </ol>
 *
 * A hint over a day, negative or malformed is ignored.
 */
public final class RetryHeaders {
  private RetryHeaders() {}

  static final Duration MAX_HINT = Duration.ofDays(1);

  private static final Pattern GO_PART = Pattern.compile("(\\d+(?:\\.\\d+)?)(h|ms|us|µs|ns|m|s)");

  /** The hint, if the headers carry a usable one. */
  public static Optional<Duration> hint(Headers headers, ZonedDateTime now) {
    Optional<Duration> ms = millis(headers.get("retry-after-ms"));
    if (ms.isPresent()) {
      return ms;
    }
    Optional<Duration> ra =
        RetryHints.retryAfterHeader(headers.get("Retry-After"), now)
            .filter(d -> d.compareTo(MAX_HINT) <= 0);
    if (ra.isPresent()) {
      return ra;
    }
    Optional<Duration> requests = goDuration(headers.get("x-ratelimit-reset-requests"));
    Optional<Duration> tokens = goDuration(headers.get("x-ratelimit-reset-tokens"));
    boolean requestsOut = "0".equals(strip(headers.get("x-ratelimit-remaining-requests")));
    boolean tokensOut = "0".equals(strip(headers.get("x-ratelimit-remaining-tokens")));
    if (requestsOut && tokensOut && requests.isPresent() && tokens.isPresent()) {
      return Optional.of(max(requests.get(), tokens.get()));
    }
    if (requestsOut && requests.isPresent()) {
      return requests;
    }
    if (tokensOut && tokens.isPresent()) {
      return tokens;
    }
    if (requests.isPresent() && tokens.isPresent()) {
      return Optional.of(min(requests.get(), tokens.get()));
    }
    return requests.isPresent() ? requests : tokens;
  }

  /** {@code retry-after-ms}: a non-negative decimal number of milliseconds. */
  static Optional<Duration> millis(@Nullable String value) {
    String v = strip(value);
    if (v == null || !v.matches("\\d{1,12}(\\.\\d{1,9})?")) {
      return Optional.empty();
    }
    Duration d = Duration.ofNanos(new BigDecimal(v).movePointRight(6).longValue());
    return d.compareTo(MAX_HINT) <= 0 ? Optional.of(d) : Optional.empty();
  }

  /**
   * A Go duration as OpenAI writes its reset times: {@code 6m0s}, {@code 1s}, {@code 20ms}, {@code
   * 0.5s}.
   */
  public static Optional<Duration> goDuration(@Nullable String value) {
    String v = strip(value);
    if (v == null || v.isEmpty() || v.length() > 40) {
      return Optional.empty();
    }
    BigDecimal nanos = BigDecimal.ZERO;
    Matcher m = GO_PART.matcher(v);
    // parts one after another with nothing between them (one part at a time: no repeated group to
    // backtrack)
    for (int at = 0; at < v.length(); at = m.end()) {
      m.region(at, v.length());
      if (!m.lookingAt()) {
        return Optional.empty();
      }
      BigDecimal n = new BigDecimal(m.group(1));
      BigDecimal unit =
          switch (m.group(2)) {
            case "h" -> BigDecimal.valueOf(3_600_000_000_000L);
            case "m" -> BigDecimal.valueOf(60_000_000_000L);
            case "s" -> BigDecimal.valueOf(1_000_000_000L);
            case "ms" -> BigDecimal.valueOf(1_000_000L);
            case "us", "µs" -> BigDecimal.valueOf(1_000L);
            default -> BigDecimal.ONE;
          };
      nanos = nanos.add(n.multiply(unit));
    }
    if (nanos.compareTo(BigDecimal.valueOf(MAX_HINT.toNanos())) > 0) {
      return Optional.empty();
    }
    return Optional.of(Duration.ofNanos(nanos.longValue()));
  }

  private static @Nullable String strip(@Nullable String s) {
    return s == null ? null : s.strip();
  }

  private static Duration max(Duration a, Duration b) {
    return a.compareTo(b) >= 0 ? a : b;
  }

  private static Duration min(Duration a, Duration b) {
    return a.compareTo(b) <= 0 ? a : b;
  }
}
