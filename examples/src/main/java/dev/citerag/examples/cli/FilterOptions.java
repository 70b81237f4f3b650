package dev.citerag.examples.cli;

import dev.citerag.store.Filter;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** {@code --filter KEY=VALUE}, repeatable: the AND of metadata equalities. */
final class FilterOptions {

  @Option(
      names = "--filter",
      paramLabel = "KEY=VALUE",
      converter = OptionValues.FilterTerm.class,
      description = "only chunks whose metadata matches; repeat for AND")
  private List<Filter> filters = new ArrayList<>();

  /** The AND of every {@code --filter}; {@link Filter#ALL} when none. */
  Filter filter() {
    if (filters.isEmpty()) {
      return Filter.ALL;
    }
    return filters.size() == 1 ? filters.get(0) : Filter.and(filters.toArray(Filter[]::new));
  }
}
