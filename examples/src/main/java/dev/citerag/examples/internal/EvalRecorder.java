package dev.citerag.examples.internal;

import dev.citerag.pipeline.RagResult;
import dev.citerag.store.Filter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.BiFunction;

/**
 * Writes an evaluation record ({@code citerag eval --record FILE}): one {@link EvalRecord} line per
 * case, written and flushed as soon as the case is answered, so an interrupted run keeps the cases
 * it finished.
 */
public final class EvalRecorder implements AutoCloseable {
  private final Path file;
  private final Writer out;

  private EvalRecorder(Path file, Writer out) {
    this.file = file;
    this.out = out;
  }

  /**
   * Creates (or empties) the record file.
   *
   * @throws IllegalArgumentException naming the option when the file cannot be written
   */
  public static EvalRecorder create(Path file) {
    try {
      return new EvalRecorder(file, Files.newBufferedWriter(file, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "option --record: cannot write " + file + " (" + e.getMessage() + ")", e);
    }
  }

  /**
   * Wraps an answerer that is asked the cases in order: every answer it returns is recorded under
   * the id of the case it answers.
   *
   * @param caseIds the case ids, in the order the cases are asked
   * @param answerer what answers a question (the pipeline's {@code ask})
   * @return an answerer that records, then returns, each result
   */
  public BiFunction<String, Filter, RagResult> recording(
      List<String> caseIds, BiFunction<String, Filter, RagResult> answerer) {
    List<String> ids = List.copyOf(caseIds);
    int[] next = {0};
    return (question, filter) -> {
      RagResult r = answerer.apply(question, filter);
      if (next[0] >= ids.size()) {
        throw new IllegalStateException(
            "asked more questions than the " + ids.size() + " cases to record");
      }
      write(EvalRecord.line(ids.get(next[0]++), r));
      return r;
    };
  }

  private void write(String line) {
    try {
      out.write(line);
      out.write('\n');
      out.flush();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the record " + file, e);
    }
  }

  @Override
  public void close() {
    try {
      out.close();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot close the record " + file, e);
    }
  }
}
