package dev.citerag.provider.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.citerag.PermanentProviderException;
import dev.citerag.ProviderException;
import dev.citerag.ProviderException.Kind;
import dev.citerag.TransientProviderException;
import dev.citerag.provider.RetryPolicy;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class RetrierTest {
  final AtomicLong clock = new AtomicLong();
  final List<Duration> waits = new ArrayList<>();
  final Retrier.Sleeper sleeper =
      d -> {
        waits.add(d);
        clock.addAndGet(d.toNanos());
      };

  Retrier retrier(RetryPolicy p) {
    return new Retrier("test", p, sleeper, clock::get);
  }

  static TransientProviderException transientFailure(Duration hint) {
    return new TransientProviderException(
        "test", Kind.RATE_LIMITED, 429, "RESOURCE_EXHAUSTED", "slow down", hint, null);
  }

  @Test
  void retries_transient_failures_and_honours_the_server_hint() {
    AtomicInteger calls = new AtomicInteger();
    String r =
        retrier(RetryPolicy.DEFAULT)
            .call(
                null,
                left -> {
                  if (calls.incrementAndGet() < 3) {
                    throw transientFailure(Duration.ofSeconds(26));
                  }
                  return "ok";
                });
    assertThat(r).isEqualTo("ok");
    assertThat(calls).hasValue(3);
    assertThat(waits).hasSize(2).allMatch(d -> d.compareTo(Duration.ofSeconds(26)) >= 0);
  }

  @Test
  void bounds_of_centuries_neither_throw_nor_wrap_into_the_past() {
    Duration forever = Duration.ofSeconds(Long.MAX_VALUE);
    RetryPolicy p = new RetryPolicy(3, forever, forever, 2.0, 0.0, forever);
    assertThat(p.backoffAfter(5)).isEqualTo(Duration.ofNanos(Long.MAX_VALUE));
    clock.set(Long.MAX_VALUE - 10); // nanoTime may start anywhere, even near its end
    AtomicInteger calls = new AtomicInteger();
    String r =
        retrier(
                RetryPolicy.DEFAULT
                    .withTotalTimeout(forever)
                    .withBackoff(Duration.ofMillis(1), Duration.ofMillis(1)))
            .call(
                forever,
                left -> {
                  assertThat(left).isPositive();
                  if (calls.incrementAndGet() < 2) {
                    throw transientFailure(null);
                  }
                  return "ok";
                });
    assertThat(r).isEqualTo("ok");
  }

  @Test
  void never_retries_permanent_failures() {
    AtomicInteger calls = new AtomicInteger();
    assertThrows(
        PermanentProviderException.class,
        () ->
            retrier(RetryPolicy.DEFAULT)
                .call(
                    null,
                    left -> {
                      calls.incrementAndGet();
                      throw new PermanentProviderException(
                          "test", Kind.BAD_REQUEST, 400, "INVALID_ARGUMENT", "bad", null);
                    }));
    assertThat(calls).hasValue(1);
    assertThat(waits).isEmpty();
  }

  @Test
  void stops_after_max_attempts_with_the_last_failure() {
    AtomicInteger calls = new AtomicInteger();
    ProviderException e =
        assertThrows(
            TransientProviderException.class,
            () ->
                retrier(RetryPolicy.DEFAULT.withMaxAttempts(3))
                    .call(
                        null,
                        left -> {
                          calls.incrementAndGet();
                          throw transientFailure(null);
                        }));
    assertThat(calls).hasValue(3);
    assertThat(e.kind()).isEqualTo(Kind.RATE_LIMITED);
    assertThat(waits.get(1)).isGreaterThan(waits.get(0).dividedBy(2)); // grows (jitter ±20 %)
  }

  @Test
  void gives_up_at_once_when_the_hint_exceeds_the_time_left() {
    AtomicInteger calls = new AtomicInteger();
    assertThrows(
        TransientProviderException.class,
        () ->
            retrier(RetryPolicy.DEFAULT)
                .call(
                    Duration.ofSeconds(10),
                    left -> {
                      calls.incrementAndGet();
                      throw transientFailure(Duration.ofSeconds(26));
                    }));
    assertThat(calls).hasValue(1);
    assertThat(waits).isEmpty();
  }

  @Test
  void passes_the_remaining_time_to_each_attempt() {
    List<Duration> seen = new ArrayList<>();
    AtomicInteger calls = new AtomicInteger();
    retrier(RetryPolicy.DEFAULT)
        .call(
            Duration.ofSeconds(60),
            left -> {
              seen.add(left);
              if (calls.incrementAndGet() == 1) {
                throw transientFailure(Duration.ofSeconds(5));
              }
              return 1;
            });
    assertThat(seen.get(0)).isEqualTo(Duration.ofSeconds(60));
    assertThat(seen.get(1)).isLessThanOrEqualTo(Duration.ofSeconds(55));
  }

  @Test
  void parses_retry_hints() {
    assertThat(RetryHints.protoDuration("26s")).contains(Duration.ofSeconds(26));
    assertThat(RetryHints.protoDuration("0.5s")).contains(Duration.ofMillis(500));
    assertThat(RetryHints.protoDuration("soon")).isEmpty();
    ZonedDateTime now = ZonedDateTime.of(2026, 11, 29, 12, 0, 0, 0, ZoneOffset.UTC);
    assertThat(RetryHints.retryAfterHeader("7", now)).contains(Duration.ofSeconds(7));
    assertThat(RetryHints.retryAfterHeader("Sun, 29 Nov 2026 12:00:30 GMT", now))
        .contains(Duration.ofSeconds(30));
    assertThat(RetryHints.retryAfterHeader("garbage", now)).isEmpty();
  }

  @Test
  void policy_rejects_bad_values_naming_the_field() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> RetryPolicy.DEFAULT.withMaxAttempts(0));
    assertThat(e).hasMessageContaining("maxAttempts");
  }
}
