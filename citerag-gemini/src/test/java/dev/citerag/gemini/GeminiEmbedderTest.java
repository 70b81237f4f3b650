package dev.citerag.gemini;

import static dev.citerag.gemini.Fixtures.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import dev.citerag.PermanentProviderException;
import dev.citerag.ProviderException.Kind;
import dev.citerag.embed.DocumentText;
import dev.citerag.embed.internal.Vectors;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code batchEmbedContents}: batching, request shape, normalisation and vector checks. */
class GeminiEmbedderTest extends MockServerTest {
  private GeminiEmbedder embedder;

  @BeforeEach
  void build() {
    embedder = Fixtures.embedder(server, sleeper).build();
  }

  /** A reply vector of {@code dims} values: {@code [a, b, 0, 0, ...]}. */
  private static String vector(int dims, double a, double b) {
    StringBuilder sb = new StringBuilder("{\"values\": [").append(a).append(", ").append(b);
    for (int i = 2; i < dims; i++) {
      sb.append(", 0.0");
    }
    return sb.append("]}").toString();
  }

  private static String reply(List<String> vectors) {
    return "{\"embeddings\": [" + String.join(",\n", vectors) + "]}";
  }

  @Test
  void embeds_250_documents_in_batches_of_100_100_50_keeping_input_order() throws Exception {
    // The fake server answers each text "doc-<n>" with the vector [n + 1, 2, 0, ...], so the
    // returned vectors reveal which text each one belongs to, whatever the batching.
    server.setDispatcher(
        new Dispatcher() {
          @Override
          public MockResponse dispatch(RecordedRequest request) {
            List<String> vectors = new ArrayList<>();
            for (JsonNode r : Fixtures.body(request).get("requests")) {
              int n =
                  Integer.parseInt(
                      r.at("/content/parts/0/text").asText().substring("doc-".length()));
              vectors.add(vector(768, n + 1, 2));
            }
            return json(200, reply(vectors));
          }
        });
    List<DocumentText> docs = new ArrayList<>();
    for (int i = 0; i < 250; i++) {
      docs.add(new DocumentText("doc-" + i, i % 2 == 0 ? "Runbook " + i : null));
    }

    List<float[]> out = embedder.embedDocuments(docs);

    assertThat(out).hasSize(250);
    for (int i = 0; i < 250; i++) {
      float[] v = out.get(i);
      assertThat(v).hasSize(768);
      assertThat((double) v[0] / v[1]).as("vector %d", i).isCloseTo((i + 1) / 2.0, within(1e-3));
      assertThat(Vectors.norm(v)).isCloseTo(1.0, within(1e-5));
    }
    List<Integer> sizes = new ArrayList<>();
    for (int b = 0; b < 3; b++) {
      RecordedRequest r = server.takeRequest(5, TimeUnit.SECONDS);
      assertThat(r.getUrl().encodedPath())
          .isEqualTo("/v1beta/models/gemini-embedding-001:batchEmbedContents");
      assertThat(r.getHeaders().get("x-goog-api-key")).isEqualTo(Fixtures.KEY);
      JsonNode requests = Fixtures.body(r).get("requests");
      sizes.add(requests.size());
      for (JsonNode one : requests) {
        int n = Integer.parseInt(one.at("/content/parts/0/text").asText().substring(4));
        assertThat(one.get("model").asText()).isEqualTo("models/gemini-embedding-001");
        assertThat(one.get("taskType").asText()).isEqualTo("RETRIEVAL_DOCUMENT");
        assertThat(one.get("outputDimensionality").asInt()).isEqualTo(768);
        if (n % 2 == 0) {
          assertThat(one.get("title").asText()).isEqualTo("Runbook " + n);
        } else {
          assertThat(one.has("title")).isFalse();
        }
      }
    }
    assertThat(sizes).containsExactly(100, 100, 50);
    assertThat(server.getRequestCount()).isEqualTo(3);
  }

  @Test
  void query_uses_retrieval_query_without_title_and_is_normalised() throws Exception {
    server.enqueue(json(200, reply(List.of(vector(768, 3, 4)))));

    float[] q = embedder.embedQuery("How do I roll back a deploy?");

    assertThat(q).hasSize(768);
    assertThat(q[0]).isCloseTo(0.6f, within(1e-6f));
    assertThat(q[1]).isCloseTo(0.8f, within(1e-6f));
    JsonNode one = Fixtures.body(server.takeRequest(5, TimeUnit.SECONDS)).at("/requests/0");
    assertThat(one.get("taskType").asText()).isEqualTo("RETRIEVAL_QUERY");
    assertThat(one.has("title")).isFalse();
    assertThat(one.at("/content/parts/0/text").asText()).isEqualTo("How do I roll back a deploy?");
    assertThat(one.get("outputDimensionality").asInt()).isEqualTo(768);
  }

  @Test
  void vector_of_the_wrong_length_is_a_protocol_error() {
    server.enqueue(json(200, reply(List.of(vector(3072, 3, 4)))));

    PermanentProviderException e =
        assertThrows(PermanentProviderException.class, () -> embedder.embedQuery("q"));

    assertThat(e.kind()).isEqualTo(Kind.PROTOCOL);
    assertThat(e.getMessage()).contains("embeddings[0] has 3072 values, expected 768");
  }

  @Test
  void fewer_vectors_than_texts_is_a_protocol_error() {
    server.enqueue(json(200, reply(List.of(vector(768, 1, 0)))));

    PermanentProviderException e =
        assertThrows(
            PermanentProviderException.class,
            () -> embedder.embedDocuments(List.of(DocumentText.of("a"), DocumentText.of("b"))));

    assertThat(e.kind()).isEqualTo(Kind.PROTOCOL);
    assertThat(e.getMessage()).contains("returned 1 vectors for 2 texts");
  }

  @Test
  void value_beyond_float_range_is_a_protocol_error() {
    server.enqueue(json(200, reply(List.of(vector(768, 1e39, 1)))));

    PermanentProviderException e =
        assertThrows(PermanentProviderException.class, () -> embedder.embedQuery("q"));

    assertThat(e.getMessage()).contains("embeddings[0].values[0] is not a finite float");
  }

  @Test
  void zero_vector_cannot_be_normalised_and_is_a_protocol_error() {
    server.enqueue(json(200, reply(List.of(vector(768, 0, 0)))));

    PermanentProviderException e =
        assertThrows(PermanentProviderException.class, () -> embedder.embedQuery("q"));

    assertThat(e.getMessage()).contains("cannot be normalised");
  }

  @Test
  void missing_embeddings_is_a_protocol_error() {
    server.enqueue(json(200, "{}"));

    PermanentProviderException e =
        assertThrows(PermanentProviderException.class, () -> embedder.embedQuery("q"));

    assertThat(e.kind()).isEqualTo(Kind.PROTOCOL);
  }

  @Test
  void empty_document_list_makes_no_call() {
    assertThat(embedder.embedDocuments(Collections.emptyList())).isEmpty();
    assertThat(server.getRequestCount()).isZero();
  }

  @Test
  void blank_text_is_rejected_naming_its_index() {
    assertThat(
            assertThrows(
                IllegalArgumentException.class,
                () ->
                    embedder.embedDocuments(List.of(DocumentText.of("ok"), DocumentText.of(" ")))))
        .hasMessage("documents[1].text must not be blank");
    assertThat(assertThrows(IllegalArgumentException.class, () -> embedder.embedQuery("")))
        .hasMessage("query must not be blank");
    assertThat(server.getRequestCount()).isZero();
  }

  @Test
  void overloaded_batch_is_retried() {
    server.enqueue(json(503, Fixtures.OVERLOADED));
    server.enqueue(json(200, reply(List.of(vector(768, 1, 0)))));

    float[] q = embedder.embedQuery("q");

    assertThat(q[0]).isEqualTo(1.0f);
    assertThat(server.getRequestCount()).isEqualTo(2);
    assertThat(sleeper.waits).hasSize(1);
  }

  @Test
  void oversized_batch_rejection_is_a_bad_request() {
    server.enqueue(
        json(
            400,
            """
        {"error": {"code": 400, "message": "* BatchEmbedContentsRequest.requests: at most 100 requests can be in one batch\\n",
                   "status": "INVALID_ARGUMENT"}}
        """));

    PermanentProviderException e =
        assertThrows(PermanentProviderException.class, () -> embedder.embedQuery("q"));

    assertThat(e.kind()).isEqualTo(Kind.BAD_REQUEST);
    assertThat(e.getMessage()).contains("at most 100 requests");
    assertThat(server.getRequestCount()).isEqualTo(1);
  }
}
