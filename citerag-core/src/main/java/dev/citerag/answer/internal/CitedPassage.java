package dev.citerag.answer.internal;

import org.jspecify.annotations.Nullable;

/**
 * One sent source's text, as quotes are checked against it: the answer of {@link
 * QuoteMatcher#locate} on the normalised text, with the normalisation done only when it can change
 * that answer, and at most once.
 *
 * <p>Most quotes are copied from a source made of ASCII text, where the normalisation only
 * collapses whitespace. The fast path therefore handles a quote whose normalised form is printable
 * ASCII, searched in the longest prefix of the source that holds nothing but printable ASCII and
 * ASCII whitespace: there, an occurrence under the normalisation is the quote written with each of
 * its spaces as a run of whitespace, and the token boundaries at its two ends depend only on the
 * two characters on either side, which are the normalised ones once whitespace reads as a space.
 * The first occurrence on token boundaries is the one {@link QuoteMatcher#locate} finds, so the
 * excerpt is the same source text. Anything else (a quote or a source prefix with other characters,
 * a combining mark right after the occurrence, a quote found nowhere) falls back to the normalised
 * text.
 *
 * <p>Made per validation, not thread-safe.
 */
public final class CitedPassage {

  private final String text;
  private int plainEnd;
  private @Nullable NormalizedText normalized;

  /** A passage over a source's raw text. */
  public CitedPassage(String text) {
    this.text = text;
  }

  /** The source's raw text. */
  public String text() {
    return text;
  }

  /**
   * The source's own text of the first occurrence of {@code quote} that starts and ends on token
   * boundaries, exactly as written in the source, or null when there is none; the same as {@link
   * QuoteMatcher#locate} and {@link NormalizedText#originalOf} on {@link #normalized()}.
   */
  public @Nullable String excerpt(NormalizedText quote) {
    int[] at = range(quote);
    return at == null ? null : text.substring(at[0], at[1]);
  }

  /**
   * Where {@link #excerpt} takes its text from: the raw range {@code [start, end)} of the source's
   * text (UTF-16 indices), or null when the quote occurs nowhere on token boundaries.
   */
  public int @Nullable [] range(NormalizedText quote) {
    int[] at = locatePlain(quote.text());
    if (at != null) {
      return at;
    }
    NormalizedText p = normalized();
    int[] r = QuoteMatcher.locate(p, quote);
    if (r == null) {
      return null;
    }
    return r[0] >= r[1] ? new int[] {0, 0} : p.originalRange(r[0], r[1]);
  }

  /** The normalised source text, made on first use. */
  public NormalizedText normalized() {
    NormalizedText n = normalized;
    if (n == null) {
      n = NormalizedText.of(text);
      normalized = n;
    }
    return n;
  }

  /**
   * The raw range {@code [start, end)} of the first boundary-aligned occurrence of the normalised
   * quote {@code q}, when the fast path can tell; null when it cannot (not that there is none).
   */
  int @Nullable [] locatePlain(String q) {
    if (q.isEmpty() || !printableAscii(q)) {
      return null;
    }
    int space = q.indexOf(' ');
    String head = space < 0 ? q : q.substring(0, space);
    for (int at = text.indexOf(head); at >= 0; at = text.indexOf(head, at + 1)) {
      int end = matchFrom(q, head.length(), at + head.length());
      if (end < 0) {
        continue;
      }
      // every earlier occurrence under the normalisation lies within [0, end): when that prefix
      // and the two characters after it are plain, none was missed and this one reads the same
      if (!plainUpTo(Math.min(text.length(), end + 2)) || markAt(end + 2)) {
        return null;
      }
      if (onBoundaries(q, at, end)) {
        return new int[] {at, end};
      }
    }
    return null;
  }

  /**
   * Matches {@code q} from its offset {@code k} against the text from {@code i}, a space of the
   * quote against a run of ASCII whitespace; the end of the match in the text, or -1.
   */
  private int matchFrom(String q, int k, int i) {
    int n = text.length();
    while (k < q.length()) {
      char c = q.charAt(k++);
      if (c == ' ') {
        if (i >= n || !asciiSpace(text.charAt(i))) {
          return -1;
        }
        do {
          i++;
        } while (i < n && asciiSpace(text.charAt(i)));
      } else if (i < n && text.charAt(i) == c) {
        i++;
      } else {
        return -1;
      }
    }
    return i;
  }

  /**
   * The boundary test of {@link NormalizedText#isBoundary} at both ends of the occurrence {@code
   * [at, end)}, on the quote with up to two characters of context either side, whitespace read as a
   * space (what the normalisation makes of it; at the text's ends it is trimmed, which the test
   * treats alike: nothing joins across a space).
   */
  private boolean onBoundaries(String q, int at, int end) {
    StringBuilder b = new StringBuilder(q.length() + 4);
    int from = Math.max(0, at - 2);
    for (int i = from; i < at; i++) {
      b.append(asciiSpace(text.charAt(i)) ? ' ' : text.charAt(i));
    }
    int left = b.length();
    b.append(q);
    for (int i = end; i < Math.min(text.length(), end + 2); i++) {
      b.append(asciiSpace(text.charAt(i)) ? ' ' : text.charAt(i));
    }
    String local = b.toString();
    boolean start = at == 0 || !NormalizedText.insideQuoteUnit(local, left);
    boolean stop =
        end == text.length() || !NormalizedText.insideQuoteUnit(local, left + q.length());
    return start && stop;
  }

  /** Whether {@code text[0, upTo)} is plain (printable ASCII or ASCII whitespace). */
  private boolean plainUpTo(int upTo) {
    String t = text;
    int i = plainEnd;
    // a local index and one test per character: this loop reads most of every cited source
    for (; i < upTo; i++) {
      char c = t.charAt(i);
      if (c >= 0x7F || (c < 0x20 && !asciiSpace(c))) {
        break;
      }
    }
    plainEnd = Math.max(plainEnd, i);
    return i >= upTo;
  }

  /** Whether a character that would compose with the one before it sits at {@code i}. */
  private boolean markAt(int i) {
    return i < text.length()
        && text.charAt(i) >= 0x80
        && NormalizedText.isMarkLike(text.codePointAt(i));
  }

  private static boolean printableAscii(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c < 0x20 || c >= 0x7F) {
        return false;
      }
    }
    return true;
  }

  /** ASCII characters the normalisation reads as whitespace. */
  private static boolean asciiSpace(char c) {
    return c < 0x80 && NormalizedText.isSpace(c);
  }
}
