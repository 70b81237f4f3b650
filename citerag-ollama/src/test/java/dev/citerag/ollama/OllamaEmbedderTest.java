package dev.citerag.ollama;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import dev.citerag.IdentityMismatchException;
import dev.citerag.PermanentProviderException;
import dev.citerag.ProviderException.Kind;
import dev.citerag.embed.DocumentText;
import dev.citerag.embed.EmbedderIdentity;
import dev.citerag.embed.internal.Vectors;
import dev.citerag.store.CollectionIdentity;
import dev.citerag.store.InMemoryVectorStore;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class OllamaEmbedderTest {
  private MockWebServer server;
  private FakeOllama fake;

  @BeforeEach
  void start() throws IOException {
    server = new MockWebServer();
    fake = new FakeOllama();
    server.setDispatcher(fake);
    server.start();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private OllamaEmbedder.Builder builder() {
    return OllamaEmbedder.builder()
        .environment(Map.of())
        .baseUrl(OllamaFixtures.baseUrl(server))
        .retrySleeper(new OllamaFixtures.RecordingSleeper());
  }

  private static List<DocumentText> documents(int n) {
    return IntStream.range(0, n).mapToObj(i -> DocumentText.of("chunk number " + i)).toList();
  }

  @Test
  void documents_are_sent_in_batches_and_vectors_come_back_in_input_order() {
    OllamaEmbedder embedder = builder().build();

    List<float[]> vectors = embedder.embedDocuments(documents(150));

    assertThat(fake.embedInputs).extracting(List::size).containsExactly(64, 64, 22);
    assertThat(fake.embedInputs.get(1).get(0)).isEqualTo("chunk number 64");
    assertThat(vectors).hasSize(150);
    for (int i = 0; i < 150; i++) {
      assertThat(vectors.get(i))
          .as("vector %d", i)
          .containsExactly(FakeOllama.expectedVector("chunk number " + i, 8), within(1e-6f));
    }
  }

  @Test
  void batch_size_is_configurable() {
    OllamaEmbedder embedder = builder().batchSize(10).build();

    embedder.embedDocuments(documents(25));

    assertThat(fake.embedInputs).extracting(List::size).containsExactly(10, 10, 5);
  }

  @Test
  void request_carries_model_and_input_array_and_leaves_truncate_and_dimensions_unset() {
    builder().build().embedDocuments(documents(2));

    JsonNode sent = fake.embedBodies.get(0);
    assertThat(sent.get("model").asText()).isEqualTo("nomic-embed-text");
    assertThat(sent.get("input").isArray()).isTrue();
    assertThat(sent.has("truncate")).isFalse();
    assertThat(sent.has("dimensions")).isFalse();
    assertThat(sent.has("keep_alive")).isFalse();
  }

  @Test
  void vectors_are_unit_length_even_when_the_server_sends_them_unnormalised() {
    float[] v = builder().build().embedQuery("how do I roll back");

    assertThat(Vectors.norm(FakeOllama.rawVector("how do I roll back", 8))).isGreaterThan(1.5);
    assertThat(Vectors.norm(v)).isCloseTo(1.0, within(1e-6));
  }

  @Test
  void prefixes_go_to_queries_and_documents_only_respectively() {
    OllamaEmbedder embedder = builder().prefixes(OllamaEmbedder.Prefixes.NOMIC).build();

    float[] q = embedder.embedQuery("How do I roll back?");
    List<float[]> d =
        embedder.embedDocuments(List.of(DocumentText.of("Rollback: run deploy rollback.")));

    assertThat(fake.embedInputs.get(0)).containsExactly("search_query: How do I roll back?");
    assertThat(fake.embedInputs.get(1))
        .containsExactly("search_document: Rollback: run deploy rollback.");
    assertThat(q)
        .containsExactly(
            FakeOllama.expectedVector("search_query: How do I roll back?", 8), within(1e-6f));
    assertThat(d.get(0))
        .containsExactly(
            FakeOllama.expectedVector("search_document: Rollback: run deploy rollback.", 8),
            within(1e-6f));
  }

  @Test
  void e5_prefixes_and_separate_setters_work_the_same_way() {
    OllamaEmbedder embedder = builder().queryPrefix("query: ").documentPrefix("passage: ").build();

    embedder.embedQuery("q");
    embedder.embedDocuments(List.of(DocumentText.of("p")));

    assertThat(embedder.prefixes()).isEqualTo(OllamaEmbedder.Prefixes.E5);
    assertThat(fake.embedInputs).containsExactly(List.of("query: q"), List.of("passage: p"));
  }

  @Test
  void dimensions_are_sent_and_a_reply_of_another_length_is_a_protocol_error() {
    OllamaEmbedder embedder = builder().dimensions(4).build();

    float[] v = embedder.embedQuery("x");

    assertThat(fake.embedBodies.get(0).get("dimensions").asInt()).isEqualTo(4);
    assertThat(v).hasSize(4);

    fake.scripted.add(
        OllamaFixtures.ok("{\"model\":\"nomic-embed-text\",\"embeddings\":[[0.6,0.8]]}"));
    PermanentProviderException e =
        assertThrows(PermanentProviderException.class, () -> embedder.embedQuery("y"));
    assertThat(e.kind()).isEqualTo(Kind.PROTOCOL);
    assertThat(e.getMessage()).contains("2-dimensional vectors although dimensions=4");
  }

  @Test
  void malformed_replies_are_protocol_errors() {
    OllamaEmbedder embedder = builder().build();
    fake.scripted.add(
        OllamaFixtures.ok("{\"model\":\"nomic-embed-text\",\"embeddings\":[[0.6,0.8]]}"));
    fake.scripted.add(
        OllamaFixtures.ok("{\"model\":\"nomic-embed-text\",\"embeddings\":[[0.6,1e40]]}"));
    fake.scripted.add(OllamaFixtures.ok("{\"model\":\"nomic-embed-text\",\"embeddings\":[[0,0]]}"));
    fake.scripted.add(OllamaFixtures.ok("{\"model\":\"nomic-embed-text\",\"embeddings\":[[]]}"));
    fake.scripted.add(OllamaFixtures.ok("{\"model\":\"nomic-embed-text\"}"));

    List<String> messages = new ArrayList<>();
    messages.add(protocolError(() -> embedder.embedDocuments(documents(2))));
    messages.add(protocolError(() -> embedder.embedQuery("a")));
    messages.add(protocolError(() -> embedder.embedQuery("b")));
    messages.add(protocolError(() -> embedder.embedQuery("c")));
    messages.add(protocolError(() -> embedder.embedQuery("d")));

    assertThat(messages.get(0)).contains("1 embeddings for 2 inputs");
    assertThat(messages.get(1)).contains("non-finite component at 1");
    assertThat(messages.get(2)).contains("zero vector");
    assertThat(messages.get(3)).contains("is empty");
    assertThat(messages.get(4)).contains("no \"embeddings\" field");
  }

  private static String protocolError(Runnable call) {
    PermanentProviderException e = assertThrows(PermanentProviderException.class, call::run);
    assertThat(e.kind()).isEqualTo(Kind.PROTOCOL);
    return e.getMessage();
  }

  @Test
  void empty_input_makes_no_request_and_blank_text_is_rejected() {
    OllamaEmbedder embedder = builder().build();

    assertThat(embedder.embedDocuments(List.of())).isEmpty();
    IllegalArgumentException blank =
        assertThrows(
            IllegalArgumentException.class,
            () -> embedder.embedDocuments(List.of(DocumentText.of("ok"), DocumentText.of("  "))));
    IllegalArgumentException query =
        assertThrows(IllegalArgumentException.class, () -> embedder.embedQuery(""));

    assertThat(blank.getMessage()).isEqualTo("documents[1].text must not be blank");
    assertThat(query.getMessage()).isEqualTo("query must not be blank");
    assertThat(fake.paths).isEmpty();
  }

  @Test
  void missing_model_is_NOT_FOUND_suggesting_ollama_pull() {
    OllamaEmbedder embedder = builder().model("bge-m3").build();
    fake.scripted.add(
        OllamaFixtures.json(
            404, "{\"error\":\"model \\\"bge-m3\\\" not found, try pulling it first\"}"));

    PermanentProviderException e =
        assertThrows(PermanentProviderException.class, () -> embedder.embedQuery("q"));

    assertThat(e.kind()).isEqualTo(Kind.NOT_FOUND);
    assertThat(e.getMessage()).contains("ollama pull bge-m3");
  }

  @Test
  void identity_reads_the_digest_from_tags_and_the_dimensions_from_the_first_embedding() {
    OllamaEmbedder embedder = builder().prefixes(OllamaEmbedder.Prefixes.NOMIC).build();
    embedder.embedQuery("warm up");

    EmbedderIdentity id = embedder.identity();

    assertThat(id)
        .isEqualTo(
            new EmbedderIdentity(
                "ollama",
                "nomic-embed-text:latest",
                OllamaFixtures.NOMIC_DIGEST,
                8,
                "search_query: "));
    assertThat(fake.paths).containsExactly("POST /api/embed", "GET /api/tags");
  }

  @Test
  void identity_is_read_once_and_cached() {
    OllamaEmbedder embedder = builder().build();
    fake.tagsEmbeddingLength = 8;

    EmbedderIdentity first = embedder.identity();
    EmbedderIdentity second = embedder.identity();

    assertThat(second).isSameAs(first);
    assertThat(first.queryInstruction()).isNull();
    assertThat(fake.paths).containsExactly("GET /api/tags");
  }

  @Test
  void concurrent_first_calls_read_the_identity_once() throws Exception {
    OllamaEmbedder embedder = builder().dimensions(8).build();
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<EmbedderIdentity>> futures = new ArrayList<>();
      for (int i = 0; i < 16; i++) {
        futures.add(pool.submit(embedder::identity));
      }
      EmbedderIdentity first = futures.get(0).get(10, TimeUnit.SECONDS);
      for (Future<EmbedderIdentity> f : futures) {
        assertThat(f.get(10, TimeUnit.SECONDS)).isSameAs(first);
      }
    } finally {
      pool.shutdownNow();
    }

    assertThat(fake.paths).containsExactly("GET /api/tags");
  }

  @Test
  void identity_before_any_embedding_takes_dimensions_from_api_show() {
    fake.nativeDimensions = 768;
    OllamaEmbedder embedder = builder().build();

    EmbedderIdentity id = embedder.identity();

    assertThat(id.dimensions()).isEqualTo(768);
    assertThat(fake.paths).containsExactly("GET /api/tags", "POST /api/show");
    assertThat(embedder.embedQuery("q")).hasSize(768);
  }

  @Test
  void configured_dimensions_are_the_identity_dimensions_without_asking() {
    OllamaEmbedder embedder = builder().dimensions(256).build();

    assertThat(embedder.identity().dimensions()).isEqualTo(256);
    assertThat(fake.paths).containsExactly("GET /api/tags");
  }

  @Test
  void a_model_listed_with_an_explicit_tag_is_matched() {
    fake.listedName = "qwen3-embedding:0.6b";
    OllamaEmbedder embedder =
        builder().model("qwen3-embedding:0.6b").prefixes(OllamaEmbedder.Prefixes.QWEN3).build();

    EmbedderIdentity id = embedder.identity();

    assertThat(id.model()).isEqualTo("qwen3-embedding:0.6b");
    assertThat(id.digest()).isEqualTo(OllamaFixtures.NOMIC_DIGEST);
    assertThat(id.queryInstruction()).startsWith("Instruct: ");
  }

  @Test
  void a_model_the_server_does_not_list_is_NOT_FOUND_suggesting_ollama_pull() {
    OllamaEmbedder embedder = builder().model("mxbai-embed-large").build();

    PermanentProviderException e =
        assertThrows(PermanentProviderException.class, embedder::identity);

    assertThat(e.kind()).isEqualTo(Kind.NOT_FOUND);
    assertThat(e.getMessage())
        .contains("not among the 2 models")
        .contains("ollama pull mxbai-embed-large");
  }

  @Test
  void a_repulled_model_changes_the_identity_and_the_collection_identity_differs() {
    OllamaEmbedder embedder = builder().prefixes(OllamaEmbedder.Prefixes.NOMIC).build();
    embedder.embedQuery("first");
    EmbedderIdentity before = embedder.identity();

    fake.digest = OllamaFixtures.NOMIC_DIGEST_REPULLED;
    EmbedderIdentity cached = embedder.identity();
    EmbedderIdentity after = embedder.refreshIdentity();

    assertThat(cached).isEqualTo(before);
    assertThat(after.digest()).isEqualTo(OllamaFixtures.NOMIC_DIGEST_REPULLED);
    assertThat(embedder.identity()).isEqualTo(after);
    String chunker = "markdown:size=800,overlap=100";
    List<String> differences =
        CollectionIdentity.of(before, chunker)
            .differencesFrom(CollectionIdentity.of(after, chunker));
    assertThat(differences)
        .containsExactly(
            "modelDigest: stored "
                + OllamaFixtures.NOMIC_DIGEST
                + " vs requested "
                + OllamaFixtures.NOMIC_DIGEST_REPULLED);
  }

  @Test
  void a_store_that_recorded_the_old_digest_refuses_the_repulled_model() {
    OllamaEmbedder embedder = builder().prefixes(OllamaEmbedder.Prefixes.NOMIC).build();
    InMemoryVectorStore store = new InMemoryVectorStore(8);
    String chunker = "markdown:size=800,overlap=100";
    store.ensureIdentity(CollectionIdentity.of(embedder.identity(), chunker));
    store.ensureIdentity(CollectionIdentity.of(embedder.refreshIdentity(), chunker));

    fake.digest = OllamaFixtures.NOMIC_DIGEST_REPULLED;
    CollectionIdentity repulled = CollectionIdentity.of(embedder.refreshIdentity(), chunker);
    IdentityMismatchException e =
        assertThrows(IdentityMismatchException.class, () -> store.ensureIdentity(repulled));

    assertThat(e.getMessage())
        .contains(
            "modelDigest: stored "
                + OllamaFixtures.NOMIC_DIGEST
                + " vs requested "
                + OllamaFixtures.NOMIC_DIGEST_REPULLED);
    assertThat(store.identity())
        .hasValueSatisfying(
            id -> assertThat(id.modelDigest()).isEqualTo(OllamaFixtures.NOMIC_DIGEST));
  }

  @Test
  void a_vector_length_that_changes_between_calls_is_an_identity_mismatch() {
    OllamaEmbedder embedder = builder().build();
    embedder.embedQuery("before");

    fake.nativeDimensions = 16;
    IdentityMismatchException e =
        assertThrows(IdentityMismatchException.class, () -> embedder.embedQuery("after"));

    assertThat(e.getMessage())
        .contains("16-dimensional")
        .contains("8 before")
        .contains("refreshIdentity");
    assertThat(embedder.refreshIdentity().dimensions()).isEqualTo(16);
    assertThat(embedder.embedQuery("after refresh")).hasSize(16);
  }

  @Test
  void the_first_embedding_failing_with_500_is_retried() {
    OllamaEmbedder embedder = builder().build();
    fake.scripted.add(OllamaFixtures.json(500, "{\"error\":\"failed to load model\"}"));

    float[] v = embedder.embedQuery("q");

    assertThat(v).hasSize(8);
    assertThat(fake.embedInputs).hasSize(2);
  }

  @Test
  void a_base_url_with_a_path_prefix_keeps_the_prefix() {
    OllamaEmbedder embedder = builder().baseUrl(server.url("/ollama/").toString()).build();

    PermanentProviderException e =
        assertThrows(PermanentProviderException.class, () -> embedder.embedQuery("q"));

    assertThat(fake.paths).containsExactly("POST /ollama/api/embed");
    assertThat(e.getMessage()).contains("endpoint not found").contains("/ollama/api/embed");
  }
}
