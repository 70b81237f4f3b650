package dev.citerag.testkit.fakes;

import dev.citerag.answer.Citation;
import dev.citerag.internal.Checks;
import dev.citerag.text.internal.Whitespace;
import java.util.Locale;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A citation described by content rather than by id, resolved against the sources of each call.
 * Tests do not know the ids a context builder assigns, so they say "the source that contains X".
 *
 * <pre>{@code
 * Cite.quote("Run deployctl rollback --service <name> --to <sha>")  // cite it, quote it as written there
 * Cite.of("deployctl rollback", "roll back with deployctl quickly")   // cite that source, quote as given
 * Cite.sourceId("k7q2m", "an exact quote of four words")           // a literal id
 * }</pre>
 */
public final class Cite {
  private final @Nullable String sourceContaining;
  private final @Nullable String literalId;
  private final String quote;
  private final boolean copyFromSource;

  private Cite(
      @Nullable String sourceContaining,
      @Nullable String literalId,
      String quote,
      boolean copyFromSource) {
    this.sourceContaining = sourceContaining;
    this.literalId = literalId;
    this.quote = quote;
    this.copyFromSource = copyFromSource;
  }

  /**
   * Cites the sent source that contains {@code quote} (whitespace collapsed, case ignored) and
   * quotes that passage exactly as the source writes it, so the citation is valid.
   *
   * @param quote a passage of a sent source, in any case and spacing
   * @return the citation script
   * @throws IllegalArgumentException when {@code quote} is blank
   */
  public static Cite quote(String quote) {
    Checks.notBlank(quote, "quote");
    return new Cite(quote, null, quote, true);
  }

  /**
   * Cites the sent source that contains {@code sourceContaining}, with {@code quote} verbatim
   * (which need not be in the source: that is how a test scripts a paraphrased or too-short quote).
   *
   * @param sourceContaining a fragment that picks the cited source
   * @param quote the quote, sent as is
   * @return the citation script
   * @throws IllegalArgumentException when {@code sourceContaining} is blank or {@code quote} null
   */
  public static Cite of(String sourceContaining, String quote) {
    Checks.notBlank(sourceContaining, "sourceContaining");
    Checks.notNull(quote, "quote");
    return new Cite(sourceContaining, null, quote, false);
  }

  /**
   * Cites a literal source id, whether or not it was sent.
   *
   * @param sourceId the id to cite
   * @param quote the quote, sent as is
   * @return the citation script
   * @throws IllegalArgumentException when {@code sourceId} is blank or {@code quote} null
   */
  public static Cite sourceId(String sourceId, String quote) {
    Checks.notBlank(sourceId, "sourceId");
    Checks.notNull(quote, "quote");
    return new Cite(null, sourceId, quote, false);
  }

  /**
   * The concrete citation for this call.
   *
   * @param sent the sources the call showed the model
   * @return the citation with the id the source was sent under
   * @throws IllegalStateException when no sent source contains the fragment (the message lists what
   *     was sent)
   */
  public Citation resolve(SentSources sent) {
    if (literalId != null) {
      return new Citation(literalId, quote);
    }
    // set whenever literalId is not (both factories guarantee it)
    SentSources.Source s = sent.containing(Objects.requireNonNull(sourceContaining));
    return new Citation(s.id(), copyFromSource ? exactSpan(s.text(), quote) : quote);
  }

  /**
   * The passage of {@code text} that matches {@code fragment} ignoring case and whitespace, as the
   * text writes it (whitespace collapsed); {@code fragment} itself when it cannot be located
   * character for character (case folding changed a length).
   */
  static String exactSpan(String text, String fragment) {
    String collapsed = Whitespace.collapse(text);
    String folded = collapsed.toLowerCase(Locale.ROOT);
    String f = Whitespace.collapse(fragment).toLowerCase(Locale.ROOT);
    int at = folded.indexOf(f);
    if (at < 0 || folded.length() != collapsed.length()) {
      return fragment;
    }
    return collapsed.substring(at, at + f.length());
  }

  @Override
  public String toString() {
    String target =
        literalId != null ? "id " + literalId : "source containing \"" + sourceContaining + "\"";
    return "Cite[" + target + ", quote=\"" + quote + "\"]";
  }
}
