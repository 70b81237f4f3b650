package dev.citerag.examples.web;

import java.nio.charset.StandardCharsets;

/** Status reason phrases and the short JSON error replies the server writes itself. */
final class SimpleResponses {
  private SimpleResponses() {}

  /** A complete {@code Connection: close} response with {@code {"error": message}} as body. */
  static byte[] simpleResponse(int status, String message) {
    String json = "{\"error\":\"" + message.replace("\\", "\\\\").replace("\"", "\\\"") + "\"}";
    byte[] body = json.getBytes(StandardCharsets.UTF_8);
    String head =
        "HTTP/1.1 "
            + status
            + " "
            + reason(status)
            + "\r\n"
            + "Content-Type: application/json; charset=utf-8\r\n"
            + "Content-Length: "
            + body.length
            + "\r\n"
            + "Cache-Control: no-store\r\n"
            + "X-Content-Type-Options: nosniff\r\n"
            + "Connection: close\r\n\r\n";
    byte[] h = head.getBytes(StandardCharsets.ISO_8859_1);
    byte[] all = new byte[h.length + body.length];
    System.arraycopy(h, 0, all, 0, h.length);
    System.arraycopy(body, 0, all, h.length, body.length);
    return all;
  }

  static String reason(int status) {
    return switch (status) {
      case 100 -> "Continue";
      case 200 -> "OK";
      case 400 -> "Bad Request";
      case 403 -> "Forbidden";
      case 404 -> "Not Found";
      case 405 -> "Method Not Allowed";
      case 408 -> "Request Timeout";
      case 411 -> "Length Required";
      case 413 -> "Content Too Large";
      case 415 -> "Unsupported Media Type";
      case 431 -> "Request Header Fields Too Large";
      case 500 -> "Internal Server Error";
      case 501 -> "Not Implemented";
      case 503 -> "Service Unavailable";
      default -> "Status";
    };
  }
}
