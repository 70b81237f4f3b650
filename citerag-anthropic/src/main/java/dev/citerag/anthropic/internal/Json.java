package dev.citerag.anthropic.internal;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.citerag.http.internal.Secrets;
import java.io.IOException;
import org.jspecify.annotations.Nullable;

/** The one Jackson mapper of the adapter: thread-safe once built. */
final class Json {
  private Json() {}

  /**
   * Unknown response fields are ignored (the API adds fields and block types over time); null
   * request fields are left out rather than sent as {@code null}. Record components are written and
   * read in snake_case, as the API names its fields.
   */
  static final ObjectMapper MAPPER =
      JsonMapper.builder()
          .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
          .defaultPropertyInclusion(
              JsonInclude.Value.construct(
                  JsonInclude.Include.NON_NULL, JsonInclude.Include.NON_NULL))
          .build();

  /** A parse failure in one line, scrubbed (Jackson quotes the offending input). */
  static String describe(IOException e, @Nullable String apiKey) {
    String m = e instanceof JacksonException je ? je.getOriginalMessage() : e.getMessage();
    return e.getClass().getSimpleName() + ": " + Secrets.scrub(m, apiKey);
  }
}
