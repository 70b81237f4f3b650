package dev.citerag.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.examples.Main;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * End to end with the offline default stack: an answer drawn from a table row of a runbook is
 * printed readable, with its column headers, and cites the document's own row.
 */
class TableRowsCliTest {

  @TempDir static Path docs;

  @BeforeAll
  static void writeDocuments() throws IOException {
    Map<String, String> files =
        Map.of(
            "incidents.md",
            """
            # Incident runbook

            ## Response times

            Every incident gets a severity when it is opened.

            | Severity | Acknowledge within | Update stakeholders every |
            |---|---|---|
            | SEV1 | 5 minutes | 30 minutes |
            | SEV2 | 15 minutes | 2 hours |
            """,
            "quotas.md",
            """
            # API quotas

            ## Limits per region

            | Region | Requests per minute | Storage per tenant |
            |---|---|---|
            | eu-west | 1200 requests | 500 GB |
            | us-east | 2000 requests | 1 TB |
            """);
    for (Map.Entry<String, String> f : files.entrySet()) {
      Files.writeString(docs.resolve(f.getKey()), f.getValue(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void a_severity_row_is_answered_readable_and_cites_the_row() {
    CommandLineTest.Run r =
        QuestionCoverageCliTest.askIn(
            docs, "How soon must a SEV1 be acknowledged and stakeholders updated?");
    assertThat(r.status()).as("%s", r).isEqualTo(Main.EXIT_OK);
    assertThat(r.out())
        .contains("SEV1: acknowledge within 5 minutes; update stakeholders every 30 minutes")
        .contains("| SEV1 | 5 minutes | 30 minutes |");
  }

  @Test
  void a_regional_limit_is_answered_with_its_headers() {
    CommandLineTest.Run r =
        QuestionCoverageCliTest.askIn(docs, "How many requests per minute are allowed in eu-west?");
    assertThat(r.status()).as("%s", r).isEqualTo(Main.EXIT_OK);
    assertThat(r.out()).contains("eu-west: requests per minute 1200 requests");
  }
}
