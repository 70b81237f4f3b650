package dev.citerag.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.citerag.embed.LocalHashingEmbedder;
import dev.citerag.store.Filter;
import dev.citerag.store.InMemoryVectorStore;
import dev.citerag.store.MetadataValue;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DocumentMarkdownTest {

  @Test
  void document_markdown_reads_front_matter_into_metadata_and_title() {
    // before: metadata stayed empty and the --- block became chunk text
    Document d =
        Document.markdown(
            "runbooks/rollback.md",
            "---\nteam: platform\ntitle: Rollbacks\n---\n# Rolling back\n\nRun deployctl rollback.");
    assertThat(d.metadata())
        .isEqualTo(MetadataValue.strings(Map.of("team", "platform", "title", "Rollbacks")));
    assertThat(d.title()).isEqualTo("Rollbacks");
    assertThat(d.content()).isEqualTo("# Rolling back\n\nRun deployctl rollback.");
  }

  @Test
  void a_filter_on_front_matter_finds_the_document() {
    LocalHashingEmbedder embedder = new LocalHashingEmbedder();
    InMemoryVectorStore store = new InMemoryVectorStore(embedder.identity().dimensions());
    Ingestor.builder()
        .embedder(embedder)
        .store(store)
        .build()
        .ingest(
            List.of(
                Document.markdown(
                    "a.md",
                    "---\nteam: platform\n---\n# Rollbacks\n\nRoll back with deployctl rollback.")));
    var hits =
        store.denseSearch(embedder.embedQuery("roll back"), 5, Filter.eq("team", "platform"));
    assertThat(hits).hasSize(1);
    assertThat(hits.get(0).chunk().text()).doesNotContain("---", "team:");
  }

  @Test
  void malformed_front_matter_names_the_document_and_line() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Document.markdown("a.md", "---\nteam: a\ndesc: >\n  x\n---\n"));
    assertThat(e.getMessage()).startsWith("a.md:3: ");
  }
}
