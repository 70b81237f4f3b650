/**
 * The support rules' entry points: {@link dev.citerag.verify.RuleSupportVerifier} and {@link
 * dev.citerag.verify.Lexicon}.
 */
@NullMarked
package dev.citerag.verify;

import org.jspecify.annotations.NullMarked;
