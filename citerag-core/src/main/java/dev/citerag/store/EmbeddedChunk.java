package dev.citerag.store;

import dev.citerag.internal.Checks;

/** A chunk with its vector, ready to store. The vector is copied in and out. */
// an array component is safe here: the constructor and the accessor copy it, and equals, hashCode
// and toString are overridden to use its content
@SuppressWarnings("ArrayRecordComponent")
public record EmbeddedChunk(Chunk chunk, float[] vector) {

  public EmbeddedChunk {
    Checks.notNull(chunk, "chunk");
    vector = Checks.finiteVector(vector, "vector").clone();
  }

  @Override
  public float[] vector() {
    return vector.clone();
  }

  /** The vector's length, without copying it. */
  public int dimensions() {
    return vector.length;
  }

  /** Copies the vector into {@code target} at {@code offset}, without allocating. */
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
