package dev.citerag.pgvector.internal;

/** PostgreSQL WAL positions ({@code pg_lsn}, written {@code 16/B374D848}) as unsigned longs. */
final class Lsn {
  private Lsn() {}

  static long parse(String text) {
    int slash = text.indexOf('/');
    if (slash <= 0 || slash == text.length() - 1) {
      throw new IllegalArgumentException("not a WAL position: " + text);
    }
    long hi = Long.parseLong(text.substring(0, slash), 16);
    long lo = Long.parseLong(text.substring(slash + 1), 16);
    return (hi << 32) | lo;
  }

  static String format(long lsn) {
    return Long.toHexString(lsn >>> 32).toUpperCase(java.util.Locale.ROOT)
        + "/"
        + Long.toHexString(lsn & 0xFFFFFFFFL).toUpperCase(java.util.Locale.ROOT);
  }
}
