package dev.citerag.onnx;

/** Dot product and norm for the tests (core's vector helpers are internal to its modules). */
final class VectorMath {
  private VectorMath() {}

  static float dot(float[] a, float[] b) {
    if (a.length != b.length) {
      throw new IllegalArgumentException("dimensions differ: " + a.length + " vs " + b.length);
    }
    double s = 0;
    for (int i = 0; i < a.length; i++) {
      s += (double) a[i] * b[i];
    }
    return (float) s;
  }

  static double norm(float[] v) {
    return Math.sqrt(dot(v, v));
  }
}
