package dev.citerag.bench.harness;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** Facts about the machine and the JVM that a reader needs to judge the figures. */
public final class Machine {
  private Machine() {}

  /** The 1, 5 and 15 minute load averages from {@code /proc/loadavg}, or "unknown". */
  public static String loadAverage() {
    try {
      String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+", -1);
      return f[0] + " " + f[1] + " " + f[2];
    } catch (IOException | RuntimeException e) {
      return "unknown";
    }
  }

  /** The 1-minute load average, or NaN. */
  public static double load1() {
    try {
      return Double.parseDouble(loadAverage().split(" ", -1)[0]);
    } catch (RuntimeException e) {
      return Double.NaN;
    }
  }

  public static String cpuModel() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
        if (line.startsWith("model name")) {
          return line.substring(line.indexOf(':') + 1).trim();
        }
      }
    } catch (IOException e) {
      // fall through
    }
    return System.getProperty("os.arch");
  }

  public static long memoryGib() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
        if (line.startsWith("MemTotal:")) {
          return Math.round(Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024.0 / 1024.0);
        }
      }
    } catch (IOException | RuntimeException e) {
      // fall through
    }
    return -1;
  }

  public static int cpus() {
    return Runtime.getRuntime().availableProcessors();
  }

  public static String java() {
    return System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version");
  }

  public static List<String> jvmFlags() {
    return ManagementFactory.getRuntimeMXBean().getInputArguments();
  }

  public static String os() {
    String pretty = null;
    try {
      for (String line : Files.readAllLines(Path.of("/etc/os-release"))) {
        if (line.startsWith("PRETTY_NAME=")) {
          pretty = line.substring(12).replace("\"", "");
        }
      }
    } catch (IOException e) {
      // fall through
    }
    return (pretty == null ? System.getProperty("os.name") : pretty)
        + String.format(
            Locale.ROOT,
            " (%s %s)",
            System.getProperty("os.name"),
            System.getProperty("os.version"));
  }
}
