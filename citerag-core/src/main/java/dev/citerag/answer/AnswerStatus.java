package dev.citerag.answer;

import com.fasterxml.jackson.annotation.JsonValue;

/** The two statuses a model may return. */
public enum AnswerStatus {
  /** The sources answer the question; citations are required. */
  ANSWERED("answered"),
  /** The sources do not answer it; no citations allowed. */
  NOT_IN_SOURCES("not_in_sources");

  private final String wire;

  AnswerStatus(String wire) {
    this.wire = wire;
  }

  /** {@return the value used on the wire and in the JSON schema, e.g. {@code not_in_sources}} */
  @JsonValue
  public String wire() {
    return wire;
  }
}
