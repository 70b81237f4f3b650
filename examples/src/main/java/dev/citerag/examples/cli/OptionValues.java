package dev.citerag.examples.cli;

import dev.citerag.analysis.SnowballAnalyzer;
import dev.citerag.extractive.ExtractiveGenerator.Strictness;
import dev.citerag.store.Filter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * The converters of the options' values. Each one checks its value and says the rule it breaks in a
 * message that follows the option's name ({@code option --k} + {@code must be an integer between 1
 * and 100, was "0"}); {@link UsageErrors} puts the two together. The value sets of the options that
 * take one word of a few ({@code --model}, {@code --embedder}, {@code --strictness}) are {@link
 * Choice}s: the same list checks the value and feeds the completion script.
 */
final class OptionValues {
  private OptionValues() {}

  /** At most nine digits: the range checks below then cannot overflow an int. */
  static final Pattern INTEGER = Pattern.compile("[0-9]{1,9}");

  /** A pgvector collection name (a table prefix). */
  static final Pattern COLLECTION = Pattern.compile("[a-z_][a-z0-9_]{0,47}");

  /** A host name, an IPv4 address or an IPv6 one (bracketed or not). */
  static final Pattern HOST = Pattern.compile("[A-Za-z0-9.:\\-\\[\\]]+");

  private static int integer(String v, int min, int max) {
    int n = INTEGER.matcher(v).matches() ? Integer.parseInt(v) : -1;
    if (n < min || n > max) {
      throw new TypeConversionException(
          "must be an integer between " + min + " and " + max + ", was \"" + v + "\"");
    }
    return n;
  }

  /** A judge: {@code same}, or a provider and a model name. */
  static final Pattern JUDGE =
      Pattern.compile("same|(ollama|openai|gemini):[A-Za-z0-9._:/\\-]{1,128}");

  /**
   * {@code --judge J}: {@code same}, {@code ollama:MODEL}, {@code openai:MODEL} or {@code
   * gemini:MODEL}.
   */
  static final class Judge implements ITypeConverter<String> {
    @Override
    public String convert(String v) {
      if (!JUDGE.matcher(v).matches()) {
        throw new TypeConversionException(
            "must be same, ollama:MODEL, openai:MODEL or gemini:MODEL (e.g."
                + " ollama:bespoke-minicheck), was \""
                + (v.length() > 60 ? v.substring(0, 60) + "..." : v)
                + "\"");
      }
      return v;
    }
  }

  /** {@code --k N}: chunks retrieved, 1 to 100. */
  static final class TopK implements ITypeConverter<Integer> {
    @Override
    public Integer convert(String v) {
      return integer(v, 1, 100);
    }
  }

  /** {@code --port N}: 0 to 65535 (0 picks a free port). */
  static final class Port implements ITypeConverter<Integer> {
    @Override
    public Integer convert(String v) {
      return integer(v, 0, 65_535);
    }
  }

  /** {@code --min-similarity X}: a number in [0, 1]. */
  static final class Similarity implements ITypeConverter<Double> {
    @Override
    public Double convert(String v) {
      double d;
      try {
        d = Double.parseDouble(v);
      } catch (NumberFormatException e) {
        d = Double.NaN;
      }
      if (!(d >= 0 && d <= 1) || v.isBlank()) {
        throw new TypeConversionException("must be a number between 0 and 1, was \"" + v + "\"");
      }
      return d;
    }
  }

  /** {@code --require-lexical B}: {@code true} or {@code false} (any case). */
  static final class Bool implements ITypeConverter<Boolean> {
    @Override
    public Boolean convert(String v) {
      return switch (v.toLowerCase(Locale.ROOT)) {
        case "true" -> true;
        case "false" -> false;
        default -> throw new TypeConversionException("must be true or false, was \"" + v + "\"");
      };
    }
  }

  /** {@code --docs DIR}: a file or directory that exists. */
  static final class ExistingPath implements ITypeConverter<Path> {
    @Override
    public Path convert(String v) {
      if (v.isBlank()) {
        throw new TypeConversionException("needs a directory");
      }
      Path p;
      try {
        p = Path.of(v);
      } catch (java.nio.file.InvalidPathException e) {
        throw new TypeConversionException("is not a usable path: " + e.getReason());
      }
      if (!Files.exists(p)) {
        throw new TypeConversionException(": " + v + " does not exist");
      }
      return p;
    }
  }

  /**
   * {@code --store URL}: a {@code jdbc:postgresql://} URL or a libpq one ({@code
   * postgresql://user@host/db}, as {@code psql} takes it). The value is never repeated in the
   * message: it may hold a password.
   */
  static final class StoreUrl implements ITypeConverter<String> {
    @Override
    public String convert(String v) {
      if (!v.startsWith("jdbc:postgresql:")
          && !v.startsWith("postgresql:")
          && !v.startsWith("postgres:")) {
        throw new TypeConversionException(
            "must be a jdbc:postgresql://host:port/database or"
                + " postgresql://user@host:port/database URL");
      }
      return v;
    }
  }

  /** {@code --collection NAME}: a pgvector table prefix. */
  static final class Collection implements ITypeConverter<String> {
    @Override
    public String convert(String v) {
      if (!COLLECTION.matcher(v).matches()) {
        throw new TypeConversionException(
            "must match " + COLLECTION.pattern() + ", was \"" + v + "\"");
      }
      return v;
    }
  }

  /** {@code --host ADDRESS}: the address to bind. */
  static final class Host implements ITypeConverter<String> {
    @Override
    public String convert(String v) {
      if (v.isBlank() || !HOST.matcher(v).matches()) {
        throw new TypeConversionException("must be a host name or IP address, was \"" + v + "\"");
      }
      return v;
    }
  }

  /** {@code --filter KEY=VALUE}: one equality on a metadata key (key and value stripped). */
  static final class FilterTerm implements ITypeConverter<Filter> {
    @Override
    public Filter convert(String f) {
      try {
        return FilterSyntax.parse(f);
      } catch (IllegalArgumentException e) {
        throw new TypeConversionException(String.valueOf(e.getMessage()));
      }
    }
  }

  /**
   * One word of a fixed few: the converter that checks it and, as an {@code Iterable}, the
   * candidates the completion script offers and the help lists ({@code ${COMPLETION-CANDIDATES}}).
   */
  abstract static class Choice implements ITypeConverter<String>, Iterable<String> {
    private final List<String> words;

    Choice(String... words) {
      this.words = List.of(words);
    }

    @Override
    public String convert(String v) {
      if (!words.contains(v)) {
        throw new TypeConversionException(
            "must be one of " + String.join("|", words) + ", was \"" + v + "\"");
      }
      return v;
    }

    @Override
    public Iterator<String> iterator() {
      return words.iterator();
    }
  }

  /** {@code --model}. */
  static final class Models extends Choice {
    Models() {
      super("extractive", "gemini", "ollama", "openai", "anthropic");
    }
  }

  /** {@code --embedder}. */
  static final class Embedders extends Choice {
    Embedders() {
      super("onnx", "local", "gemini", "ollama", "openai");
    }
  }

  /** {@code --language}: English (core's analyser) or a Snowball language of citerag-analysis. */
  static final class Languages extends Choice {
    Languages() {
      super(languages());
    }

    private static String[] languages() {
      java.util.TreeSet<String> all = new java.util.TreeSet<>(SnowballAnalyzer.languages());
      all.add("english");
      return all.toArray(String[]::new);
    }
  }

  /** {@code --strictness}: the extractive generator's wire names. */
  static final class Strictnesses extends Choice {
    Strictnesses() {
      super("lenient", "balanced", "strict", "strictest");
    }
  }

  /** {@code --strictness} as the generator's enum (checked by {@link Strictnesses} first). */
  static final class StrictnessValue implements ITypeConverter<Strictness> {
    @Override
    public Strictness convert(String v) {
      return Strictness.of(new Strictnesses().convert(v));
    }
  }
}
