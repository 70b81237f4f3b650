/**
 * Full-text analysers beyond English for citerag's in-memory store: {@link
 * dev.citerag.analysis.SnowballAnalyzer}, Lucene's Snowball stemmers and stop-word lists behind
 * core's {@link dev.citerag.text.TextAnalyzer} port, so that core stays on the JDK alone.
 */
module dev.citerag.analysis {
  requires transitive dev.citerag.core;
  requires org.apache.lucene.analysis.common;
  requires org.apache.lucene.core;
  requires static transitive org.jspecify;

  exports dev.citerag.analysis;
}
