package dev.citerag.verify.internal;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Abbreviations and what they stand for: those the quotes define themselves ("the Service Level
 * Agreement (SLA)", "SLA (service level agreement)") and a small curated list of abbreviations
 * common in business and technical writing (DB, config, HR, CEO, vs; Q3 is read as a quantity). An
 * abbreviation in a claim matches its expansion in a quote and the reverse.
 */
final class Abbreviations {
  private static final java.util.regex.Pattern SPACES = java.util.regex.Pattern.compile("\\s+");
  private static final java.util.regex.Pattern SPACES_HYPHENS =
      java.util.regex.Pattern.compile("[\\s-]+");

  /** The curated list: general-purpose abbreviations only, lower-cased. */
  static final Map<String, String> COMMON =
      Map.ofEntries(
          Map.entry("db", "database"),
          Map.entry("dbs", "databases"),
          Map.entry("repo", "repository"),
          Map.entry("repos", "repositories"),
          Map.entry("config", "configuration"),
          Map.entry("prod", "production"),
          Map.entry("env", "environment"),
          Map.entry("auth", "authentication"),
          Map.entry("admin", "administrator"),
          Map.entry("admins", "administrators"),
          Map.entry("app", "application"),
          Map.entry("apps", "applications"),
          Map.entry("info", "information"),
          Map.entry("docs", "documentation"),
          Map.entry("dept", "department"),
          Map.entry("mgr", "manager"),
          Map.entry("approx", "approximately"),
          Map.entry("vs", "versus"),
          Map.entry("hr", "human resources"),
          Map.entry("it", "information technology"),
          Map.entry("ceo", "chief executive officer"),
          Map.entry("cfo", "chief financial officer"),
          Map.entry("cto", "chief technology officer"),
          Map.entry("coo", "chief operating officer"),
          Map.entry("vp", "vice president"),
          Map.entry("pto", "paid time off"),
          Map.entry("sla", "service level agreement"),
          Map.entry("kpi", "key performance indicator"),
          Map.entry("fy", "fiscal year"),
          Map.entry("yoy", "year over year"),
          Map.entry("faq", "frequently asked questions"),
          Map.entry("eta", "estimated time of arrival"),
          Map.entry("us", "united states"),
          Map.entry("usa", "united states"),
          Map.entry("uk", "united kingdom"),
          Map.entry("eu", "european union"),
          Map.entry("un", "united nations"),
          Map.entry("ai", "artificial intelligence"),
          Map.entry("api", "application programming interface"),
          Map.entry("os", "operating system"),
          Map.entry("vm", "virtual machine"),
          Map.entry("vms", "virtual machines"),
          Map.entry("mfa", "multi-factor authentication"),
          Map.entry("2fa", "two-factor authentication"),
          Map.entry("sso", "single sign-on"),
          Map.entry("ssn", "social security number"),
          Map.entry("r&d", "research and development"),
          Map.entry("q&a", "questions and answers"),
          Map.entry("hq", "headquarters"),
          Map.entry("asap", "as soon as possible"),
          Map.entry("mon", "monday"),
          Map.entry("tue", "tuesday"),
          Map.entry("tues", "tuesday"),
          Map.entry("wed", "wednesday"),
          Map.entry("thu", "thursday"),
          Map.entry("thur", "thursday"),
          Map.entry("thurs", "thursday"),
          Map.entry("fri", "friday"),
          Map.entry("sat", "saturday"),
          Map.entry("sun", "sunday"));

  private static final Pattern LONG_THEN_SHORT =
      Pattern.compile(
          "((?:[\\p{L}][\\p{L}-]*\\s+){1,6}[\\p{L}][\\p{L}-]*)\\s*\\(\\s*([\\p{Lu}][\\p{L}&]{1,9})\\s*\\)");
  private static final Pattern SHORT_THEN_LONG =
      Pattern.compile(
          "\\b([\\p{Lu}][\\p{Lu}&]{1,9})\\s*\\(\\s*((?:[\\p{L}][\\p{L}-]*\\s*){2,7})\\)");

  private final Map<String, String> defined;

  private Abbreviations(Map<String, String> defined) {
    this.defined = defined;
  }

  /** No definitions, the curated list only. */
  static final Abbreviations NONE = new Abbreviations(Map.of());

  /**
   * The abbreviations the texts define, with the curated list.
   *
   * @param texts quotes (of one answer)
   * @return the abbreviations
   */
  static Abbreviations definedIn(List<String> texts) {
    Map<String, String> m = new HashMap<>();
    for (String t : texts) {
      if (t.indexOf('(') < 0) {
        continue;
      }
      String s = Normalization.normalize(t);
      Matcher a = LONG_THEN_SHORT.matcher(s);
      while (a.find()) {
        String shortForm = a.group(2);
        String[] words = SPACES.split(a.group(1).trim(), -1);
        int n = initials(shortForm);
        if (n >= 2 && n <= words.length) {
          String expansion =
              String.join(" ", java.util.Arrays.copyOfRange(words, words.length - n, words.length));
          if (initialsMatch(shortForm, expansion)) {
            m.put(shortForm.toLowerCase(Locale.ROOT), expansion.toLowerCase(Locale.ROOT));
          }
        }
      }
      Matcher b = SHORT_THEN_LONG.matcher(s);
      while (b.find()) {
        if (initialsMatch(b.group(1), b.group(2).trim())) {
          m.put(b.group(1).toLowerCase(Locale.ROOT), b.group(2).trim().toLowerCase(Locale.ROOT));
        }
      }
    }
    return m.isEmpty() ? NONE : new Abbreviations(Map.copyOf(m));
  }

  private static int initials(String shortForm) {
    int n = 0;
    for (int i = 0; i < shortForm.length(); i++) {
      n += Character.isUpperCase(shortForm.charAt(i)) ? 1 : 0;
    }
    return n;
  }

  /**
   * Whether the capitals of a short form are the initials of an expansion's words, function words
   * left out ("IPCC", "Intergovernmental Panel on Climate Change").
   */
  static boolean initialsMatch(String shortForm, String expansion) {
    StringBuilder b = new StringBuilder();
    for (String w : SPACES_HYPHENS.split(expansion, -1)) {
      if (!w.isEmpty() && !Vocabulary.FUNCTION_WORDS.contains(w.toLowerCase(Locale.ROOT))) {
        b.append(Character.toLowerCase(w.charAt(0)));
      }
    }
    String letters = shortForm.replaceAll("[^\\p{Lu}]", "").toLowerCase(Locale.ROOT);
    return b.toString().equals(letters);
  }

  /**
   * The expansion of an abbreviation, defined or curated; null when the token is none. A
   * capitalised "US" or "IT" is read as an abbreviation; a lower-case "us" or "it" never is.
   *
   * @param t a word token
   * @return its expansion, lower-case, or null
   */
  @org.jspecify.annotations.Nullable
  String expansion(Token t) {
    String low = t.lower();
    String d = defined.get(low);
    if (d != null) {
      return d;
    }
    String c = COMMON.get(low);
    if (c == null) {
      return null;
    }
    boolean ambiguousWord =
        Vocabulary.FUNCTION_WORDS.contains(low) || low.equals("un") || low.equals("eta");
    return ambiguousWord && !t.acronym() ? null : c;
  }

  /**
   * Keys under which a quote word is also found: its expansion's words for an abbreviation, and the
   * abbreviation's own key for the first word of a written-out expansion is not needed (claims'
   * abbreviations look their expansion up instead).
   *
   * @param t a word token
   * @return the extra keys
   */
  /**
   * The expansion of a lower-case word read as an abbreviation (a part of a hyphenated word), or
   * null.
   *
   * @param lower the word
   * @return its expansion, or null
   */
  @org.jspecify.annotations.Nullable
  String expansion(String lower) {
    String d = defined.get(lower);
    if (d != null) {
      return d;
    }
    return Vocabulary.FUNCTION_WORDS.contains(lower) ? null : COMMON.get(lower);
  }

  /**
   * The expansion the texts themselves define for an abbreviation, curated ones left out; null when
   * they define none.
   *
   * @param lower the abbreviation, lower-case
   * @return its defined expansion, lower-case, or null
   */
  @org.jspecify.annotations.Nullable
  String defined(String lower) {
    return defined.get(lower);
  }

  List<String> expansionKeys(Token t) {
    String e = expansion(t);
    if (e == null) {
      return List.of();
    }
    return List.of(SPACES.split(e, -1));
  }
}
