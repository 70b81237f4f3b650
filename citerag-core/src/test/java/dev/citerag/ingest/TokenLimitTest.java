package dev.citerag.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.citerag.embed.DocumentText;
import dev.citerag.embed.Embedder;
import dev.citerag.embed.EmbedderIdentity;
import dev.citerag.embed.LocalHashingEmbedder;
import dev.citerag.embed.TokenCounter;
import dev.citerag.store.Chunk;
import dev.citerag.store.InMemoryVectorStore;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The chunker and the ingestor follow an embedder's real token count when it offers one. */
class TokenLimitTest {

  /** One token per character plus two special tokens: far more than the 4-characters estimate. */
  static final class CharTokens implements Embedder, TokenCounter {
    final LocalHashingEmbedder inner = new LocalHashingEmbedder();
    final int max;

    CharTokens(int max) {
      this.max = max;
    }

    @Override
    public int countTokens(String text) {
      return text.length() + 2;
    }

    @Override
    public int maxTokens() {
      return max;
    }

    @Override
    public List<float[]> embedDocuments(List<DocumentText> documents) {
      for (DocumentText d : documents) {
        if (countTokens(d.text()) > max) {
          throw new IllegalArgumentException("too long: " + countTokens(d.text()));
        }
      }
      return inner.embedDocuments(documents);
    }

    @Override
    public float[] embedQuery(String query) {
      return inner.embedQuery(query);
    }

    @Override
    public EmbedderIdentity identity() {
      return inner.identity();
    }
  }

  static final String TEXT =
      "# Limits\n\n"
          + "Quotas are enforced per team and per region every hour. ".repeat(12)
          + "\n\n"
          + "x".repeat(700)
          + "\n";

  @Test
  void the_chunker_splits_until_every_chunk_fits_the_counted_limit() {
    CharTokens counter = new CharTokens(200);
    Document doc = Document.markdown("limits.md", TEXT);
    List<Chunk> estimated = new MarkdownChunker(ChunkerSettings.DEFAULT).chunk(doc);
    assertThat(estimated)
        .anySatisfy(c -> assertThat(counter.countTokens(c.text())).isGreaterThan(200));

    List<Chunk> counted = new MarkdownChunker(ChunkerSettings.DEFAULT, counter).chunk(doc);
    assertThat(counted)
        .allSatisfy(c -> assertThat(counter.countTokens(c.text())).isLessThanOrEqualTo(200));
    assertThat(counted.size()).isGreaterThan(estimated.size());
    // nothing lost: every word of the document is in some chunk
    String all = String.join(" ", counted.stream().map(Chunk::text).toList());
    assertThat(all).contains("xxxxxxxxxx").contains("every hour.");
    assertThat(new MarkdownChunker(ChunkerSettings.DEFAULT, counter).settingsDescription())
        .isEqualTo(ChunkerSettings.DEFAULT.describe() + ",modelTokens<=200");
  }

  @Test
  void the_ingestor_gives_a_token_counting_embedder_a_chunker_that_follows_it() {
    CharTokens counter = new CharTokens(200);
    InMemoryVectorStore store = new InMemoryVectorStore(counter.identity().dimensions());
    Ingestor ingestor = Ingestor.builder().embedder(counter).store(store).build();
    assertThat(ingestor.chunker().settingsDescription()).endsWith(",modelTokens<=200");
    ingestor.ingest(List.of(Document.markdown("limits.md", TEXT)));
    assertThat(store.chunkCount()).isGreaterThan(4);
  }

  @Test
  void the_ingestor_refuses_a_chunk_over_the_limit_from_another_chunker_naming_the_document() {
    CharTokens counter = new CharTokens(200);
    InMemoryVectorStore store = new InMemoryVectorStore(counter.identity().dimensions());
    Ingestor ingestor =
        Ingestor.builder()
            .embedder(counter)
            .store(store)
            .chunker(new MarkdownChunker(ChunkerSettings.DEFAULT))
            .build();
    assertThatThrownBy(() -> ingestor.ingest(List.of(Document.markdown("limits.md", TEXT))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("document \"limits.md\"")
        .hasMessageContaining("tokens, the embedder accepts at most 200")
        .hasMessageContaining("never truncated");
    assertThat(store.chunkCount()).isZero();
  }
}
