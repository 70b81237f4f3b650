package dev.citerag.testkit.postgres;

import java.util.Map;
import org.jspecify.annotations.Nullable;

/** The server named by {@code CITERAG_TEST_JDBC_URL}. */
final class ExternalServer extends UrlServer {

  ExternalServer(String rawUrl, Map<String, String> env) {
    super(
        JdbcUrls.withoutParameter(JdbcUrls.withoutParameter(rawUrl, "password"), "user"),
        user(rawUrl, env),
        password(rawUrl, env));
  }

  private static String user(String rawUrl, Map<String, String> env) {
    String user = env.get("CITERAG_TEST_JDBC_USER");
    if (user == null || user.isBlank()) {
      user = JdbcUrls.parameters(rawUrl).getOrDefault("user", "postgres");
    }
    return user;
  }

  private static @Nullable String password(String rawUrl, Map<String, String> env) {
    String pw = env.get("CITERAG_TEST_JDBC_PASSWORD");
    return pw != null ? pw : JdbcUrls.parameters(rawUrl).get("password");
  }

  @Override
  public boolean external() {
    return true;
  }

  @Override
  public String description() {
    return "server from CITERAG_TEST_JDBC_URL (" + adminUrl() + ")";
  }
}
