package dev.citerag.testkit.wire;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.TimeUnit;
import okhttp3.Headers;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.jspecify.annotations.Nullable;

/**
 * A plain OkHttp client for asserting the wire shapes of the fakes, as an adapter would see them.
 */
final class Http {
  static final ObjectMapper JSON = new ObjectMapper();
  private static final MediaType APPLICATION_JSON = MediaType.get("application/json");
  static final OkHttpClient CLIENT =
      new OkHttpClient.Builder().readTimeout(5, TimeUnit.SECONDS).build();

  record Result(int status, @Nullable String contentType, String body, Headers headers) {
    JsonNode json() {
      try {
        return JSON.readTree(body);
      } catch (IOException e) {
        throw new UncheckedIOException("not JSON: " + body, e);
      }
    }
  }

  static Result post(String url, String json, String... headers) {
    Request.Builder b =
        new Request.Builder().url(url).post(RequestBody.create(json, APPLICATION_JSON));
    for (int i = 0; i < headers.length; i += 2) {
      b.header(headers[i], headers[i + 1]);
    }
    return call(b.build());
  }

  static Result get(String url) {
    return call(new Request.Builder().url(url).get().build());
  }

  private static Result call(Request r) {
    try (Response resp = CLIENT.newCall(r).execute()) {
      return new Result(
          resp.code(), resp.header("Content-Type"), resp.body().string(), resp.headers());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private Http() {}
}
