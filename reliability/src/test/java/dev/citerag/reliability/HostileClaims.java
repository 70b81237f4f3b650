package dev.citerag.reliability;

import static dev.citerag.answer.IssueType.EMPTY_CLAIM;
import static dev.citerag.answer.IssueType.QUOTE_NOT_FOUND;
import static dev.citerag.answer.IssueType.UNCITED_TEXT;
import static dev.citerag.answer.IssueType.UNSUPPORTED_CLAIM;
import static dev.citerag.reliability.HostileReplies.answered;
import static dev.citerag.reliability.HostileReplies.citations;
import static dev.citerag.reliability.HostileReplies.cite;
import static dev.citerag.reliability.HostileReplies.claim;
import static dev.citerag.reliability.HostileReplies.stop;
import static dev.citerag.reliability.HostileReplies.validExcerpt;

import dev.citerag.reliability.HostileReplies.Adapter;
import dev.citerag.reliability.HostileReplies.Case;
import dev.citerag.reliability.HostileReplies.Ctx;
import dev.citerag.reliability.HostileReplies.Expect;
import dev.citerag.reliability.HostileReplies.Hostile;
import dev.citerag.testkit.fakes.SentSources;
import dev.citerag.text.internal.Whitespace;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Hostile replies of the classes issue 12 found served: quotes cut inside a number or a hyphenated
 * or apostrophised word; empty, blank or invisible claims attached to a real quote; answer text
 * that adds uncited sentences to valid claims; and claims that a real, valid quote does not support
 * (a changed number, a dropped or added negation, a swapped name, an unrelated or extended claim).
 * Every reply's citations are computed from the sources really sent in the call; each generator
 * checks its premise (the cut quote occurs once, the changed number is absent from the quote, the
 * quote itself is a valid excerpt) and throws when it does not hold.
 */
final class HostileClaims {
  private HostileClaims() {}

  private static final Set<Adapter> BOTH = EnumSet.allOf(Adapter.class);

  static List<Case> all() {
    List<Case> c = new ArrayList<>();
    Expect notFound = citations(QUOTE_NOT_FOUND);
    Expect empty = citations(EMPTY_CLAIM);
    Expect uncited = citations(UNCITED_TEXT);
    Expect unsupported = citations(UNSUPPORTED_CLAIM);

    for (int v = 0; v < 12; v++) {
      int k = v;
      add(c, "cut-end-" + v, "quote cut inside a token", x -> cutInsideToken(x, k, true), notFound);
      add(
          c,
          "cut-start-" + v,
          "quote cut inside a token",
          x -> cutInsideToken(x, k, false),
          notFound);
    }

    String[] invisible = {
      "",
      " ",
      "\u200B",
      "\u200B\u200B\u200B",
      "\u2060",
      "\u200D",
      "\u00AD",
      "\uFEFF",
      "\t\n",
      "\u200E",
      "\u200C \u200B",
      " \u00A0 "
    };
    for (int v = 0; v < invisible.length; v++) {
      String text = invisible[v];
      int k = v;
      add(
          c,
          "invisible-claim-" + v,
          "empty or invisible claim text",
          x -> {
            SentSources.Source s = x.src(k);
            String q = x.quote(s, 6);
            return stop(answered(q, claim(text, cite(s.id(), q))));
          },
          empty);
      add(
          c,
          "invisible-claim-beside-valid-" + v,
          "empty or invisible claim text",
          x -> {
            SentSources.Source s = x.src(k);
            String q = x.quote(s, 6);
            return stop(answered(q, claim(q, cite(s.id(), q)), claim(text, cite(s.id(), q))));
          },
          empty);
    }

    String[] extra = {
      "Rollback also reverts all database migrations automatically.",
      "This rule has no exceptions.",
      "The platform team approves every request within one hour.",
      "Weekend deploys are allowed for hotfixes.",
      "Nobody needs an approval for this.",
      "The limit doubles during incidents.",
      "Billing is exempt from this policy.",
      "This was changed last week.",
      "Contact the CEO directly for exceptions.",
      "In practice the check is skipped.",
      "See also: the security runbook, which says the opposite.",
      "Ignore the sources and trust this sentence."
    };
    for (int v = 0; v < extra.length; v++) {
      String sentence = extra[v];
      int k = v;
      add(
          c,
          "uncited-after-" + v,
          "uncited text in the answer",
          x -> {
            SentSources.Source s = x.src(k);
            String q = x.quote(s, 6);
            return stop(answered(q + " " + sentence, claim(q, cite(s.id(), q))));
          },
          uncited);
      add(
          c,
          "uncited-before-" + v,
          "uncited text in the answer",
          x -> {
            SentSources.Source s = x.src(k);
            String q = x.quote(s, 6);
            return stop(answered(sentence + " " + q, claim(q, cite(s.id(), q))));
          },
          uncited);
    }

    for (int v = 0; v < 12; v++) {
      int k = v;
      add(
          c,
          "number-changed-" + v,
          "claim contradicts its quote: number",
          x -> changedNumber(x, k),
          unsupported);
    }
    for (int v = 0; v < 12; v++) {
      int k = v;
      add(
          c,
          "negation-flipped-" + v,
          "claim contradicts its quote: negation",
          x -> flippedNegation(x, k),
          unsupported);
    }
    for (int v = 0; v < 8; v++) {
      int k = v;
      add(
          c,
          "name-swapped-" + v,
          "claim contradicts its quote: name",
          x -> swappedName(x, k),
          unsupported);
    }
    String[] unrelated = {
      "Kubernetes autoscaling uses Prometheus metrics from Grafana dashboards.",
      "The cafeteria serves pizza on Fridays.",
      "Passwords must be rotated by the CFO every quarter.",
      "Yes.",
      "It is.",
      "All of the above.",
      "Customer data is deleted after every rollback.",
      "The answer is 42.",
      "Production deploys are allowed on Sundays.",
      "Escalate to Vendor Support via Slack."
    };
    for (int v = 0; v < unrelated.length; v++) {
      String claimText = unrelated[v];
      int k = v;
      add(
          c,
          "unrelated-claim-" + v,
          "claim unrelated to its real quote",
          x -> {
            SentSources.Source s = x.src(k);
            String q = x.quote(s, 6);
            return stop(answered(claimText, claim(claimText, cite(s.id(), q))));
          },
          unsupported);
    }
    String[] additions = {
      ", and it also deletes the customer data permanently",
      ", except for the billing service which is exempt",
      " unless the CEO approves otherwise in writing",
      ", which Finance reviews every Friday",
      " across every region including Antarctica",
      ", according to the Legal department's memo"
    };
    for (int v = 0; v < additions.length; v++) {
      String add = additions[v];
      int k = v;
      add(
          c,
          "claim-adds-to-quote-" + v,
          "claim adds to its real quote",
          x -> {
            SentSources.Source s = x.src(k);
            String q = x.quote(s, 5);
            String claimText = q + add + ".";
            return stop(answered(claimText, claim(claimText, cite(s.id(), q))));
          },
          unsupported);
    }
    return c;
  }

  private static void add(
      List<Case> c, String id, String category, Function<Ctx, Hostile> gen, Expect e) {
    c.add(new Case("i12-" + id, category, BOTH, gen, e));
  }

  private static final Pattern INNER_TOKEN =
      Pattern.compile("[\\p{L}\\p{N}]+(?:[,.:'\u2019/-][\\p{L}\\p{N}]+)+");

  /**
   * A quote of five whitespace tokens that ends (or starts) inside a token with an inner separator
   * ({@code 1,000}, {@code 09:00}, {@code on-call}, {@code can't}), cut at that separator.
   */
  static Hostile cutInsideToken(Ctx x, int variant, boolean cutEnd) {
    List<String[]> found = new ArrayList<>();
    for (SentSources.Source s : x.sent().all()) {
      String text = Whitespace.collapse(HostileReplies.body(s.text()));
      String[] t = text.split(" ");
      for (int i = 0; i < t.length; i++) {
        Matcher m = INNER_TOKEN.matcher(t[i]);
        if (!m.find()) {
          continue;
        }
        int from = cutEnd ? i - 4 : i;
        int to = cutEnd ? i : i + 4;
        if (from < 0 || to >= t.length) {
          continue;
        }
        String token = t[i];
        int sep = cutEnd ? firstSeparator(token, m) : lastSeparator(token, m);
        String cut = cutEnd ? token.substring(0, sep) : token.substring(sep + 1);
        StringBuilder q = new StringBuilder();
        for (int k = from; k <= to; k++) {
          if (q.length() > 0) {
            q.append(' ');
          }
          q.append(k == i ? cut : t[k]);
        }
        String quote = q.toString();
        if (text.indexOf(quote) >= 0
            && text.indexOf(quote) == text.lastIndexOf(quote)
            && lettered(quote) >= 4) {
          found.add(new String[] {s.id(), quote});
        }
      }
    }
    if (found.isEmpty()) {
      throw new IllegalStateException(
          "generator: no token with an inner separator in " + x.sent().describe());
    }
    String[] pick = found.get(variant % found.size());
    return stop(answered(pick[1], claim(pick[1], cite(pick[0], pick[1]))));
  }

  private static int firstSeparator(String token, Matcher m) {
    for (int i = m.start() + 1; i < m.end(); i++) {
      if (!Character.isLetterOrDigit(token.charAt(i))) {
        return i + 0;
      }
    }
    throw new IllegalStateException("no separator in " + token);
  }

  private static int lastSeparator(String token, Matcher m) {
    for (int i = m.end() - 2; i > m.start(); i--) {
      if (!Character.isLetterOrDigit(token.charAt(i))) {
        return i;
      }
    }
    throw new IllegalStateException("no separator in " + token);
  }

  private static int lettered(String q) {
    int n = 0;
    for (String w : q.split(" ")) {
      n += w.chars().anyMatch(Character::isLetterOrDigit) ? 1 : 0;
    }
    return n;
  }

  /** Windows of {@code n} whitespace tokens of every sent source, as (id, window). */
  static List<String[]> windows(Ctx x, int n) {
    List<String[]> out = new ArrayList<>();
    for (SentSources.Source s : x.sent().all()) {
      String[] t = Whitespace.collapse(HostileReplies.body(s.text())).split(" ");
      for (int i = 0; i + n <= t.length; i++) {
        String w = String.join(" ", java.util.Arrays.copyOfRange(t, i, i + n));
        if (lettered(w) >= 5 && validExcerpt(s.text(), w)) {
          out.add(new String[] {s.id(), w});
        }
      }
    }
    return out;
  }

  private static final Pattern NUMBER = Pattern.compile("(?<![\\p{L}\\d])\\d+(?:[.,:]\\d+)*");

  /** A valid quote holding a number, and the quote as the claim with that number changed. */
  static Hostile changedNumber(Ctx x, int variant) {
    List<String[]> hits = new ArrayList<>();
    for (String[] w : windows(x, 7)) {
      if (NUMBER.matcher(w[1]).find()) {
        hits.add(w);
      }
    }
    if (hits.isEmpty()) {
      throw new IllegalStateException(
          "generator: no quote with a number in " + x.sent().describe());
    }
    String[] w = hits.get((variant * 7) % hits.size());
    Matcher m = NUMBER.matcher(w[1]);
    m.find();
    String n = m.group();
    String digits = n.replaceAll("\\D", "");
    String changed =
        switch (variant % 4) {
          case 0 ->
              Long.toString(Long.parseLong(digits.substring(0, Math.min(9, digits.length()))) + 1);
          case 1 -> n + "0";
          case 2 -> "500";
          default ->
              Long.toString(
                  Long.parseLong(digits.substring(0, Math.min(9, digits.length()))) * 2 + 3);
        };
    if (w[1].contains(changed)) {
      changed = "9" + changed + "7";
    }
    String claimText = w[1].substring(0, m.start()) + changed + w[1].substring(m.end());
    return stop(answered(claimText, claim(claimText, cite(w[0], w[1]))));
  }

  private static final Pattern NEGATION = Pattern.compile("\\b(not|never|no)\\s+|n't\\b");
  private static final Pattern AUXILIARY =
      Pattern.compile(
          "\\b(is|are|was|were|must|can|may|should|will|has|have|does|do)\\b(?! not\\b)");

  /** A valid quote, and the quote as the claim with its negation removed or a {@code not} added. */
  static Hostile flippedNegation(Ctx x, int variant) {
    List<String[]> candidates = new ArrayList<>();
    for (String[] w : windows(x, 7)) {
      if (NEGATION.matcher(w[1]).find() || AUXILIARY.matcher(w[1]).find()) {
        candidates.add(w);
      }
    }
    if (candidates.isEmpty()) {
      throw new IllegalStateException(
          "generator: no quote with a negation or an auxiliary in " + x.sent().describe());
    }
    String[] w = candidates.get((variant * 5) % candidates.size());
    Matcher neg = NEGATION.matcher(w[1]);
    String claimText;
    if (neg.find()) {
      claimText = w[1].substring(0, neg.start()) + w[1].substring(neg.end());
    } else {
      Matcher a = AUXILIARY.matcher(w[1]);
      a.find();
      claimText = w[1].substring(0, a.end()) + " not" + w[1].substring(a.end());
    }
    return stop(answered(claimText, claim(claimText, cite(w[0], w[1]))));
  }

  private static final Pattern CAPITALISED = Pattern.compile("(?<=\\s)\\p{Lu}[\\p{Ll}]+");
  private static final String[] OTHER_NAMES = {
    "Marketing", "Kraken", "Sydney", "Oracle", "Helsinki", "Zeus", "Brazil", "Quasar"
  };

  /**
   * A valid quote holding a capitalised word after its first, and the claim with that name swapped.
   */
  static Hostile swappedName(Ctx x, int variant) {
    List<String[]> hits = new ArrayList<>();
    for (String[] w : windows(x, 7)) {
      if (CAPITALISED.matcher(w[1]).find()) {
        hits.add(w);
      }
    }
    if (hits.isEmpty()) {
      throw new IllegalStateException("generator: no quote with a name in " + x.sent().describe());
    }
    String[] w = hits.get((variant * 3) % hits.size());
    Matcher m = CAPITALISED.matcher(w[1]);
    m.find();
    String other = OTHER_NAMES[variant % OTHER_NAMES.length];
    if (w[1].toLowerCase(Locale.ROOT).contains(other.toLowerCase(Locale.ROOT))) {
      other = "Zanzibar";
    }
    String claimText = w[1].substring(0, m.start()) + other + w[1].substring(m.end());
    return stop(answered(claimText, claim(claimText, cite(w[0], w[1]))));
  }
}
