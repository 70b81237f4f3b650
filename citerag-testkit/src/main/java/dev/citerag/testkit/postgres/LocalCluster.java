package dev.citerag.testkit.postgres;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.GroupPrincipal;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.UserPrincipal;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A throwaway PostgreSQL cluster: {@code initdb} into a temporary directory, {@code pg_ctl start}
 * on a free port on 127.0.0.1 with durability turned off for speed ({@code fsync=off}, {@code
 * synchronous_commit=off}, {@code full_page_writes=off}), stopped and deleted by a shutdown hook.
 * PostgreSQL refuses to run as root, so as root every command runs as the {@code postgres} user
 * through {@code runuser} on a directory owned by it. Clusters left behind by a killed JVM are
 * stopped and deleted the next time one starts.
 */
final class LocalCluster implements Server {
  private static final Logger log = LoggerFactory.getLogger(LocalCluster.class);
  static final String DIR_PREFIX = "citerag-pg-";
  private static final Path DEFAULT_ROOT = Path.of("/usr/lib/postgresql");
  private static final String SUPERUSER = "postgres";

  private final Path bin;
  private final Path dir;
  private final boolean asRoot;
  private final int port;
  private final String extraOptions;

  private LocalCluster(Path bin, Path dir, boolean asRoot, int port, String extraOptions) {
    this.bin = bin;
    this.dir = dir;
    this.asRoot = asRoot;
    this.port = port;
    this.extraOptions = extraOptions;
  }

  /**
   * The directory holding {@code initdb} and {@code pg_ctl}: {@code PG_BIN} when set (it must hold
   * them), else the newest {@code <root>/<major>/bin} that does; empty when there is none.
   */
  static Optional<Path> findBinDir(Map<String, String> env, Path root) {
    String pgBin = env.get("PG_BIN");
    if (pgBin != null && !pgBin.isBlank()) {
      Path p = Path.of(pgBin);
      if (!hasServerBinaries(p)) {
        throw new IllegalStateException(
            "PG_BIN="
                + pgBin
                + " has no executable initdb and pg_ctl; point PG_BIN at the bin"
                + " directory of a PostgreSQL server, or run scripts/setup-postgres.sh");
      }
      return Optional.of(p);
    }
    if (!Files.isDirectory(root)) {
      return Optional.empty();
    }
    List<Path> majors = new ArrayList<>();
    try (DirectoryStream<Path> ds = Files.newDirectoryStream(root)) {
      for (Path p : ds) {
        if (p.getFileName().toString().matches("\\d+(\\.\\d+)?")
            && hasServerBinaries(p.resolve("bin"))) {
          majors.add(p);
        }
      }
    } catch (IOException e) {
      return Optional.empty();
    }
    return majors.stream()
        .max(Comparator.comparingDouble(p -> Double.parseDouble(p.getFileName().toString())))
        .map(p -> p.resolve("bin"));
  }

  static Path defaultRoot() {
    return DEFAULT_ROOT;
  }

  private static boolean hasServerBinaries(Path bin) {
    return Files.isExecutable(bin.resolve("initdb")) && Files.isExecutable(bin.resolve("pg_ctl"));
  }

  /** Creates and starts a cluster; registers its stop-and-delete shutdown hook. */
  static LocalCluster start(Path bin) {
    boolean asRoot = isRoot();
    cleanUpAbandoned(bin, asRoot);
    Path dir = createDirectory(bin, asRoot);
    Path data = dir.resolve("data");
    Result init =
        run(
            asRoot,
            dir,
            120,
            bin.resolve("initdb").toString(),
            "-D",
            data.toString(),
            "-U",
            SUPERUSER,
            "--auth=trust",
            "--encoding=UTF8",
            "--locale=C.UTF-8",
            "--no-sync");
    if (init.exit != 0) {
      // C.UTF-8 is missing on some systems; plain C still stores UTF-8 text
      init =
          run(
              asRoot,
              dir,
              120,
              bin.resolve("initdb").toString(),
              "-D",
              data.toString(),
              "-U",
              SUPERUSER,
              "--auth=trust",
              "--encoding=UTF8",
              "--locale=C",
              "--no-sync");
    }
    if (init.exit != 0) {
      throw new IllegalStateException("initdb failed (" + bin + "):\n" + init.output);
    }
    return startOnFreePort(bin, dir, asRoot, "");
  }

  /**
   * Creates a streaming replica of {@code primary}: {@code pg_basebackup -R} (which writes the
   * standby signal and the connection to the primary) into a new temporary directory, then started
   * as a hot standby on a free port. Stopped and deleted with the JVM, like every cluster.
   */
  static LocalCluster replicaOf(LocalCluster primary) {
    Path dir = createDirectory(primary.bin, primary.asRoot);
    Result backup =
        run(
            primary.asRoot,
            dir,
            300,
            primary.bin.resolve("pg_basebackup").toString(),
            "-h",
            "127.0.0.1",
            "-p",
            Integer.toString(primary.port),
            "-U",
            SUPERUSER,
            "-D",
            dir.resolve("data").toString(),
            "-R",
            "-X",
            "stream",
            "-c",
            "fast",
            "--no-sync");
    if (backup.exit != 0) {
      throw new IllegalStateException(
          "pg_basebackup of " + primary.description() + " failed:\n" + backup.output);
    }
    return startOnFreePort(primary.bin, dir, primary.asRoot, " -c hot_standby=on");
  }

  private static Path createDirectory(Path bin, boolean asRoot) {
    Path dir;
    try {
      dir = Files.createTempDirectory(DIR_PREFIX);
      Files.writeString(dir.resolve("owner.pid"), Long.toString(ProcessHandle.current().pid()));
      if (asRoot) {
        chownToPostgres(dir);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("could not create a directory for the test cluster", e);
    }
    Runtime.getRuntime()
        .addShutdownHook(new Thread(() -> stopAndDelete(bin, dir, asRoot), "citerag-pg-stop"));
    return dir;
  }

  private static LocalCluster startOnFreePort(
      Path bin, Path dir, boolean asRoot, String extraOptions) {
    String lastError = "";
    for (int attempt = 0; attempt < 5; attempt++) {
      int port = freePort();
      Result r = pgCtlStart(bin, dir, asRoot, port, extraOptions);
      if (r.exit == 0) {
        log.info(
            "citerag.testkit.postgres: started a throwaway cluster in {} on 127.0.0.1:{} ({})",
            dir,
            port,
            bin);
        return new LocalCluster(bin, dir, asRoot, port, extraOptions);
      }
      lastError = r.output + "\n" + tail(dir.resolve("postgres.log"));
      if (!lastError.contains("already in use")) {
        break;
      }
    }
    throw new IllegalStateException("pg_ctl start failed (" + bin + "):\n" + lastError);
  }

  private static Result pgCtlStart(
      Path bin, Path dir, boolean asRoot, int port, String extraOptions) {
    String options =
        String.join(
                " ",
                "-p",
                Integer.toString(port),
                "-k",
                dir.toString(),
                "-c",
                "listen_addresses=127.0.0.1",
                "-c",
                "fsync=off",
                "-c",
                "synchronous_commit=off",
                "-c",
                "full_page_writes=off",
                "-c",
                "max_connections=200",
                "-c",
                "max_wal_size=2GB")
            + extraOptions;
    return run(
        asRoot,
        dir,
        90,
        bin.resolve("pg_ctl").toString(),
        "-D",
        dir.resolve("data").toString(),
        "-l",
        dir.resolve("postgres.log").toString(),
        "-w",
        "-t",
        "60",
        "-o",
        options,
        "start");
  }

  /**
   * Stops the server (fast shutdown: open sessions are ended); its data stays for {@link #restart}.
   */
  void stop() {
    Result r =
        run(
            asRoot,
            dir,
            60,
            bin.resolve("pg_ctl").toString(),
            "-D",
            dir.resolve("data").toString(),
            "-m",
            "fast",
            "-w",
            "stop");
    if (r.exit != 0) {
      throw new IllegalStateException("pg_ctl stop failed (" + description() + "):\n" + r.output);
    }
  }

  /** Starts a stopped server again on the same port. */
  void restart() {
    Result r = pgCtlStart(bin, dir, asRoot, port, extraOptions);
    if (r.exit != 0) {
      throw new IllegalStateException(
          "pg_ctl start failed ("
              + description()
              + "):\n"
              + r.output
              + "\n"
              + tail(dir.resolve("postgres.log")));
    }
  }

  int port() {
    return port;
  }

  /** Stops the server at once and deletes its directory (the shutdown hook then finds nothing). */
  void destroy() {
    stopAndDelete(bin, dir, asRoot);
  }

  @Override
  public String adminUrl() {
    return urlFor("postgres");
  }

  @Override
  public String urlFor(String name) {
    return "jdbc:postgresql://127.0.0.1:" + port + "/" + name;
  }

  @Override
  public String username() {
    return SUPERUSER;
  }

  @Override
  public @Nullable String password() {
    return null;
  }

  @Override
  public boolean external() {
    return false;
  }

  @Override
  public String description() {
    return "throwaway cluster in " + dir + " on 127.0.0.1:" + port + " (" + bin + ")";
  }

  Path directory() {
    return dir;
  }

  boolean runsAsRoot() {
    return asRoot;
  }

  private static void stopAndDelete(Path bin, Path dir, boolean asRoot) {
    Path data = dir.resolve("data");
    if (Files.exists(data.resolve("postmaster.pid"))) {
      run(
          asRoot,
          dir,
          30,
          bin.resolve("pg_ctl").toString(),
          "-D",
          data.toString(),
          "-m",
          "immediate",
          "-w",
          "stop");
    }
    deleteRecursively(dir);
  }

  /** Stops and deletes clusters whose owning JVM is gone (killed before its shutdown hook ran). */
  private static void cleanUpAbandoned(Path bin, boolean asRoot) {
    Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
    try (DirectoryStream<Path> ds = Files.newDirectoryStream(tmp, DIR_PREFIX + "*")) {
      for (Path d : ds) {
        Path owner = d.resolve("owner.pid");
        if (!Files.isRegularFile(owner)) {
          continue;
        }
        long pid;
        try {
          pid = Long.parseLong(Files.readString(owner).trim());
        } catch (IOException | NumberFormatException e) {
          continue;
        }
        if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
          continue;
        }
        log.info("citerag.testkit.postgres: removing the cluster {} left by process {}", d, pid);
        stopAndDelete(bin, d, asRoot);
      }
    } catch (IOException | RuntimeException e) {
      log.debug("citerag.testkit.postgres: could not look for abandoned clusters", e);
    }
  }

  static boolean isRoot() {
    try {
      Object uid = Files.getAttribute(Path.of("/proc/self"), "unix:uid");
      return uid instanceof Integer n && n == 0;
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      return "root".equals(System.getProperty("user.name"));
    }
  }

  private static void chownToPostgres(Path dir) throws IOException {
    UserPrincipalLookupService users = dir.getFileSystem().getUserPrincipalLookupService();
    UserPrincipal user;
    GroupPrincipal group;
    try {
      user = users.lookupPrincipalByName(SUPERUSER);
      group = users.lookupPrincipalByGroupName(SUPERUSER);
    } catch (IOException e) {
      throw new IllegalStateException(
          "running as root, the fixture runs PostgreSQL as the user \"postgres\", which does not"
              + " exist: run scripts/setup-postgres.sh (it installs the server and creates it)",
          e);
    }
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path p : (Iterable<Path>) s::iterator) {
        PosixFileAttributeView v = Files.getFileAttributeView(p, PosixFileAttributeView.class);
        v.setOwner(user);
        v.setGroup(group);
      }
    }
  }

  private static int freePort() {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      s.setReuseAddress(true);
      return s.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("no free TCP port on 127.0.0.1", e);
    }
  }

  private record Result(int exit, String output) {}

  private static Result run(boolean asRoot, Path workDir, int timeoutSeconds, String... command) {
    List<String> cmd = new ArrayList<>();
    if (asRoot) {
      cmd.add(runuser());
      cmd.add("-u");
      cmd.add(SUPERUSER);
      cmd.add("--");
    }
    cmd.addAll(List.of(command));
    ProcessBuilder pb =
        new ProcessBuilder(cmd).directory(workDir.toFile()).redirectErrorStream(true);
    pb.environment().remove("PGDATA");
    pb.environment().put("LC_ALL", "C");
    try {
      Process p = pb.start();
      p.getOutputStream().close();
      byte[] out;
      try (InputStream in = p.getInputStream()) {
        out = in.readAllBytes();
      }
      if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        return new Result(-1, String.join(" ", cmd) + " timed out after " + timeoutSeconds + " s");
      }
      return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8));
    } catch (IOException e) {
      return new Result(-1, String.join(" ", cmd) + ": " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Result(-1, String.join(" ", cmd) + ": interrupted");
    }
  }

  private static String runuser() {
    for (String p : List.of("/usr/sbin/runuser", "/sbin/runuser", "/usr/bin/runuser")) {
      if (Files.isExecutable(Path.of(p))) {
        return p;
      }
    }
    return "runuser";
  }

  private static String tail(Path file) {
    try {
      List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
    } catch (IOException e) {
      return "";
    }
  }

  private static void deleteRecursively(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> s = Files.walk(dir)) {
      s.sorted(Comparator.reverseOrder())
          .forEach(
              p -> {
                try {
                  Files.deleteIfExists(p);
                } catch (IOException ignored) {
                  // best effort: a leftover temp file is harmless
                }
              });
    } catch (IOException ignored) {
      // best effort
    }
  }
}
