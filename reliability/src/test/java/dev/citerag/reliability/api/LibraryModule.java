package dev.citerag.reliability.api;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * One of citerag's library jars as the test classpath holds it: its directory in the build, where
 * its compiled classes are, and its module descriptor.
 *
 * @param directory the module's directory under the repository root, e.g. {@code citerag-core}
 * @param anchor a class the module certainly contains, to find where its classes are
 */
record LibraryModule(String directory, String anchor) {

  /** Every library module, in build order. */
  static final List<LibraryModule> ALL =
      List.of(
          new LibraryModule("citerag-core", "dev.citerag.CiteragException"),
          new LibraryModule("citerag-testkit", "dev.citerag.testkit.fakes.ScriptedChatModel"),
          new LibraryModule("citerag-pgvector", "dev.citerag.pgvector.PgVectorStore"),
          new LibraryModule("citerag-http", "dev.citerag.http.internal.HttpTransport"),
          new LibraryModule("citerag-gemini", "dev.citerag.gemini.GeminiChatModel"),
          new LibraryModule("citerag-ollama", "dev.citerag.ollama.OllamaChatModel"),
          new LibraryModule("citerag-openai", "dev.citerag.openai.OpenAiChatModel"),
          new LibraryModule("citerag-anthropic", "dev.citerag.anthropic.AnthropicChatModel"),
          new LibraryModule("citerag-loaders", "dev.citerag.loaders.PdfLoader"),
          new LibraryModule("citerag-micrometer", "dev.citerag.micrometer.MicrometerRagListener"),
          new LibraryModule("citerag-analysis", "dev.citerag.analysis.SnowballAnalyzer"),
          new LibraryModule(
              "citerag-spring-boot-starter", "dev.citerag.spring.boot.CiteragAutoConfiguration"),
          new LibraryModule("citerag-verify", "dev.citerag.verify.RuleSupportVerifier"),
          new LibraryModule("citerag-onnx", "dev.citerag.onnx.OnnxEmbedder"),
          new LibraryModule("citerag-extractive", "dev.citerag.extractive.ExtractiveGenerator"));

  /** The jar or classes directory holding the module. */
  Path location() {
    try {
      Class<?> c = Class.forName(anchor, false, LibraryModule.class.getClassLoader());
      return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (ClassNotFoundException | URISyntaxException e) {
      throw new IllegalStateException("cannot locate " + directory + " through " + anchor, e);
    }
  }

  ModuleReference reference() {
    Set<ModuleReference> found = ModuleFinder.of(location()).findAll();
    if (found.size() != 1) {
      throw new IllegalStateException(
          directory + ": expected one module at " + location() + ", found " + found);
    }
    ModuleReference ref = found.iterator().next();
    if (ref.descriptor().isAutomatic()) {
      throw new IllegalStateException(directory + " has no module-info: " + location());
    }
    return ref;
  }

  ModuleDescriptor descriptor() {
    return reference().descriptor();
  }

  /** The names of the classes (top-level and nested) in the module's packages, sorted. */
  Set<String> classNames() {
    try (var reader = reference().open()) {
      return reader
          .list()
          .filter(
              n ->
                  n.endsWith(".class")
                      && !n.equals("module-info.class")
                      && !n.startsWith("META-INF/"))
          .map(n -> n.substring(0, n.length() - ".class".length()).replace('/', '.'))
          .collect(Collectors.toCollection(TreeSet::new));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Packages exported to everyone. */
  Set<String> apiPackages() {
    return descriptor().exports().stream()
        .filter(e -> !e.isQualified())
        .map(ModuleDescriptor.Exports::source)
        .collect(Collectors.toCollection(TreeSet::new));
  }

  /** Packages not exported to everyone (internal, or exported only to sibling modules). */
  Set<String> hiddenPackages() {
    Set<String> hidden = new TreeSet<>(descriptor().packages());
    hidden.removeAll(apiPackages());
    return hidden;
  }

  /** The checked-in baseline of the module's public surface. */
  Path baseline(Path repositoryRoot) {
    return repositoryRoot.resolve(directory).resolve("api").resolve(directory + ".api");
  }
}
