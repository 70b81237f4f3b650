/**
 * Claude through the Anthropic Messages API: {@link dev.citerag.anthropic.AnthropicChatModel}, a
 * chat model for the answer contract's JSON, and its {@linkplain
 * dev.citerag.anthropic.AnthropicChatModel#answerGenerator() answer generator}, which sends the
 * sources as citable documents and re-verifies Claude's own citations.
 */
@NullMarked
package dev.citerag.anthropic;

import org.jspecify.annotations.NullMarked;
