package dev.citerag.openai;

import static dev.citerag.openai.Fixtures.KEY;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.citerag.PermanentProviderException;
import dev.citerag.ProviderException;
import dev.citerag.embed.DocumentText;
import dev.citerag.embed.EmbedderIdentity;
import dev.citerag.testkit.wire.FakeOpenAiServer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class OpenAiEmbedderTest {
  FakeOpenAiServer server;

  @BeforeEach
  void start() {
    server = new FakeOpenAiServer();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  static List<DocumentText> docs(int n) {
    List<DocumentText> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(new DocumentText("passage number " + i + " about deploys and rollbacks", "doc " + i));
    }
    return out;
  }

  static double norm(float[] v) {
    double s = 0;
    for (float f : v) {
      s += (double) f * f;
    }
    return Math.sqrt(s);
  }

  @Test
  void batches_restore_input_order_by_index_even_when_the_server_sends_them_back_to_front() {
    OpenAiEmbedder inOrder = Fixtures.embedder(server.apiBaseUrl()).batchSize(2).build();
    List<float[]> expected = inOrder.embedDocuments(docs(5));
    assertThat(server.embeddingCalls()).hasSize(3);
    JsonNode first = server.embeddingCalls().get(0).json().orElseThrow();
    assertThat(first.get("model").asText()).isEqualTo("text-embedding-3-small");
    assertThat(first.get("encoding_format").asText()).isEqualTo("float");
    assertThat(first.get("input")).hasSize(2);
    assertThat(first.has("dimensions")).isFalse();
    assertThat(server.embeddingCalls().get(0).header("Authorization")).contains("Bearer " + KEY);

    server.scrambleEmbeddingOrder(true);
    List<float[]> scrambled =
        Fixtures.embedder(server.apiBaseUrl()).batchSize(5).build().embedDocuments(docs(5));
    assertThat(scrambled).hasSize(5);
    for (int i = 0; i < 5; i++) {
      assertThat(scrambled.get(i)).as("vector %d", i).containsExactly(expected.get(i));
      assertThat(norm(scrambled.get(i))).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-5));
    }
    assertThat(expected.get(0)).isNotEqualTo(expected.get(1));
  }

  @Test
  void dimensions_are_sent_honoured_and_in_the_identity() {
    OpenAiEmbedder e = Fixtures.embedder(server.apiBaseUrl()).dimensions(256).build();
    assertThat(e.identity())
        .isEqualTo(new EmbedderIdentity("openai", "text-embedding-3-small", null, 256, null));
    assertThat(server.calls()).isEmpty(); // known without asking
    float[] q = e.embedQuery("how do I roll back?");
    assertThat(q).hasSize(256);
    assertThat(norm(q)).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-5));
    assertThat(server.lastCall().json().orElseThrow().get("dimensions").asInt()).isEqualTo(256);
  }

  @Test
  void a_known_model_has_its_native_length_and_an_unknown_one_is_probed_once() {
    assertThat(Fixtures.embedder(server.apiBaseUrl()).build().identity().dimensions())
        .isEqualTo(1536);
    server.addEmbeddingModel("nomic-embed-text", 768, false);
    OpenAiEmbedder local = Fixtures.embedder(server.apiBaseUrl()).model("nomic-embed-text").build();
    assertThat(local.identity().dimensions()).isEqualTo(768);
    assertThat(local.identity().model()).isEqualTo("nomic-embed-text");
    assertThat(server.embeddingCalls()).hasSize(1);
  }

  @Test
  void dimensions_on_a_model_that_cannot_shorten_is_a_permanent_bad_request() {
    OpenAiEmbedder e =
        Fixtures.embedder(server.apiBaseUrl())
            .model("text-embedding-ada-002")
            .dimensions(512)
            .build();
    assertThatThrownBy(() -> e.embedQuery("q"))
        .isInstanceOfSatisfying(
            PermanentProviderException.class,
            ex -> {
              assertThat(ex.kind()).isEqualTo(ProviderException.Kind.BAD_REQUEST);
              assertThat(ex.getMessage()).contains("does not support specifying dimensions");
            });
  }

  @Test
  void an_empty_list_makes_no_call_and_blank_text_is_rejected_naming_its_index() {
    OpenAiEmbedder e = Fixtures.embedder(server.apiBaseUrl()).build();
    assertThat(e.embedDocuments(List.of())).isEmpty();
    assertThat(server.calls()).isEmpty();
    assertThatThrownBy(
            () ->
                e.embedDocuments(
                    List.of(new DocumentText("ok", null), new DocumentText(" ", null))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("documents[1].text");
  }

  @Test
  void malformed_vector_replies_are_protocol_errors() throws IOException {
    try (MockWebServer raw = new MockWebServer()) {
      raw.start();
      String[] bodies = {
        "{\"data\":[{\"index\":0,\"embedding\":[0.1,0.2]}]}", // 1 for 2
        "{\"data\":[{\"index\":0,\"embedding\":[0.1,0.2]},{\"index\":0,\"embedding\":[0.3,0.4]}]}", // index twice
        "{\"data\":[{\"index\":0,\"embedding\":[0.1,0.2]},{\"index\":5,\"embedding\":[0.3,0.4]}]}", // out of range
        "{\"data\":[{\"index\":0,\"embedding\":[0.1,0.2]},{\"index\":1,\"embedding\":[0.3]}]}", // lengths differ
        "{\"data\":[{\"index\":0,\"embedding\":[0,0]},{\"index\":1,\"embedding\":[0.3,0.4]}]}", // zero vector
        "{\"data\":[{\"index\":0,\"embedding\":\"AAAA\"},{\"index\":1,\"embedding\":[0.3,0.4]}]}", // base64
        "{\"data\":[{\"embedding\":[0.1,0.2]},{\"embedding\":[0.3,0.4]}]}", // no index
      };
      for (String b : bodies) {
        raw.enqueue(new MockResponse.Builder().code(200).body(b).build());
        OpenAiEmbedder e =
            Fixtures.embedder(raw.url("/v1").toString()).model("local-model").build();
        assertThatThrownBy(() -> e.embedDocuments(docs(2)))
            .as(b)
            .isInstanceOfSatisfying(
                PermanentProviderException.class,
                ex -> assertThat(ex.kind()).isEqualTo(ProviderException.Kind.PROTOCOL));
      }
    }
  }

  @Test
  void toString_masks_the_key() {
    OpenAiEmbedder e = Fixtures.embedder(server.apiBaseUrl()).dimensions(64).build();
    assertThat(e.toString()).doesNotContain(KEY).contains("apiKey=****").contains("dimensions=64");
    assertThat(e.toBuilder().build().identity()).isEqualTo(e.identity());
  }
}
