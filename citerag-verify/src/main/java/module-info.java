/**
 * Deterministic support rules built on lexical knowledge: {@link
 * dev.citerag.verify.RuleSupportVerifier}, a {@link dev.citerag.answer.SupportVerifier} that checks
 * quantities, polarity, roles and content share with synonyms and derivations, and {@link
 * dev.citerag.verify.Lexicon}, WordNet 3.1 loaded once, lazily, from its Maven artifact.
 */
// extJWNL and its data jar have no module-info and no Automatic-Module-Name: their names come from
// the jar file names (extjwnl, extjwnl.data.wn31)
@SuppressWarnings({"requires-automatic", "requires-transitive-automatic"})
module dev.citerag.verify {
  requires transitive dev.citerag.core;
  requires extjwnl;
  requires extjwnl.data.wn31;
  requires com.ibm.icu;
  requires org.slf4j;
  requires static transitive org.jspecify;

  exports dev.citerag.verify;
  // extJWNL instantiates the WordNet file reader named in its configuration (WordNetResourceFile)
  exports dev.citerag.verify.internal to
      extjwnl;
}
