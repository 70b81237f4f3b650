/**
 * The reranker port: a model that reorders retrieved passages by reading them with the question.
 */
@NullMarked
package dev.citerag.rerank;

import org.jspecify.annotations.NullMarked;
