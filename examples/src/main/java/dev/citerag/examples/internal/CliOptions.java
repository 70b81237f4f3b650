package dev.citerag.examples.internal;

import dev.citerag.store.Filter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.Set;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The parsed and checked command line of one command. Every value is checked while parsing, so a
 * bad option fails before any work starts, with a message naming it.
 *
 * <p>Grammar: {@code --name value} or {@code --name=value}; flags ({@code --json}, {@code
 * --verbose}) take no value; {@code --} ends the options; everything else is positional.
 */
public final class CliOptions {

  /** The commands and the options each accepts. */
  // each options set is a Set.of(...), which cannot be modified; the checker cannot see that from
  // the field's type (java.util.Set)
  @SuppressWarnings("ImmutableEnumChecker")
  public enum Command {
    ASK(
        "ask",
        Set.of(
            "docs",
            "store",
            "collection",
            "model",
            "embedder",
            "filter",
            "k",
            "min-similarity",
            "require-lexical",
            "strictness",
            "json",
            "verbose")),
    SEARCH(
        "search",
        Set.of("docs", "store", "collection", "embedder", "filter", "k", "json", "verbose")),
    INGEST("ingest", Set.of("store", "collection", "embedder", "keep-missing", "json", "verbose")),
    EVAL(
        "eval",
        Set.of(
            "docs",
            "store",
            "collection",
            "model",
            "embedder",
            "k",
            "min-similarity",
            "require-lexical",
            "strictness",
            "json",
            "verbose")),
    SERVE(
        "serve",
        Set.of(
            "docs",
            "store",
            "collection",
            "model",
            "embedder",
            "k",
            "min-similarity",
            "require-lexical",
            "strictness",
            "port",
            "host",
            "verbose"));

    private final String word;
    private final Set<String> options;

    Command(String word, Set<String> options) {
      this.word = word;
      this.options = options;
    }

    public String word() {
      return word;
    }

    /** The command named {@code word}, if any. */
    public static Optional<Command> of(String word) {
      for (Command c : values()) {
        if (c.word.equals(word)) {
          return Optional.of(c);
        }
      }
      return Optional.empty();
    }
  }

  private static final Set<String> FLAGS = Set.of("json", "verbose", "keep-missing");
  private static final Set<String> REPEATABLE = Set.of("filter");
  private static final Pattern INTEGER = Pattern.compile("[0-9]{1,9}");

  /** Default pgvector collection (table prefix). */
  public static final String DEFAULT_COLLECTION = "citerag";

  /** Default port of {@code serve}. */
  public static final int DEFAULT_PORT = 8080;

  /** Default bind address of {@code serve}: loopback only. */
  public static final String DEFAULT_HOST = "127.0.0.1";

  private final Command command;
  private final Map<String, List<String>> values;
  private final List<String> positional;
  private final boolean help;

  private CliOptions(
      Command command, Map<String, List<String>> values, List<String> positional, boolean help) {
    this.command = command;
    this.values = values;
    this.positional = List.copyOf(positional);
    this.help = help;
  }

  /**
   * Parses the arguments after the command word and checks every value.
   *
   * @throws UsageException naming the offending option
   */
  public static CliOptions parse(Command command, List<String> args) {
    Map<String, List<String>> values = new LinkedHashMap<>();
    List<String> positional = new ArrayList<>();
    boolean help = false;
    boolean optionsEnded = false;
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      if (optionsEnded || !a.startsWith("--") || a.equals("--")) {
        if (!optionsEnded && a.equals("--")) {
          optionsEnded = true;
        } else if (!optionsEnded && a.startsWith("-") && a.length() > 1 && !a.startsWith("--")) {
          if (a.equals("-h")) {
            help = true;
          } else {
            throw new UsageException(
                command.word(), "unknown option " + a + " (options start with --)");
          }
        } else {
          positional.add(a);
        }
        continue;
      }
      String name = a.substring(2);
      String value = null;
      int eq = name.indexOf('=');
      if (eq >= 0) {
        value = name.substring(eq + 1);
        name = name.substring(0, eq);
      }
      if (name.equals("help")) {
        help = true;
        continue;
      }
      if (!command.options.contains(name)) {
        throw new UsageException(
            command.word(), "unknown option --" + name + " for " + command.word());
      }
      if (FLAGS.contains(name)) {
        if (value != null) {
          throw new UsageException(command.word(), "option --" + name + " takes no value");
        }
        values.put(name, List.of("true"));
        continue;
      }
      if (value == null) {
        if (i + 1 >= args.size() || args.get(i + 1).startsWith("--")) {
          throw new UsageException(command.word(), "option --" + name + " needs a value");
        }
        value = args.get(++i);
      }
      List<String> list = values.computeIfAbsent(name, n -> new ArrayList<>());
      if (!list.isEmpty() && !REPEATABLE.contains(name)) {
        throw new UsageException(command.word(), "option --" + name + " is given twice");
      }
      list.add(value);
    }
    CliOptions o = new CliOptions(command, values, positional, help);
    if (!help) {
      o.check();
    }
    return o;
  }

  private void check() {
    docs();
    store();
    collection();
    model();
    embedder();
    filter();
    k();
    minSimilarity();
    requireLexical();
    strictness();
    port();
    host();
  }

  public Command command() {
    return command;
  }

  /** Whether {@code --help} (or {@code -h}) was given. */
  public boolean help() {
    return help;
  }

  public List<String> positional() {
    return positional;
  }

  public boolean json() {
    return values.containsKey("json");
  }

  /**
   * {@code --keep-missing}: {@code ingest} keeps stored documents that are not among its paths (by
   * default it removes them, so that the collection mirrors the paths).
   */
  public boolean keepMissing() {
    return values.containsKey("keep-missing");
  }

  public boolean verbose() {
    return values.containsKey("verbose");
  }

  /** {@code --docs DIR}: an existing directory (or file). */
  public Optional<Path> docs() {
    String v = single("docs");
    if (v == null) {
      return Optional.empty();
    }
    if (v.isBlank()) {
      throw usage("option --docs needs a directory");
    }
    Path p = Path.of(v);
    if (!Files.exists(p)) {
      throw usage("option --docs: " + v + " does not exist");
    }
    return Optional.of(p);
  }

  /**
   * {@code --store URL}: a {@code jdbc:postgresql://} URL or a libpq one ({@code
   * postgresql://user@host/db}, as {@code psql} takes it).
   */
  public Optional<String> store() {
    String v = single("store");
    if (v == null) {
      return Optional.empty();
    }
    if (!v.startsWith("jdbc:postgresql:")
        && !v.startsWith("postgresql:")
        && !v.startsWith("postgres:")) {
      throw usage(
          "option --store must be a jdbc:postgresql://host:port/database or"
              + " postgresql://user@host:port/database URL");
    }
    return Optional.of(v);
  }

  /** {@code --collection NAME}; default {@value #DEFAULT_COLLECTION}. */
  public String collection() {
    String v = single("collection");
    if (v == null) {
      return DEFAULT_COLLECTION;
    }
    if (!v.matches("[a-z_][a-z0-9_]{0,47}")) {
      throw usage("option --collection must match [a-z_][a-z0-9_]{0,47}, was \"" + v + "\"");
    }
    return v;
  }

  /**
   * {@code --strictness lenient|balanced|strict|strictest}: how sure the extractive generator must
   * be to answer; default {@code balanced}.
   */
  public dev.citerag.pipeline.ExtractiveGenerator.Strictness strictness() {
    return oneOf("strictness", "lenient", "balanced", "strict", "strictest")
        .map(dev.citerag.pipeline.ExtractiveGenerator.Strictness::of)
        .orElse(dev.citerag.pipeline.ExtractiveGenerator.Strictness.BALANCED);
  }

  /** {@code --model extractive|gemini|ollama|openai}; empty for the automatic choice. */
  public Optional<String> model() {
    return oneOf("model", "extractive", "gemini", "ollama", "openai");
  }

  /** {@code --embedder onnx|local|gemini|ollama|openai}; default {@code onnx}. */
  public String embedder() {
    return oneOf("embedder", "onnx", "local", "gemini", "ollama", "openai").orElse("onnx");
  }

  /** The AND of every {@code --filter key=value}; {@link Filter#ALL} when none. */
  public Filter filter() {
    List<String> fs = values.getOrDefault("filter", List.of());
    List<Filter> parts = new ArrayList<>();
    for (String f : fs) {
      int eq = f.indexOf('=');
      if (eq <= 0) {
        throw usage("option --filter must be key=value, was \"" + f + "\"");
      }
      String key = f.substring(0, eq).strip();
      String value = f.substring(eq + 1).strip();
      if (!Filter.KEY.matcher(key).matches()) {
        throw usage("option --filter: key \"" + key + "\" must match " + Filter.KEY.pattern());
      }
      parts.add(Filter.eq(key, value));
    }
    if (parts.isEmpty()) {
      return Filter.ALL;
    }
    return parts.size() == 1 ? parts.get(0) : Filter.and(parts.toArray(Filter[]::new));
  }

  /** The filter as key/value pairs, for display. */
  public Map<String, String> filterPairs() {
    Map<String, String> out = new LinkedHashMap<>();
    for (String f : values.getOrDefault("filter", List.of())) {
      int eq = f.indexOf('=');
      out.put(f.substring(0, eq).strip(), f.substring(eq + 1).strip());
    }
    return out;
  }

  /** {@code --k N}: chunks retrieved, 1 to 100. */
  public OptionalInt k() {
    String v = single("k");
    if (v == null) {
      return OptionalInt.empty();
    }
    int n = INTEGER.matcher(v).matches() ? Integer.parseInt(v) : -1;
    if (n < 1 || n > 100) {
      throw usage("option --k must be an integer between 1 and 100, was \"" + v + "\"");
    }
    return OptionalInt.of(n);
  }

  /** {@code --min-similarity X}: in [0, 1]; 0 turns the cosine gate off. */
  public OptionalDouble minSimilarity() {
    String v = single("min-similarity");
    if (v == null) {
      return OptionalDouble.empty();
    }
    double d;
    try {
      d = Double.parseDouble(v);
    } catch (NumberFormatException e) {
      d = Double.NaN;
    }
    if (!(d >= 0 && d <= 1) || v.isBlank()) {
      throw usage("option --min-similarity must be a number between 0 and 1, was \"" + v + "\"");
    }
    return OptionalDouble.of(d);
  }

  /** {@code --require-lexical true|false}; default true. */
  public boolean requireLexical() {
    String v = single("require-lexical");
    if (v == null) {
      return true;
    }
    return switch (v.toLowerCase(Locale.ROOT)) {
      case "true" -> true;
      case "false" -> false;
      default -> throw usage("option --require-lexical must be true or false, was \"" + v + "\"");
    };
  }

  /** {@code --port N}: 0 to 65535 (0 picks a free port); default {@value #DEFAULT_PORT}. */
  public int port() {
    String v = single("port");
    if (v == null) {
      return DEFAULT_PORT;
    }
    int n = INTEGER.matcher(v).matches() ? Integer.parseInt(v) : -1;
    if (n < 0 || n > 65_535) {
      throw usage("option --port must be an integer between 0 and 65535, was \"" + v + "\"");
    }
    return n;
  }

  /** {@code --host ADDRESS}: the address to bind; default {@value #DEFAULT_HOST}. */
  public String host() {
    String v = single("host");
    if (v == null) {
      return DEFAULT_HOST;
    }
    if (v.isBlank() || !v.matches("[A-Za-z0-9.:\\-\\[\\]]+")) {
      throw usage("option --host must be a host name or IP address, was \"" + v + "\"");
    }
    return v;
  }

  private Optional<String> oneOf(String name, String... allowed) {
    String v = single(name);
    if (v == null) {
      return Optional.empty();
    }
    for (String a : allowed) {
      if (a.equals(v)) {
        return Optional.of(v);
      }
    }
    throw usage(
        "option --"
            + name
            + " must be one of "
            + String.join("|", allowed)
            + ", was \""
            + v
            + "\"");
  }

  private @Nullable String single(String name) {
    List<String> l = values.get(name);
    return l == null || l.isEmpty() ? null : l.get(0);
  }

  private UsageException usage(String message) {
    return new UsageException(command.word(), message);
  }
}
