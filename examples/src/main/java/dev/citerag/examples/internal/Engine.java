package dev.citerag.examples.internal;

import dev.citerag.IdentityMismatchException;
import dev.citerag.analysis.SnowballAnalyzer;
import dev.citerag.answer.CitationValidator;
import dev.citerag.answer.DefaultCitationValidator;
import dev.citerag.answer.TermEquivalence;
import dev.citerag.embed.Embedder;
import dev.citerag.embed.EmbedderIdentity;
import dev.citerag.extractive.ExtractiveGenerator;
import dev.citerag.ingest.Document;
import dev.citerag.ingest.IngestListener;
import dev.citerag.ingest.IngestReport;
import dev.citerag.ingest.Ingestor;
import dev.citerag.pgvector.CollectionNotFoundException;
import dev.citerag.pgvector.PgVectorStore;
import dev.citerag.pipeline.RagPipeline;
import dev.citerag.store.InMemoryVectorStore;
import dev.citerag.store.VectorStore;
import dev.citerag.text.TextAnalyzer;
import dev.citerag.verify.Lexicon;
import dev.citerag.verify.RuleSupportVerifier;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What one command runs on: the embedder, the store (in memory, filled with the sample corpus or
 * {@code --docs}; or pgvector), the ingestor and the pipeline. Closing it closes the store's
 * connections.
 */
public final class Engine implements AutoCloseable {

  /** A word's WordNet synonyms and derivations (citerag-verify's lexicon, loaded once). */
  public static java.util.Set<String> equivalents(String word) {
    java.util.Set<String> out = new java.util.HashSet<>(Lexicon.wordNet().synonyms(word));
    out.addAll(Lexicon.wordNet().derivations(word));
    return out;
  }

  /**
   * The validator of every command without {@code --judge}: core's citation checks with
   * citerag-verify's support rules ({@code eval --replay} re-validates with it).
   */
  public static CitationValidator rulesValidator() {
    return DefaultCitationValidator.withSupportVerifier(RuleSupportVerifier.builder().build());
  }

  /** Question coverage's term equivalence: WordNet's synonyms and derivations of a term. */
  public static TermEquivalence termEquivalence() {
    return Engine::equivalents;
  }

  /**
   * Gate 1 default for the local hashing embedder: the minimum best cosine below which the pipeline
   * abstains without calling the model.
   *
   * <p>Where it comes from: the testkit's gate-1 sweep ({@code EvaluationRunner}, thresholds 0.00
   * to 0.60 by 0.05) over its 65 golden cases, with this command line's offline setup ({@code
   * LocalHashingEmbedder} of 384 dimensions, {@code InMemoryVectorStore}, default chunker, the
   * sample corpus). The rule: the highest threshold that blocks no answerable case. Measured: 0.20
   * blocks 0 of 49 answerable and stops 5 of 16 unanswerable cases before the model; 0.25 would
   * already block 2 answerable ones. {@code GateThresholdTest} reruns the sweep and fails when this
   * constant no longer matches.
   */
  public static final double LOCAL_MIN_SIMILARITY = 0.20;

  /**
   * Gate 1 default for the ONNX embedder (bge-small-en-v1.5, quantised), the offline default.
   *
   * <p>Where it comes from: two sweeps of the best dense cosine per question, thresholds 0.00 to
   * 1.00 by 0.01, with this command line's offline setup. The rule: the highest threshold that
   * blocks no answerable golden case (65 cases over the sample corpus: 0.68, which stops 8 of 16
   * unanswerable ones) <em>and</em> at most 1 % of the answerable questions of SQuAD 2.0 dev
   * ({@code datasets/squad2-dev}, 1,665 answerable of 3,326: 0.54; 0.55 blocks more than 16). The
   * lower one wins: Wikipedia questions score lower than questions about a small team's runbooks,
   * and a gate must not silence answerable questions of another corpus. {@code GateThresholdTest}
   * reruns both sweeps and fails when this constant no longer matches.
   */
  public static final double ONNX_MIN_SIMILARITY = 0.54;

  private final Embedder embedder;
  private final VectorStore store;
  private final @Nullable AutoCloseable closeable;
  private final Ingestor ingestor;
  private final RagPipeline pipeline;
  private final Providers.ModelChoice model;
  private final String storeLabel;
  private final String corpusLabel;

  private Engine(
      Embedder embedder,
      VectorStore store,
      @Nullable AutoCloseable closeable,
      Ingestor ingestor,
      RagPipeline pipeline,
      Providers.ModelChoice model,
      String storeLabel,
      String corpusLabel) {
    this.embedder = embedder;
    this.store = store;
    this.closeable = closeable;
    this.ingestor = ingestor;
    this.pipeline = pipeline;
    this.model = model;
    this.storeLabel = storeLabel;
    this.corpusLabel = corpusLabel;
  }

  /** What a command needs from the engine. */
  public enum Mode {
    /**
     * Fill the store (see {@link #open}) and choose the model: {@code ask}, {@code eval}, {@code
     * serve}.
     */
    ANSWER,
    /** Fill the store; no model (the extractive generator stands in): {@code search}. */
    RETRIEVE,
    /** Neither fill the store nor choose a model: {@code ingest} brings its own documents. */
    INGEST
  }

  /**
   * Opens the engine for a command: builds the embedder and the store; unless {@code mode} is
   * {@link Mode#INGEST}, fills an in-memory store from {@code --docs} or the sample corpus (a
   * pgvector store only from {@code --docs}: use {@code ingest} to fill it); in {@link Mode#ANSWER}
   * chooses the model and prints the choice on {@code err}.
   */
  public static Engine open(EngineOptions o, Map<String, String> env, PrintStream err, Mode mode) {
    return open(o, env, err, mode, null);
  }

  /**
   * {@link #open(EngineOptions, Map, PrintStream, Mode)} with the in-memory store filled from
   * {@code documents} instead of {@code --docs} or the sample corpus (used by {@code eval DIR} on a
   * SQuAD-style directory); {@code documents} null means the usual choice.
   */
  public static Engine open(
      EngineOptions o,
      Map<String, String> env,
      PrintStream err,
      Mode mode,
      @Nullable List<Document> documents) {
    boolean chooseModel = mode == Mode.ANSWER;
    Optional<String> url = o.store();
    // a run that fills an in-memory store from a folder or the sample corpus keeps a persistent
    // index of its chunks and vectors; the in-process embedders are deterministic, so their input
    // alone decides it (a provider's model can change behind the same name). Only a jar pins the
    // code that chunked: run from classes folders (tests, an IDE) nothing is indexed.
    Optional<Path> indexDir =
        url.isEmpty()
                && mode != Mode.INGEST
                && documents == null
                && INDEXED.contains(o.embedder())
                && DocsIndex.runningFromJar()
            ? EmbeddingCache.directory(env)
            : Optional.empty();
    Embedder embedder =
        indexDir.isPresent() && "onnx".equals(o.embedder())
            ? LazyEmbedder.of("onnx", Providers::onnx, indexDir.get())
            : Providers.embedder(o.embedder(), env);
    int dims = embedder.identity().dimensions();
    VectorStore store;
    AutoCloseable closeable = null;
    String storeLabel;
    if (url.isEmpty() && mode != Mode.INGEST && "onnx".equals(o.embedder())) {
      // an in-memory store is filled on every run: keep the in-process model's vectors of
      // unchanged chunks on disk (a provider's vectors are not cached: its identity names no
      // digest of the weights, so a silent model update would go unnoticed)
      EmbedderIdentity id = embedder.identity();
      EmbeddingCache cache =
          EmbeddingCache.directory(env)
              .map(dir -> EmbeddingCache.open(dir, id))
              .orElseGet(() -> EmbeddingCache.inMemory(id));
      embedder = CachingEmbedder.wrap(embedder, cache);
    }
    if (url.isPresent()) {
      // Only a command that writes may create the collection: a reading command (ask, search,
      // eval, serve without --docs) with a mistyped --collection must fail, not create empty
      // tables.
      boolean writes = mode == Mode.INGEST || o.docs().isPresent();
      PgVectorStore pg;
      try {
        PgVectorStore.Builder b =
            PgVectorStore.builder()
                .jdbcUrl(url.get())
                .collection(o.collection())
                .dimensions(dims)
                .createSchema(writes);
        o.language().ifPresent(b::textSearchConfig);
        pg = b.build();
      } catch (CollectionNotFoundException missing) {
        // a writing command built the store with createSchema(true), which never throws this
        throw new IllegalArgumentException(
            "option --collection: no collection \""
                + o.collection()
                + "\" to read in that database ("
                + missing.getMessage()
                + "); create it with"
                + " `citerag ingest --store URL --collection "
                + o.collection()
                + " DIR`",
            missing);
      }
      store = pg;
      closeable = pg;
      storeLabel = "pgvector collection \"" + o.collection() + "\"";
    } else {
      store = new InMemoryVectorStore(dims, analyzer(o.language()));
      storeLabel = "in-memory store";
    }
    try {
      Ingestor ingestor = Ingestor.builder().embedder(embedder).store(store).build();
      String corpusLabel;
      Optional<Path> docs = o.docs();
      if (mode == Mode.INGEST) {
        corpusLabel = "";
      } else if (documents != null && url.isEmpty()) {
        ingestor.ingest(documents, IngestListener.NONE);
        corpusLabel = documents.size() + " documents of the evaluation set";
      } else if (docs.isPresent()) {
        Path folder = docs.get();
        boolean verbose = o.verbose();
        int n =
            fillMemory(
                store,
                embedder,
                ingestor,
                indexDir,
                () -> "docs " + DocsIndex.fingerprint(folder) + " verbose=" + verbose,
                notes -> {
                  List<Document> loaded = DocsFolder.load(List.of(folder), notes, verbose);
                  if (loaded.isEmpty()) {
                    notes.forEach(err::println);
                    throw new IllegalArgumentException(
                        "option --docs: "
                            + folder
                            + " holds no "
                            + DocsFolder.TYPES
                            + " file that could be loaded");
                  }
                  return loaded;
                },
                err);
        corpusLabel = n + " documents from " + folder;
      } else if (url.isEmpty()) {
        int n =
            fillMemory(
                store,
                embedder,
                ingestor,
                indexDir,
                () -> "sample corpus",
                notes -> SampleCorpus.documents(),
                err);
        corpusLabel = "the sample corpus (" + n + " documents)";
      } else {
        corpusLabel = "the documents ingested into " + storeLabel;
        if (store.chunkCount() == 0) {
          err.println(
              "citerag: " + storeLabel + " is empty: run `citerag ingest --store ...` first");
        }
      }
      Providers.ModelChoice model =
          chooseModel
              ? Providers.chooseModel(o.model(), env)
              : new Providers.ModelChoice(
                  "extractive", null, mode == Mode.RETRIEVE ? "retrieval only" : "ingest only");
      // a model that answers is worth a line; the model-free default is said only with --verbose
      // (the answer's footer names it anyway)
      if (chooseModel && (model.chatModel() != null || o.verbose())) {
        err.println("citerag: model " + model.label() + " (" + model.why() + ")");
      }
      RagPipeline.Builder pb =
          RagPipeline.builder()
              .embedder(embedder)
              .store(store)
              .requireLexicalMatch(o.requireLexical())
              .minSimilarity(o.minSimilarity().orElse(defaultMinSimilarity(o.embedder())))
              // support checked by citerag-verify's rules (lexical knowledge), not core's overlap
              .validator(rulesValidator())
              // question coverage accepts WordNet's synonyms and derivations of a question term
              .termEquivalence(termEquivalence());
      o.k().ifPresent(pb::topK);
      if (chooseModel && o.judge().isPresent()) {
        pb.validator(
            DefaultCitationValidator.withSupportVerifier(
                Providers.judge(o.judge().get(), model.chatModel(), env)));
        err.println(
            "citerag: judge "
                + o.judge().get()
                + " (rules first; the judge decides the claims they find too little in)");
      }
      if (model.chatModel() != null) {
        pb.generator(model.generator());
      } else {
        pb.generator(
            ExtractiveGenerator.builder()
                .strictness(o.strictness())
                .termEquivalence(Engine::equivalents)
                .antonyms(w -> Lexicon.wordNet().antonyms(w))
                .build());
      }
      RagPipeline pipeline;
      try {
        pipeline = pb.build();
      } catch (IdentityMismatchException e) {
        // name the collection: the library's message knows the store only as a store
        throw new IdentityMismatchException(storeLabel + ": " + e.getMessage());
      }
      return new Engine(
          embedder, store, closeable, ingestor, pipeline, model, storeLabel, corpusLabel);
    } catch (RuntimeException e) {
      closeQuietly(closeable, e);
      throw e;
    }
  }

  /** The embedders whose runs keep a persistent index ({@link DocsIndex}). */
  private static final java.util.Set<String> INDEXED = java.util.Set.of("onnx", "local");

  /** Reads what a fill needs to know about its input; may fail with an I/O error. */
  interface Fingerprint {
    String get() throws java.io.IOException;
  }

  /** Loads documents, adding messages about skipped files to the list it is given. */
  interface Load {
    List<Document> load(List<String> notes);
  }

  /**
   * Fills an in-memory store: from the persistent index when {@code indexDir} holds one for this
   * input and identity (nothing parsed, chunked or embedded), else by loading and ingesting, then
   * saving the index. Prints the loader's notes either way.
   *
   * @return the number of documents in the store
   */
  /** The in-memory store's analyser for {@code --language} (english when absent). */
  static TextAnalyzer analyzer(Optional<String> language) {
    return language.isEmpty() || language.get().equals("english")
        ? TextAnalyzer.english()
        : SnowballAnalyzer.of(language.get());
  }

  static int fillMemory(
      VectorStore store,
      Embedder embedder,
      Ingestor ingestor,
      Optional<Path> indexDir,
      Fingerprint fingerprint,
      Load load,
      PrintStream err) {
    String input = null;
    if (indexDir.isPresent()) {
      try {
        input = fingerprint.get();
      } catch (java.io.IOException | RuntimeException e) {
        input = null; // unreadable input: the loader reports it below
      }
    }
    if (input == null) {
      List<String> notes = new java.util.ArrayList<>();
      List<Document> loaded = load.load(notes);
      notes.forEach(err::println);
      ingestor.ingest(loaded, IngestListener.NONE);
      return loaded.size();
    }
    // the store re-analyses what it reads back, but an index is never shared across languages
    String language = store.textLanguage().orElse("english");
    DocsIndex index =
        DocsIndex.of(indexDir.get(), input + "\nlanguage=" + language, ingestor.identity());
    Optional<DocsIndex.Snapshot> saved = index.read();
    if (saved.isPresent()) {
      saved.get().notes().forEach(err::println);
      store.ensureIdentity(ingestor.identity());
      store.write(saved.get().documents());
      return saved.get().documents().size();
    }
    List<String> notes = new java.util.ArrayList<>();
    List<Document> loaded = load.load(notes);
    notes.forEach(err::println);
    RecordingStore recording = new RecordingStore(store);
    Ingestor.builder()
        .embedder(embedder)
        .store(recording)
        .build()
        .ingest(loaded, IngestListener.NONE);
    index.write(new DocsIndex.Snapshot(recording.written(), notes));
    return loaded.size();
  }

  /**
   * The cosine gate's default: {@link #ONNX_MIN_SIMILARITY} for the ONNX embedder, {@link
   * #LOCAL_MIN_SIMILARITY} for the local one; off (0) for provider embedders, whose cosine scale
   * differs per model (measure it with {@code citerag eval} and pass {@code --min-similarity}).
   */
  public static double defaultMinSimilarity(String embedderKind) {
    return switch (embedderKind) {
      case "onnx" -> ONNX_MIN_SIMILARITY;
      case "local" -> LOCAL_MIN_SIMILARITY;
      default -> 0.0;
    };
  }

  /**
   * How long an ingest into a PostgreSQL collection waits for another ingest of the same collection
   * (from this or another process) before it fails naming it.
   */
  public static final Duration INGEST_LOCK_WAIT = Duration.ofMinutes(10);

  /**
   * Ingests documents and removes the stored ones that are not among them. On PostgreSQL, ingests
   * of one collection run one at a time ({@link PgVectorStore#lockIngest}): two at once would each
   * remove what the other wrote.
   */
  public IngestReport sync(List<Document> documents, IngestListener listener) {
    PgVectorStore.IngestLock lock = lockIngest();
    try {
      return ingestor.sync(documents, listener);
    } finally {
      lock.close();
    }
  }

  /** Ingests documents into the store (one ingest of a PostgreSQL collection at a time). */
  public IngestReport ingest(List<Document> documents, IngestListener listener) {
    PgVectorStore.IngestLock lock = lockIngest();
    try {
      return ingestor.ingest(documents, listener);
    } finally {
      lock.close();
    }
  }

  private PgVectorStore.IngestLock lockIngest() {
    return store instanceof PgVectorStore pg ? pg.lockIngest(INGEST_LOCK_WAIT) : () -> {};
  }

  public Ingestor ingestor() {
    return ingestor;
  }

  public RagPipeline pipeline() {
    return pipeline;
  }

  public VectorStore store() {
    return store;
  }

  public Embedder embedder() {
    return embedder;
  }

  public Providers.ModelChoice model() {
    return model;
  }

  /** e.g. {@code pgvector collection "citerag"}. */
  public String storeLabel() {
    return storeLabel;
  }

  /** What the store was filled from, for people. */
  public String corpusLabel() {
    return corpusLabel;
  }

  @Override
  public void close() {
    if (closeable != null) {
      try {
        closeable.close();
      } catch (Exception e) {
        throw new IllegalStateException("closing the store failed: " + e.getMessage(), e);
      }
    }
  }

  private static void closeQuietly(@Nullable AutoCloseable c, RuntimeException primary) {
    if (c != null) {
      try {
        c.close();
      } catch (Exception e) {
        primary.addSuppressed(e);
      }
    }
  }
}
