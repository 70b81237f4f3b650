package dev.citerag.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.lang.module.Configuration;
import java.lang.module.ModuleFinder;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * citerag-verify on the module path. The tests of this module run on the class path (see its pom),
 * where extJWNL and its data jar share the unnamed module; a host that uses the module path loads
 * them as the automatic modules {@code extjwnl} and {@code extjwnl.data.wn31}. This test builds
 * that layout in a module layer of its own: this module's classes, core and every jar of the test's
 * class path, resolved as named modules from {@code dev.citerag.verify}, under a loader whose
 * parent is the platform loader (so nothing is found through the class path).
 */
class ModulePathTest {

  private static ModuleLayer layer() {
    List<Path> paths = new ArrayList<>();
    for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
      Path p = Path.of(e);
      // jars, and the class directories that are named modules (this module's, core's)
      if (e.endsWith(".jar") || Files.isRegularFile(p.resolve("module-info.class"))) {
        paths.add(p);
      }
    }
    ModuleFinder finder = ModuleFinder.of(paths.toArray(Path[]::new));
    Configuration cf =
        ModuleLayer.boot()
            .configuration()
            .resolve(finder, ModuleFinder.of(), Set.of("dev.citerag.verify"));
    return ModuleLayer.boot().defineModulesWithOneLoader(cf, ClassLoader.getPlatformClassLoader());
  }

  @Test
  void the_lexicon_opens_and_answers_when_the_library_and_extjwnl_are_named_modules()
      throws Exception {
    ModuleLayer layer = layer();
    assertThat(layer.findModule("extjwnl")).isPresent();
    assertThat(layer.findModule("extjwnl.data.wn31")).isPresent();
    Class<?> lexicon = layer.findLoader("dev.citerag.verify").loadClass(Lexicon.class.getName());
    assertThat(lexicon.getModule().getName()).isEqualTo("dev.citerag.verify");
    assertThat(lexicon).isNotSameAs(Lexicon.class);

    Object wordNet = lexicon.getMethod("wordNet").invoke(null);
    @SuppressWarnings("unchecked")
    Set<String> synonyms =
        (Set<String>) lexicon.getMethod("synonyms", String.class).invoke(wordNet, "purchase");
    assertThat(synonyms).contains("buy");
    @SuppressWarnings("unchecked")
    Set<String> antonyms =
        (Set<String>) lexicon.getMethod("antonyms", String.class).invoke(wordNet, "increase");
    assertThat(antonyms).contains("decrease");
  }

  @Test
  void extjwnls_own_resource_lookup_fails_there_which_is_why_the_library_reads_through_a_loader()
      throws Exception {
    // the layout above reproduces the failure the library works around: extJWNL's default
    // resource dictionary cannot see its data module's files
    ModuleLayer layer = layer();
    Class<?> dictionary =
        layer.findLoader("extjwnl").loadClass("net.sf.extjwnl.dictionary.Dictionary");
    Method open = dictionary.getMethod("getDefaultResourceInstance");
    assertThatThrownBy(() -> open.invoke(null)).isInstanceOf(InvocationTargetException.class);
  }
}
