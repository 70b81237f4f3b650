package dev.citerag.examples.internal;

import dev.citerag.store.Chunk;
import dev.citerag.store.CollectionIdentity;
import dev.citerag.store.DocumentChunks;
import dev.citerag.store.EmbeddedChunk;
import dev.citerag.store.MetadataValue;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitOption;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The command line's persistent index: the chunks and vectors an in-memory store was filled with,
 * saved after the first run over a folder (or the sample corpus) so that the next run over the same
 * input reads them back and does no parsing, chunking or embedding.
 *
 * <p>An index is found by its key, the SHA-256 of everything that decides its content: the input
 * (for a folder, every regular file under it by relative path, size and SHA-256 of its bytes, and
 * every link by its target), the collection identity (the embedder's identity, including the model
 * digest, and the chunker's settings) and the build of the command line itself (its jar's path,
 * size and time), since another build may chunk or load differently. Any change is a new key, hence
 * a full rebuild; nothing is patched in place. The index also keeps the notes the loader printed
 * (skipped files), which a warm run prints again.
 *
 * <p>Files live in {@code <cache dir>/index/}, one per key ({@link EmbeddingCache#directory}
 * chooses the cache dir; {@code off} turns both off). Format: {@code "CRAGIDX2"}, the key, the
 * notes, the documents with their chunks and vectors, then a CRC-32 of all of it; a file that is
 * truncated, damaged or of another key is ignored (and rebuilt), never trusted. Written to a
 * temporary file and moved into place, so concurrent runs never see half an index.
 */
public final class DocsIndex {
  private static final Logger log = LoggerFactory.getLogger(DocsIndex.class);
  private static final byte[] MAGIC = "CRAGIDX2".getBytes(StandardCharsets.US_ASCII);

  /**
   * What a filled store held.
   *
   * @param documents every document with its chunks and vectors
   * @param notes the loader's messages about skipped files, printed again on a warm run
   */
  public record Snapshot(List<DocumentChunks> documents, List<String> notes) {
    public Snapshot {
      documents = List.copyOf(documents);
      notes = List.copyOf(notes);
    }
  }

  private final Path file;
  private final String key;

  private DocsIndex(Path file, String key) {
    this.file = file;
    this.key = key;
  }

  /** The index of {@code inputFingerprint} under {@code identity}, in {@code cacheDir}. */
  public static DocsIndex of(Path cacheDir, String inputFingerprint, CollectionIdentity identity) {
    String key =
        sha256(
            String.join(
                "\n",
                "input=" + inputFingerprint,
                "identity=" + identity,
                "build=" + buildStamp()));
    return new DocsIndex(cacheDir.resolve("index").resolve(key.substring(0, 32) + ".idx"), key);
  }

  /** Where this index is (or would be) kept. */
  public Path file() {
    return file;
  }

  /**
   * What decides a folder's index: every regular file under {@code folder} (or {@code folder}
   * itself when it is a file) by path relative to it, size and SHA-256 of its content; a link by
   * its target, not followed. Reading the bytes is all the work: nothing is parsed.
   *
   * @throws IOException when the folder cannot be walked or a file read
   */
  public static String fingerprint(Path folder) throws IOException {
    MessageDigest all = newDigest();
    Path root = folder.toAbsolutePath().normalize();
    update(all, "root=" + root);
    List<Path> paths;
    try (Stream<Path> s = Files.walk(root, Integer.MAX_VALUE, new FileVisitOption[0])) {
      paths = s.sorted().toList();
    }
    byte[] buf = new byte[64 * 1024];
    for (Path p : paths) {
      String rel = root.relativize(p).toString();
      BasicFileAttributes a =
          Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
      if (a.isSymbolicLink()) {
        update(all, "link " + rel + " -> " + Files.readSymbolicLink(p));
      } else if (a.isRegularFile()) {
        MessageDigest one = newDigest();
        try (DigestInputStream in = new DigestInputStream(Files.newInputStream(p), one)) {
          while (in.read(buf) >= 0) {
            // digesting
          }
        }
        update(all, "file " + rel + " " + a.size() + " " + HexFormat.of().formatHex(one.digest()));
      } else if (a.isDirectory()) {
        update(all, "dir " + rel);
      } else {
        update(all, "other " + rel);
      }
    }
    return HexFormat.of().formatHex(all.digest());
  }

  /**
   * The build of the running command line: its jar's path, size and modification time (or the
   * classes folder's path when run from one).
   */
  static String buildStamp() {
    Path p = codeSource();
    if (p == null) {
      return "unknown";
    }
    try {
      if (Files.isRegularFile(p)) {
        return p + " " + Files.size(p) + " " + Files.getLastModifiedTime(p).toMillis();
      }
    } catch (IOException e) {
      return "unknown";
    }
    return p.toString();
  }

  private static @Nullable Path codeSource() {
    try {
      var src = DocsIndex.class.getProtectionDomain().getCodeSource();
      return src == null ? null : Path.of(src.getLocation().toURI());
    } catch (URISyntaxException | RuntimeException e) {
      return null;
    }
  }

  /** Whether this code runs from a jar, whose path, size and time {@link #buildStamp} names. */
  static boolean runningFromJar() {
    Path p = codeSource();
    return p != null && Files.isRegularFile(p);
  }

  /** The saved snapshot, or empty when there is none or it cannot be trusted. */
  public Optional<Snapshot> read() {
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    try {
      byte[] all = Files.readAllBytes(file);
      if (all.length < MAGIC.length + 8
          || !Arrays.equals(Arrays.copyOf(all, MAGIC.length), MAGIC)) {
        return Optional.empty();
      }
      CRC32 crc = new CRC32();
      crc.update(all, 0, all.length - 8);
      DataInputStream in = new DataInputStream(new ByteArrayInputStream(all));
      in.skipNBytes(MAGIC.length);
      long stored =
          new DataInputStream(new ByteArrayInputStream(all, all.length - 8, 8)).readLong();
      if (stored != crc.getValue() || !key.equals(in.readUTF())) {
        log.debug("citerag.index: {} is damaged or of another key; rebuilding", file);
        return Optional.empty();
      }
      int nNotes = in.readInt();
      List<String> notes = new ArrayList<>(nNotes);
      for (int i = 0; i < nNotes; i++) {
        notes.add(readString(in));
      }
      int nDocs = in.readInt();
      List<DocumentChunks> docs = new ArrayList<>(nDocs);
      for (int d = 0; d < nDocs; d++) {
        String docId = readString(in);
        String docHash = readString(in);
        int nChunks = in.readInt();
        List<EmbeddedChunk> chunks = new ArrayList<>(nChunks);
        for (int c = 0; c < nChunks; c++) {
          chunks.add(readChunk(in));
        }
        docs.add(new DocumentChunks(docId, docHash, chunks));
      }
      return Optional.of(new Snapshot(docs, notes));
    } catch (IOException | RuntimeException e) {
      log.debug("citerag.index: reading {} failed, rebuilding: {}", file, e.toString());
      return Optional.empty();
    }
  }

  /** Saves a snapshot; a failure is logged at debug and leaves the command alone. */
  public void write(Snapshot snapshot) {
    try {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream(1 << 20);
      DataOutputStream out = new DataOutputStream(bytes);
      out.write(MAGIC);
      out.writeUTF(key);
      out.writeInt(snapshot.notes().size());
      for (String n : snapshot.notes()) {
        writeString(out, n);
      }
      out.writeInt(snapshot.documents().size());
      for (DocumentChunks d : snapshot.documents()) {
        writeString(out, d.docId());
        writeString(out, d.documentHash());
        out.writeInt(d.chunks().size());
        for (EmbeddedChunk c : d.chunks()) {
          writeChunk(out, c);
        }
      }
      out.flush();
      CRC32 crc = new CRC32();
      crc.update(bytes.toByteArray());
      out.writeLong(crc.getValue());
      out.flush();
      Files.createDirectories(file.getParent());
      Path tmp = Files.createTempFile(file.getParent(), "index", ".tmp");
      try {
        Files.write(tmp, bytes.toByteArray());
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } finally {
        Files.deleteIfExists(tmp);
      }
    } catch (IOException | RuntimeException e) {
      log.debug("citerag.index: writing {} failed, continuing without: {}", file, e.toString());
    }
  }

  private static void writeChunk(DataOutputStream out, EmbeddedChunk e) throws IOException {
    Chunk c = e.chunk();
    writeString(out, c.id());
    writeString(out, c.docId());
    writeString(out, c.source());
    writeNullable(out, c.title());
    out.writeInt(c.headingPath().size());
    for (String h : c.headingPath()) {
      writeString(out, h);
    }
    out.writeInt(c.page() == null ? 0 : c.page());
    writeString(out, c.text());
    out.writeInt(c.tokenCount());
    writeString(out, c.contentHash());
    out.writeInt(c.metadata().size());
    for (Map.Entry<String, MetadataValue> m : c.metadata().entrySet()) {
      writeString(out, m.getKey());
      writeValue(out, m.getValue());
    }
    float[] v = e.vector();
    out.writeInt(v.length);
    for (float x : v) {
      out.writeFloat(x);
    }
  }

  private static EmbeddedChunk readChunk(DataInputStream in) throws IOException {
    String id = readString(in);
    String docId = readString(in);
    String source = readString(in);
    String title = readNullable(in);
    int nh = in.readInt();
    List<String> heading = new ArrayList<>(nh);
    for (int i = 0; i < nh; i++) {
      heading.add(readString(in));
    }
    int page = in.readInt();
    String text = readString(in);
    int tokens = in.readInt();
    String hash = readString(in);
    int nm = in.readInt();
    Map<String, MetadataValue> meta = new LinkedHashMap<>();
    for (int i = 0; i < nm; i++) {
      meta.put(readString(in), readValue(in));
    }
    int dims = in.readInt();
    float[] v = new float[dims];
    for (int i = 0; i < dims; i++) {
      v[i] = in.readFloat();
    }
    Chunk c =
        new Chunk(
            id, docId, source, title, heading, page == 0 ? null : page, text, tokens, hash, meta);
    return new EmbeddedChunk(c, v);
  }

  /** A typed metadata value: a tag byte (t, n, b, d, l) and its text form or items. */
  private static void writeValue(DataOutputStream out, MetadataValue v) throws IOException {
    if (v instanceof MetadataValue.ListValue l) {
      out.writeByte('l');
      out.writeInt(l.items().size());
      for (MetadataValue item : l.items()) {
        writeValue(out, item);
      }
      return;
    }
    if (v instanceof MetadataValue.NumberValue n) {
      out.writeByte('n');
      writeString(out, n.value().toString());
    } else if (v instanceof MetadataValue.BooleanValue) {
      out.writeByte('b');
      writeString(out, v.asText());
    } else if (v instanceof MetadataValue.DateValue) {
      out.writeByte('d');
      writeString(out, v.asText());
    } else {
      out.writeByte('t');
      writeString(out, v.asText());
    }
  }

  private static MetadataValue readValue(DataInputStream in) throws IOException {
    int tag = in.readByte();
    if (tag == 'l') {
      int n = in.readInt();
      List<MetadataValue> items = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        items.add(readValue(in));
      }
      return MetadataValue.list(items);
    }
    String text = readString(in);
    try {
      return switch (tag) {
        case 'n' -> MetadataValue.of(new java.math.BigDecimal(text));
        case 'b' -> MetadataValue.of(Boolean.parseBoolean(text));
        case 'd' -> MetadataValue.of(java.time.LocalDate.parse(text));
        case 't' -> MetadataValue.of(text);
        default -> throw new IOException("unknown metadata tag " + tag);
      };
    } catch (RuntimeException e) {
      throw new IOException("damaged metadata value: " + e.getMessage(), e);
    }
  }

  private static void writeString(DataOutputStream out, String s) throws IOException {
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    out.writeInt(b.length);
    out.write(b);
  }

  private static String readString(DataInputStream in) throws IOException {
    int n = in.readInt();
    if (n < 0 || n > in.available()) {
      throw new IOException("string length " + n + " out of range");
    }
    return new String(in.readNBytes(n), StandardCharsets.UTF_8);
  }

  private static void writeNullable(DataOutputStream out, @Nullable String s) throws IOException {
    out.writeBoolean(s != null);
    if (s != null) {
      writeString(out, s);
    }
  }

  private static @Nullable String readNullable(DataInputStream in) throws IOException {
    return in.readBoolean() ? readString(in) : null;
  }

  private static void update(MessageDigest d, String s) {
    d.update(s.getBytes(StandardCharsets.UTF_8));
    d.update((byte) '\n');
  }

  private static MessageDigest newDigest() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }

  private static String sha256(String s) {
    MessageDigest d = newDigest();
    return HexFormat.of().formatHex(d.digest(s.getBytes(StandardCharsets.UTF_8)));
  }
}
