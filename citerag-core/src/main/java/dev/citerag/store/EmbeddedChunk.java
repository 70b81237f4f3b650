package dev.citerag.store;

import dev.citerag.internal.Checks;

/**
 * A chunk with its vector, ready to store. The vector is copied in and out, so the record is
 * immutable; equality compares the vector's content.
 *
 * @param chunk the chunk
 * @param vector its embedding; all components finite
 */
// an array component is safe here: the constructor and the accessor copy it, and equals, hashCode
// and toString are overridden to use its content
@SuppressWarnings("ArrayRecordComponent")
public record EmbeddedChunk(Chunk chunk, float[] vector) {

  /**
   * Checks the fields and copies the vector.
   *
   * @param chunk the chunk
   * @param vector its embedding; all components finite
   * @throws IllegalArgumentException when a field is null, the vector is empty or a component is
   *     NaN or infinite
   */
  public EmbeddedChunk {
    Checks.notNull(chunk, "chunk");
    vector = Checks.finiteVector(vector, "vector").clone();
  }

  /** {@return a copy of the vector} */
  @Override
  public float[] vector() {
    return vector.clone();
  }

  /** {@return the vector's length, without copying it} */
  public int dimensions() {
    return vector.length;
  }

  /**
   * Copies the vector into {@code target} at {@code offset}, without allocating.
   *
   * @param target the array to write into
   * @param offset where the first component goes
   * @throws IndexOutOfBoundsException when {@code target} has no room for {@link #dimensions()}
   *     components at {@code offset}
   */
  public void copyVectorTo(float[] target, int offset) {
    System.arraycopy(vector, 0, target, offset, vector.length);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof EmbeddedChunk other
        && chunk.equals(other.chunk)
        && java.util.Arrays.equals(vector, other.vector);
  }

  @Override
  public int hashCode() {
    return chunk.hashCode() * 31 + java.util.Arrays.hashCode(vector);
  }

  @Override
  public String toString() {
    return "EmbeddedChunk[chunk=" + chunk.id() + ", dimensions=" + vector.length + "]";
  }
}
