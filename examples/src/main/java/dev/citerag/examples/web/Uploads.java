package dev.citerag.examples.web;

import dev.citerag.ingest.Document;
import dev.citerag.load.DocumentLoadException;
import dev.citerag.load.DocumentLoader;
import dev.citerag.load.FileNames;
import dev.citerag.load.FolderLoader;
import dev.citerag.loaders.Loaders;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.james.mime4j.MimeException;
import org.apache.james.mime4j.parser.AbstractContentHandler;
import org.apache.james.mime4j.parser.MimeStreamParser;
import org.apache.james.mime4j.stream.BodyDescriptor;
import org.apache.james.mime4j.stream.Field;
import org.apache.james.mime4j.stream.MimeConfig;
import org.jspecify.annotations.Nullable;

/**
 * Reads a {@code multipart/form-data} upload (parsed by Apache James mime4j) into documents: every
 * part with a file name is loaded by the library's loader for its extension (Markdown, text, HTML,
 * PDF); the document id comes from the content ({@link #contentId}), the file name is its source. A
 * file that cannot be loaded is reported, not fatal.
 */
final class Uploads {
  private Uploads() {}

  /** At most this many files per upload. */
  static final int MAX_FILES = 100;

  private static final FolderLoader LOADERS = Loaders.folderLoader().build();

  /**
   * @param documents loaded, in upload order
   * @param skipped "file: why" for each file not loaded (names escaped)
   */
  record Result(List<Document> documents, List<String> skipped) {}

  /**
   * @throws IllegalArgumentException when the body is not well-formed multipart, has no file, or
   *     has too many
   */
  static Result read(String contentType, byte[] body) {
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
    Map<String, byte[]> files = new LinkedHashMap<>();
    List<String> skipped = new ArrayList<>();
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
              skipped.add(FileNames.escape(name) + ": another uploaded file has the same name");
              return;
            }
            files.put(name, in.readAllBytes());
          }
        });
    try {
      parser.parse(new ByteArrayInputStream(body));
    } catch (MimeException | IOException e) {
      throw new IllegalArgumentException("multipart body is malformed: " + e.getMessage());
    }
    if (files.isEmpty()) {
      throw new IllegalArgumentException("multipart body holds no file (a part with a filename)");
    }
    List<Document> docs = new ArrayList<>();
    for (Map.Entry<String, byte[]> e : files.entrySet()) {
      String name = e.getKey();
      if (FileNames.hasUnsafeCharacters(name)) {
        skipped.add(
            FileNames.escape(name) + ": the file name holds control or invisible characters");
        continue;
      }
      DocumentLoader loader = LOADERS.loader(name).orElse(null);
      if (loader == null) {
        skipped.add(
            FileNames.escape(name)
                + ": unsupported file type (supported: "
                + String.join(", ", LOADERS.extensions())
                + ")");
        continue;
      }
      try {
        docs.add(loader.load(contentId(e.getValue()), name, e.getValue()));
      } catch (DocumentLoadException ex) {
        skipped.add(ex.getMessage());
      } catch (RuntimeException ex) {
        skipped.add(
            FileNames.escape(name)
                + ": cannot be read: "
                + FileNames.escape(String.valueOf(ex.getMessage())));
      }
    }
    return new Result(docs, skipped);
  }

  /**
   * An upload's document id: {@code upload/} and the first 16 bytes of the SHA-256 of its content,
   * in hex. Uploading the same file again, under any name, finds the same document instead of
   * adding a copy (under another name it is rewritten with that name as its source).
   */
  static String contentId(byte[] content) {
    try {
      byte[] d = java.security.MessageDigest.getInstance("SHA-256").digest(content);
      return "upload/" + java.util.HexFormat.of().formatHex(d, 0, 16);
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
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
