package dev.citerag.pgvector.internal;

import org.jspecify.annotations.Nullable;

/** Checks of values before they reach PostgreSQL. */
final class Values {
  private Values() {}

  static void noNul(@Nullable String s, String field) {
    if (s != null && s.indexOf('\0') >= 0) {
      throw new IllegalArgumentException(
          field + " must not contain the NUL character (PostgreSQL text cannot hold it)");
    }
  }

  static boolean isZero(float[] v) {
    for (float x : v) {
      if (x != 0f) {
        return false;
      }
    }
    return true;
  }
}
