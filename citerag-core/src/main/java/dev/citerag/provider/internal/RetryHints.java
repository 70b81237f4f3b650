package dev.citerag.provider.internal;

import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/** Parses the retry hints servers send. */
public final class RetryHints {
  private RetryHints() {}

  private static final Pattern PROTO_DURATION = Pattern.compile("\\s*(\\d+(?:\\.\\d+)?)s\\s*");

  /**
   * A protobuf Duration in JSON form, e.g. {@code "26s"} or {@code "0.5s"} (Gemini's {@code
   * RetryInfo.retryDelay}). Empty when absent or malformed.
   */
  public static Optional<Duration> protoDuration(@Nullable String s) {
    if (s == null) {
      return Optional.empty();
    }
    Matcher m = PROTO_DURATION.matcher(s);
    if (!m.matches()) {
      return Optional.empty();
    }
    double seconds = Double.parseDouble(m.group(1));
    if (seconds > 86_400) {
      return Optional.empty();
    }
    return Optional.of(Duration.ofNanos((long) (seconds * 1e9)));
  }

  /**
   * An HTTP {@code Retry-After} header: delta-seconds or an HTTP-date (RFC 9110). Empty when absent
   * or malformed; a date in the past gives zero.
   */
  public static Optional<Duration> retryAfterHeader(@Nullable String value, ZonedDateTime now) {
    if (value == null || value.isBlank()) {
      return Optional.empty();
    }
    String v = value.trim();
    if (v.chars().allMatch(Character::isDigit) && v.length() <= 6) {
      return Optional.of(Duration.ofSeconds(Long.parseLong(v)));
    }
    try {
      ZonedDateTime at = ZonedDateTime.parse(v, DateTimeFormatter.RFC_1123_DATE_TIME);
      Duration d = Duration.between(now, at);
      return Optional.of(d.isNegative() ? Duration.ZERO : d);
    } catch (DateTimeParseException e) {
      return Optional.empty();
    }
  }
}
