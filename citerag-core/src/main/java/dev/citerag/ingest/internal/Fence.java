package dev.citerag.ingest.internal;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * A fenced code block's opening: fence character and length.
 *
 * @param ch {@code `} or {@code ~}
 * @param length the run's length, at least 3
 */
public record Fence(char ch, int length) {

  // Sees document text: must stay linear (RegexDenialOfServiceTest). DOTALL: a '.' that stopped at
  // a line separator inside the line made '$' fail and the run before it backtrack per character.
  private static final Pattern OPEN = Pattern.compile("^ {0,3}(`{3,}|~{3,})(.*)$", Pattern.DOTALL);

  /** The fence {@code line} opens, or null when it opens none. */
  static @Nullable Fence open(String line) {
    Matcher m = OPEN.matcher(line);
    if (!m.matches()) {
      return null;
    }
    String run = m.group(1);
    if (run.charAt(0) == '`' && m.group(2).indexOf('`') >= 0) {
      return null;
    }
    return new Fence(run.charAt(0), run.length());
  }

  /** Whether {@code line} closes this fence: the same character, at least as many, nothing else. */
  public boolean closedBy(String line) {
    int i = 0;
    while (i < line.length() && i < 3 && line.charAt(i) == ' ') {
      i++;
    }
    int run = 0;
    while (i < line.length() && line.charAt(i) == ch) {
      i++;
      run++;
    }
    return run >= length && line.substring(i).isBlank();
  }

  /** The fence's own text, e.g. {@code ```}, used to close a piece of a split code block. */
  public String text() {
    return String.valueOf(ch).repeat(length);
  }
}
