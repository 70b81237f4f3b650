package dev.citerag.testkit.postgres;

import org.jspecify.annotations.Nullable;

/** A server reached by a JDBC URL and credentials that some other party started. */
abstract class UrlServer implements Server {
  private final String url;
  private final String username;
  private final @Nullable String password;

  UrlServer(String url, String username, @Nullable String password) {
    this.url = url;
    this.username = username;
    this.password = password;
  }

  @Override
  public final String adminUrl() {
    return url;
  }

  @Override
  public final String urlFor(String name) {
    return JdbcUrls.withDatabase(url, name);
  }

  @Override
  public final String username() {
    return username;
  }

  @Override
  public final @Nullable String password() {
    return password;
  }
}
