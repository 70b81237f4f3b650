package dev.citerag.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.examples.Main;
import dev.citerag.gemini.GeminiChatModel;
import dev.citerag.http.internal.HttpTransport;
import dev.citerag.ingest.Document;
import dev.citerag.ingest.MarkdownChunker;
import dev.citerag.loaders.HtmlLoader;
import dev.citerag.loaders.Loaders;
import dev.citerag.ollama.OllamaChatModel;
import dev.citerag.openai.OpenAiChatModel;
import dev.citerag.pgvector.PgVectorStore;
import dev.citerag.reliability.support.Figures;
import dev.citerag.testkit.eval.EvaluationRunner;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 14: a Markdown heading of 40,000 spaces took 8.8 s to chunk ({@code CLOSING_HASHES} was
 * quadratic). Every regular expression in the shipped code is checked here for super-linear
 * backtracking, in two ways:
 *
 * <ul>
 *   <li>every {@code static final Pattern} of every class of every library module and of the
 *       command line is found by reflection (a new pattern is checked without anyone listing it)
 *       and run on a few hundred adversarial strings; the number of characters the matcher reads is
 *       counted, and the run is stopped once it exceeds a linear budget. The count is
 *       deterministic: a busy machine cannot make it flaky, and a quadratic pattern exceeds the
 *       budget by a factor of 30 or more;
 *   <li>the public entry points that see document text are fed 1 MB adversarial lines, with a time
 *       bound relative to the same call on a benign megabyte (and never below 10 s): linear work
 *       takes milliseconds, quadratic work on a megabyte takes minutes to hours.
 * </ul>
 *
 * Patterns that the code only ever applies with {@code matches()} to short configuration values are
 * listed in {@link #WHOLE_MATCH_ONLY}: they are checked with {@code matches()} and {@code
 * lookingAt()} but not with {@code find()}.
 */
class RegexDenialOfServiceTest {

  /** One class of each module whose code is scanned. */
  private static final List<Class<?>> MODULES =
      List.of(
          MarkdownChunker.class,
          GeminiChatModel.class,
          HttpTransport.class,
          OllamaChatModel.class,
          OpenAiChatModel.class,
          PgVectorStore.class,
          EvaluationRunner.class,
          HtmlLoader.class,
          Main.class);

  /** Patterns applied only with {@code matches()} (to values, identifiers, short settings). */
  private static final Set<String> WHOLE_MATCH_ONLY =
      Set.of(
          "dev.citerag.ingest.internal.MarkdownBlocks.HEADING",
          "dev.citerag.ingest.internal.Fence.OPEN",
          "dev.citerag.ingest.internal.MarkdownBlocks.TABLE_DELIMITER",
          "dev.citerag.text.internal.FlatFrontMatter.KEY_LINE",
          "dev.citerag.store.Filter.KEY",
          "dev.citerag.provider.internal.RetryHints.PROTO_DURATION",
          "dev.citerag.gemini.internal.Settings.MODEL",
          "dev.citerag.ollama.internal.ConnectionOptions.GO_DURATION",
          "dev.citerag.ollama.internal.ConnectionOptions.INTEGER",
          "dev.citerag.ollama.internal.ConnectionOptions.MODEL_NAME",
          "dev.citerag.pgvector.internal.Identifiers.NAME",
          "dev.citerag.testkit.golden.GoldenCase.ID",
          "dev.citerag.testkit.golden.GoldenCase.KIND",
          "dev.citerag.testkit.wire.FakeOllamaServer.DIGEST",
          "dev.citerag.examples.cli.OptionValues.INTEGER",
          "dev.citerag.examples.cli.OptionValues.COLLECTION",
          "dev.citerag.examples.cli.OptionValues.HOST",
          "dev.citerag.openai.internal.RetryHeaders.GO_DURATION",
          // find() only on a header value of at most 40 characters that GO_DURATION matched whole
          "dev.citerag.openai.internal.RetryHeaders.GO_PART");

  private static final int N = 4096;

  /** Characters a linear pattern may read per input character, with room for lookaround. */
  private static final long PER_CHAR = 64;

  @Test
  void every_pattern_in_the_shipped_code_reads_each_character_a_bounded_number_of_times() {
    Map<String, Pattern> patterns = patterns();
    assertThat(patterns)
        .as("the scan found the chunker's patterns")
        .containsKey("dev.citerag.ingest.internal.MarkdownBlocks.HEADING");
    List<String> inputs = adversarialInputs();
    List<String> failures = new ArrayList<>();
    long runs = 0;
    for (Map.Entry<String, Pattern> e : patterns.entrySet()) {
      boolean findToo = !WHOLE_MATCH_ONLY.contains(e.getKey());
      for (String input : inputs) {
        for (Op op : Op.values()) {
          if (op == Op.FIND_ALL && !findToo) {
            continue;
          }
          runs++;
          long budget = PER_CHAR * input.length() + 10_000;
          Counting text = new Counting(input, budget);
          try {
            op.run(e.getValue().matcher(text));
          } catch (OverBudget over) {
            failures.add(
                e.getKey()
                    + " /"
                    + e.getValue().pattern()
                    + "/ "
                    + op
                    + " read more than "
                    + budget
                    + " characters of "
                    + describe(input));
            break;
          } catch (StackOverflowError deep) {
            failures.add(
                e.getKey()
                    + " /"
                    + e.getValue().pattern()
                    + "/ "
                    + op
                    + " overflowed the stack on "
                    + describe(input));
            break;
          }
        }
      }
    }
    Figures.record(
        "redos",
        "Regular expressions on adversarial text",
        List.of(
            new Figures.Row(
                "regular expressions (every static Pattern, found by reflection)",
                patterns.size()
                    + " patterns x "
                    + inputs.size()
                    + " adversarial strings of ~"
                    + N
                    + " chars, matches/lookingAt/find: "
                    + runs
                    + " runs",
                failures.size() + " over a budget of " + PER_CHAR + " reads per character",
                "0 expected")),
        String.join("\n", patterns.keySet()));
    assertThat(failures).as("patterns with super-linear backtracking").isEmpty();
  }

  @Test
  void megabyte_adversarial_lines_go_through_the_document_paths_in_linear_time(@TempDir Path dir)
      throws Exception {
    int mb = 1 << 20;
    MarkdownChunker chunker = new MarkdownChunker();
    String benign = "# " + "word ".repeat(mb / 5) + "\n\nBody text.\n";
    Map<String, String> hostile = new LinkedHashMap<>();
    hostile.put("heading of 1 MB spaces before text", "# a" + " ".repeat(mb) + "x\n\nBody text.\n");
    hostile.put(
        "heading of 1 MB spaces before closing hashes",
        "## a" + " ".repeat(mb) + "#x #\n\nBody.\n");
    hostile.put(
        "heading with a line separator after 1 MB spaces",
        "# " + " ".repeat(mb) + "a\u2028b\n\nBody.\n");
    hostile.put("fence of 1 MB backticks and a carriage return", "`".repeat(mb) + "\rx\n\nBody.\n");
    hostile.put(
        "table delimiter of 1 MB dashes", "| a | b |\n|" + "-".repeat(mb) + "x\n| 1 | 2 |\n");
    hostile.put("1 MB of '# # # '", "# " + "# ".repeat(mb / 2) + "x\n\nBody.\n");

    List<Figures.Row> rows = new ArrayList<>();
    Duration base = time(() -> chunker.chunk(Document.markdown("benign", benign)));
    Duration limit = limit(base);
    for (Map.Entry<String, String> h : hostile.entrySet()) {
      Duration took =
          within(
              limit,
              () -> chunker.chunk(Document.markdown("hostile", h.getValue())),
              "chunking a " + h.getKey());
      rows.add(
          new Figures.Row(
              "MarkdownChunker: " + h.getKey(),
              "1 document",
              took.toMillis() + " ms (benign megabyte " + base.toMillis() + " ms)",
              "< " + limit.toSeconds() + " s"));
    }

    Path file = dir.resolve("hostile.md");
    Files.writeString(file, "# title" + " ".repeat(mb) + "#x\n\nBody.\n");
    Path benignFile = dir.resolve("benign").resolve("benign.md");
    Files.createDirectories(benignFile.getParent());
    Files.writeString(benignFile, benign);
    Duration loadBase = time(() -> Loaders.folderLoader().build().load(List.of(benignFile)));
    Duration loadLimit = limit(loadBase);
    Duration took =
        within(
            loadLimit,
            () -> Loaders.folderLoader().build().load(List.of(file)),
            "loading a file whose title line has 1 MB of spaces");
    rows.add(
        new Figures.Row(
            "--docs loader: title line of 1 MB spaces",
            "1 file",
            took.toMillis() + " ms (benign " + loadBase.toMillis() + " ms)",
            "< " + loadLimit.toSeconds() + " s"));
    Figures.record("redos-e2e", "Megabyte adversarial lines through the document paths", rows, "");
  }

  /** Ten seconds, or 50 times what a benign megabyte took through the same call if that is more. */
  private static Duration limit(Duration benign) {
    Duration relative = benign.multipliedBy(50);
    return relative.compareTo(Duration.ofSeconds(10)) > 0 ? relative : Duration.ofSeconds(10);
  }

  private static Duration time(Supplier<?> work) {
    long t0 = System.nanoTime();
    work.get();
    return Duration.ofNanos(System.nanoTime() - t0);
  }

  /**
   * Runs {@code work} on a daemon thread and fails when it does not finish within {@code limit}.
   */
  private static Duration within(Duration limit, Supplier<?> work, String what) throws Exception {
    ExecutorService one =
        Executors.newSingleThreadExecutor(
            r -> {
              Thread t = new Thread(r, "redos-probe");
              t.setDaemon(
                  true); // a quadratic run would go on for minutes: do not keep the JVM for it
              return t;
            });
    try {
      long t0 = System.nanoTime();
      Future<?> f = one.submit(work::get);
      try {
        f.get(limit.toMillis(), TimeUnit.MILLISECONDS);
      } catch (TimeoutException slow) {
        f.cancel(true);
        throw new AssertionError(what + " took more than " + limit.toSeconds() + " s");
      } catch (ExecutionException failed) {
        // a documented rejection of the input is fine: the point is the time it took
      }
      return Duration.ofNanos(System.nanoTime() - t0);
    } finally {
      one.shutdownNow();
    }
  }

  private enum Op {
    MATCHES {
      @Override
      void run(Matcher m) {
        m.matches();
      }
    },
    LOOKING_AT {
      @Override
      void run(Matcher m) {
        m.lookingAt();
      }
    },
    FIND_ALL {
      @Override
      void run(Matcher m) {
        while (m.find()) {
          // every match, as split and replaceAll do
        }
      }
    };

    abstract void run(Matcher m);
  }

  /** Strings built from runs of the characters Markdown, numbers, URLs and durations use. */
  static List<String> adversarialInputs() {
    String singles = " \t#-|:`~.!a1_/',=@*(>\u00A0\u2028\r\n0";
    String[] prefixes = {"", "# ", "| ", "a "};
    String[] ends = {"", "x", "\u2028", "\u0000", "!"};
    List<String> out = new ArrayList<>();
    for (char c : singles.toCharArray()) {
      for (String p : prefixes) {
        for (String e : ends) {
          out.add(p + String.valueOf(c).repeat(N) + e);
        }
      }
    }
    String structural = " #-|:`.a1\u2028";
    for (char c1 : structural.toCharArray()) {
      for (char c2 : structural.toCharArray()) {
        if (c1 != c2) {
          for (String e : new String[] {"x", "\u2028", ""}) {
            out.add(("" + c1 + c2).repeat(N / 2) + e);
          }
        }
      }
    }
    out.add("1.".repeat(N / 2) + "x");
    out.add("a.a-".repeat(N / 4) + "-");
    out.add("1s".repeat(N / 2) + "x");
    out.add(": -".repeat(N / 3) + "x");
    out.add("|-".repeat(N / 2) + " x");
    return out;
  }

  private static String describe(String input) {
    String head =
        input.length() <= 24 ? input : input.substring(0, 24) + "...(" + input.length() + " chars)";
    StringBuilder sb = new StringBuilder("\"");
    head.codePoints()
        .forEach(
            cp ->
                sb.append(
                    cp < 0x20 || cp == 0x2028
                        ? String.format("\\u%04x", cp)
                        : new String(Character.toChars(cp))));
    return sb.append('"').toString();
  }

  /** Every static Pattern field of every class in the modules' class directories or jars. */
  static Map<String, Pattern> patterns() {
    Map<String, Pattern> out = new java.util.TreeMap<>();
    Set<String> classes = new TreeSet<>();
    for (Class<?> anchor : MODULES) {
      classes.addAll(classNames(anchor));
    }
    for (String name : classes) {
      Class<?> c;
      try {
        c = Class.forName(name, false, RegexDenialOfServiceTest.class.getClassLoader());
      } catch (ClassNotFoundException | LinkageError absent) {
        continue; // an optional dependency missing here: nothing of it can run here either
      }
      Field[] fields;
      try {
        fields = c.getDeclaredFields();
      } catch (LinkageError absent) {
        continue;
      }
      for (Field f : fields) {
        if (Modifier.isStatic(f.getModifiers()) && f.getType() == Pattern.class) {
          try {
            f.setAccessible(true);
            out.put(name + "." + f.getName(), (Pattern) f.get(null));
          } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            throw new AssertionError("cannot read " + name + "." + f.getName() + ": " + e, e);
          }
        }
      }
    }
    return out;
  }

  private static List<String> classNames(Class<?> anchor) {
    try {
      Path root = Path.of(anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
      if (Files.isDirectory(root)) {
        return names(root);
      }
      try (FileSystem jar = FileSystems.newFileSystem(root)) {
        return names(jar.getPath("/"));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  private static List<String> names(Path root) throws IOException {
    try (Stream<Path> files = Files.walk(root)) {
      return files
          .filter(p -> p.toString().endsWith(".class"))
          .map(p -> root.relativize(p).toString())
          .filter(n -> !n.contains("module-info") && !n.startsWith("META-INF"))
          .map(
              n ->
                  n.substring(0, n.length() - ".class".length())
                      .replace('/', '.')
                      .replace('\\', '.'))
          .toList();
    }
  }

  /** Thrown when a matcher has read more characters than it was allowed. */
  private static final class OverBudget extends RuntimeException {
    private static final long serialVersionUID = 1L;

    OverBudget() {
      super(null, null, false, false);
    }
  }

  /** A string that counts the characters read from it and stops the matcher past a budget. */
  private static final class Counting implements CharSequence {
    private final String s;
    private long left;

    Counting(String s, long budget) {
      this.s = s;
      this.left = budget;
    }

    @Override
    public int length() {
      return s.length();
    }

    @Override
    public char charAt(int index) {
      if (--left < 0) {
        throw new OverBudget();
      }
      return s.charAt(index);
    }

    @Override
    public CharSequence subSequence(int start, int end) {
      return s.subSequence(start, end);
    }

    @Override
    public String toString() {
      return s;
    }
  }
}
