package dev.citerag.examples.web;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** A small HTTP client for the demo server tests. */
final class Http {
  private static final HttpClient CLIENT =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  private Http() {}

  static HttpResponse<String> get(URI uri) {
    return send(HttpRequest.newBuilder(uri).GET().build());
  }

  static HttpResponse<String> post(URI uri, String contentType, String body) {
    return send(
        HttpRequest.newBuilder(uri)
            .header("Content-Type", contentType)
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build());
  }

  static HttpResponse<String> postJson(URI uri, String body) {
    return post(uri, "application/json", body);
  }

  static HttpResponse<String> postJson(URI uri, String body, String header, String value) {
    return send(
        HttpRequest.newBuilder(uri)
            .header("Content-Type", "application/json")
            .header(header, value)
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build());
  }

  private static HttpResponse<String> send(HttpRequest r) {
    try {
      return CLIENT.send(
          HttpRequest.newBuilder(r, (k, v) -> true).timeout(Duration.ofSeconds(30)).build(),
          HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
