/**
 * Spring Boot auto-configuration of citerag: {@link
 * dev.citerag.spring.boot.CiteragAutoConfiguration} and its {@code citerag.*} properties, {@link
 * dev.citerag.spring.boot.CiteragProperties}.
 */
@NullMarked
package dev.citerag.spring.boot;

import org.jspecify.annotations.NullMarked;
