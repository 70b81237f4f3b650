package dev.citerag.extractive.internal;

import dev.citerag.answer.TermEquivalence;
import dev.citerag.text.internal.LexicalAnalyzer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the extractive reader reads in a question and a sentence: the asked type (time, number,
 * person, place, how-to), capitalised names, negation and antonym agreement, generic question
 * words, and tolerant term matching (edit distance 1 for long words). Every list is here, in one
 * place, so that the rules the generator documents can be read beside their words.
 */
final class QuestionCues {

  private QuestionCues() {}

  static final Pattern WANTS_TIME =
      Pattern.compile(
          "(?i)\\b(when|what (year|years|date|time|day|days|hour|hours|month|century|decade|period|era)"
              + "|which (year|years|date|day|days|hour|hours|month|century|decade|period|era)|how long ago"
              + "|what age)\\b");
  static final Pattern WANTS_NUMBER =
      Pattern.compile(
          "(?i)\\b(how (many|much|long|far|old|big|large|often|tall|high|fast|wide|deep|heavy|soon)"
              + "|what (percentage|percent|proportion|number|amount|fraction|share|size|rate)"
              + "|limit|maximum|minimum|timeout|threshold|port|version|ttl|duration)\\b");
  static final Pattern WANTS_PERSON = Pattern.compile("(?i)\\b(who|whom|whose)\\b");
  static final Pattern WANTS_PLACE =
      Pattern.compile("(?i)\\b(where|what (country|city|place|region|state))\\b");
  static final Pattern HOW_TO =
      Pattern.compile("(?i)^\\s*how (do|can|could|should|would|to|does one) ?(i|we|you|one)?\\b");

  static final Pattern HAS_TIME =
      Pattern.compile(
          "(?i)(\\b\\d{3,4}s?\\b|\\b\\d{1,2}:\\d{2}\\b|\\b(january|february|march|april|may|june|july|august"
              + "|september|october|november|december|monday|tuesday|wednesday|thursday|friday"
              + "|saturday|sunday|daily|weekly|monthly|yearly|annually|century|centuries|decade|ago"
              + "|bc|ad|bce|ce|utc|noon|midnight|morning|evening|today|yesterday|spring|summer"
              + "|autumn|winter|age|era|period|dynasty|reign|during|until|since)\\b)");
  static final Pattern HAS_NUMBER =
      Pattern.compile(
          "(?i)\\d|\\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty"
              + "|forty|fifty|hundred|hundreds|thousand|thousands|million|millions|billion|dozen|once"
              + "|twice|single|double|half|quarter|percent|several|few|many|most|all|none)\\b");
  private static final Pattern QUESTION_TOKEN =
      Pattern.compile("[\\p{L}\\p{N}]+(?:['’-][\\p{L}\\p{N}]+)*+");

  /**
   * Antonym pairs: when the question holds one word of a pair and the sentence holds the other but
   * not the first, they disagree ("least important" asked, "most important" written).
   */
  public static final List<List<String>> ANTONYMS =
      List.of(
          List.of("most", "least"),
          List.of("largest", "smallest"),
          List.of("biggest", "smallest"),
          List.of("highest", "lowest"),
          List.of("earliest", "latest"),
          List.of("best", "worst"),
          List.of("maximum", "minimum"),
          List.of("increase", "decrease"),
          List.of("increased", "decreased"),
          List.of("major", "minor"),
          List.of("longest", "shortest"),
          List.of("oldest", "newest"),
          List.of("older", "younger"),
          List.of("northern", "southern"),
          List.of("eastern", "western"),
          List.of("always", "never"),
          List.of("positive", "negative"),
          List.of("success", "failure"),
          List.of("accepted", "rejected"),
          List.of("allowed", "forbidden"),
          List.of("strongest", "weakest"));

  /**
   * Question words that carry no asked-for fact (stemmed at load): they weigh a quarter in the
   * ranking and are not content terms.
   */
  public static final Set<String> GENERIC_WORDS =
      Set.of(
          "many",
          "long",
          "much",
          "often",
          "default",
          "value",
          "use",
          "used",
          "using",
          "work",
          "works",
          "happen",
          "happens",
          "make",
          "take",
          "way",
          "kind",
          "type",
          "allowed",
          "possible",
          "exist",
          "exists",
          "someone",
          "something",
          "anyone",
          "need",
          "needed",
          "required",
          "require",
          "requires",
          "current",
          "currently",
          "right",
          "correct",
          "usually",
          "typically",
          "exactly",
          "actually",
          "first",
          "thing",
          "things",
          "supposed",
          "know",
          "find",
          "see",
          "go",
          "going",
          "good",
          "bad",
          "best",
          "new",
          "set",
          "give",
          "given",
          "let",
          "like",
          "want",
          "able",
          "there",
          "done",
          "say",
          "says",
          "said",
          "mean",
          "means",
          "called",
          "name",
          "named",
          "handle",
          "handled",
          "okay",
          "ok",
          "quickly",
          "share",
          "get",
          "got",
          "tell",
          "explain",
          "describe",
          "should",
          "must",
          "does",
          "do",
          "setting",
          "option",
          "step",
          "steps",
          "process",
          "procedure",
          "policy",
          "rule",
          "rules");

  /** More generic words for the semantic mode, where the asked type is scored separately. */
  private static final Set<String> TYPE_WORDS =
      Set.of(
          "year",
          "years",
          "time",
          "times",
          "number",
          "amount",
          "percentage",
          "percent",
          "date",
          "day",
          "during",
          "hours",
          "refer",
          "referred",
          "term",
          "known",
          "one",
          "two",
          "happened",
          "occur",
          "occurred",
          "place",
          "person",
          "people",
          "country",
          "city");

  static final Set<String> GENERIC = stemAll(union(GENERIC_WORDS, TYPE_WORDS));

  private static Set<String> union(Set<String> a, Set<String> b) {
    Set<String> out = new HashSet<>(a);
    out.addAll(b);
    return out;
  }

  private static final Set<String> QUESTION_WORDS =
      Set.of(
          "what",
          "which",
          "who",
          "whom",
          "whose",
          "when",
          "where",
          "why",
          "how",
          "in",
          "on",
          "at",
          "the",
          "a",
          "an",
          "of",
          "for",
          "to",
          "by",
          "from",
          "during",
          "after",
          "before",
          "is",
          "are",
          "was",
          "were",
          "did",
          "does",
          "do",
          "i",
          "name",
          "along",
          "besides",
          "other",
          "than",
          "and",
          "or",
          "with",
          "about",
          "as",
          "if",
          "under",
          "over",
          "apart",
          "according");

  static boolean typeMatches(
      String sentence,
      String question,
      boolean number,
      boolean time,
      boolean person,
      boolean place) {
    if (time) {
      return HAS_TIME.matcher(sentence).find();
    }
    if (number) {
      return HAS_NUMBER.matcher(sentence).find();
    }
    if (person || place) {
      Set<String> q = names(question);
      Set<String> asked = new HashSet<>(LexicalAnalyzer.distinctTerms(question));
      for (String n : names(sentence)) {
        if (!q.contains(n) && !asked.contains(n)) {
          return true;
        }
      }
      return false;
    }
    return true;
  }

  /**
   * A word that states a time: a month, a weekday, a unit of time or a part of the day ("the first
   * working day of each month"), a season, a frequency, a century or decade, an era mark.
   */
  private static final Pattern TIME_WORD =
      Pattern.compile(
          "(?i)(january|february|march|april|may|june|july|august|september|october|november"
              + "|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday|century"
              + "|centuries|decade|decades|bc|ad|bce|ce|millennium|year|years|month|months|week"
              + "|weeks|day|days|hour|hours|minute|minutes|morning|afternoon|evening|night|noon"
              + "|midnight|daily|weekly|monthly|yearly|annually|hourly|spring|summer|autumn|winter"
              + "|today|tomorrow|yesterday|ago)");

  /** A word that states a count, an amount or a frequency without digits. */
  private static final Pattern NUMBER_WORD =
      Pattern.compile(
          "(?i)(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen"
              + "|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty"
              + "|seventy|eighty|ninety|hundred|hundreds|thousand|thousands|million|millions"
              + "|billion|billions|trillion|dozen|dozens|half|quarter|third|once|twice|thrice"
              + "|double|triple|single|daily|weekly|monthly|yearly|annually|hourly)");

  /**
   * Whether the sentence holds a span of the asked type that the question does not already hold:
   * for a time question a word with a digit, a month, a weekday, a century or an era mark; for a
   * quantity question a word with a digit or a number word (counts, fractions, frequencies); for a
   * person or a place a capitalised name (as {@link #typeMatches}). A sentence whose only year is
   * the question's own year does not say when.
   */
  static boolean typedSpan(
      String sentence,
      String question,
      boolean number,
      boolean time,
      boolean person,
      boolean place) {
    if (person || place) {
      return typeMatches(sentence, question, false, false, person, place);
    }
    if (!number && !time) {
      return true;
    }
    Set<String> asked = lowerWords(question);
    Matcher m = QUESTION_TOKEN.matcher(sentence);
    while (m.find()) {
      String w = m.group().toLowerCase(Locale.ROOT);
      if (asked.contains(w)) {
        continue;
      }
      boolean digit = w.chars().anyMatch(Character::isDigit);
      if (digit
          || (time && TIME_WORD.matcher(w).matches())
          || (number && NUMBER_WORD.matcher(w).matches())) {
        return true;
      }
    }
    return false;
  }

  /**
   * For each stem of the question, the stems of its word's equivalents (single words only: a
   * phrase's separate words would match too much); empty when {@code equivalence} knows none.
   */
  static Map<String, Set<String>> alternatives(String question, TermEquivalence equivalence) {
    Map<String, Set<String>> out = new HashMap<>();
    if (equivalence == TermEquivalence.STEMS) {
      return out;
    }
    Matcher m = QUESTION_TOKEN.matcher(question);
    while (m.find()) {
      String w = m.group().toLowerCase(Locale.ROOT);
      if (LexicalAnalyzer.STOP_WORDS.contains(w) || QUESTION_WORDS.contains(w)) {
        continue;
      }
      List<String> own = LexicalAnalyzer.terms(w);
      if (own.size() != 1) {
        continue;
      }
      for (String e : equivalence.equivalents(w)) {
        List<String> stems = LexicalAnalyzer.terms(e);
        if (stems.size() == 1 && !stems.get(0).equals(own.get(0))) {
          out.computeIfAbsent(own.get(0), k -> new HashSet<>()).add(stems.get(0));
        }
      }
    }
    return out;
  }

  /**
   * Whether the sentence states the opposite of a question word: it holds one of the word's {@code
   * antonyms} (single words, compared by stem) and not the word itself.
   */
  static boolean lexiconAntonym(
      String question, String sentence, java.util.function.Function<String, Set<String>> antonyms) {
    Set<String> said = new HashSet<>(LexicalAnalyzer.distinctTerms(sentence));
    Matcher m = QUESTION_TOKEN.matcher(question);
    while (m.find()) {
      String w = m.group().toLowerCase(Locale.ROOT);
      if (LexicalAnalyzer.STOP_WORDS.contains(w) || QUESTION_WORDS.contains(w)) {
        continue;
      }
      List<String> own = LexicalAnalyzer.terms(w);
      if (own.size() != 1 || said.contains(own.get(0))) {
        continue;
      }
      for (String a : antonyms.apply(w)) {
        List<String> opposite = LexicalAnalyzer.terms(a);
        if (opposite.size() == 1 && said.contains(opposite.get(0))) {
          return true;
        }
      }
    }
    return false;
  }

  /** As {@link #matches(String, Set)}, also when one of the term's alternatives is in the set. */
  static boolean matches(String term, Set<String> terms, Map<String, Set<String>> alternatives) {
    if (matches(term, terms)) {
      return true;
    }
    for (String a : alternatives.getOrDefault(term, Set.of())) {
      if (terms.contains(a)) {
        return true;
      }
    }
    return false;
  }

  /** Stemmed capitalised words that do not start the text and are not question words. */
  static Set<String> names(String text) {
    Set<String> out = new HashSet<>();
    Matcher m = QUESTION_TOKEN.matcher(text);
    boolean first = true;
    while (m.find()) {
      String w = m.group();
      boolean cap = Character.isUpperCase(w.codePointAt(0));
      String lower = w.toLowerCase(Locale.ROOT);
      if (!first
          && cap
          && !QUESTION_WORDS.contains(lower)
          && !LexicalAnalyzer.STOP_WORDS.contains(lower)) {
        for (String t : LexicalAnalyzer.terms(w)) {
          out.add(t);
          break;
        }
      }
      first = false;
    }
    return out;
  }

  /**
   * The question is negated ("When was X not appointed?") and the sentence is not: it states the
   * opposite of what is asked. A negated sentence under a plain question is fine ("Does a rollback
   * revert migrations?" is answered by "A rollback does not revert migrations.").
   */
  static boolean negationMismatch(String question, String sentence) {
    return LexicalAnalyzer.negations(question) > 0 && LexicalAnalyzer.negations(sentence) == 0;
  }

  static boolean antonymConflict(String question, String sentence) {
    Set<String> q = lowerWords(question);
    Set<String> s = lowerWords(sentence);
    for (List<String> pair : ANTONYMS) {
      String a = pair.get(0);
      String b = pair.get(1);
      if ((q.contains(a) && !q.contains(b) && s.contains(b) && !s.contains(a))
          || (q.contains(b) && !q.contains(a) && s.contains(a) && !s.contains(b))) {
        return true;
      }
    }
    return false;
  }

  private static Set<String> lowerWords(String text) {
    Set<String> out = new HashSet<>();
    Matcher m = QUESTION_TOKEN.matcher(text);
    while (m.find()) {
      out.add(m.group().toLowerCase(Locale.ROOT));
    }
    return out;
  }

  /**
   * Whether {@code term} is in {@code terms}, or (for a plain word of 6+ letters) a word of 5+
   * letters with the same first letter one edit away is: "Californian" finds "California",
   * "reffered" finds "referred".
   */
  static boolean matches(String term, Set<String> terms) {
    if (terms.contains(term)) {
      return true;
    }
    if (term.length() < 6 || !isAlpha(term)) {
      return false;
    }
    for (String t : terms) {
      if (t.length() >= 5
          && Math.abs(t.length() - term.length()) <= 1
          && t.charAt(0) == term.charAt(0)
          && withinOneEdit(term, t)) {
        return true;
      }
    }
    return false;
  }

  private static boolean isAlpha(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c < 'a' || c > 'z') {
        return false;
      }
    }
    return true;
  }

  /** Levenshtein distance at most 1 (one insertion, deletion or substitution). */
  static boolean withinOneEdit(String a, String b) {
    if (a.length() > b.length()) {
      String t = a;
      a = b;
      b = t;
    }
    int i = 0;
    while (i < a.length() && a.charAt(i) == b.charAt(i)) {
      i++;
    }
    if (a.length() == b.length()) {
      return a.regionMatches(i + 1, b, i + 1, a.length() - i - 1) || i == a.length();
    }
    return b.length() - a.length() == 1 && a.regionMatches(i, b, i + 1, a.length() - i);
  }

  /** Numbers and identifiers: terms with a digit, an underscore or an inner separator. */
  static boolean isSpecific(String term) {
    for (int i = 0; i < term.length(); i++) {
      char c = term.charAt(i);
      if (Character.isDigit(c) || c == '_' || c == '.' || c == '/' || c == ':') {
        return true;
      }
    }
    return false;
  }

  private static Set<String> stemAll(Set<String> words) {
    Set<String> out = new HashSet<>();
    for (String w : words) {
      out.addAll(LexicalAnalyzer.terms(w));
      out.add(LexicalAnalyzer.stem(w));
    }
    return Set.copyOf(out);
  }

  static final Set<String> AUXILIARIES =
      Set.of(
          "is", "are", "was", "were", "do", "does", "did", "can", "could", "will", "would",
          "should", "shall", "may", "might", "must", "has", "have", "had");
  private static final Set<String> DETERMINERS =
      Set.of("the", "a", "an", "this", "that", "these", "those", "its", "their", "his", "her");

  /**
   * The asked attribute of a what/which question: the words that name what is asked for, which a
   * sentence must state to answer it. "What burst size does the endpoint allow?" asks for a "burst
   * size"; "What is the hourly overtime rate for on-call work?" for an "hourly overtime rate". Two
   * shapes are read: wh-word, then the attribute, then an auxiliary ("What burst size does"); and
   * wh-word, auxiliary, optional determiner, then the attribute up to the first stop word ("What is
   * the hourly overtime rate for"). Capitalised words (names have their own rule), generic words
   * (as written, not stemmed: "hourly" is not "hours") and words of fewer than 3 letters are left
   * out; any other shape gives no attribute (an empty set), so the rule only speaks when the
   * question's grammar is plain. Returns lower-case surface words.
   */
  static Set<String> askedAttribute(String question) {
    List<String> words = new ArrayList<>();
    List<Boolean> capitalised = new ArrayList<>();
    Matcher m = QUESTION_TOKEN.matcher(question);
    while (m.find()) {
      words.add(m.group().toLowerCase(Locale.ROOT));
      capitalised.add(Character.isUpperCase(m.group().codePointAt(0)));
    }
    int wh = words.isEmpty() ? -1 : 0;
    if (wh < 0 || !(words.get(0).equals("what") || words.get(0).equals("which"))) {
      return Set.of();
    }
    int i = wh + 1;
    boolean afterAuxiliary = i < words.size() && AUXILIARIES.contains(words.get(i));
    if (afterAuxiliary) {
      i++;
      if (i < words.size() && DETERMINERS.contains(words.get(i))) {
        i++;
      }
    }
    int start = i;
    while (i < words.size()
        && !AUXILIARIES.contains(words.get(i))
        && !LexicalAnalyzer.STOP_WORDS.contains(words.get(i))) {
      i++;
    }
    if (i == start || i >= words.size()) {
      return Set.of();
    }
    if (!afterAuxiliary && !AUXILIARIES.contains(words.get(i))) {
      return Set.of(); // "What river flows through ...": no auxiliary closes the attribute
    }
    Set<String> out = new LinkedHashSet<>(); // in the question's order
    for (int k = start; k < i; k++) {
      String w = words.get(k);
      if (!capitalised.get(k) && w.length() >= 3 && isAlpha(w) && !isGeneric(w)) {
        out.add(w);
      }
    }
    return out;
  }

  // the surface word, not its stem: "hourly" asks for something "hours" does not
  private static boolean isGeneric(String word) {
    return GENERIC_WORDS.contains(word) || TYPE_WORDS.contains(word);
  }
}
