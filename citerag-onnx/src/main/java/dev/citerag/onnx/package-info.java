/**
 * In-process semantic embeddings: {@link dev.citerag.onnx.OnnxEmbedder} runs a sentence-embedding
 * model (by default bge-small-en-v1.5, int8-quantised) with ONNX Runtime and the HuggingFace
 * tokenizer, on the CPU, with nothing downloaded at run time.
 *
 * <p>Entry points: {@link dev.citerag.onnx.OnnxEmbedder#builder()} and the presets of {@link
 * dev.citerag.onnx.OnnxModel}. Everything in {@code dev.citerag.onnx.internal} is not API.
 */
@NullMarked
package dev.citerag.onnx;

import org.jspecify.annotations.NullMarked;
