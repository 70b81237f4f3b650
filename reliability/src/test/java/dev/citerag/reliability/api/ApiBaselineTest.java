package dev.citerag.reliability.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The public surface of every library module must equal its checked-in baseline, {@code
 * <module>/api/<module>.api} (the idea of OkHttp's {@code okhttp/api/okhttp.api}): adding, changing
 * or removing public API is then a visible, reviewed change of that file.
 *
 * <p>After a deliberate change, regenerate the baselines and commit them with the change:
 *
 * <pre>
 * ./mvnw -B -ntp -pl reliability -am verify -Dtest=ApiBaselineTest -Dsurefire.failIfNoSpecifiedTests=false -Dciterag.api.update=true
 * </pre>
 */
class ApiBaselineTest {

  /** Set by the surefire configuration: the repository root, and whether to rewrite baselines. */
  static final String ROOT = "citerag.api.root";

  static final String UPDATE = "citerag.api.update";

  @TestFactory
  List<DynamicTest> public_surface_matches_the_checked_in_baseline() {
    Path root = Path.of(System.getProperty(ROOT, ".."));
    boolean update = Boolean.parseBoolean(System.getProperty(UPDATE, "false"));
    List<DynamicTest> tests = new ArrayList<>();
    for (LibraryModule module : LibraryModule.ALL) {
      tests.add(DynamicTest.dynamicTest(module.directory(), () -> check(module, root, update)));
    }
    return tests;
  }

  private static void check(LibraryModule module, Path root, boolean update) throws IOException {
    String actual = ApiSurface.render(module);
    Path file = module.baseline(root);
    if (update) {
      Files.createDirectories(file.getParent());
      Files.writeString(file, actual, StandardCharsets.UTF_8);
      return;
    }
    if (!Files.exists(file)) {
      fail(
          "no API baseline at "
              + file
              + "; create it with -D"
              + UPDATE
              + "=true (see ApiBaselineTest)");
    }
    String expected = Files.readString(file, StandardCharsets.UTF_8);
    if (!expected.equals(actual)) {
      fail(
          "the public API of "
              + module.directory()
              + " differs from "
              + file
              + " ('-' baseline, '+' now). If the change is meant, regenerate the baseline with -D"
              + UPDATE
              + "=true (see ApiBaselineTest) and commit it.\n"
              + LineDiff.unified(expected, actual, 2));
    }
  }

  @Test
  void diff_names_removed_and_added_lines_with_context() {
    String before =
        "module m\n  exports a\n\npublic class a.A\n  public void f()\n  public void g()\n";
    String after =
        "module m\n  exports a\n\npublic class a.A\n  public void f()\n  public void h(int)\n";
    assertEquals(
        "@@ line 4 @@\n public class a.A\n   public void f()\n-  public void g()\n+  public void h(int)\n",
        LineDiff.unified(before, after, 2));
  }
}
