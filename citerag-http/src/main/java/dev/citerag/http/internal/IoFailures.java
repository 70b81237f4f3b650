package dev.citerag.http.internal;

import dev.citerag.PermanentProviderException;
import dev.citerag.ProviderException;
import dev.citerag.TransientProviderException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.util.Locale;

/**
 * Types a transport failure. A refused connection, an unknown host or no route fails at once (kind
 * CONNECTION, not retried): nothing listens there, and no server will appear within a retry window.
 * A timeout (OkHttp's call timeout, a socket read or connect timeout) is a retryable TIMEOUT; any
 * other broken connection a retryable CONNECTION failure.
 */
final class IoFailures {
  private IoFailures() {}

  /**
   * @param endpoint e.g. {@code POST http://127.0.0.1:11434/api/chat}, for the message
   * @param code the HTTP status when the failure came while reading the body, else 0
   * @param ms how long the attempt ran
   */
  static ProviderException map(
      HttpTransport.Profile profile, IOException e, String endpoint, int code, long ms) {
    String provider = profile.provider();
    String cause = Secrets.describe(e, profile.secret());
    if (code == 0
        && (refused(e)
            || e instanceof UnknownHostException
            || e instanceof NoRouteToHostException)) {
      return new PermanentProviderException(
          provider,
          ProviderException.Kind.CONNECTION,
          0,
          null,
          Secrets.scrubMessage(profile.unreachable().message(endpoint, cause), profile.secret()),
          e);
    }
    if (e instanceof InterruptedIOException) {
      return new TransientProviderException(
          provider,
          ProviderException.Kind.TIMEOUT,
          code,
          null,
          endpoint + " timed out after " + ms + " ms (" + cause + ")" + profile.timeoutAdvice(),
          null,
          e);
    }
    return new TransientProviderException(
        provider,
        ProviderException.Kind.CONNECTION,
        code,
        null,
        endpoint
            + " connection failed"
            + (code > 0 ? " while reading the HTTP " + code + " body" : "")
            + " ("
            + cause
            + ")",
        null,
        e);
  }

  /**
   * A refused TCP connection: a {@link ConnectException} in the cause chain whose message (or a
   * cause's) says so; OkHttp wraps the JDK's "Connection refused" in its own "Failed to connect".
   */
  static boolean refused(IOException e) {
    boolean connect = false;
    boolean saysRefused = false;
    for (Throwable t = e; t != null; t = t.getCause()) {
      connect |= t instanceof ConnectException;
      String m = t.getMessage();
      saysRefused |= m != null && m.toLowerCase(Locale.ROOT).contains("refused");
    }
    return connect && saysRefused;
  }
}
