package dev.citerag.testkit.postgres;

import java.util.Map;
import org.jspecify.annotations.Nullable;

/** The server named by {@code CITERAG_TEST_JDBC_URL}. */
final class ExternalServer implements Server {
  private final String url;
  private final String username;
  private final @Nullable String password;

  ExternalServer(String rawUrl, Map<String, String> env) {
    Map<String, String> params = JdbcUrls.parameters(rawUrl);
    this.url = JdbcUrls.withoutParameter(JdbcUrls.withoutParameter(rawUrl, "password"), "user");
    String user = env.get("CITERAG_TEST_JDBC_USER");
    if (user == null || user.isBlank()) {
      user = params.getOrDefault("user", "postgres");
    }
    this.username = user;
    String pw = env.get("CITERAG_TEST_JDBC_PASSWORD");
    this.password = pw != null ? pw : params.get("password");
  }

  @Override
  public String adminUrl() {
    return url;
  }

  @Override
  public String urlFor(String name) {
    return JdbcUrls.withDatabase(url, name);
  }

  @Override
  public String username() {
    return username;
  }

  @Override
  public @Nullable String password() {
    return password;
  }

  @Override
  public boolean external() {
    return true;
  }

  @Override
  public String description() {
    return "server from CITERAG_TEST_JDBC_URL (" + url + ")";
  }
}
