/**
 * The web demo: a small HTTP server with a question page and JSON endpoints, bound to the loopback
 * address by default. Nullness is declared once here.
 */
@NullMarked
package dev.citerag.examples.web;

import org.jspecify.annotations.NullMarked;
