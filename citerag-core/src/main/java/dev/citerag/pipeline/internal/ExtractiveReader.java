package dev.citerag.pipeline.internal;

import dev.citerag.answer.SentSource;
import dev.citerag.answer.internal.QuoteMatcher;
import dev.citerag.embed.DocumentText;
import dev.citerag.embed.Embedder;
import dev.citerag.embed.internal.Vectors;
import dev.citerag.text.internal.LexicalAnalyzer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The reading half of {@code ExtractiveGenerator}: picks the sentence of the sent sources that best
 * answers a question and measures, with generic features, how likely it is to be a right answer.
 * The generator documents the rules; this class holds them so that the training tool (which writes
 * the features of labelled questions) and the generator compute exactly the same thing.
 *
 * <p>Thread-safe: the only state is a bounded cache of sentence vectors.
 */
public final class ExtractiveReader {

  /** Names of {@link Assessment#features()}, in order; the answerability weights follow it. */
  public static final List<String> FEATURES =
      List.of(
          "coverage", // IDF-weighted share of the question's content terms in the sentence (+
          // headings)
          "chunk_coverage", // the same over the sentence's whole chunk
          "missing_everywhere", // IDF-weighted share of content terms in no sent source
          "negation_mismatch", // the question is negated, the sentence is not
          "antonym_conflict", // the question has one word of an antonym pair, the sentence the
          // other
          "name_missing", // share of the question's capitalised names not in the sentence (+
          // headings)
          "type_mismatch", // the question expects a number, date, name or place the sentence lacks
          "type_match", // ... and the sentence has one
          "similarity", // embedder cosine of question and sentence
          "similarity_margin", // best sentence's cosine minus the best of the other chunks'
          // sentences
          "retrieval_cosine", // dense cosine of the sentence's chunk
          "top_chunk", // the sentence's chunk was retrieved first
          "score_margin", // relative lead of the best sentence's ranking score over the runner-up
          "novelty"); // share of the sentence's terms that the question does not contain

  private static final Pattern SENTENCE_END =
      Pattern.compile("(?<=[.!?])\\s+(?=[\\p{Lu}\\p{N}`\"'(\\[*])");
  private static final Pattern LINE_BREAK = Pattern.compile("\\R");
  private static final Pattern BULLET =
      Pattern.compile("^(?:[-*+]\\s+|\\d{1,3}[.)]\\s+|>\\s+|#{1,6}\\s+)");
  private static final Pattern NUMBERED_STEP = Pattern.compile("^\\d{1,3}[.)]\\s+");

  private static final Pattern WANTS_TIME =
      Pattern.compile(
          "(?i)\\b(when|what (year|years|date|time|day|days|hour|hours|month|century|decade|period|era)"
              + "|which (year|years|date|day|days|hour|hours|month|century|decade|period|era)|how long ago"
              + "|what age)\\b");
  private static final Pattern WANTS_NUMBER =
      Pattern.compile(
          "(?i)\\b(how (many|much|long|far|old|big|large|often|tall|high|fast|wide|deep|heavy|soon)"
              + "|what (percentage|percent|proportion|number|amount|fraction|share|size|rate)"
              + "|limit|maximum|minimum|timeout|threshold|port|version|ttl|duration)\\b");
  private static final Pattern WANTS_PERSON = Pattern.compile("(?i)\\b(who|whom|whose)\\b");
  private static final Pattern WANTS_PLACE =
      Pattern.compile("(?i)\\b(where|what (country|city|place|region|state))\\b");
  private static final Pattern HOW_TO =
      Pattern.compile("(?i)^\\s*how (do|can|could|should|would|to|does one) ?(i|we|you|one)?\\b");

  private static final Pattern HAS_TIME =
      Pattern.compile(
          "(?i)(\\b\\d{3,4}s?\\b|\\b\\d{1,2}:\\d{2}\\b|\\b(january|february|march|april|may|june|july|august"
              + "|september|october|november|december|monday|tuesday|wednesday|thursday|friday"
              + "|saturday|sunday|daily|weekly|monthly|yearly|annually|century|centuries|decade|ago"
              + "|bc|ad|bce|ce|utc|noon|midnight|morning|evening|today|yesterday|spring|summer"
              + "|autumn|winter|age|era|period|dynasty|reign|during|until|since)\\b)");
  private static final Pattern HAS_NUMBER =
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

  private static final Set<String> GENERIC = stemAll(union(GENERIC_WORDS, TYPE_WORDS));

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

  private static final int CACHE_SIZE = 4096;

  private final @Nullable Embedder embedder;
  private final Map<String, float[]> vectors =
      new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, float[]> eldest) {
          return size() > CACHE_SIZE;
        }
      };

  /** A reader; {@code embedder} null turns the similarity features off (they read 0). */
  public ExtractiveReader(@Nullable Embedder embedder) {
    this.embedder = embedder;
  }

  public @Nullable Embedder embedder() {
    return embedder;
  }

  /** One chosen quote: the id of the source it comes from and its verbatim text. */
  public record Pick(String sourceId, String quote) {}

  /**
   * The reading of one question.
   *
   * @param picks the chosen quotes, best first; empty when nothing can be quoted
   * @param veto why answering is ruled out whatever the strictness, null when it is not
   * @param features the values named by {@link #FEATURES} for the best quote (zeros when empty)
   */
  // the features are computed once per question and only read by the generator's score
  @SuppressWarnings("ArrayRecordComponent")
  public record Assessment(List<Pick> picks, @Nullable String veto, double[] features) {
    public Assessment {
      picks = List.copyOf(picks);
      features = features.clone();
    }

    @Override
    public double[] features() {
      return features.clone();
    }
  }

  /** Reads the question against the sources. */
  public Assessment assess(String question, List<SentSource> sources) {
    double[] none = new double[FEATURES.size()];
    Set<String> qTerms = LexicalAnalyzer.distinctTerms(question);
    if (qTerms.isEmpty() || sources.isEmpty()) {
      return new Assessment(List.of(), "no question term", none);
    }
    Set<String> content = new HashSet<>(qTerms);
    content.removeAll(GENERIC);
    List<Candidate> candidates = new ArrayList<>();
    Map<String, Set<String>> chunkTerms = new HashMap<>();
    Set<String> present = new HashSet<>();
    boolean howTo = HOW_TO.matcher(question).find();
    for (int rank = 0; rank < sources.size(); rank++) {
      SentSource s = sources.get(rank);
      Set<String> heading =
          new HashSet<>(
              LexicalAnalyzer.distinctTerms(
                  (s.chunk().title() == null ? "" : s.chunk().title())
                      + " "
                      + s.chunk().section()));
      Set<String> task = new HashSet<>();
      List<String> path = s.chunk().headingPath();
      if (!path.isEmpty()) {
        task.addAll(LexicalAnalyzer.distinctTerms(path.get(path.size() - 1)));
      }
      Set<String> all = new HashSet<>(LexicalAnalyzer.distinctTerms(s.chunk().text()));
      all.addAll(heading);
      chunkTerms.put(s.sourceId(), all);
      present.addAll(all);
      for (Unit u : units(s.chunk().text())) {
        Set<String> own = LexicalAnalyzer.distinctTerms(u.quote);
        if (QuoteMatcher.wordCount(u.quote) < 4 || heading.containsAll(own)) {
          continue;
        }
        Set<String> terms = new HashSet<>(own);
        if (u.context != null) {
          terms.addAll(LexicalAnalyzer.distinctTerms(u.context));
        }
        if (u.procedure && howTo) {
          // a command line or a numbered step is about the task its own heading names
          terms.addAll(task);
        }
        Set<String> context = new HashSet<>(terms);
        context.addAll(heading);
        Double cos = s.hit().cosine();
        candidates.add(
            new Candidate(
                s.sourceId(), rank, u.quote, u.procedure, terms, context, cos == null ? 0 : cos));
      }
    }
    if (candidates.isEmpty()) {
      return new Assessment(List.of(), "no quotable sentence", none);
    }
    Map<String, Double> idf = idf(qTerms, candidates);
    double contentWeight = 0;
    double missingWeight = 0;
    for (String t : content) {
      double w = idf.getOrDefault(t, 0.0);
      contentWeight += w;
      if (!matches(t, present)) {
        missingWeight += w;
      }
    }
    boolean wantsNumber = WANTS_NUMBER.matcher(question).find();
    boolean wantsTime = WANTS_TIME.matcher(question).find();
    boolean wantsPerson = !wantsTime && !wantsNumber && WANTS_PERSON.matcher(question).find();
    boolean wantsPlace =
        !wantsTime && !wantsNumber && !wantsPerson && WANTS_PLACE.matcher(question).find();
    Set<String> questionNames = names(question);
    float[] qv = null;
    if (embedder != null) {
      qv = embedder.embedQuery(question);
      embedAll(candidates);
    }
    double maxIdf = idf.values().stream().mapToDouble(Double::doubleValue).max().orElse(1.0);
    for (Candidate c : candidates) {
      double hit = 0;
      double total = 0;
      for (String t : qTerms) {
        double w = idf.getOrDefault(t, 0.0);
        total += w;
        if (matches(t, c.terms)) {
          hit += w;
        }
      }
      c.coverage = total == 0 ? 0 : hit / total;
      c.similarity = qv == null || c.vector == null ? 0 : Vectors.cosine(qv, c.vector);
      boolean typed =
          typeMatches(c.sentence, question, wantsNumber, wantsTime, wantsPerson, wantsPlace);
      c.typeMatch = typed;
      c.score =
          hit / maxIdf / (1.0 + 0.02 * c.terms.size()) + (qv == null ? 0 : 1.5 * c.similarity);
      if (hit > 0 && typed && (wantsNumber || wantsTime || wantsPerson || wantsPlace)) {
        c.score += 0.5;
      }
      if (hit > 0 && howTo && c.procedure) {
        c.score += 0.75;
      }
    }
    Candidate best = null;
    for (Candidate c : candidates) {
      if (c.coverage > 0 && (best == null || c.score > best.score)) {
        best = c;
      }
    }
    if (best == null) {
      return new Assessment(List.of(), "no sentence contains a question term", none);
    }
    List<Pick> picks = new ArrayList<>(List.of(new Pick(best.sourceId, best.sentence)));
    Candidate second = null;
    double runnerUp = 0;
    double otherChunkSimilarity = -1;
    for (Candidate c : candidates) {
      if (c == best || c.sentence.equals(best.sentence)) {
        continue;
      }
      runnerUp = Math.max(runnerUp, c.score);
      if (!c.sourceId.equals(best.sourceId)) {
        otherChunkSimilarity = Math.max(otherChunkSimilarity, c.similarity);
      }
      if (c.score < 0.6 * best.score) {
        continue;
      }
      Set<String> adds = new HashSet<>(c.terms);
      adds.retainAll(content);
      adds.removeAll(best.terms);
      if (!adds.isEmpty() && (second == null || c.score > second.score)) {
        second = c;
      }
    }
    if (second != null) {
      picks.add(new Pick(second.sourceId, second.sentence));
    }
    String veto = null;
    if (negationMismatch(question, best.sentence)) {
      veto = "the question is negated and the best sentence is not";
    } else if (antonymConflict(question, best.sentence)) {
      veto = "the question and the best sentence hold the two words of an antonym pair";
    }
    for (String t : qTerms) {
      if (veto != null) {
        break;
      }
      if (isSpecific(t) && !best.context.contains(t)) {
        veto = "the question's number or identifier \"" + t + "\" is not in the best sentence";
        break;
      }
    }
    double[] f = new double[FEATURES.size()];
    double cover = 0;
    double chunkCover = 0;
    for (String t : content) {
      double w = idf.getOrDefault(t, 0.0);
      if (matches(t, best.context)) {
        cover += w;
      }
      if (matches(t, chunkTerms.getOrDefault(best.sourceId, Set.of()))) {
        chunkCover += w;
      }
    }
    f[0] = contentWeight == 0 ? 1 : cover / contentWeight;
    f[1] = contentWeight == 0 ? 1 : chunkCover / contentWeight;
    f[2] = contentWeight == 0 ? 0 : missingWeight / contentWeight;
    f[3] = negationMismatch(question, best.sentence) ? 1 : 0;
    f[4] = antonymConflict(question, best.sentence) ? 1 : 0;
    int namesMissing = 0;
    for (String n : questionNames) {
      if (!matches(n, best.context)) {
        namesMissing++;
      }
    }
    f[5] = questionNames.isEmpty() ? 0 : (double) namesMissing / questionNames.size();
    boolean expects = wantsNumber || wantsTime || wantsPerson || wantsPlace;
    f[6] = expects && !best.typeMatch ? 1 : 0;
    f[7] = expects && best.typeMatch ? 1 : 0;
    f[8] = best.similarity;
    f[9] = qv == null ? 0 : best.similarity - Math.max(0, otherChunkSimilarity);
    f[10] = best.chunkCosine;
    f[11] = best.rank == 0 ? 1 : 0;
    f[12] = best.score <= 0 ? 0 : Math.max(0, (best.score - runnerUp) / best.score);
    Set<String> novel = new HashSet<>(LexicalAnalyzer.distinctTerms(best.sentence));
    int sentenceTerms = novel.size();
    novel.removeAll(qTerms);
    f[13] = sentenceTerms == 0 ? 0 : (double) novel.size() / sentenceTerms;
    return new Assessment(picks, veto, f);
  }

  /**
   * The lexical decision, for a generator without a semantic embedder: question terms with plural
   * stemming only ({@link LexicalAnalyzer#distinctSurfaceTerms}); abstain when a content term is in
   * no sent source (near miss), when a number or identifier is not in the best sentence, when the
   * best sentence (with table header and headings) covers less than {@code minCoverage} of the
   * content terms, when question and sentence disagree on negation or split an antonym pair, and,
   * when {@code requireType}, when the sentence lacks the asked type (number, date, name). Returns
   * the chosen quotes, or an empty list to abstain.
   */
  public List<Pick> lexicalDecision(
      String question, List<SentSource> sources, double minCoverage, boolean requireType) {
    Set<String> qTerms = LexicalAnalyzer.distinctSurfaceTerms(question);
    if (qTerms.isEmpty() || sources.isEmpty()) {
      return List.of();
    }
    Set<String> generic = new HashSet<>(GENERIC_WORDS);
    for (String g : GENERIC_WORDS) {
      generic.addAll(LexicalAnalyzer.distinctSurfaceTerms(g));
    }
    boolean howTo = HOW_TO.matcher(question).find();
    List<Candidate> candidates = new ArrayList<>();
    Set<String> present = new HashSet<>();
    for (int rank = 0; rank < sources.size(); rank++) {
      SentSource s = sources.get(rank);
      String headingText =
          (s.chunk().title() == null ? "" : s.chunk().title()) + " " + s.chunk().section();
      Set<String> heading = new HashSet<>(LexicalAnalyzer.distinctSurfaceTerms(headingText));
      // a command or a step is about the task its own heading names, in whatever inflection
      Set<String> task = new HashSet<>();
      List<String> path = s.chunk().headingPath();
      if (!path.isEmpty()) {
        task.addAll(LexicalAnalyzer.distinctTerms(path.get(path.size() - 1)));
      }
      present.addAll(LexicalAnalyzer.distinctSurfaceTerms(s.chunk().text()));
      for (Unit u : units(s.chunk().text())) {
        Set<String> own = LexicalAnalyzer.distinctSurfaceTerms(u.quote);
        if (QuoteMatcher.wordCount(u.quote) < 4 || heading.containsAll(own)) {
          continue;
        }
        Set<String> terms = new HashSet<>(own);
        if (u.context != null) {
          terms.addAll(LexicalAnalyzer.distinctSurfaceTerms(u.context));
        }
        if (u.procedure && howTo) {
          terms.addAll(task);
        }
        Set<String> context = new HashSet<>(terms);
        context.addAll(heading);
        candidates.add(new Candidate(s.sourceId(), rank, u.quote, u.procedure, terms, context, 0));
      }
    }
    for (String t : qTerms) {
      if (!present.contains(t) && !generic.contains(t)) {
        return List.of();
      }
    }
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
      idf.put(t, generic.contains(t) ? w * 0.25 : w);
    }
    double maxIdf = idf.values().stream().mapToDouble(Double::doubleValue).max().orElse(1.0);
    boolean wantsNumber = WANTS_NUMBER.matcher(question).find();
    boolean wantsTime = WANTS_TIME.matcher(question).find();
    boolean wantsPerson = !wantsTime && !wantsNumber && WANTS_PERSON.matcher(question).find();
    boolean wantsPlace =
        !wantsTime && !wantsNumber && !wantsPerson && WANTS_PLACE.matcher(question).find();
    Candidate best = null;
    for (Candidate c : candidates) {
      double sc = 0;
      for (String t : qTerms) {
        if (c.terms.contains(t)) {
          sc += idf.getOrDefault(t, 0.0);
        }
      }
      sc = sc / (1.0 + 0.02 * c.terms.size());
      c.typeMatch =
          typeMatches(c.sentence, question, wantsNumber, wantsTime, wantsPerson, wantsPlace);
      if (sc > 0 && wantsNumber && HAS_NUMBER.matcher(c.sentence).find()) {
        sc += 0.5 * maxIdf;
      }
      if (sc > 0 && wantsTime && HAS_TIME.matcher(c.sentence).find()) {
        sc += 0.5 * maxIdf;
      }
      if (sc > 0 && howTo && c.procedure) {
        sc += 0.5 * maxIdf;
      }
      c.score = sc;
      if (sc > 0 && (best == null || sc > best.score)) {
        best = c;
      }
    }
    if (best == null) {
      return List.of();
    }
    List<Pick> picks = new ArrayList<>(List.of(new Pick(best.sourceId, best.sentence)));
    Candidate second = null;
    for (Candidate c : candidates) {
      if (c == best || c.sentence.equals(best.sentence) || c.score < 0.6 * best.score) {
        continue;
      }
      Set<String> adds = new HashSet<>(c.terms);
      adds.retainAll(qTerms);
      adds.removeAll(best.terms);
      adds.removeAll(generic);
      if (!adds.isEmpty() && (second == null || c.score > second.score)) {
        second = c;
      }
    }
    if (second != null) {
      picks.add(new Pick(second.sourceId, second.sentence));
    }
    int distinctive = 0;
    int hit = 0;
    for (String t : qTerms) {
      if (generic.contains(t)) {
        continue;
      }
      boolean covered = best.context.contains(t);
      if (!covered && isSpecific(t)) {
        return List.of();
      }
      distinctive++;
      hit += covered ? 1 : 0;
    }
    if (distinctive > 0 && hit < minCoverage * distinctive - 1e-9) {
      return List.of();
    }
    if (negationMismatch(question, best.sentence) || antonymConflict(question, best.sentence)) {
      return List.of();
    }
    if (requireType && (wantsNumber || wantsTime || wantsPerson || wantsPlace) && !best.typeMatch) {
      return List.of();
    }
    return picks;
  }

  private void embedAll(List<Candidate> candidates) {
    Embedder e = embedder;
    if (e == null) {
      return;
    }
    List<String> missing = new ArrayList<>();
    synchronized (vectors) {
      for (Candidate c : candidates) {
        float[] v = vectors.get(c.sentence);
        if (v != null) {
          c.vector = v;
        } else if (!missing.contains(c.sentence)) {
          missing.add(c.sentence);
        }
      }
    }
    if (!missing.isEmpty()) {
      List<float[]> got = e.embedDocuments(missing.stream().map(DocumentText::of).toList());
      synchronized (vectors) {
        for (int i = 0; i < missing.size(); i++) {
          vectors.put(missing.get(i), got.get(i));
        }
      }
      Map<String, float[]> local = new HashMap<>();
      for (int i = 0; i < missing.size(); i++) {
        local.put(missing.get(i), got.get(i));
      }
      for (Candidate c : candidates) {
        if (c.vector == null) {
          c.vector = local.get(c.sentence);
        }
      }
    }
  }

  private static boolean typeMatches(
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

  private static boolean antonymConflict(String question, String sentence) {
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
      idf.put(t, GENERIC.contains(t) ? w * 0.25 : w);
    }
    return idf;
  }

  private static Set<String> stemAll(Set<String> words) {
    Set<String> out = new HashSet<>();
    for (String w : words) {
      out.addAll(LexicalAnalyzer.terms(w));
      out.add(LexicalAnalyzer.stem(w));
    }
    return Set.copyOf(out);
  }

  /** Lines, then sentences; list markers and heading marks removed; each a verbatim substring. */
  public static List<String> sentences(String text) {
    return units(text).stream().map(u -> u.quote).toList();
  }

  /**
   * Quotable units: sentences of prose lines, table body rows (scored with their header row, quoted
   * alone), lines of fenced code and numbered steps (both marked as procedure).
   */
  static List<Unit> units(String text) {
    List<Unit> out = new ArrayList<>();
    String[] lines = LINE_BREAK.split(text, -1);
    String tableHeader = null;
    StringBuilder para = new StringBuilder();
    boolean inFence = false;
    boolean paraIsStep = false;
    for (int i = 0; i < lines.length; i++) {
      String l = lines[i].strip();
      if (l.startsWith("```") || l.startsWith("~~~")) {
        flush(para, out, paraIsStep);
        paraIsStep = false;
        inFence = !inFence;
        continue;
      }
      if (inFence) {
        if (!l.isEmpty()) {
          out.add(new Unit(l, null, true));
        }
        continue;
      }
      if (l.startsWith("|")) {
        flush(para, out, paraIsStep);
        paraIsStep = false;
        boolean nextIsSeparator = i + 1 < lines.length && isTableSeparator(lines[i + 1].strip());
        if (nextIsSeparator) {
          tableHeader = l;
        } else if (!isTableSeparator(l)) {
          out.add(new Unit(l, tableHeader, false));
        }
        continue;
      }
      tableHeader = null;
      if (l.isEmpty()) {
        flush(para, out, paraIsStep);
        paraIsStep = false;
        continue;
      }
      Matcher m = BULLET.matcher(l);
      if (m.find()) {
        flush(para, out, paraIsStep);
        boolean heading = l.startsWith("#");
        paraIsStep = NUMBERED_STEP.matcher(l).find();
        l = l.substring(m.end()).strip();
        if (heading) {
          out.add(new Unit(l, null, false));
          paraIsStep = false;
          continue;
        }
      }
      if (para.length() > 0) {
        para.append(' ');
      }
      para.append(l);
    }
    flush(para, out, paraIsStep);
    return out;
  }

  private static void flush(StringBuilder para, List<Unit> out, boolean step) {
    if (para.length() == 0) {
      return;
    }
    for (String part : SENTENCE_END.split(para, -1)) {
      String st = part.strip();
      if (!st.isEmpty()) {
        out.add(new Unit(st, null, step));
      }
    }
    para.setLength(0);
  }

  /**
   * A verbatim quote; for table rows the header that gives it meaning; procedure for commands and
   * steps.
   */
  record Unit(String quote, @Nullable String context, boolean procedure) {}

  private static final class Candidate {
    final String sourceId;
    final int rank;
    final String sentence;
    final boolean procedure;
    final Set<String> terms;
    final Set<String> context;
    final double chunkCosine;
    float @Nullable [] vector;
    double coverage;
    double similarity;
    boolean typeMatch;
    double score;

    Candidate(
        String sourceId,
        int rank,
        String sentence,
        boolean procedure,
        Set<String> terms,
        Set<String> context,
        double chunkCosine) {
      this.sourceId = sourceId;
      this.rank = rank;
      this.sentence = sentence;
      this.procedure = procedure;
      this.terms = terms;
      this.context = context;
      this.chunkCosine = chunkCosine;
    }
  }

  /**
   * A Markdown table's delimiter row ({@code |---|:--:|}): only {@code |}, {@code :}, {@code -} and
   * blanks, with at least one {@code -}; written by hand, as a regular expression it took time
   * quadratic in a long line of dashes.
   */
  static boolean isTableSeparator(String line) {
    boolean dash = false;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (c == '-') {
        dash = true;
      } else if (c != '|' && c != ':' && !Character.isWhitespace(c)) {
        return false;
      }
    }
    return dash;
  }
}
