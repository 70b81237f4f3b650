package dev.citerag.extractive;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.citerag.answer.AnswerStatus;
import dev.citerag.answer.Citation;
import dev.citerag.answer.Claim;
import dev.citerag.answer.DefaultCitationValidator;
import dev.citerag.answer.LexicalSupportVerifier;
import dev.citerag.answer.ModelAnswer;
import dev.citerag.answer.SentSource;
import dev.citerag.answer.TermEquivalence;
import dev.citerag.answer.internal.QuoteMatcher;
import dev.citerag.answer.internal.TableCells;
import dev.citerag.chat.ChatResponse;
import dev.citerag.chat.FinishReason;
import dev.citerag.chat.TokenUsage;
import dev.citerag.embed.Embedder;
import dev.citerag.extractive.internal.ExtractiveReader;
import dev.citerag.internal.Checks;
import dev.citerag.pipeline.AnswerGenerator;
import dev.citerag.pipeline.GenerationRequest;
import dev.citerag.pipeline.RagPipeline;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * An answer generator that needs no model: it picks the sentences of the sent sources that best
 * answer the question and answers with them, quoting them verbatim, or abstains. Its reply is JSON
 * in the answer contract and goes through the same parser and validator as a model's.
 *
 * <pre>{@code
 * RagPipeline rag = RagPipeline.builder().embedder(embedder).store(store)
 *     .generator(ExtractiveGenerator.builder().strictness(Strictness.STRICT).build())
 *     .build();
 * }</pre>
 *
 * <p>How it decides, so its behaviour can be predicted. It has two modes, chosen by its embedder
 * (the pipeline's own unless one was set): the <b>semantic mode</b> for any embedder other than the
 * local hashing one, the <b>lexical mode</b> for the hashing embedder or none (its cosines only
 * echo shared words, and a score fitted with them did not beat the rules below).
 *
 * <p>Semantic mode:
 *
 * <ol>
 *   <li><b>Terms.</b> Question and sentences are split into Porter2 stems, stop words out. Each
 *       question term gets an IDF weight over the candidate sentences; generic question words
 *       ({@link ExtractiveReader#GENERIC_WORDS} and a few type words such as "year", "number")
 *       weigh a quarter and are not <i>content</i> terms. A plain word of 6+ letters also matches a
 *       word of 5+ letters one edit away with the same first letter ("Californian"/"California",
 *       "reffered"/"referred").
 *   <li><b>Candidates.</b> Sentences of prose (at least 4 words), table rows (scored with their
 *       header row), lines of fenced code and numbered steps. For a "how do/can/should I ..."
 *       question, commands and steps are scored with their own heading, so the command under the
 *       heading that names the task is found.
 *   <li><b>Ranking.</b> IDF weight of the question terms a candidate holds (mild length penalty),
 *       plus 4 times the embedder cosine of question and sentence (a bounded cache keeps sentence
 *       vectors), plus a bonus when the sentence has what the question asks for (a number for "how
 *       many/much/long", a year, date or time for "when/what year", a name not in the question for
 *       "who/where"), plus a bonus for a command or numbered step when the question is "how do I
 *       ...". The best is the answer, joined by the runner-up when that adds content terms and
 *       scores at least 60% as high.
 *   <li><b>Vetoes</b> (whatever the strictness): no sentence holds a question term; a number or
 *       identifier of the question is not in the best sentence (or its table header and headings);
 *       the question is negated ({@code not}, {@code never}, {@code n't}, ...) and the best
 *       sentence is not (a negated sentence may answer a plain question); the question holds one
 *       word of an antonym pair ({@link ExtractiveReader#ANTONYMS}: most/least, largest/smallest,
 *       ...) and the sentence the other, or the sentence holds an {@linkplain Builder#antonyms
 *       antonym} of a question word and not the word; a "when / what year" or "how many / how much"
 *       question whose best sentence states no time or quantity beyond the question's own (a word
 *       with a digit, a month, a weekday, a century, a number word); a plain what/which question
 *       whose asked attribute ("What burst size does ...") is written neither in the best sentence
 *       (with headings and table header) nor anywhere else in its chunk. A question term also
 *       counts as found when one of its {@linkplain Builder#termEquivalence equivalents} is.
 *   <li><b>Answerability.</b> A logistic score over generic features of the best sentence ({@link
 *       ExtractiveReader#FEATURES}): content-term coverage by the sentence and by its chunk,
 *       content terms found in no source, negation and antonym disagreement (weight 0 since they
 *       became vetoes: kept so the feature list stays stable), the question's capitalised names
 *       missing from the sentence, the expected answer type missing or present, embedder similarity
 *       and its margin over the other chunks' sentences, the chunk's retrieval cosine and rank, the
 *       lead over the runner-up and the share of new words; the IDF of the rarest content term
 *       missing from the sentence and from its chunk (relative to the highest); how near the asked
 *       span (a year, a number, a name the question lacks) sits to a matched term, how compact the
 *       matched terms are and whether they keep the question's order; whether a "what X" head noun
 *       is missing; the share of the question's names missing from the chunk; the sentence's rank
 *       by cosine among all candidates and whether it is the closest by cosine; the cosine of the
 *       question and the sentence with the question's words removed; whether the asked attribute is
 *       written only elsewhere in the chunk; and whether a plain wh-question is answered by a
 *       sentence whose negation ("not", "no", "lacks", "fails to") governs the clause holding the
 *       matched question terms. Nothing in it names a data set or a domain. The weights were fitted
 *       with the ONNX embedder (bge-small-en-v1.5) on 5 of the 10 SQuAD 2.0 dev articles of the
 *       repository and checked on the other 5 ({@code scripts/train-answerability.py}); it answers
 *       when the score reaches the {@link Strictness}'s threshold. With another semantic embedder
 *       the similarity scale differs: measure the curve with {@code citerag eval DIR}. Measured
 *       with the CLI's default stack at {@code balanced} (correct / false-answer rate / precision):
 *       development half 0.389 / 0.097 / 0.782, held-out half 0.324 / 0.104 / 0.693, all 10
 *       articles 0.356 / 0.101 / 0.738.
 * </ol>
 *
 * <p>Lexical mode: question terms with plural stemming only; it abstains when a content term is in
 * no sent source (near miss), when a number or identifier is not in the best sentence, when the
 * best sentence (with table header and headings) covers less than 1/2, 2/3, 3/4 or all of the
 * content terms (lenient, balanced, strict, strictest), on the negation and antonym vetoes above,
 * and at strict and strictest when the sentence lacks the asked type. Ranking is by IDF weight with
 * the number, time and "how do I" bonuses.
 *
 * <p>A table row is served readable, each value after its column's header ("SEV1: acknowledge
 * within 5 minutes; update stakeholders every 30 minutes"), as one claim citing two verbatim
 * quotes: the row and its table's header row. When the header row has fewer than 4 words (too short
 * to be quoted) the row is served as it is.
 *
 * <p>It is useful offline and as a baseline; it does not paraphrase, combine facts or reason. It
 * proves quotation, not truth: a sentence on the right topic that states a different fact can still
 * score high, which is what the strictness trades against.
 *
 * <p>Immutable and thread-safe (a bounded cache of sentence vectors is shared).
 */
public final class ExtractiveGenerator implements AnswerGenerator {

  /**
   * How sure the generator must be before it answers: a threshold on its answerability score,
   * chosen per score model on the training half as the smallest threshold whose false-answer rate
   * there is at most 0.30, 0.10, 0.075 and 0.05. Each step trades correct answers for fewer false
   * ones; the README shows the measured curve.
   */
  public enum Strictness {
    /** Answers the most (training false-answer rate at most 0.30). */
    LENIENT,
    /** The default (training false-answer rate at most 0.10). */
    BALANCED,
    /** Training false-answer rate at most 0.075. */
    STRICT,
    /** Answers only when very sure (training false-answer rate at most 0.05). */
    STRICTEST;

    /**
     * {@return the wire name: {@code lenient}, {@code balanced}, {@code strict} or {@code
     * strictest}}
     */
    public String wire() {
      return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Parses a wire name (case-insensitive, surrounding spaces ignored).
     *
     * @param wire e.g. {@code strict}
     * @return the strictness
     * @throws IllegalArgumentException when it names no strictness
     */
    public static Strictness of(String wire) {
      Checks.notBlank(wire, "strictness");
      for (Strictness s : values()) {
        if (s.wire().equalsIgnoreCase(wire.strip())) {
          return s;
        }
      }
      throw new IllegalArgumentException(
          "strictness must be one of lenient, balanced, strict, strictest, was \"" + wire + "\"");
    }
  }

  /**
   * One fitted answerability score: intercept, weights in the order of {@link
   * ExtractiveReader#FEATURES}, and the threshold of each {@link Strictness} in declaration order.
   */
  // fitted constants, built once and only read; thresholds are indexed by Strictness's declaration
  // order, which the class documents
  @SuppressWarnings({"ArrayRecordComponent", "EnumOrdinal"})
  record ScoreModel(String name, double bias, double[] weights, double[] thresholds) {
    double score(double[] features) {
      double z = bias;
      for (int i = 0; i < weights.length; i++) {
        z += weights[i] * features[i];
      }
      return 1.0 / (1.0 + Math.exp(-z));
    }

    double threshold(Strictness s) {
      return thresholds[s.ordinal()];
    }
  }

  /**
   * Share of content terms the best sentence must cover in lexical mode, per strictness: 1/2, 2/3,
   * 3/4, all.
   */
  static final double[] LEXICAL_COVERAGE = {0.5, 2.0 / 3, 0.75, 1.0};

  /**
   * The answerability score for a semantic embedder, fitted with {@code
   * scripts/train-answerability.py} on the features written with the ONNX embedder
   * (bge-small-en-v1.5) for 5 of the 10 SQuAD 2.0 dev articles of the repository, thresholds chosen
   * on those 5 articles; the README gives the figures of the 5 held-out ones.
   */
  static final @Nullable ScoreModel SEMANTIC =
      new ScoreModel(
          "semantic",
          -5.502,
          new double[] {
            1.123, 0.592, -0.353, 0.000, 0.000, -0.257, -0.432, -0.366, 2.893, 0.631,
            3.816, 0.291, 0.549, -0.886, -0.036, 0.374, 0.000, -0.885, 0.682, 0.561,
            0.005, 0.009, 0.047, -0.290, -0.598, 0.273, 0.767, -0.171, -0.905,
          },
          new double[] {0.43, 0.64, 0.66, 0.70});

  /** Question words that carry no asked-for fact (see the class comment). */
  public static final Set<String> GENERIC_TERMS = ExtractiveReader.GENERIC_WORDS;

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private static final LexicalSupportVerifier SUPPORT = new LexicalSupportVerifier();

  private final ExtractiveReader reader;
  private final Strictness strictness;
  private final boolean embedderSet;
  private final @Nullable ScoreModel model;

  /**
   * An extractive generator with the defaults: the pipeline's embedder, {@link
   * Strictness#BALANCED}.
   */
  public ExtractiveGenerator() {
    this(new ExtractiveReader(null), Strictness.BALANCED, false);
  }

  private ExtractiveGenerator(ExtractiveReader reader, Strictness strictness, boolean embedderSet) {
    this.reader = reader;
    this.strictness = strictness;
    this.embedderSet = embedderSet;
    Embedder e = reader.embedder();
    this.model = e == null || e.identity().model().startsWith("hashing") ? null : SEMANTIC;
  }

  /** {@return a new builder with the defaults} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return the strictness in use} */
  public Strictness strictness() {
    return strictness;
  }

  /**
   * This generator with {@code embedder} for sentence similarity, unless one was set explicitly
   * (then this generator); {@link RagPipeline} calls it with its own embedder.
   *
   * @param embedder the pipeline's embedder
   * @return a generator using it, or this one
   */
  @Override
  public ExtractiveGenerator withPipelineEmbedder(Embedder embedder) {
    if (embedderSet || reader.embedder() == embedder) {
      return this;
    }
    return new ExtractiveGenerator(
        new ExtractiveReader(embedder, reader.equivalence(), reader.lexical()), strictness, false);
  }

  @Override
  public ChatResponse generate(GenerationRequest request) {
    return generateTyped(request).reply();
  }

  /** A reply and the typed answer its text renders as JSON. */
  record TypedReply(ChatResponse reply, ModelAnswer answer) {}

  /** As {@link #generate}, also handing back the typed answer its reply text renders. */
  TypedReply generateTyped(GenerationRequest request) {
    ModelAnswer answer = answer(request.question(), request.context().sources());
    try {
      ChatResponse reply =
          new ChatResponse(
              MAPPER.writeValueAsString(answer),
              FinishReason.STOP,
              "stop",
              TokenUsage.ZERO,
              name(),
              null);
      return new TypedReply(reply, answer);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot serialise an extractive answer", e);
    }
  }

  @Override
  public String name() {
    return "extractive";
  }

  /** {@return {@code extractive/1}: this generator sends no prompt; the number is its reader's} */
  @Override
  public String promptVersion() {
    return "extractive/1";
  }

  /**
   * Decides the answer for a question over the given sources, deterministically (same input, same
   * answer) and without a model call.
   *
   * @param question the user's question
   * @param sources the sources as sent, under the ids the answer cites
   * @return an "answered" answer whose claims are verbatim sentences of the sources, each citing
   *     its own source, or the {@code not_in_sources} abstention
   */
  // LEXICAL_COVERAGE is indexed by Strictness's declaration order
  @SuppressWarnings("EnumOrdinal")
  public ModelAnswer answer(String question, List<SentSource> sources) {
    ScoreModel m = model;
    List<ExtractiveReader.Pick> picks;
    if (m == null) {
      picks =
          reader.lexicalDecision(
              question,
              sources,
              LEXICAL_COVERAGE[strictness.ordinal()],
              strictness.compareTo(Strictness.STRICT) >= 0);
    } else {
      ExtractiveReader.Assessment a = reader.assess(question, sources);
      if (a.picks().isEmpty()
          || a.veto() != null
          || m.score(a.features()) < m.threshold(strictness)) {
        return ModelAnswer.notInSources();
      }
      picks = a.picks();
    }
    return toAnswer(reader.covered(question, picks, sources));
  }

  private static ModelAnswer toAnswer(List<ExtractiveReader.Pick> picks) {
    if (picks.isEmpty()) {
      return ModelAnswer.notInSources();
    }
    List<Claim> claims = new ArrayList<>();
    StringBuilder text = new StringBuilder();
    for (ExtractiveReader.Pick p : picks) {
      Claim claim = tableClaim(p);
      if (claim == null) {
        claim = new Claim(p.quote(), List.of(new Citation(p.sourceId(), p.quote())));
      }
      claims.add(claim);
      if (text.length() > 0) {
        text.append(' ');
      }
      text.append(claim.text());
    }
    return new ModelAnswer(AnswerStatus.ANSWERED, text.toString(), claims);
  }

  /**
   * A table row served readable: its first cell, then each other cell after its column's header
   * ("SEV1: acknowledge within 5 minutes; update stakeholders every 30 minutes"), citing the row
   * and the header row, both verbatim; null (the row is served as it is) when the pick is no table
   * row, the header row is too short to be quoted, or the readable text would not pass the support
   * rules.
   */
  static @Nullable Claim tableClaim(ExtractiveReader.Pick p) {
    String header = p.header();
    if (header == null
        || QuoteMatcher.wordCount(header) < DefaultCitationValidator.DEFAULT_MIN_QUOTE_WORDS) {
      return null;
    }
    String text = readableRow(p.quote(), header);
    if (text == null) {
      return null;
    }
    List<String> quotes = List.of(p.quote(), header);
    if (!SUPPORT.verify(text, quotes).supported()) {
      return null;
    }
    return new Claim(
        text, List.of(new Citation(p.sourceId(), p.quote()), new Citation(p.sourceId(), header)));
  }

  /**
   * The row's first cell, a colon, then {@code header value} for each other non-empty cell, joined
   * by semicolons; a header that starts with a capitalised word (not an acronym) is lower-cased at
   * its first letter. Null when the two are not rows of one table or the first cell is empty.
   */
  static @Nullable String readableRow(String row, String header) {
    List<String> h = TableCells.cells(header);
    List<String> r = TableCells.cells(row);
    if (h == null || r == null || h.size() != r.size() || r.size() < 2 || r.get(0).isEmpty()) {
      return null;
    }
    List<String> parts = new ArrayList<>();
    for (int i = 1; i < r.size(); i++) {
      String value = r.get(i);
      if (value.isEmpty()) {
        continue;
      }
      String label = h.get(i);
      parts.add(label.isEmpty() ? value : lowerFirst(label) + " " + value);
    }
    return parts.isEmpty() ? null : r.get(0) + ": " + String.join("; ", parts);
  }

  private static String lowerFirst(String label) {
    if (label.length() < 2
        || !Character.isUpperCase(label.charAt(0))
        || !Character.isLowerCase(label.charAt(1))) {
      return label;
    }
    return Character.toLowerCase(label.charAt(0)) + label.substring(1);
  }

  /** Lines, then sentences; list markers and heading marks removed; each a verbatim substring. */
  static List<String> sentences(String text) {
    return ExtractiveReader.sentences(text);
  }

  /** Builds an {@link ExtractiveGenerator}. */
  public static final class Builder {
    private @Nullable Embedder embedder;
    private Strictness strictness = Strictness.BALANCED;
    private TermEquivalence equivalence = TermEquivalence.STEMS;
    private Function<String, Set<String>> antonyms = w -> Set.of();

    private Builder() {}

    /**
     * A lexicon's opposites of a word ("increase" gives "decrease"); default none. A best sentence
     * that holds an opposite of a question word and not the word states the opposite of what is
     * asked: the generator abstains.
     *
     * @param antonyms a word's antonyms, lower case (a lower-case word is passed); thread-safe
     * @return this builder
     * @throws IllegalArgumentException when null
     */
    public Builder antonyms(Function<String, Set<String>> antonyms) {
      this.antonyms = Checks.notNull(antonyms, "antonyms");
      return this;
    }

    /**
     * Which other words count as a question's term when the generator looks for it in a sentence or
     * a source (synonyms, derivations); default {@link TermEquivalence#STEMS}, stemming only. Give
     * it the pipeline's own ({@link RagPipeline.Builder#termEquivalence}) so that the generator and
     * the pipeline's question coverage agree on what a paraphrase is.
     *
     * @param equivalence the equivalent words of a question word
     * @return this builder
     * @throws IllegalArgumentException when null
     */
    public Builder termEquivalence(TermEquivalence equivalence) {
      this.equivalence = Checks.notNull(equivalence, "equivalence");
      return this;
    }

    /**
     * The embedder for question/sentence similarity; default the pipeline's own embedder.
     *
     * @param embedder makes the sentence vectors (the hashing embedder selects the lexical mode)
     * @return this builder
     * @throws IllegalArgumentException when null
     */
    public Builder embedder(Embedder embedder) {
      this.embedder = Checks.notNull(embedder, "embedder");
      return this;
    }

    /**
     * How sure it must be to answer; default {@link Strictness#BALANCED}.
     *
     * @param strictness the answer threshold
     * @return this builder
     * @throws IllegalArgumentException when null
     */
    public Builder strictness(Strictness strictness) {
      this.strictness = Checks.notNull(strictness, "strictness");
      return this;
    }

    /** {@return an immutable, thread-safe generator with these settings} */
    public ExtractiveGenerator build() {
      return new ExtractiveGenerator(
          new ExtractiveReader(embedder, equivalence, new ExtractiveReader.Lexical(antonyms)),
          strictness,
          embedder != null);
    }
  }

  @Override
  public String toString() {
    return "ExtractiveGenerator[" + strictness.wire() + "]";
  }
}
