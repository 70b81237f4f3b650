package dev.citerag.store.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.citerag.answer.Sources;
import dev.citerag.store.SearchHit;
import java.util.List;
import org.junit.jupiter.api.Test;

class RankFusionTest {

  @Test
  void candidates_grow_with_k_and_saturate_instead_of_overflowing() {
    assertThat(RankFusion.candidatesFor(1)).isEqualTo(40);
    assertThat(RankFusion.candidatesFor(25)).isEqualTo(100);
    assertThat(RankFusion.candidatesFor(1 << 29)).isEqualTo(Integer.MAX_VALUE);
    assertThat(RankFusion.candidatesFor(Integer.MAX_VALUE)).isEqualTo(Integer.MAX_VALUE);
  }

  static SearchHit dense(String id, double cos) {
    return new SearchHit(Sources.chunk(id, "text " + id), cos, null, null, 0, 0);
  }

  static SearchHit lex(String id, double score) {
    return new SearchHit(Sources.chunk(id, "text " + id), null, null, null, score, 0);
  }

  @Test
  void fuses_by_reciprocal_rank_with_k_60() {
    List<SearchHit> fused =
        RankFusion.fuse(
            List.of(dense("a", 0.9), dense("b", 0.8), dense("c", 0.7)),
            List.of(lex("c", 5.0), lex("d", 3.0)),
            10);
    assertThat(fused).extracting(h -> h.chunk().id()).containsExactly("c", "a", "b", "d");
    SearchHit c = fused.get(0);
    assertThat(c.fusedScore()).isCloseTo(1.0 / 63 + 1.0 / 61, within(1e-12));
    assertThat(c.denseRank()).isEqualTo(3);
    assertThat(c.lexicalRank()).isEqualTo(1);
    assertThat(c.cosine()).isEqualTo(0.7);
    assertThat(c.lexicalScore()).isEqualTo(5.0);
    SearchHit d = fused.get(3);
    assertThat(d.fusedScore()).isCloseTo(1.0 / 62, within(1e-12));
    assertThat(d.denseRank()).isNull();
    assertThat(fused.get(1).fusedScore()).isCloseTo(1.0 / 61, within(1e-12));
  }

  @Test
  void best_possible_score_is_two_over_sixty_one_whatever_the_question() {
    List<SearchHit> fused = RankFusion.fuse(List.of(dense("a", 0.01)), List.of(lex("a", 0.001)), 1);
    assertThat(fused.get(0).fusedScore()).isCloseTo(2.0 / 61, within(1e-12));
  }

  @Test
  void ties_break_by_cosine_then_id_and_k_truncates() {
    List<SearchHit> fused = RankFusion.fuse(List.of(dense("b", 0.5)), List.of(lex("a", 1)), 1);
    assertThat(fused).extracting(h -> h.chunk().id()).containsExactly("b");
    List<SearchHit> noCos = RankFusion.fuse(List.of(), List.of(lex("b", 1)), 5);
    assertThat(noCos).hasSize(1);
    assertThrows(IllegalArgumentException.class, () -> RankFusion.fuse(List.of(), List.of(), 0));
  }
}
