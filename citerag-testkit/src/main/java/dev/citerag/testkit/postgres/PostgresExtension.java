package dev.citerag.testkit.postgres;

import javax.sql.DataSource;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * The extension behind {@link PostgresTest}: one database per test class, held in the class
 * context's store as a closeable resource (closing it drops the database).
 */
final class PostgresExtension implements BeforeAllCallback, AfterEachCallback, ParameterResolver {

  private static final ExtensionContext.Namespace NAMESPACE =
      ExtensionContext.Namespace.create(PostgresExtension.class);
  private static final String KEY = "database";

  @Override
  public void beforeAll(ExtensionContext context) {
    database(context);
  }

  @Override
  public void afterEach(ExtensionContext context) {
    if (context.getExecutionException().isPresent()) {
      database(context).keepOnClose();
    }
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    return type == DataSource.class || type == PostgresDatabase.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    PostgresDatabase db = database(context);
    if (type == PostgresDatabase.class) {
      return db;
    }
    if (type == DataSource.class) {
      return db.dataSource();
    }
    throw new ParameterResolutionException(
        "@PostgresTest injects DataSource or PostgresDatabase, not " + type.getName());
  }

  /** The database of the test class that {@code context} belongs to, created on first use. */
  private static PostgresDatabase database(ExtensionContext context) {
    ExtensionContext classContext = context;
    while (classContext.getTestMethod().isPresent() && classContext.getParent().isPresent()) {
      classContext = classContext.getParent().get();
    }
    return classContext
        .getStore(NAMESPACE)
        .getOrComputeIfAbsent(
            KEY, k -> PostgresFixture.shared().createDatabase(), PostgresDatabase.class);
  }
}
