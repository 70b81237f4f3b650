package dev.citerag.verify.internal;

import java.util.Set;

/**
 * Rule family <b>language</b>: the rules analyse English only, and never pass a claim in another
 * language.
 *
 * <p>A text is not analysed when a third or more of its words are in a script other than Latin
 * (Chinese, Cyrillic, Arabic, ...), or when it holds a function word of another language written in
 * Latin script that is not also an English word: German, French, Spanish, Italian, Dutch and
 * Portuguese articles, negations and conjunctions ("nicht", "kein", "pas", "jamais", "nunca",
 * "niet", "não", "und", "les", ...). One such word is enough: a German "nicht" inside an English
 * sentence is a negation the rules cannot read. Its verdict is not enough, with the reason {@value
 * #REASON_PREFIX}..., which a model judge may take over.
 *
 * <p>Does not catch: other Latin-script languages (their claims usually fail the content rule
 * instead); a single non-Latin word inside an English claim (it is then a content word the quotes
 * must carry, or an imitation).
 */
final class LanguageRule {
  private LanguageRule() {}

  /** The start of the reason the verdict's missing terms carry. */
  static final String REASON_PREFIX = "language not analysed: ";

  private static final Set<String> FOREIGN =
      Set.of(
          // German
          "nicht",
          "kein",
          "keine",
          "keinen",
          "keiner",
          "niemals",
          "ohne",
          "und",
          "oder",
          "ist",
          "sind",
          "wird",
          "wurde",
          "wurden",
          "werden",
          "nie",
          "das",
          "dem",
          "des",
          "ein",
          "eine",
          "einen",
          "mit",
          "für",
          "über",
          "auch",
          "nur",
          "noch",
          "sich",
          "bei",
          "zum",
          "zur",
          // French
          "ne",
          "pas",
          "jamais",
          "aucun",
          "aucune",
          "les",
          "une",
          "et",
          "sont",
          "avec",
          "pour",
          "dans",
          "été",
          "ont",
          "est-ce",
          "n'est",
          "c'est",
          "sera",
          "être",
          "leur",
          // Spanish and Portuguese
          "nunca",
          "sin",
          "los",
          "las",
          "una",
          "del",
          "pero",
          "muy",
          "está",
          "están",
          "não",
          "sem",
          "uma",
          "são",
          "foi",
          "também",
          "mas",
          "para",
          "como",
          "por",
          "ningún",
          "ninguna",
          // Italian
          "non",
          "mai",
          "senza",
          "della",
          "delle",
          "sono",
          "gli",
          "anche",
          "è",
          // Dutch
          "niet",
          "geen",
          "nooit",
          "zonder",
          "het",
          "een",
          "wordt",
          "werd",
          "zijn",
          "ook",
          "maar");

  /** Latin-script foreign words that are English words as well are not counted. */
  private static final Set<String> ALSO_ENGLISH =
      Set.of(
          "die", "den", "war", "also", "art", "son", "sin", "est", "et", "come", "per", "con",
          "pro", "mit", "para", "como", "por");

  private static boolean inQuotes(String low, java.util.List<Passage> quotes) {
    for (Passage q : quotes) {
      for (Token t : q.tokens) {
        if (t.lower().equals(low)) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * Why a text is not analysed, or null when it is.
   *
   * @param p the text
   * @param quotes its quotes: a foreign word the quotes carry too is a name or a quoted term, not
   *     the claim's language
   * @return the reason, or null
   */
  static @org.jspecify.annotations.Nullable String reason(
      Passage p, java.util.List<Passage> quotes) {
    int latin = 0;
    int foreign = 0;
    String first = null;
    for (Token t : p.tokens) {
      if (!t.word()) {
        continue;
      }
      if (t.script() == Normalization.Script.LATIN) {
        latin++;
        String low = t.lower();
        if (!t.capitalised() || t.sentenceStart()) {
          if (FOREIGN.contains(low) && !ALSO_ENGLISH.contains(low)) {
            foreign++;
            if (first == null || inQuotes(first.toLowerCase(java.util.Locale.ROOT), quotes)) {
              first = t.raw();
            }
          }
        }
      }
    }
    // two function words of another language make the claim that language; one alone counts
    // unless the quotes carry it too (a quoted title, a name)
    if (first != null
        && (foreign >= 2 || !inQuotes(first.toLowerCase(java.util.Locale.ROOT), quotes))) {
      return REASON_PREFIX + "\"" + first + "\" is not English";
    }
    if (p.foreignWords > 0 && p.foreignWords * 3 >= p.foreignWords + latin) {
      return REASON_PREFIX + "written in a script other than Latin";
    }
    return null;
  }
}
