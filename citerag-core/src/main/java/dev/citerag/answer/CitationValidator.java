package dev.citerag.answer;

import java.util.List;

/**
 * Gate 3: checks an answer against exactly the sources sent in the call that produced it. It checks
 * membership and quotation, not truth: a real quote attached to a false claim passes.
 * Implementations are thread-safe.
 */
public interface CitationValidator {

  ValidationReport validate(ModelAnswer answer, List<SentSource> sent);
}
