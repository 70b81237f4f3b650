package dev.citerag.examples.internal;

import dev.citerag.embed.DocumentText;
import dev.citerag.embed.Embedder;
import dev.citerag.embed.EmbedderIdentity;
import dev.citerag.embed.TokenCounter;
import java.util.ArrayList;
import java.util.List;

/**
 * An {@link Embedder} that asks its {@link EmbeddingCache} first and the real embedder only for
 * what the cache lacks (in one call), then keeps the new vectors. A {@link TokenCounter} stays one
 * ({@link #wrap}), so the ingestor's chunker still follows the model's token count.
 */
public class CachingEmbedder implements Embedder {
  private final Embedder real;
  private final EmbeddingCache cache;

  CachingEmbedder(Embedder real, EmbeddingCache cache) {
    this.real = real;
    this.cache = cache;
  }

  /** Wraps {@code real}; the result is a {@link TokenCounter} when {@code real} is one. */
  public static CachingEmbedder wrap(Embedder real, EmbeddingCache cache) {
    return real instanceof TokenCounter tc
        ? new Counting(real, tc, cache)
        : new CachingEmbedder(real, cache);
  }

  @Override
  public List<float[]> embedDocuments(List<DocumentText> documents) {
    List<float[]> out = new ArrayList<>(documents.size());
    List<Integer> missing = new ArrayList<>();
    List<EmbeddingCache.Key> keys = new ArrayList<>(documents.size());
    for (int i = 0; i < documents.size(); i++) {
      DocumentText d = documents.get(i);
      EmbeddingCache.Key k = EmbeddingCache.Key.document(d.text(), d.title());
      keys.add(k);
      float[] v = cache.get(k);
      out.add(v);
      if (v == null) {
        missing.add(i);
      }
    }
    if (!missing.isEmpty()) {
      List<DocumentText> todo = new ArrayList<>(missing.size());
      List<EmbeddingCache.Key> todoKeys = new ArrayList<>(missing.size());
      for (int i : missing) {
        todo.add(documents.get(i));
        todoKeys.add(keys.get(i));
      }
      List<float[]> fresh = real.embedDocuments(todo);
      if (fresh.size() != todo.size()) {
        throw new IllegalStateException(
            "embedder returned " + fresh.size() + " vectors for " + todo.size() + " texts");
      }
      for (int j = 0; j < missing.size(); j++) {
        out.set(missing.get(j), fresh.get(j));
      }
      cache.putAll(todoKeys, fresh);
    }
    return out;
  }

  @Override
  public float[] embedQuery(String query) {
    EmbeddingCache.Key k = EmbeddingCache.Key.query(query);
    float[] v = cache.get(k);
    if (v != null) {
      return v;
    }
    float[] fresh = real.embedQuery(query);
    cache.putAll(List.of(k), List.of(fresh));
    return fresh;
  }

  @Override
  public EmbedderIdentity identity() {
    return real.identity();
  }

  /** The embedder behind the cache. */
  public Embedder real() {
    return real;
  }

  public EmbeddingCache cache() {
    return cache;
  }

  @Override
  public String toString() {
    return "CachingEmbedder[" + real + "]";
  }

  private static final class Counting extends CachingEmbedder implements TokenCounter {
    private final TokenCounter counter;

    Counting(Embedder real, TokenCounter counter, EmbeddingCache cache) {
      super(real, cache);
      this.counter = counter;
    }

    @Override
    public int countTokens(String text) {
      return counter.countTokens(text);
    }

    @Override
    public int maxTokens() {
      return counter.maxTokens();
    }
  }
}
