package dev.citerag.examples.internal;

import dev.citerag.ingest.Document;
import dev.citerag.testkit.golden.GoldenCorpus;
import java.util.List;

/**
 * The bundled sample corpus: the testkit's golden corpus, the internal documentation of a fictional
 * platform team (deploys, rollbacks, on-call, feature flags, ...), each document with front matter
 * metadata such as {@code team} and {@code owner}.
 */
public final class SampleCorpus {
  private SampleCorpus() {}

  /** The corpus documents, sorted by id, exactly as the testkit's evaluations see them. */
  public static List<Document> documents() {
    return GoldenCorpus.load();
  }
}
