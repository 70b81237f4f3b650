package dev.citerag.loaders;

import dev.citerag.ingest.Document;
import dev.citerag.internal.Checks;
import dev.citerag.store.MetadataValue;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.FileSystemLoopException;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.jspecify.annotations.Nullable;

/**
 * Loads the files under folders (and files named directly) into {@link Document}s, picking a {@link
 * DocumentLoader} by file extension, and reports every file it did not load and why.
 *
 * <pre>{@code
 * FolderLoader.Result r = FolderLoader.builder().build().load(List.of(Path.of("docs")));
 * r.skipped().forEach(s -> System.err.println("skipped " + s));
 * ingestor.ingest(r.documents());
 * }</pre>
 *
 * <ul>
 *   <li><b>Ids</b>: the path relative to the folder given, with {@code /} separators (the file name
 *       for a file given directly), so re-loading the same tree gives the same ids; the id is also
 *       the document's source. Documents come back sorted by id.
 *   <li><b>Formats</b>: Markdown ({@code md}, {@code markdown}), text ({@code txt}, {@code text}),
 *       HTML ({@code html}, {@code htm}) and PDF ({@code pdf}); {@link Builder#loader} adds or
 *       replaces one.
 *   <li><b>One bad file never aborts a folder</b>: a file that is not UTF-8, holds a NUL byte, is
 *       too large, passes a {@link LoadLimits} (nesting, characters, pages, time), is an encrypted
 *       PDF, has a name with control characters or the id of another file is skipped and reported
 *       ({@link Result#skipped()}) and the rest is loaded; with {@link Builder#failFast(boolean)}
 *       the first such file throws instead. A file whose front matter or sidecar cannot be read is
 *       loaded without it and named in {@link Result#warnings()}.
 *   <li><b>Metadata</b>: what the file's loader reads (front matter, HTML {@code <meta>}, PDF
 *       document information), then its sidecar file's, then two keys from its path: {@value
 *       #FOLDER_KEY} (the folder under the one given, {@code /} separated, {@code .} at its top)
 *       and {@value #FORMAT_KEY} ({@code markdown}, {@code text}, {@code html}, {@code pdf}, or the
 *       extension for a loader of your own). A later source wins over an earlier one.
 *   <li><b>Sidecar files</b>: {@code name.ext}{@value #SIDECAR_SUFFIX} beside a file holds its
 *       metadata as a YAML mapping, read as front matter is ({@link FrontMatter}); at most {@value
 *       #MAX_SIDECAR_BYTES} bytes. A sidecar is not loaded as a document. Hidden files and folders
 *       (name starting with {@code .}), files of other types and special files (pipes, devices) are
 *       skipped and reported in both modes.
 *   <li><b>Links</b>: a symbolic link inside a folder is loaded only when it points to a file
 *       inside that same folder; a link pointing outside it, and any link to a directory, is
 *       skipped and reported, unless {@link Builder#followLinks(boolean)} is set. A path given
 *       directly is always followed: it is what the caller asked for.
 *   <li><b>Names</b> in reports and messages are escaped ({@link FileNames#escape(String)}).
 *   <li>Files are read and parsed on up to {@link Builder#threads(int)} threads; the result does
 *       not depend on their number.
 * </ul>
 *
 * <p>Immutable and thread-safe.
 */
public final class FolderLoader {

  /** Default largest file read: 64 MiB ({@link LoadLimits#DEFAULT_FILE_BYTES}). */
  public static final long DEFAULT_MAX_FILE_BYTES = LoadLimits.DEFAULT_FILE_BYTES;

  /** The metadata key holding the folder a file is in, relative to the folder given. */
  public static final String FOLDER_KEY = "file.folder";

  /** The metadata key holding a file's format. */
  public static final String FORMAT_KEY = "file.format";

  /** What a sidecar metadata file adds to the name of the file it describes. */
  public static final String SIDECAR_SUFFIX = ".meta.yaml";

  /** Largest sidecar file read, in bytes. */
  public static final int MAX_SIDECAR_BYTES = 65_536;

  /** Why a file was not loaded. */
  public enum Reason {
    /** Its extension has no loader. */
    UNSUPPORTED_TYPE(false),
    /** It or a folder above it is hidden (name starting with {@code .}). */
    HIDDEN(false),
    /** A symbolic link to something outside the folder, or to a directory, not followed. */
    LINK_NOT_FOLLOWED(false),
    /** Not a regular file (a pipe, socket or device). */
    NOT_A_FILE(false),
    /** Its name holds control or other invisible characters (shown escaped). */
    UNSAFE_NAME(true),
    /** Larger than {@link LoadLimits#maxFileBytes()}. */
    TOO_LARGE(true),
    /**
     * Reading it would pass one of the {@link LoadLimits} (nesting, characters, pages, HTML size,
     * time): a hostile or broken file.
     */
    LIMIT_EXCEEDED(true),
    /** It could not be read (permissions, a broken link, a loop of links, an I/O error). */
    UNREADABLE(true),
    /** Its loader rejected it (not UTF-8, a NUL byte, an encrypted or image-only PDF). */
    INVALID(true),
    /** Another file already gave the same document id. */
    DUPLICATE_ID(true);

    private final boolean problem;

    Reason(boolean problem) {
      this.problem = problem;
    }

    /**
     * {@return whether this is a file that should have loaded but could not (these make a fail-fast
     * load throw), as opposed to a file skipped by design}
     */
    public boolean problem() {
      return problem;
    }
  }

  /**
   * A file that was not loaded.
   *
   * @param file its path as given plus the part under the folder, escaped
   * @param reason why, by kind
   * @param detail why, for people (the loader's message for {@link Reason#INVALID})
   */
  public record SkippedFile(String file, Reason reason, String detail) {
    /**
     * Checks the fields.
     *
     * @param file its path as given plus the part under the folder, escaped
     * @param reason why, by kind
     * @param detail why, for people (the loader's message for {@link Reason#INVALID})
     * @throws IllegalArgumentException when a field is null
     */
    public SkippedFile {
      Checks.notNull(file, "file");
      Checks.notNull(reason, "reason");
      Checks.notNull(detail, "detail");
    }

    /** {@return {@code file: detail}, for a log line} */
    @Override
    public String toString() {
      return file + ": " + detail;
    }
  }

  /**
   * The outcome of a load.
   *
   * @param documents the documents loaded, sorted by id
   * @param skipped every file not loaded, in walk order
   * @param warnings what was left out of files that did load (front matter or a sidecar that could
   *     not be read), one line each naming the file, in walk order
   */
  public record Result(List<Document> documents, List<SkippedFile> skipped, List<String> warnings) {
    /**
     * Copies the lists (unmodifiable).
     *
     * @param documents the documents loaded, sorted by id
     * @param skipped every file not loaded, in walk order
     * @param warnings what was left out of files that did load, one line each
     */
    public Result {
      documents = List.copyOf(documents);
      skipped = List.copyOf(skipped);
      warnings = List.copyOf(warnings);
    }

    /** {@return the skipped files that should have loaded ({@link Reason#problem()}), in order} */
    public List<SkippedFile> problems() {
      return skipped.stream().filter(s -> s.reason().problem()).toList();
    }
  }

  private final Map<String, DocumentLoader> loaders;
  private final boolean failFast;
  private final boolean followLinks;
  private final LoadLimits limits;
  private final int threads;

  private FolderLoader(Builder b) {
    Map<String, DocumentLoader> all = new TreeMap<>();
    DocumentLoader md = new MarkdownLoader(b.limits);
    DocumentLoader txt = new TextLoader(b.limits);
    DocumentLoader html = new HtmlLoader(b.limits);
    all.put("md", md);
    all.put("markdown", md);
    all.put("txt", txt);
    all.put("text", txt);
    all.put("html", html);
    all.put("htm", html);
    all.put("pdf", new PdfLoader(b.limits));
    all.putAll(b.loaders);
    this.loaders = Collections.unmodifiableMap(all);
    this.failFast = b.failFast;
    this.followLinks = b.followLinks;
    this.limits = b.limits;
    this.threads = b.threads;
  }

  /**
   * {@return a builder with the Markdown ({@code md}, {@code markdown}), text ({@code txt}, {@code
   * text}), HTML ({@code html}, {@code htm}) and PDF ({@code pdf}) loaders}
   */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return the extensions this loader reads (lower case, without the dot), sorted} */
  public Set<String> extensions() {
    return loaders.keySet();
  }

  /**
   * Loads every supported file under the given folders and the given files. Blocks until every file
   * is read; its worker threads (daemon threads of this call only) are shut down before it returns.
   * An interrupt ends the call with a {@link DocumentLoadException}.
   *
   * @param paths folders to walk and files to read, in any mix
   * @return the documents, sorted by id, and every file not loaded with its reason
   * @throws DocumentLoadException when a path given does not exist or is a file of an unsupported
   *     type; in fail-fast mode, for the first file that could not be loaded ({@link
   *     Reason#problem()}), naming it
   * @throws IllegalArgumentException when {@code paths} is null or holds null
   */
  public Result load(List<Path> paths) {
    Checks.noNullElements(paths, "paths");
    List<Candidate> candidates = new ArrayList<>();
    List<SkippedFile> skipped = new ArrayList<>();
    for (Path p : paths) {
      if (!Files.exists(p)) {
        throw new DocumentLoadException(p.toString(), "no such file or directory");
      }
      if (Files.isDirectory(p)) {
        walk(p, candidates, skipped);
      } else {
        String name = p.getFileName() == null ? p.toString() : p.getFileName().toString();
        DocumentLoader loader = loaderFor(name);
        if (loader == null) {
          throw new DocumentLoadException(
              p.toString(),
              "unsupported file type (supported: " + String.join(", ", loaders.keySet()) + ")");
        }
        if (!Files.isRegularFile(p)) {
          throw new DocumentLoadException(p.toString(), "not a regular file");
        }
        candidates.add(new Candidate(FolderPaths.realPath(p), p, name, loader, sidecar(p)));
      }
    }
    for (SkippedFile s : skipped) {
      failIfAsked(s, null);
    }
    List<Object> loaded = read(candidates);
    List<String> warnings = new ArrayList<>();
    Map<String, Document> byId = new LinkedHashMap<>();
    Map<String, Path> origin = new HashMap<>();
    for (int i = 0; i < candidates.size(); i++) {
      Candidate c = candidates.get(i);
      Object o = loaded.get(i);
      if (o instanceof SkippedFile s) {
        skipped.add(s);
        failIfAsked(s, null);
        continue;
      }
      LoadedDocument ld = (LoadedDocument) o;
      Document d = ld.document();
      Path real = FolderPaths.realPath(c.file);
      Path before = origin.putIfAbsent(d.id(), real);
      if (before != null) {
        if (!before.equals(real)) {
          SkippedFile s =
              new SkippedFile(
                  FolderPaths.shown(c.shown),
                  Reason.DUPLICATE_ID,
                  "another file already has the document id \""
                      + FileNames.escape(d.id())
                      + "\" (give their common parent folder instead)");
          skipped.add(s);
          failIfAsked(s, null);
        }
        continue;
      }
      byId.put(d.id(), d);
      warnings.addAll(ld.warnings());
    }
    List<Document> docs = new ArrayList<>(byId.values());
    docs.sort(Comparator.comparing(Document::id));
    return new Result(docs, skipped, warnings);
  }

  private void failIfAsked(SkippedFile s, @Nullable Throwable cause) {
    if (failFast && s.reason().problem()) {
      throw new DocumentLoadException(s.file(), 0, s.detail(), cause, true);
    }
  }

  // ------------------------------------------------------------------ walking

  /**
   * A file to read: the path to read from, the path shown, its id, its loader and its sidecar file
   * (null when it has none).
   */
  private record Candidate(
      Path file, Path shown, String id, DocumentLoader loader, @Nullable Path sidecar) {}

  /** The sidecar metadata file of {@code file}, when there is one (a regular file, not hidden). */
  private static @Nullable Path sidecar(Path file) {
    Path name = file.getFileName();
    if (name == null) {
      return null;
    }
    Path side = file.resolveSibling(name + SIDECAR_SUFFIX);
    return Files.isRegularFile(side, LinkOption.NOFOLLOW_LINKS) ? side : null;
  }

  private void walk(Path root, List<Candidate> out, List<SkippedFile> skipped) {
    Path rootReal = FolderPaths.realPath(root);
    Set<FileVisitOption> options =
        followLinks
            ? EnumSet.of(FileVisitOption.FOLLOW_LINKS)
            : EnumSet.noneOf(FileVisitOption.class);
    List<Candidate> found = new ArrayList<>();
    try {
      Files.walkFileTree(
          root,
          options,
          Integer.MAX_VALUE,
          new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
              if (!dir.equals(root) && FolderPaths.hiddenName(dir)) {
                skipped.add(
                    new SkippedFile(
                        FolderPaths.shown(dir), Reason.HIDDEN, "hidden folder, not read"));
                return FileVisitResult.SKIP_SUBTREE;
              }
              return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
              visit(root, rootReal, file, attrs, found, skipped);
              return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) {
              String why =
                  e instanceof FileSystemLoopException
                      ? "symbolic links form a loop"
                      : "cannot be read: " + FolderPaths.ioMessage(e);
              skipped.add(new SkippedFile(FolderPaths.shown(file), Reason.UNREADABLE, why));
              return FileVisitResult.CONTINUE;
            }
          });
    } catch (IOException e) {
      throw new DocumentLoadException(
          root.toString(), 0, "cannot list the folder: " + FolderPaths.ioMessage(e), e);
    }
    found.sort(Comparator.comparing(Candidate::id));
    out.addAll(found);
  }

  private void visit(
      Path root,
      Path rootReal,
      Path file,
      BasicFileAttributes attrs,
      List<Candidate> out,
      List<SkippedFile> skipped) {
    String name = file.getFileName().toString();
    if (name.endsWith(SIDECAR_SUFFIX)
        && name.length() > SIDECAR_SUFFIX.length()
        && loaderFor(name.substring(0, name.length() - SIDECAR_SUFFIX.length())) != null
        && Files.exists(
            file.resolveSibling(name.substring(0, name.length() - SIDECAR_SUFFIX.length())),
            LinkOption.NOFOLLOW_LINKS)) {
      return; // the sidecar of a file beside it: read with that file
    }
    if (FolderPaths.hiddenName(file)) {
      skipped.add(new SkippedFile(FolderPaths.shown(file), Reason.HIDDEN, "hidden file, not read"));
      return;
    }
    Path readFrom = file;
    if (attrs.isSymbolicLink()) { // only when links are not followed
      Path target;
      try {
        target = file.toRealPath();
      } catch (IOException e) {
        skipped.add(
            new SkippedFile(
                FolderPaths.shown(file),
                Reason.UNREADABLE,
                "symbolic link whose target cannot be read: " + FolderPaths.ioMessage(e)));
        return;
      }
      if (Files.isDirectory(target)) {
        skipped.add(
            new SkippedFile(
                FolderPaths.shown(file),
                Reason.LINK_NOT_FOLLOWED,
                "symbolic link to a folder, not followed (followLinks follows it)"));
        return;
      }
      if (!target.startsWith(rootReal)) {
        skipped.add(
            new SkippedFile(
                FolderPaths.shown(file),
                Reason.LINK_NOT_FOLLOWED,
                "symbolic link to a file outside the folder, not followed (followLinks follows it)"));
        return;
      }
      readFrom = target;
      try {
        attrs = Files.readAttributes(target, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
      } catch (IOException e) {
        skipped.add(
            new SkippedFile(
                FolderPaths.shown(file),
                Reason.UNREADABLE,
                "cannot be read: " + FolderPaths.ioMessage(e)));
        return;
      }
    }
    if (!attrs.isRegularFile()) {
      skipped.add(
          new SkippedFile(
              FolderPaths.shown(file),
              Reason.NOT_A_FILE,
              "not a regular file (a pipe, socket or device)"));
      return;
    }
    DocumentLoader loader = loaderFor(name);
    if (loader == null) {
      skipped.add(
          new SkippedFile(
              FolderPaths.shown(file), Reason.UNSUPPORTED_TYPE, "unsupported file type"));
      return;
    }
    String id = FolderPaths.relativeId(root, file);
    if (FileNames.hasUnsafeCharacters(id)) {
      skipped.add(
          new SkippedFile(
              FolderPaths.shown(file),
              Reason.UNSAFE_NAME,
              "the file name holds control or invisible characters (shown escaped); rename it"));
      return;
    }
    out.add(new Candidate(readFrom, file, id, loader, sidecar(file)));
  }

  /**
   * The loader this folder loader would use for a file of this name (by its extension), e.g. to
   * load an uploaded file's bytes the same way.
   *
   * @param fileName a file name; only its extension (after the last dot) matters, case-insensitive
   * @return the loader, or empty when no loader reads that extension
   * @throws IllegalArgumentException when {@code fileName} is null
   */
  public java.util.Optional<DocumentLoader> loader(String fileName) {
    return java.util.Optional.ofNullable(loaderFor(Checks.notNull(fileName, "fileName")));
  }

  private @Nullable DocumentLoader loaderFor(String fileName) {
    int dot = fileName.lastIndexOf('.');
    if (dot < 0 || dot == fileName.length() - 1) {
      return null;
    }
    return loaders.get(fileName.substring(dot + 1).toLowerCase(Locale.ROOT));
  }

  // ------------------------------------------------------------------ reading

  /** Loads each candidate: a {@link Document} or a {@link SkippedFile}, in order. */
  private List<Object> read(List<Candidate> candidates) {
    int n = Math.min(threads, candidates.size());
    if (n <= 1) {
      List<Object> out = new ArrayList<>(candidates.size());
      for (Candidate c : candidates) {
        out.add(readOne(c));
      }
      return out;
    }
    ExecutorService pool =
        Executors.newFixedThreadPool(
            n,
            r -> {
              Thread t = new Thread(r, "citerag-load");
              t.setDaemon(true);
              return t;
            });
    try {
      List<Future<Object>> futures = new ArrayList<>(candidates.size());
      for (Candidate c : candidates) {
        futures.add(pool.submit(() -> readOne(c)));
      }
      List<Object> out = new ArrayList<>(candidates.size());
      for (Future<Object> f : futures) {
        try {
          out.add(f.get());
        } catch (ExecutionException e) {
          Throwable cause = e.getCause();
          if (cause instanceof RuntimeException re) {
            throw re;
          }
          if (cause instanceof Error err) {
            throw err;
          }
          throw new IllegalStateException(cause);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new DocumentLoadException("(folder)", 0, "interrupted while loading", e);
        }
      }
      return out;
    } finally {
      pool.shutdownNow();
    }
  }

  private Object readOne(Candidate c) {
    byte[] bytes;
    long maxFileBytes = limits.maxFileBytes();
    // not following links, a file swapped for a link after the walk is not read
    try (InputStream in =
        followLinks
            ? Files.newInputStream(c.file)
            : Files.newInputStream(c.file, LinkOption.NOFOLLOW_LINKS)) {
      bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxFileBytes + 1));
    } catch (IOException e) {
      return new SkippedFile(
          FolderPaths.shown(c.shown),
          Reason.UNREADABLE,
          "cannot be read: " + FolderPaths.ioMessage(e));
    }
    if (bytes.length > maxFileBytes) {
      return new SkippedFile(
          FolderPaths.shown(c.shown),
          Reason.TOO_LARGE,
          "larger than maxFileBytes = " + maxFileBytes + " bytes");
    }
    LoadedDocument loaded;
    try {
      loaded = c.loader.read(c.id, c.id, bytes);
    } catch (LoadLimitException e) {
      return new SkippedFile(FolderPaths.shown(c.shown), Reason.LIMIT_EXCEEDED, e.problem());
    } catch (DocumentLoadException e) {
      return new SkippedFile(FolderPaths.shown(c.shown), Reason.INVALID, e.problem());
    } catch (RuntimeException e) { // a loader's parser failing on a hostile file
      return new SkippedFile(
          FolderPaths.shown(c.shown),
          Reason.INVALID,
          "cannot be read as "
              + FolderPaths.extension(c.id)
              + ": "
              + FileNames.escape(String.valueOf(e.getMessage())));
    } catch (StackOverflowError e) { // a parser recursing on a hostile file; the stack is unwound
      return new SkippedFile(
          FolderPaths.shown(c.shown),
          Reason.LIMIT_EXCEEDED,
          "nests too deeply to be read as " + FolderPaths.extension(c.id) + " (stack overflow)");
    }
    return withFileMetadata(c, loaded);
  }

  /** Adds the sidecar's metadata, then the path's. */
  private Object withFileMetadata(Candidate c, LoadedDocument loaded) {
    Document d = loaded.document();
    List<String> warnings = new ArrayList<>(loaded.warnings());
    Map<String, MetadataValue> meta = new LinkedHashMap<>(d.metadata());
    if (c.sidecar != null) {
      String shown = FolderPaths.shown(c.sidecar);
      try {
        if (Files.size(c.sidecar) > MAX_SIDECAR_BYTES) {
          warnings.add(shown + ": larger than " + MAX_SIDECAR_BYTES + " bytes (sidecar ignored)");
        } else {
          String yaml =
              TextFiles.utf8(
                  Files.readAllBytes(c.sidecar), c.sidecar.toString(), new Budget(limits, shown));
          FrontMatter.read(yaml, c.sidecar.toString(), 0)
              .forEach((k, v) -> meta.put(k, FrontMatter.typed(v)));
        }
      } catch (IOException e) {
        warnings.add(
            shown + ": cannot be read: " + FolderPaths.ioMessage(e) + " (sidecar ignored)");
      } catch (DocumentLoadException e) {
        warnings.add(e.getMessage() + " (sidecar ignored)");
      }
    }
    int slash = c.id.lastIndexOf('/');
    meta.put(FOLDER_KEY, MetadataValue.of(slash < 0 ? "." : c.id.substring(0, slash)));
    meta.put(FORMAT_KEY, MetadataValue.of(formatName(FolderPaths.extension(c.id))));
    try {
      return new LoadedDocument(d.withMetadata(meta), warnings);
    } catch (IllegalArgumentException e) {
      return new SkippedFile(
          FolderPaths.shown(c.shown),
          Reason.INVALID,
          FileNames.escape(String.valueOf(e.getMessage())));
    }
  }

  private static String formatName(String extension) {
    return switch (extension) {
      case "md", "markdown" -> "markdown";
      case "txt", "text" -> "text";
      case "html", "htm" -> "html";
      default -> extension;
    };
  }

  /** Builds a {@link FolderLoader}. */
  public static final class Builder {
    private final Map<String, DocumentLoader> loaders = new HashMap<>();
    private boolean failFast;
    private boolean followLinks;
    private LoadLimits limits = LoadLimits.defaults();
    private int threads = Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));

    private Builder() {}

    /**
     * Sets what one file may cost; the built-in loaders (Markdown, text, HTML, PDF) get these
     * limits, and files larger than {@link LoadLimits#maxFileBytes()} are not read. Default {@link
     * LoadLimits#defaults()}.
     *
     * @param limits the limits
     * @return this builder
     * @throws IllegalArgumentException when {@code limits} is null
     */
    public Builder limits(LoadLimits limits) {
      this.limits = Checks.notNull(limits, "limits");
      return this;
    }

    /**
     * Reads files with this extension (case-insensitive, without the dot) with {@code loader},
     * replacing any loader set for it before.
     *
     * @param extension e.g. {@code pdf}
     * @param loader reads files with that extension
     * @return this builder
     * @throws IllegalArgumentException when {@code extension} is blank or holds a dot or slash, or
     *     {@code loader} is null
     */
    public Builder loader(String extension, DocumentLoader loader) {
      Checks.notBlank(extension, "extension");
      if (extension.contains(".") || extension.contains("/") || extension.contains("\\")) {
        throw new IllegalArgumentException(
            "extension must be a bare extension like \"pdf\", was \"" + extension + "\"");
      }
      loaders.put(extension.toLowerCase(Locale.ROOT), Checks.notNull(loader, "loader"));
      return this;
    }

    /**
     * Sets what a file that cannot be loaded does. Default false.
     *
     * @param failFast false: the file is skipped and reported; true: the load throws a {@link
     *     DocumentLoadException} naming it
     * @return this builder
     */
    public Builder failFast(boolean failFast) {
      this.failFast = failFast;
      return this;
    }

    /**
     * Default false: a symbolic link inside a folder is read only when it points to a file inside
     * that folder; true: every link is followed (loops are reported, not followed).
     *
     * @param followLinks whether to follow every symbolic link
     * @return this builder
     */
    public Builder followLinks(boolean followLinks) {
      this.followLinks = followLinks;
      return this;
    }

    /**
     * Default {@link #DEFAULT_MAX_FILE_BYTES}: larger files are skipped ({@link Reason#TOO_LARGE});
     * the same as {@code limits(limits.withMaxFileBytes(maxFileBytes))}.
     *
     * @param maxFileBytes the largest file read, in bytes
     * @return this builder
     * @throws IllegalArgumentException when not in 1..2,000,000,000
     */
    public Builder maxFileBytes(long maxFileBytes) {
      this.limits = limits.withMaxFileBytes(maxFileBytes);
      return this;
    }

    /**
     * Default: the number of processors, at most 4. Files are read and parsed on this many threads.
     *
     * @param threads threads per {@link FolderLoader#load} call, created and shut down by each call
     * @return this builder
     * @throws IllegalArgumentException when not in 1..64
     */
    public Builder threads(int threads) {
      this.threads = Checks.inRange(threads, 1, 64, "threads");
      return this;
    }

    /** {@return an immutable, thread-safe folder loader with this builder's settings} */
    public FolderLoader build() {
      return new FolderLoader(this);
    }
  }
}
