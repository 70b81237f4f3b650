package dev.citerag.loaders;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;

/** Path helpers of {@link FolderLoader}: ids, names shown in reports, and I/O messages. */
final class FolderPaths {

  private FolderPaths() {}

  static boolean hiddenName(Path p) {
    Path name = p.getFileName();
    return name != null && name.toString().startsWith(".");
  }

  static String relativeId(Path root, Path file) {
    StringBuilder b = new StringBuilder();
    for (Path part : root.relativize(file)) {
      if (b.length() > 0) {
        b.append('/');
      }
      b.append(part);
    }
    return b.toString();
  }

  static String extension(String name) {
    int dot = name.lastIndexOf('.');
    return dot < 0 ? "this type" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
  }

  static String shown(Path p) {
    return FileNames.escape(p.toString());
  }

  static Path realPath(Path p) {
    try {
      return p.toRealPath();
    } catch (IOException e) {
      return p.toAbsolutePath().normalize();
    }
  }

  static String ioMessage(IOException e) {
    if (e instanceof NoSuchFileException) {
      return "no such file";
    }
    String m = e.getMessage();
    return FileNames.escape(m == null ? e.getClass().getSimpleName() : m);
  }
}
