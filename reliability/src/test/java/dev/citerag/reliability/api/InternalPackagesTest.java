package dev.citerag.reliability.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A module outside the project that requires citerag's modules can import their API packages and
 * cannot import any package they keep to themselves ({@code .internal}, or exported only to
 * citerag's own modules): javac rejects the import. Each probe is compiled with the real compiler
 * against the built modules on the module path.
 */
class InternalPackagesTest {

  @TempDir Path dir;

  @Test
  void an_outside_module_can_import_every_api_package() throws IOException {
    List<String> imports = new ArrayList<>();
    for (LibraryModule m : LibraryModule.ALL) {
      for (String pkg : m.apiPackages()) {
        imports.add("import " + publicTypeIn(m, pkg) + ";");
      }
    }
    List<Diagnostic<? extends JavaFileObject>> errors = compileProbe(imports);
    assertThat(errors).as("errors compiling imports of API packages").isEmpty();
  }

  @Test
  void an_outside_module_cannot_import_any_internal_package() throws IOException {
    List<String> imports = new ArrayList<>();
    Set<String> hidden = new TreeSet<>();
    for (LibraryModule m : LibraryModule.ALL) {
      for (String pkg : codePackages(m, m.hiddenPackages())) {
        hidden.add(pkg);
        imports.add("import " + publicTypeIn(m, pkg) + ";");
      }
    }
    assertThat(hidden)
        .as("the modules keep implementation packages to themselves")
        .contains(
            "dev.citerag.internal",
            "dev.citerag.text.internal",
            "dev.citerag.store.internal",
            "dev.citerag.pgvector.internal",
            "dev.citerag.http.internal",
            "dev.citerag.gemini.internal",
            "dev.citerag.ollama.internal");

    List<Diagnostic<? extends JavaFileObject>> errors = compileProbe(imports);

    Set<String> rejected = new TreeSet<>();
    for (Diagnostic<? extends JavaFileObject> d : errors) {
      String message = d.getMessage(Locale.ROOT);
      for (String pkg : hidden) {
        if (message.contains("package " + pkg + " is not visible")) {
          rejected.add(pkg);
        }
      }
    }
    assertThat(rejected)
        .as("packages whose import javac rejected as not visible; errors: %s", errors)
        .isEqualTo(hidden);
  }

  /** The packages that hold classes (a module also counts directories of resources as packages). */
  private static Set<String> codePackages(LibraryModule module, Set<String> packages) {
    Set<String> withClasses = new TreeSet<>();
    for (String name : module.classNames()) {
      int dot = name.lastIndexOf('.');
      if (dot > 0 && packages.contains(name.substring(0, dot))) {
        withClasses.add(name.substring(0, dot));
      }
    }
    return withClasses;
  }

  /** A public top-level type of {@code pkg}, to import. */
  private static String publicTypeIn(LibraryModule module, String pkg) {
    for (String name : module.classNames()) {
      if (!name.contains("$")
          && name.startsWith(pkg + ".")
          && name.indexOf('.', pkg.length() + 1) < 0) {
        try {
          Class<?> c = Class.forName(name, false, InternalPackagesTest.class.getClassLoader());
          if (java.lang.reflect.Modifier.isPublic(c.getModifiers())) {
            return name;
          }
        } catch (ClassNotFoundException e) {
          throw new IllegalStateException(e);
        }
      }
    }
    throw new IllegalStateException(module.directory() + ": no public type in " + pkg);
  }

  /** Compiles module {@code probe}, which requires every citerag module, with the given imports. */
  private List<Diagnostic<? extends JavaFileObject>> compileProbe(List<String> imports)
      throws IOException {
    Path src = dir.resolve("src");
    Files.createDirectories(src.resolve("probe"));
    String requires =
        LibraryModule.ALL.stream()
            .map(m -> "  requires " + m.descriptor().name() + ";")
            .collect(Collectors.joining("\n"));
    Files.writeString(src.resolve("module-info.java"), "module probe {\n" + requires + "\n}\n");
    Files.writeString(
        src.resolve("probe").resolve("Probe.java"),
        "package probe;\n\n" + String.join("\n", imports) + "\n\nclass Probe {}\n");

    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    try (StandardJavaFileManager files =
        javac.getStandardFileManager(diagnostics, Locale.ROOT, null)) {
      List<String> options =
          List.of(
              "--release",
              "17",
              "--module-path",
              modulePath(),
              "-d",
              Files.createDirectories(dir.resolve("out")).toString(),
              "-proc:none");
      Iterable<? extends JavaFileObject> units =
          files.getJavaFileObjects(
              src.resolve("module-info.java"), src.resolve("probe").resolve("Probe.java"));
      javac.getTask(null, files, diagnostics, options, null, units).call();
    }
    return diagnostics.getDiagnostics().stream()
        .filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
        .toList();
  }

  /**
   * The test's class path as a module path: citerag's modules and the jars they require. Entries
   * that are neither a jar nor a directory are left out.
   */
  private static String modulePath() {
    return Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
        .filter(p -> p.endsWith(".jar") || Files.isDirectory(Path.of(p)))
        .filter(p -> !p.contains("test-classes"))
        .collect(Collectors.joining(File.pathSeparator));
  }
}
