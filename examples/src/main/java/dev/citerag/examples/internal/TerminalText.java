package dev.citerag.examples.internal;

import java.util.regex.Pattern;

/**
 * Makes text safe to print on a terminal: escape sequences (CSI, OSC, and other ESC sequences) are
 * removed whole, then every remaining control character (C0 except line feed and tab, DEL, C1) and
 * every bidirectional override or isolate (which can make text display in another order than it
 * reads) is removed. Applied to everything the command line prints: answers and quotes come from
 * documents and models, and neither may move the cursor, recolour the screen or rewrite the title.
 */
public final class TerminalText {
  private TerminalText() {}

  private static final Pattern ESCAPES =
      Pattern.compile(
          "\u001B\\[[0-?]*[ -/]*[@-~]" // CSI ... final byte
              + "|\u009B[0-?]*[ -/]*[@-~]" // 8-bit CSI
              + "|\u001B\\][^\u0007\u001B\u009C]*(?:\u0007|\u001B\\\\|\u009C)?" // OSC ... BEL or ST
              + "|\u009D[^\u0007\u001B\u009C]*(?:\u0007|\u001B\\\\|\u009C)?"
              + "|\u001B[PX^_][^\u001B\u009C]*(?:\u001B\\\\|\u009C)?" // DCS, SOS, PM, APC strings
              + "|\u001B[ -/]*[0-~]"); // any other ESC sequence

  /**
   * {@code s} without escape sequences, control characters (but {@code \n} and {@code \t}) and bidi
   * controls.
   */
  public static String clean(String s) {
    String t = ESCAPES.matcher(s).replaceAll("");
    StringBuilder b = new StringBuilder(t.length());
    for (int i = 0; i < t.length(); i++) {
      char c = t.charAt(i);
      if (c == '\n' || c == '\t') {
        b.append(c);
      } else if (c < 0x20
          || (c >= 0x7F && c <= 0x9F)
          || (c >= '\u202A' && c <= '\u202E')
          || (c >= '\u2066' && c <= '\u2069')
          || c == '\u200E'
          || c == '\u200F'
          || c == '\u061C') {
        // dropped: a control character or a bidirectional formatting mark
      } else {
        b.append(c);
      }
    }
    return b.toString();
  }

  private static final Pattern LITERAL_MARKER = Pattern.compile("\\[(\\d{1,4})]");

  /**
   * Answer text for display next to real {@code [n]} markers: a bracketed number that the text
   * itself contains is shown as {@code (n)}, so that only validated citations appear as markers.
   */
  public static String withoutMarkers(String answerText) {
    return LITERAL_MARKER.matcher(answerText).replaceAll("($1)");
  }
}
