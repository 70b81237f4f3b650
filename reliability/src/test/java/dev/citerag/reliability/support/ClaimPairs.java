package dev.citerag.reliability.support;

import dev.citerag.ingest.Document;
import dev.citerag.testkit.eval.SquadCase;
import dev.citerag.testkit.eval.SquadDataset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Claim/quote pairs generated from the SQuAD 2.0 dev subset ({@code datasets/squad2-dev}, see its
 * README) to measure a support check on text nobody wrote for it.
 *
 * <p>Every pair cites one sentence of a paragraph as its quote. <b>False</b> claims change that
 * sentence: one number, year, month or name is swapped for another of the same kind found in
 * another sentence of the same paragraph (and absent from the cited sentence, so that the change is
 * a real change of value, not a reordering; a name is never swapped for a form of itself, its
 * possessive, plural or adjective, see {@link #sameName}), or its negation is removed ({@code not},
 * {@code n't}, {@code never}) or added ({@code not} after its first auxiliary verb), or the claim
 * is another sentence of the paragraph, the one sharing most words with the cited one (a true
 * statement cited to the wrong quote). <b>True</b> claims are the cited sentence itself, the clause
 * of it (between commas, semicolons, colons or dashes) that holds a gold answer (a comma between
 * digits does not end a clause), or the gold answer restated with the question's words ("{@code
 * <question without its wh-word and auxiliary>: <answer>}"), each citing the sentence that holds
 * the answer. The generation is deterministic (no randomness): the same files give the same pairs.
 */
public final class ClaimPairs {

  /** Kinds of pairs. */
  public enum Kind {
    NUMBER_SWAPPED(false),
    YEAR_SWAPPED(false),
    MONTH_SWAPPED(false),
    NAME_SWAPPED(false),
    NEGATION_REMOVED(false),
    NEGATION_ADDED(false),
    MISATTRIBUTED(false),
    CITED_SENTENCE(true),
    ANSWER_CLAUSE(true),
    ANSWER_RESTATED(true);

    public final boolean truth;

    Kind(boolean truth) {
      this.truth = truth;
    }
  }

  /**
   * One pair.
   *
   * @param kind how it was made
   * @param claim the claim text
   * @param quote the cited sentence, verbatim from the paragraph
   * @param origin {@code doc#paragraph} (and the case id for true claims)
   */
  public record Pair(Kind kind, String claim, String quote, String origin) {}

  /** A paragraph of the corpus. */
  public record Paragraph(String doc, int number, String text) {}

  private ClaimPairs() {}

  /**
   * The dataset directory: {@code datasets/squad2-dev} at the repository root (the repository
   * carries its own copy), or the directory named by the system property {@code citerag.squad.dir}
   * when set; fails with a clear message when it is missing.
   */
  public static Path dataset() {
    String override = System.getProperty("citerag.squad.dir");
    if (override != null && !override.isBlank()) {
      return check(Path.of(override).toAbsolutePath());
    }
    Path here = Path.of("").toAbsolutePath();
    for (Path p = here; p != null; p = p.getParent()) {
      if (Files.exists(p.resolve("mvnw")) && Files.isDirectory(p.resolve("citerag-core"))) {
        return check(p.resolve("datasets").resolve("squad2-dev"));
      }
    }
    throw new IllegalStateException(
        "cannot find the repository root (a directory with mvnw and citerag-core) above " + here);
  }

  private static Path check(Path d) {
    if (!Files.isRegularFile(d.resolve("cases.jsonl"))) {
      throw new IllegalStateException(
          "the SQuAD 2.0 dev subset is missing: expected "
              + d.resolve("cases.jsonl")
              + " (datasets/squad2-dev at the repository root, or -Dciterag.squad.dir=<dir>)");
    }
    return d;
  }

  /** Every paragraph of the corpus, by {@code doc#N}. */
  public static Map<String, Paragraph> paragraphs(SquadDataset squad) {
    Map<String, Paragraph> out = new LinkedHashMap<>();
    for (Document d : squad.documents()) {
      squad
          .paragraphs(d.id())
          .forEach((n, text) -> out.put(d.id() + "#" + n, new Paragraph(d.id(), n, text)));
    }
    return out;
  }

  private static final Pattern SENTENCE_END =
      Pattern.compile("(?<=[.!?][\"')\\]]?)\\s+(?=[\"'(\\[]?[\\p{Lu}\\d])");

  /** Sentences of a paragraph, each a verbatim substring of it. */
  public static List<String> sentences(String paragraph) {
    List<String> out = new ArrayList<>();
    for (String s : SENTENCE_END.split(paragraph)) {
      String t = s.strip();
      if (!t.isEmpty()) {
        out.add(t);
      }
    }
    return out;
  }

  private static final Pattern NUMBER =
      Pattern.compile("(?<![\\p{L}\\d.,])\\d[\\d,]*(?:\\.\\d+)?(?![\\p{L}\\d])");
  private static final Pattern YEAR = Pattern.compile("1[0-9]{3}|20[0-9]{2}");
  private static final Pattern MONTH =
      Pattern.compile(
          "\\b(January|February|March|April|May|June|July|August|September|October|November|December)\\b");
  private static final Pattern NAME =
      Pattern.compile("(?<![\\p{L}\\d'’-])\\p{Lu}[\\p{L}'’-]*(?:\\s+\\p{Lu}[\\p{L}'’-]*)*");
  private static final Pattern NEGATION = Pattern.compile("\\b(not|never)\\s+|n't\\b|\\bcannot\\b");
  private static final Pattern AUXILIARY =
      Pattern.compile(
          "\\b(is|was|are|were|has|have|had|can|could|will|would|should|may|might|must|does|did)\\b(?!\\s+(not|never|n't)\\b)");
  private static final Set<String> SENTENCE_STARTERS =
      Set.of(
          "The",
          "A",
          "An",
          "In",
          "On",
          "At",
          "It",
          "This",
          "These",
          "Those",
          "They",
          "He",
          "She",
          "His",
          "Her",
          "Its",
          "Their",
          "There",
          "As",
          "After",
          "Before",
          "During",
          "By",
          "For",
          "From",
          "With",
          "Of",
          "To",
          "When",
          "While",
          "Although",
          "However",
          "Some",
          "Many",
          "Most",
          "Other",
          "Since",
          "Because",
          "If",
          "Under",
          "Over",
          "According");

  /** The false claims of every paragraph. */
  public static List<Pair> falseClaims(Map<String, Paragraph> paragraphs) {
    List<Pair> out = new ArrayList<>();
    for (Map.Entry<String, Paragraph> e : paragraphs.entrySet()) {
      List<String> ss = sentences(e.getValue().text());
      for (int i = 0; i < ss.size(); i++) {
        String s = ss.get(i);
        if (words(s) < 6) {
          continue;
        }
        List<String> others = new ArrayList<>(ss);
        others.remove(i);
        String origin = e.getKey();
        swapNumber(s, others, origin, out);
        swap(s, others, MONTH, Kind.MONTH_SWAPPED, origin, out);
        swapName(s, others, origin, out);
        negation(s, origin, out);
        misattribute(s, others, origin, out);
      }
    }
    return out;
  }

  /**
   * Another sentence of the paragraph cited with this one's text: a true statement on a wrong
   * quote, the sentence sharing the most words (of four letters or more, at least two) with the
   * cited one, as a model confusing two neighbours would.
   */
  private static void misattribute(String s, List<String> others, String origin, List<Pair> out) {
    Set<String> words = wordSet(s);
    String best = null;
    int bestShared = 1;
    for (String o : others) {
      if (words(o) < 6 || s.contains(o) || o.contains(s)) {
        continue;
      }
      Set<String> shared = wordSet(o);
      shared.retainAll(words);
      if (shared.size() > bestShared) {
        bestShared = shared.size();
        best = o;
      }
    }
    if (best != null) {
      out.add(new Pair(Kind.MISATTRIBUTED, best, s, origin));
    }
  }

  private static void swapNumber(String s, List<String> others, String origin, List<Pair> out) {
    Matcher m = NUMBER.matcher(s);
    Set<String> inSentence = values(s, NUMBER);
    boolean doneYear = false;
    boolean doneNumber = false;
    while (m.find()) {
      String v = m.group();
      boolean year = YEAR.matcher(v).matches();
      if ((year && doneYear) || (!year && doneNumber)) {
        continue;
      }
      for (String o : others) {
        String r = firstOtherValue(o, NUMBER, inSentence, year);
        if (r != null) {
          out.add(
              new Pair(
                  year ? Kind.YEAR_SWAPPED : Kind.NUMBER_SWAPPED,
                  s.substring(0, m.start()) + r + s.substring(m.end()),
                  s,
                  origin));
          if (year) {
            doneYear = true;
          } else {
            doneNumber = true;
          }
          break;
        }
      }
    }
  }

  private static String firstOtherValue(
      String other, Pattern p, Set<String> exclude, boolean year) {
    Matcher m = p.matcher(other);
    while (m.find()) {
      String v = m.group();
      if (YEAR.matcher(v).matches() == year && !exclude.contains(canonical(v))) {
        return v;
      }
    }
    return null;
  }

  private static void swap(
      String s, List<String> others, Pattern p, Kind kind, String origin, List<Pair> out) {
    Matcher m = p.matcher(s);
    if (!m.find()) {
      return;
    }
    Set<String> inSentence = values(s, p);
    for (String o : others) {
      Matcher mo = p.matcher(o);
      while (mo.find()) {
        if (!inSentence.contains(canonical(mo.group()))) {
          out.add(
              new Pair(
                  kind, s.substring(0, m.start()) + mo.group() + s.substring(m.end()), s, origin));
          return;
        }
      }
    }
  }

  /**
   * Swaps one name (a run of capitalised words, not a sentence's first word) for one of another
   * sentence.
   */
  private static void swapName(String s, List<String> others, String origin, List<Pair> out) {
    Set<String> lowerWords = new LinkedHashSet<>();
    for (String w : s.toLowerCase(Locale.ROOT).split("[^\\p{L}\\d]+")) {
      lowerWords.add(w);
    }
    Matcher m = NAME.matcher(s);
    while (m.find()) {
      String name = m.group();
      if (m.start() == 0 || MONTH.matcher(name).matches() || SENTENCE_STARTERS.contains(name)) {
        continue;
      }
      for (String o : others) {
        Matcher mo = NAME.matcher(o);
        while (mo.find()) {
          String r = mo.group();
          if (mo.start() == 0
              || SENTENCE_STARTERS.contains(r)
              || MONTH.matcher(r).matches()
              || r.equals(name)
              || sameName(name, r)) {
            continue;
          }
          boolean newWord = false;
          for (String w : r.toLowerCase(Locale.ROOT).split("[^\\p{L}\\d]+")) {
            newWord |= !w.isEmpty() && !lowerWords.contains(w);
          }
          if (newWord) {
            out.add(
                new Pair(
                    Kind.NAME_SWAPPED,
                    s.substring(0, m.start()) + r + s.substring(m.end()),
                    s,
                    origin));
            return;
          }
        }
      }
      return; // only the first name of a sentence is swapped
    }
  }

  /**
   * Whether two names are forms of one name rather than two names: after a possessive is dropped, a
   * word of one is a word of the other or begins it ("Harvard" and "Harvard's", "Europe" and
   * "European", "T-cell" and "T-cells"). Swapping such a form is no change of referent, so it makes
   * no false claim. Names that merely share letters stay apart ("Austria", "Australia").
   */
  static boolean sameName(String a, String b) {
    for (String x : nameWords(a)) {
      for (String y : nameWords(b)) {
        String shorter = x.length() <= y.length() ? x : y;
        String longer = shorter == x ? y : x;
        if (shorter.length() >= 4 ? longer.startsWith(shorter) : longer.equals(shorter)) {
          return true;
        }
      }
    }
    return false;
  }

  private static List<String> nameWords(String name) {
    List<String> words = new ArrayList<>();
    for (String w : name.toLowerCase(Locale.ROOT).split("[^\\p{L}\\d'’]+")) {
      w = w.replaceAll("['’]s?$", "");
      if (!w.isEmpty()) {
        words.add(w);
      }
    }
    return words;
  }

  private static void negation(String s, String origin, List<Pair> out) {
    Matcher m = NEGATION.matcher(s);
    if (m.find()) {
      String g = m.group();
      String claim;
      if (g.equals("n't")) {
        String before = s.substring(0, m.start());
        String fixed =
            before.endsWith("won")
                ? before.substring(0, before.length() - 3) + "will"
                : before.endsWith("ca") ? before + "n" : before;
        claim = fixed + s.substring(m.end());
      } else if (g.equals("cannot")) {
        claim = s.substring(0, m.start()) + "can" + s.substring(m.end());
      } else {
        claim = s.substring(0, m.start()) + s.substring(m.end());
      }
      out.add(new Pair(Kind.NEGATION_REMOVED, claim, s, origin));
      return;
    }
    Matcher a = AUXILIARY.matcher(s);
    if (a.find()) {
      out.add(
          new Pair(
              Kind.NEGATION_ADDED,
              s.substring(0, a.end()) + " not" + s.substring(a.end()),
              s,
              origin));
    }
  }

  /** The true claims of every answerable case. */
  public static List<Pair> trueClaims(SquadDataset squad) {
    List<Pair> out = new ArrayList<>();
    Set<String> seen = new LinkedHashSet<>();
    for (SquadCase c : squad.cases()) {
      if (!c.answerable()) {
        continue;
      }
      String p = squad.paragraph(c.doc(), c.paragraph()).orElseThrow();
      String answer = c.answers().get(0);
      // the sentence a careful model would cite: of those holding the answer, the one sharing the
      // most words with the question
      String sentence = null;
      int best = -1;
      Set<String> qWords = wordSet(c.question());
      for (String s : sentences(p)) {
        if (s.contains(answer)) {
          Set<String> shared = wordSet(s);
          shared.retainAll(qWords);
          if (shared.size() > best) {
            best = shared.size();
            sentence = s;
          }
        }
      }
      if (sentence == null || words(sentence) < 4) {
        continue; // the answer spans two sentences
      }
      String origin = c.doc() + "#" + c.paragraph() + " " + c.id();
      add(out, seen, new Pair(Kind.CITED_SENTENCE, sentence, sentence, origin));
      String clause = clause(sentence, answer);
      if (clause != null) {
        add(out, seen, new Pair(Kind.ANSWER_CLAUSE, clause, sentence, origin));
      }
      add(
          out,
          seen,
          new Pair(Kind.ANSWER_RESTATED, restate(c.question(), answer), sentence, origin));
    }
    return out;
  }

  private static void add(List<Pair> out, Set<String> seen, Pair p) {
    if (seen.add(p.kind() + "\u0000" + p.claim() + "\u0000" + p.quote())) {
      out.add(p);
    }
  }

  private static final Pattern CLAUSE_BREAK =
      Pattern.compile("\\s*(?:(?<!\\d),|,(?!\\d)|[;:]|\\s[\u2014\u2013-]\\s)\\s*");

  /** The clause of the sentence that holds the answer, when the sentence has more than one. */
  static String clause(String sentence, String answer) {
    String[] parts = CLAUSE_BREAK.split(sentence);
    if (parts.length < 2) {
      return null;
    }
    for (String part : parts) {
      String t = part.strip();
      if (t.contains(answer) && !t.equals(sentence) && words(t) >= 3) {
        return t;
      }
    }
    return null;
  }

  private static final Pattern WH =
      Pattern.compile(
          "(?i)^(?:in |on |at |by |for |from |to |of |during |after |before |with |under |since )?"
              + "(?:what|which|who|whom|whose|when|where|why|how)(?: (?:many|much|long|often|far|old|large|big|type|kind|year|percentage|amount))?"
              + "(?: (?:is|was|are|were|do|does|did|has|have|had|can|could|will|would|should|may|might))?\\s+");

  /** "{@code <question without its wh-word and auxiliary>: <answer>}". */
  static String restate(String question, String answer) {
    String q = question.strip().replaceAll("[?\\s]+$", "");
    q = WH.matcher(q).replaceFirst("");
    return q + ": " + answer;
  }

  private static Set<String> wordSet(String s) {
    Set<String> out = new LinkedHashSet<>();
    for (String w : s.toLowerCase(Locale.ROOT).split("[^\\p{L}\\d]+")) {
      if (w.length() > 3) {
        out.add(w);
      }
    }
    return out;
  }

  private static Set<String> values(String s, Pattern p) {
    Set<String> v = new LinkedHashSet<>();
    Matcher m = p.matcher(s);
    while (m.find()) {
      v.add(canonical(m.group()));
    }
    return v;
  }

  private static String canonical(String v) {
    return v.replace(",", "").toLowerCase(Locale.ROOT);
  }

  static int words(String s) {
    int n = 0;
    for (String w : s.split("\\s+")) {
      if (w.chars().anyMatch(Character::isLetterOrDigit)) {
        n++;
      }
    }
    return n;
  }
}
