package dev.citerag.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class RedactTest {
  private static final String KEY = "AIzaSyC7x9-Kp2WmZ4vT8cN3b_Lr6Hd0Fj5Ys1U";

  @Test
  void masks_a_known_secret_whole_and_in_pieces() {
    String s =
        Redact.providerText(
            "quota GenerateRequestsPerDay-for-key-" + KEY + " tail " + KEY.substring(9, 30),
            500,
            KEY);
    assertThat(s).isEqualTo("quota GenerateRequestsPerDay-for-key-**** tail ****");
  }

  @Test
  void masks_credential_looking_tokens_without_knowing_them() {
    assertThat(Redact.providerText("Authorization: Bearer abc.def-ghi rejected", 500, List.of()))
        .isEqualTo("Authorization: Bearer **** rejected");
    assertThat(
            Redact.providerText(
                "see https://u:pa55word@host.test/x?api_key=zzz&x=1", 500, List.of()))
        .isEqualTo("see https://u:****@host.test/x?api_key=****&x=1");
    assertThat(Redact.providerText("basic information", 500, List.of()))
        .isEqualTo("basic information");
  }

  @Test
  void removes_control_and_bidi_characters_and_bounds_the_length() {
    assertThat(Redact.providerText("a\u001b[2Jb\r\nc\u202Ed", 500, List.of()))
        .isEqualTo("a [2Jb  c d");
    assertThat(Redact.providerText("x".repeat(10_000), 100, KEY)).hasSize(103).endsWith("...");
  }

  @Test
  void url_masks_user_info_password_and_credential_parameters_only() {
    assertThat(
            Redact.url("jdbc:postgresql://rag:S3cret!@db.test:5432/rag?sslmode=require&password=x"))
        .isEqualTo("jdbc:postgresql://rag:****@db.test:5432/rag?sslmode=require&password=****");
    assertThat(Redact.url("postgresql://rag@db.test/rag"))
        .isEqualTo("postgresql://rag@db.test/rag");
    assertThat(Redact.url("jdbc:postgresql://db.test/rag?user=rag"))
        .isEqualTo("jdbc:postgresql://db.test/rag?user=rag");
  }
}
