package dev.citerag.bench;

import dev.citerag.answer.AnswerStatus;
import dev.citerag.answer.Citation;
import dev.citerag.answer.Claim;
import dev.citerag.answer.DefaultCitationValidator;
import dev.citerag.answer.ModelAnswer;
import dev.citerag.answer.SentSource;
import dev.citerag.answer.ValidationReport;
import dev.citerag.store.Chunk;
import dev.citerag.store.SearchHit;
import dev.citerag.text.internal.Hashing;
import dev.citerag.verify.Lexicon;
import dev.citerag.verify.RuleSupportVerifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
 * Gate 3 with citerag-verify's {@link RuleSupportVerifier}: an answer of 5 claims, each citing one
 * quote from one of 5 chunks of about 2 KB of policy-style English (numbers, units, dates,
 * negations, names), each claim a paraphrase of its quote (other number forms, an abbreviation, a
 * synonym), so that every rule family does its work and the answer passes. Target: median under 100
 * µs per answer. The floor in the same run, {@code verbatimIndexOf5Quotes}, is a verbatim {@code
 * String.indexOf} of each quote in its chunk. The lexicon is opened in setup (its one-off load is
 * measured by citerag-verify's {@code LexiconTest}); each word's relations are cached after their
 * first look-up, as in a long-running service.
 *
 * <p>{@code java -jar benchmarks/target/citerag-benchmarks.jar RuleValidationBenchmark}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class RuleValidationBenchmark {

  private static final String[] FILLER = {
    "The platform team owns the deployment pipeline and reviews every change to it.",
    "Staging mirrors production, except that it holds no customer data.",
    "Incidents are tracked in the on-call channel and summarised in a weekly report.",
    "Access to the billing database is granted by the security team on request.",
    "Runbooks live in the operations repository and are reviewed every quarter.",
    "Alerts that fire more than twice in a week are reviewed by the service owner.",
    "The finance team closes the books on the fifth working day of each month.",
    "Contractors follow the same change process as employees.",
  };

  /** Quote (in the chunk) and claim (a paraphrase of it). */
  private static final String[][] PAIRS = {
    {
      "Rollbacks must be completed within 30 minutes of a failed deploy.",
      "Rollbacks must be done within thirty minutes of a failed deploy."
    },
    {
      "The database is backed up every 6 hours and kept for 35 days.",
      "The DB is backed up every six hours and kept for 35 days."
    },
    {
      "Deploys are not allowed on Fridays after 15:00 without approval from the release manager.",
      "Deploys are not permitted on Fridays after 15:00 without approval from the release manager."
    },
    {
      "Quarterly cloud spending reached 2.1 million dollars in the third quarter of 2024.",
      "Cloud spending reached $2.1m in Q3 2024."
    },
    {
      "Acme Payments processes card refunds of up to 500 euros automatically.",
      "Acme Payments processes card refunds of at most 500 euros automatically."
    },
  };

  List<SentSource> sent;
  ModelAnswer answer;
  DefaultCitationValidator rules;
  String[] chunkTexts;
  String[] quotes;

  @Setup
  public void setup() {
    Lexicon.wordNet().load();
    sent = new ArrayList<>();
    List<Claim> claims = new ArrayList<>();
    chunkTexts = new String[5];
    quotes = new String[5];
    for (int i = 0; i < 5; i++) {
      StringBuilder b = new StringBuilder();
      int k = i;
      while (b.length() < 1000) {
        b.append(FILLER[k++ % FILLER.length]).append(' ');
      }
      b.append(PAIRS[i][0]).append(' ');
      while (b.length() < 2000) {
        b.append(FILLER[k++ % FILLER.length]).append(' ');
      }
      String text = b.toString().strip();
      String id = "s" + Integer.toString(1000 + i * 37, 36);
      sent.add(new SentSource(id, new SearchHit(chunk(i, text), 0.8, i + 1, i + 1, 1.0, 0.03)));
      chunkTexts[i] = text;
      quotes[i] = PAIRS[i][0];
      claims.add(new Claim(PAIRS[i][1], List.of(new Citation(id, PAIRS[i][0]))));
    }
    answer =
        new ModelAnswer(
            AnswerStatus.ANSWERED,
            String.join(" ", claims.stream().map(Claim::text).toList()),
            claims);
    rules = DefaultCitationValidator.withSupportVerifier(RuleSupportVerifier.builder().build());
    ValidationReport check = rules.validate(answer, sent);
    if (!check.passed()) {
      throw new IllegalStateException("benchmark answer must be valid: " + check.issues());
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

  /** Quote checks, then the rules on all 5 claims of the answer. */
  @Benchmark
  public ValidationReport validate5ClaimsWithRules() {
    return rules.validate(answer, sent);
  }

  /** The floor: a verbatim search of each quote in its chunk, nothing else. */
  @Benchmark
  public int verbatimIndexOf5Quotes() {
    int sum = 0;
    for (int i = 0; i < quotes.length; i++) {
      sum += chunkTexts[i].indexOf(quotes[i]);
    }
    return sum;
  }
}
