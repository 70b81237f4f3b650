/**
 * Wire-level fakes of the Gemini and Ollama REST APIs on OkHttp's MockWebServer, scripted with
 * answer objects and speaking the providers' exact JSON.
 *
 * <p>Nullness is declared once here: everything is non-null unless marked {@code @Nullable}.
 */
@NullMarked
package dev.citerag.testkit.wire;

import org.jspecify.annotations.NullMarked;
