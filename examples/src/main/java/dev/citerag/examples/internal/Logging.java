package dev.citerag.examples.internal;

import java.lang.reflect.Method;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Switches logging to DEBUG for {@code --verbose}. Logback is only a runtime dependency of the
 * command line (the library modules log through slf4j alone), so its root logger's level is set
 * reflectively; with another slf4j backend {@code --verbose} does nothing.
 */
public final class Logging {
  private Logging() {}

  /** The loggers logback.xml sets to ERROR (their warnings are noise for a user). */
  private static final String[] QUIET_LIBRARIES = {"org.apache.pdfbox", "org.apache.fontbox"};

  /** Sets the root logger to DEBUG when the backend is logback; returns whether it did. */
  public static boolean debug() {
    System.setProperty("citerag.log.level", "DEBUG");
    Logger root = LoggerFactory.getLogger(Logger.ROOT_LOGGER_NAME);
    try {
      Class<?> level =
          Class.forName("ch.qos.logback.classic.Level", false, root.getClass().getClassLoader());
      Object debug = level.getField("DEBUG").get(null);
      Method setLevel = root.getClass().getMethod("setLevel", level);
      setLevel.invoke(root, debug);
      // logback.xml hides these libraries' warnings by default; --verbose shows everything
      for (String quiet : QUIET_LIBRARIES) {
        Logger l = LoggerFactory.getLogger(quiet);
        l.getClass().getMethod("setLevel", level).invoke(l, debug);
      }
      return true;
    } catch (ReflectiveOperationException | LinkageError e) {
      return false;
    }
  }
}
