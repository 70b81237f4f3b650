package dev.citerag.onnx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.citerag.embed.DocumentText;
import dev.citerag.embed.EmbedderIdentity;
import dev.citerag.onnx.internal.Sha256;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OnnxEmbedderTest {

  private static OnnxEmbedder bge;

  @BeforeAll
  static void load() {
    bge = OnnxEmbedder.builder().threads(2).build();
  }

  @AfterAll
  static void close() {
    bge.close();
  }

  static byte[] resource(String name) throws Exception {
    try (InputStream in = OnnxEmbedderTest.class.getClassLoader().getResourceAsStream(name)) {
      assertThat(in).as(name).isNotNull();
      return in.readAllBytes();
    }
  }

  @Test
  void identity_names_model_file_digest_pooling_limit_instruction_and_dimensions()
      throws Exception {
    EmbedderIdentity id = bge.identity();
    assertThat(id.provider()).isEqualTo("onnx");
    assertThat(id.model())
        .startsWith("bge-small-en-v1.5-q (pooling=cls, maxTokens=512, tokenizer=sha256:")
        .contains(Sha256.hex(resource("bge-small-en-v1.5-q-tokenizer.json")).substring(0, 16));
    assertThat(id.digest()).isEqualTo("sha256:" + Sha256.hex(resource("bge-small-en-v1.5-q.onnx")));
    assertThat(id.dimensions()).isEqualTo(384);
    assertThat(id.queryInstruction())
        .isEqualTo("Represent this sentence for searching relevant passages: ");
    assertThat(bge.maxTokens()).isEqualTo(512);
  }

  @Test
  void vectors_are_unit_length_and_the_same_on_every_call() {
    List<DocumentText> docs =
        List.of(
            DocumentText.of("Deploys are allowed Monday to Thursday."),
            DocumentText.of("x"),
            DocumentText.of(""));
    List<float[]> a = bge.embedDocuments(docs);
    List<float[]> b = bge.embedDocuments(docs);
    assertThat(a).hasSize(3);
    for (int i = 0; i < a.size(); i++) {
      assertThat(a.get(i)).hasSize(384);
      assertThat(VectorMath.norm(a.get(i))).isCloseTo(1.0, within(1e-5));
      assertThat(a.get(i)).containsExactly(b.get(i));
    }
    assertThat(bge.embedDocuments(List.of())).isEmpty();
  }

  @Test
  void a_paraphrase_is_closer_than_an_unrelated_text() {
    float[] q = bge.embedQuery("How do I revert a bad release?");
    List<float[]> d =
        bge.embedDocuments(
            List.of(
                DocumentText.of(
                    "To roll back a deployment, redeploy the previous version of the service."),
                DocumentText.of("The cafeteria serves pasta on Fridays and soup on Mondays.")));
    assertThat(VectorMath.dot(q, d.get(0))).isGreaterThan(VectorMath.dot(q, d.get(1)) + 0.1f);
  }

  @Test
  void the_instruction_goes_before_queries_only() {
    String q = "When are production deploys allowed?";
    float[] query = bge.embedQuery(q);
    float[] withPrefix =
        bge.embedDocuments(List.of(DocumentText.of(OnnxModel.BGE_QUERY_INSTRUCTION + q))).get(0);
    float[] plain = bge.embedDocuments(List.of(DocumentText.of(q))).get(0);
    assertThat(VectorMath.dot(query, withPrefix)).isGreaterThan(0.99999f);
    assertThat(VectorMath.dot(query, plain)).isLessThan(0.999f);
  }

  @Test
  void document_titles_are_ignored() {
    float[] a = bge.embedDocuments(List.of(new DocumentText("Deploy windows", "Runbook"))).get(0);
    float[] b = bge.embedDocuments(List.of(DocumentText.of("Deploy windows"))).get(0);
    assertThat(a).containsExactly(b);
  }

  @Test
  void counts_tokens_with_the_special_tokens() {
    assertThat(bge.countTokens("hello world")).isEqualTo(4); // [CLS] hello world [SEP]
    assertThat(bge.countTokens("")).isEqualTo(2);
  }

  @Test
  void refuses_a_text_longer_than_the_model_accepts_instead_of_truncating_it() {
    String longText = "word ".repeat(511); // 511 + 2 special tokens = 513
    assertThat(bge.countTokens(longText)).isEqualTo(513);
    assertThatThrownBy(
            () -> bge.embedDocuments(List.of(DocumentText.of("ok"), DocumentText.of(longText))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("documents[1].text has 513 tokens")
        .hasMessageContaining("at most 512")
        .hasMessageContaining("nothing is truncated");
    String fits = "word ".repeat(510);
    assertThat(bge.embedDocuments(List.of(DocumentText.of(fits)))).hasSize(1);
    // the instruction counts for queries: 510 words fit as a document, not as a query
    assertThatThrownBy(() -> bge.embedQuery(fits))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("query has")
        .hasMessageContaining("with the query instruction");
  }

  @Test
  void rejects_null_input_naming_the_field() {
    assertThatThrownBy(() -> bge.embedQuery(null)).hasMessageContaining("query");
    assertThatThrownBy(() -> bge.embedDocuments(null)).hasMessageContaining("documents");
    List<DocumentText> withNull = new ArrayList<>();
    withNull.add(null);
    assertThatThrownBy(() -> bge.embedDocuments(withNull)).hasMessageContaining("documents");
  }

  @Test
  void batches_are_length_bucketed_and_vectors_come_back_in_input_order() {
    List<DocumentText> docs = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      docs.add(
          DocumentText.of(
              ("item " + i + " about " + (i % 2 == 0 ? "databases " : "gardening "))
                  .repeat(1 + (11 - i) * 3)));
    }
    List<float[]> alone = bge.embedDocuments(docs);
    try (OnnxEmbedder batched =
        OnnxEmbedder.builder().threads(2).batchSize(5).maxBatchTokens(512).build()) {
      List<float[]> b = batched.embedDocuments(docs);
      for (int i = 0; i < docs.size(); i++) {
        // each vector is its own text's: closest to the same text embedded alone
        int best = -1;
        double bestDot = -2;
        for (int j = 0; j < docs.size(); j++) {
          double dot = VectorMath.dot(b.get(i), alone.get(j));
          if (dot > bestDot) {
            bestDot = dot;
            best = j;
          }
        }
        assertThat(best).as("vector %d", i).isEqualTo(i);
        assertThat(bestDot).isGreaterThan(0.98);
      }
    }
  }

  @Test
  void many_threads_at_once_get_the_same_vectors_as_one_thread() throws Exception {
    List<String> texts = new ArrayList<>();
    for (int i = 0; i < 24; i++) {
      texts.add("Question " + i + ": what does the runbook say about incident " + (i * 7) + "?");
    }
    List<float[]> expected = new ArrayList<>();
    for (String t : texts) {
      expected.add(bge.embedQuery(t));
    }
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<float[]>> futures = new ArrayList<>();
      for (int round = 0; round < 2; round++) {
        for (String t : texts) {
          Callable<float[]> c = () -> bge.embedQuery(t);
          futures.add(pool.submit(c));
        }
      }
      for (int i = 0; i < futures.size(); i++) {
        assertThat(futures.get(i).get(5, TimeUnit.MINUTES))
            .containsExactly(expected.get(i % texts.size()));
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void close_frees_the_session_and_later_calls_fail_clearly() {
    OnnxEmbedder e = OnnxEmbedder.builder().threads(1).build();
    assertThat(e.embedQuery("hello")).hasSize(384);
    e.close();
    e.close(); // idempotent
    assertThatThrownBy(() -> e.embedQuery("hello"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("closed");
    assertThatThrownBy(() -> e.countTokens("hello")).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void loads_the_same_model_from_files(@TempDir Path dir) throws Exception {
    Path model = dir.resolve("m.onnx");
    Path tok = dir.resolve("tokenizer.json");
    Files.write(model, resource("bge-small-en-v1.5-q.onnx"));
    Files.write(tok, resource("bge-small-en-v1.5-q-tokenizer.json"));
    OnnxModel fromFiles =
        OnnxModel.fromFiles("bge-small-en-v1.5-q", model, tok, Pooling.CLS, 512)
            .withQueryInstruction(OnnxModel.BGE_QUERY_INSTRUCTION);
    try (OnnxEmbedder e = OnnxEmbedder.builder().model(fromFiles).threads(1).build()) {
      assertThat(e.identity()).isEqualTo(bge.identity());
      assertThat(e.embedQuery("roll back")).containsExactly(bge.embedQuery("roll back"));
    }
  }

  @Test
  void a_different_pooling_or_limit_is_a_different_identity(@TempDir Path dir) throws Exception {
    Path model = dir.resolve("m.onnx");
    Path tok = dir.resolve("tokenizer.json");
    Files.write(model, resource("bge-small-en-v1.5-q.onnx"));
    Files.write(tok, resource("bge-small-en-v1.5-q-tokenizer.json"));
    try (OnnxEmbedder mean =
        OnnxEmbedder.builder()
            .model(OnnxModel.fromFiles("bge-small-en-v1.5-q", model, tok, Pooling.MEAN, 256))
            .threads(1)
            .build()) {
      EmbedderIdentity id = mean.identity();
      assertThat(id.digest()).isEqualTo(bge.identity().digest());
      assertThat(id.model()).contains("pooling=mean").contains("maxTokens=256");
      assertThat(id).isNotEqualTo(bge.identity());
      assertThat(id.queryInstruction()).isNull();
    }
  }

  @Test
  void missing_files_and_resources_are_named() {
    assertThatThrownBy(
            () ->
                OnnxEmbedder.builder()
                    .model(
                        OnnxModel.fromFiles(
                            "x",
                            Path.of("/nonexistent/m.onnx"),
                            Path.of("/nonexistent/t.json"),
                            Pooling.CLS,
                            512))
                    .build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("model file /nonexistent/m.onnx does not exist");
    assertThatThrownBy(
            () ->
                OnnxEmbedder.builder()
                    .model(
                        OnnxModel.fromClasspath(
                            "x", "no/such.onnx", "no/such.json", Pooling.CLS, 512))
                    .build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("model resource \"no/such.onnx\" is not on the classpath");
  }

  @Test
  void builder_and_model_reject_out_of_range_settings_naming_them() {
    assertThatThrownBy(() -> OnnxEmbedder.builder().threads(0)).hasMessageContaining("threads");
    assertThatThrownBy(() -> OnnxEmbedder.builder().batchSize(0)).hasMessageContaining("batchSize");
    assertThatThrownBy(() -> OnnxEmbedder.builder().maxBatchTokens(10))
        .hasMessageContaining("maxBatchTokens");
    assertThatThrownBy(() -> OnnxModel.fromClasspath("x", "a", "b", Pooling.CLS, 4))
        .hasMessageContaining("maxTokens");
    assertThatThrownBy(() -> OnnxModel.fromClasspath(" ", "a", "b", Pooling.CLS, 512))
        .hasMessageContaining("name");
    assertThatThrownBy(() -> OnnxModel.BGE_SMALL_EN_V15_Q.withQueryInstruction(""))
        .hasMessageContaining("instruction");
  }
}
