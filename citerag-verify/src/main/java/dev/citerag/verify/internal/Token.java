package dev.citerag.verify.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One token of a normalised text: a word (letters and digits, with inner joiners such as {@code
 * 1,000}, {@code v2.3}, {@code don't}, {@code 3/12/2001}, {@code Mon-Thu}), a symbol ({@code $ € £
 * % °}) or a punctuation mark.
 *
 * @param raw the token as written (after normalisation), without a possessive {@code 's}
 * @param lower {@code raw} lower-cased
 * @param kind word, symbol or punctuation
 * @param index position among the text's tokens
 * @param script the word's script class ({@link Normalization.Script#NONE} for non-words)
 * @param sentenceStart whether the token opens a sentence
 */
public record Token(
    String raw,
    String lower,
    Kind kind,
    int index,
    Normalization.Script script,
    boolean sentenceStart) {

  /** Token kinds. */
  public enum Kind {
    /** Letters and digits. */
    WORD,
    /** A currency, percent or degree sign. */
    SYMBOL,
    /** Any other mark. */
    PUNCT
  }

  /** {@return whether this is a word} */
  public boolean word() {
    return kind == Kind.WORD;
  }

  /** {@return whether the word starts with an upper-case letter} */
  public boolean capitalised() {
    return kind == Kind.WORD && Character.isUpperCase(raw.codePointAt(0));
  }

  /** {@return whether every letter is upper-case and there are at least two (an acronym)} */
  public boolean acronym() {
    int letters = 0;
    for (int i = 0; i < raw.length(); i++) {
      char c = raw.charAt(i);
      if (Character.isLowerCase(c)) {
        return false;
      }
      letters += Character.isLetter(c) ? 1 : 0;
    }
    return letters >= 2;
  }

  /** {@return whether the word has a digit} */
  public boolean hasDigit() {
    for (int i = 0; i < raw.length(); i++) {
      if (Character.isDigit(raw.charAt(i))) {
        return true;
      }
    }
    return false;
  }

  /** {@return whether the word is letters a-z only (lower-cased)} */
  public boolean alphabetic() {
    for (int i = 0; i < lower.length(); i++) {
      char c = lower.charAt(i);
      if (c < 'a' || c > 'z') {
        return false;
      }
    }
    return !lower.isEmpty();
  }

  private static final String SYMBOLS = "$€£¥%°";
  private static final String JOINERS = ".,'-/:&";

  /**
   * Tokens of a text, which is normalised first ({@link Normalization#normalize}).
   *
   * @param text any text
   * @return its tokens in order
   */
  public static List<Token> of(String text) {
    String s = Normalization.normalize(text);
    List<Token> out = new ArrayList<>();
    boolean sentenceStart = true;
    int i = 0;
    while (i < s.length()) {
      int cp = s.codePointAt(i);
      int len = Character.charCount(cp);
      if (cp == ' ') {
        i += len;
        continue;
      }
      if (Character.isLetterOrDigit(cp)) {
        int j = i + len;
        boolean noSpace = Normalization.noSpaceScript(cp);
        while (j < s.length()) {
          int c = s.codePointAt(j);
          if (Character.isLetterOrDigit(c) || Character.getType(c) == Character.NON_SPACING_MARK) {
            if (noSpace != Normalization.noSpaceScript(c) && Character.isLetter(c)) {
              break;
            }
            j += Character.charCount(c);
          } else if (JOINERS.indexOf(c) >= 0
              && j + 1 < s.length()
              && Character.isLetterOrDigit(s.codePointAt(j + 1))
              && joins(c, s.codePointAt(j - 1), s.codePointAt(j + 1))) {
            j += 1;
          } else {
            break;
          }
        }
        String raw = s.substring(i, j);
        if (raw.length() > 2 && raw.endsWith("'s")) {
          raw = raw.substring(0, raw.length() - 2);
        }
        out.add(
            new Token(
                raw,
                raw.toLowerCase(Locale.ROOT),
                Kind.WORD,
                out.size(),
                Normalization.script(raw),
                sentenceStart));
        sentenceStart = false;
        i = j;
      } else {
        String p = s.substring(i, i + len);
        Kind kind = SYMBOLS.indexOf(cp) >= 0 ? Kind.SYMBOL : Kind.PUNCT;
        out.add(new Token(p, p, kind, out.size(), Normalization.Script.NONE, false));
        if (cp == '.' || cp == '!' || cp == '?' || cp == ':' || cp == ';') {
          sentenceStart = cp != ':' && cp != ';';
        }
        i += len;
      }
    }
    return out;
  }

  /** Whether an inner joiner keeps the characters on both sides in one token. */
  private static boolean joins(int joiner, int before, int after) {
    return switch (joiner) {
      case ',', ':' -> Character.isDigit(before) && Character.isDigit(after);
      case '\'' -> Character.isLetter(before) && Character.isLetter(after);
      default -> true; // . - / & between letters or digits
    };
  }
}
