/**
 * JUnit 5 integration: {@link dev.citerag.testkit.junit.CiteragFakes} injects fresh fakes into test
 * methods and closes them afterwards.
 *
 * <p>Nullness is declared once here: everything is non-null unless marked {@code @Nullable}.
 */
@NullMarked
package dev.citerag.testkit.junit;

import org.jspecify.annotations.NullMarked;
