package dev.citerag.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.CiteragException;
import dev.citerag.ProviderException;
import dev.citerag.TransientProviderException;
import dev.citerag.answer.AnswerStatus;
import dev.citerag.answer.Citation;
import dev.citerag.answer.Claim;
import dev.citerag.answer.DefaultCitationValidator;
import dev.citerag.answer.ModelAnswer;
import dev.citerag.answer.SentSource;
import dev.citerag.answer.internal.AnswerParser;
import dev.citerag.answer.internal.AnswerSchema;
import dev.citerag.chat.ChatModel;
import dev.citerag.chat.ChatRequest;
import dev.citerag.chat.ChatResponse;
import dev.citerag.chat.FinishReason;
import dev.citerag.chat.TokenUsage;
import dev.citerag.context.JsonContextBuilder;
import dev.citerag.embed.DocumentText;
import dev.citerag.embed.Embedder;
import dev.citerag.embed.LocalHashingEmbedder;
import dev.citerag.gemini.GeminiChatModel;
import dev.citerag.gemini.GeminiEmbedder;
import dev.citerag.ingest.ChunkerSettings;
import dev.citerag.ingest.Document;
import dev.citerag.ingest.DocumentFormat;
import dev.citerag.ingest.Ingestor;
import dev.citerag.ingest.MarkdownChunker;
import dev.citerag.ollama.OllamaChatModel;
import dev.citerag.ollama.OllamaEmbedder;
import dev.citerag.pgvector.PgVectorStore;
import dev.citerag.pipeline.AnswerGenerator;
import dev.citerag.pipeline.RagPipeline;
import dev.citerag.pipeline.RagResult;
import dev.citerag.provider.RetryPolicy;
import dev.citerag.reliability.support.Figures;
import dev.citerag.reliability.support.Stack;
import dev.citerag.store.Chunk;
import dev.citerag.store.CollectionIdentity;
import dev.citerag.store.DocumentChunks;
import dev.citerag.store.EmbeddedChunk;
import dev.citerag.store.Filter;
import dev.citerag.store.InMemoryVectorStore;
import dev.citerag.store.MetadataValue;
import dev.citerag.store.SearchHit;
import dev.citerag.store.VectorStore;
import dev.citerag.testkit.fakes.SentSources;
import dev.citerag.testkit.golden.GoldenCorpus;
import dev.citerag.testkit.postgres.PostgresTest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * 20,000 seeded hostile inputs across the public API: the pipeline ({@code ask}, {@code retrieve}
 * and its builder), filters, documents and the chunker, the ingestor, both stores (searches,
 * writes, identity), the adapters' builders, the answer parser, the validator, the context builder
 * and the embedder. Blank, huge, control characters, unpaired surrogates, NaN and infinite vectors,
 * wrong dimensions, identifiers and filter values full of SQL, quotes and backslashes, {@code k}
 * out of range. Every input must end in a result or in a documented exception ({@link
 * IllegalArgumentException}, {@link IllegalStateException}, a {@link CiteragException}); anything
 * else is a crash. Input {@code i} is generated from {@code new Random(SEED + i)}, so a crash
 * report names the seed that reproduces it.
 */
@PostgresTest
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class BadInputFuzzTest {

  static final long SEED = 20_261_129L;
  static final int INPUTS = 20_000;

  @FunctionalInterface
  interface Target {
    void run(Random r, List<Object> input) throws Exception;
  }

  record Named(String name, int weight, Target target) {}

  /** An in-process model that quotes the first source it was shown (or abstains). */
  static final ChatModel ECHO =
      new ChatModel() {
        @Override
        public ChatResponse chat(ChatRequest request) {
          SentSources sent = SentSources.parse(request.userContent());
          String text = "{\"status\":\"not_in_sources\",\"answer\":\"\",\"claims\":[]}";
          if (!sent.isEmpty()) {
            try {
              String q = HostileReplies.window(sent.all().get(0).text(), 4, 0);
              text =
                  HostileReplies.answered(
                          q,
                          HostileReplies.claim(q, HostileReplies.cite(sent.all().get(0).id(), q)))
                      .toString();
            } catch (IllegalStateException noWindow) {
              // keep the abstention
            }
          }
          return new ChatResponse(
              text, FinishReason.STOP, "stop", TokenUsage.of(10, 10, 0), "echo", null);
        }

        @Override
        public String name() {
          return "echo";
        }
      };

  /** A model whose every call fails transiently. */
  static final ChatModel FAILING =
      new ChatModel() {
        @Override
        public ChatResponse chat(ChatRequest request) {
          throw new TransientProviderException(
              "fuzz",
              ProviderException.Kind.UNAVAILABLE,
              503,
              "UNAVAILABLE",
              "always down",
              null,
              null);
        }

        @Override
        public String name() {
          return "failing";
        }
      };

  @Test
  void twenty_thousand_hostile_inputs_end_in_a_result_or_a_documented_exception(DataSource db) {
    Embedder embedder = Stack.embedder();
    int dims = embedder.identity().dimensions();
    List<Document> golden = GoldenCorpus.load();
    InMemoryVectorStore memory = Stack.goldenInMemory(embedder);
    InMemoryVectorStore[] scratch = {new InMemoryVectorStore(dims)};
    try (PgVectorStore pg =
            PgVectorStore.builder().dataSource(db).collection("fuzz").dimensions(dims).build();
        PgVectorStore pgScratch =
            PgVectorStore.builder()
                .dataSource(db)
                .collection("fuzz_scratch")
                .dimensions(dims)
                .build()) {
      Stack.ingest(embedder, pg, golden);
      RagPipeline memRag = Stack.pipeline(embedder, memory, ECHO).build();
      RagPipeline pgRag = Stack.pipeline(embedder, pg, ECHO).build();
      List<String> questions =
          List.of(
              "How do I roll back a deploy?",
              "How much is the on-call allowance per week?",
              "What is the rate limit for the public API?");
      List<Chunk> goldenChunks = Stack.chunks(golden);

      List<Named> targets = new ArrayList<>();
      targets.add(
          new Named(
              "ask (in-memory)",
              18,
              (r, in) -> {
                String q = question(r, questions);
                Filter f = safeFilter(r);
                in.add(q);
                in.add(f);
                checkResult(memRag.ask(q, f));
              }));
      targets.add(
          new Named(
              "ask (pgvector)",
              4,
              (r, in) -> {
                String q = question(r, questions);
                Filter f = safeFilter(r);
                in.add(q);
                in.add(f);
                checkResult(pgRag.ask(q, f));
              }));
      targets.add(
          new Named(
              "retrieve (in-memory)",
              4,
              (r, in) -> {
                String q = question(r, questions);
                Filter f = safeFilter(r);
                in.add(q);
                in.add(f);
                memRag.retrieve(q, f);
              }));
      targets.add(
          new Named(
              "Filter",
              8,
              (r, in) -> {
                Filter f = Junk.filter(r, 0);
                in.add(f);
                Map<String, String> m = Junk.metadata(r);
                in.add(m);
                f.test(MetadataValue.strings(m));
                f.toString();
              }));
      targets.add(
          new Named(
              "Document + chunker + ingest",
              8,
              (r, in) -> {
                Document d =
                    new Document(
                        Junk.textOrNull(r),
                        Junk.textOrNull(r),
                        r.nextBoolean() ? null : Junk.text(r),
                        Junk.markdown(r),
                        r.nextBoolean() ? DocumentFormat.MARKDOWN : DocumentFormat.TEXT,
                        MetadataValue.strings(Junk.metadata(r)));
                in.add(d.id());
                in.add(d.content());
                MarkdownChunker chunker =
                    r.nextInt(4) == 0
                        ? new MarkdownChunker(
                            new ChunkerSettings(Junk.anInt(r), Junk.anInt(r), r.nextBoolean()))
                        : new MarkdownChunker();
                List<Chunk> cs = chunker.chunk(d);
                if (r.nextInt(3) == 0) {
                  if (scratch[0].chunkCount() > 5_000) {
                    scratch[0] = new InMemoryVectorStore(dims);
                  }
                  Ingestor.builder()
                      .embedder(embedder)
                      .store(scratch[0])
                      .chunker(chunker)
                      .build()
                      .ingest(List.of(d));
                }
                for (Chunk c : cs) {
                  assertThat(c.text()).isNotBlank();
                }
              }));
      targets.add(
          new Named(
              "ingest (pgvector)",
              2,
              (r, in) -> {
                Document d =
                    new Document(
                        "doc-" + Junk.text(r),
                        "s",
                        Junk.text(r),
                        Junk.markdown(r),
                        DocumentFormat.MARKDOWN,
                        MetadataValue.strings(Junk.metadata(r)));
                in.add(d.id());
                in.add(d.content());
                Ingestor.builder().embedder(embedder).store(pgScratch).build().ingest(List.of(d));
              }));
      for (Object[] s : new Object[][] {{"in-memory", memory, 10}, {"pgvector", pg, 5}}) {
        VectorStore store = (VectorStore) s[1];
        targets.add(
            new Named(
                "searches (" + s[0] + ")",
                (Integer) s[2],
                (r, in) -> {
                  float[] v = Junk.vector(r, dims);
                  int k = Junk.anInt(r);
                  String text = Junk.textOrNull(r);
                  Filter f = safeFilter(r);
                  in.add(v);
                  in.add(k);
                  in.add(text);
                  in.add(f);
                  List<SearchHit> hits =
                      switch (r.nextInt(4)) {
                        case 0 -> store.denseSearch(v, k, f);
                        case 1 -> store.lexicalSearch(text, k, f);
                        case 2 -> store.hybridSearch(v, text, k, f);
                        // junk vector, known text: the cosines of lexical-only hits
                        default -> store.hybridSearch(v, "deploy rollback", 5, Filter.ALL);
                      };
                  assertThat(hits.size()).isLessThanOrEqualTo(Math.max(k, 5));
                }));
      }
      for (Object[] s : new Object[][] {{"in-memory", scratch, 5}, {"pgvector", pgScratch, 3}}) {
        targets.add(
            new Named(
                "writes (" + s[0] + ")",
                (Integer) s[2],
                (r, in) -> {
                  VectorStore store =
                      s[1] instanceof InMemoryVectorStore[] a ? a[0] : (VectorStore) s[1];
                  switch (r.nextInt(4)) {
                    case 0 -> {
                      String id = Junk.textOrNull(r);
                      in.add(id);
                      store.deleteDocument(id);
                    }
                    case 1 -> {
                      List<String> ids = Junk.strings(r);
                      in.add(ids);
                      store.documentHashes(ids);
                    }
                    case 2 -> {
                      CollectionIdentity ci =
                          new CollectionIdentity(
                              Junk.text(r),
                              Junk.text(r),
                              Junk.textOrNull(r),
                              r.nextBoolean() ? dims : Junk.anInt(r),
                              Junk.textOrNull(r),
                              Junk.text(r));
                      in.add(ci);
                      store.ensureIdentity(ci);
                    }
                    default -> {
                      String docId = r.nextInt(10) == 0 ? Junk.text(r) : "w-" + r.nextInt(50);
                      List<EmbeddedChunk> chunks = new ArrayList<>();
                      int n = r.nextInt(4);
                      for (int i = 0; i < n; i++) {
                        Chunk c =
                            new Chunk(
                                r.nextInt(10) == 0 ? Junk.text(r) : docId + "#" + r.nextInt(8),
                                r.nextInt(10) == 0 ? Junk.text(r) : docId,
                                Junk.text(r),
                                Junk.textOrNull(r),
                                Junk.strings(r),
                                r.nextInt(10) == 0 ? Junk.anInt(r) : null,
                                Junk.text(r),
                                Junk.anInt(r),
                                Junk.text(r),
                                MetadataValue.strings(Junk.metadata(r)));
                        chunks.add(new EmbeddedChunk(c, Junk.vector(r, dims)));
                      }
                      DocumentChunks dc = new DocumentChunks(docId, Junk.text(r), chunks);
                      in.add(dc.docId());
                      in.add(chunks.size() + " chunks");
                      store.write(List.of(dc));
                    }
                  }
                }));
      }
      targets.add(
          new Named(
              "RagPipeline.builder + ask",
              5,
              (r, in) -> {
                RagPipeline.Builder b =
                    RagPipeline.builder()
                        .embedder(embedder)
                        .store(memory)
                        .generator(AnswerGenerator.of(r.nextBoolean() ? ECHO : FAILING));
                int topK = Junk.anInt(r);
                int budget = Junk.anInt(r);
                int retries = Junk.anInt(r);
                double min = Junk.aDouble(r);
                int maxOut = Junk.anInt(r);
                int maxQ = Junk.anInt(r);
                Duration deadline = Junk.duration(r);
                in.add(
                    "topK="
                        + topK
                        + " budget="
                        + budget
                        + " retries="
                        + retries
                        + " min="
                        + min
                        + " maxOut="
                        + maxOut
                        + " maxQ="
                        + maxQ
                        + " deadline="
                        + deadline);
                switch (r.nextInt(8)) {
                  case 0 -> b.topK(topK);
                  case 1 -> b.tokenBudget(budget);
                  case 2 -> b.maxRetries(retries);
                  case 3 -> b.minSimilarity(min);
                  case 4 -> b.generator(AnswerGenerator.of(ECHO, maxOut));
                  case 5 -> b.maxQuestionChars(maxQ);
                  default -> b.deadline(deadline);
                }
                checkResult(b.build().ask(questions.get(r.nextInt(questions.size()))));
              }));
      targets.add(
          new Named(
              "adapter builders",
              6,
              (r, in) -> {
                Map<String, String> env = new HashMap<>();
                for (String name :
                    List.of(
                        "GEMINI_API_KEY",
                        "GOOGLE_API_KEY",
                        "GEMINI_BASE_URL",
                        "OLLAMA_HOST",
                        "OLLAMA_MODEL",
                        "OLLAMA_EMBED_MODEL")) {
                  if (r.nextInt(3) == 0) {
                    env.put(name, Junk.text(r));
                  }
                }
                String s = Junk.textOrNull(r);
                Duration d = Junk.duration(r);
                in.add(env);
                in.add(s);
                in.add(d);
                switch (r.nextInt(4)) {
                  case 0 -> {
                    GeminiChatModel.Builder b = GeminiChatModel.builder().environment(env);
                    switch (r.nextInt(8)) {
                      case 0 -> b.apiKey(s);
                      case 1 -> b.baseUrl(s);
                      case 2 -> b.model(s);
                      case 3 -> b.readTimeout(d).connectTimeout(Junk.duration(r));
                      case 4 -> b.temperature(Junk.aDouble(r));
                      case 5 -> b.thinkingBudget(Junk.anInt(r)).maxOutputTokens(Junk.anInt(r));
                      case 6 -> b.callTimeout(d);
                      default -> b.retryPolicy(RetryPolicy.NONE);
                    }
                    b.build().toString();
                  }
                  case 1 -> {
                    GeminiEmbedder.Builder b = GeminiEmbedder.builder().environment(env);
                    switch (r.nextInt(4)) {
                      case 0 -> b.apiKey(s);
                      case 1 -> b.outputDimensionality(Junk.anInt(r));
                      case 2 -> b.model(s);
                      default -> b.callTimeout(d);
                    }
                    b.build().toString();
                  }
                  case 2 -> {
                    OllamaChatModel.Builder b = OllamaChatModel.builder().environment(env);
                    switch (r.nextInt(8)) {
                      case 0 -> b.baseUrl(s);
                      case 1 -> b.model(s);
                      case 2 -> b.keepAlive(s);
                      case 3 -> b.keepAlive(d);
                      case 4 -> b.numCtx(Junk.anInt(r)).temperature(Junk.aDouble(r));
                      case 5 -> b.thinkLevel(s);
                      case 6 -> b.readTimeout(d).firstCallTimeout(Junk.duration(r));
                      default -> b.connectTimeout(d);
                    }
                    b.build().toString();
                  }
                  default -> {
                    OllamaEmbedder.Builder b = OllamaEmbedder.builder().environment(env);
                    switch (r.nextInt(5)) {
                      case 0 -> b.baseUrl(s);
                      case 1 -> b.model(s);
                      case 2 -> b.batchSize(Junk.anInt(r)).dimensions(Junk.anInt(r));
                      case 3 -> b.queryPrefix(s).documentPrefix(Junk.text(r));
                      default -> b.readTimeout(d);
                    }
                    b.build().toString();
                  }
                }
              }));
      targets.add(
          new Named(
              "PgVectorStore.builder",
              2,
              (r, in) -> {
                String[] names = {
                  "fuzz",
                  "fuzz_b",
                  "Fuzz",
                  "fuzz;drop table x",
                  "fuzz\"",
                  "fuzz'--",
                  "",
                  "pg_catalog",
                  "a".repeat(49),
                  "_x",
                  "1x",
                  "public.fuzz",
                  "fuzz\u0000"
                };
                PgVectorStore.Builder b = PgVectorStore.builder().dataSource(db);
                String collection =
                    r.nextInt(3) == 0 ? Junk.text(r) : names[r.nextInt(names.length)];
                in.add(collection);
                b.collection(collection);
                switch (r.nextInt(6)) {
                  case 0 ->
                      b.schema(r.nextBoolean() ? Junk.text(r) : names[r.nextInt(names.length)]);
                  case 1 ->
                      b.textSearchConfig(
                          r.nextBoolean() ? Junk.text(r) : names[r.nextInt(names.length)]);
                  case 2 -> b.efSearch(Junk.anInt(r));
                  case 3 -> b.hnswM(Junk.anInt(r)).hnswEfConstruction(Junk.anInt(r));
                  case 4 -> b.jdbcUrl(Junk.text(r));
                  default -> {}
                }
                b.dimensions(r.nextInt(4) == 0 ? Junk.anInt(r) : dims);
                try (PgVectorStore s = b.build()) {
                  s.chunkCount();
                }
              }));
      targets.add(
          new Named(
              "AnswerParser",
              6,
              (r, in) -> {
                String reply = r.nextBoolean() ? Junk.text(r) : mutate(r, validReply(r));
                in.add(reply);
                AnswerParser.parse(reply);
              }));
      targets.add(
          new Named(
              "DefaultCitationValidator",
              5,
              (r, in) -> {
                List<SentSource> sent = new ArrayList<>();
                for (int i = 0; i < r.nextInt(4); i++) {
                  Chunk c = goldenChunks.get(r.nextInt(goldenChunks.size()));
                  sent.add(
                      new SentSource(
                          r.nextInt(10) == 0 ? Junk.text(r) : Stack.labelOf(c),
                          new SearchHit(c, 0.5, 1, null, 0, 0.1)));
                }
                List<Claim> claims = new ArrayList<>();
                for (int i = 0; i < r.nextInt(4); i++) {
                  List<Citation> cs = new ArrayList<>();
                  for (int j = 0; j < r.nextInt(4); j++) {
                    String id =
                        !sent.isEmpty() && r.nextBoolean()
                            ? sent.get(r.nextInt(sent.size())).sourceId()
                            : Junk.text(r);
                    cs.add(
                        new Citation(
                            id,
                            r.nextBoolean() || sent.isEmpty()
                                ? Junk.text(r)
                                : HostileReplies.abbreviate(sent.get(0).chunk().text())));
                  }
                  claims.add(new Claim(Junk.text(r), cs));
                }
                ModelAnswer a =
                    new ModelAnswer(
                        r.nextBoolean() ? AnswerStatus.ANSWERED : AnswerStatus.NOT_IN_SOURCES,
                        Junk.text(r),
                        claims);
                in.add(a);
                DefaultCitationValidator v =
                    r.nextInt(5) == 0
                        ? new DefaultCitationValidator(Junk.anInt(r), Junk.anInt(r))
                        : new DefaultCitationValidator();
                double score = v.validate(a, sent).groundingScore();
                assertThat(score).isBetween(0.0, 1.0);
              }));
      targets.add(
          new Named(
              "LocalHashingEmbedder",
              3,
              (r, in) -> {
                String t = Junk.text(r);
                in.add(t);
                LocalHashingEmbedder e =
                    r.nextInt(5) == 0
                        ? new LocalHashingEmbedder(Junk.anInt(r))
                        : new LocalHashingEmbedder();
                float[] v =
                    r.nextBoolean()
                        ? e.embedQuery(t)
                        : e.embedDocuments(List.of(new DocumentText(t, Junk.textOrNull(r)))).get(0);
                for (float x : v) {
                  assertThat(Float.isFinite(x)).isTrue();
                }
              }));
      targets.add(
          new Named(
              "JsonContextBuilder",
              3,
              (r, in) -> {
                List<SearchHit> hits = new ArrayList<>();
                for (int i = 0; i < r.nextInt(20); i++) {
                  hits.add(
                      new SearchHit(
                          goldenChunks.get(r.nextInt(goldenChunks.size())),
                          Junk.aDouble(r) > 0 ? 0.5 : null,
                          null,
                          1 + r.nextInt(5),
                          0,
                          0.01));
                }
                String q = Junk.text(r);
                in.add(q);
                new JsonContextBuilder(r.nextBoolean() ? Junk.anInt(r) : 3000).build(q, hits);
              }));
      targets.add(
          new Named(
              "values (RetryPolicy, ChatRequest, TokenUsage, ChunkerSettings)",
              3,
              (r, in) -> {
                switch (r.nextInt(4)) {
                  case 0 ->
                      new RetryPolicy(
                              Junk.anInt(r),
                              Junk.duration(r),
                              Junk.duration(r),
                              Junk.aDouble(r),
                              Junk.aDouble(r),
                              Junk.duration(r))
                          .backoffAfter(Junk.anInt(r));
                  case 1 ->
                      new ChatRequest(
                          Junk.text(r),
                          Junk.text(r),
                          AnswerSchema.responseSchema(),
                          Junk.aDouble(r),
                          Junk.anInt(r),
                          Junk.duration(r));
                  case 2 ->
                      TokenUsage.of(Junk.anInt(r), Junk.anInt(r), Junk.anInt(r))
                          .plus(TokenUsage.of(Junk.anInt(r), 0, 0));
                  default ->
                      new ChunkerSettings(Junk.anInt(r), Junk.anInt(r), r.nextBoolean()).describe();
                }
              }));

      int totalWeight = targets.stream().mapToInt(Named::weight).sum();
      Map<String, int[]> counts = new LinkedHashMap<>();
      Map<String, List<String>> crashes = new TreeMap<>();
      Map<String, Map<String, Integer>> documented = new TreeMap<>();
      int crashCount = 0;
      long t0 = System.nanoTime();
      for (int i = 0; i < INPUTS; i++) {
        Random r = new Random(SEED + i);
        int pick = r.nextInt(totalWeight);
        Named t = targets.get(0);
        for (Named n : targets) {
          if (pick < n.weight()) {
            t = n;
            break;
          }
          pick -= n.weight();
        }
        int[] c = counts.computeIfAbsent(t.name(), k -> new int[3]);
        List<Object> input = new ArrayList<>();
        try {
          t.target().run(r, input);
          c[0]++;
        } catch (IllegalArgumentException | IllegalStateException | CiteragException e) {
          c[1]++;
          String msg = e.getMessage() == null ? "" : e.getMessage();
          String shape =
              e.getClass().getSimpleName()
                  + ": "
                  + msg.substring(0, Math.min(70, msg.length()))
                      .replaceAll("\"[^\"]*\"?", "\"…\"")
                      .replaceAll("\\d+", "N");
          documented
              .computeIfAbsent(t.name(), k -> new HashMap<>())
              .merge(Junk.show(shape), 1, Integer::sum);
        } catch (Throwable e) {
          c[2]++;
          crashCount++;
          String key = t.name() + ": " + e.getClass().getName();
          List<String> samples = crashes.computeIfAbsent(key, k -> new ArrayList<>());
          if (samples.size() < 3) {
            StackTraceElement top =
                java.util.Arrays.stream(e.getStackTrace())
                    .filter(
                        f ->
                            f.getClassName().startsWith("dev.citerag.")
                                && !f.getClassName().startsWith("dev.citerag.reliability"))
                    .findFirst()
                    .orElse(e.getStackTrace().length > 0 ? e.getStackTrace()[0] : null);
            samples.add(
                "seed "
                    + (SEED + i)
                    + ": "
                    + Junk.show(e.getMessage())
                    + " at "
                    + top
                    + " — input "
                    + input.stream().map(Junk::show).toList());
          }
        }
      }
      long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - t0);

      StringBuilder d = new StringBuilder();
      d.append(INPUTS)
          .append(" inputs from `new Random(")
          .append(SEED)
          .append(" + i)` in ")
          .append(seconds)
          .append(
              " s. Documented exceptions are `IllegalArgumentException`, `IllegalStateException` and")
          .append(" `CiteragException` subtypes; anything else is a crash.\n\n")
          .append("| target | returned | documented exception | crash |\n|---|---|---|---|\n");
      counts.forEach(
          (k, c) ->
              d.append("| ")
                  .append(k)
                  .append(" | ")
                  .append(c[0])
                  .append(" | ")
                  .append(c[1])
                  .append(" | ")
                  .append(c[2])
                  .append(" |\n"));
      d.append(
          "\nMost frequent documented exceptions per target (message start, numbers as N):\n\n");
      documented.forEach(
          (k, m) ->
              m.entrySet().stream()
                  .sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
                  .limit(3)
                  .forEach(
                      e ->
                          d.append("- ")
                              .append(k)
                              .append(": ")
                              .append(e.getValue())
                              .append(" × `")
                              .append(e.getKey().replace("`", "'"))
                              .append("`\n")));
      if (!crashes.isEmpty()) {
        d.append("\nCrashes:\n\n");
        crashes.forEach(
            (k, v) ->
                v.forEach(s -> d.append("- ").append(k).append(" — ").append(s).append('\n')));
      }
      Figures.record(
          "80-fuzz",
          "Bad input fuzzing",
          List.of(
              new Figures.Row(
                  "Bad input across the public API (seeded fuzzing)",
                  INPUTS + " inputs",
                  crashCount + " crashes (exceptions other than IAE / ISE / CiteragException)",
                  "")),
          d.toString());
      assertThat(crashes).as("crashes").isEmpty();
    }
  }

  private static String question(Random r, List<String> questions) {
    return switch (r.nextInt(4)) {
      case 0 -> questions.get(r.nextInt(questions.size())) + " " + Junk.text(r);
      case 1 -> Junk.text(r) + questions.get(r.nextInt(questions.size()));
      default -> Junk.text(r);
    };
  }

  private static Filter safeFilter(Random r) {
    if (r.nextInt(3) == 0) {
      return Filter.ALL;
    }
    try {
      return Junk.filter(r, 0);
    } catch (IllegalArgumentException e) {
      return Filter.eq("team", "platform");
    }
  }

  private static void checkResult(RagResult r) {
    assertThat(r.trace()).isNotNull();
    if (r instanceof RagResult.Answered a) {
      assertThat(a.citations()).isNotEmpty();
    }
  }

  private static String validReply(Random r) {
    return "{\"status\":\"answered\",\"answer\":\"x\",\"claims\":[{\"text\":\"x\",\"citations\":[{\"source_id\":\"abcde\","
        + "\"quote\":\"one two three four\"}]}]}";
  }

  /** The reply with a few characters inserted, deleted or replaced. */
  private static String mutate(Random r, String s) {
    StringBuilder b = new StringBuilder(s);
    for (int i = 0; i < 1 + r.nextInt(4); i++) {
      int at = r.nextInt(b.length() + 1);
      switch (r.nextInt(3)) {
        case 0 -> b.insert(at, Junk.PIECES[r.nextInt(Junk.PIECES.length)]);
        case 1 -> {
          if (at < b.length()) {
            b.deleteCharAt(at);
          }
        }
        default -> {
          if (at < b.length()) {
            b.setCharAt(at, (char) r.nextInt(0x10000));
          }
        }
      }
    }
    return b.toString();
  }
}
