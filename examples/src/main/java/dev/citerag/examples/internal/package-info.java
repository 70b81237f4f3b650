/**
 * Implementation of the command line and the web demo: argument parsing, document loading, the JSON
 * and text renderings of a result. Not an API: anything here may change.
 */
@NullMarked
package dev.citerag.examples.internal;

import org.jspecify.annotations.NullMarked;
