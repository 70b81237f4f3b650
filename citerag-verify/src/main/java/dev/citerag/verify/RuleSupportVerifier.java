package dev.citerag.verify;

import dev.citerag.answer.ClaimEvidence;
import dev.citerag.answer.SupportVerdict;
import dev.citerag.answer.SupportVerifier;
import dev.citerag.internal.Checks;
import dev.citerag.verify.internal.RuleEngine;
import java.util.List;

/**
 * A deterministic {@link SupportVerifier} built on lexical knowledge (WordNet 3.1 through {@link
 * Lexicon}, Unicode confusables through ICU4J). A claim is supported when its quotes carry it as a
 * careful reader would check it:
 *
 * <ul>
 *   <li><b>normalisation</b>: invisible marks removed, compatibility forms folded; a word mixing
 *       scripts, or imitating a Latin word in another script, is never taken as the word it
 *       imitates (the claim is contradicted);
 *   <li><b>language</b>: a claim the rules cannot read (another language, another script) is not
 *       enough, with a reason starting {@code "language not analysed: "} that a model judge may
 *       take over;
 *   <li><b>quantities</b>: value, unit and the thing a number attaches to, with number words,
 *       scales, currencies, percentages, ranges, scores, ordinals, durations and dates, and exact
 *       unit conversions;
 *   <li><b>polarity</b>: negation in its English forms with a documented scope, WordNet antonyms
 *       and comparatives, listed opposites of function words ("before"/"after", "at least"/"at
 *       most");
 *   <li><b>roles</b>: who did what to whom for two named entities around a verb, active or passive;
 *   <li><b>content</b>: every name matched, and {@code minContentShare} of the other content words
 *       matched by form, stem, lemma, spelling variant, abbreviation, synonym, derivation or a more
 *       general word; every clause carried; a claim without content is not supported;
 *   <li><b>table cells</b>: when the quotes are a Markdown table's header row and one of its body
 *       rows, every header the claim names is followed by its own column's value, not another's;
 *   <li><b>consistency</b> ({@link #verifyAll}): two claims of one answer that contradict each
 *       other are both contradicted.
 * </ul>
 *
 * A contradiction found by any rule is final ({@link SupportVerdict.Support#CONTRADICTED}); too
 * little support is {@link SupportVerdict.Support#NOT_ENOUGH}. The rules prove lexical and
 * structural agreement, not truth: a paraphrase that needs world knowledge or inference fails, and
 * a false claim built with words in senses the lexicon does not separate can pass. See {@code
 * docs/support-verification.md} for each rule's scope and limits, and the measured figures.
 *
 * <pre>{@code
 * SupportVerifier rules = RuleSupportVerifier.builder().build();
 * RagPipeline pipeline = RagPipeline.builder()
 *     .validator(new DefaultCitationValidator(4, 3, rules))
 *     ...
 * }</pre>
 *
 * <p>Thread-safe. The lexicon opens on the first claim (or through {@link Lexicon#load()}).
 */
public final class RuleSupportVerifier implements SupportVerifier {

  /** Default least share of a claim's ordinary content words that its quotes must carry. */
  public static final double DEFAULT_MIN_CONTENT_SHARE = 0.75;

  private final double minContentShare;
  private final Lexicon lexicon;
  private volatile @org.jspecify.annotations.Nullable RuleEngine engine;

  private RuleSupportVerifier(Builder b) {
    this.minContentShare = b.minContentShare;
    this.lexicon = b.lexicon;
  }

  /** {@return a builder with the defaults} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return a builder holding this verifier's settings} */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.minContentShare = minContentShare;
    b.lexicon = lexicon;
    return b;
  }

  /** {@return the least share of a claim's ordinary content words its quotes must carry} */
  public double minContentShare() {
    return minContentShare;
  }

  @Override
  public SupportVerdict verify(String claim, List<String> quotes) {
    Checks.notNull(claim, "claim");
    Checks.noNullElements(quotes, "quotes");
    if (quotes.isEmpty()) {
      throw new IllegalArgumentException("quotes must not be empty");
    }
    return engine().verify(claim, List.copyOf(quotes));
  }

  /**
   * Judges every claim of one answer, and fails two claims that contradict each other.
   * Abbreviations defined in any quote of the answer count for all its claims.
   *
   * @param claims the answer's claims whose citations are all valid, in answer order
   * @return one verdict per claim, in the same order
   * @throws IllegalArgumentException when {@code claims} is or holds null
   */
  @Override
  public List<SupportVerdict> verifyAll(List<ClaimEvidence> claims) {
    Checks.noNullElements(claims, "claims");
    return engine().verifyAll(List.copyOf(claims));
  }

  private RuleEngine engine() {
    RuleEngine e = engine;
    if (e == null) {
      synchronized (this) {
        e = engine;
        if (e == null) {
          e = new RuleEngine(lexicon.database(), minContentShare);
          engine = e;
        }
      }
    }
    return e;
  }

  @Override
  public String toString() {
    return "RuleSupportVerifier[minContentShare=" + minContentShare + "]";
  }

  /** Settings of a {@link RuleSupportVerifier}. Not thread-safe. */
  public static final class Builder {
    private double minContentShare = DEFAULT_MIN_CONTENT_SHARE;
    private Lexicon lexicon = Lexicon.wordNet();

    private Builder() {}

    /**
     * The least share of a claim's ordinary content words (not names, which must all be matched)
     * that its quotes must carry. Default {@value RuleSupportVerifier#DEFAULT_MIN_CONTENT_SHARE}.
     *
     * @param share in (0, 1]
     * @return this builder
     * @throws IllegalArgumentException when out of range
     */
    public Builder minContentShare(double share) {
      Checks.inRange(share, 0.0, 1.0, "minContentShare");
      if (share == 0.0) {
        throw new IllegalArgumentException("minContentShare must be > 0, was 0.0");
      }
      this.minContentShare = share;
      return this;
    }

    /** {@return a verifier with these settings} */
    public RuleSupportVerifier build() {
      return new RuleSupportVerifier(this);
    }
  }
}
