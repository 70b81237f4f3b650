/** Shared fixtures of the reliability tests: stacks, provider stubs, figures. */
@NullMarked
package dev.citerag.reliability.support;

import org.jspecify.annotations.NullMarked;
