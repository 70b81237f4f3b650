/**
 * A PostgreSQL + pgvector fixture for tests: {@link dev.citerag.testkit.postgres.PostgresTest} on a
 * test class injects a {@link javax.sql.DataSource} (or a {@link
 * dev.citerag.testkit.postgres.PostgresDatabase}) for a fresh database of its own.
 *
 * <p>Where the server comes from, in order: the JDBC URL in the environment variable {@code
 * CITERAG_TEST_JDBC_URL}; a throwaway cluster made with the local {@code initdb}/{@code pg_ctl}
 * (from {@code PG_BIN}, else the newest {@code /usr/lib/postgresql/<major>/bin}); a Testcontainers
 * {@code pgvector/pgvector:pg17} container when Testcontainers is on the classpath and a Docker
 * engine answers. Otherwise the fixture fails with a message naming {@code
 * scripts/setup-postgres.sh}.
 */
@NullMarked
package dev.citerag.testkit.postgres;

import org.jspecify.annotations.NullMarked;
