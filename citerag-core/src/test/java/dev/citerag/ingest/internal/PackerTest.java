package dev.citerag.ingest.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.ingest.internal.Block.Kind;
import dev.citerag.text.internal.TokenEstimator;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The splitter's work is bounded by counting, not timing: a budget that sums the length of every
 * text it is asked about measures how many characters the splitter builds and hands over, which is
 * where a quadratic cut spent its time (issue 14: 6.6 s for a 1 MB table row without spaces).
 */
class PackerTest {

  /** The chunker's estimate rule, counting the characters it is shown. */
  static final class CountingBudget implements Budget {
    final int maxTokens;
    long measured;
    long calls;

    CountingBudget(int maxTokens) {
      this.maxTokens = maxTokens;
    }

    @Override
    public boolean fits(CharSequence text) {
      calls++;
      measured += text.length();
      return TokenEstimator.estimate(text) <= maxTokens;
    }
  }

  private static List<String> texts(List<Body> bodies) {
    return bodies.stream().map(Body::text).toList();
  }

  private static List<Block> paragraph(String line) {
    return List.of(new Block(Kind.TEXT, List.of(line), null, 0));
  }

  @Test
  void a_word_of_n_characters_costs_work_linear_in_n_not_quadratic() {
    String head = "Title\nWide\n\n";
    long[] perChar = new long[2];
    int[] sizes = {1 << 18, 1 << 20};
    for (int k = 0; k < sizes.length; k++) {
      int n = sizes[k];
      String word = "|" + "x".repeat(n - 2) + "|";
      CountingBudget budget = new CountingBudget(300);
      List<String> bodies = texts(new Packer(budget, 40).bodies(paragraph(word), head));

      assertThat(String.join("", bodies)).isEqualTo(word); // verbatim slices, nothing lost
      for (String b : bodies) {
        assertThat(TokenEstimator.estimate(head + b)).isLessThanOrEqualTo(300);
      }
      // doubling then bisecting from each cut: about 2 log2(1,200) probes of at most a chunk each
      assertThat(budget.measured)
          .as("characters measured for a word of %,d", n)
          .isLessThan(40L * n);
      perChar[k] = budget.measured / n;
    }
    // linear: four times the word, the same work per character (a quadratic cut would quadruple it)
    assertThat(perChar[1]).isLessThanOrEqualTo(perChar[0] + 1);
  }

  @Test
  void every_piece_is_the_longest_slice_that_fits_and_a_surrogate_pair_is_never_cut() {
    String head = "H\n\n"; // 3 characters: 5 more fit in a budget of 2 tokens (8 characters)
    String word = "abcd\uD83D\uDE00efgh\uD83D\uDE00ijklmnopqrstuvwxyz";
    List<String> bodies = texts(new Packer(new CountingBudget(2), 0).bodies(paragraph(word), head));
    assertThat(String.join("", bodies)).isEqualTo(word);
    assertThat(bodies.get(0)).isEqualTo("abcd"); // 5 would end inside the pair
    assertThat(bodies.get(1)).isEqualTo("\uD83D\uDE00efg");
    for (String b : bodies) {
      assertThat(head.length() + b.length()).isLessThanOrEqualTo(8);
      assertThat(Character.isHighSurrogate(b.charAt(b.length() - 1))).isFalse();
    }
  }

  @Test
  void sentences_that_fit_are_packed_with_bounded_overlap() {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 40; i++) {
      text.append("Sentence ").append(i).append(" is short. ");
    }
    String para = text.toString().strip();
    List<String> bodies = texts(new Packer(new CountingBudget(20), 6).bodies(paragraph(para), ""));
    assertThat(bodies.size()).isGreaterThan(5);
    for (int i = 0; i + 1 < bodies.size(); i++) {
      assertThat(TokenEstimator.estimate(bodies.get(i))).isLessThanOrEqualTo(20);
      String next = bodies.get(i + 1);
      String firstSentence = next.substring(0, next.indexOf('.') + 1);
      assertThat(bodies.get(i)).endsWith(firstSentence); // the overlap is the last sentence
      assertThat(TokenEstimator.estimate(firstSentence)).isLessThanOrEqualTo(6);
    }
  }

  @Test
  void a_table_header_or_code_fence_larger_than_a_chunk_is_not_repeated_on_every_piece() {
    // repeating a 40 KB header on each of 2,000 rows would make 80 MB of chunks from 48 KB
    String header = "|" + " h |".repeat(10_000);
    String delimiter = "|" + "---|".repeat(10_000);
    List<String> table = new java.util.ArrayList<>(List.of(header, delimiter));
    List<String> code = new java.util.ArrayList<>(List.of("~~~" + "info ".repeat(8_000)));
    for (int i = 0; i < 2_000; i++) {
      table.add("| row " + i + " |");
      code.add("line " + i);
    }
    code.add("~~~");
    Packer packer = new Packer(new CountingBudget(64), 8);
    List<Block> blocks =
        List.of(
            new Block(Kind.TABLE, table, null, 0),
            new Block(Kind.CODE, code, new Fence('~', 3), -1));
    List<String> bodies = texts(packer.bodies(blocks, ""));
    long input = String.join("\n", table).length() + String.join("\n", code).length();
    long output = bodies.stream().mapToLong(String::length).sum();
    assertThat(output).isLessThan(3 * input);
    assertThat(bodies.get(0)).isEqualTo(header + "\n" + delimiter); // once, over the budget
    int rows = 0;
    int lines = 0;
    for (String b : bodies.subList(1, bodies.size())) {
      for (String l : b.split("\n")) {
        rows += l.startsWith("| row ") ? 1 : 0;
        lines += l.startsWith("line ") ? 1 : 0;
      }
      if (!b.startsWith("~~~info")) {
        assertThat(TokenEstimator.estimate(b)).isLessThanOrEqualTo(64);
      }
    }
    assertThat(rows).isEqualTo(2_000);
    assertThat(lines).isEqualTo(2_000);
  }
}
