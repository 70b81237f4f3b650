package dev.citerag.examples.web;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Upload bodies on disk instead of on the heap, under quotas: an upload is copied to a file of its
 * own through a small buffer, and its uploaded files are split out into further files, so that the
 * memory an upload costs does not grow with its size (a file is read into memory only when it is
 * loaded, one at a time, and at most {@link #MAX_FILE_BYTES}).
 *
 * <ul>
 *   <li>an upload larger than {@link #MAX_UPLOAD_BYTES} (64 MiB) is refused before a byte of it is
 *       read: 413;
 *   <li>uploads being received at once may hold at most {@link #MAX_SPOOLED_BYTES} (256 MiB) of
 *       disk, and the disk must keep {@link #MIN_FREE_BYTES} (64 MiB) free: beyond either, 507;
 *   <li>one uploaded file larger than {@link #MAX_FILE_BYTES} (16 MiB) is skipped with its reason.
 * </ul>
 *
 * An upload's files are deleted when its request ends; the directory when the server closes.
 */
final class UploadSpool implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(UploadSpool.class);

  /** Largest upload (request body) accepted. */
  static final long MAX_UPLOAD_BYTES = 64L * 1024 * 1024;

  /** Disk held by all uploads being received at once. */
  static final long MAX_SPOOLED_BYTES = 256L * 1024 * 1024;

  /** Disk space that must stay free after an upload is stored. */
  static final long MIN_FREE_BYTES = 64L * 1024 * 1024;

  /** Largest single uploaded file loaded. */
  static final long MAX_FILE_BYTES = 16L * 1024 * 1024;

  /** Copy buffer: all the heap an upload's bytes pass through. */
  static final int BUFFER = 64 * 1024;

  /** Thrown when an upload does not fit: {@link #status} is 413 or 507. */
  static final class Refused extends Exception {
    private static final long serialVersionUID = 1L;

    final int status;

    Refused(int status, String message) {
      super(message, null, false, false);
      this.status = status;
    }
  }

  private final Path dir;
  private final long maxSpooled;
  private final long minFree;
  private final AtomicLong reserved = new AtomicLong();

  UploadSpool() throws IOException {
    this(Files.createTempDirectory("citerag-uploads-"), MAX_SPOOLED_BYTES, MIN_FREE_BYTES);
  }

  UploadSpool(Path dir, long maxSpooled, long minFree) {
    this.dir = dir;
    this.maxSpooled = maxSpooled;
    this.minFree = minFree;
  }

  /** The directory the uploads are stored in. */
  Path directory() {
    return dir;
  }

  /** Bytes of disk reserved by uploads in progress. */
  long reserved() {
    return reserved.get();
  }

  /**
   * Reserves room for an upload of {@code length} bytes (twice that: the body and the files split
   * out of it), before reading any of it.
   *
   * @throws Refused 413 when larger than {@link #MAX_UPLOAD_BYTES}; 507 when the spool quota or the
   *     disk's free space does not allow it
   */
  Upload reserve(long length) throws Refused, IOException {
    if (length > MAX_UPLOAD_BYTES) {
      throw new Refused(
          413, "an upload must be at most " + MAX_UPLOAD_BYTES + " bytes, was " + length);
    }
    long need = 2 * length;
    long now = reserved.addAndGet(need);
    if (now > maxSpooled) {
      reserved.addAndGet(-need);
      throw new Refused(
          507,
          "the server is storing other uploads (at most "
              + maxSpooled
              + " bytes at once); try again when they are done");
    }
    if (Files.getFileStore(dir).getUsableSpace() - need < minFree) {
      reserved.addAndGet(-need);
      throw new Refused(507, "the server's disk has no room for this upload");
    }
    return new Upload(need);
  }

  /** One upload's files on disk and its reservation; closing deletes them. */
  final class Upload implements AutoCloseable {
    private final long need;
    private final Path root;
    private int next;
    private boolean closed;

    private Upload(long need) throws IOException {
      this.need = need;
      try {
        this.root = Files.createTempDirectory(dir, "upload-");
      } catch (IOException e) {
        reserved.addAndGet(-need);
        throw e;
      }
    }

    /**
     * Copies {@code in} to a new file of this upload, reading at most {@code limit + 1} bytes.
     *
     * @return the file, or null when {@code in} held more than {@code limit} bytes (the partial
     *     file is deleted)
     */
    @Nullable Path copy(InputStream in, long limit) throws IOException {
      Path f = root.resolve(Integer.toString(next++));
      long total = 0;
      byte[] buf = new byte[BUFFER];
      try (OutputStream out = Files.newOutputStream(f)) {
        int n;
        while ((n = in.read(buf, 0, (int) Math.min(buf.length, limit + 1 - total))) > 0) {
          total += n;
          if (total > limit) {
            break;
          }
          out.write(buf, 0, n);
        }
      }
      if (total > limit) {
        Files.deleteIfExists(f);
        return null;
      }
      return f;
    }

    @Override
    public void close() {
      if (closed) {
        return;
      }
      closed = true;
      try {
        deleteTree(root);
      } finally {
        reserved.addAndGet(-need);
      }
    }
  }

  @Override
  public void close() {
    deleteTree(dir);
  }

  private static void deleteTree(Path p) {
    try {
      if (Files.isDirectory(p)) {
        try (DirectoryStream<Path> children = Files.newDirectoryStream(p)) {
          for (Path c : children) {
            deleteTree(c);
          }
        }
      }
      Files.deleteIfExists(p);
    } catch (IOException e) {
      log.warn("citerag.web: cannot delete upload file {}: {}", p, e.toString());
    }
  }
}
