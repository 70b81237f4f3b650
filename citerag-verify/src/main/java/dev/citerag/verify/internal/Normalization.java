package dev.citerag.verify.internal;

import com.ibm.icu.lang.UScript;
import com.ibm.icu.text.SpoofChecker;
import java.text.Normalizer;
import java.util.Locale;

/**
 * Rule family <b>normalisation</b>: what every comparison sees. Applied to claims and quotes alike
 * before any other rule.
 *
 * <p>Catches: invisible marks (every format character: zero-width space and joiners, soft hyphen,
 * byte-order mark, direction marks, word joiner) are removed; compatibility forms are folded (NFKC:
 * full-width and mathematical letters become plain letters, so "𝐧𝐨𝐭" is "not"); typographic
 * apostrophes, quotes and dashes become their ASCII forms (an em dash, which sets a phrase off,
 * becomes a hyphen with spaces around it: "members\u2014four years" is two words). A word whose
 * letters come from more than one script ("nоt" with a Cyrillic "о") is an <em>imitation</em>: it
 * is never taken as the word it imitates. So is a word written wholly in another script whose
 * Unicode TR39 confusable skeleton (ICU4J's {@link SpoofChecker}) is a plain Latin word ("тор"
 * looks like "top").
 *
 * <p>Does not catch: a Latin word spelled differently on purpose ("n0t" with a zero is just an
 * unknown word, left to the content rule); look-alikes the TR39 data does not list.
 */
public final class Normalization {
  private Normalization() {}

  private static final SpoofChecker SPOOF =
      new SpoofChecker.Builder().setChecks(SpoofChecker.CONFUSABLE).build();

  /**
   * The text with invisible marks removed, NFKC-folded, typographic punctuation made ASCII.
   *
   * @param text any text
   * @return the normalised text
   */
  public static String normalize(String text) {
    if (printableAscii(text)) {
      return text; // nothing to remove, fold or replace; NFKC leaves ASCII as it is
    }
    StringBuilder b = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); ) {
      int cp = text.codePointAt(i);
      i += Character.charCount(cp);
      int type = Character.getType(cp);
      if (type == Character.FORMAT) {
        continue; // zero-width marks, soft hyphen, BOM, direction marks
      }
      switch (cp) {
        case '\u2018', '\u2019', '\u201B', '\u2032', '\u02BC' -> b.append('\'');
        case '\u201C', '\u201D', '\u201F', '\u2033' -> b.append('"');
        case '\u2010', '\u2011', '\u2012', '\u2013', '\u2212' -> b.append('-');
        case '\u2014', '\u2015' -> b.append(" - ");
        default -> {
          if (Character.isWhitespace(cp) || Character.isSpaceChar(cp)) {
            b.append(' ');
          } else {
            b.appendCodePoint(cp);
          }
        }
      }
    }
    String s = b.toString();
    return Normalizer.isNormalized(s, Normalizer.Form.NFKC)
        ? s
        : Normalizer.normalize(s, Normalizer.Form.NFKC);
  }

  /** Whether every char is printable ASCII (space to tilde): a text normalisation leaves alone. */
  private static boolean printableAscii(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < ' ' || c > '~') {
        return false;
      }
    }
    return true;
  }

  /** The scripts of a word's letters, as far as the rules care. */
  public enum Script {
    /** Latin letters only (digits and marks aside). */
    LATIN,
    /** Letters of one script other than Latin. */
    OTHER,
    /** No letters at all. */
    NONE,
    /** Letters of two or more scripts, or another script posing as a Latin word. */
    IMITATION
  }

  /**
   * Which scripts a word is written in.
   *
   * @param word one word
   * @return its script class
   */
  public static Script script(String word) {
    int seen = -1;
    boolean ascii = true;
    for (int i = 0; i < word.length(); ) {
      int cp = word.codePointAt(i);
      i += Character.charCount(cp);
      ascii &= cp < 128;
      if (!Character.isLetter(cp)) {
        continue;
      }
      int sc = cp < 128 ? UScript.LATIN : UScript.getScript(cp); // ASCII letters are Latin
      if (sc == UScript.COMMON || sc == UScript.INHERITED) {
        continue;
      }
      if (seen == -1) {
        seen = sc;
      } else if (seen != sc) {
        // mixed scripts: an imitation when it looks like a plain Latin word ("nоt"); a technical
        // term such as "β-defensins" or "TGF-β" reads as Latin
        return imitatesLatin(word) ? Script.IMITATION : Script.LATIN;
      }
    }
    if (seen == -1) {
      return Script.NONE;
    }
    if (seen == UScript.LATIN) {
      return Script.LATIN;
    }
    if (!ascii && imitatesLatin(word)) {
      return Script.IMITATION;
    }
    return Script.OTHER;
  }

  /** Whether a word's TR39 skeleton is a plain lower-case Latin word of two letters or more. */
  private static boolean imitatesLatin(String word) {
    String skeleton = SPOOF.getSkeleton(word).toLowerCase(Locale.ROOT);
    if (skeleton.length() < 2) {
      return false;
    }
    for (int i = 0; i < skeleton.length(); i++) {
      char c = skeleton.charAt(i);
      if (c < 'a' || c > 'z') {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether a code point belongs to a script written without spaces between words (Han, Hiragana,
   * Katakana, Thai, Lao, Khmer, Myanmar).
   *
   * @param cp a code point
   * @return whether its script has no word spaces
   */
  public static boolean noSpaceScript(int cp) {
    if (cp < 128) {
      return false; // ASCII is Common or Latin
    }
    int sc = UScript.getScript(cp);
    return sc == UScript.HAN
        || sc == UScript.HIRAGANA
        || sc == UScript.KATAKANA
        || sc == UScript.THAI
        || sc == UScript.LAO
        || sc == UScript.KHMER
        || sc == UScript.MYANMAR;
  }
}
