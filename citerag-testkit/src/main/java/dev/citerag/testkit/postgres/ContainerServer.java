package dev.citerag.testkit.postgres;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Optional;

/**
 * A {@code pgvector/pgvector:pg17} container through Testcontainers, used reflectively so that
 * Testcontainers stays an optional dependency of the testkit.
 */
final class ContainerServer extends UrlServer {
  static final String IMAGE = "pgvector/pgvector:pg17";

  private final Object container;

  private ContainerServer(Object container, String url, String username, String password) {
    super(url, username, password);
    this.container = container;
  }

  /** Why Testcontainers cannot be used, or empty when it can. */
  static Optional<String> unavailableReason() {
    try {
      Class<?> factory = Class.forName("org.testcontainers.DockerClientFactory");
      Object instance = factory.getMethod("instance").invoke(null);
      boolean docker = (Boolean) factory.getMethod("isDockerAvailable").invoke(instance);
      return docker ? Optional.empty() : Optional.of("Testcontainers found no Docker engine");
    } catch (ClassNotFoundException e) {
      return Optional.of("Testcontainers is not on the test classpath");
    } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
      return Optional.of("Testcontainers could not be used: " + e);
    }
  }

  static ContainerServer start() {
    try {
      Class<?> names = Class.forName("org.testcontainers.utility.DockerImageName");
      Object image = names.getMethod("parse", String.class).invoke(null, IMAGE);
      image = names.getMethod("asCompatibleSubstituteFor", String.class).invoke(image, "postgres");
      Class<?> type = Class.forName("org.testcontainers.containers.PostgreSQLContainer");
      Object container = type.getConstructor(names).newInstance(image);
      type.getMethod("start").invoke(container);
      Method stop = type.getMethod("stop");
      Runtime.getRuntime()
          .addShutdownHook(
              new Thread(
                  () -> {
                    try {
                      stop.invoke(container);
                    } catch (ReflectiveOperationException ignored) {
                      // Testcontainers' reaper removes the container anyway
                    }
                  },
                  "citerag-pg-container-stop"));
      String url = (String) type.getMethod("getJdbcUrl").invoke(container);
      String user = (String) type.getMethod("getUsername").invoke(container);
      String password = (String) type.getMethod("getPassword").invoke(container);
      return new ContainerServer(container, url, user, password);
    } catch (InvocationTargetException e) {
      throw new IllegalStateException(
          "could not start the " + IMAGE + " container: " + e.getCause(), e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("could not start the " + IMAGE + " container: " + e, e);
    }
  }

  @Override
  public boolean external() {
    return false;
  }

  @Override
  public String description() {
    return "Testcontainers "
        + IMAGE
        + " ("
        + container.getClass().getSimpleName()
        + ") at "
        + adminUrl();
  }
}
