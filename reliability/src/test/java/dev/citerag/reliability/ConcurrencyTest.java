package dev.citerag.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.answer.AnswerStatus;
import dev.citerag.answer.DefaultCitationValidator;
import dev.citerag.answer.ModelAnswer;
import dev.citerag.answer.SentSource;
import dev.citerag.answer.internal.AnswerParser;
import dev.citerag.answer.internal.ParseResult;
import dev.citerag.embed.Embedder;
import dev.citerag.ingest.Document;
import dev.citerag.ingest.Ingestor;
import dev.citerag.pipeline.CoveragePolicy;
import dev.citerag.pipeline.RagPipeline;
import dev.citerag.pipeline.RagResult;
import dev.citerag.pipeline.ResolvedCitation;
import dev.citerag.provider.RetryPolicy;
import dev.citerag.reliability.HostileReplies.Ctx;
import dev.citerag.reliability.support.Figures;
import dev.citerag.reliability.support.ProviderStub;
import dev.citerag.reliability.support.Stack;
import dev.citerag.store.Chunk;
import dev.citerag.store.InMemoryVectorStore;
import dev.citerag.store.VectorStore;
import dev.citerag.testkit.fakes.SentSources;
import dev.citerag.testkit.golden.GoldenCase;
import dev.citerag.testkit.golden.GoldenCases;
import dev.citerag.testkit.golden.GoldenCorpus;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * 32 threads ask one pipeline (real Gemini adapter over HTTP) while another thread re-ingests the
 * corpus, flipping some documents between two versions. Every result is checked against its own
 * trace: the validator, re-run on what was sent, agrees with the pipeline's verdict; an answer
 * cites only chunks of its own sent set and is the very answer the stub gave that request; the
 * sources the provider received for a request are exactly the ones its trace says were sent; and
 * every document appears in a prompt in one version only, never a mix.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ConcurrencyTest {

  static final int THREADS = 32;
  static final int REQUESTS = 2_000;
  static final Set<String> VERSIONED = Set.of("deploys", "rollbacks", "on-call", "rate-limits");
  static final Pattern NONCE = Pattern.compile("\\[(r\\d+)\\]");

  @Test
  void in_memory_store_under_concurrent_asks_and_reingestion() throws Exception {
    Embedder embedder = Stack.embedder();
    run(
        "in-memory",
        embedder,
        new InMemoryVectorStore(embedder.identity().dimensions()),
        "40-concurrency-in-memory");
  }

  /** The corpus with the versioned documents changed: one sentence edited, one section added. */
  static List<Document> version(List<Document> base, int v) {
    if (v == 1) {
      return base;
    }
    List<Document> out = new ArrayList<>();
    for (Document d : base) {
      if (VERSIONED.contains(d.id())) {
        String content =
            d.content()
                    .replaceFirst(
                        "(?s)^(.*?\\n\\n)(.*)$", "$1Revised: this page changed in version 2.\n\n$2")
                + "\n\n## Revision note\n\nVersion 2 of this page; the earlier limits and steps no longer apply.\n";
        out.add(new Document(d.id(), d.source(), d.title(), content, d.format(), d.metadata()));
      } else {
        out.add(d);
      }
    }
    return out;
  }

  /**
   * Runs the load against {@code store} (which must be empty) and records the figures under {@code
   * id}.
   */
  static void run(String storeName, Embedder embedder, VectorStore store, String id)
      throws Exception {
    List<Document> v1 = GoldenCorpus.load();
    List<Document> v2 = version(v1, 2);
    Map<String, Set<String>> idsV1 = chunkIds(v1);
    Map<String, Set<String>> idsV2 = chunkIds(v2);
    List<Chunk> allChunks = new ArrayList<>(Stack.chunks(v1));
    allChunks.addAll(Stack.chunks(v2));
    Map<String, Chunk> chunkByText = new HashMap<>();
    for (Chunk c : allChunks) {
      chunkByText.put(c.text(), c);
    }
    Ingestor ingestor = Ingestor.builder().embedder(embedder).store(store).build();
    ingestor.ingest(v1);

    List<String> questions =
        GoldenCases.load().stream()
            .filter(c -> c.answerable() && c.filter().isEmpty())
            .map(GoldenCase::question)
            .toList();
    Map<String, SentSources> wire = new ConcurrentHashMap<>();
    // the answer the stub gave each request: the served answer must be its own request's
    Map<String, String> expectedAnswer = new ConcurrentHashMap<>();
    AtomicInteger writes = new AtomicInteger();
    AtomicBoolean done = new AtomicBoolean();
    List<Throwable> writerErrors = new ArrayList<>();

    try (ProviderStub stub = new ProviderStub(ProviderStub.Kind.GEMINI).recording(false)) {
      stub.handler(
          req -> {
            SentSources sent = req.sources();
            String q = sent.question().orElse("");
            Matcher m = NONCE.matcher(q);
            if (!m.find()) {
              return ProviderStub.json(
                  400,
                  "{\"error\":{\"code\":400,\"message\":\"no nonce\",\"status\":\"INVALID_ARGUMENT\"}}");
            }
            String nonce = m.group(1);
            wire.put(nonce, sent);
            Ctx ctx = new Ctx(q, sent, allChunks);
            if (phantom(nonce)) {
              String quote = ctx.quote(sent.all().get(0), 5);
              return stub.reply(
                  HostileReplies.answered(
                          "[" + nonce + "] made up",
                          HostileReplies.claim(
                              quote,
                              HostileReplies.cite(
                                  ctx.phantomId(Integer.parseInt(nonce.substring(1))), quote)))
                      .toString());
            }
            SentSources.Source s =
                sent.all().get(Integer.parseInt(nonce.substring(1)) % sent.size());
            String quote = HostileReplies.window(s.text(), 6, 0);
            expectedAnswer.put(nonce, quote);
            return stub.reply(
                HostileReplies.answered(
                        quote, HostileReplies.claim(quote, HostileReplies.cite(s.id(), quote)))
                    .toString());
          });
      RagPipeline rag =
          Stack.pipeline(
                  embedder, store, Stack.gemini(stub, RetryPolicy.NONE, Stack.fastClient()).build())
              .maxRetries(0)
              .deadline(Duration.ofSeconds(30))
              // each question carries a per-request marker "[rN]" that no source holds; question
              // coverage (tested on its own) would reject those answers, and this test is about
              // cross-talk between concurrent requests, so coverage is off here
              .questionCoverage(CoveragePolicy.OFF)
              .build();

      Thread writer =
          new Thread(
              () -> {
                int v = 2;
                while (!done.get()) {
                  try {
                    ingestor.ingest(v == 2 ? v2 : v1);
                    writes.incrementAndGet();
                    v = 3 - v;
                  } catch (Throwable t) {
                    synchronized (writerErrors) {
                      writerErrors.add(t);
                    }
                    return;
                  }
                }
              },
              "reingest");
      writer.start();

      ExecutorService callers = Executors.newFixedThreadPool(THREADS);
      List<Future<RagResult>> futures = new ArrayList<>();
      List<String> asked = new ArrayList<>();
      for (int i = 0; i < REQUESTS; i++) {
        String q = questions.get(i % questions.size()) + " [r" + i + "]";
        asked.add(q);
        futures.add(callers.submit(() -> rag.ask(q)));
      }
      List<RagResult> results = new ArrayList<>();
      List<String> escaped = new ArrayList<>();
      for (Future<RagResult> f : futures) {
        try {
          results.add(f.get(60, TimeUnit.SECONDS));
        } catch (java.util.concurrent.ExecutionException e) {
          escaped.add(String.valueOf(e.getCause()));
          results.add(null);
        }
      }
      done.set(true);
      writer.join(30_000);
      callers.shutdown();
      assertThat(callers.awaitTermination(10, TimeUnit.SECONDS)).isTrue();

      DefaultCitationValidator validator = new DefaultCitationValidator();
      List<String> problems = new ArrayList<>();
      int answered = 0;
      int rejected = 0;
      int mixed = 0;
      int crossTalk = 0;
      int[] versionViews = new int[3];
      for (int i = 0; i < REQUESTS; i++) {
        RagResult r = results.get(i);
        String nonce = "r" + i;
        if (r == null) {
          continue;
        }
        List<SentSource> sent = r.trace().sent();
        if (!r.trace().question().equals(asked.get(i))) {
          crossTalk++;
          problems.add(nonce + ": trace question is \"" + r.trace().question() + "\"");
        }
        // what the provider received for this request is what the trace says was sent
        SentSources onWire = wire.get(nonce);
        List<String> traceIds = sent.stream().map(SentSource::sourceId).toList();
        List<String> traceTexts = sent.stream().map(s -> s.chunk().body()).toList();
        if (onWire == null
            || !onWire.ids().equals(traceIds)
            || !onWire.texts().equals(traceTexts)) {
          crossTalk++;
          problems.add(nonce + ": the provider received other sources than the trace lists");
        }
        // each versioned document is seen in one version only
        Map<String, Set<String>> sentByDoc = new HashMap<>();
        for (SentSource s : sent) {
          sentByDoc.computeIfAbsent(s.chunk().docId(), k -> new HashSet<>()).add(s.chunk().id());
        }
        for (Map.Entry<String, Set<String>> e : sentByDoc.entrySet()) {
          boolean inV1 = idsV1.getOrDefault(e.getKey(), Set.of()).containsAll(e.getValue());
          boolean inV2 = idsV2.getOrDefault(e.getKey(), Set.of()).containsAll(e.getValue());
          if (inV1 != inV2) {
            versionViews[inV1 ? 1 : 2]++;
          }
          if (!inV1 && !inV2) {
            mixed++;
            problems.add(nonce + ": document " + e.getKey() + " was sent as a mix of versions");
          }
        }
        // the validator, re-run on the trace, agrees with the verdict
        if (r instanceof RagResult.Answered a) {
          answered++;
          if (phantom(nonce)) {
            problems.add(nonce + ": a phantom citation was served");
          }
          if (!collapse(a.answer()).equals(collapse(expectedAnswer.getOrDefault(nonce, "")))) {
            crossTalk++;
            problems.add(
                nonce + ": the served answer is not the one given to this request: " + a.answer());
          }
          ModelAnswer again = new ModelAnswer(AnswerStatus.ANSWERED, a.answer(), a.claims());
          if (!validator.validate(again, sent).passed()) {
            problems.add(
                nonce + ": the served answer does not validate against its own sent sources");
          }
          for (ResolvedCitation c : a.citations()) {
            SentSource s =
                sent.stream()
                    .filter(x -> x.sourceId().equals(c.sourceId()))
                    .findFirst()
                    .orElse(null);
            if (s == null || !s.chunk().equals(c.chunk())) {
              crossTalk++;
              problems.add(
                  nonce + ": citation " + c.sourceId() + " names a chunk outside its own sent set");
            } else if (!HostileReplies.validExcerpt(c.chunk().text(), c.quote())) {
              problems.add(nonce + ": quote is not in the cited chunk");
            }
          }
        } else if (r instanceof RagResult.Rejected rej) {
          rejected++;
          if (!phantom(nonce)) {
            problems.add(nonce + ": a valid reply was rejected: " + rej.detail());
          }
          String raw = r.trace().attempts().get(r.trace().attempts().size() - 1).rawReply();
          ParseResult p = AnswerParser.parse(raw);
          if (p.ok() && validator.validate(p.answer(), sent).passed()) {
            problems.add(nonce + ": rejected, but the reply validates against its sent sources");
          }
        } else {
          problems.add(nonce + ": unexpected " + r.status() + " " + r);
        }
      }

      int phantoms =
          (int) java.util.stream.IntStream.range(0, REQUESTS).filter(i -> phantom("r" + i)).count();
      Figures.record(
          id,
          "Concurrency — " + storeName,
          List.of(
              new Figures.Row(
                  "Concurrency, " + storeName + " store",
                  REQUESTS
                      + " asks on "
                      + THREADS
                      + " threads during "
                      + writes.get()
                      + " re-ingests",
                  (crossTalk + mixed)
                      + " cross-talk or mixed-version results, "
                      + escaped.size()
                      + " exceptions",
                  (answered + rejected)
                      + "/"
                      + REQUESTS
                      + " verdicts confirmed by re-validating the trace")),
          REQUESTS
              + " questions (golden questions with a per-request marker) asked through one pipeline"
              + " (real Gemini adapter over HTTP, one shared client) by "
              + THREADS
              + " threads, while one thread"
              + " re-ingested the corpus "
              + writes.get()
              + " times, flipping "
              + VERSIONED.size()
              + " documents between two versions (one sentence edited, one section added). The stub answered"
              + " every request from the sources in its own body: a valid single-citation answer (a window of the"
              + " source chosen by the request marker), or (for "
              + phantoms
              + " requests) a phantom citation. "
              + answered
              + " answered, "
              + rejected
              + " rejected (exactly the phantom ones). For every result: the"
              + " validator re-run on the trace agrees; citations name chunks of its own sent set; the answer"
              + " is the one given to its own request; the sources in the request body equal the trace's; every document"
              + " appears in one version only ("
              + versionViews[1]
              + " prompts showed a document only in version 1, "
              + versionViews[2]
              + " only in version 2).\n");

      assertThat(writerErrors).as("re-ingestion failures").isEmpty();
      assertThat(escaped).as("exceptions escaping ask").isEmpty();
      assertThat(writes.get()).as("re-ingests during the run").isGreaterThanOrEqualTo(2);
      assertThat(versionViews[1])
          .as("prompts that saw version 1 of a changed document")
          .isPositive();
      assertThat(versionViews[2])
          .as("prompts that saw version 2 of a changed document")
          .isPositive();
      assertThat(problems).as("results that do not check out against their own trace").isEmpty();
      assertThat(rejected).isEqualTo(phantoms);
      assertThat(answered).isEqualTo(REQUESTS - phantoms);
    }
  }

  static boolean phantom(String nonce) {
    return Integer.parseInt(nonce.substring(1)) % 10 == 3;
  }

  static Map<String, Set<String>> chunkIds(List<Document> docs) {
    Map<String, Set<String>> out = new HashMap<>();
    for (Chunk c : Stack.chunks(docs)) {
      out.computeIfAbsent(c.docId(), k -> new HashSet<>()).add(c.id());
    }
    return out;
  }

  private static String collapse(String text) {
    return text.strip().replaceAll("\\s+", " ");
  }
}
