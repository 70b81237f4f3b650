package dev.citerag.text.internal;

import java.util.HashMap;
import java.util.Map;

/**
 * English numbers written as words, zero to ninety-nine ({@code "seven"}, {@code "forty"}, {@code
 * "forty-two"}), with their values: one table for every check that reads a number in words.
 */
public final class NumberWords {
  private NumberWords() {}

  private static final String[] SMALL = {
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen"
  };

  private static final String[] TENS = {
    "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"
  };

  /** Every word from zero to ninety-nine (tens and units joined by a hyphen) and its value. */
  public static final Map<String, Integer> VALUES = values();

  /**
   * The word for {@code n}.
   *
   * @param n from 0 to 99
   * @return e.g. {@code "seven"}, {@code "forty-two"}
   * @throws IllegalArgumentException when {@code n} is out of range
   */
  public static String word(int n) {
    if (n < 0 || n > 99) {
      throw new IllegalArgumentException("n must be 0 to 99, was " + n);
    }
    if (n < 20) {
      return SMALL[n];
    }
    String tens = TENS[n / 10 - 2];
    return n % 10 == 0 ? tens : tens + "-" + SMALL[n % 10];
  }

  private static Map<String, Integer> values() {
    Map<String, Integer> m = new HashMap<>();
    for (int n = 0; n < 100; n++) {
      m.put(word(n), n);
    }
    return Map.copyOf(m);
  }
}
