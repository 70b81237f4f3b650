package dev.citerag.examples.internal;

import dev.citerag.embed.DocumentText;
import dev.citerag.embed.Embedder;
import dev.citerag.embed.EmbedderIdentity;
import dev.citerag.embed.TokenCounter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An embedder that loads its model on first use. Its identity (and token limit) is read from a
 * small file written the last time this build of the command line loaded the model, so a run whose
 * chunks come from {@link DocsIndex} and whose question vectors come from {@link EmbeddingCache}
 * never loads the model at all. The file is keyed by the build ({@link DocsIndex#buildStamp()}): a
 * rebuilt jar (hence possibly another model) loads the model once and rewrites it. Run from a
 * classes folder (tests, an IDE), where no build stamp pins the model, the model is loaded at once.
 */
final class LazyEmbedder implements Embedder, TokenCounter {
  private static final Logger log = LoggerFactory.getLogger(LazyEmbedder.class);
  private static final String NULL = "\u0000null";

  private final Supplier<? extends Embedder> loader;
  private final EmbedderIdentity identity;
  private final int maxTokens;
  private @Nullable Embedder loaded;

  private LazyEmbedder(
      Supplier<? extends Embedder> loader, EmbedderIdentity identity, int maxTokens) {
    this.loader = loader;
    this.identity = identity;
    this.maxTokens = maxTokens;
  }

  /**
   * The embedder {@code loader} makes, loaded lazily when {@code cacheDir} holds its identity for
   * this build; otherwise loaded now and its identity saved for the next run.
   */
  static Embedder of(String kind, Supplier<? extends Embedder> loader, Path cacheDir) {
    String stamp = DocsIndex.buildStamp();
    if (!DocsIndex.runningFromJar()) {
      // not a jar: nothing pins the model to this file's contents
      return loader.get();
    }
    Path file =
        cacheDir.resolve("identity").resolve(kind + "-" + Integer.toHexString(stamp.hashCode()));
    Optional<LazyEmbedder> known = read(file, stamp, loader);
    if (known.isPresent()) {
      return known.get();
    }
    Embedder real = loader.get();
    if (real instanceof TokenCounter tc) {
      write(file, stamp, real.identity(), tc.maxTokens());
    }
    return real;
  }

  private static Optional<LazyEmbedder> read(
      Path file, String stamp, Supplier<? extends Embedder> loader) {
    try {
      if (!Files.isRegularFile(file)) {
        return Optional.empty();
      }
      List<String> l = Files.readAllLines(file, StandardCharsets.UTF_8);
      if (l.size() != 7 || !l.get(0).equals(stamp)) {
        return Optional.empty();
      }
      EmbedderIdentity id =
          new EmbedderIdentity(
              l.get(1),
              l.get(2),
              NULL.equals(l.get(3)) ? null : l.get(3),
              Integer.parseInt(l.get(4)),
              NULL.equals(l.get(5)) ? null : l.get(5));
      return Optional.of(new LazyEmbedder(loader, id, Integer.parseInt(l.get(6))));
    } catch (IOException | RuntimeException e) {
      log.debug("citerag.lazy: {} unreadable, loading the model: {}", file, e.toString());
      return Optional.empty();
    }
  }

  private static void write(Path file, String stamp, EmbedderIdentity id, int maxTokens) {
    List<String> lines =
        new ArrayList<>(
            Arrays.asList(
                stamp,
                id.provider(),
                id.model(),
                id.digest() == null ? NULL : id.digest(),
                Integer.toString(id.dimensions()),
                id.queryInstruction() == null ? NULL : id.queryInstruction(),
                Integer.toString(maxTokens)));
    if (lines.stream().anyMatch(s -> s.contains("\n") || s.contains("\r"))) {
      return;
    }
    try {
      Files.createDirectories(file.getParent());
      Path tmp = Files.createTempFile(file.getParent(), "identity", ".tmp");
      try {
        Files.write(tmp, lines, StandardCharsets.UTF_8);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } finally {
        Files.deleteIfExists(tmp);
      }
    } catch (IOException | RuntimeException e) {
      log.debug("citerag.lazy: writing {} failed: {}", file, e.toString());
    }
  }

  private synchronized Embedder real() {
    Embedder e = loaded;
    if (e == null) {
      e = loader.get();
      if (!e.identity().equals(identity)) {
        throw new IllegalStateException(
            "the embedding model changed under the same build: saved identity "
                + identity
                + ", loaded "
                + e.identity()
                + "; delete the cache folder's identity/ files");
      }
      loaded = e;
    }
    return e;
  }

  /** Whether the model has been loaded (for tests). */
  synchronized boolean isLoaded() {
    return loaded != null;
  }

  @Override
  public List<float[]> embedDocuments(List<DocumentText> documents) {
    return real().embedDocuments(documents);
  }

  @Override
  public float[] embedQuery(String query) {
    return real().embedQuery(query);
  }

  @Override
  public EmbedderIdentity identity() {
    return identity;
  }

  @Override
  public int countTokens(String text) {
    return ((TokenCounter) real()).countTokens(text);
  }

  @Override
  public int maxTokens() {
    return maxTokens;
  }

  @Override
  public String toString() {
    Embedder e = loaded;
    return e == null ? "LazyEmbedder[" + identity.model() + ", not loaded]" : e.toString();
  }
}
