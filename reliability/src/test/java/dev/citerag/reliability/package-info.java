/**
 * Reliability and security tests: hostile replies, prompt injection, provider and database faults,
 * concurrency, fuzzing, secrets and access control. Every test is bounded in time and count and
 * writes its figures to {@code target/reliability-figures.md} (see {@link
 * dev.citerag.reliability.support.Figures}).
 */
@NullMarked
package dev.citerag.reliability;

import org.jspecify.annotations.NullMarked;
