package dev.citerag.answer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link NormalizedText#of} skips the work for a text it would leave as it is, and only then. */
class NormalizedTextShortcutTest {

  static final String ALPHABET = "ab1,.-'  \t\n\u0007\u007f\u00a0e\u0301\u00e9\ufb01\u2019_/:";

  @Test
  void the_shortcut_and_the_full_normalisation_agree_on_random_texts() {
    Random r = new Random(20261202L);
    int unchanged = 0;
    for (int k = 0; k < 20_000; k++) {
      StringBuilder b = new StringBuilder();
      int len = r.nextInt(12);
      for (int i = 0; i < len; i++) {
        // mostly printable ASCII, so that many texts need no change
        b.append(
            r.nextInt(4) > 0
                ? ALPHABET.charAt(r.nextInt(8))
                : ALPHABET.charAt(r.nextInt(ALPHABET.length())));
      }
      String s = b.toString();
      NormalizedText fast = NormalizedText.of(s);
      NormalizedText full = NormalizedText.normalize(s);
      assertThat(fast.text()).as("[%s]", s).isEqualTo(full.text());
      for (int i = 0; i <= full.text().length(); i++) {
        for (int j = i; j <= full.text().length(); j++) {
          assertThat(fast.originalOf(i, j)).isEqualTo(full.originalOf(i, j));
        }
        if (i < full.text().length()) {
          assertThat(fast.originalStart(i)).isEqualTo(full.originalStart(i));
        }
      }
      unchanged += full.text().equals(s) ? 1 : 0;
    }
    assertThat(unchanged).isGreaterThan(1_000);
  }

  @Test
  void a_text_with_anything_to_change_is_normalised() {
    assertThat(NormalizedText.of(" a b").text()).isEqualTo("a b");
    assertThat(NormalizedText.of("a  b").text()).isEqualTo("a b");
    assertThat(NormalizedText.of("a\nb").text()).isEqualTo("a b");
    assertThat(NormalizedText.of("a\u0007b").text()).isEqualTo("ab");
    assertThat(NormalizedText.of("can\u2019t").text()).isEqualTo("can't");
    assertThat(NormalizedText.of("a\u00a0b").originalOf(0, 3)).isEqualTo("a\u00a0b");
  }
}
