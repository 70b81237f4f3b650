package dev.citerag.bench;

import dev.citerag.verify.Lexicon;
import java.util.Locale;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * citerag-verify's one-off cost: opening WordNet 3.1 from its jar ({@link Lexicon#load()}) and
 * answering the first look-up, cold, once per fresh JVM (single shot, 5 forks). Each fork prints
 * the heap the opened lexicon holds. Target: under 1 s.
 *
 * <p>{@code java -jar benchmarks/target/citerag-benchmarks.jar LexiconLoadBenchmark}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 0)
@Measurement(iterations = 1)
@Fork(5)
public class LexiconLoadBenchmark {

  private long heapBefore;

  /** The heap in use before opening, after a full collection. */
  @Setup
  public void heapBefore() {
    Runtime rt = Runtime.getRuntime();
    System.gc();
    heapBefore = rt.totalMemory() - rt.freeMemory();
  }

  /** Opens the lexicon and looks one word up. */
  @Benchmark
  public Object openAndLookUpOnce() {
    Lexicon.wordNet().load();
    return Lexicon.wordNet().synonyms("purchase");
  }

  /** Prints the heap held after opening (after a full collection). */
  @TearDown
  public void heap() {
    Runtime rt = Runtime.getRuntime();
    System.gc();
    long after = rt.totalMemory() - rt.freeMemory();
    System.out.printf(
        Locale.ROOT,
        "%nlexicon heap: %d MB held after opening (%d MB in use before)%n",
        (after - heapBefore) / (1024 * 1024),
        heapBefore / (1024 * 1024));
  }
}
