package dev.citerag.pipeline;

import dev.citerag.answer.Citation;
import dev.citerag.answer.Claim;
import dev.citerag.answer.ClaimCheck;
import dev.citerag.answer.ValidationIssue;
import dev.citerag.internal.Checks;
import java.util.ArrayList;
import java.util.List;

/**
 * The outcome of {@link RagPipeline#ask}: an answer whose citations were verified, an honest
 * abstention, or a rejection. A rejected answer's text is never exposed as an answer.
 *
 * <pre>{@code
 * switch (pipeline.ask("How do I roll back a deploy?")) {
 *   case RagResult.Answered a -> show(a.answer(), a.citations());
 *   case RagResult.Abstained a -> show("Not in the documentation (" + a.reason() + ")");
 *   case RagResult.Rejected r -> show("No verified answer: " + r.issues());
 * }
 * }</pre>
 */
public sealed interface RagResult
    permits RagResult.Answered, RagResult.Abstained, RagResult.Rejected {

  /** {@return how the request went: retrieval, prompt, attempts, tokens and time per stage} */
  Trace trace();

  /** {@return {@code answered}, {@code not_in_sources} or {@code rejected}, as in JSON output} */
  String status();

  /**
   * A verified answer.
   *
   * @param answer the answer text
   * @param claims its claims with their (verified) citations
   * @param citations every citation resolved to its chunk
   * @param groundingScore in [0,1]
   * @param warnings non-critical validation findings
   * @param trace how the request went
   * @param checks per claim, in claim order, what was checked: its quotes (always) and who checked
   *     its support (the deterministic rules, a judge model, or both) with their verdicts
   */
  record Answered(
      String answer,
      List<Claim> claims,
      List<ResolvedCitation> citations,
      double groundingScore,
      List<ValidationIssue> warnings,
      Trace trace,
      List<ClaimCheck> checks)
      implements RagResult {
    /**
     * Checks the fields and copies the lists.
     *
     * @param answer the answer text
     * @param claims its claims with their (verified) citations
     * @param citations every citation resolved to its chunk
     * @param groundingScore in [0,1]
     * @param warnings non-critical validation findings
     * @param trace how the request went
     * @param checks per claim, in claim order, what was checked
     * @throws IllegalArgumentException when {@code answer} is blank, there is no citation, a field
     *     is null, or {@code checks} does not hold one check per claim in claim order
     */
    public Answered {
      Checks.notBlank(answer, "answer");
      claims = List.copyOf(claims);
      citations = List.copyOf(citations);
      if (citations.isEmpty()) {
        throw new IllegalArgumentException("an Answered result must carry at least one citation");
      }
      warnings = List.copyOf(warnings);
      Checks.notNull(trace, "trace");
      checks = List.copyOf(Checks.noNullElements(checks, "checks"));
      if (checks.size() != claims.size()) {
        throw new IllegalArgumentException(
            "checks must hold one check per claim, "
                + claims.size()
                + " claims but "
                + checks.size()
                + " checks");
      }
      for (int i = 0; i < checks.size(); i++) {
        if (checks.get(i).claim() != i) {
          throw new IllegalArgumentException(
              "checks must be in claim order, check "
                  + i
                  + " names claim "
                  + checks.get(i).claim());
        }
      }
    }

    /**
     * An answer whose support nobody reported checking: each claim's check holds its quotes and no
     * support verdict.
     *
     * @param answer the answer text
     * @param claims its claims with their (verified) citations
     * @param citations every citation resolved to its chunk
     * @param groundingScore in [0,1]
     * @param warnings non-critical validation findings
     * @param trace how the request went
     * @throws IllegalArgumentException as the canonical constructor
     */
    public Answered(
        String answer,
        List<Claim> claims,
        List<ResolvedCitation> citations,
        double groundingScore,
        List<ValidationIssue> warnings,
        Trace trace) {
      this(answer, claims, citations, groundingScore, warnings, trace, quotesOnly(claims));
    }

    private static List<ClaimCheck> quotesOnly(List<Claim> claims) {
      List<ClaimCheck> out = new ArrayList<>(claims.size());
      for (int i = 0; i < claims.size(); i++) {
        out.add(
            new ClaimCheck(
                i, claims.get(i).citations().stream().map(Citation::quote).toList(), null, null));
      }
      return out;
    }

    /** {@return always {@code answered}} */
    @Override
    public String status() {
      return "answered";
    }
  }

  /**
   * No answer, on purpose.
   *
   * @param reason why
   * @param detail a sentence for people
   * @param trace how the request went
   */
  record Abstained(AbstainReason reason, String detail, Trace trace) implements RagResult {
    /**
     * Checks the fields.
     *
     * @param reason why
     * @param detail a sentence for people
     * @param trace how the request went
     * @throws IllegalArgumentException when a field is null
     */
    public Abstained {
      Checks.notNull(reason, "reason");
      Checks.notNull(detail, "detail");
      Checks.notNull(trace, "trace");
    }

    /** {@return always {@code not_in_sources}} */
    @Override
    public String status() {
      return "not_in_sources";
    }
  }

  /**
   * No answer, because none could be verified.
   *
   * @param reason why
   * @param issues the critical issues of the last attempt (empty for provider failures)
   * @param detail a sentence for people
   * @param trace how the request went
   */
  record Rejected(RejectReason reason, List<ValidationIssue> issues, String detail, Trace trace)
      implements RagResult {
    /**
     * Checks the fields and copies the issues.
     *
     * @param reason why
     * @param issues the critical issues of the last attempt (empty for provider failures)
     * @param detail a sentence for people
     * @param trace how the request went
     * @throws IllegalArgumentException when a field is null
     */
    public Rejected {
      Checks.notNull(reason, "reason");
      issues = List.copyOf(issues);
      Checks.notNull(detail, "detail");
      Checks.notNull(trace, "trace");
    }

    /** {@return always {@code rejected}} */
    @Override
    public String status() {
      return "rejected";
    }
  }
}
