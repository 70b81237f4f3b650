package dev.citerag.testkit.fakes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.citerag.ProviderException;
import dev.citerag.TransientProviderException;
import dev.citerag.embed.DocumentText;
import dev.citerag.embed.internal.Vectors;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DeterministicEmbedderTest {

  private static final String QUERY = "How do I roll back a release?";

  @ParameterizedTest
  @ValueSource(doubles = {-0.5, 0.0, 0.29, 0.299, 0.301, 0.31, 0.75, 1.0})
  void places_a_chunk_at_exactly_the_requested_cosine(double cosine) {
    DeterministicEmbedder e = DeterministicEmbedder.create();
    e.placeAt(QUERY, "deployctl rollback", cosine);

    double actual =
        Vectors.cosine(
            e.embedQuery(QUERY),
            e.embedDocuments(List.of(DocumentText.of("Run deployctl rollback --to <sha>.")))
                .get(0));

    assertThat(actual).isCloseTo(cosine, within(1e-6));
  }

  @Test
  void chunks_placed_against_one_query_are_independent_of_each_other() {
    DeterministicEmbedder e = DeterministicEmbedder.create();
    e.placeAt(QUERY, "above", 0.31).placeAt(QUERY, "below", 0.29);

    assertThat(e.similarity(QUERY, "text above the gate")).isCloseTo(0.31, within(1e-6));
    assertThat(e.similarity(QUERY, "text below the gate")).isCloseTo(0.29, within(1e-6));
    // apart from their shares of the query direction, the two chunks are orthogonal
    assertThat(e.similarity("text above the gate", "text below the gate"))
        .isCloseTo(0.31 * 0.29, within(1e-6));
  }

  @Test
  void a_placed_vector_is_orthogonal_to_every_unmapped_text() {
    DeterministicEmbedder e = DeterministicEmbedder.create();
    e.placeAt(QUERY, "deployctl", 0.9);

    assertThat(e.similarity(QUERY, "Feature flags are cached for 30 seconds.")).isZero();
    assertThat(e.similarity(QUERY, "How do I roll back a release")).isZero();
  }

  @Test
  void unmapped_texts_sharing_words_are_more_similar_than_unrelated_ones() {
    DeterministicEmbedder e = DeterministicEmbedder.create();

    double related =
        e.similarity(
            "rollback of a release with deployctl", "deployctl rollback restores the release");
    double unrelated =
        e.similarity(
            "rollback of a release with deployctl", "exposure events are sampled at 0.015");

    assertThat(related).isGreaterThan(0.4).isGreaterThan(unrelated + 0.3);
  }

  @Test
  void vectors_are_identical_across_instances_and_match_a_recorded_snapshot() {
    float[] a = DeterministicEmbedder.create().embedQuery("deployctl rollback --to <sha>");
    float[] b = DeterministicEmbedder.create().embedQuery("deployctl rollback --to <sha>");

    assertThat(a).containsExactly(b);
    assertThat(Vectors.norm(a)).isCloseTo(1.0, within(1e-6));
    // a snapshot: a change here means stored test vectors of downstream users change too
    assertThat(nonZero(a)).isEqualTo(SNAPSHOT);
  }

  /** Terms deployctl, rollback and sha hashed by SHA-256 into the 48 fallback components. */
  private static final List<String> SNAPSHOT = List.of("27:-0.5774", "30:-0.5774", "36:+0.5774");

  private static List<String> nonZero(float[] v) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < v.length; i++) {
      if (v[i] != 0) {
        out.add(
            i
                + ":"
                + (v[i] > 0 ? "+" : "-")
                + String.format(java.util.Locale.ROOT, "%.4f", Math.abs(v[i])));
      }
    }
    return out;
  }

  @Test
  void an_exact_mapping_wins_over_substring_rules_and_the_first_substring_rule_wins() {
    DeterministicEmbedder e = DeterministicEmbedder.create();
    e.mapContaining("deploy", e.axis(0))
        .mapContaining("rollback", e.axis(1))
        .map("deploy rollback", e.axis(2));

    assertThat(e.embedQuery("deploy rollback")).containsExactly(e.axis(2));
    assertThat(e.embedQuery("a DEPLOY and a rollback")).containsExactly(e.axis(0));
    assertThat(e.embedQuery("only a rollback")).containsExactly(e.axis(1));
  }

  @Test
  void mapped_vectors_are_returned_normalised_and_copied() {
    DeterministicEmbedder e = DeterministicEmbedder.create();
    float[] v = new float[64];
    v[0] = 3;
    v[1] = 4;
    e.map("x", v);
    v[0] = 100;

    float[] out = e.embedQuery("x");

    assertThat(out[0]).isEqualTo(0.6f, within(1e-6f));
    assertThat(out[1]).isEqualTo(0.8f, within(1e-6f));
  }

  @Test
  void rejects_vectors_of_the_wrong_length_zero_vectors_and_bad_settings() {
    DeterministicEmbedder e = DeterministicEmbedder.create();

    assertThat(
            assertThrows(IllegalArgumentException.class, () -> e.map("x", new float[3]))
                .getMessage())
        .isEqualTo("vector must have 64 dimensions, was 3");
    assertThat(
            assertThrows(IllegalArgumentException.class, () -> e.map("x", new float[64]))
                .getMessage())
        .isEqualTo("vector must not be zero");
    assertThat(
            assertThrows(IllegalArgumentException.class, () -> e.placeAt("q", "c", 1.5))
                .getMessage())
        .startsWith("cosine must be between -1.0 and 1.0");
    assertThat(
            assertThrows(
                    IllegalArgumentException.class,
                    () -> DeterministicEmbedder.builder().dimensions(8).controlledAxes(8).build())
                .getMessage())
        .isEqualTo("controlledAxes must be < dimensions (8), was 8");
    assertThat(assertThrows(IllegalArgumentException.class, () -> e.axis(16)).getMessage())
        .isEqualTo("axis must be between 0 and 15, was 16");
  }

  @Test
  void running_out_of_controlled_axes_is_reported() {
    DeterministicEmbedder e =
        DeterministicEmbedder.builder().dimensions(8).controlledAxes(2).build();
    e.placeAt("q", "a", 0.5);

    IllegalStateException ex =
        assertThrows(IllegalStateException.class, () -> e.placeAt("q", "b", 0.5));

    assertThat(ex.getMessage()).contains("controlledAxes");
  }

  @Test
  void fails_the_next_call_once_when_told_to() {
    DeterministicEmbedder e = DeterministicEmbedder.create();
    TransientProviderException failure =
        new TransientProviderException(
            "fake", ProviderException.Kind.UNAVAILABLE, 503, null, "down", null, null);
    e.failNextCall(failure);

    assertThat(assertThrows(TransientProviderException.class, () -> e.embedQuery("q")))
        .isSameAs(failure);
    assertThat(e.embedQuery("q")).hasSize(64);
  }

  @Test
  void records_queries_and_documents_and_reports_its_identity() {
    DeterministicEmbedder e =
        DeterministicEmbedder.builder().dimensions(32).model("other-model").build();

    e.embedQuery("q1");
    e.embedDocuments(List.of(DocumentText.of("d1"), new DocumentText("d2", "Title")));

    assertThat(e.queries()).containsExactly("q1");
    assertThat(e.documentTexts()).containsExactly("d1", "d2");
    assertThat(e.identity().model()).isEqualTo("other-model");
    assertThat(e.identity().dimensions()).isEqualTo(32);
    assertThat(e.identity().provider()).isEqualTo("fake");
  }
}
