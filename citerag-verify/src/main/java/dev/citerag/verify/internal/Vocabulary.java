package dev.citerag.verify.internal;

import dev.citerag.text.internal.NumberWords;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Closed word classes of English that the rules need and that a lexical database does not hold:
 * function words, negation cues, clause openers, opposite pairs of function words, number words,
 * months, weekdays. These are fixed classes of the language, not lists of cases.
 */
final class Vocabulary {
  private static final java.util.regex.Pattern SPACES = java.util.regex.Pattern.compile("\\s+");

  private Vocabulary() {}

  /** Function words: they carry no content of their own. */
  static final Set<String> FUNCTION_WORDS =
      Set.of(
          "a",
          "an",
          "the",
          "and",
          "or",
          "but",
          "nor",
          "so",
          "yet",
          "of",
          "in",
          "on",
          "at",
          "to",
          "for",
          "from",
          "by",
          "with",
          "into",
          "onto",
          "as",
          "than",
          "that",
          "this",
          "these",
          "those",
          "it",
          "its",
          "it's",
          "they",
          "them",
          "their",
          "theirs",
          "he",
          "him",
          "his",
          "she",
          "her",
          "hers",
          "we",
          "us",
          "our",
          "ours",
          "you",
          "your",
          "yours",
          "i",
          "me",
          "my",
          "mine",
          "is",
          "are",
          "was",
          "were",
          "be",
          "been",
          "being",
          "am",
          "do",
          "does",
          "did",
          "have",
          "has",
          "had",
          "having",
          "will",
          "would",
          "shall",
          "should",
          "can",
          "could",
          "may",
          "might",
          "must",
          "there",
          "here",
          "which",
          "who",
          "whom",
          "whose",
          "what",
          "when",
          "where",
          "why",
          "how",
          "if",
          "then",
          "also",
          "such",
          "per",
          "via",
          "each",
          "every",
          "any",
          "both",
          "either",
          "own",
          "same",
          "other",
          "another",
          "else",
          "about",
          "one's",
          "s",
          "t",
          "just",
          "very",
          "again",
          "too",
          "up",
          "out",
          "off",
          "whether",
          "while",
          "because",
          "since",
          "until",
          "till",
          "unless",
          "although",
          "though",
          "whereas",
          "upon",
          "besides",
          "within",
          "during",
          "through",
          "throughout",
          "across",
          "among",
          "along",
          "around",
          "toward",
          "towards",
          "following",
          "according",
          "get",
          "gets",
          "got");

  /** Words that negate what follows them in their clause. */
  static final Set<String> NEGATION_CUES =
      Set.of(
          "not",
          "no",
          "never",
          "none",
          "nobody",
          "nothing",
          "nowhere",
          "neither",
          "nor",
          "cannot",
          "without",
          "lacks",
          "lack",
          "lacked",
          "lacking",
          "unable",
          "hardly",
          "scarcely");

  /** Verbs that negate the verb after them ("fails to renew"). */
  static final Set<String> NEGATING_VERBS =
      Set.of(
          "fail",
          "fails",
          "failed",
          "failing",
          "refuse",
          "refuses",
          "refused",
          "refusing",
          "cease",
          "ceases",
          "ceased",
          "ceasing");

  /**
   * Verbs that negate the verb after "to" ("declined to renew" says it did not renew), and only a
   * verb: "sales declined to 5 million" and "declined to the lowest level" negate nothing.
   */
  static final Set<String> DECLINING_VERBS = Set.of("decline", "declines", "declined", "declining");

  /**
   * Words that open a new clause: a negation's scope and a number's attachment stop before them.
   */
  static final Set<String> CLAUSE_OPENERS =
      Set.of(
          "and",
          "but",
          "or",
          "while",
          "whereas",
          "when",
          "whenever",
          "if",
          "unless",
          "because",
          "since",
          "although",
          "though",
          "which",
          "who",
          "whom",
          "whose",
          "that",
          "where",
          "so",
          "until",
          "after",
          "before",
          "once",
          "whether",
          "then",
          "however");

  /** Punctuation that ends a clause. */
  static final Set<String> CLAUSE_MARKS = Set.of(",", ";", ":", ".", "!", "?", "(", ")", "\"");

  /**
   * Function words that come in opposite pairs; a claim that uses one where its quote uses the
   * other says the opposite. Each pair is listed once, both ways are checked.
   */
  static final Map<String, String> OPPOSITES = opposites();

  /** {@link #OPPOSITES} with each entry's opposites split into words once. */
  private static final Map<String, List<String>> OPPOSITE_WORDS = splitOpposites();

  private static Map<String, List<String>> splitOpposites() {
    Map<String, List<String>> m = new HashMap<>();
    for (Map.Entry<String, String> e : OPPOSITES.entrySet()) {
      m.put(e.getKey(), List.of(SPACES.split(e.getValue(), -1)));
    }
    return Map.copyOf(m);
  }

  private static Map<String, String> opposites() {
    String[][] pairs = {
      {"before", "after"},
      {"above", "below"},
      {"over", "under"},
      {"more", "less"},
      {"more", "fewer"},
      {"most", "least"},
      {"higher", "lower"},
      {"highest", "lowest"},
      {"earlier", "later"},
      {"earliest", "latest"},
      {"first", "last"},
      {"inside", "outside"},
      {"always", "never"},
      {"all", "none"},
      {"everyone", "nobody"},
      {"maximum", "minimum"},
      {"max", "min"},
      {"increase", "decrease"},
      {"increased", "decreased"},
      {"increases", "decreases"},
      {"rise", "fall"},
      {"rose", "fell"},
      {"rises", "falls"},
      {"gain", "loss"},
      {"gained", "lost"},
      {"include", "exclude"},
      {"included", "excluded"},
      {"includes", "excludes"},
      {"including", "excluding"},
      {"allow", "forbid"},
      {"allowed", "forbidden"},
      {"allow", "prohibit"},
      {"allowed", "prohibited"},
      {"permitted", "prohibited"},
      {"permitted", "forbidden"},
      {"required", "optional"},
      {"mandatory", "optional"},
      {"enabled", "disabled"},
      {"enable", "disable"},
      {"start", "end"},
      {"begin", "end"},
      {"open", "closed"},
      {"accept", "reject"},
      {"accepted", "rejected"},
      {"approve", "reject"},
      {"approved", "rejected"},
      {"success", "failure"},
      {"succeeded", "failed"},
      {"win", "lose"},
      {"won", "lost"},
      {"buy", "sell"},
      {"bought", "sold"},
      {"acquire", "sell"},
      {"import", "export"},
      {"imported", "exported"},
      {"input", "output"},
      {"north", "south"},
      {"east", "west"},
      {"internal", "external"},
      {"public", "private"},
      {"upper", "lower"},
      {"inbound", "outbound"},
      {"ascending", "descending"},
      {"add", "remove"},
      {"added", "removed"},
      {"gain", "lose"}
    };
    Map<String, String> m = new HashMap<>();
    for (String[] p : pairs) {
      m.merge(p[0], p[1], (a, b) -> a + " " + b);
      m.merge(p[1], p[0], (a, b) -> a + " " + b);
    }
    return Map.copyOf(m);
  }

  /** Whether two words are listed opposites. */
  static boolean opposite(String a, String b) {
    List<String> o = OPPOSITE_WORDS.get(a);
    if (o == null) {
      return false;
    }
    for (String x : o) {
      if (x.equals(b)) {
        return true;
      }
    }
    return false;
  }

  static final List<String> MONTHS =
      List.of(
          "january",
          "february",
          "march",
          "april",
          "may",
          "june",
          "july",
          "august",
          "september",
          "october",
          "november",
          "december");

  /** A month's number (1-12) from its name or a three- or four-letter abbreviation, else 0. */
  static int month(String lower) {
    for (int i = 0; i < MONTHS.size(); i++) {
      String m = MONTHS.get(i);
      if (m.equals(lower)) {
        return i + 1;
      }
      if (lower.length() >= 3
          && lower.length() < m.length()
          && m.startsWith(lower)
          && !lower.equals("mar")
          && !lower.equals("may")) {
        return lower.length() <= 4 ? i + 1 : 0;
      }
    }
    return lower.equals("mar") ? 3 : lower.equals("sept") ? 9 : 0;
  }

  static final List<String> WEEKDAYS =
      List.of("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday");

  /** A weekday's full name from its name or abbreviation (mon, tue, tues, wed, thu, thur, ...). */
  static String weekday(String lower) {
    for (String d : WEEKDAYS) {
      if (d.equals(lower) || (d.equals(lower + "day") && lower.length() >= 3)) {
        return d;
      }
      if (lower.length() >= 3 && lower.length() <= 5 && d.startsWith(lower)) {
        return d;
      }
    }
    return "";
  }

  /** Number words below twenty, then the tens. */
  static final Map<String, Integer> SMALL_NUMBERS = NumberWords.VALUES;

  /** Scale words and their factors (as written after a number). */
  static final Map<String, Double> SCALES =
      Map.ofEntries(
          Map.entry("hundred", 1e2),
          Map.entry("thousand", 1e3),
          Map.entry("million", 1e6),
          Map.entry("billion", 1e9),
          Map.entry("trillion", 1e12),
          Map.entry("k", 1e3),
          Map.entry("mn", 1e6),
          Map.entry("mln", 1e6),
          Map.entry("bn", 1e9),
          Map.entry("tn", 1e12));

  /** Ordinal words and their numbers. */
  static final Map<String, Integer> ORDINALS =
      Map.ofEntries(
          Map.entry("first", 1),
          Map.entry("second", 2),
          Map.entry("third", 3),
          Map.entry("fourth", 4),
          Map.entry("fifth", 5),
          Map.entry("sixth", 6),
          Map.entry("seventh", 7),
          Map.entry("eighth", 8),
          Map.entry("ninth", 9),
          Map.entry("tenth", 10),
          Map.entry("eleventh", 11),
          Map.entry("twelfth", 12),
          Map.entry("thirteenth", 13),
          Map.entry("fourteenth", 14),
          Map.entry("fifteenth", 15),
          Map.entry("twentieth", 20),
          Map.entry("thirtieth", 30),
          Map.entry("fiftieth", 50),
          Map.entry("hundredth", 100));

  /** Fractions and multiples written as words. */
  static final Map<String, Double> FRACTIONS =
      Map.of("half", 0.5, "quarter", 0.25, "dozen", 12.0, "twice", 2.0, "double", 2.0);
}
