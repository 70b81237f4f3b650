package dev.citerag.examples.cli;

import dev.citerag.examples.Main;
import dev.citerag.examples.internal.DocsFolder;
import dev.citerag.examples.internal.Engine;
import dev.citerag.examples.internal.EngineOptions;
import dev.citerag.examples.internal.ProgressBar;
import dev.citerag.examples.internal.ResultJson;
import dev.citerag.examples.internal.SampleCorpus;
import dev.citerag.examples.internal.TextOutput;
import dev.citerag.ingest.Document;
import dev.citerag.ingest.IngestReport;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code citerag ingest}: stores documents in pgvector, in step with the paths. */
@Command(
    name = "ingest",
    description = {
      "Store documents in pgvector (idempotent, in step with the PATHs).",
      "Stores Markdown/text/HTML/PDF files (directories recursively; the bundled sample corpus"
          + " when no PATH is given) in pgvector. Unchanged documents are skipped, so a second run"
          + " writes nothing; stored documents that are no longer among the PATHs are removed"
          + " (--keep-missing keeps them)."
    })
final class IngestCommand implements Callable<Integer>, EngineCommand {
  private final Context ctx;

  @Option(
      names = "--store",
      paramLabel = "URL",
      required = true,
      converter = OptionValues.StoreUrl.class,
      description =
          "jdbc:postgresql://host:port/db?user=.. or postgresql://user@host:port/db (required: the"
              + " in-memory store keeps nothing after the command ends)")
  private String store = "";

  @Option(
      names = "--keep-missing",
      description = "keep stored documents that are not among the PATHs")
  private boolean keepMissing;

  @Option(
      names = "--collection",
      paramLabel = "NAME",
      defaultValue = EngineOptions.DEFAULT_COLLECTION,
      converter = OptionValues.Collection.class,
      description = ReadOptions.COLLECTION)
  private String collection = EngineOptions.DEFAULT_COLLECTION;

  @Option(
      names = "--embedder",
      paramLabel = "EMBEDDER",
      defaultValue = EngineOptions.DEFAULT_EMBEDDER,
      converter = OptionValues.Embedders.class,
      completionCandidates = OptionValues.Embedders.class,
      description = ReadOptions.EMBEDDER)
  private String embedder = EngineOptions.DEFAULT_EMBEDDER;

  @Option(
      names = "--language",
      paramLabel = "NAME",
      converter = OptionValues.Languages.class,
      completionCandidates = OptionValues.Languages.class,
      description =
          "text-search configuration a new collection is created with (default: english); an"
              + " existing collection must have it")
  private @Nullable String language;

  @Option(names = "--json", description = "print the summary as JSON")
  private boolean json;

  @Mixin private CommonOptions common = new CommonOptions();

  @Parameters(
      paramLabel = "PATH",
      arity = "0..*",
      description = "files or directories to store (the sample corpus when none)")
  private List<Path> paths = new ArrayList<>();

  IngestCommand(Context ctx) {
    this.ctx = ctx;
  }

  @Override
  public EngineOptions engineOptions() {
    return EngineOptions.forIngest(store, collection, embedder, common.verbose())
        .withLanguage(Optional.ofNullable(language));
  }

  @Override
  public String missingArguments() {
    return "ingest needs --store jdbc:postgresql://...: the in-memory store keeps nothing after the"
        + " command ends";
  }

  @Override
  public Integer call() {
    EngineCommand.logging(common.verbose());
    List<Document> documents;
    if (paths.isEmpty()) {
      documents = SampleCorpus.documents();
    } else {
      documents = DocsFolder.load(paths, ctx.err(), common.verbose());
      if (documents.isEmpty()) {
        List<String> named = new ArrayList<>();
        paths.forEach(p -> named.add(p.toString()));
        throw new IllegalArgumentException(
            "no " + DocsFolder.TYPES + " file could be loaded from " + String.join(", ", named));
      }
    }
    try (Engine engine = Engine.open(engineOptions(), ctx.env(), ctx.err(), Engine.Mode.INGEST)) {
      ProgressBar bar = new ProgressBar(ctx.err());
      IngestReport report;
      try {
        // By default the collection mirrors the paths: a file deleted from them is removed.
        report = keepMissing ? engine.ingest(documents, bar) : engine.sync(documents, bar);
      } finally {
        bar.finish();
      }
      long stored = engine.store().chunkCount();
      if (json) {
        var node = ResultJson.ingest(report);
        node.put("chunks_in_store", stored);
        ctx.out().println(ResultJson.pretty(node));
      } else {
        ctx.out().print(TextOutput.ingest(report, engine.storeLabel(), stored));
      }
      return Main.EXIT_OK;
    }
  }
}
