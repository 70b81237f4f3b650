package dev.citerag.verify.internal;

/**
 * Hand scanners for the written forms of numbers, dates and times that {@link Quantities} reads,
 * each the exact equivalent of a regular expression matched against a whole lower-case token
 * ({@code \d} is an ASCII digit, as in {@link java.util.regex.Pattern} without flags). They run on
 * every token of every claim and quote, where a regex matcher cost more than the rest of the
 * reading.
 */
final class NumberForms {
  private NumberForms() {}

  private static boolean digit(char c) {
    return c >= '0' && c <= '9';
  }

  /**
   * Index of the first char at or after {@code from} that is not an ASCII digit, before {@code to}.
   */
  private static int digitsEnd(String s, int from, int to) {
    int i = from;
    while (i < to && digit(s.charAt(i))) {
      i++;
    }
    return i;
  }

  /** {@code s[from, to)} matches {@code \d+(?:\.\d+)?}. */
  static boolean plain(String s, int from, int to) {
    int i = digitsEnd(s, from, to);
    if (i == from) {
      return false;
    }
    if (i == to) {
      return true;
    }
    if (s.charAt(i) != '.') {
      return false;
    }
    int j = digitsEnd(s, i + 1, to);
    return j > i + 1 && j == to;
  }

  /** {@code s[from, to)} matches {@code \d{1,3}(?:,\d{3})+(?:\.\d+)?}. */
  private static boolean grouped(String s, int from, int to) {
    int i = digitsEnd(s, from, to);
    if (i == from || i - from > 3) {
      return false;
    }
    int groups = 0;
    while (i < to && s.charAt(i) == ',') {
      int j = digitsEnd(s, i + 1, to);
      if (j - (i + 1) != 3) {
        return false;
      }
      groups++;
      i = j;
    }
    if (groups == 0) {
      return false;
    }
    if (i == to) {
      return true;
    }
    if (s.charAt(i) != '.') {
      return false;
    }
    int j = digitsEnd(s, i + 1, to);
    return j > i + 1 && j == to;
  }

  /**
   * {@code s[from, to)} matches {@code \d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?}: a decimal
   * number, with or without thousands separators.
   */
  static boolean decimal(String s, int from, int to) {
    return plain(s, from, to) || grouped(s, from, to);
  }

  /** {@code s} is a decimal number ({@link #decimal(String, int, int)}). */
  static boolean decimal(String s) {
    return decimal(s, 0, s.length());
  }

  /**
   * Where a number with a letter suffix ("5k", "3.5kg", "10%") splits: {@code s} matches {@code
   * (decimal)([a-z%]+)} and the suffix starts at the returned index; -1 when it does not match.
   */
  static int suffixAt(String s) {
    int split = s.length();
    while (split > 0) {
      char c = s.charAt(split - 1);
      if ((c >= 'a' && c <= 'z') || c == '%') {
        split--;
      } else {
        break;
      }
    }
    return split < s.length() && decimal(s, 0, split) ? split : -1;
  }

  /**
   * A date written {@code d/m/y}: {@code (\d{1,2})/(\d{1,2})/(\d{2}|\d{4})}.
   *
   * @return {first, second, year as written (two or four digits)} or null
   */
  static int @org.jspecify.annotations.Nullable [] slashDate(String s) {
    int n = s.length();
    int a = digitsEnd(s, 0, n);
    if (a < 1 || a > 2 || a == n || s.charAt(a) != '/') {
      return null;
    }
    int b = digitsEnd(s, a + 1, n);
    if (b - (a + 1) < 1 || b - (a + 1) > 2 || b == n || s.charAt(b) != '/') {
      return null;
    }
    int c = digitsEnd(s, b + 1, n);
    int len = c - (b + 1);
    if (c != n || (len != 2 && len != 4)) {
      return null;
    }
    return new int[] {Integer.parseInt(s, 0, a, 10), Integer.parseInt(s, a + 1, b, 10), b + 1};
  }

  /**
   * An ISO date {@code (\d{4})-(\d{1,2})-(\d{1,2})}.
   *
   * @return {year, month, day} or null
   */
  static int @org.jspecify.annotations.Nullable [] isoDate(String s) {
    int n = s.length();
    int a = digitsEnd(s, 0, n);
    if (a != 4 || a == n || s.charAt(a) != '-') {
      return null;
    }
    int b = digitsEnd(s, a + 1, n);
    if (b - (a + 1) < 1 || b - (a + 1) > 2 || b == n || s.charAt(b) != '-') {
      return null;
    }
    int c = digitsEnd(s, b + 1, n);
    if (c != n || c - (b + 1) < 1 || c - (b + 1) > 2) {
      return null;
    }
    return new int[] {
      Integer.parseInt(s, 0, a, 10),
      Integer.parseInt(s, a + 1, b, 10),
      Integer.parseInt(s, b + 1, c, 10)
    };
  }

  /**
   * A clock time {@code (\d{1,2}):(\d{2})}.
   *
   * @return the minutes since midnight as written (hours * 60 + minutes), or -1
   */
  static int clock(String s) {
    int n = s.length();
    int a = digitsEnd(s, 0, n);
    if (a < 1 || a > 2 || a == n || s.charAt(a) != ':') {
      return -1;
    }
    int b = digitsEnd(s, a + 1, n);
    if (b != n || b - (a + 1) != 2) {
      return -1;
    }
    return Integer.parseInt(s, 0, a, 10) * 60 + Integer.parseInt(s, a + 1, b, 10);
  }

  /**
   * Where a pair of numbers {@code (\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)} ("3-1", "2.5-3") splits: the
   * index of its hyphen, or -1.
   */
  static int pairHyphen(String s) {
    int h = s.indexOf('-');
    return h > 0 && plain(s, 0, h) && plain(s, h + 1, s.length()) ? h : -1;
  }

  /**
   * An ordinal written with digits {@code (\d+)(?:st|nd|rd|th)}: the length of its digits, or -1.
   */
  static int ordinalDigits(String s) {
    int n = s.length();
    if (n < 3) {
      return -1;
    }
    char x = s.charAt(n - 2);
    char y = s.charAt(n - 1);
    boolean ending =
        (x == 's' && y == 't')
            || (x == 'n' && y == 'd')
            || (x == 'r' && y == 'd')
            || (x == 't' && y == 'h');
    return ending && digitsEnd(s, 0, n - 2) == n - 2 ? n - 2 : -1;
  }

  /**
   * A quarter or half {@code ([qh])([1-4])} ("q3", "h1").
   *
   * @return whether it is one
   */
  static boolean period(String s) {
    return s.length() == 2
        && (s.charAt(0) == 'q' || s.charAt(0) == 'h')
        && s.charAt(1) >= '1'
        && s.charAt(1) <= '4';
  }
}
