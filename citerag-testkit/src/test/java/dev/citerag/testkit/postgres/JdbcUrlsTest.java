package dev.citerag.testkit.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class JdbcUrlsTest {

  @Test
  void replaces_the_database_keeping_hosts_and_parameters() {
    assertThat(JdbcUrls.withDatabase("jdbc:postgresql://h:5432/app?sslmode=disable", "t1"))
        .isEqualTo("jdbc:postgresql://h:5432/t1?sslmode=disable");
    assertThat(JdbcUrls.withDatabase("jdbc:postgresql://h1:5432,h2:5433/app", "t1"))
        .isEqualTo("jdbc:postgresql://h1:5432,h2:5433/t1");
    assertThat(JdbcUrls.withDatabase("jdbc:postgresql://h", "t1"))
        .isEqualTo("jdbc:postgresql://h/t1");
    assertThat(JdbcUrls.withDatabase("jdbc:postgresql://h?user=u", "t1"))
        .isEqualTo("jdbc:postgresql://h/t1?user=u");
  }

  @Test
  void reads_and_removes_parameters() {
    String url = "jdbc:postgresql://h/db?user=bob&password=p%40ss&ssl=true";
    assertThat(JdbcUrls.parameters(url))
        .containsEntry("user", "bob")
        .containsEntry("password", "p@ss");
    assertThat(JdbcUrls.withoutParameter(url, "password"))
        .isEqualTo("jdbc:postgresql://h/db?user=bob&ssl=true");
    assertThat(JdbcUrls.withoutParameter("jdbc:postgresql://h/db?password=x", "password"))
        .isEqualTo("jdbc:postgresql://h/db");
  }

  @Test
  void masks_passwords_for_display() {
    assertThat(JdbcUrls.display("jdbc:postgresql://h/db?user=u&password=hunter2&x=1"))
        .isEqualTo("jdbc:postgresql://h/db?user=u&password=****&x=1");
  }

  @Test
  void masks_credentials_of_any_case_and_passwords_holding_slash_or_at_for_display() {
    assertThat(JdbcUrls.display("jdbc:postgresql://h/db?PassWord=hunter2&SSLPASSWORD=k&x=1"))
        .isEqualTo("jdbc:postgresql://h/db?PassWord=****&SSLPASSWORD=****&x=1");
    assertThat(JdbcUrls.display("jdbc:postgresql://u:hun/ter@2@h:5432/db?x=1"))
        .isEqualTo("jdbc:postgresql://u:****@h:5432/db?x=1");
    assertThat(JdbcUrls.withoutParameter("jdbc:postgresql://h/db?PassWord=x&a=1", "password"))
        .isEqualTo("jdbc:postgresql://h/db?a=1");
  }

  @Test
  void rejects_urls_of_other_databases() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> JdbcUrls.withDatabase("jdbc:mysql://h/db?password=zzz", "t"));
    assertThat(e.getMessage()).contains("jdbc:postgresql://").doesNotContain("zzz");
  }
}
