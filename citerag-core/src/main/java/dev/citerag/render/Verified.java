package dev.citerag.render;

import dev.citerag.answer.ClaimCheck;
import dev.citerag.answer.JudgeVerdict;
import dev.citerag.pipeline.RagResult;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;

/**
 * What was verified of an answer, in one line for people, from its {@link ClaimCheck}s: {@code
 * quotes checked · support checked by rules}, {@code ... by ollama:bespoke-minicheck}, or {@code
 * ... by rules, then ollama:bespoke-minicheck for 2 of 3 claims}.
 */
public final class Verified {
  private Verified() {}

  /**
   * The one-line summary of an answer's checks.
   *
   * @param a an answered result
   * @return e.g. {@code quotes checked \u00b7 support checked by rules}
   */
  public static String summary(RagResult.Answered a) {
    int claims = a.checks().size();
    boolean rules = false;
    int unchecked = 0;
    int judged = 0;
    Set<String> judges = new LinkedHashSet<>();
    for (ClaimCheck c : a.checks()) {
      rules |= c.rules() != null;
      JudgeVerdict j = c.judge();
      if (j != null) {
        judged++;
        judges.add(j.judge());
      }
      if (!c.supportChecked()) {
        unchecked++;
      }
    }
    String by = String.join(" and ", judges);
    String support;
    if (judged == 0 && !rules) {
      support = "support not checked";
    } else if (judged == 0) {
      support = "support checked by rules";
    } else if (!rules) {
      support = "support checked by " + by;
    } else if (judged == claims) {
      support = "support checked by rules, then " + by;
    } else {
      support =
          String.format(
              Locale.ROOT,
              "support checked by rules, then %s for %d of %d claims",
              by,
              judged,
              claims);
    }
    if (unchecked > 0 && unchecked < claims) {
      support += String.format(Locale.ROOT, " (%d of %d claims unchecked)", unchecked, claims);
    }
    return "quotes checked \u00b7 " + support;
  }
}
