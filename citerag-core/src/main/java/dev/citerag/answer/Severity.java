package dev.citerag.answer;

/** How serious a validation issue is. */
public enum Severity {
  /** The answer must not be served. */
  CRITICAL,
  /** Served, but reported in the trace and counted by evaluations. */
  WARNING
}
