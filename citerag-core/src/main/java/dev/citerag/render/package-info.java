/**
 * Showing a result to people and programs: {@link dev.citerag.render.CitedAnswer} lays a verified
 * answer out as text segments followed by {@code [n]} markers and numbered references; {@link
 * dev.citerag.render.AnswerRenderer} prints that layout as plain text, Markdown or escaped HTML;
 * {@link dev.citerag.render.ResultJson} writes any result (and retrieval hits) as the JSON the
 * command line's {@code --json} and the web demo use. Markers come only from validated citations: a
 * bracketed number that the answer text itself contains is shown as {@code (n)}.
 *
 * <p>Nullness is declared once here: everything is non-null unless marked {@code @Nullable}.
 */
@NullMarked
package dev.citerag.render;

import org.jspecify.annotations.NullMarked;
