package dev.citerag.ingest;

import dev.citerag.internal.Checks;
import dev.citerag.store.Chunk;
import java.util.List;

/** Heading-aware Markdown and plain-text chunker. (Being implemented.) */
public final class MarkdownChunker implements Chunker {
  private final ChunkerSettings settings;

  public MarkdownChunker(ChunkerSettings settings) {
    this.settings = Checks.notNull(settings, "settings");
  }

  @Override
  public List<Chunk> chunk(Document document) {
    throw new UnsupportedOperationException("MarkdownChunker not implemented yet");
  }

  @Override
  public String settingsDescription() {
    return settings.describe();
  }
}
