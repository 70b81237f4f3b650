package dev.citerag.render;

import dev.citerag.answer.Claim;
import dev.citerag.internal.Checks;
import dev.citerag.pipeline.RagResult;
import dev.citerag.pipeline.ResolvedCitation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A verified answer laid out for display: its text cut into segments, each followed by the {@code
 * [n]} markers of the citations that support it, and the numbered references those markers point
 * to. Every renderer ({@link AnswerRenderer}, {@link ResultJson}) uses this one layout, so a
 * terminal, a web page and a JSON client number citations alike.
 *
 * <p>Numbering: references are numbered from 1 in the order their citations first appear; a
 * citation repeating the same source and quote reuses its number. A claim whose text is found in
 * the answer (searching forward from the previous claim) gets its markers right after that text;
 * the markers of claims not found verbatim go after the last segment.
 *
 * <pre>{@code
 * if (result instanceof RagResult.Answered a) {
 *   CitedAnswer layout = CitedAnswer.of(a);
 *   layout.segments().forEach(s -> System.out.print(s.text() + s.markers()));
 * }
 * }</pre>
 *
 * @param segments the answer text in order; concatenated they give the answer text exactly
 * @param references every distinct citation, numbered from 1
 */
public record CitedAnswer(List<Segment> segments, List<Reference> references) {

  /**
   * A piece of the answer text and the reference numbers that follow it.
   *
   * @param text verbatim answer text
   * @param markers 1-based reference numbers, possibly empty
   */
  public record Segment(String text, List<Integer> markers) {
    /**
     * Copies the markers.
     *
     * @param text verbatim answer text
     * @param markers 1-based reference numbers, possibly empty
     * @throws IllegalArgumentException when an argument is null
     */
    public Segment {
      Checks.notNull(text, "text");
      markers = List.copyOf(Checks.notNull(markers, "markers"));
    }
  }

  /**
   * A numbered reference.
   *
   * @param number 1-based
   * @param citation the verified citation behind it
   */
  public record Reference(int number, ResolvedCitation citation) {
    /**
     * Checks the number.
     *
     * @param number 1-based
     * @param citation the verified citation behind it
     * @throws IllegalArgumentException when {@code number < 1} or {@code citation} is null
     */
    public Reference {
      if (number < 1) {
        throw new IllegalArgumentException("number must be >= 1, was " + number);
      }
      Checks.notNull(citation, "citation");
    }
  }

  /**
   * Copies both lists.
   *
   * @param segments the answer text in order
   * @param references every distinct citation, numbered from 1
   * @throws IllegalArgumentException when a list is null
   */
  public CitedAnswer {
    segments = List.copyOf(Checks.notNull(segments, "segments"));
    references = List.copyOf(Checks.notNull(references, "references"));
  }

  /**
   * Lays out a verified answer.
   *
   * @param answer an answered result
   * @return its segments and references
   * @throws IllegalArgumentException when {@code answer} is null
   */
  public static CitedAnswer of(RagResult.Answered answer) {
    Checks.notNull(answer, "answer");
    Map<String, Integer> numbers = new LinkedHashMap<>();
    List<Reference> refs = new ArrayList<>();
    Map<Integer, List<Integer>> byClaim = new LinkedHashMap<>();
    for (ResolvedCitation c : answer.citations()) {
      String key = c.sourceId() + '\u0000' + c.quote();
      Integer n = numbers.get(key);
      if (n == null) {
        n = refs.size() + 1;
        numbers.put(key, n);
        refs.add(new Reference(n, c));
      }
      List<Integer> ms = byClaim.computeIfAbsent(c.claimIndex(), k -> new ArrayList<>());
      if (!ms.contains(n)) {
        ms.add(n);
      }
    }
    String text = answer.answer();
    List<Segment> segments = new ArrayList<>();
    Set<Integer> trailing = new LinkedHashSet<>();
    int cursor = 0;
    List<Claim> claims = answer.claims();
    for (int i = 0; i < claims.size(); i++) {
      List<Integer> ms = byClaim.getOrDefault(i, List.of());
      if (ms.isEmpty()) {
        continue;
      }
      String claimText = claims.get(i).text().strip();
      int at = claimText.isEmpty() ? -1 : text.indexOf(claimText, cursor);
      if (at < 0) {
        trailing.addAll(ms);
        continue;
      }
      int end = at + claimText.length();
      segments.add(new Segment(text.substring(cursor, end), ms));
      cursor = end;
    }
    // citations of claim indexes beyond the claim list (should not happen) still get shown
    for (Map.Entry<Integer, List<Integer>> e : byClaim.entrySet()) {
      if (e.getKey() >= claims.size()) {
        trailing.addAll(e.getValue());
      }
    }
    String rest = text.substring(cursor);
    if (!rest.isEmpty() || !trailing.isEmpty()) {
      if (rest.isBlank() && !segments.isEmpty() && !trailing.isEmpty()) {
        Segment last = segments.remove(segments.size() - 1);
        Set<Integer> merged = new LinkedHashSet<>(last.markers());
        merged.addAll(trailing);
        segments.add(new Segment(last.text(), new ArrayList<>(merged)));
        if (!rest.isEmpty()) {
          segments.add(new Segment(rest, List.of()));
        }
      } else {
        segments.add(new Segment(rest, new ArrayList<>(trailing)));
      }
    }
    return new CitedAnswer(segments, refs);
  }
}
