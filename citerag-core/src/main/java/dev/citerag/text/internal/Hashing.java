package dev.citerag.text.internal;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/** SHA-256 helpers for content hashes and stable ids. */
public final class Hashing {
  private Hashing() {}

  private static final char[] HEX = "0123456789abcdef".toCharArray();

  /** Lower-case hex SHA-256 of the UTF-8 bytes of the parts, each followed by a NUL separator. */
  public static String sha256Hex(String... parts) {
    byte[] d = sha256(parts);
    char[] out = new char[d.length * 2];
    for (int i = 0; i < d.length; i++) {
      out[2 * i] = HEX[(d[i] >> 4) & 0xf];
      out[2 * i + 1] = HEX[d[i] & 0xf];
    }
    return new String(out);
  }

  public static byte[] sha256(String... parts) {
    try {
      MessageDigest md = MessageDigest.getInstance("SHA-256");
      for (String p : parts) {
        md.update(p.getBytes(StandardCharsets.UTF_8));
        md.update((byte) 0);
      }
      return md.digest();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required by every Java platform", e);
    }
  }
}
