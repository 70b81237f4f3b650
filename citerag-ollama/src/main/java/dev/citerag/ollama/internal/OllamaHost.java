package dev.citerag.ollama.internal;

import dev.citerag.internal.Checks;
import java.util.Locale;
import java.util.Map;
import okhttp3.HttpUrl;
import org.jspecify.annotations.Nullable;

/**
 * Turns the ways people write an Ollama address into one base URL.
 *
 * <p>Accepted forms, following the rules the {@code ollama} command line itself applies to {@code
 * OLLAMA_HOST}:
 *
 * <ul>
 *   <li>{@code host}, {@code host:port}, {@code :port}, {@code [::1]:port}: scheme {@code http},
 *       port 11434 when none is given;
 *   <li>{@code http://host[:port][/path]} and {@code https://...}: the scheme's own default port
 *       (80, 443) when none is given, as the {@code ollama} CLI does; a path is kept as a prefix (a
 *       reverse proxy that serves Ollama under {@code /ollama/});
 *   <li>the unspecified addresses {@code 0.0.0.0} and {@code ::}, which tell a <em>server</em> to
 *       listen everywhere, mean the loopback address for a client.
 * </ul>
 *
 * Credentials in the URL, a query or a fragment are rejected rather than dropped: put
 * authentication into an {@code OkHttpClient} interceptor instead.
 */
public final class OllamaHost {
  private OllamaHost() {}

  /** The default address of a local Ollama server. */
  public static final String DEFAULT = "http://127.0.0.1:11434";

  /** The environment variable the {@code ollama} CLI reads. */
  public static final String ENV_HOST = "OLLAMA_HOST";

  private static final int OLLAMA_PORT = 11434;

  /**
   * The explicit value if set, else a non-blank {@code OLLAMA_HOST} from {@code env}, else {@link
   * #DEFAULT}.
   *
   * @throws IllegalArgumentException naming {@code OLLAMA_HOST} when that variable is malformed
   */
  public static HttpUrl resolve(@Nullable HttpUrl explicit, Map<String, String> env) {
    if (explicit != null) {
      return explicit;
    }
    String fromEnv = env.get(ENV_HOST);
    if (fromEnv != null && !unquote(fromEnv).isEmpty()) {
      return parse(fromEnv, ENV_HOST);
    }
    return parse(DEFAULT, "baseUrl");
  }

  /**
   * Parses and normalises an address. The result's path always ends with {@code /} so that API
   * paths can be resolved against it.
   *
   * @param field named in the exception message
   * @throws IllegalArgumentException when the value is blank, has another scheme than http(s),
   *     carries credentials, a query or a fragment, or has a bad host or port
   */
  public static HttpUrl parse(@Nullable String raw, String field) {
    Checks.notNull(raw, field);
    String value = unquote(raw);
    if (value.isEmpty()) {
      throw new IllegalArgumentException(field + " must not be blank");
    }
    String scheme = "http";
    int defaultPort = OLLAMA_PORT;
    String rest = value;
    int sep = value.indexOf("://");
    if (sep >= 0) {
      scheme = value.substring(0, sep).toLowerCase(Locale.ROOT);
      rest = value.substring(sep + 3);
      if (scheme.equals("http")) {
        defaultPort = 80;
      } else if (scheme.equals("https")) {
        defaultPort = 443;
      } else {
        throw new IllegalArgumentException(
            field + " must use http or https, was \"" + scheme + "://...\"");
      }
    }
    if (rest.contains("?") || rest.contains("#")) {
      throw new IllegalArgumentException(
          field + " must not contain a query or fragment, was \"" + value + "\"");
    }
    int slash = rest.indexOf('/');
    String hostPort = slash < 0 ? rest : rest.substring(0, slash);
    String path = slash < 0 ? "/" : rest.substring(slash);
    if (hostPort.contains("@")) {
      throw new IllegalArgumentException(
          field
              + " must not contain credentials (user:password@);"
              + " add authentication with an OkHttpClient interceptor instead");
    }

    String host;
    String port = null;
    if (hostPort.startsWith("[")) {
      int close = hostPort.indexOf(']');
      if (close < 0) {
        throw new IllegalArgumentException(
            field + " has an unclosed IPv6 bracket: \"" + value + "\"");
      }
      host = hostPort.substring(1, close);
      String after = hostPort.substring(close + 1);
      if (after.startsWith(":")) {
        port = after.substring(1);
      } else if (!after.isEmpty()) {
        throw new IllegalArgumentException(field + " is not a valid address: \"" + value + "\"");
      }
    } else if (hostPort.indexOf(':') != hostPort.lastIndexOf(':')) {
      host = hostPort; // a bare IPv6 address without a port
    } else {
      int colon = hostPort.indexOf(':');
      host = colon < 0 ? hostPort : hostPort.substring(0, colon);
      port = colon < 0 ? null : hostPort.substring(colon + 1);
    }
    host = clientHost(host);

    int portNumber = defaultPort;
    if (port != null) {
      if (port.isEmpty() || port.length() > 5 || !port.chars().allMatch(Character::isDigit)) {
        throw new IllegalArgumentException(
            field + " port must be a number between 1 and 65535, was \"" + port + "\"");
      }
      portNumber = Integer.parseInt(port);
      if (portNumber < 1 || portNumber > 65535) {
        throw new IllegalArgumentException(
            field + " port must be between 1 and 65535, was " + portNumber);
      }
    }
    if (!path.endsWith("/")) {
      path = path + "/";
    }
    try {
      return new HttpUrl.Builder()
          .scheme(scheme)
          .host(host)
          .port(portNumber)
          .encodedPath(path)
          .build();
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          field + " is not a valid address: \"" + value + "\" (" + e.getMessage() + ")", e);
    }
  }

  /** The base URL for messages and logs, without its trailing slash. */
  public static String display(HttpUrl baseUrl) {
    String s = baseUrl.toString();
    return s.endsWith("/") ? s.substring(0, s.length() - 1) : s;
  }

  private static String clientHost(String host) {
    String h = host.trim();
    if (h.isEmpty() || h.equals("0.0.0.0")) {
      return "127.0.0.1";
    }
    if (h.equals("::") || h.equals("0:0:0:0:0:0:0:0")) {
      return "::1";
    }
    return h;
  }

  private static String unquote(String raw) {
    String v = raw.strip();
    while (!v.isEmpty() && (v.charAt(0) == '"' || v.charAt(0) == '\'')) {
      v = v.substring(1);
    }
    while (!v.isEmpty() && (v.endsWith("\"") || v.endsWith("'"))) {
      v = v.substring(0, v.length() - 1);
    }
    return v.strip();
  }
}
