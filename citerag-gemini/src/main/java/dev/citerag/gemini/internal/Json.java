package dev.citerag.gemini.internal;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.citerag.http.internal.Secrets;
import java.io.IOException;

/** The one Jackson mapper of the adapter: thread-safe once built. */
final class Json {
  private Json() {}

  /**
   * Unknown response fields are ignored (the API adds fields all the time); null request fields are
   * left out rather than sent as {@code null}.
   */
  static final ObjectMapper MAPPER =
      JsonMapper.builder()
          .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .defaultPropertyInclusion(
              JsonInclude.Value.construct(
                  JsonInclude.Include.NON_NULL, JsonInclude.Include.NON_NULL))
          .build();

  /** A parse failure in one line, with the key scrubbed (Jackson quotes the offending input). */
  static String describe(IOException e, String apiKey) {
    String m = e instanceof JacksonException je ? je.getOriginalMessage() : e.getMessage();
    return e.getClass().getSimpleName() + ": " + Secrets.scrub(m, apiKey);
  }
}
