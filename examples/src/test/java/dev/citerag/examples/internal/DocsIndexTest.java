package dev.citerag.examples.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.embed.DocumentText;
import dev.citerag.embed.Embedder;
import dev.citerag.embed.EmbedderIdentity;
import dev.citerag.embed.LocalHashingEmbedder;
import dev.citerag.ingest.Document;
import dev.citerag.ingest.Ingestor;
import dev.citerag.store.Filter;
import dev.citerag.store.InMemoryVectorStore;
import dev.citerag.store.SearchHit;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line's persistent index: a second fill over unchanged input loads nothing. */
class DocsIndexTest {

  /** Counts the texts it embeds. */
  private static final class Counting implements Embedder {
    final Embedder real = new LocalHashingEmbedder();
    final AtomicInteger texts = new AtomicInteger();

    @Override
    public List<float[]> embedDocuments(List<DocumentText> documents) {
      texts.addAndGet(documents.size());
      return real.embedDocuments(documents);
    }

    @Override
    public float[] embedQuery(String query) {
      return real.embedQuery(query);
    }

    @Override
    public EmbedderIdentity identity() {
      return real.identity();
    }
  }

  private record Fill(int documents, InMemoryVectorStore store, String err) {}

  private static Fill fill(
      Path cache, Path folder, Counting embedder, AtomicInteger loads, List<String> notes) {
    InMemoryVectorStore store = new InMemoryVectorStore(embedder.identity().dimensions());
    Ingestor ingestor = Ingestor.builder().embedder(embedder).store(store).build();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int n =
        Engine.fillMemory(
            store,
            embedder,
            ingestor,
            Optional.of(cache),
            () -> DocsIndex.fingerprint(folder),
            sink -> {
              loads.incrementAndGet();
              sink.addAll(notes);
              List<Document> docs = new ArrayList<>();
              try (var files = Files.list(folder)) {
                for (Path p : files.sorted().toList()) {
                  docs.add(
                      Document.markdown(
                          p.getFileName().toString(), Files.readString(p, StandardCharsets.UTF_8)));
                }
              } catch (IOException e) {
                throw new IllegalStateException(e);
              }
              return docs;
            },
            new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Fill(n, store, err.toString(StandardCharsets.UTF_8));
  }

  private static List<String> hits(InMemoryVectorStore store, Embedder e, String q) {
    List<SearchHit> hits = store.hybridSearch(e.embedQuery(q), q, 5, Filter.ALL);
    return hits.stream().map(h -> h.chunk().id() + " " + h.chunk().text()).toList();
  }

  @Test
  void a_second_fill_over_an_unchanged_folder_parses_chunks_and_embeds_nothing(
      @TempDir Path cache, @TempDir Path folder) throws IOException {
    Files.writeString(
        folder.resolve("deploys.md"),
        "---\nteam: platform\n---\n# Deploys\n\nDeploys run Monday to Thursday.\n\n"
            + "## Rollback\n\nRoll back with deployctl rollback.\n");
    Files.writeString(folder.resolve("oncall.md"), "# On call\n\nThe rota changes on Mondays.\n");
    Counting embedder = new Counting();
    AtomicInteger loads = new AtomicInteger();
    List<String> notes = List.of("citerag: skipped x.bin: not a document");

    Fill cold = fill(cache, folder, embedder, loads, notes);
    int embeddedCold = embedder.texts.get();
    assertThat(loads).hasValue(1);
    assertThat(embeddedCold).isPositive();

    Fill warm = fill(cache, folder, embedder, loads, notes);
    assertThat(loads).as("the folder is not loaded again").hasValue(1);
    assertThat(embedder.texts).as("no chunk is embedded again").hasValue(embeddedCold);
    assertThat(warm.documents()).isEqualTo(cold.documents()).isEqualTo(2);
    assertThat(warm.store().chunkCount()).isEqualTo(cold.store().chunkCount());
    assertThat(warm.store().identity()).isEqualTo(cold.store().identity());
    assertThat(hits(warm.store(), embedder, "how do I roll back"))
        .isEqualTo(hits(cold.store(), embedder, "how do I roll back"));
    assertThat(warm.err()).as("the loader's notes are printed again").isEqualTo(cold.err());
  }

  @Test
  void a_changed_file_rebuilds_the_index(@TempDir Path cache, @TempDir Path folder)
      throws IOException {
    Files.writeString(folder.resolve("a.md"), "# A\n\nFirst version of the text.\n");
    Counting embedder = new Counting();
    AtomicInteger loads = new AtomicInteger();
    fill(cache, folder, embedder, loads, List.of());
    Files.writeString(folder.resolve("a.md"), "# A\n\nSecond version of the text.\n");
    Fill changed = fill(cache, folder, embedder, loads, List.of());
    assertThat(loads).hasValue(2);
    assertThat(hits(changed.store(), embedder, "version")).anyMatch(h -> h.contains("Second"));
    Files.writeString(folder.resolve("b.md"), "# B\n\nA new file.\n");
    fill(cache, folder, embedder, loads, List.of());
    assertThat(loads).as("an added file is a change too").hasValue(3);
  }

  @Test
  void a_damaged_index_file_is_ignored_and_rebuilt(@TempDir Path cache, @TempDir Path folder)
      throws IOException {
    Files.writeString(folder.resolve("a.md"), "# A\n\nSome text to index here.\n");
    Counting embedder = new Counting();
    AtomicInteger loads = new AtomicInteger();
    fill(cache, folder, embedder, loads, List.of());
    Path file;
    try (var files = Files.list(cache.resolve("index"))) {
      file = files.filter(p -> p.toString().endsWith(".idx")).findFirst().orElseThrow();
    }
    byte[] bytes = Files.readAllBytes(file);
    bytes[bytes.length / 2] ^= 0x5A;
    Files.write(file, bytes);
    Fill rebuilt = fill(cache, folder, embedder, loads, List.of());
    assertThat(loads).hasValue(2);
    assertThat(rebuilt.store().chunkCount()).isPositive();
    fill(cache, folder, embedder, loads, List.of());
    assertThat(loads).as("the rebuilt index is used").hasValue(2);
  }
}
