package dev.citerag.examples.web;

import com.sun.net.httpserver.Headers;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import org.jspecify.annotations.Nullable;

/**
 * Request line and headers, read within bounds: at most {@link #MAX_HEAD_BYTES} bytes and {@link
 * #MAX_HEADERS} header lines (431 or 400 beyond them). The time bound comes from the {@link
 * DeadlineInput} it reads from.
 */
record RequestHead(String method, URI uri, String protocol, Headers headers) {

  /** Longest request line plus headers. */
  static final int MAX_HEAD_BYTES = 32 * 1024;

  /** Most header lines. */
  static final int MAX_HEADERS = 100;

  /** The head, or null when the client closed before sending anything. */
  static @Nullable RequestHead read(InputStream in) throws IOException {
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    int total = 0;
    String requestLine = null;
    Headers headers = new Headers();
    int count = 0;
    while (true) {
      int c = in.read();
      if (c < 0) {
        if (requestLine == null && total == 0) {
          return null;
        }
        throw new BadRequest(400, "connection closed inside the request headers");
      }
      if (++total > MAX_HEAD_BYTES) {
        throw new BadRequest(431, "request headers longer than " + MAX_HEAD_BYTES + " bytes");
      }
      if (c != '\n') {
        line.write(c);
        continue;
      }
      String l = line.toString(StandardCharsets.ISO_8859_1);
      line.reset();
      if (l.endsWith("\r")) {
        l = l.substring(0, l.length() - 1);
      }
      if (requestLine == null) {
        if (l.isEmpty()) {
          continue; // tolerated before the request line
        }
        requestLine = l;
        continue;
      }
      if (l.isEmpty()) {
        break;
      }
      int colon = l.indexOf(':');
      if (colon <= 0 || ++count > MAX_HEADERS) {
        throw new BadRequest(400, "malformed or too many header lines");
      }
      headers.add(l.substring(0, colon).strip(), l.substring(colon + 1).strip());
    }
    return withRequestLine(requestLine, headers);
  }

  /** Splits {@code METHOD target HTTP/1.x}; anything else is a 400. */
  private static RequestHead withRequestLine(String requestLine, Headers headers)
      throws BadRequest {
    String[] parts = requestLine.split(" ", -1);
    if (parts.length != 3 || !parts[2].startsWith("HTTP/1.")) {
      throw new BadRequest(400, "malformed request line");
    }
    URI uri;
    try {
      uri = new URI(parts[1]);
    } catch (URISyntaxException e) {
      throw new BadRequest(400, "malformed request target");
    }
    return new RequestHead(parts[0], uri, parts[2], headers);
  }
}
