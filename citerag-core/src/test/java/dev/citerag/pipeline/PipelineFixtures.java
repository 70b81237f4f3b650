package dev.citerag.pipeline;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.citerag.answer.Sources;
import dev.citerag.chat.ChatModel;
import dev.citerag.chat.ChatRequest;
import dev.citerag.chat.ChatResponse;
import dev.citerag.chat.FinishReason;
import dev.citerag.chat.TokenUsage;
import dev.citerag.embed.DocumentText;
import dev.citerag.embed.Embedder;
import dev.citerag.embed.EmbedderIdentity;
import dev.citerag.store.Chunk;
import dev.citerag.store.CollectionIdentity;
import dev.citerag.store.Filter;
import dev.citerag.store.SearchHit;
import dev.citerag.store.SearchIndex;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/** Minimal test doubles for pipeline unit tests (core cannot depend on the testkit). */
final class PipelineFixtures {
  private PipelineFixtures() {}

  static final ObjectMapper M = new ObjectMapper();

  /** An embedder returning a constant unit vector of 4 dimensions. */
  static final class ConstantEmbedder implements Embedder {
    final int dims;

    ConstantEmbedder(int dims) {
      this.dims = dims;
    }

    @Override
    public List<float[]> embedDocuments(List<DocumentText> documents) {
      List<float[]> out = new ArrayList<>();
      documents.forEach(d -> out.add(embedQuery(d.text())));
      return out;
    }

    @Override
    public float[] embedQuery(String query) {
      float[] v = new float[dims];
      v[0] = 1;
      return v;
    }

    @Override
    public EmbedderIdentity identity() {
      return new EmbedderIdentity("test", "constant", null, dims, null);
    }
  }

  /** A read-only index whose hybrid search returns hits computed by a function of the question. */
  static final class ScriptedStore implements SearchIndex {
    final Function<String, List<SearchHit>> hits;

    ScriptedStore(Function<String, List<SearchHit>> hits) {
      this.hits = hits;
    }

    @Override
    public int dimensions() {
      return 4;
    }

    @Override
    public Optional<CollectionIdentity> identity() {
      return Optional.empty();
    }

    @Override
    public List<SearchHit> denseSearch(float[] queryVector, int k, Filter filter) {
      return List.of();
    }

    @Override
    public List<SearchHit> lexicalSearch(String queryText, int k, Filter filter) {
      return List.of();
    }

    @Override
    public List<SearchHit> hybridSearch(
        float[] queryVector, String queryText, int k, Filter filter) {
      return hits.apply(queryText);
    }
  }

  static SearchHit hit(String id, String text, double cosine, boolean lexical) {
    Chunk c = Sources.chunk(id, text);
    return new SearchHit(c, cosine, 1, lexical ? 1 : null, lexical ? 1.0 : 0, 0.03);
  }

  /** A chat model that answers through a function of the request and records every request. */
  static final class FnChatModel implements ChatModel {
    final Function<ChatRequest, ChatResponse> fn;
    final List<ChatRequest> requests = new CopyOnWriteArrayList<>();

    FnChatModel(Function<ChatRequest, ChatResponse> fn) {
      this.fn = fn;
    }

    @Override
    public ChatResponse chat(ChatRequest request) {
      requests.add(request);
      return fn.apply(request);
    }

    @Override
    public String name() {
      return "fn-model";
    }
  }

  static ChatResponse reply(String json) {
    return new ChatResponse(
        json, FinishReason.STOP, "STOP", TokenUsage.of(100, 20, 5), "model-v1", "resp-1");
  }

  /** The sources (id → text) in a request's user content. */
  static List<String[]> sources(ChatRequest r) {
    try {
      String user = r.userContent();
      int cut = user.indexOf("\n\nPrevious reply rejected:");
      JsonNode root = M.readTree(cut < 0 ? user : user.substring(0, cut));
      List<String[]> out = new ArrayList<>();
      root.path("sources")
          .forEach(s -> out.add(new String[] {s.path("id").asText(), s.path("text").asText()}));
      return out;
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  static String answerJson(String sourceId, String quote) {
    return "{\"status\":\"answered\",\"answer\":\""
        + quote
        + "\",\"claims\":[{\"text\":\""
        + quote
        + "\",\"citations\":[{\"source_id\":\""
        + sourceId
        + "\",\"quote\":\""
        + quote
        + "\"}]}]}";
  }
}
