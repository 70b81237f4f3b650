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
 * End to end, as a new user would try it: {@code citerag ask --docs DIR} over a folder of ordinary
 * documents with the offline default stack (ONNX embedder, extractive generator). A question the
 * documents answer is answered; its near misses (another region, another service, a level the table
 * lacks, the opposite component, another period) abstain with exit status 2, naming the term.
 */
class QuestionCoverageCliTest {

  @TempDir static Path docs;

  @BeforeAll
  static void writeDocuments() throws IOException {
    Map<String, String> files =
        Map.of(
            "expenses.md",
            """
            # Expenses

            ## Hotels

            The hotel limit per night is 180 EUR in Europe and North America.
            Bookings above the limit need approval from your manager.
            """,
            "observability.md",
            """
            # Observability

            ## Error budgets

            The checkout service has a monthly error budget of 43 minutes.
            Alerts page the on-call engineer when half of it is spent.
            """,
            "support.md",
            """
            # Support

            ## Escalation

            | Severity | Acknowledge | Update stakeholders |
            |---|---|---|
            | SEV1 | within 5 minutes | every 30 minutes |
            | SEV2 | within 30 minutes | every 2 hours |
            """,
            "builds.md",
            """
            # Builds

            ## Caching

            The local build cache keeps artifacts for 14 days on each workstation.
            """,
            "reports.md",
            """
            # Reporting

            ## Usage reports

            A weekly usage report is emailed to every team lead on Mondays.
            """);
    for (Map.Entry<String, String> f : files.entrySet()) {
      Files.writeString(docs.resolve(f.getKey()), f.getValue(), StandardCharsets.UTF_8);
    }
  }

  static CommandLineTest.Run ask(String question) {
    return askIn(docs, question);
  }

  /** {@code citerag ask --docs DIR --model extractive QUESTION}. */
  static CommandLineTest.Run askIn(Path dir, String question) {
    return CommandLineTest.run(
        Map.of(), "ask", "--docs", dir.toString(), "--model", "extractive", question);
  }

  static void abstainsNaming(String question, String term) {
    CommandLineTest.Run r = ask(question);
    assertThat(r.status()).as("%s -> %s", question, r).isEqualTo(Main.EXIT_ABSTAINED);
    assertThat(r.out() + r.err()).as(question).contains(term);
  }

  @Test
  void answers_what_the_documents_say() {
    CommandLineTest.Run r = ask("What is the hotel limit per night in Europe?");
    assertThat(r.status()).as("%s", r).isEqualTo(Main.EXIT_OK);
    assertThat(r.out()).contains("180 EUR");
  }

  @Test
  void near_misses_abstain_naming_what_the_documents_do_not_cover() {
    abstainsNaming("What is the hotel limit per night in Asia?", "asia");
    abstainsNaming("What is the monthly error budget of the payments service?", "payments");
    abstainsNaming("Within how long must a SEV3 be acknowledged?", "sev3");
    abstainsNaming("How long does the remote build cache keep artifacts?", "remote");
    abstainsNaming("Who receives the monthly usage report?", "monthly");
  }
}
