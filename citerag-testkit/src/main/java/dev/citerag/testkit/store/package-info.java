/**
 * {@link dev.citerag.testkit.store.VectorStoreContract}: the behaviour every {@link
 * dev.citerag.store.VectorStore} must show, as an abstract JUnit 5 test class to extend.
 */
@NullMarked
package dev.citerag.testkit.store;

import org.jspecify.annotations.NullMarked;
