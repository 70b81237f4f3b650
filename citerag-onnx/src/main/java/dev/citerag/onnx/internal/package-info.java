/** Implementation of citerag-onnx: tokenizer binding, length bucketing, hashing. Not API. */
@NullMarked
package dev.citerag.onnx.internal;

import org.jspecify.annotations.NullMarked;
