package dev.citerag.pgvector.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The float to IEEE 754 binary16 rounding that {@code halfvec} COPY uses. */
class HalfFloatTest {

  @Test
  void floats_round_to_the_nearest_half_ties_to_even() {
    assertThat(CopyEncoder.toHalf(1.0f)).isEqualTo(0x3c00);
    assertThat(CopyEncoder.toHalf(-2.0f)).isEqualTo(0xc000);
    assertThat(CopyEncoder.toHalf(0.0f)).isZero();
    assertThat(CopyEncoder.toHalf(-0.0f)).isEqualTo(0x8000);
    assertThat(CopyEncoder.toHalf(1f / 3)).isEqualTo(0x3555);
    assertThat(CopyEncoder.toHalf(0.1f)).isEqualTo(0x2e66);
    assertThat(CopyEncoder.toHalf(65504f)).isEqualTo(0x7bff);
    assertThat(CopyEncoder.toHalf(65519f)).isEqualTo(0x7bff);
    assertThat(CopyEncoder.toHalf(65520f)).isEqualTo(0x7c00);
    // smallest normal and subnormals
    assertThat(CopyEncoder.toHalf((float) Math.pow(2, -14))).isEqualTo(0x0400);
    assertThat(CopyEncoder.toHalf((float) Math.pow(2, -24))).isEqualTo(0x0001);
    assertThat(CopyEncoder.toHalf((float) Math.pow(2, -25))).isZero();
    assertThat(CopyEncoder.toHalf((float) (1.5 * Math.pow(2, -25)))).isEqualTo(0x0001);
    // 1 + 2^-11 lies halfway between 1 and the next half (1 + 2^-10): to even, down
    assertThat(CopyEncoder.toHalf(1f + (float) Math.pow(2, -11))).isEqualTo(0x3c00);
    assertThat(CopyEncoder.toHalf(1f + 3 * (float) Math.pow(2, -11))).isEqualTo(0x3c02);
  }
}
