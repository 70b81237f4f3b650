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

  /**
   * A unit of packing: its text, the separator placed before it, whether it may overlap, and where
   * its characters come from in the document.
   */
  private record Seg(String text, String sep, boolean overlappable, List<Body.Origin> origins) {
    /** A segment that is the document's text from {@code from} (-1: unknown). */
    static Seg of(String text, String sep, boolean overlappable, int from) {
      return new Seg(
          text,
          sep,
          overlappable,
          from < 0 || text.isEmpty()
              ? List.of()
              : List.of(new Body.Origin(0, from, text.length())));
    }
  }

  /** The blocks' texts separated by blank lines, with their origins: {@link Block#join}. */
  public static Body whole(List<Block> blocks) {
    Body.Builder b = new Body.Builder();
    for (Block block : blocks) {
      if (b.length() > 0) {
        b.append("\n\n", -1);
      }
      b.append(block.text(), block.start());
    }
    return b.build();
  }

  /**
   * The chunk bodies (without {@code head}) of a section's non-empty {@code blocks}: one when the
   * whole section fits after {@code head}, else the packed pieces.
   */
  public List<Body> bodies(List<Block> blocks, String head) {
    Body whole = whole(blocks);
    if (budget.fits(head + whole.text())) {
      return List.of(whole);
    }
    List<Seg> segs = new ArrayList<>();
    for (int b = 0; b < blocks.size(); b++) {
      Block block = blocks.get(b);
      String sep = b == 0 ? "" : "\n\n";
      String text = block.text();
      if (budget.fits(head + text)) {
        segs.add(Seg.of(text, sep, block.kind() == Kind.TEXT, block.start()));
      } else if (block.kind() == Kind.TABLE) {
        splitTable(block, head, sep, segs);
      } else if (block.kind() == Kind.CODE) {
        splitCode(block, head, sep, segs);
      } else {
        splitText(text, block.start(), head, sep, segs);
      }
    }
    return pack(segs, head);
  }

  /**
   * Where {@code offset} of a block's text is in the document, or -1 when the block's is unknown.
   */
  private static int at(int blockStart, int offset) {
    return blockStart < 0 ? -1 : blockStart + offset;
  }

  // ---------------------------------------------------------------- text

  /** Sentences (or lines); a sentence too large for a chunk goes down to words, then characters. */
  private void splitText(String text, int start, String head, String firstSep, List<Seg> out) {
    List<Part> sentences = spans(text, true);
    for (int i = 0; i < sentences.size(); i++) {
      Part sentence = sentences.get(i);
      String sep = i == 0 ? firstSep : sentence.sep();
      int sentenceStart = at(start, sentence.offset());
      if (budget.fits(head + sentence.text())) {
        out.add(Seg.of(sentence.text(), sep, true, sentenceStart));
        continue;
      }
      List<Part> words = spans(sentence.text(), false);
      for (int w = 0; w < words.size(); w++) {
        Part word = words.get(w);
        String wsep = w == 0 ? sep : word.sep();
        int wordStart = sentenceStart < 0 ? -1 : sentenceStart + word.offset();
        if (budget.fits(head + word.text())) {
          out.add(Seg.of(word.text(), wsep, true, wordStart));
        } else {
          splitChars(word.text(), wordStart, head, wsep, out);
        }
      }
    }
  }

  /**
   * Consecutive slices of {@code word}, each the longest that fits; never cuts a surrogate pair.
   */
  private void splitChars(String word, int wordStart, String head, String firstSep, List<Seg> out) {
    int start = 0;
    boolean first = true;
    while (start < word.length()) {
      int length = longestFit(word, start, head);
      int end = start + length;
      if (end < word.length() && Character.isHighSurrogate(word.charAt(end - 1)) && length > 1) {
        end--;
      }
      out.add(
          Seg.of(word.substring(start, end), first ? firstSep : "", false, at(wordStart, start)));
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
   * brackets).
   */
  private static List<Part> spans(String text, boolean sentences) {
    List<Part> out = new ArrayList<>();
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
        out.add(new Part(text.substring(start, ws), sepBefore, start));
        sepBefore = run;
        start = i;
      }
    }
    out.add(new Part(text.substring(start), sepBefore, start));
    return out;
  }

  /** A sentence or word: its text, the separator before it, where it starts in the text split. */
  private record Part(String text, String sep, int offset) {}

  private static boolean endsSentence(String text, int end) {
    int i = end - 1;
    while (i >= 0 && "\"')]»”’*_".indexOf(text.charAt(i)) >= 0) {
      i--;
    }
    return i >= 0 && ".!?".indexOf(text.charAt(i)) >= 0;
  }

  // ---------------------------------------------------------------- tables and code

  /** Where each of {@code lines} starts in the document, consecutive from {@code start}. */
  private static int[] lineStarts(List<String> lines, int start) {
    int[] out = new int[lines.size()];
    int at = start;
    for (int i = 0; i < out.length; i++) {
      out[i] = start < 0 ? -1 : at;
      at += lines.get(i).length() + 1;
    }
    return out;
  }

  /**
   * Table pieces sized for a fresh chunk, each with the header and delimiter rows. When those two
   * rows alone exceed a chunk they are not repeated (that would multiply the table's size by its
   * row count): they become one piece and the rows are packed after it like lines.
   */
  private void splitTable(Block table, String head, String firstSep, List<Seg> out) {
    List<String> lines = table.lines();
    int[] starts = lineStarts(lines, table.start());
    String header = lines.get(0) + "\n" + lines.get(1);
    if (!budget.fits(head + header)) {
      out.add(Seg.of(header, firstSep, false, starts[0]));
      for (int r = 2; r < lines.size(); r++) {
        out.add(Seg.of(lines.get(r), "\n", false, starts[r]));
      }
      return;
    }
    Body.Builder piece = new Body.Builder().append(header, starts[0]);
    StringBuilder probe = new StringBuilder(header);
    int rowsInPiece = 0;
    boolean first = true;
    for (int r = 2; r < lines.size(); r++) {
      String row = lines.get(r);
      probe.append('\n').append(row);
      if (rowsInPiece > 0 && !budget.fits(head + probe)) {
        out.add(seg(piece.build(), first ? firstSep : "\n\n", false));
        first = false;
        probe.setLength(0);
        probe.append(header).append('\n').append(row);
        piece = new Body.Builder().append(header, starts[0]);
        rowsInPiece = 0;
      }
      piece.append("\n", starts[r] < 0 ? -1 : starts[r] - 1).append(row, starts[r]);
      rowsInPiece++;
    }
    out.add(seg(piece.build(), first ? firstSep : "\n\n", false));
  }

  private static Seg seg(Body body, String sep, boolean overlappable) {
    return new Seg(body.text(), sep, overlappable, body.origins());
  }

  /**
   * Code pieces sized for a fresh chunk, split between lines, each with fences (the opening line
   * repeated, or the bare fence when that line alone would not fit).
   */
  private void splitCode(Block code, String head, String firstSep, List<Seg> out) {
    Fence fence = code.fence();
    List<String> lines = code.lines();
    int[] starts = lineStarts(lines, code.start());
    String open = lines.get(0);
    boolean closed =
        lines.size() > 1 && fence != null && fence.closedBy(lines.get(lines.size() - 1));
    String close = closed ? lines.get(lines.size() - 1) : null;
    String synthetic = fence == null ? "```" : fence.text();
    String closeForBudget =
        close != null && close.length() > synthetic.length() ? close : synthetic;
    // an opening line too long for a chunk (a huge info string) is not repeated on every piece
    String reopen = budget.fits(head + open + "\n" + closeForBudget) ? open : synthetic;
    int reopenFrom = reopen.equals(open) ? starts[0] : -1;
    Body.Builder piece = new Body.Builder().append(open, starts[0]);
    StringBuilder probe = new StringBuilder(open);
    int linesInPiece = 0;
    boolean first = true;
    int endLine = closed ? lines.size() - 1 : lines.size();
    for (int k = 1; k < endLine; k++) {
      String line = lines.get(k);
      int mark = probe.length();
      probe.append('\n').append(line);
      if (linesInPiece > 0 && !budget.fits(head + probe + "\n" + closeForBudget)) {
        probe.setLength(mark);
        piece.append("\n" + synthetic, -1);
        out.add(seg(piece.build(), first ? firstSep : "\n\n", false));
        first = false;
        probe.setLength(0);
        probe.append(reopen).append('\n').append(line);
        piece = new Body.Builder().append(reopen, reopenFrom);
        linesInPiece = 0;
      }
      piece.append("\n", starts[k] < 0 ? -1 : starts[k] - 1).append(line, starts[k]);
      linesInPiece++;
    }
    if (close != null) {
      int k = lines.size() - 1;
      piece.append("\n", starts[k] < 0 ? -1 : starts[k] - 1).append(close, starts[k]);
    }
    out.add(seg(piece.build(), first ? firstSep : "\n\n", false));
  }

  // ---------------------------------------------------------------- packing

  /** Greedy packing with bounded overlap; returns the chunk bodies (without the head). */
  private List<Body> pack(List<Seg> segs, String head) {
    List<Body> bodies = new ArrayList<>();
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
      bodies.add(body(current));
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
      bodies.add(body(current));
    }
    return bodies;
  }

  /** The segments joined by their separators ({@link #join}), with their origins. */
  private static Body body(List<Seg> segs) {
    Body.Builder b = new Body.Builder();
    for (int i = 0; i < segs.size(); i++) {
      if (i > 0) {
        b.append(segs.get(i).sep, -1);
      }
      b.append(segs.get(i).text, segs.get(i).origins);
    }
    return b.build();
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
