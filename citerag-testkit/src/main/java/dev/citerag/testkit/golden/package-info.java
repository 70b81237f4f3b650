/**
 * Golden cases (labelled questions in JSONL) and the golden corpus they are labelled against:
 * internal documentation of a fictional platform team.
 *
 * <p>Nullness is declared once here: everything is non-null unless marked {@code @Nullable}.
 */
@NullMarked
package dev.citerag.testkit.golden;

import org.jspecify.annotations.NullMarked;
