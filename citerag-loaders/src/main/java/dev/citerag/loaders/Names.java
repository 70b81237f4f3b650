package dev.citerag.loaders;

/** File name helpers. */
final class Names {
  private Names() {}

  /** The last path segment without its extension. */
  static String baseName(String source) {
    int slash = Math.max(source.lastIndexOf('/'), source.lastIndexOf('\\'));
    String name = source.substring(slash + 1);
    int dot = name.lastIndexOf('.');
    return dot > 0 ? name.substring(0, dot) : name;
  }
}
