package dev.citerag.pipeline;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.citerag.answer.AnswerStatus;
import dev.citerag.answer.Citation;
import dev.citerag.answer.Claim;
import dev.citerag.answer.ModelAnswer;
import dev.citerag.answer.SentSource;
import dev.citerag.answer.internal.QuoteMatcher;
import dev.citerag.chat.ChatResponse;
import dev.citerag.chat.FinishReason;
import dev.citerag.chat.TokenUsage;
import dev.citerag.text.internal.LexicalAnalyzer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * An answer generator that needs no model: it picks the sentences of the sent sources that best
 * match the question and answers with them, quoting them verbatim, or abstains. Its reply is JSON
 * in the answer contract and goes through the same parser and validator as a model's.
 *
 * <p>How it decides, so its behaviour can be predicted:
 *
 * <ol>
 *   <li>Question terms come from {@link LexicalAnalyzer}; each gets an IDF weight over the
 *       sentences of the sent sources.
 *   <li><b>Near-miss rule:</b> if a distinctive question term — any term not in a short list of
 *       generic question words ({@link #GENERIC_TERMS}) — appears in none of the sent sources, it
 *       abstains: the topic may match, but the asked fact (a day, a role, a name, a quantity) is
 *       not there.
 *   <li>Sentences (lines, then sentence ends) of at least 4 words are scored by the IDF weight of
 *       the question terms they contain, plus a bonus when the question asks for a quantity ("how
 *       long", "limit", ...) and the sentence has a number, or asks "when" and the sentence names
 *       a day or time; the best one is the answer, joined by the second best
 *       when that adds question terms the first lacks and scores at least 60% as high.
 *   <li>When no sentence contains a question term, it abstains.
 * </ol>
 *
 * It is useful offline and as a baseline; it does not paraphrase, combine facts or reason.
 */
public final class ExtractiveGenerator implements AnswerGenerator {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  /** An extractive generator; it holds no state and is thread-safe. */
  public ExtractiveGenerator() {}
  private static final Pattern SENTENCE_END =
      Pattern.compile("(?<=[.!?])\\s+(?=[\\p{Lu}\\p{N}`\"'(\\[*])");
  private static final Pattern EXPECTS_NUMBER = Pattern.compile(
      "(?i)\\b(how (long|many|much|often|big|large|fast|soon|old)|limit|maximum|minimum|max|min"
          + "|timeout|threshold|size|number|count|port|version|percent|percentage|rate|ttl|duration)\\b");
  private static final Pattern EXPECTS_TIME = Pattern.compile(
      "(?i)\\b(when|what time|which day|what day|how soon)\\b");
  private static final Pattern HAS_NUMBER = Pattern.compile(
      "(?i)\\d|\\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|"
          + "hundred|thousand|once|twice|single|double|half)\\b");
  private static final Pattern HAS_TIME = Pattern.compile(
      "(?i)(\\b\\d{1,2}:\\d{2}\\b|\\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday|daily"
          + "|weekly|utc|am|pm|noon|midnight|morning|evening)\\b)");
  private static final Pattern TABLE_SEPARATOR = Pattern.compile("^\\|?[\\s:|-]*-[\\s:|-]*\\|?$");
  private static final Pattern BULLET = Pattern.compile("^(?:[-*+]\\s+|\\d{1,3}[.)]\\s+|>\\s+|#{1,6}\\s+)");

  /**
   * Question words that carry no asked-for fact; a missing term outside this list makes the
   * generator abstain.
   */
  public static final Set<String> GENERIC_TERMS =
      Set.of(
          "many", "long", "much", "often", "default", "value", "use", "used", "using", "work",
          "works", "happen", "happens", "make", "take", "way", "kind", "type", "allowed",
          "possible", "exist", "exists", "someone", "something", "anyone", "need", "needed",
          "required", "require", "requires", "current", "currently", "right", "correct", "usually",
          "typically", "exactly", "actually", "first", "thing", "things", "supposed", "know",
          "find", "see", "go", "going", "good", "bad", "best", "new", "set", "give", "given",
          "let", "like", "want", "able", "there", "doe", "done", "say", "says", "said", "mean",
          "means", "called", "name", "handle", "handled", "okay", "ok", "quickly", "share", "get",
          "got", "tell", "explain", "describe", "should", "must", "does", "do", "setting",
          "option", "step", "steps", "process", "procedure", "policy", "rule", "rules");

  @Override
  public ChatResponse generate(GenerationRequest request) {
    ModelAnswer answer = answer(request.question(), request.context().sources());
    try {
      return new ChatResponse(
          MAPPER.writeValueAsString(answer), FinishReason.STOP, "stop", TokenUsage.ZERO, name(), null);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot serialise an extractive answer", e);
    }
  }

  @Override
  public String name() {
    return "extractive";
  }

  /** The answer for a question over the given sources. */
  public ModelAnswer answer(String question, List<SentSource> sources) {
    Set<String> qTerms = LexicalAnalyzer.distinctSurfaceTerms(question);
    if (qTerms.isEmpty() || sources.isEmpty()) {
      return ModelAnswer.notInSources();
    }
    List<Candidate> candidates = new ArrayList<>();
    Set<String> present = new HashSet<>();
    for (SentSource s : sources) {
      Set<String> headingTerms = new HashSet<>(LexicalAnalyzer.distinctSurfaceTerms(
          (s.chunk().title() == null ? "" : s.chunk().title()) + " " + s.chunk().section()));
      Set<String> chunkTerms = LexicalAnalyzer.distinctSurfaceTerms(s.chunk().text());
      present.addAll(chunkTerms);
      for (Unit u : units(s.chunk().text())) {
        Set<String> own = LexicalAnalyzer.distinctSurfaceTerms(u.quote);
        if (QuoteMatcher.wordCount(u.quote) < 4 || headingTerms.containsAll(own)) {
          continue;
        }
        Set<String> terms = new HashSet<>(own);
        if (u.context != null) {
          terms.addAll(LexicalAnalyzer.distinctSurfaceTerms(u.context));
        }
        Set<String> context = new HashSet<>(terms);
        context.addAll(headingTerms);
        candidates.add(new Candidate(s.sourceId(), u.quote, terms, context));
      }
    }
    for (String t : qTerms) {
      if (!present.contains(t) && !GENERIC_TERMS.contains(t)) {
        return ModelAnswer.notInSources();
      }
    }
    Map<String, Double> idf = idf(qTerms, candidates);
    double maxIdf = idf.values().stream().mapToDouble(Double::doubleValue).max().orElse(1.0);
    boolean wantsNumber = EXPECTS_NUMBER.matcher(question).find();
    boolean wantsTime = EXPECTS_TIME.matcher(question).find();
    Candidate best = null;
    double bestScore = 0;
    for (Candidate c : candidates) {
      c.score = score(c.terms, qTerms, idf);
      if (c.score > 0 && wantsNumber && HAS_NUMBER.matcher(c.sentence).find()) {
        c.score += 0.5 * maxIdf;
      }
      if (c.score > 0 && wantsTime && HAS_TIME.matcher(c.sentence).find()) {
        c.score += 0.5 * maxIdf;
      }
      if (c.score > bestScore) {
        bestScore = c.score;
        best = c;
      }
    }
    if (best == null) {
      return ModelAnswer.notInSources();
    }
    List<Candidate> chosen = new ArrayList<>(List.of(best));
    Candidate second = null;
    double secondScore = 0;
    for (Candidate c : candidates) {
      if (c == best || c.sentence.equals(best.sentence) || c.score < 0.6 * bestScore) {
        continue;
      }
      Set<String> adds = new HashSet<>(c.terms);
      adds.retainAll(qTerms);
      adds.removeAll(best.terms);
      adds.removeAll(GENERIC_TERMS);
      if (!adds.isEmpty() && c.score > secondScore) {
        second = c;
        secondScore = c.score;
      }
    }
    if (second != null) {
      chosen.add(second);
    }
    // the best sentence itself (with its table header and headings) must cover the question's
    // distinctive terms — every number or identifier, and two thirds of the other terms: a
    // sentence on the right topic that lacks the asked fact is a near miss, not an answer
    int distinctive = 0;
    int hit = 0;
    for (String t : qTerms) {
      if (GENERIC_TERMS.contains(t)) {
        continue;
      }
      boolean covered = best.context.contains(t);
      if (!covered && isSpecific(t)) {
        return ModelAnswer.notInSources();
      }
      distinctive++;
      hit += covered ? 1 : 0;
    }
    if (distinctive > 0 && hit * 3 < distinctive * 2) {
      return ModelAnswer.notInSources();
    }
    List<Claim> claims = new ArrayList<>();
    StringBuilder text = new StringBuilder();
    for (Candidate c : chosen) {
      claims.add(new Claim(c.sentence, List.of(new Citation(c.sourceId, c.sentence))));
      if (text.length() > 0) {
        text.append(' ');
      }
      text.append(c.sentence);
    }
    return new ModelAnswer(AnswerStatus.ANSWERED, text.toString(), claims);
  }

  /** Numbers and identifiers: terms with a digit, an underscore or an inner separator. */
  private static boolean isSpecific(String term) {
    for (int i = 0; i < term.length(); i++) {
      char c = term.charAt(i);
      if (Character.isDigit(c) || c == '_' || c == '.' || c == '/' || c == ':') {
        return true;
      }
    }
    return false;
  }

  private static double score(Set<String> terms, Set<String> qTerms, Map<String, Double> idf) {
    double s = 0;
    for (String t : qTerms) {
      if (terms.contains(t)) {
        s += idf.getOrDefault(t, 0.0);
      }
    }
    // prefer focused sentences: a mild length penalty
    return s / (1.0 + 0.02 * terms.size());
  }

  private static Map<String, Double> idf(Set<String> qTerms, List<Candidate> candidates) {
    Map<String, Double> idf = new HashMap<>();
    int n = Math.max(1, candidates.size());
    for (String t : qTerms) {
      int df = 0;
      for (Candidate c : candidates) {
        if (c.terms.contains(t)) {
          df++;
        }
      }
      double w = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      idf.put(t, GENERIC_TERMS.contains(t) ? w * 0.25 : w);
    }
    return idf;
  }

  /** Lines, then sentences; list markers and heading marks removed; each a verbatim substring. */
  static List<String> sentences(String text) {
    return units(text).stream().map(u -> u.quote).toList();
  }

  /**
   * Quotable units: sentences of prose lines, and table body rows. A table row is scored together
   * with its header row (which names what the row's values mean) but quoted alone; header and
   * separator rows are never answers.
   */
  static List<Unit> units(String text) {
    List<Unit> out = new ArrayList<>();
    String[] lines = text.split("\\R", -1);
    String tableHeader = null;
    StringBuilder para = new StringBuilder();
    boolean inFence = false;
    for (int i = 0; i < lines.length; i++) {
      String l = lines[i].strip();
      if (l.startsWith("```") || l.startsWith("~~~")) {
        flush(para, out);
        inFence = !inFence;
        continue;
      }
      if (inFence) {
        if (!l.isEmpty()) {
          out.add(new Unit(l, null));
        }
        continue;
      }
      if (l.startsWith("|")) {
        flush(para, out);
        boolean nextIsSeparator = i + 1 < lines.length && TABLE_SEPARATOR.matcher(lines[i + 1].strip()).matches();
        if (nextIsSeparator) {
          tableHeader = l;
        } else if (!TABLE_SEPARATOR.matcher(l).matches()) {
          out.add(new Unit(l, tableHeader));
        }
        continue;
      }
      tableHeader = null;
      if (l.isEmpty()) {
        flush(para, out);
        continue;
      }
      Matcher m = BULLET.matcher(l);
      if (m.find()) {
        // a list item or heading starts a new paragraph; soft-wrapped lines after it continue it
        flush(para, out);
        boolean heading = l.startsWith("#");
        l = l.substring(m.end()).strip();
        if (heading) {
          out.add(new Unit(l, null));
          continue;
        }
      }
      if (para.length() > 0) {
        para.append(' ');
      }
      para.append(l);
    }
    flush(para, out);
    return out;
  }

  private static void flush(StringBuilder para, List<Unit> out) {
    if (para.length() == 0) {
      return;
    }
    for (String part : SENTENCE_END.split(para, -1)) {
      String st = part.strip();
      if (!st.isEmpty()) {
        out.add(new Unit(st, null));
      }
    }
    para.setLength(0);
  }

  /** A verbatim quote and, for table rows, the header that gives it meaning. */
  record Unit(String quote, @Nullable String context) {}

  private static final class Candidate {
    final String sourceId;
    final String sentence;
    final Set<String> terms;
    final Set<String> context;
    double score;

    Candidate(String sourceId, String sentence, Set<String> terms, Set<String> context) {
      this.sourceId = sourceId;
      this.sentence = sentence;
      this.terms = terms;
      this.context = context;
    }
  }

  @Override
  public String toString() {
    return "ExtractiveGenerator[" + name().toLowerCase(Locale.ROOT) + "]";
  }
}
