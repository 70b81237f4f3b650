package dev.citerag.extractive.internal;

import dev.citerag.answer.SentSource;
import dev.citerag.answer.TermEquivalence;
import dev.citerag.answer.internal.CoverageCheck;
import dev.citerag.answer.internal.QuestionTerms;
import dev.citerag.answer.internal.QuoteMatcher;
import dev.citerag.embed.DocumentText;
import dev.citerag.embed.Embedder;
import dev.citerag.embed.internal.Vectors;
import dev.citerag.store.Chunk;
import dev.citerag.text.internal.LexicalAnalyzer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
          "novelty", // share of the sentence's terms that the question does not contain
          "typed_span", // the question expects a type and the sentence holds a span of it that the
          // question does not (a year, a number, a name)
          "missing_any", // some content term (or an equivalent) is in no sent source
          "lexicon_antonym", // a question word's lexicon antonym is in the sentence, the word
          // not (weight 0: it is a veto)
          "rarest_missing", // IDF of the rarest content term missing from the sentence (+
          // headings), over the highest content IDF; 0 when none is missing
          "rarest_missing_chunk", // the same for the sentence's whole chunk
          "slot_near", // 1 / (1 + word distance) of the asked-for span to a matched term
          "compactness", // matched content terms / width of the window they span
          "term_order", // share of matched term pairs in the question's order
          "head_missing", // the "what X" / "which X" head noun is not in the sentence (+ headings)
          "names_missing_chunk", // share of the question's capitalised names not in the chunk
          "similarity_rank", // 1 / (1 + rank of the sentence by cosine among the candidates)
          "dense_agrees", // the sentence is also the candidate of highest cosine
          "residual_similarity", // cosine of the question and the sentence without the
          // question's words
          "attribute_elsewhere", // the asked attribute's word is in the chunk, not the sentence
          "negated_scope"); // a plain question, and a negation governs the sentence's clause that

  // holds the matched question terms

  private static final int CACHE_SIZE = 4096;

  private final @Nullable Embedder embedder;
  private final TermEquivalence equivalence;
  private final Lexical lexical;
  private final CoverageCheck coverage;
  private final Map<String, float[]> vectors =
      new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, float[]> eldest) {
          return size() > CACHE_SIZE;
        }
      };

  /**
   * Antonym pairs: when the question holds one word of a pair and the sentence holds the other but
   * not the first, they disagree ("least important" asked, "most important" written).
   */
  public static final List<List<String>> ANTONYMS = QuestionCues.ANTONYMS;

  /**
   * Question words that carry no asked-for fact (stemmed at load): they weigh a quarter in the
   * ranking and are not content terms.
   */
  public static final Set<String> GENERIC_WORDS = QuestionCues.GENERIC_WORDS;

  /** Lines, then sentences; list markers and heading marks removed; each a verbatim substring. */
  public static List<String> sentences(String text) {
    return QuotableUnits.sentences(text);
  }

  /** A reader; {@code embedder} null turns the similarity features off (they read 0). */
  public ExtractiveReader(@Nullable Embedder embedder) {
    this(embedder, TermEquivalence.STEMS);
  }

  /**
   * A reader that also counts {@code equivalence}'s words (synonyms, derivations) as a question
   * term when it looks for the term in a sentence or a source.
   */
  public ExtractiveReader(@Nullable Embedder embedder, TermEquivalence equivalence) {
    this(embedder, equivalence, Lexical.NONE);
  }

  /**
   * What a lexicon knows of a word beyond its equivalents: its opposites (lower-case words, empty
   * when none is known).
   */
  public record Lexical(java.util.function.Function<String, Set<String>> antonyms) {
    /** No lexicon: no antonyms. */
    public static final Lexical NONE = new Lexical(w -> Set.of());
  }

  /**
   * A reader that also knows each word's opposites ({@code antonyms}, e.g. a lexicon's): a best
   * sentence that states the opposite of a question word, and not the word, disagrees with it.
   */
  public ExtractiveReader(
      @Nullable Embedder embedder, TermEquivalence equivalence, Lexical lexical) {
    this.embedder = embedder;
    this.equivalence = equivalence;
    this.lexical = lexical;
    this.coverage = new CoverageCheck(equivalence);
  }

  /**
   * Question coverage, as the pipeline checks it: every name and number of the question in a picked
   * sentence's source (text, headings, title), and no qualifier of the question that a picked
   * source qualifies otherwise; else the answer would answer another question. Then each pick on
   * its own: the best one's source must mention every name and number of the question, and no pick
   * may answer a sibling of what was asked ({@link CoverageCheck#contrast}). A later pick that
   * fails is dropped; when the best one fails, nothing is left.
   *
   * @return the picks that answer the question, best first; empty when the best does not
   */
  public List<Pick> covered(String question, List<Pick> picks, List<SentSource> sources) {
    List<Chunk> chunks = new ArrayList<>();
    for (Pick p : picks) {
      Chunk c = chunkOf(p, sources);
      if (c != null && !chunks.contains(c)) {
        chunks.add(c);
      }
    }
    List<QuestionTerms.Term> terms = QuestionTerms.of(question);
    for (QuestionTerms.Term t : terms) {
      boolean covered = false;
      for (Chunk c : chunks) {
        covered |= !coverage.misses(t, CoverageCheck.stemsOf(c), CoverageCheck.wordsOf(c));
      }
      if (!covered) {
        return List.of();
      }
    }
    List<Pick> out = new ArrayList<>();
    for (Pick p : picks) {
      Chunk c = chunkOf(p, sources);
      if (c == null || coverage.contrast(question, p.quote(), c) != null) {
        if (out.isEmpty()) {
          return List.of();
        }
        continue;
      }
      if (out.isEmpty()) {
        Set<String> stems = CoverageCheck.stemsOf(c);
        for (QuestionTerms.Term t : terms) {
          if (t.named() && !coverage.mentions(t, stems)) {
            return List.of();
          }
        }
      }
      out.add(p);
    }
    return out;
  }

  /** Whether {@link #covered} leaves the best pick. */
  public boolean covers(String question, List<Pick> picks, List<SentSource> sources) {
    return !covered(question, picks, sources).isEmpty();
  }

  private static @Nullable Chunk chunkOf(Pick p, List<SentSource> sources) {
    for (SentSource s : sources) {
      if (s.sourceId().equals(p.sourceId())) {
        return s.chunk();
      }
    }
    return null;
  }

  public Lexical lexical() {
    return lexical;
  }

  public TermEquivalence equivalence() {
    return equivalence;
  }

  public @Nullable Embedder embedder() {
    return embedder;
  }

  /**
   * One chosen quote: the id of the source it comes from, its verbatim text and, for a table row,
   * its table's header row (verbatim too), else null.
   */
  public record Pick(String sourceId, String quote, @Nullable String header) {
    /** A quote that is not a table row. */
    public Pick(String sourceId, String quote) {
      this(sourceId, quote, null);
    }
  }

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
    content.removeAll(QuestionCues.GENERIC);
    Map<String, Set<String>> alternatives = QuestionCues.alternatives(question, equivalence);
    List<Candidate> candidates = new ArrayList<>();
    Map<String, Set<String>> chunkTerms = new HashMap<>();
    Map<String, String> chunkText = new HashMap<>();
    Set<String> present = new HashSet<>();
    boolean howTo = QuestionCues.HOW_TO.matcher(question).find();
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
      chunkText.put(s.sourceId(), s.chunk().text());
      present.addAll(all);
      for (QuotableUnits.Unit u : QuotableUnits.units(s.chunk().text())) {
        Set<String> own = LexicalAnalyzer.distinctTerms(u.quote());
        if (QuoteMatcher.wordCount(u.quote()) < 4 || heading.containsAll(own)) {
          continue;
        }
        Set<String> terms = new HashSet<>(own);
        if (u.context() != null) {
          terms.addAll(LexicalAnalyzer.distinctTerms(u.context()));
        }
        if (u.procedure() && howTo) {
          // a command line or a numbered step is about the task its own heading names
          terms.addAll(task);
        }
        Set<String> context = new HashSet<>(terms);
        context.addAll(heading);
        Double cos = s.hit().cosine();
        candidates.add(
            new Candidate(
                s.sourceId(),
                rank,
                u.quote(),
                u.procedure(),
                terms,
                context,
                cos == null ? 0 : cos));
        Candidate added = candidates.get(candidates.size() - 1);
        added.header = u.context();
        if (u.context() != null) {
          // a table row means what its header says: the row is embedded under its header
          added.embedText = u.context() + "\n" + u.quote();
        }
        added.surroundings =
            (s.chunk().title() == null ? "" : s.chunk().title())
                + " "
                + s.chunk().section()
                + " "
                + (u.context() == null ? "" : u.context());
      }
    }
    if (candidates.isEmpty()) {
      return new Assessment(List.of(), "no quotable sentence", none);
    }
    Map<String, Double> idf = idf(qTerms, candidates);
    double contentWeight = 0;
    double missingWeight = 0;
    boolean missingAny = false;
    for (String t : content) {
      double w = idf.getOrDefault(t, 0.0);
      contentWeight += w;
      if (!QuestionCues.matches(t, present, alternatives)) {
        missingWeight += w;
        missingAny = true;
      }
    }
    boolean wantsNumber = QuestionCues.WANTS_NUMBER.matcher(question).find();
    boolean wantsTime = QuestionCues.WANTS_TIME.matcher(question).find();
    boolean wantsPerson =
        !wantsTime && !wantsNumber && QuestionCues.WANTS_PERSON.matcher(question).find();
    boolean wantsPlace =
        !wantsTime
            && !wantsNumber
            && !wantsPerson
            && QuestionCues.WANTS_PLACE.matcher(question).find();
    Set<String> questionNames = QuestionCues.names(question);
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
        if (QuestionCues.matches(t, c.terms, alternatives)) {
          hit += w;
        }
      }
      c.coverage = total == 0 ? 0 : hit / total;
      c.similarity = qv == null || c.vector == null ? 0 : Vectors.cosine(qv, c.vector);
      boolean typed =
          QuestionCues.typeMatches(
              c.sentence, question, wantsNumber, wantsTime, wantsPerson, wantsPlace);
      c.typeMatch = typed;
      c.score =
          hit / maxIdf / (1.0 + 0.02 * c.terms.size()) + (qv == null ? 0 : 4.0 * c.similarity);
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
    List<Pick> picks =
        new ArrayList<>(List.of(new Pick(best.sourceId, best.sentence, best.header)));
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
      picks.add(new Pick(second.sourceId, second.sentence, second.header));
    }
    String veto = null;
    if (QuestionCues.negationMismatch(question, best.sentence)) {
      veto = "the question is negated and the best sentence is not";
    } else if (QuestionCues.antonymConflict(question, best.sentence)) {
      veto = "the question and the best sentence hold the two words of an antonym pair";
    } else if (QuestionCues.lexiconAntonym(question, best.sentence, lexical.antonyms())) {
      veto = "the best sentence holds an opposite of a question word and not the word";
    } else if ((wantsNumber || wantsTime)
        && !QuestionCues.typedSpan(best.sentence, question, wantsNumber, wantsTime, false, false)) {
      // a time or a quantity has a form (digits, a month, a number word); a person or a place
      // need not be capitalised in ordinary documents ("the on-call engineer"), so those stay
      // features of the score
      veto =
          "the question asks for "
              + (wantsTime ? "a time" : "a quantity")
              + " and the best sentence states none that the question does not";
    }
    boolean attributeElsewhere = false;
    if (veto == null) {
      // inflections only (plural stemming), not derivations: "hourly" is not stated by "hours"
      Set<String> written =
          LexicalAnalyzer.distinctSurfaceTerms(best.sentence + " " + best.surroundings);
      Set<String> inChunk =
          LexicalAnalyzer.distinctSurfaceTerms(chunkText.getOrDefault(best.sourceId, ""));
      for (String w : QuestionCues.askedAttribute(question)) {
        boolean stated = false;
        boolean nearby = false;
        for (String t : LexicalAnalyzer.distinctSurfaceTerms(w)) {
          stated |= QuestionCues.matches(t, written);
          nearby |= QuestionCues.matches(t, inChunk);
        }
        if (!stated && !nearby) {
          veto = "the asked attribute's word \"" + w + "\" is not in the best sentence's source";
          break;
        }
        // the source states the attribute, in another sentence: the score weighs it
        attributeElsewhere |= !stated;
      }
    }
    for (String t : qTerms) {
      if (veto != null) {
        break;
      }
      if (QuestionCues.isSpecific(t) && !best.context.contains(t)) {
        veto = "the question's number or identifier \"" + t + "\" is not in the best sentence";
        break;
      }
    }
    double[] f = new double[FEATURES.size()];
    double cover = 0;
    double chunkCover = 0;
    for (String t : content) {
      double w = idf.getOrDefault(t, 0.0);
      if (QuestionCues.matches(t, best.context, alternatives)) {
        cover += w;
      }
      if (QuestionCues.matches(t, chunkTerms.getOrDefault(best.sourceId, Set.of()), alternatives)) {
        chunkCover += w;
      }
    }
    f[0] = contentWeight == 0 ? 1 : cover / contentWeight;
    f[1] = contentWeight == 0 ? 1 : chunkCover / contentWeight;
    f[2] = contentWeight == 0 ? 0 : missingWeight / contentWeight;
    f[3] = QuestionCues.negationMismatch(question, best.sentence) ? 1 : 0;
    f[4] = QuestionCues.antonymConflict(question, best.sentence) ? 1 : 0;
    int namesMissing = 0;
    for (String n : questionNames) {
      if (!QuestionCues.matches(n, best.context)) {
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
    f[14] =
        expects
                && QuestionCues.typedSpan(
                    best.sentence, question, wantsNumber, wantsTime, wantsPerson, wantsPlace)
            ? 1
            : 0;
    f[15] = missingAny ? 1 : 0;
    f[16] = QuestionCues.lexiconAntonym(question, best.sentence, lexical.antonyms()) ? 1 : 0;
    double maxContentIdf = 0;
    double rarestMissing = 0;
    double rarestMissingChunk = 0;
    Set<String> bestChunk = chunkTerms.getOrDefault(best.sourceId, Set.of());
    for (String t : content) {
      double w = idf.getOrDefault(t, 0.0);
      maxContentIdf = Math.max(maxContentIdf, w);
      if (!QuestionCues.matches(t, best.context, alternatives)) {
        rarestMissing = Math.max(rarestMissing, w);
      }
      if (!QuestionCues.matches(t, bestChunk, alternatives)) {
        rarestMissingChunk = Math.max(rarestMissingChunk, w);
      }
    }
    f[17] = maxContentIdf == 0 ? 0 : rarestMissing / maxContentIdf;
    f[18] = maxContentIdf == 0 ? 0 : rarestMissingChunk / maxContentIdf;
    List<String> contentInOrder = new ArrayList<>();
    for (String t : LexicalAnalyzer.terms(question)) {
      if (content.contains(t) && !contentInOrder.contains(t)) {
        contentInOrder.add(t);
      }
    }
    SentenceShape.Measures shape =
        SentenceShape.measure(
            question,
            best.sentence,
            contentInOrder,
            alternatives,
            wantsNumber,
            wantsTime,
            wantsPerson,
            wantsPlace);
    f[19] = shape.slotNear();
    f[20] = shape.compactness();
    f[21] = shape.order();
    String head = SentenceShape.headNoun(question, QuestionCues.AUXILIARIES);
    f[22] =
        !head.isEmpty()
                && !QuestionCues.GENERIC.contains(head)
                && !QuestionCues.matches(head, best.context, alternatives)
            ? 1
            : 0;
    int namesMissingChunk = 0;
    for (String n : questionNames) {
      if (!QuestionCues.matches(n, bestChunk)) {
        namesMissingChunk++;
      }
    }
    f[23] = questionNames.isEmpty() ? 0 : (double) namesMissingChunk / questionNames.size();
    if (qv != null) {
      int above = 0;
      for (Candidate c : candidates) {
        if (c.similarity > best.similarity && !c.sentence.equals(best.sentence)) {
          above++;
        }
      }
      f[24] = 1.0 / (1 + above);
      f[25] = above == 0 ? 1 : 0;
      String residual = SentenceShape.without(best.sentence, qTerms, alternatives);
      float[] rv = residual.isBlank() ? null : embedOne(residual);
      f[26] = rv == null ? 0 : Vectors.cosine(qv, rv);
    }
    f[27] = attributeElsewhere ? 1 : 0;
    f[28] =
        SentenceShape.negatedScope(
                question, best.sentence, contentInOrder, alternatives, QuestionCues.AUXILIARIES)
            ? 1
            : 0;
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
    Set<String> generic = new HashSet<>(QuestionCues.GENERIC_WORDS);
    for (String g : QuestionCues.GENERIC_WORDS) {
      generic.addAll(LexicalAnalyzer.distinctSurfaceTerms(g));
    }
    boolean howTo = QuestionCues.HOW_TO.matcher(question).find();
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
      for (QuotableUnits.Unit u : QuotableUnits.units(s.chunk().text())) {
        Set<String> own = LexicalAnalyzer.distinctSurfaceTerms(u.quote());
        if (QuoteMatcher.wordCount(u.quote()) < 4 || heading.containsAll(own)) {
          continue;
        }
        Set<String> terms = new HashSet<>(own);
        if (u.context() != null) {
          terms.addAll(LexicalAnalyzer.distinctSurfaceTerms(u.context()));
        }
        if (u.procedure() && howTo) {
          terms.addAll(task);
        }
        Set<String> context = new HashSet<>(terms);
        context.addAll(heading);
        candidates.add(
            new Candidate(s.sourceId(), rank, u.quote(), u.procedure(), terms, context, 0));
        candidates.get(candidates.size() - 1).header = u.context();
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
    boolean wantsNumber = QuestionCues.WANTS_NUMBER.matcher(question).find();
    boolean wantsTime = QuestionCues.WANTS_TIME.matcher(question).find();
    boolean wantsPerson =
        !wantsTime && !wantsNumber && QuestionCues.WANTS_PERSON.matcher(question).find();
    boolean wantsPlace =
        !wantsTime
            && !wantsNumber
            && !wantsPerson
            && QuestionCues.WANTS_PLACE.matcher(question).find();
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
          QuestionCues.typeMatches(
              c.sentence, question, wantsNumber, wantsTime, wantsPerson, wantsPlace);
      if (sc > 0 && wantsNumber && QuestionCues.HAS_NUMBER.matcher(c.sentence).find()) {
        sc += 0.5 * maxIdf;
      }
      if (sc > 0 && wantsTime && QuestionCues.HAS_TIME.matcher(c.sentence).find()) {
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
    List<Pick> picks =
        new ArrayList<>(List.of(new Pick(best.sourceId, best.sentence, best.header)));
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
      picks.add(new Pick(second.sourceId, second.sentence, second.header));
    }
    int distinctive = 0;
    int hit = 0;
    for (String t : qTerms) {
      if (generic.contains(t)) {
        continue;
      }
      boolean covered = best.context.contains(t);
      if (!covered && QuestionCues.isSpecific(t)) {
        return List.of();
      }
      distinctive++;
      hit += covered ? 1 : 0;
    }
    if (distinctive > 0 && hit < minCoverage * distinctive - 1e-9) {
      return List.of();
    }
    if (QuestionCues.negationMismatch(question, best.sentence)
        || QuestionCues.antonymConflict(question, best.sentence)) {
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
        float[] v = vectors.get(c.embedKey());
        if (v != null) {
          c.vector = v;
        } else if (!missing.contains(c.embedKey())) {
          missing.add(c.embedKey());
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
          c.vector = local.get(c.embedKey());
        }
      }
    }
  }

  private float @Nullable [] embedOne(String text) {
    Embedder e = embedder;
    if (e == null) {
      return null;
    }
    synchronized (vectors) {
      float[] v = vectors.get(text);
      if (v != null) {
        return v;
      }
    }
    float[] v = e.embedDocuments(List.of(DocumentText.of(text))).get(0);
    synchronized (vectors) {
      vectors.put(text, v);
    }
    return v;
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
      idf.put(t, QuestionCues.GENERIC.contains(t) ? w * 0.25 : w);
    }
    return idf;
  }

  private static final class Candidate {
    final String sourceId;
    final int rank;
    final String sentence;
    final boolean procedure;
    final Set<String> terms;
    final Set<String> context;
    String surroundings = "";
    // the table's header row when the sentence is a table row
    @Nullable String header;

    String embedKey() {
      return embedText == null ? sentence : embedText;
    }

    // what the embedder reads for the similarity: the sentence, or a table row under its header
    @Nullable String embedText;
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
}
