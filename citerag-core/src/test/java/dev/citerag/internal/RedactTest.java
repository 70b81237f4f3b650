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

  @Test
  void masks_a_secret_echoed_in_another_letter_case_or_split_by_zero_width_characters() {
    String upper = KEY.toUpperCase(java.util.Locale.ROOT);
    String split =
        KEY.substring(0, 10) + "\u200B" + KEY.substring(10, 20) + "\u2060" + KEY.substring(20);
    String fullwidth = fullwidth(KEY);
    for (String echo : List.of(upper, KEY.toLowerCase(java.util.Locale.ROOT), split, fullwidth)) {
      String s = Redact.providerText("bad key " + echo + " given", 500, KEY);
      assertThat(s).startsWith("bad key ").endsWith(" given").contains(Redact.MASK);
      assertThat(s.toLowerCase(java.util.Locale.ROOT))
          .doesNotContain(KEY.substring(0, 10).toLowerCase(java.util.Locale.ROOT))
          .doesNotContain(KEY.substring(KEY.length() - 10).toLowerCase(java.util.Locale.ROOT));
    }
  }

  @Test
  void a_term_matches_a_registered_secret_under_case_folding_confusables_and_zero_width() {
    String secret = "Pg-Pa55word-Ekzq7";
    Redact.registerSecret(secret);
    assertThat(Redact.matchesSecret("pg-pa55word-ekzq7")).isTrue();
    // Cyrillic a and e, a zero-width joiner, a digit zero for the letter o
    assertThat(Redact.matchesSecret("pg-p\u043055w0rd-\u0435kz\u200Dq7")).isTrue();
    // a piece of it at least as long as the shortest masked piece
    assertThat(Redact.matchesSecret("pa55word-ek")).isTrue();
    assertThat(Redact.matchesSecret("rollback")).isFalse();
    assertThat(Redact.matchesSecret("password")).isFalse();
  }

  @Test
  void folding_bounds_its_work_for_characters_that_expand_and_short_secrets_match_whole_words() {
    String s =
        Redact.providerText(
            "\uFDFA".repeat(200) + " " + KEY.toLowerCase(java.util.Locale.ROOT), 5000, KEY);
    assertThat(s).endsWith(" " + Redact.MASK).startsWith("\uFDFA");
    Redact.registerSecret("pw42");
    assertThat(Redact.matchesSecret("PW42")).isTrue();
    assertThat(Redact.matchesSecret("pw421")).isFalse();
  }

  @Test
  void url_masks_credential_parameters_whatever_their_case() {
    assertThat(Redact.url("jdbc:postgresql://db.test/rag?PassWord=s3cr3t&SSLPASSWORD=k3y&x=1"))
        .isEqualTo("jdbc:postgresql://db.test/rag?PassWord=****&SSLPASSWORD=****&x=1");
  }

  @Test
  void url_masks_a_user_info_password_holding_unescaped_slash_or_at() {
    for (String pw : List.of("a/b@c", "p@ss/w@rd", "x/y", "@@", "a?b#c")) {
      String url = "jdbc:postgresql://rag:" + pw + "@db.test:5432/rag?sslmode=require";
      assertThat(Redact.url(url))
          .isEqualTo("jdbc:postgresql://rag:****@db.test:5432/rag?sslmode=require");
      assertThat(Redact.providerText("cannot connect to " + url + " now", 500, List.of()))
          .doesNotContain(pw)
          .contains("db.test:5432");
    }
  }

  private static String fullwidth(String s) {
    StringBuilder b = new StringBuilder();
    for (char c : s.toCharArray()) {
      b.append(c > 0x20 && c < 0x7f ? (char) (c - 0x21 + 0xFF01) : c);
    }
    return b.toString();
  }
}
