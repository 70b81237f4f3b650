package dev.citerag.onnx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.citerag.embed.DocumentText;
import java.util.List;
import org.junit.jupiter.api.Test;

class MiniLmTest {

  @Test
  void all_minilm_preset_mean_pools_without_instruction_and_refuses_past_256_tokens() {
    try (OnnxEmbedder e =
        OnnxEmbedder.builder().model(OnnxModel.ALL_MINILM_L6_V2).threads(2).build()) {
      assertThat(e.identity().model()).startsWith("all-minilm-l6-v2 (pooling=mean, maxTokens=256");
      assertThat(e.identity().dimensions()).isEqualTo(384);
      assertThat(e.identity().queryInstruction()).isNull();
      String q = "How do I revert a bad release?";
      float[] query = e.embedQuery(q);
      List<float[]> d =
          e.embedDocuments(
              List.of(
                  DocumentText.of(q),
                  DocumentText.of(
                      "To roll back a deployment, redeploy the previous version of the service."),
                  DocumentText.of("The cafeteria serves pasta on Fridays and soup on Mondays.")));
      assertThat(query)
          .containsExactly(d.get(0)); // no instruction: a query is embedded as a document
      assertThat(VectorMath.norm(d.get(1))).isBetween(0.9999, 1.0001);
      assertThat(VectorMath.dot(query, d.get(1)))
          .isGreaterThan(VectorMath.dot(query, d.get(2)) + 0.1f);
      // the tokenizer file asks for truncation and padding to 128: neither happens
      assertThat(e.countTokens("word ".repeat(200))).isEqualTo(202);
      assertThat(e.embedDocuments(List.of(DocumentText.of("word ".repeat(254))))).hasSize(1);
      assertThatThrownBy(() -> e.embedDocuments(List.of(DocumentText.of("word ".repeat(255)))))
          .hasMessageContaining("257 tokens");
    }
  }
}
