package dev.citerag.testkit.postgres;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Gives a test class a fresh PostgreSQL database with pgvector available. Constructor, lifecycle
 * and test method parameters of type {@link javax.sql.DataSource} or {@link PostgresDatabase} are
 * injected; all of them in one test class see the same database, and no other test class sees it.
 *
 * <pre>{@code
 * @PostgresTest
 * class MyStoreTest {
 *   @Test
 *   void stores(DataSource db) throws SQLException {
 *     try (Connection c = db.getConnection()) { ... }
 *   }
 * }
 * }</pre>
 *
 * <p>The server is started once per JVM (see {@link PostgresFixture#shared()} for where it comes
 * from). The database is dropped when the test class finishes; on an external server ({@code
 * CITERAG_TEST_JDBC_URL}) it is kept, and its name logged, when a test of the class failed.
 *
 * @see PostgresFixture
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(PostgresExtension.class)
@SuppressWarnings("exports") // the extension is internal on purpose; JUnit reaches it through opens
public @interface PostgresTest {}
