package dev.citerag.embed.internal;

/**
 * MurmurHash3, x86 32-bit variant (Austin Appleby's public-domain algorithm), over a byte array.
 * Pure integer arithmetic, so it gives the same result on every JVM and platform; checked against
 * the published test vectors in {@code Murmur3Test}.
 */
public final class Murmur3 {
  private Murmur3() {}

  private static final int C1 = 0xcc9e2d51;
  private static final int C2 = 0x1b873593;

  /** The 32-bit hash of {@code data} with {@code seed}. */
  public static int hash32(byte[] data, int seed) {
    int h = seed;
    int len = data.length;
    int blockEnd = len & ~3;
    for (int i = 0; i < blockEnd; i += 4) {
      int k =
          (data[i] & 0xff)
              | (data[i + 1] & 0xff) << 8
              | (data[i + 2] & 0xff) << 16
              | (data[i + 3] & 0xff) << 24;
      h ^= mixK(k);
      h = Integer.rotateLeft(h, 13);
      h = h * 5 + 0xe6546b64;
    }
    int tail = len & 3;
    if (tail > 0) {
      int k = 0;
      if (tail == 3) {
        k ^= (data[blockEnd + 2] & 0xff) << 16;
      }
      if (tail >= 2) {
        k ^= (data[blockEnd + 1] & 0xff) << 8;
      }
      k ^= data[blockEnd] & 0xff;
      h ^= mixK(k);
    }
    h ^= len;
    return fmix(h);
  }

  private static int mixK(int k) {
    k *= C1;
    k = Integer.rotateLeft(k, 15);
    return k * C2;
  }

  private static int fmix(int h) {
    h ^= h >>> 16;
    h *= 0x85ebca6b;
    h ^= h >>> 13;
    h *= 0xc2b2ae35;
    h ^= h >>> 16;
    return h;
  }
}
