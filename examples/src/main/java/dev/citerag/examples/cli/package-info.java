/**
 * The {@code citerag} command line on picocli: one class per subcommand, option groups shared as
 * mixins, converters that check every value while parsing (so a bad option fails before any work
 * starts, naming the option and the rule), and the handlers that turn picocli's errors into the
 * command line's messages and exit statuses. Not an API: anything here may change.
 */
@NullMarked
package dev.citerag.examples.cli;

import org.jspecify.annotations.NullMarked;
