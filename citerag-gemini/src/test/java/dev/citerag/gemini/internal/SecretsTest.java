package dev.citerag.gemini.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.citerag.ProviderException;
import dev.citerag.http.internal.Secrets;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class SecretsTest {
  private static final String KEY = "AIzaSyC7x9-Kp2WmZ4vT8cN3b_Lr6Hd0Fj5Ys1U";

  @Test
  void masks_the_key_and_any_long_piece_of_it() {
    String s =
        Secrets.scrub(
            "whole "
                + KEY
                + ", tail \""
                + KEY.substring(10)
                + "\", middle "
                + KEY.substring(5, 20)
                + ", short "
                + KEY.substring(0, 6),
            KEY);
    for (int i = 0; i + dev.citerag.internal.Redact.MIN_SECRET_PIECE <= KEY.length(); i++) {
      assertThat(s)
          .doesNotContain(KEY.substring(i, i + dev.citerag.internal.Redact.MIN_SECRET_PIECE));
    }
    assertThat(s).startsWith("whole ****, tail \"****\", middle ****, short AIzaSy");
  }

  @Test
  void leaves_other_text_alone() {
    assertThat(Secrets.scrub("HTTP 503 UNAVAILABLE: The model is overloaded.", KEY))
        .isEqualTo("HTTP 503 UNAVAILABLE: The model is overloaded.");
  }

  @Test
  void an_embedding_reply_echoing_the_key_is_reported_without_any_piece_of_it() {
    byte[] body =
        ("{\"embeddings\": [{\"values\": \"" + KEY + "\"}]}").getBytes(StandardCharsets.UTF_8);
    ProviderException e =
        assertThrows(ProviderException.class, () -> EmbedCodec.decode(body, 1, 768, KEY));
    for (int i = 0; i + dev.citerag.internal.Redact.MIN_SECRET_PIECE <= KEY.length(); i++) {
      assertThat(e.getMessage())
          .doesNotContain(KEY.substring(i, i + dev.citerag.internal.Redact.MIN_SECRET_PIECE));
    }
  }
}
