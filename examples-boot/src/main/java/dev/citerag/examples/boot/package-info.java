/** A Spring Boot application on citerag's starter: {@code POST /ask} returns the answer JSON. */
@NullMarked
package dev.citerag.examples.boot;

import org.jspecify.annotations.NullMarked;
