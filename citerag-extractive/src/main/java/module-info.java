/**
 * The extractive answerer: {@link dev.citerag.extractive.ExtractiveGenerator}, an answer generator
 * that needs no model. Exports its API package only.
 */
module dev.citerag.extractive {
  requires transitive dev.citerag.core;
  requires com.fasterxml.jackson.databind;
  requires static transitive org.jspecify;

  exports dev.citerag.extractive;
}
