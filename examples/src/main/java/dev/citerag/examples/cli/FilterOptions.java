package dev.citerag.examples.cli;

import dev.citerag.store.Filter;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** {@code --filter TERM}, repeatable: the AND of metadata conditions ({@link FilterSyntax}). */
final class FilterOptions {

  @Option(
      names = "--filter",
      paramLabel = "TERM",
      converter = OptionValues.FilterTerm.class,
      description =
          "only chunks whose metadata matches: key=value, key!=value, key>=N, key<DATE,"
              + " 'key contains value', 'key in (a, b)', key?, !key, joined by and, or, not"
              + " and parentheses; repeat for AND")
  private List<Filter> filters = new ArrayList<>();

  /** The AND of every {@code --filter}; {@link Filter#ALL} when none. */
  Filter filter() {
    if (filters.isEmpty()) {
      return Filter.ALL;
    }
    return filters.size() == 1 ? filters.get(0) : Filter.and(filters.toArray(Filter[]::new));
  }
}
