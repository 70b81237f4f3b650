package dev.citerag.examples.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.embed.DocumentText;
import dev.citerag.embed.EmbedderIdentity;
import dev.citerag.embed.LocalHashingEmbedder;
import dev.citerag.embed.TokenCounter;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddingCacheTest {

  static final LocalHashingEmbedder REAL = new LocalHashingEmbedder();
  static final EmbedderIdentity ID = REAL.identity();

  static List<EmbeddingCache.Key> keys(int n) {
    List<EmbeddingCache.Key> k = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      k.add(EmbeddingCache.Key.document("text " + i, null));
    }
    return k;
  }

  static List<float[]> vectors(int n) {
    List<float[]> v = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      v.add(REAL.embed("text " + i));
    }
    return v;
  }

  @Test
  void vectors_survive_a_restart_and_unchanged_texts_are_not_embedded_again(@TempDir Path dir) {
    AtomicInteger embedded = new AtomicInteger();
    List<DocumentText> docs =
        List.of(DocumentText.of("alpha beta"), DocumentText.of("gamma delta"));
    CachingEmbedder first =
        CachingEmbedder.wrap(new CountingEmbedder(embedded), EmbeddingCache.open(dir, ID));
    List<float[]> a = first.embedDocuments(docs);
    assertThat(embedded).hasValue(2);

    EmbeddingCache reopened = EmbeddingCache.open(dir, ID);
    assertThat(reopened.size()).isEqualTo(2);
    CachingEmbedder second = CachingEmbedder.wrap(new CountingEmbedder(embedded), reopened);
    List<float[]> b =
        second.embedDocuments(List.of(docs.get(1), DocumentText.of("epsilon"), docs.get(0)));
    assertThat(embedded).hasValue(3); // only "epsilon" was new
    assertThat(b.get(0)).containsExactly(a.get(1));
    assertThat(b.get(2)).containsExactly(a.get(0));
    assertThat(b.get(1)).containsExactly(REAL.embed("epsilon"));
    assertThat(second.embedQuery("q")).containsExactly(second.embedQuery("q"));
    assertThat(embedded).hasValue(4);
  }

  @Test
  void damaged_and_torn_records_are_skipped_and_recomputed(@TempDir Path dir) throws Exception {
    EmbeddingCache c = EmbeddingCache.open(dir, ID);
    c.putAll(keys(3), vectors(3));
    Path file = c.file().orElseThrow();
    long size = Files.size(file);
    int record = 32 + 4 * ID.dimensions() + 4;
    try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
      raf.seek(size - record - 100); // inside the second record's vector
      raf.write(0x7f);
      raf.setLength(size + 17); // a torn record at the end, as from a killed writer
    }
    EmbeddingCache damaged = EmbeddingCache.open(dir, ID);
    assertThat(damaged.size()).isEqualTo(2);
    assertThat(damaged.skippedRecords()).isEqualTo(1);
    assertThat(damaged.get(keys(3).get(1))).isNull();
    assertThat(damaged.get(keys(3).get(0))).containsExactly(vectors(1).get(0));
    // appending after a torn tail keeps records aligned
    damaged.putAll(List.of(keys(3).get(1)), List.of(vectors(3).get(1)));
    EmbeddingCache healed = EmbeddingCache.open(dir, ID);
    assertThat(healed.get(keys(3).get(1))).containsExactly(vectors(3).get(1));
    assertThat(healed.get(keys(3).get(2))).containsExactly(vectors(3).get(2));
  }

  @Test
  void garbage_or_another_identity_in_the_file_is_ignored_not_trusted(@TempDir Path dir)
      throws Exception {
    EmbeddingCache c = EmbeddingCache.open(dir, ID);
    c.putAll(keys(1), vectors(1));
    Path file = c.file().orElseThrow();
    Files.write(file, "not a cache file at all".repeat(100).getBytes());
    EmbeddingCache g = EmbeddingCache.open(dir, ID);
    assertThat(g.size()).isZero();
    g.putAll(keys(1), vectors(1)); // does not overwrite a file it does not understand
    assertThat(Files.readString(file)).startsWith("not a cache file");
    EmbeddingCache other =
        EmbeddingCache.open(dir, new EmbedderIdentity("local", "hashing-v9", null, 384, null));
    assertThat(other.file()).isNotEqualTo(c.file());
    assertThat(other.size()).isZero();
  }

  @Test
  void concurrent_writers_lose_no_record(@TempDir Path dir) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<?>> fs = new ArrayList<>();
      for (int w = 0; w < 4; w++) {
        int writer = w;
        fs.add(
            pool.submit(
                () -> {
                  EmbeddingCache own = EmbeddingCache.open(dir, ID); // as separate runs would
                  for (int i = 0; i < 25; i++) {
                    String t = "writer " + writer + " text " + i;
                    own.putAll(
                        List.of(EmbeddingCache.Key.document(t, null)), List.of(REAL.embed(t)));
                  }
                }));
      }
      for (Future<?> f : fs) {
        f.get(2, TimeUnit.MINUTES);
      }
    } finally {
      pool.shutdownNow();
    }
    EmbeddingCache all = EmbeddingCache.open(dir, ID);
    assertThat(all.size()).isEqualTo(100);
    assertThat(all.skippedRecords()).isZero();
    assertThat(all.get(EmbeddingCache.Key.document("writer 3 text 24", null)))
        .containsExactly(REAL.embed("writer 3 text 24"));
  }

  @Test
  void a_token_counting_embedder_stays_one_behind_the_cache() {
    assertThat(CachingEmbedder.wrap(REAL, EmbeddingCache.inMemory(ID)))
        .isNotInstanceOf(TokenCounter.class);
    assertThat(CachingEmbedder.wrap(new TokenLimitedEmbedder(), EmbeddingCache.inMemory(ID)))
        .isInstanceOf(TokenCounter.class);
  }

  @Test
  void the_directory_follows_the_environment() {
    assertThat(EmbeddingCache.directory(Map.of("CITERAG_CACHE_DIR", "/tmp/x")))
        .contains(Path.of("/tmp/x"));
    assertThat(EmbeddingCache.directory(Map.of("CITERAG_CACHE_DIR", "off"))).isEmpty();
  }

  static final class CountingEmbedder extends ForwardingEmbedder {
    final AtomicInteger n;

    CountingEmbedder(AtomicInteger n) {
      this.n = n;
    }

    @Override
    public List<float[]> embedDocuments(List<DocumentText> documents) {
      n.addAndGet(documents.size());
      return super.embedDocuments(documents);
    }

    @Override
    public float[] embedQuery(String query) {
      n.incrementAndGet();
      return super.embedQuery(query);
    }
  }

  static class ForwardingEmbedder implements dev.citerag.embed.Embedder {
    @Override
    public List<float[]> embedDocuments(List<DocumentText> documents) {
      return REAL.embedDocuments(documents);
    }

    @Override
    public float[] embedQuery(String query) {
      return REAL.embedQuery(query);
    }

    @Override
    public EmbedderIdentity identity() {
      return ID;
    }
  }

  static final class TokenLimitedEmbedder extends ForwardingEmbedder implements TokenCounter {
    @Override
    public int countTokens(String text) {
      return text.length();
    }

    @Override
    public int maxTokens() {
      return 512;
    }
  }
}
