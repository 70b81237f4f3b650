package dev.citerag.verify.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The hand scanners of {@link NumberForms} against the regular expressions they replaced, on random
 * tokens built from the characters those expressions care about: every input gives the same answer,
 * and the same groups.
 */
class NumberFormsTest {

  private static final Pattern DECIMAL =
      Pattern.compile("\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?|\\d+(?:\\.\\d+)?");
  private static final Pattern WITH_SUFFIX =
      Pattern.compile("(\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?|\\d+(?:\\.\\d+)?)([a-z%]+)");
  private static final Pattern SLASH_DATE =
      Pattern.compile("(\\d{1,2})/(\\d{1,2})/(\\d{2}|\\d{4})");
  private static final Pattern ISO_DATE = Pattern.compile("(\\d{4})-(\\d{1,2})-(\\d{1,2})");
  private static final Pattern PAIR = Pattern.compile("(\\d+(?:\\.\\d+)?)-(\\d+(?:\\.\\d+)?)");
  private static final Pattern CLOCK = Pattern.compile("(\\d{1,2}):(\\d{2})");
  private static final Pattern ORDINAL = Pattern.compile("(\\d+)(?:st|nd|rd|th)");
  private static final Pattern PERIOD = Pattern.compile("([qh])([1-4])");

  /** Digits weigh most; separators, suffix letters and a non-ASCII digit make the edge cases. */
  private static final String ALPHABET =
      "0123456789012345678901234567890123456789.,/-:%kmgqhstndrdthx٣a";

  private static String randomToken(Random r) {
    int n = r.nextInt(12);
    StringBuilder b = new StringBuilder(n);
    for (int i = 0; i < n; i++) {
      b.append(ALPHABET.charAt(r.nextInt(ALPHABET.length())));
    }
    return b.toString();
  }

  /** Random tokens, plus shapes close to each form so that matches are frequent too. */
  private static String[] inputs() {
    Random r = new Random(20261203L);
    String[] shapes = {
      "#",
      "##",
      "###",
      "#,###",
      "##,###,###",
      "#,###.##",
      "#.#",
      "##.###",
      "#,##",
      "####,###",
      "#/#/##",
      "##/##/####",
      "#/##/###",
      "####-##-##",
      "####-#-#",
      "###-##-##",
      "#-#",
      "#.#-#.#",
      "#-#-#",
      "#:##",
      "##:##",
      "###:##",
      "#:#",
      "#st",
      "##nd",
      "#rd",
      "###th",
      "#sh",
      "#kg",
      "#.#bn",
      "#,###k",
      "#%",
      "#,##k",
      "q#",
      "h#",
      "x#",
      "q",
      "#m",
      "#s",
      "#.k",
      ".#",
      "#.",
      "-#",
      "#-",
    };
    String[] out = new String[60_000];
    for (int i = 0; i < out.length; i++) {
      if (i % 2 == 0) {
        out[i] = randomToken(r);
      } else {
        String shape = shapes[r.nextInt(shapes.length)];
        StringBuilder b = new StringBuilder();
        for (char c : shape.toCharArray()) {
          b.append(c == '#' ? (char) ('0' + r.nextInt(10)) : c);
        }
        if (r.nextInt(8) == 0) {
          b.insert(r.nextInt(b.length() + 1), ALPHABET.charAt(r.nextInt(ALPHABET.length())));
        }
        out[i] = b.toString();
      }
    }
    return out;
  }

  @Test
  void scanners_agree_with_the_regular_expressions_they_replaced_on_random_tokens() {
    int matched = 0;
    for (String s : inputs()) {
      assertThat(NumberForms.decimal(s))
          .as("decimal %s", s)
          .isEqualTo(DECIMAL.matcher(s).matches());

      Matcher m = WITH_SUFFIX.matcher(s);
      int split = NumberForms.suffixAt(s);
      assertThat(split >= 0).as("suffix %s", s).isEqualTo(m.matches());
      if (split >= 0) {
        assertThat(s.substring(0, split)).isEqualTo(m.group(1));
        assertThat(s.substring(split)).isEqualTo(m.group(2));
        matched++;
      }

      m = SLASH_DATE.matcher(s);
      int[] slash = NumberForms.slashDate(s);
      assertThat(slash != null).as("slash date %s", s).isEqualTo(m.matches());
      if (slash != null) {
        assertThat(slash[0]).isEqualTo(Integer.parseInt(m.group(1)));
        assertThat(slash[1]).isEqualTo(Integer.parseInt(m.group(2)));
        assertThat(s.substring(slash[2])).isEqualTo(m.group(3));
        matched++;
      }

      m = ISO_DATE.matcher(s);
      int[] iso = NumberForms.isoDate(s);
      assertThat(iso != null).as("iso date %s", s).isEqualTo(m.matches());
      if (iso != null) {
        assertThat(iso[0]).isEqualTo(Integer.parseInt(m.group(1)));
        assertThat(iso[1]).isEqualTo(Integer.parseInt(m.group(2)));
        assertThat(iso[2]).isEqualTo(Integer.parseInt(m.group(3)));
        matched++;
      }

      m = CLOCK.matcher(s);
      int clock = NumberForms.clock(s);
      assertThat(clock >= 0).as("clock %s", s).isEqualTo(m.matches());
      if (clock >= 0) {
        assertThat(clock)
            .isEqualTo(Integer.parseInt(m.group(1)) * 60 + Integer.parseInt(m.group(2)));
        matched++;
      }

      m = PAIR.matcher(s);
      int hyphen = NumberForms.pairHyphen(s);
      assertThat(hyphen >= 0).as("pair %s", s).isEqualTo(m.matches());
      if (hyphen >= 0) {
        assertThat(s.substring(0, hyphen)).isEqualTo(m.group(1));
        assertThat(s.substring(hyphen + 1)).isEqualTo(m.group(2));
        matched++;
      }

      m = ORDINAL.matcher(s);
      int digits = NumberForms.ordinalDigits(s);
      assertThat(digits >= 0).as("ordinal %s", s).isEqualTo(m.matches());
      if (digits >= 0) {
        assertThat(s.substring(0, digits)).isEqualTo(m.group(1));
        matched++;
      }

      assertThat(NumberForms.period(s)).as("period %s", s).isEqualTo(PERIOD.matcher(s).matches());
    }
    // the inputs reach the matching branches, not only the failing ones
    assertThat(matched).isGreaterThan(5_000);
  }
}
