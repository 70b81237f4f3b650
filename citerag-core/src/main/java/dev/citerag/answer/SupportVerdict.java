package dev.citerag.answer;

import dev.citerag.internal.Checks;
import java.util.List;

/**
 * A {@link SupportVerifier}'s judgement of one claim.
 *
 * @param support supported, contradicted, or not enough in the quotes
 * @param missing terms of the claim that its quotes do not carry (numbers, names, content words)
 * @param contradicting terms that contradict the quotes (a negation one side lacks, a value the
 *     quotes state differently)
 * @param coverage in [0,1]: how much of the claim its quotes cover (0 for a claim with nothing to
 *     cover)
 * @param usage model calls, tokens and time the judgement took ({@link VerificationUsage#NONE} for
 *     a deterministic verifier)
 */
public record SupportVerdict(
    Support support,
    List<String> missing,
    List<String> contradicting,
    double coverage,
    VerificationUsage usage) {

  /** The three judgements. */
  public enum Support {
    /** The quotes carry the claim. */
    SUPPORTED,
    /** The quotes say otherwise. */
    CONTRADICTED,
    /** The quotes do not carry (all of) the claim. */
    NOT_ENOUGH
  }

  /**
   * Checks the fields and copies the lists.
   *
   * @param support supported, contradicted, or not enough in the quotes
   * @param missing terms of the claim that its quotes do not carry (numbers, names, content words)
   * @param contradicting terms that contradict the quotes (a negation one side lacks, a value the
   *     quotes state differently)
   * @param coverage in [0,1]: how much of the claim its quotes cover (0 for a claim with nothing to
   *     cover)
   * @param usage model calls, tokens and time the judgement took ({@link VerificationUsage#NONE}
   *     for a deterministic verifier)
   * @throws IllegalArgumentException when a field is or holds null, or {@code coverage} is outside
   *     [0,1]
   */
  public SupportVerdict {
    Checks.notNull(support, "support");
    missing = List.copyOf(Checks.noNullElements(missing, "missing"));
    contradicting = List.copyOf(Checks.noNullElements(contradicting, "contradicting"));
    Checks.inRange(coverage, 0.0, 1.0, "coverage");
    Checks.notNull(usage, "usage");
  }

  /** {@return whether the judgement is {@link Support#SUPPORTED}} */
  public boolean supported() {
    return support == Support.SUPPORTED;
  }
}
