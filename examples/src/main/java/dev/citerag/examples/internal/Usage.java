package dev.citerag.examples.internal;

/** The usage texts of the command line. */
public final class Usage {
  private Usage() {}

  private static final String RETRIEVAL =
      """
        --docs DIR              answer from these Markdown/text/HTML files (recursive) instead of
                                the bundled sample corpus; front matter "key: value" is metadata
        --store URL             a pgvector store (jdbc:postgresql://host:port/db?user=.. or postgresql://user@host/db)
                                of the in-memory one; ingest into it first with `citerag ingest`
        --collection NAME       pgvector collection (default citerag)
        --embedder NAME         onnx|local|gemini|ollama|openai (default onnx: bge-small-en-v1.5
                                in-process, offline; local: the lexical hashing embedder)
        --k N                   chunks retrieved, 1 to 100 (default 8)
      """;

  private static final String FILTER =
      """
        --filter KEY=VALUE      only chunks whose metadata matches; repeat for AND
      """;

  private static final String GATES =
      """
        --model NAME            extractive|gemini|ollama|openai (default: gemini when
                                GEMINI_API_KEY is set, else openai when OPENAI_BASE_URL or
                                OPENAI_API_KEY is set, else ollama when a server answers at
                                OLLAMA_HOST, else extractive, which needs no model)
        --min-similarity X      gate 1: abstain without a model call when the best cosine is
                                below X; 0 turns it off (default 0.20 for the local embedder,
                                from the sweep over the sample cases; off for the others)
        --require-lexical B     gate 1: abstain when no chunk contains a question term
                                (true|false, default true)
        --strictness S          extractive generator: lenient|balanced|strict|strictest, how
                                sure it must be to answer (default balanced; README: the curve)
      """;

  /** The general usage. */
  public static String general() {
    return """
        usage: citerag <command> [options]

        Answers questions from documents with citations that code has checked.

        commands:
          ask "question"          a cited answer, or an honest abstention
          search "question"       retrieval only: the hits with their scores
          ingest [PATH...]        store documents in pgvector (idempotent, in step with PATH)
          eval CASES.jsonl|DIR    evaluate against labelled cases (DIR: a SQuAD-style set)
          serve                   a web page at http://127.0.0.1:8080/

        `citerag <command> --help` shows a command's options. Without --docs the bundled sample
        corpus is used: the internal docs of a fictional platform team, e.g.
          citerag ask "During which hours are production deploys allowed?"

        environment: GEMINI_API_KEY, GEMINI_BASE_URL, GEMINI_MODEL, OLLAMA_HOST, OLLAMA_MODEL,
        OLLAMA_EMBED_MODEL. exit status: 0 answered (or done), 2 abstained, 3 rejected, 1 error.
        """;
  }

  /** The usage of one command ({@code ""} for the general usage). */
  public static String of(String command) {
    return switch (command) {
      case "ask" ->
          """
          usage: citerag ask [options] "question"

          Answers from the documents with [n] citation markers and a numbered reference list, or
          abstains. Exit status: 0 answered, 2 abstained, 3 rejected, 1 error.

          options:
          """
              + RETRIEVAL
              + FILTER
              + GATES
              + """
            --json                  print one JSON object (status, reason, answer, citations,
                                    issues, retrieved, usage, latency_ms, model)
            --verbose               debug logging on stderr
          """;
      case "search" ->
          """
          usage: citerag search [options] "question"

          Retrieval only (no gate, no model): every hit with its dense (cosine) score, lexical
          rank and fused (rank fusion) score.

          options:
          """
              + RETRIEVAL
              + FILTER
              + """
            --json                  print one JSON object
            --verbose               debug logging on stderr
          """;
      case "ingest" ->
          """
          usage: citerag ingest --store URL [options] [PATH...]

          Stores Markdown/text/HTML files (directories recursively; the bundled sample corpus
          when no PATH is given) in pgvector. Unchanged documents are skipped, so a second run
          writes nothing; stored documents that are no longer among the PATHs are removed
          (--keep-missing keeps them).

          options:
            --store URL             jdbc:postgresql://host:port/db?user=.. or
                                    postgresql://user@host:port/db (required)
            --keep-missing          keep stored documents that are not among the PATHs
            --collection NAME       pgvector collection (default citerag)
            --embedder NAME         onnx|local|gemini|ollama|openai (default onnx)
            --json                  print the summary as JSON
            --verbose               debug logging on stderr
          """;
      case "eval" ->
          """
          usage: citerag eval [options] CASES.jsonl
                 citerag eval [options] DIR

          Runs the labelled cases (JSON lines: id, question, answerable, doc_ids, evidence, ...)
          through the pipeline and prints the evaluation report in Markdown. A DIR holding
          cases.jsonl and corpus/*.md is read as a SQuAD 2.0-style set (e.g.
          ../shared/datasets/squad2-dev): its corpus is indexed and every question scored as
          correct / wrong / abstained (answerable) or a false answer (unanswerable).

          options:
          """
              + RETRIEVAL
              + GATES
              + """
            --json                  print the report as JSON
            --verbose               debug logging on stderr
          """;
      case "serve" ->
          """
          usage: citerag serve [options]

          A web page to ask questions, see the cited answer, hover a marker for its quote and
          open the evidence; JSON endpoints POST /ask, POST /ingest, POST /debug/retrieve.

          options:
            --port N                port (default 8080; 0 picks a free one)
            --host ADDRESS          address to bind (default 127.0.0.1, this machine only)
          """
              + RETRIEVAL
              + GATES
              + """
            --verbose               debug logging on stderr
          """;
      default -> general();
    };
  }
}
