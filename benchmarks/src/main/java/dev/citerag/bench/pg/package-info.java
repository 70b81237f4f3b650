/** Sections 2 and 3: pgvector load and search, citerag against LangChain4j and bare JDBC. */
@NullMarked
package dev.citerag.bench.pg;

import org.jspecify.annotations.NullMarked;
