package dev.citerag.examples.web;

import java.io.IOException;

/** A request that cannot be served, with the status to answer. */
final class BadRequest extends IOException {
  private static final long serialVersionUID = 1L;

  final int status;

  BadRequest(int status, String message) {
    super(message);
    this.status = status;
  }
}
