package dev.citerag.ingest.internal;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A paragraph, table or fenced code block: its lines, without surrounding blank lines.
 *
 * @param kind what the lines are
 * @param lines the block's lines, verbatim
 * @param fence the opening fence of a code block, else null
 * @param start where {@link #text()} starts in the document's normalised text, or -1 when unknown
 */
public record Block(Kind kind, List<String> lines, @Nullable Fence fence, int start) {

  /** What a block holds; it decides where the block may be split. */
  public enum Kind {
    /** Paragraph text: split between sentences, then words, then characters. */
    TEXT,
    /** A GitHub-style table: split only between rows, each piece with the header rows. */
    TABLE,
    /** A fenced code block: split only between lines, each piece re-fenced. */
    CODE
  }

  public Block {
    lines = List.copyOf(lines);
  }

  /** The lines joined with line breaks. */
  public String text() {
    return String.join("\n", lines);
  }

  /** The blocks' texts separated by blank lines. */
  public static String join(List<Block> blocks) {
    StringBuilder b = new StringBuilder();
    for (Block block : blocks) {
      if (b.length() > 0) {
        b.append("\n\n");
      }
      b.append(block.text());
    }
    return b.toString();
  }
}
