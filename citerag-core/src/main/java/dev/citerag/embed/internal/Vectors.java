package dev.citerag.embed.internal;

/** Small, allocation-free vector arithmetic used by embedders and stores. */
public final class Vectors {
  private Vectors() {}

  /** Dot product; both arrays must have the same length. */
  public static float dot(float[] a, float[] b) {
    if (a.length != b.length) {
      throw new IllegalArgumentException(
          "vector dimensions differ: " + a.length + " vs " + b.length);
    }
    return dotUnchecked(a, 0, b, a.length);
  }

  /**
   * Dot product of {@code q} with {@code len} floats of {@code data} starting at {@code offset}.
   * Four independent accumulators let the JIT pipeline the multiplications.
   */
  public static float dotUnchecked(float[] data, int offset, float[] q, int len) {
    float s0 = 0;
    float s1 = 0;
    float s2 = 0;
    float s3 = 0;
    int i = 0;
    int bound = len - (len % 4);
    for (; i < bound; i += 4) {
      s0 += data[offset + i] * q[i];
      s1 += data[offset + i + 1] * q[i + 1];
      s2 += data[offset + i + 2] * q[i + 2];
      s3 += data[offset + i + 3] * q[i + 3];
    }
    for (; i < len; i++) {
      s0 += data[offset + i] * q[i];
    }
    return (s0 + s1) + (s2 + s3);
  }

  /** Euclidean norm. */
  public static double norm(float[] v) {
    double s = 0;
    for (float x : v) {
      s += (double) x * x;
    }
    return Math.sqrt(s);
  }

  /** Returns a unit-length copy; a zero vector stays zero. */
  public static float[] normalize(float[] v) {
    double n = norm(v);
    float[] out = new float[v.length];
    if (n == 0) {
      return out;
    }
    for (int i = 0; i < v.length; i++) {
      out[i] = (float) (v[i] / n);
    }
    return out;
  }

  /** Cosine similarity in [-1, 1]; 0 when either vector is zero. */
  public static double cosine(float[] a, float[] b) {
    double na = norm(a);
    double nb = norm(b);
    if (na == 0 || nb == 0) {
      return 0;
    }
    return dot(a, b) / (na * nb);
  }
}
