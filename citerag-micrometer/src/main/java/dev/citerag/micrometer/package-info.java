/**
 * Micrometer observations and meters from citerag's {@link dev.citerag.pipeline.RagListener}
 * events: {@link dev.citerag.micrometer.MicrometerRagListener}.
 */
@NullMarked
package dev.citerag.micrometer;

import org.jspecify.annotations.NullMarked;
