package dev.citerag.http.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SecretsTest {
  static final String KEY = "sk-proj-Q7x9Kp2WmZ4vT8cN3bLr6Hd0Fj5Ys1Uz";

  @Test
  void the_key_its_pieces_and_key_shaped_words_are_masked() {
    assertThat(Secrets.scrub("bad " + KEY + " here", KEY)).isEqualTo("bad **** here");
    assertThat(Secrets.scrub("tail " + KEY.substring(12), KEY)).isEqualTo("tail ****");
    assertThat(Secrets.scrub("Incorrect API key provided: sk-proj-********1Uz.", null))
        .isEqualTo("Incorrect API key provided: ****");
    assertThat(Secrets.scrub("another sk-abc123def456 key", KEY)).isEqualTo("another **** key");
    assertThat(Secrets.scrub("line\nbreak\u0000", KEY)).isEqualTo("line break ");
    assertThat(Secrets.scrub("x".repeat(600), KEY)).hasSize(503).endsWith("...");
    assertThat(Secrets.scrub("task-oriented risk-free", KEY)).isEqualTo("task-oriented risk-free");
    assertThat(Secrets.mask(KEY)).isEqualTo("****");
    assertThat(Secrets.mask(null)).isEqualTo("<none>");
  }
}
