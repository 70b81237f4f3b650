package dev.citerag.testkit.golden;

import dev.citerag.internal.Checks;
import dev.citerag.store.Filter;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * One labelled question.
 *
 * @param id unique, {@code [A-Za-z0-9_.-]+}
 * @param question the question as a user would ask it
 * @param answerable whether the corpus (under {@code filter}) answers it
 * @param docIds the documents that answer it; empty when unanswerable
 * @param evidence a short verbatim excerpt that a chunk answering it must contain (compared with
 *     whitespace collapsed), so the label survives re-chunking; null when unanswerable
 * @param mustContain a fact the answer text must contain (case-insensitive); null when unanswerable
 * @param filter metadata the question is asked under (e.g. {@code team=platform}); empty for none
 * @param kind what the case tests, e.g. {@code direct}, {@code numeric_identifier}, {@code table},
 *     {@code near_miss}, {@code out_of_scope}, {@code filtered_out}
 */
public record GoldenCase(
    String id,
    String question,
    boolean answerable,
    List<String> docIds,
    @Nullable String evidence,
    @Nullable String mustContain,
    Map<String, String> filter,
    String kind) {

  /** Valid case ids. */
  public static final Pattern ID = Pattern.compile("[A-Za-z0-9_.\\-]+");

  /** Valid kinds. */
  public static final Pattern KIND = Pattern.compile("[a-z][a-z0-9_]*");

  /**
   * Checks the case's rules.
   *
   * @param id unique, {@code [A-Za-z0-9_.-]+}
   * @param question the question as a user would ask it
   * @param answerable whether the corpus (under {@code filter}) answers it
   * @param docIds the documents that answer it; empty when unanswerable
   * @param evidence a short verbatim excerpt that a chunk answering it must contain (compared with
   *     whitespace collapsed), so the label survives re-chunking; null when unanswerable
   * @param mustContain a fact the answer text must contain (case-insensitive); null when
   *     unanswerable
   * @param filter metadata the question is asked under (e.g. {@code team=platform}); empty for none
   * @param kind what the case tests, e.g. {@code direct}, {@code numeric_identifier}, {@code
   *     table}, {@code near_miss}, {@code out_of_scope}, {@code filtered_out}
   * @throws IllegalArgumentException when a field breaks its rule (named in the message), or an
   *     answerable case lacks doc ids, evidence or must-contain text, or an unanswerable one has
   *     them
   */
  public GoldenCase {
    Checks.notBlank(id, "id");
    if (!ID.matcher(id).matches()) {
      throw new IllegalArgumentException("id must match " + ID.pattern() + ", was \"" + id + "\"");
    }
    Checks.notBlank(question, "question");
    docIds = List.copyOf(Checks.noNullElements(docIds, "doc_ids"));
    filter = java.util.Collections.unmodifiableMap(new TreeMap<>(Checks.notNull(filter, "filter")));
    for (String k : filter.keySet()) {
      if (!Filter.KEY.matcher(k).matches()) {
        throw new IllegalArgumentException(
            "filter key \"" + k + "\" must match " + Filter.KEY.pattern());
      }
    }
    Checks.notBlank(kind, "kind");
    if (!KIND.matcher(kind).matches()) {
      throw new IllegalArgumentException(
          "kind must match " + KIND.pattern() + ", was \"" + kind + "\"");
    }
    if (answerable) {
      if (docIds.isEmpty()) {
        throw new IllegalArgumentException("doc_ids must not be empty when answerable is true");
      }
      Checks.notBlank(evidence, "evidence");
      Checks.notBlank(mustContain, "must_contain");
    } else {
      if (!docIds.isEmpty()) {
        throw new IllegalArgumentException("doc_ids must be empty when answerable is false");
      }
      if (evidence != null) {
        throw new IllegalArgumentException("evidence must be absent when answerable is false");
      }
      if (mustContain != null) {
        throw new IllegalArgumentException("must_contain must be absent when answerable is false");
      }
    }
  }

  /**
   * The filter as a store {@link Filter}: {@link Filter#ALL} when empty, else the equalities
   * and-ed.
   *
   * @return the filter
   */
  public Filter toFilter() {
    if (filter.isEmpty()) {
      return Filter.ALL;
    }
    if (filter.size() == 1) {
      Map.Entry<String, String> e = filter.entrySet().iterator().next();
      return Filter.eq(e.getKey(), e.getValue());
    }
    return Filter.and(
        filter.entrySet().stream()
            .map(e -> Filter.eq(e.getKey(), e.getValue()))
            .toArray(Filter[]::new));
  }

  /** {@return the gold passage, or empty for an unanswerable case} */
  public Optional<String> evidenceOption() {
    return Optional.ofNullable(evidence);
  }

  /** {@return the text a correct answer contains, or empty for an unanswerable case} */
  public Optional<String> mustContainOption() {
    return Optional.ofNullable(mustContain);
  }
}
