package dev.citerag.chat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class TokenUsageTest {

  @Test
  void sums_saturate_instead_of_wrapping_negative() {
    TokenUsage huge = TokenUsage.of(Integer.MAX_VALUE, Integer.MAX_VALUE, 1);
    assertThat(huge.totalTokens()).isEqualTo(Integer.MAX_VALUE);

    TokenUsage twice = huge.plus(huge);
    assertThat(twice)
        .isEqualTo(new TokenUsage(Integer.MAX_VALUE, Integer.MAX_VALUE, 2, 0, Integer.MAX_VALUE));
  }

  @Test
  void ordinary_sums_are_exact() {
    assertThat(TokenUsage.of(10, 5, 2).plus(TokenUsage.of(1, 1, 0)))
        .isEqualTo(new TokenUsage(11, 6, 2, 0, 19));
  }

  @Test
  void rejects_negative_counts() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> TokenUsage.of(-1, 0, 0));
    assertThat(e).hasMessageContaining(">= 0");
  }
}
