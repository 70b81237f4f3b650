package dev.citerag.reliability.support;

import dev.citerag.chat.ChatModel;
import dev.citerag.context.JsonContextBuilder;
import dev.citerag.embed.Embedder;
import dev.citerag.embed.LocalHashingEmbedder;
import dev.citerag.gemini.GeminiChatModel;
import dev.citerag.ingest.Document;
import dev.citerag.ingest.Ingestor;
import dev.citerag.ingest.MarkdownChunker;
import dev.citerag.ollama.OllamaChatModel;
import dev.citerag.openai.OpenAiChatModel;
import dev.citerag.pipeline.AnswerGenerator;
import dev.citerag.pipeline.RagPipeline;
import dev.citerag.provider.RetryPolicy;
import dev.citerag.store.Chunk;
import dev.citerag.store.InMemoryVectorStore;
import dev.citerag.store.SearchHit;
import dev.citerag.store.VectorStore;
import dev.citerag.testkit.golden.GoldenCorpus;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import okhttp3.OkHttpClient;
import org.jspecify.annotations.Nullable;

/**
 * The offline stack the tests run against: the golden corpus, chunked by the default {@link
 * MarkdownChunker}, embedded by {@link LocalHashingEmbedder}, held in a store; and the real Gemini,
 * Ollama and OpenAI-compatible adapters pointed at a {@link ProviderStub}.
 */
public final class Stack {
  private Stack() {}

  /**
   * The test key, shaped like a real one (39 characters, '-' and '_' included): random enough that
   * any 10-character piece of it found in a text is a leak, not a coincidence.
   */
  public static final String API_KEY = "AIzaSyQ7x9-Kp2WmZ4vT8cN3b_Lr6Hd0Fj5Ys1U";

  /** The OpenAI test key, shaped like a project key (the shape OpenAI's own 401 echoes in part). */
  public static final String OPENAI_API_KEY = "sk-proj-W3nR8tYq2Lx7Vb5Kd9Zf4Hs6Jm1Pc0Ga";

  /** The embedder every test uses (deterministic, no network). */
  public static Embedder embedder() {
    return new LocalHashingEmbedder();
  }

  /** A fresh in-memory store holding the golden corpus. */
  public static InMemoryVectorStore goldenInMemory(Embedder embedder) {
    InMemoryVectorStore store = new InMemoryVectorStore(embedder.identity().dimensions());
    ingest(embedder, store, GoldenCorpus.load());
    return store;
  }

  /** Ingests with the default chunker. */
  public static void ingest(Embedder embedder, VectorStore store, List<Document> docs) {
    Ingestor.builder().embedder(embedder).store(store).build().ingest(docs);
  }

  /** Every chunk the default chunker makes of these documents, in document order. */
  public static List<Chunk> chunks(List<Document> docs) {
    MarkdownChunker chunker = new MarkdownChunker();
    List<Chunk> out = new ArrayList<>();
    for (Document d : docs) {
      out.addAll(chunker.chunk(d));
    }
    return out;
  }

  /**
   * The id {@link JsonContextBuilder} would show a model for this chunk (derived from the chunk id
   * alone; only a collision inside one call changes it).
   */
  public static String labelOf(Chunk chunk) {
    return new JsonContextBuilder(2_000_000)
        .build("label", List.of(new SearchHit(chunk, 0.5, 1, null, 0, 0.01)))
        .sources()
        .get(0)
        .sourceId();
  }

  /** A Gemini chat model on the stub with the test key, no real environment. */
  public static GeminiChatModel.Builder gemini(
      ProviderStub stub, RetryPolicy policy, @Nullable OkHttpClient client) {
    GeminiChatModel.Builder b =
        GeminiChatModel.builder()
            .environment(Map.of())
            .apiKey(API_KEY)
            .baseUrl(stub.baseUrl())
            .retryPolicy(policy);
    if (client != null) {
      b.httpClient(client);
    }
    return b;
  }

  /** An Ollama chat model on the stub, no real environment. */
  public static OllamaChatModel.Builder ollama(
      ProviderStub stub, RetryPolicy policy, @Nullable OkHttpClient client) {
    OllamaChatModel.Builder b =
        OllamaChatModel.builder()
            .environment(Map.of())
            .baseUrl(stub.baseUrl())
            .model("llama3.2")
            .retryPolicy(policy);
    if (client != null) {
      b.httpClient(client);
    }
    return b;
  }

  /**
   * An OpenAI-compatible chat model on the stub with an OpenAI-shaped test key, no real
   * environment.
   */
  public static OpenAiChatModel.Builder openai(
      ProviderStub stub, RetryPolicy policy, @Nullable OkHttpClient client) {
    OpenAiChatModel.Builder b =
        OpenAiChatModel.builder()
            .environment(Map.of())
            .apiKey(OPENAI_API_KEY)
            .baseUrl(stub.baseUrl())
            .retryPolicy(policy);
    if (client != null) {
      b.httpClient(client);
    }
    return b;
  }

  /** The chat model of the stub's kind with default timeouts, on a {@link #fastClient()}. */
  public static ChatModel chatModel(ProviderStub stub, RetryPolicy policy) {
    return switch (stub.kind()) {
      case GEMINI -> gemini(stub, policy, fastClient()).build();
      case OLLAMA -> ollama(stub, policy, fastClient()).build();
      case OPENAI -> openai(stub, policy, fastClient()).build();
    };
  }

  /** "Gemini", "Ollama" or "OpenAI", for figures and messages. */
  public static String name(ProviderStub.Kind kind) {
    return switch (kind) {
      case GEMINI -> "Gemini";
      case OLLAMA -> "Ollama";
      case OPENAI -> "OpenAI";
    };
  }

  /** A client whose sockets set {@code TCP_NODELAY} (see {@link NoDelaySocketFactory}). */
  public static OkHttpClient fastClient() {
    return new OkHttpClient.Builder().socketFactory(new NoDelaySocketFactory()).build();
  }

  /** A pipeline over {@code store} answering with {@code model}. */
  public static RagPipeline.Builder pipeline(
      Embedder embedder, VectorStore store, ChatModel model) {
    return RagPipeline.builder()
        .embedder(embedder)
        .store(store)
        .generator(AnswerGenerator.of(model))
        .deadline(Duration.ofSeconds(20));
  }

  /** A retry policy that retries {@code attempts - 1} times without waiting (1 ms backoff). */
  public static RetryPolicy noWait(int attempts, Duration total) {
    return new RetryPolicy(attempts, Duration.ofMillis(1), Duration.ofMillis(1), 1.0, 0.0, total);
  }
}
