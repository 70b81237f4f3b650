package dev.citerag.examples.cli;

import dev.citerag.examples.internal.EngineOptions;
import dev.citerag.extractive.ExtractiveGenerator.Strictness;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Option;

/**
 * Where a reading command ({@code ask}, {@code search}, {@code eval}, {@code serve}) finds its
 * chunks: {@code --docs}, {@code --store}, {@code --collection}, {@code --embedder}, {@code --k},
 * {@code --language}.
 */
final class ReadOptions {

  static final String STORE =
      "a pgvector store (jdbc:postgresql://host:port/db?user=.. or postgresql://user@host/db)"
          + " instead of the in-memory one; ingest into it first with `citerag ingest`";
  static final String COLLECTION = "pgvector collection (default: ${DEFAULT-VALUE})";
  static final String EMBEDDER =
      "${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}: bge-small-en-v1.5 in-process,"
          + " offline; local: the lexical hashing embedder)";

  @Option(
      names = "--docs",
      paramLabel = "DIR",
      converter = OptionValues.ExistingPath.class,
      description =
          "answer from these Markdown/text/HTML/PDF files (recursive) instead of the bundled"
              + " sample corpus; front matter \"key: value\" is metadata")
  private @Nullable Path docs;

  @Option(
      names = "--store",
      paramLabel = "URL",
      converter = OptionValues.StoreUrl.class,
      description = STORE)
  private @Nullable String store;

  @Option(
      names = "--collection",
      paramLabel = "NAME",
      defaultValue = EngineOptions.DEFAULT_COLLECTION,
      converter = OptionValues.Collection.class,
      description = COLLECTION)
  private String collection = EngineOptions.DEFAULT_COLLECTION;

  @Option(
      names = "--embedder",
      paramLabel = "EMBEDDER",
      defaultValue = EngineOptions.DEFAULT_EMBEDDER,
      converter = OptionValues.Embedders.class,
      completionCandidates = OptionValues.Embedders.class,
      description = EMBEDDER)
  private String embedder = EngineOptions.DEFAULT_EMBEDDER;

  @Option(
      names = "--k",
      paramLabel = "N",
      converter = OptionValues.TopK.class,
      description = "chunks retrieved, 1 to 100 (default: 8)")
  private @Nullable Integer k;

  static final String LANGUAGE =
      "language of the full-text search: english (default) or a Snowball stemmer's language"
          + " (german, russian, french, ...); with --store it must be the collection's"
          + " text-search configuration";

  @Option(
      names = "--language",
      paramLabel = "NAME",
      converter = OptionValues.Languages.class,
      completionCandidates = OptionValues.Languages.class,
      description = LANGUAGE)
  private @Nullable String language;

  /**
   * The options an engine opens with; {@code answer} null for {@code search}, which takes neither
   * model nor gate options (the engine's defaults apply).
   */
  EngineOptions engineOptions(@Nullable AnswerOptions answer, boolean verbose) {
    return new EngineOptions(
        docs(),
        store(),
        collection,
        embedder,
        answer == null ? Optional.empty() : answer.model(),
        k(),
        answer == null ? OptionalDouble.empty() : answer.minSimilarity(),
        answer == null || answer.requireLexical(),
        answer == null ? Strictness.BALANCED : answer.strictness(),
        verbose,
        answer == null ? Optional.empty() : answer.judge(),
        Optional.ofNullable(language));
  }

  Optional<Path> docs() {
    return Optional.ofNullable(docs);
  }

  Optional<String> store() {
    return Optional.ofNullable(store);
  }

  String collection() {
    return collection;
  }

  String embedder() {
    return embedder;
  }

  OptionalInt k() {
    return k == null ? OptionalInt.empty() : OptionalInt.of(k);
  }
}
