package dev.citerag.examples.internal;

import dev.citerag.extractive.ExtractiveGenerator.Strictness;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * What {@link Engine#open} reads from a command line: the checked values of the options that choose
 * the documents, the store, the embedder, the model and the gates. The command line (picocli, in
 * {@code dev.citerag.examples.cli}) has checked every value; this record only carries them.
 *
 * @param docs {@code --docs DIR}: answer from these files instead of the sample corpus
 * @param store {@code --store URL}: a pgvector store instead of the in-memory one
 * @param collection {@code --collection NAME}; default {@value #DEFAULT_COLLECTION}
 * @param embedder {@code --embedder}: {@code onnx}, {@code local}, {@code gemini}, {@code ollama}
 *     or {@code openai}
 * @param model {@code --model}; empty for the automatic choice
 * @param k {@code --k N}; empty for the pipeline's default
 * @param minSimilarity {@code --min-similarity X}; empty for the embedder's default
 * @param requireLexical {@code --require-lexical}
 * @param strictness {@code --strictness} of the extractive generator
 * @param verbose {@code --verbose}: name skipped files in full
 * @param judge {@code --judge}: {@code same}, {@code ollama:MODEL}, {@code openai:MODEL} or {@code
 *     gemini:MODEL}; empty for the rules alone
 * @param language {@code --language}: the full-text language; empty for english (the in-memory
 *     store) or the pgvector store's default configuration
 */
public record EngineOptions(
    Optional<Path> docs,
    Optional<String> store,
    String collection,
    String embedder,
    Optional<String> model,
    OptionalInt k,
    OptionalDouble minSimilarity,
    boolean requireLexical,
    Strictness strictness,
    boolean verbose,
    Optional<String> judge,
    Optional<String> language) {

  /** Default pgvector collection (table prefix). */
  public static final String DEFAULT_COLLECTION = "citerag";

  /** Default embedder: bge-small-en-v1.5 in-process. */
  public static final String DEFAULT_EMBEDDER = "onnx";

  /** These options with {@code language} instead. */
  public EngineOptions withLanguage(Optional<String> language) {
    return new EngineOptions(
        docs,
        store,
        collection,
        embedder,
        model,
        k,
        minSimilarity,
        requireLexical,
        strictness,
        verbose,
        judge,
        language);
  }

  /** The options of {@code ingest}, which reads no documents option and chooses no model. */
  public static EngineOptions forIngest(
      String store, String collection, String embedder, boolean verbose) {
    return new EngineOptions(
        Optional.empty(),
        Optional.of(store),
        collection,
        embedder,
        Optional.empty(),
        OptionalInt.empty(),
        OptionalDouble.empty(),
        true,
        Strictness.BALANCED,
        verbose,
        Optional.empty(),
        Optional.empty());
  }
}
