package dev.citerag.extractive;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.io.StringWriter;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's quick start, and the usage snippet of this module's README, compile and run as
 * printed.
 */
class ReadmeQuickStartTest {

  @TempDir Path work;

  static String snippet(String readme) {
    return snippet(readme, "## Quick start in code");
  }

  static String snippet(String readme, String heading) {
    int section = readme.indexOf(heading);
    assertThat(section).as("README has a \"" + heading + "\" section").isNotNegative();
    int open = readme.indexOf("```java\n", section);
    int close = readme.indexOf("\n```", open + 8);
    assertThat(open).isNotNegative();
    return readme.substring(open + 8, close + 1);
  }

  static String expectedOutput(String readme) {
    return expectedOutput(readme, "## Quick start in code");
  }

  static String expectedOutput(String readme, String heading) {
    int section = readme.indexOf(heading);
    int java = readme.indexOf("```java\n", section);
    int open = readme.indexOf("```text\n", java);
    int close = readme.indexOf("\n```", open + 8);
    return readme.substring(open + 8, close + 1);
  }

  @Test
  void the_quick_start_compiles_and_runs_as_printed() throws Exception {
    String readme = Files.readString(Path.of("..", "README.md"), StandardCharsets.UTF_8);
    String printed = compileAndRun(snippet(readme), "QuickStart");
    // before: Document.markdown ignored front matter, the team filter matched nothing
    assertThat(printed).doesNotContain("Not in the docs", "No verified answer");
    assertThat(printed).isEqualTo(expectedOutput(readme));
  }

  @Test
  void the_module_readme_usage_compiles_and_runs_as_printed() throws Exception {
    String readme = Files.readString(Path.of("README.md"), StandardCharsets.UTF_8);
    String printed = compileAndRun(snippet(readme, "## Usage"), "ExtractiveReadme");
    assertThat(printed).isEqualTo(expectedOutput(readme, "## Usage"));
  }

  /** Compiles {@code source} as {@code className} and returns what its main method prints. */
  private String compileAndRun(String source, String className) throws Exception {
    Path src = work.resolve(className + ".java");
    Files.writeString(src, source, StandardCharsets.UTF_8);
    Path classes = Files.createDirectories(work.resolve("classes"));

    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    StringWriter diagnostics = new StringWriter();
    List<String> args =
        new ArrayList<>(
            List.of(
                "-d",
                classes.toString(),
                "-classpath",
                classpath(),
                "--release",
                "17",
                "-proc:none"));
    boolean ok;
    try (StandardJavaFileManager files =
        javac.getStandardFileManager(null, null, StandardCharsets.UTF_8)) {
      ok =
          javac.getTask(diagnostics, files, null, args, null, files.getJavaFileObjects(src)).call();
    }
    assertThat(ok).as("README quick start compiles:\n" + diagnostics).isTrue();

    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrintStream saved = System.out;
    try (URLClassLoader loader =
        new URLClassLoader(new URL[] {classes.toUri().toURL()}, getClass().getClassLoader())) {
      Method main = loader.loadClass(className).getMethod("main", String[].class);
      System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
      main.invoke(null, (Object) new String[0]);
    } finally {
      System.setOut(saved);
    }
    // the test classpath's logback writes debug lines to the same stream: leave them out
    return out.toString(StandardCharsets.UTF_8)
        .lines()
        .filter(l -> !l.matches("\\d\\d:\\d\\d:\\d\\d\\.\\d{3} \\[.*"))
        .map(l -> l + "\n")
        .reduce("", String::concat);
  }

  /** The test's class path (and module path, when tests run on it). */
  private static String classpath() {
    List<String> parts = new ArrayList<>();
    for (String prop : List.of("java.class.path", "jdk.module.path")) {
      String v = System.getProperty(prop);
      if (v != null && !v.isBlank()) {
        parts.add(v);
      }
    }
    parts.add(Path.of("target", "classes").toAbsolutePath().toString());
    return String.join(File.pathSeparator, parts);
  }
}
