package dev.citerag.openai.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.citerag.ProviderException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class RerankCodecTest {

  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void scores_are_put_back_in_document_order() {
    assertThat(
            RerankCodec.decode(
                b(
                    "{\"results\":[{\"index\":2,\"relevance_score\":0.9},"
                        + "{\"index\":0,\"relevance_score\":0.5},{\"index\":1,\"relevance_score\":0.1}]}"),
                false,
                3,
                null))
        .containsExactly(0.5, 0.1, 0.9);
    assertThat(
            RerankCodec.decode(
                b("[{\"index\":1,\"score\":2.5},{\"index\":0,\"score\":-1}]"), true, 2, null))
        .containsExactly(-1.0, 2.5);
  }

  @Test
  void a_reply_missing_repeating_or_misplacing_an_index_is_a_protocol_error() {
    String[] bad = {
      "{\"results\":[{\"index\":0,\"relevance_score\":0.5}]}",
      "{\"results\":[{\"index\":0,\"relevance_score\":0.5},{\"index\":0,\"relevance_score\":0.4}]}",
      "{\"results\":[{\"index\":0,\"relevance_score\":0.5},{\"index\":7,\"relevance_score\":0.4}]}",
      "{\"results\":[{\"index\":0,\"relevance_score\":\"high\"},{\"index\":1,\"relevance_score\":0.4}]}",
      "{\"data\":[]}",
      "not json"
    };
    for (String body : bad) {
      ProviderException e =
          assertThrows(ProviderException.class, () -> RerankCodec.decode(b(body), false, 2, null));
      assertThat(e.kind()).as(body).isEqualTo(ProviderException.Kind.PROTOCOL);
    }
  }
}
