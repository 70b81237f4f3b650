package dev.citerag.ingest.internal;

import dev.citerag.ingest.internal.Block.Kind;
import dev.citerag.text.internal.TokenEstimator;
import dev.citerag.text.internal.Whitespace;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits one section's blocks into chunk bodies that fit a {@link Budget}: blocks that do not fit
 * alone go down to sentences (or lines), words and characters, tables to rows and code to lines;
 * the pieces are packed greedily, and consecutive bodies share up to {@code overlapTokens} tokens
 * of trailing sentences or words (tables and code are never repeated as overlap).
 *
 * <p>Work is linear in the section's length for a fixed budget: every text handed to the budget is
 * at most a chunk's length plus the piece being tried, and a word longer than a chunk is cut by
 * doubling then bisecting from each cut, so the characters measured per piece are proportional to
 * the piece ({@code PackerTest} counts them).
 */
public final class Packer {
  private final Budget budget;
  private final int overlapTokens;

  /**
   * @param budget decides whether a chunk text fits
   * @param overlapTokens at most this many estimated tokens repeated between consecutive bodies
   */
  public Packer(Budget budget, int overlapTokens) {
    this.budget = budget;
    this.overlapTokens = overlapTokens;
  }

  /** A unit of packing: its text, the separator placed before it, and whether it may overlap. */
  private record Seg(String text, String sep, boolean overlappable) {}

  /**
   * The chunk bodies (without {@code head}) of a section's non-empty {@code blocks}: one when the
   * whole section fits after {@code head}, else the packed pieces.
   */
  public List<String> bodies(List<Block> blocks, String head) {
    String whole = Block.join(blocks);
    if (budget.fits(head + whole)) {
      return List.of(whole);
    }
    List<Seg> segs = new ArrayList<>();
    for (int b = 0; b < blocks.size(); b++) {
      Block block = blocks.get(b);
      String sep = b == 0 ? "" : "\n\n";
      String text = block.text();
      if (budget.fits(head + text)) {
        segs.add(new Seg(text, sep, block.kind() == Kind.TEXT));
      } else if (block.kind() == Kind.TABLE) {
        splitTable(block, head, sep, segs);
      } else if (block.kind() == Kind.CODE) {
        splitCode(block, head, sep, segs);
      } else {
        splitText(text, head, sep, segs);
      }
    }
    return pack(segs, head);
  }

  // ---------------------------------------------------------------- text

  /** Sentences (or lines); a sentence too large for a chunk goes down to words, then characters. */
  private void splitText(String text, String head, String firstSep, List<Seg> out) {
    List<String[]> sentences = spans(text, true);
    for (int i = 0; i < sentences.size(); i++) {
      String sentence = sentences.get(i)[0];
      String sep = i == 0 ? firstSep : sentences.get(i)[1];
      if (budget.fits(head + sentence)) {
        out.add(new Seg(sentence, sep, true));
        continue;
      }
      List<String[]> words = spans(sentence, false);
      for (int w = 0; w < words.size(); w++) {
        String word = words.get(w)[0];
        String wsep = w == 0 ? sep : words.get(w)[1];
        if (budget.fits(head + word)) {
          out.add(new Seg(word, wsep, true));
        } else {
          splitChars(word, head, wsep, out);
        }
      }
    }
  }

  /**
   * Consecutive slices of {@code word}, each the longest that fits; never cuts a surrogate pair.
   */
  private void splitChars(String word, String head, String firstSep, List<Seg> out) {
    int start = 0;
    boolean first = true;
    while (start < word.length()) {
      int length = longestFit(word, start, head);
      int end = start + length;
      if (end < word.length() && Character.isHighSurrogate(word.charAt(end - 1)) && length > 1) {
        end--;
      }
      out.add(new Seg(word.substring(start, end), first ? firstSep : "", false));
      first = false;
      start = end;
    }
  }

  /**
   * The largest length (at least 1) of the slice of {@code word} from {@code start} that fits after
   * {@code head}. Doubling from 1 and then bisecting measures O(answer · log answer) characters,
   * not the rest of the word: bisecting over the whole rest made a 1 MB word cost quadratic time.
   * The answer is the same as a bisection over the whole rest when fitting is monotone in the
   * length. One character is taken to fit: the head takes at most half the budget.
   */
  private int longestFit(String word, int start, String head) {
    int rest = word.length() - start;
    int lo = 1;
    long probe = 2;
    while (probe <= rest && fitsSlice(head, word, start, (int) probe)) {
      lo = (int) probe;
      probe *= 2;
    }
    int hi = (int) Math.min(probe - 1, rest);
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      if (fitsSlice(head, word, start, mid)) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo;
  }

  private boolean fitsSlice(String head, String word, int start, int length) {
    return budget.fits(head + word.substring(start, start + length));
  }

  /**
   * Splits at whitespace runs: every run when {@code sentences} is false; otherwise only runs
   * containing a line break or following {@code . ! ?} (optionally followed by closing quotes or
   * brackets). Each element is {text, separator before it}.
   */
  private static List<String[]> spans(String text, boolean sentences) {
    List<String[]> out = new ArrayList<>();
    int n = text.length();
    int start = 0;
    String sepBefore = "";
    int i = 0;
    while (i < n) {
      if (!Whitespace.isSpace(text.charAt(i))) {
        i++;
        continue;
      }
      int ws = i;
      while (i < n && Whitespace.isSpace(text.charAt(i))) {
        i++;
      }
      if (ws == start || i == n) {
        continue; // leading or trailing whitespace stays with its neighbour
      }
      String run = text.substring(ws, i);
      if (!sentences || run.indexOf('\n') >= 0 || endsSentence(text, ws)) {
        out.add(new String[] {text.substring(start, ws), sepBefore});
        sepBefore = run;
        start = i;
      }
    }
    out.add(new String[] {text.substring(start), sepBefore});
    return out;
  }

  private static boolean endsSentence(String text, int end) {
    int i = end - 1;
    while (i >= 0 && "\"')]»”’*_".indexOf(text.charAt(i)) >= 0) {
      i--;
    }
    return i >= 0 && ".!?".indexOf(text.charAt(i)) >= 0;
  }

  // ---------------------------------------------------------------- tables and code

  /**
   * Table pieces sized for a fresh chunk, each with the header and delimiter rows. When those two
   * rows alone exceed a chunk they are not repeated (that would multiply the table's size by its
   * row count): they become one piece and the rows are packed after it like lines.
   */
  private void splitTable(Block table, String head, String firstSep, List<Seg> out) {
    List<String> lines = table.lines();
    String header = lines.get(0) + "\n" + lines.get(1);
    if (!budget.fits(head + header)) {
      out.add(new Seg(header, firstSep, false));
      for (String row : lines.subList(2, lines.size())) {
        out.add(new Seg(row, "\n", false));
      }
      return;
    }
    StringBuilder piece = new StringBuilder(header);
    int rowsInPiece = 0;
    boolean first = true;
    for (String row : lines.subList(2, lines.size())) {
      int mark = piece.length();
      piece.append('\n').append(row);
      if (rowsInPiece > 0 && !budget.fits(head + piece)) {
        piece.setLength(mark);
        out.add(new Seg(piece.toString(), first ? firstSep : "\n\n", false));
        first = false;
        piece.setLength(0);
        piece.append(header).append('\n').append(row);
        rowsInPiece = 0;
      }
      rowsInPiece++;
    }
    out.add(new Seg(piece.toString(), first ? firstSep : "\n\n", false));
  }

  /**
   * Code pieces sized for a fresh chunk, split between lines, each with fences (the opening line
   * repeated, or the bare fence when that line alone would not fit).
   */
  private void splitCode(Block code, String head, String firstSep, List<Seg> out) {
    Fence fence = code.fence();
    List<String> lines = code.lines();
    String open = lines.get(0);
    boolean closed =
        lines.size() > 1 && fence != null && fence.closedBy(lines.get(lines.size() - 1));
    String close = closed ? lines.get(lines.size() - 1) : null;
    String synthetic = fence == null ? "```" : fence.text();
    String closeForBudget =
        close != null && close.length() > synthetic.length() ? close : synthetic;
    // an opening line too long for a chunk (a huge info string) is not repeated on every piece
    String reopen = budget.fits(head + open + "\n" + closeForBudget) ? open : synthetic;
    StringBuilder piece = new StringBuilder(open);
    int linesInPiece = 0;
    boolean first = true;
    for (String line : lines.subList(1, closed ? lines.size() - 1 : lines.size())) {
      int mark = piece.length();
      piece.append('\n').append(line);
      if (linesInPiece > 0 && !budget.fits(head + piece + "\n" + closeForBudget)) {
        piece.setLength(mark);
        out.add(new Seg(piece + "\n" + synthetic, first ? firstSep : "\n\n", false));
        first = false;
        piece.setLength(0);
        piece.append(reopen).append('\n').append(line);
        linesInPiece = 0;
      }
      linesInPiece++;
    }
    if (close != null) {
      piece.append('\n').append(close);
    }
    out.add(new Seg(piece.toString(), first ? firstSep : "\n\n", false));
  }

  // ---------------------------------------------------------------- packing

  /** Greedy packing with bounded overlap; returns the chunk bodies (without the head). */
  private List<String> pack(List<Seg> segs, String head) {
    List<String> bodies = new ArrayList<>();
    List<Seg> current = new ArrayList<>();
    StringBuilder buf = new StringBuilder(head);
    for (Seg seg : segs) {
      if (current.isEmpty()) {
        buf.append(seg.text);
        current.add(seg);
        continue;
      }
      int mark = buf.length();
      buf.append(seg.sep).append(seg.text);
      if (budget.fits(buf)) {
        current.add(seg);
        continue;
      }
      buf.setLength(mark);
      bodies.add(buf.substring(head.length()));
      List<Seg> next = overlap(current);
      while (!next.isEmpty() && !budget.fits(head + join(next) + seg.sep + seg.text)) {
        next.remove(0);
      }
      next.add(seg);
      current = next;
      buf.setLength(0);
      buf.append(head).append(join(current));
    }
    if (!current.isEmpty()) {
      bodies.add(buf.substring(head.length()));
    }
    return bodies;
  }

  /**
   * The longest run of trailing overlappable segments within the overlap budget, not all of them.
   */
  private List<Seg> overlap(List<Seg> piece) {
    List<Seg> out = new ArrayList<>();
    if (overlapTokens == 0) {
      return out;
    }
    for (int i = piece.size() - 1; i >= 1; i--) {
      Seg s = piece.get(i);
      if (!s.overlappable) {
        break;
      }
      out.add(0, s);
      if (TokenEstimator.estimate(join(out)) > overlapTokens) {
        out.remove(0);
        break;
      }
    }
    return out;
  }

  private static String join(List<Seg> segs) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < segs.size(); i++) {
      if (i > 0) {
        b.append(segs.get(i).sep);
      }
      b.append(segs.get(i).text);
    }
    return b.toString();
  }
}
