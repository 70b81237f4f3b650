package dev.citerag.reliability.api;

import java.util.ArrayList;
import java.util.List;

/** A line diff (longest common subsequence) printed as hunks with a few lines of context. */
final class LineDiff {
  private LineDiff() {}

  static String unified(String before, String after, int context) {
    String[] a = lines(before);
    String[] b = lines(after);
    int[][] lcs = new int[a.length + 1][b.length + 1];
    for (int i = a.length - 1; i >= 0; i--) {
      for (int j = b.length - 1; j >= 0; j--) {
        lcs[i][j] =
            a[i].equals(b[j]) ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
      }
    }
    // the edit script: ' ' kept, '-' only in before, '+' only in after; line = line in before
    List<String> ops = new ArrayList<>();
    List<Integer> lineOf = new ArrayList<>();
    int i = 0;
    int j = 0;
    while (i < a.length || j < b.length) {
      if (i < a.length && j < b.length && a[i].equals(b[j])) {
        ops.add(" " + a[i]);
        lineOf.add(i + 1);
        i++;
        j++;
      } else if (i < a.length && (j == b.length || lcs[i + 1][j] >= lcs[i][j + 1])) {
        ops.add("-" + a[i]);
        lineOf.add(i + 1);
        i++;
      } else {
        ops.add("+" + b[j]);
        lineOf.add(i + 1);
        j++;
      }
    }
    StringBuilder out = new StringBuilder();
    int k = 0;
    while (k < ops.size()) {
      if (ops.get(k).charAt(0) == ' ') {
        k++;
        continue;
      }
      int start = Math.max(0, k - context);
      int end = k;
      // extend the hunk while changes are closer than 2 * context apart
      int lastChange = k;
      while (end < ops.size() && end - lastChange <= 2 * context) {
        if (ops.get(end).charAt(0) != ' ') {
          lastChange = end;
        }
        end++;
      }
      end = Math.min(ops.size(), lastChange + context + 1);
      out.append("@@ line ").append(lineOf.get(start)).append(" @@\n");
      for (int x = start; x < end; x++) {
        out.append(ops.get(x)).append('\n');
      }
      k = end;
    }
    return out.toString();
  }

  /** The lines of {@code text}; a final newline ends the last line rather than starting one. */
  private static String[] lines(String text) {
    String body = text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
    return body.split("\n", -1);
  }
}
