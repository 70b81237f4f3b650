package dev.citerag.examples.web;

import dev.citerag.ingest.Document;
import dev.citerag.loaders.DocumentLoadException;
import dev.citerag.loaders.DocumentLoader;
import dev.citerag.loaders.FileNames;
import dev.citerag.loaders.FolderLoader;
import dev.citerag.loaders.LoadLimitException;
import dev.citerag.loaders.LoadedDocument;
import dev.citerag.store.VectorStore;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.james.mime4j.MimeException;
import org.apache.james.mime4j.MimeIOException;
import org.apache.james.mime4j.parser.AbstractContentHandler;
import org.apache.james.mime4j.parser.MimeStreamParser;
import org.apache.james.mime4j.stream.BodyDescriptor;
import org.apache.james.mime4j.stream.Field;
import org.apache.james.mime4j.stream.MimeConfig;
import org.jspecify.annotations.Nullable;

/**
 * Reads a {@code multipart/form-data} upload (parsed by Apache James mime4j) into documents: every
 * part with a file name is loaded by the library's loader for its extension (Markdown, text, HTML,
 * PDF); the document id comes from the content and the file name ({@link #uploadId}), the file name
 * is its source. A file that cannot be loaded is reported, not fatal.
 */
final class Uploads {
  private Uploads() {}

  /** At most this many files per upload. */
  static final int MAX_FILES = 100;

  /** An uploaded file's name holds at most this many characters (it is part of the document id). */
  static final int MAX_NAME_CHARS = 255;

  private static final String ID_PREFIX = "upload/";
  private static final int HASH_HEX = 32;

  private static final FolderLoader LOADERS = FolderLoader.builder().build();

  /**
   * @param documents loaded, in upload order
   * @param skipped "file: why" for each file not loaded (names escaped)
   * @param rejected each file not loaded with the HTTP status that fits it alone
   * @param warnings what was left out of files that did load (front matter that could not be read)
   */
  record Result(
      List<Document> documents,
      List<String> skipped,
      List<Rejected> rejected,
      List<String> warnings) {

    /** {@return the status for an upload none of whose files loaded: the one file's, else 422} */
    int statusWhenNoneLoaded() {
      return rejected.size() == 1 ? rejected.get(0).status() : 422;
    }
  }

  /**
   * A file not loaded.
   *
   * @param file its name, escaped
   * @param status 400 (unsafe name), 409 (same name twice), 413 (larger than a size limit), 415
   *     (unsupported type) or 422 (unreadable, or past a nesting, text, page or time limit)
   * @param reason why, for people
   */
  record Rejected(String file, int status, String reason) {}

  /**
   * Reads an upload stored on disk; each uploaded file is split out into a file of {@code upload}
   * and read into memory only to be loaded, one at a time. A file larger than {@link
   * UploadSpool#MAX_FILE_BYTES} is skipped.
   *
   * @param body the stored request body
   * @throws IllegalArgumentException when the body is not well-formed multipart, has no file, or
   *     has too many
   * @throws IOException when the stored files cannot be read or written
   */
  static Result read(String contentType, Path body, UploadSpool.Upload upload) throws IOException {
    String boundary = boundary(contentType);
    MimeConfig config =
        new MimeConfig.Builder()
            .setHeadlessParsing("multipart/form-data; boundary=\"" + boundary + "\"")
            .setMaxHeaderCount(32)
            .setMaxLineLen(-1)
            .setMaxHeaderLen(8192)
            .setStrictParsing(false)
            .build();
    MimeStreamParser parser = new MimeStreamParser(config);
    parser.setContentDecoding(true);
    Map<String, Path> files = new LinkedHashMap<>();
    List<Rejected> rejected = new ArrayList<>();
    parser.setContentHandler(
        new AbstractContentHandler() {
          private @Nullable String fileName;

          @Override
          public void startBodyPart() {
            fileName = null;
          }

          @Override
          public void field(Field f) {
            if (f.getName().equalsIgnoreCase("Content-Disposition")) {
              byte[] raw = f.getRaw().toByteArray();
              String line =
                  new String(raw, StandardCharsets.UTF_8); // browsers send UTF-8 names raw
              fileName = parameter(line, "filename");
            }
          }

          @Override
          public void body(BodyDescriptor bd, InputStream in) throws IOException {
            if (fileName == null || fileName.isBlank()) {
              return; // a plain form field: nothing to load
            }
            if (files.size() >= MAX_FILES) {
              throw new IllegalArgumentException("an upload holds at most " + MAX_FILES + " files");
            }
            String name = baseName(fileName);
            if (files.containsKey(name)) {
              rejected.add(
                  new Rejected(
                      FileNames.escape(name), 409, "another uploaded file has the same name"));
              return;
            }
            Path stored = upload.copy(in, UploadSpool.MAX_FILE_BYTES);
            if (stored == null) {
              rejected.add(
                  new Rejected(
                      FileNames.escape(name),
                      413,
                      "larger than "
                          + UploadSpool.MAX_FILE_BYTES
                          + " bytes, the most one uploaded file may hold"));
              return;
            }
            files.put(name, stored);
          }
        });
    try (InputStream in = new BufferedInputStream(Files.newInputStream(body), 64 * 1024)) {
      parser.parse(in);
    } catch (MimeException | MimeIOException e) {
      throw new IllegalArgumentException("multipart body is malformed: " + e.getMessage());
    }
    if (files.isEmpty()) {
      if (!rejected.isEmpty()) {
        List<String> skipped = new ArrayList<>();
        for (Rejected r : rejected) {
          skipped.add(r.file() + ": " + r.reason());
        }
        return new Result(List.of(), skipped, rejected, List.of());
      }
      throw new IllegalArgumentException("multipart body holds no file (a part with a filename)");
    }
    List<Document> docs = new ArrayList<>();
    List<String> warnings = new ArrayList<>();
    for (Map.Entry<String, Path> e : files.entrySet()) {
      String name = e.getKey();
      String shown = FileNames.escape(name);
      if (FileNames.hasUnsafeCharacters(name)) {
        rejected.add(
            new Rejected(shown, 400, "the file name holds control or invisible characters"));
        continue;
      }
      if (name.length() > MAX_NAME_CHARS) {
        rejected.add(
            new Rejected(
                shown,
                400,
                "the file name has "
                    + name.length()
                    + " characters, at most "
                    + MAX_NAME_CHARS
                    + " are accepted"));
        continue;
      }
      DocumentLoader loader = LOADERS.loader(name).orElse(null);
      if (loader == null) {
        rejected.add(
            new Rejected(
                shown,
                415,
                "unsupported file type (supported: "
                    + String.join(", ", LOADERS.extensions())
                    + ")"));
        continue;
      }
      try {
        byte[] content = Files.readAllBytes(e.getValue());
        LoadedDocument loaded = loader.read(uploadId(content, name), name, content);
        docs.add(loaded.document());
        warnings.addAll(loaded.warnings());
      } catch (LoadLimitException ex) {
        boolean size = ex.limit().endsWith("Bytes");
        rejected.add(new Rejected(shown, size ? 413 : 422, ex.problem()));
      } catch (DocumentLoadException ex) {
        rejected.add(new Rejected(shown, 422, ex.problem()));
      } catch (RuntimeException ex) { // a parser failing on a hostile file
        rejected.add(
            new Rejected(
                shown,
                422,
                "cannot be read: " + FileNames.escape(String.valueOf(ex.getMessage()))));
      } catch (StackOverflowError ex) { // a parser recursing on a hostile file; stack unwound
        rejected.add(new Rejected(shown, 422, "nests too deeply to be read (stack overflow)"));
      }
    }
    List<String> skipped = new ArrayList<>();
    for (Rejected r : rejected) {
      skipped.add(r.file() + ": " + r.reason());
    }
    return new Result(docs, skipped, rejected, warnings);
  }

  /**
   * An upload's document id: {@code upload/}, the first 16 bytes of the SHA-256 of its content in
   * hex, {@code /} and the file name. Uploading the same file again under the same name finds the
   * same document (nothing is written); {@link #deleteReplaced} then removes the earlier uploads
   * this one replaces.
   */
  static String uploadId(byte[] content, String name) {
    try {
      byte[] d = java.security.MessageDigest.getInstance("SHA-256").digest(content);
      return ID_PREFIX + java.util.HexFormat.of().formatHex(d, 0, HASH_HEX / 2) + "/" + name;
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }

  /**
   * Deletes the stored uploads that {@code uploaded} (just written) replaces: every other upload of
   * the same file name (an earlier version), and every other upload of the same content (the file
   * under an earlier name: the content is stored once, under its newest name). Documents not
   * uploaded (ingested as JSON, or from a folder) are never touched. Each deletion is atomic.
   *
   * @param uploaded the documents of one upload, ids made by {@link #uploadId}
   * @return how many documents were deleted
   */
  static int deleteReplaced(VectorStore store, List<Document> uploaded) {
    Set<String> ids = new HashSet<>();
    Set<String> hashes = new HashSet<>();
    Set<String> names = new HashSet<>();
    for (Document d : uploaded) {
      ids.add(d.id());
      hashes.add(hashOf(d.id()));
      names.add(nameOf(d.id()));
    }
    List<String> gone = new ArrayList<>();
    for (String id : store.documentIds()) {
      if (!id.startsWith(ID_PREFIX)
          || ids.contains(id)
          || id.length() < ID_PREFIX.length() + HASH_HEX) {
        continue;
      }
      if (hashes.contains(hashOf(id)) || names.contains(nameOf(id))) {
        gone.add(id);
      }
    }
    java.util.Collections.sort(gone);
    int deleted = 0;
    for (String id : gone) {
      if (store.deleteDocument(id)) {
        deleted++;
      }
    }
    return deleted;
  }

  private static String hashOf(String uploadId) {
    return uploadId.substring(ID_PREFIX.length(), ID_PREFIX.length() + HASH_HEX);
  }

  /** The file name in an upload id; empty for ids of older versions, which held none. */
  private static String nameOf(String uploadId) {
    int at = ID_PREFIX.length() + HASH_HEX;
    return uploadId.length() > at && uploadId.charAt(at) == '/' ? uploadId.substring(at + 1) : "";
  }

  static String boundary(String contentType) {
    String b = parameter(contentType, "boundary");
    if (b == null || b.isEmpty() || b.length() > 70) {
      throw new IllegalArgumentException(
          "Content-Type multipart/form-data needs a boundary of 1 to 70 characters");
    }
    return b;
  }

  /** A {@code name=value} or {@code name="value"} parameter of a header value; null when absent. */
  static @Nullable String parameter(String header, String name) {
    String lower = header.toLowerCase(Locale.ROOT);
    int i = 0;
    while ((i = lower.indexOf(name + "=", i)) >= 0) {
      boolean starts = i == 0 || lower.charAt(i - 1) == ';' || lower.charAt(i - 1) == ' ';
      int v = i + name.length() + 1;
      if (!starts) {
        i = v;
        continue;
      }
      if (v < header.length() && header.charAt(v) == '"') {
        StringBuilder b = new StringBuilder();
        for (int j = v + 1; j < header.length(); j++) {
          char c = header.charAt(j);
          if (c == '\\' && j + 1 < header.length()) {
            b.append(header.charAt(++j));
          } else if (c == '"') {
            return b.toString();
          } else {
            b.append(c);
          }
        }
        return b.toString();
      }
      int end = header.indexOf(';', v);
      return header.substring(v, end < 0 ? header.length() : end).strip();
    }
    return null;
  }

  private static String baseName(String fileName) {
    int slash = Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\'));
    return fileName.substring(slash + 1);
  }
}
