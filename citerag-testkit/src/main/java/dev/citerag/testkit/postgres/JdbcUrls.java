package dev.citerag.testkit.postgres;

import dev.citerag.internal.Redact;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Small, strict helpers for {@code jdbc:postgresql://host[:port][,...]/database[?k=v&...]} URLs.
 */
final class JdbcUrls {
  private static final String PREFIX = "jdbc:postgresql://";

  private JdbcUrls() {}

  /** The URL with its database replaced by {@code database}. */
  static String withDatabase(String url, String database) {
    requirePostgres(url);
    int hostStart = PREFIX.length();
    int query = url.indexOf('?', hostStart);
    int end = query < 0 ? url.length() : query;
    int slash = url.indexOf('/', hostStart);
    String hosts =
        slash < 0 || slash > end ? url.substring(hostStart, end) : url.substring(hostStart, slash);
    if (hosts.isEmpty()) {
      throw new IllegalArgumentException("JDBC URL has no host: " + display(url));
    }
    return PREFIX + hosts + "/" + database + (query < 0 ? "" : url.substring(query));
  }

  /** The URL's query parameters, decoded. */
  static Map<String, String> parameters(String url) {
    requirePostgres(url);
    Map<String, String> out = new LinkedHashMap<>();
    int query = url.indexOf('?');
    if (query < 0) {
      return out;
    }
    for (String pair : url.substring(query + 1).split("&", -1)) {
      if (pair.isEmpty()) {
        continue;
      }
      int eq = pair.indexOf('=');
      String k = eq < 0 ? pair : pair.substring(0, eq);
      String v = eq < 0 ? "" : pair.substring(eq + 1);
      out.put(
          URLDecoder.decode(k, StandardCharsets.UTF_8),
          URLDecoder.decode(v, StandardCharsets.UTF_8));
    }
    return out;
  }

  /** The URL without the query parameter {@code name} (e.g. {@code password}) in any case. */
  static String withoutParameter(String url, String name) {
    requirePostgres(url);
    int query = url.indexOf('?');
    if (query < 0) {
      return url;
    }
    StringBuilder kept = new StringBuilder();
    for (String pair : url.substring(query + 1).split("&", -1)) {
      int eq = pair.indexOf('=');
      String k = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
      if (pair.isEmpty() || k.equalsIgnoreCase(name)) {
        continue;
      }
      kept.append(kept.length() == 0 ? "" : "&").append(pair);
    }
    return url.substring(0, query) + (kept.length() == 0 ? "" : "?" + kept);
  }

  /**
   * The URL for messages: every credential parameter (whatever its case) and a {@code
   * user:password@} password (even one holding unescaped {@code /} or {@code @}) masked.
   */
  static String display(String url) {
    return Redact.url(url);
  }

  private static void requirePostgres(String url) {
    if (!url.startsWith(PREFIX)) {
      throw new IllegalArgumentException(
          "JDBC URL must start with " + PREFIX + ", was " + display(url));
    }
  }
}
