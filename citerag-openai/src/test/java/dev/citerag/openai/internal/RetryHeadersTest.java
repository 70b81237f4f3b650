package dev.citerag.openai.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import okhttp3.Headers;
import org.junit.jupiter.api.Test;

class RetryHeadersTest {
  static final ZonedDateTime NOW = ZonedDateTime.of(2026, 12, 1, 21, 0, 0, 0, ZoneOffset.UTC);

  @Test
  void go_durations_as_openai_writes_them() {
    assertThat(RetryHeaders.goDuration("6m0s")).contains(Duration.ofMinutes(6));
    assertThat(RetryHeaders.goDuration("1s")).contains(Duration.ofSeconds(1));
    assertThat(RetryHeaders.goDuration("20ms")).contains(Duration.ofMillis(20));
    assertThat(RetryHeaders.goDuration("1.5s")).contains(Duration.ofMillis(1500));
    assertThat(RetryHeaders.goDuration("1h2m3.5s")).contains(Duration.ofMillis(3_723_500));
    assertThat(RetryHeaders.goDuration("250us")).contains(Duration.ofNanos(250_000));
    for (String bad : new String[] {"", "6", "s", "-1s", "1d", "1s2", "abc", "25h"}) {
      assertThat(RetryHeaders.goDuration(bad)).as(bad).isEmpty();
    }
  }

  @Test
  void retry_after_ms_wins_then_retry_after_then_the_exhausted_reset() {
    Headers all =
        Headers.of(
            "retry-after-ms",
            "1500.5",
            "Retry-After",
            "9",
            "x-ratelimit-reset-requests",
            "20s",
            "x-ratelimit-remaining-requests",
            "0");
    assertThat(RetryHeaders.hint(all, NOW)).contains(Duration.ofNanos(1_500_500_000L));
    assertThat(
            RetryHeaders.hint(
                Headers.of("Retry-After", "9", "x-ratelimit-reset-requests", "20s"), NOW))
        .contains(Duration.ofSeconds(9));
    String date = DateTimeFormatter.RFC_1123_DATE_TIME.format(NOW.plusSeconds(30));
    assertThat(RetryHeaders.hint(Headers.of("Retry-After", date), NOW))
        .contains(Duration.ofSeconds(30));
    Headers tokensOut =
        Headers.of(
            "x-ratelimit-reset-requests",
            "100ms",
            "x-ratelimit-remaining-requests",
            "10",
            "x-ratelimit-reset-tokens",
            "6m0s",
            "x-ratelimit-remaining-tokens",
            "0");
    assertThat(RetryHeaders.hint(tokensOut, NOW)).contains(Duration.ofMinutes(6));
    Headers neitherOut =
        Headers.of("x-ratelimit-reset-requests", "100ms", "x-ratelimit-reset-tokens", "6m0s");
    assertThat(RetryHeaders.hint(neitherOut, NOW)).contains(Duration.ofMillis(100));
    assertThat(RetryHeaders.hint(Headers.of(), NOW)).isEmpty();
    assertThat(RetryHeaders.hint(Headers.of("retry-after-ms", "-5", "Retry-After", "soon"), NOW))
        .isEmpty();
    assertThat(RetryHeaders.hint(Headers.of("Retry-After", "999999"), NOW)).isEmpty(); // over a day
  }
}
