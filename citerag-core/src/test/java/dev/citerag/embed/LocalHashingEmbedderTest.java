package dev.citerag.embed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.citerag.embed.internal.Vectors;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class LocalHashingEmbedderTest {

  private final LocalHashingEmbedder embedder = new LocalHashingEmbedder();

  private static final String PINNED_TEXT =
      "Roll back with deploy-bot within 30 minutes; the fee is 0.015.";

  @Test
  void output_is_pinned_across_jvms_and_platforms() {
    float[] v = embedder.embed(PINNED_TEXT);
    assertEquals(384, v.length);
    // bit patterns recorded from the reference implementation; any change to the recipe breaks
    // them (and must change MODEL, since stored vectors would no longer match new queries)
    assertEquals(-1099671382, Float.floatToIntBits(v[5]));
    assertEquals(1026121268, Float.floatToIntBits(v[11]));
    assertEquals(1042580450, Float.floatToIntBits(v[302]));
    assertEquals(-1103674752, Float.floatToIntBits(v[111]));
    assertEquals(0, Float.floatToIntBits(v[0]));
    assertEquals(1750705796, Arrays.hashCode(v));
  }

  @Test
  void same_text_gives_identical_vectors_from_separate_instances() {
    float[] a = new LocalHashingEmbedder().embed("Refund limit is 141.80 EUR");
    float[] b = new LocalHashingEmbedder().embedQuery("Refund limit is 141.80 EUR");
    assertArrayEquals(a, b);
  }

  @Test
  void vectors_are_unit_length() {
    for (String text :
        List.of("z", "deploy-bot", PINNED_TEXT, "x ".repeat(500), "Ünïcödé and 日本語 text")) {
      float[] v = embedder.embed(text);
      assertEquals(1.0, Vectors.norm(v), 1e-5, text);
    }
  }

  @Test
  void text_without_terms_embeds_to_the_zero_vector() {
    for (String text : List.of("", "   \n\t", "!!! ... ???", "the and of to")) {
      float[] v = embedder.embed(text);
      assertEquals(384, v.length);
      assertEquals(0.0, Vectors.norm(v), 0.0, '"' + text + '"');
    }
    assertEquals(0.0, Vectors.cosine(embedder.embed(""), embedder.embed("deploy")));
  }

  @Test
  void texts_sharing_words_are_closer_than_unrelated_texts() {
    float[] q = embedder.embedQuery("how do I roll back a deploy with deploy-bot");
    double related =
        Vectors.dot(q, embedder.embed("Rollbacks: roll back deploys using deploy-bot."));
    double unrelated = Vectors.dot(q, embedder.embed("Quarterly budget forecast for marketing."));
    assertThat(related).isGreaterThan(0.5);
    assertThat(unrelated).isLessThan(0.1);
  }

  @Test
  void character_ngrams_bring_word_forms_together() {
    double forms = Vectors.dot(embedder.embed("deploying"), embedder.embed("deployed"));
    double other = Vectors.dot(embedder.embed("deploying"), embedder.embed("banana"));
    assertThat(forms).isGreaterThan(0.25);
    assertThat(forms).isGreaterThan(other + 0.25);
  }

  @Test
  void does_not_understand_paraphrase() {
    // documented limit: no shared words, no similarity
    double paraphrase =
        Vectors.dot(embedder.embed("roll back a release"), embedder.embed("revert a deployment"));
    assertThat(paraphrase).isLessThan(0.2);
  }

  @Test
  void numbers_and_identifiers_are_features_of_their_own() {
    float[] q = embedder.embedQuery("0.015");
    double exact = Vectors.dot(q, embedder.embed("The fee is 0.015 per call."));
    double near = Vectors.dot(q, embedder.embed("The fee is 0.025 per call."));
    assertThat(exact).isGreaterThan(near);
  }

  @Test
  void documents_are_embedded_in_order_and_titles_are_ignored() {
    List<float[]> vs =
        embedder.embedDocuments(
            List.of(new DocumentText("alpha beta", "Some title"), DocumentText.of("gamma delta")));
    assertEquals(2, vs.size());
    assertArrayEquals(embedder.embed("alpha beta"), vs.get(0));
    assertArrayEquals(embedder.embed("gamma delta"), vs.get(1));
  }

  @Test
  void identity_names_the_local_hashing_model() {
    assertEquals(new EmbedderIdentity("local", "hashing-v2", null, 384, null), embedder.identity());
    LocalHashingEmbedder small = new LocalHashingEmbedder(64);
    assertEquals(64, small.identity().dimensions());
    assertEquals(64, small.embed("deploy").length);
  }

  @Test
  void rejects_bad_arguments_naming_the_field() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> new LocalHashingEmbedder(8));
    assertThat(e).hasMessageContaining("dimensions");
    assertThat(assertThrows(IllegalArgumentException.class, () -> embedder.embedQuery(null)))
        .hasMessageContaining("query");
    List<DocumentText> withNull = new ArrayList<>();
    withNull.add(null);
    assertThat(
            assertThrows(IllegalArgumentException.class, () -> embedder.embedDocuments(withNull)))
        .hasMessageContaining("documents[0]");
  }

  @Test
  void concurrent_use_gives_the_same_vectors_as_sequential_use() throws Exception {
    List<String> texts = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      texts.add("document " + i + " about deploy-bot and rollback window " + (i * 7 % 13));
    }
    List<float[]> sequential = new ArrayList<>();
    for (String t : texts) {
      sequential.add(embedder.embed(t));
    }
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<float[]>> futures = new ArrayList<>();
      for (String t : texts) {
        futures.add(pool.submit(() -> embedder.embed(t)));
      }
      for (int i = 0; i < texts.size(); i++) {
        assertArrayEquals(sequential.get(i), futures.get(i).get());
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
