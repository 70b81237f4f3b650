package dev.citerag.examples.internal;

import dev.citerag.embed.EmbedderIdentity;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.zip.CRC32;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Vectors the command line has computed before, on disk, so that {@code ask --docs DIR} and the
 * sample corpus are not embedded again on every run. One file per embedder identity, named by the
 * SHA-256 of the identity, in {@link #directory(Map)}; a vector is found by the SHA-256 of what was
 * embedded (document or query, title, text). A changed document has changed chunks, which miss.
 *
 * <p>File format (little-endian): a header {@code "CRAGVEC1"}, the dimensions (int), the length of
 * the identity's text and the text (UTF-8), then fixed-size records: 32-byte key, the vector's
 * floats, CRC-32 of both. Robust by construction: a record whose checksum, length or values are
 * wrong is skipped (a torn tail from a killed run, a flipped bit), a file whose header does not
 * name this identity is ignored and left alone, and writers append whole records under an exclusive
 * file lock, so concurrent runs neither interleave records nor lose the file. At worst a vector is
 * computed again. Any I/O failure turns the cache off for the run (logged at debug), never the
 * command.
 */
public final class EmbeddingCache {
  private static final Logger log = LoggerFactory.getLogger(EmbeddingCache.class);
  private static final byte[] MAGIC = "CRAGVEC1".getBytes(StandardCharsets.US_ASCII);
  private static final int KEY_BYTES = 32;

  /** A file lock is held per JVM: threads of one process take this monitor first. */
  private static final ConcurrentHashMap<Path, Object> PROCESS_LOCKS = new ConcurrentHashMap<>();

  private final @Nullable Path file;
  private final EmbedderIdentity identity;
  private final int recordBytes;
  private final Map<Key, float[]> vectors = new HashMap<>();
  private int skipped;

  private EmbeddingCache(@Nullable Path file, EmbedderIdentity identity) {
    this.file = file;
    this.identity = identity;
    this.recordBytes = KEY_BYTES + 4 * identity.dimensions() + 4;
  }

  /**
   * Where the cache lives: {@code CITERAG_CACHE_DIR} (environment), else the system property {@code
   * citerag.cache.dir}, else {@code $XDG_CACHE_HOME/citerag}, else {@code ~/.cache/citerag}; empty
   * when the chosen setting is {@code off}.
   */
  public static Optional<Path> directory(Map<String, String> env) {
    String dir = env.get("CITERAG_CACHE_DIR");
    if (dir == null || dir.isBlank()) {
      dir = System.getProperty("citerag.cache.dir");
    }
    if (dir != null && !dir.isBlank()) {
      return "off".equals(dir.strip()) ? Optional.empty() : Optional.of(Path.of(dir.strip()));
    }
    String xdg = env.get("XDG_CACHE_HOME");
    if (xdg != null && !xdg.isBlank()) {
      return Optional.of(Path.of(xdg.strip(), "citerag"));
    }
    String home = System.getProperty("user.home");
    return home == null || home.isBlank()
        ? Optional.empty()
        : Optional.of(Path.of(home, ".cache", "citerag"));
  }

  /** A cache that keeps nothing beyond this process. */
  public static EmbeddingCache inMemory(EmbedderIdentity identity) {
    return new EmbeddingCache(null, identity);
  }

  /** Opens (and reads) the cache file of {@code identity} under {@code directory}. */
  public static EmbeddingCache open(Path directory, EmbedderIdentity identity) {
    Path file =
        directory
            .resolve("embeddings")
            .resolve(sha256(identityText(identity)).substring(0, 32) + ".vec");
    EmbeddingCache c = new EmbeddingCache(file, identity);
    c.load();
    return c;
  }

  /** Where the vectors are kept; empty for an in-memory cache. */
  public Optional<Path> file() {
    return Optional.ofNullable(file);
  }

  /** Vectors read or added so far. */
  public synchronized int size() {
    return vectors.size();
  }

  /** Records skipped as damaged while reading. */
  public synchronized int skippedRecords() {
    return skipped;
  }

  public synchronized float @Nullable [] get(Key key) {
    float[] v = vectors.get(key);
    return v == null ? null : v.clone();
  }

  /** Keeps new vectors and appends them to the file. */
  public synchronized void putAll(List<Key> keys, List<float[]> values) {
    if (keys.size() != values.size()) {
      throw new IllegalArgumentException(
          "keys and values differ in size: " + keys.size() + " vs " + values.size());
    }
    ByteBuffer out = ByteBuffer.allocate(recordBytes * keys.size()).order(ByteOrder.LITTLE_ENDIAN);
    int n = 0;
    for (int i = 0; i < keys.size(); i++) {
      float[] v = values.get(i);
      if (v.length != identity.dimensions() || vectors.containsKey(keys.get(i))) {
        continue;
      }
      vectors.put(keys.get(i), v.clone());
      writeRecord(out, keys.get(i), v);
      n++;
    }
    if (n > 0 && file != null) {
      out.flip();
      append(out);
    }
  }

  private void writeRecord(ByteBuffer out, Key key, float[] v) {
    int start = out.position();
    out.put(key.bytes);
    for (float x : v) {
      out.putFloat(x);
    }
    CRC32 crc = new CRC32();
    crc.update(out.array(), out.arrayOffset() + start, out.position() - start);
    out.putInt((int) crc.getValue());
  }

  private byte[] header() {
    byte[] id = identityText(identity).getBytes(StandardCharsets.UTF_8);
    ByteBuffer h = ByteBuffer.allocate(MAGIC.length + 8 + id.length).order(ByteOrder.LITTLE_ENDIAN);
    h.put(MAGIC).putInt(identity.dimensions()).putInt(id.length).put(id);
    return h.array();
  }

  private void append(ByteBuffer records) {
    Path f = file;
    if (f == null) {
      return;
    }
    Object processLock =
        PROCESS_LOCKS.computeIfAbsent(f.toAbsolutePath().normalize(), k -> new Object());
    synchronized (processLock) {
      appendLocked(f, records);
    }
  }

  // the file lock is held for the whole block without being referenced in it
  @SuppressWarnings("try")
  private void appendLocked(Path f, ByteBuffer records) {
    try {
      Files.createDirectories(f.getParent());
      try (FileChannel ch =
              FileChannel.open(
                  f, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.READ);
          FileLock lock = ch.lock()) {
        long size = ch.size();
        byte[] header = header();
        if (size == 0) {
          ch.write(ByteBuffer.wrap(header), 0);
          size = header.length;
        } else if (!headerMatches(ch, header)) {
          log.debug("citerag.cache: {} belongs to another identity; not written", f);
          return;
        }
        // a torn record from a killed writer is cut off so that records stay aligned
        long aligned = header.length + (size - header.length) / recordBytes * recordBytes;
        if (aligned != size) {
          ch.truncate(aligned);
        }
        long pos = aligned;
        while (records.hasRemaining()) {
          pos += ch.write(records, pos);
        }
        ch.force(false);
      }
    } catch (IOException | RuntimeException e) {
      log.debug("citerag.cache: writing {} failed, continuing without: {}", f, e.toString());
    }
  }

  private static boolean headerMatches(FileChannel ch, byte[] header) throws IOException {
    if (ch.size() < header.length) {
      return false;
    }
    ByteBuffer got = ByteBuffer.allocate(header.length);
    while (got.hasRemaining() && ch.read(got, got.position()) > 0) {
      // read fully
    }
    return Arrays.equals(got.array(), header);
  }

  private void load() {
    Path f = file;
    if (f == null || !Files.isRegularFile(f)) {
      return;
    }
    byte[] all;
    try {
      all = Files.readAllBytes(f);
    } catch (IOException e) {
      log.debug("citerag.cache: reading {} failed, continuing without: {}", f, e.toString());
      return;
    }
    byte[] header = header();
    if (all.length < header.length || !Arrays.equals(Arrays.copyOf(all, header.length), header)) {
      log.debug("citerag.cache: {} does not belong to {}; ignored", f, identity);
      return;
    }
    ByteBuffer in = ByteBuffer.wrap(all).order(ByteOrder.LITTLE_ENDIAN);
    int dims = identity.dimensions();
    for (int pos = header.length; pos + recordBytes <= all.length; pos += recordBytes) {
      CRC32 crc = new CRC32();
      crc.update(all, pos, recordBytes - 4);
      if ((int) crc.getValue() != in.getInt(pos + recordBytes - 4)) {
        skipped++;
        continue;
      }
      float[] v = new float[dims];
      boolean finite = true;
      for (int d = 0; d < dims; d++) {
        v[d] = in.getFloat(pos + KEY_BYTES + 4 * d);
        finite &= Float.isFinite(v[d]);
      }
      if (!finite) {
        skipped++;
        continue;
      }
      vectors.put(new Key(Arrays.copyOfRange(all, pos, pos + KEY_BYTES)), v);
    }
    if (skipped > 0) {
      log.debug("citerag.cache: skipped {} damaged records in {}", skipped, f);
    }
  }

  static String identityText(EmbedderIdentity id) {
    return String.join(
        "\n",
        "provider=" + id.provider(),
        "model=" + id.model(),
        "digest=" + id.digest(),
        "dimensions=" + id.dimensions(),
        "queryInstruction=" + id.queryInstruction());
  }

  private static String sha256(String s) {
    return HexFormat.of().formatHex(digest(s.getBytes(StandardCharsets.UTF_8)));
  }

  private static byte[] digest(byte[] bytes) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(bytes);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }

  /** SHA-256 of what was embedded: a document with its title, or a query. */
  public static final class Key {
    private final byte[] bytes;

    private Key(byte[] bytes) {
      this.bytes = bytes;
    }

    public static Key document(String text, @Nullable String title) {
      return of("d", title == null ? "" : "t" + title, text);
    }

    public static Key query(String text) {
      return of("q", "", text);
    }

    private static Key of(String kind, String title, String text) {
      String s = kind + "\u0000" + title + "\u0000" + text;
      return new Key(digest(s.getBytes(StandardCharsets.UTF_8)));
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Key k && Arrays.equals(bytes, k.bytes);
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(bytes);
    }
  }
}
