package dev.citerag.pgvector.internal;

import dev.citerag.internal.Redact;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * A PostgreSQL address as people write it, split into what the driver gets and what people see.
 *
 * <p>Accepted: {@code jdbc:postgresql://...} (pgjdbc's form) and {@code postgresql://...} or {@code
 * postgres://...} (libpq's URI form, as {@code psql} takes it). Credentials in the authority
 * ({@code user:password@host}, the password possibly holding unescaped {@code /} or {@code @}) and
 * the {@code user} / {@code password} query parameters (whatever their case) are taken out of the
 * URL and handed to the pool as properties, so that no log line of the pool or the driver (HikariCP
 * prints its {@code jdbcUrl} at debug level) ever holds the password; the other parameters ({@code
 * sslmode}, ...) stay in the URL.
 *
 * @param jdbcUrl what the driver connects to: {@code jdbc:postgresql://host[:port]/db[?params]},
 *     without credentials
 * @param user the user named in the URL, if any
 * @param password the password given in the URL, if any
 * @param display the URL for messages: the user kept, the password masked
 */
public record PgUrl(
    String jdbcUrl, @Nullable String user, @Nullable String password, String display) {

  @Override
  public String toString() {
    return display;
  }

  /**
   * Parses {@code url}.
   *
   * @param field named in the exception message
   * @throws IllegalArgumentException when the URL is not a PostgreSQL URL (the message shows it
   *     with its password masked)
   */
  public static PgUrl parse(String url, String field) {
    String lower = url.toLowerCase(Locale.ROOT);
    String rest;
    if (lower.startsWith("jdbc:postgresql:")) {
      rest = url.substring("jdbc:postgresql:".length());
    } else if (lower.startsWith("postgresql:")) {
      rest = url.substring("postgresql:".length());
    } else if (lower.startsWith("postgres:")) {
      rest = url.substring("postgres:".length());
    } else {
      throw new IllegalArgumentException(
          field
              + " must be a jdbc:postgresql://host:port/database or"
              + " postgresql://user@host:port/database URL, was "
              + Redact.url(url));
    }
    if (!rest.startsWith("//")) {
      // jdbc:postgresql:database (local host): nothing to take out of an authority
      return fromQuery("jdbc:postgresql:", rest, null, null, url);
    }
    // a password may hold unescaped '/', '@', '?' or '#': the user-info ends at the last '@' that
    // a host follows
    int at = Redact.userInfoEnd(rest, 2, rest.length());
    int authorityEnd = at < 0 ? 2 : at + 1;
    while (authorityEnd < rest.length() && "/?#".indexOf(rest.charAt(authorityEnd)) < 0) {
      authorityEnd++;
    }
    String authority = rest.substring(2, authorityEnd);
    String user = null;
    String password = null;
    if (at >= 0) {
      String info = rest.substring(2, at);
      authority = rest.substring(at + 1, authorityEnd);
      int colon = info.indexOf(':');
      user = decode(colon < 0 ? info : info.substring(0, colon));
      password = colon < 0 ? null : decode(info.substring(colon + 1));
      if (user.isEmpty()) {
        user = null;
      }
    }
    if (authority.isEmpty()) {
      authority = "localhost";
    }
    return fromQuery(
        "jdbc:postgresql://" + authority, rest.substring(authorityEnd), user, password, url);
  }

  private static PgUrl fromQuery(
      String prefix,
      String pathAndQuery,
      @Nullable String user,
      @Nullable String password,
      String original) {
    int q = pathAndQuery.indexOf('?');
    String path = q < 0 ? pathAndQuery : pathAndQuery.substring(0, q);
    StringBuilder kept = new StringBuilder();
    if (q >= 0) {
      for (String pair : pathAndQuery.substring(q + 1).split("&", -1)) {
        int eq = pair.indexOf('=');
        String name = eq < 0 ? pair : pair.substring(0, eq);
        String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
        String lower = name.toLowerCase(Locale.ROOT);
        if (lower.equals("user")) {
          user = user == null ? value : user;
        } else if (lower.equals("password")) {
          password = password == null ? value : password;
        } else if (lower.endsWith("password")) {
          // sslpassword and the like stay for the driver, under the lower-case name it knows and
          // the pool's own configuration dump masks
          kept.append(kept.length() == 0 ? '?' : '&')
              .append(lower)
              .append(pair, name.length(), pair.length());
        } else if (!pair.isEmpty()) {
          kept.append(kept.length() == 0 ? '?' : '&').append(pair);
        }
      }
    }
    return new PgUrl(prefix + path + kept, user, password, Redact.url(original));
  }

  private static String decode(String s) {
    try {
      return URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException badEscape) {
      return s;
    }
  }
}
