package dev.citerag.testkit.postgres;

import org.jspecify.annotations.Nullable;

/** A running PostgreSQL server the fixture makes databases in. */
interface Server {

  /** A URL of a database that always exists (for CREATE/DROP DATABASE); carries no password. */
  String adminUrl();

  /** A URL for the database {@code name} on this server; carries no password. */
  String urlFor(String name);

  String username();

  @Nullable String password();

  /** Whether the server belongs to someone else (so databases of failed tests are kept). */
  boolean external();

  /**
   * For messages, e.g. {@code local cluster (PostgreSQL bin /usr/lib/postgresql/15/bin) on
   * 127.0.0.1:54123}.
   */
  String description();
}
