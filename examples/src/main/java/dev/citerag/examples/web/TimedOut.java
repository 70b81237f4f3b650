package dev.citerag.examples.web;

import java.io.IOException;

/** A read that did not finish before its deadline; the client is answered 408. */
final class TimedOut extends IOException {
  private static final long serialVersionUID = 1L;

  TimedOut(String message) {
    super(message);
  }
}
