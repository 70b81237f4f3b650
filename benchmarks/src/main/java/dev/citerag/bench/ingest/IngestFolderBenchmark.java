package dev.citerag.bench.ingest;

import static dev.citerag.bench.harness.Report.f;

import dev.citerag.bench.harness.Report;
import dev.citerag.bench.pg.PgEnv;
import dev.citerag.embed.DocumentText;
import dev.citerag.embed.Embedder;
import dev.citerag.embed.EmbedderIdentity;
import dev.citerag.embed.LocalHashingEmbedder;
import dev.citerag.ingest.Document;
import dev.citerag.ingest.IngestReport;
import dev.citerag.ingest.Ingestor;
import dev.citerag.ingest.MarkdownChunker;
import dev.citerag.loaders.FolderLoader;
import dev.citerag.loaders.Loaders;
import dev.citerag.onnx.OnnxEmbedder;
import dev.citerag.pgvector.PgVectorStore;
import dev.citerag.store.CollectionIdentity;
import dev.citerag.store.DocumentChunks;
import dev.citerag.store.Filter;
import dev.citerag.store.InMemoryVectorStore;
import dev.citerag.store.MetadataValue;
import dev.citerag.store.SearchHit;
import dev.citerag.store.VectorStore;
import dev.citerag.store.WriteResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;
import org.apache.pdfbox.pdmodel.interactive.documentnavigation.destination.PDPageFitDestination;
import org.apache.pdfbox.pdmodel.interactive.documentnavigation.outline.PDDocumentOutline;
import org.apache.pdfbox.pdmodel.interactive.documentnavigation.outline.PDOutlineItem;
import org.jspecify.annotations.Nullable;

/**
 * A folder of 1,000 generated files (40 % Markdown with front matter, 30 % HTML with navigation, 30
 * % PDF of three pages with an outline) ingested end to end with the hashing embedder (or the
 * in-process ONNX one: {@code -Dbench.ingest.embedder=onnx}, its model load not counted): load
 * (parse), chunk, embed, write, into the in-memory store and into pgvector. Loading runs with 1
 * thread and with the default, interleaved over rounds; the ingest phases are timed by wrapping the
 * embedder and the store.
 */
public final class IngestFolderBenchmark {
  private IngestFolderBenchmark() {}

  private static final String[] WORDS =
      ("deploy rollback service cluster backup restore quota token"
              + " schedule window approval incident severity pager runbook migration schema index replica"
              + " latency budget alert dashboard secret rotation certificate network firewall storage bucket"
              + " retention archive invoice ledger payroll badge access request review owner team")
          .split(" ");

  public static void run(@Nullable String jdbc, int files, int rounds, Report report)
      throws Exception {
    String kind = System.getProperty("bench.ingest.embedder", "local");
    switch (kind) {
      case "local" -> run(jdbc, files, rounds, report, new LocalHashingEmbedder(), "hashing");
      case "onnx" -> {
        try (OnnxEmbedder onnx = OnnxEmbedder.builder().build()) {
          run(jdbc, files, rounds, report, onnx, "ONNX bge-small-en-v1.5, in process");
        }
      }
      default ->
          throw new IllegalArgumentException(
              "bench.ingest.embedder must be local or onnx, was " + kind);
    }
  }

  private static void run(
      @Nullable String jdbc, int files, int rounds, Report report, Embedder embedder, String name)
      throws Exception {
    Path dir = Files.createTempDirectory("citerag-bench-ingest");
    try {
      long bytes = generate(dir, files, new Random(42));
      report.heading(
          f("Ingesting a folder of %,d mixed files end to end (%s embedder)", files, name));
      report.line(
          f(
              "%,d files, %.1f MB: %d %% Markdown with front matter, %d %% HTML with navigation, %d %% PDF"
                  + " (3 pages, outline), generated with a fixed seed. Load rounds interleave 1 thread and the default (%d);"
                  + " medians of %d rounds.",
              files, bytes / 1e6, 40, 30, 30, defaultThreads(), rounds));
      report.blank();

      List<Long> one = new ArrayList<>();
      List<Long> many = new ArrayList<>();
      List<Document> docs = List.of();
      for (int r = 0; r < rounds; r++) {
        long t0 = System.nanoTime();
        FolderLoader.Result a = Loaders.folderLoader().threads(1).build().load(List.of(dir));
        one.add(System.nanoTime() - t0);
        t0 = System.nanoTime();
        FolderLoader.Result b = Loaders.folderLoader().build().load(List.of(dir));
        many.add(System.nanoTime() - t0);
        if (!a.skipped().isEmpty()
            || a.documents().size() != files
            || !a.documents().equals(b.documents())) {
          throw new AssertionError("load lost files: " + a.skipped());
        }
        docs = b.documents();
      }
      long loadOne = median(one);
      long loadMany = median(many);

      long t0 = System.nanoTime();
      int chunks = 0;
      MarkdownChunker chunker = new MarkdownChunker();
      for (Document d : docs) {
        chunks += chunker.chunk(d).size();
      }
      long chunkNs = System.nanoTime() - t0;

      report.header("phase", "time", "rate");
      report.row(
          "load (read + parse), 1 thread", ms(loadOne), f("%,.0f files/s", files / s(loadOne)));
      report.row(
          f("load (read + parse), %d threads", defaultThreads()),
          ms(loadMany),
          f("%,.0f files/s", files / s(loadMany)));
      report.row(
          "chunk (MarkdownChunker, default settings)",
          ms(chunkNs),
          f("%,.0f chunks/s (%,d chunks)", chunks / s(chunkNs), chunks));
      report.blank();

      Phase mem = ingest(new InMemoryVectorStore(embedder.identity().dimensions()), docs, embedder);
      report.header(
          "ingest into",
          "end to end (load + ingest)",
          "files/s",
          "chunks/s",
          "chunk + other",
          "embed",
          "write");
      row(report, "in-memory store", mem, loadMany, files);
      if (jdbc != null || System.getenv("CITERAG_BENCH_SKIP_PG") == null) {
        try (PgEnv env = PgEnv.open(jdbc);
            var pool = env.pool("ingest", 4);
            PgVectorStore store =
                PgVectorStore.builder()
                    .dataSource(pool)
                    .collection("ingest_folder")
                    .dimensions(embedder.identity().dimensions())
                    .build()) {
          Phase pg = ingest(store, docs, embedder);
          row(report, "pgvector (empty collection: one bulk write)", pg, loadMany, files);
          List<Document> changed = new ArrayList<>();
          for (Document d : docs) {
            changed.add(d.withMetadata(MetadataValue.strings(Map.of("rev", "2"))));
          }
          Phase pg2 = ingest(store, changed, embedder);
          row(
              report,
              "pgvector, every document changed (batched writes overlapping embedding)",
              pg2,
              loadMany,
              files);
        }
      }
      report.blank();
      report.line(
          "End to end = the default load plus `Ingestor.ingest` (chunk, embed, write). \"chunk + other\""
              + " is the ingest time outside the embedder and the store (chunking, hashing, bookkeeping); with"
              + " overlapping batches, embed and write run at the same time, so their sum can exceed the total.");
    } finally {
      try (var s = Files.walk(dir)) {
        s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }

  private static int defaultThreads() {
    return Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));
  }

  private record Phase(long totalNs, long embedNs, long writeNs, int chunks) {}

  private static Phase ingest(VectorStore store, List<Document> docs, Embedder base) {
    AtomicLong embedNs = new AtomicLong();
    AtomicLong writeNs = new AtomicLong();
    Embedder timed =
        new Embedder() {
          @Override
          public List<float[]> embedDocuments(List<DocumentText> documents) {
            long t = System.nanoTime();
            try {
              return base.embedDocuments(documents);
            } finally {
              embedNs.addAndGet(System.nanoTime() - t);
            }
          }

          @Override
          public float[] embedQuery(String query) {
            return base.embedQuery(query);
          }

          @Override
          public EmbedderIdentity identity() {
            return base.identity();
          }
        };
    VectorStore timedStore = new TimedStore(store, writeNs);
    long t0 = System.nanoTime();
    IngestReport r = Ingestor.builder().embedder(timed).store(timedStore).build().ingest(docs);
    long total = System.nanoTime() - t0;
    return new Phase(total, embedNs.get(), writeNs.get(), r.chunksWritten());
  }

  private static void row(Report report, String what, Phase p, long loadNs, int files) {
    long e2e = loadNs + p.totalNs;
    long other = Math.max(0, p.totalNs - p.embedNs - p.writeNs);
    report.row(
        what,
        f("%s (ingest %s)", ms(e2e), ms(p.totalNs)),
        f("%,.0f", files / s(e2e)),
        f("%,.0f (%,d chunks)", p.chunks / s(e2e), p.chunks),
        ms(other),
        ms(p.embedNs),
        ms(p.writeNs));
  }

  /** Forwards to a store, timing writes. */
  private static final class TimedStore implements VectorStore {
    private final VectorStore d;
    private final AtomicLong writeNs;

    TimedStore(VectorStore d, AtomicLong writeNs) {
      this.d = d;
      this.writeNs = writeNs;
    }

    @Override
    public int dimensions() {
      return d.dimensions();
    }

    @Override
    public void ensureIdentity(CollectionIdentity identity) {
      d.ensureIdentity(identity);
    }

    @Override
    public Optional<CollectionIdentity> identity() {
      return d.identity();
    }

    @Override
    public Map<String, String> documentHashes(Collection<String> docIds) {
      return d.documentHashes(docIds);
    }

    @Override
    public boolean deleteDocument(String docId) {
      return d.deleteDocument(docId);
    }

    @Override
    public java.util.Set<String> documentIds() {
      return d.documentIds();
    }

    @Override
    public long chunkCount() {
      return d.chunkCount();
    }

    @Override
    public List<SearchHit> denseSearch(float[] q, int k, Filter f) {
      return d.denseSearch(q, k, f);
    }

    @Override
    public List<SearchHit> lexicalSearch(String q, int k, Filter f) {
      return d.lexicalSearch(q, k, f);
    }

    @Override
    public WriteResult write(List<DocumentChunks> documents) {
      long t = System.nanoTime();
      try {
        return d.write(documents);
      } finally {
        writeNs.addAndGet(System.nanoTime() - t);
      }
    }
  }

  // ------------------------------------------------------------------ corpus

  static long generate(Path dir, int files, Random rnd) throws IOException {
    long bytes = 0;
    for (int i = 0; i < files; i++) {
      int kind = i % 10;
      Path sub = dir.resolve("area-" + (i % 17));
      Files.createDirectories(sub);
      if (kind < 4) {
        StringBuilder b =
            new StringBuilder(
                "---\nteam: team-" + (i % 7) + "\nowner: owner-" + (i % 13) + "\n---\n");
        b.append("# Guide ").append(i).append("\n\n");
        for (int s = 0; s < 5; s++) {
          b.append("## Section ").append(s).append("\n\n");
          for (int p = 0; p < 3; p++) {
            b.append(paragraph(rnd, 4)).append("\n\n");
          }
        }
        Path f = sub.resolve("guide-" + i + ".md");
        Files.writeString(f, b, StandardCharsets.UTF_8);
        bytes += Files.size(f);
      } else if (kind < 7) {
        StringBuilder b =
            new StringBuilder(
                "<!doctype html><html><head><title>Page "
                    + i
                    + "</title>"
                    + "<style>body{font:14px sans-serif}</style><script>var x=1;</script></head><body>"
                    + "<nav><a href='/'>Home</a> <a href='/a'>Area</a> <a href='/b'>Help</a></nav><main><h1>Page "
                    + i
                    + "</h1>");
        for (int s = 0; s < 5; s++) {
          b.append("<h2>Topic ").append(s).append("</h2>");
          for (int p = 0; p < 3; p++) {
            b.append("<p>")
                .append(paragraph(rnd, 4))
                .append(" See <a href='/x'>the runbook</a>.</p>");
          }
          b.append("<ul><li>")
              .append(sentence(rnd))
              .append("</li><li>")
              .append(sentence(rnd))
              .append("</li></ul>");
        }
        b.append("</main><footer>Internal documentation</footer></body></html>");
        Path f = sub.resolve("page-" + i + ".html");
        Files.writeString(f, b, StandardCharsets.UTF_8);
        bytes += Files.size(f);
      } else {
        Path f = sub.resolve("manual-" + i + ".pdf");
        pdf(f, i, rnd);
        bytes += Files.size(f);
      }
    }
    return bytes;
  }

  private static void pdf(Path file, int n, Random rnd) throws IOException {
    try (PDDocument doc = new PDDocument()) {
      PDType1Font font = new PDType1Font(Standard14Fonts.FontName.HELVETICA);
      PDDocumentOutline outline = new PDDocumentOutline();
      for (int p = 0; p < 3; p++) {
        PDPage page = new PDPage(PDRectangle.A4);
        doc.addPage(page);
        try (PDPageContentStream cs = new PDPageContentStream(doc, page)) {
          float y = 800;
          line(cs, font, y, "Manual " + n + " - internal");
          y -= 30;
          line(cs, font, y, "Chapter " + (p + 1));
          y -= 20;
          for (int l = 0; l < 30; l++) {
            line(cs, font, y, sentence(rnd) + " " + sentence(rnd));
            y -= 15;
          }
          line(cs, font, 40, "Page " + (p + 1) + " of 3");
        }
        PDOutlineItem item = new PDOutlineItem();
        item.setTitle("Chapter " + (p + 1));
        PDPageFitDestination dest = new PDPageFitDestination();
        dest.setPage(page);
        item.setDestination(dest);
        outline.addLast(item);
      }
      doc.getDocumentCatalog().setDocumentOutline(outline);
      doc.save(file.toFile());
    }
  }

  private static void line(PDPageContentStream cs, PDType1Font font, float y, String s)
      throws IOException {
    cs.beginText();
    cs.setFont(font, 9);
    cs.newLineAtOffset(40, y);
    cs.showText(s);
    cs.endText();
  }

  private static String paragraph(Random rnd, int sentences) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < sentences; i++) {
      if (i > 0) {
        b.append(' ');
      }
      b.append(sentence(rnd));
    }
    return b.toString();
  }

  private static String sentence(Random rnd) {
    int n = 6 + rnd.nextInt(6);
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < n; i++) {
      String w = WORDS[rnd.nextInt(WORDS.length)];
      b.append(i == 0 ? Character.toUpperCase(w.charAt(0)) + w.substring(1) : w)
          .append(i == n - 1 ? "." : " ");
    }
    return b.toString();
  }

  private static long median(List<Long> xs) {
    List<Long> s = new ArrayList<>(xs);
    s.sort(null);
    return s.get(s.size() / 2);
  }

  private static double s(long ns) {
    return ns / 1e9;
  }

  private static String ms(long ns) {
    return f("%,.0f ms", ns / 1e6);
  }
}
