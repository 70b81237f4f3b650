package dev.citerag.bench;

import dev.citerag.answer.AnswerStatus;
import dev.citerag.answer.Citation;
import dev.citerag.answer.Claim;
import dev.citerag.answer.DefaultCitationValidator;
import dev.citerag.answer.ModelAnswer;
import dev.citerag.answer.SentSource;
import dev.citerag.answer.ValidationReport;
import dev.citerag.answer.internal.AnswerParser;
import dev.citerag.store.Chunk;
import dev.citerag.store.SearchHit;
import dev.citerag.text.internal.Hashing;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Gate 3 cost: validating an answer with 5 claims, each citing one quote from one of 5 chunks of
 * about 2 KB (quote checks, then the default lexical support check of each claim against its quote;
 * target: under 50 µs median), and parsing + validating the reply text as the pipeline does. The
 * baseline in the same run, {@code verbatimIndexOf5Quotes}, does only what the quote check did
 * before issue #12: a verbatim {@code String.indexOf} of each quote in its chunk.
 *
 * <p>{@code java -jar benchmarks/target/citerag-benchmarks.jar ValidationBenchmark}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class ValidationBenchmark {

  private static final String[] WORDS = {
    "deploy", "rollback", "service", "the", "key", "rotation", "within", "minutes", "on-call",
        "0.015",
    "limit", "requests", "per", "index", "job", "queue", "retry", "after", "approval", "billing"
  };

  List<SentSource> sent;
  List<SentSource> typographicSent;
  ModelAnswer answer;
  String replyJson;
  DefaultCitationValidator validator;
  String[] chunkTexts;
  String[] quotes;

  @Setup
  public void setup() throws Exception {
    Random r = new Random(42);
    sent = new ArrayList<>();
    typographicSent = new ArrayList<>();
    List<Claim> claims = new ArrayList<>();
    chunkTexts = new String[5];
    quotes = new String[5];
    for (int i = 0; i < 5; i++) {
      StringBuilder b = new StringBuilder();
      while (b.length() < 2000) {
        b.append(WORDS[r.nextInt(WORDS.length)]).append(r.nextInt(12) == 0 ? ".\n" : " ");
      }
      String text = b.toString().strip();
      String id = "s" + Integer.toString(1000 + i * 37, 36);
      sent.add(new SentSource(id, new SearchHit(chunk(i, text), 0.8, i + 1, i + 1, 1.0, 0.03)));
      // the same chunk opening with a typographic apostrophe and a no-break space: the quote
      // check must normalise it (the slow path)
      String typographic = "Don\u2019t\u00a0panic. " + text;
      typographicSent.add(
          new SentSource(id, new SearchHit(chunk(i, typographic), 0.8, i + 1, i + 1, 1.0, 0.03)));
      String[] words = text.split("\\s+");
      int from =
          words.length - 20 - r.nextInt(20); // quotes from the end: the worst case for indexOf
      String quote = String.join(" ", java.util.Arrays.copyOfRange(words, from, from + 12));
      chunkTexts[i] = text;
      quotes[i] = quote;
      // the claim restates most of its quote, so the support check does its full work and passes
      String claim = String.join(" ", java.util.Arrays.copyOfRange(words, from + 1, from + 11));
      claims.add(
          new Claim(claim.endsWith(".") ? claim : claim + ".", List.of(new Citation(id, quote))));
    }
    // the answer text is exactly its claims, as the validator requires
    answer =
        new ModelAnswer(
            AnswerStatus.ANSWERED,
            String.join(" ", claims.stream().map(Claim::text).toList()),
            claims);
    replyJson = new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(answer);
    validator = new DefaultCitationValidator();
    for (List<SentSource> s : List.of(sent, typographicSent)) {
      ValidationReport check = validator.validate(answer, s);
      if (!check.passed()) {
        throw new IllegalStateException("benchmark answer must be valid: " + check.issues());
      }
    }
  }

  private static Chunk chunk(int i, String text) {
    return new Chunk(
        "chunk-" + i,
        "doc-" + i,
        "docs/" + i + ".md",
        "Doc " + i,
        List.of("Section"),
        null,
        text,
        text.length() / 4,
        Hashing.sha256Hex(text),
        Map.of());
  }

  @Benchmark
  public ValidationReport validate5Citations() {
    return validator.validate(answer, sent);
  }

  /**
   * The same answer against chunks that open with a typographic apostrophe and a no-break space:
   * every chunk is normalised (the path a quote takes when it or the text before it in its source
   * is not plain ASCII).
   */
  @Benchmark
  public ValidationReport validate5CitationsTypographicSources() {
    return validator.validate(answer, typographicSent);
  }

  /**
   * The baseline: a verbatim search of each quote in its chunk, nothing else (a quote that spans a
   * line break is not found this way; the sum of positions keeps the work from being dropped).
   */
  @Benchmark
  public int verbatimIndexOf5Quotes() {
    int sum = 0;
    for (int i = 0; i < quotes.length; i++) {
      sum += chunkTexts[i].indexOf(quotes[i]);
    }
    return sum;
  }

  @Benchmark
  public ValidationReport parseAndValidate5Citations() {
    return validator.validate(Objects.requireNonNull(AnswerParser.parse(replyJson).answer()), sent);
  }
}
