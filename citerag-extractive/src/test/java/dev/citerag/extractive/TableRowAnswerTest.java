package dev.citerag.extractive;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.extractive.internal.ExtractiveReader;
import dev.citerag.pipeline.RagPipeline;
import dev.citerag.pipeline.RagResult;
import dev.citerag.pipeline.ResolvedCitation;
import org.junit.jupiter.api.Test;

/** An answer drawn from a table row is served readable, citing the row and its header verbatim. */
class TableRowAnswerTest {

  private static final String HEADER =
      "| Severity | Acknowledge within | Update stakeholders every |";
  private static final String SEV1 = "| SEV1 | 5 minutes | 30 minutes |";
  private static final String RUNBOOK =
      "# Incident response\n\n## Severity levels\n\n"
          + "Each incident gets a severity when it is opened.\n\n"
          + HEADER
          + "\n|---|---|---|\n"
          + SEV1
          + "\n| SEV2 | 15 minutes | 2 hours |\n| SEV3 | 1 business day | daily |\n";

  private static final String LIMITS =
      "# Travel policy\n\n## Limits per region\n\n"
          + "| Region | Hotel limit per night | Meal allowance per day |\n"
          + "|:--|--:|--:|\n"
          + "| Europe | 180 EUR | 60 EUR |\n"
          + "| Asia | 150 USD | 45 USD |\n";

  @Test
  void reads_a_row_with_its_column_headers() {
    assertThat(ExtractiveGenerator.readableRow(SEV1, HEADER))
        .isEqualTo("SEV1: acknowledge within 5 minutes; update stakeholders every 30 minutes");
    assertThat(ExtractiveGenerator.readableRow("| SLA | 99.9% |", "| Name | SLA target |"))
        .isEqualTo("SLA: SLA target 99.9%");
    assertThat(ExtractiveGenerator.readableRow("| SEV1 | 5 minutes |", HEADER)).isNull();
  }

  @Test
  void a_header_row_too_short_to_quote_leaves_the_row_as_it_is() {
    assertThat(
            ExtractiveGenerator.tableClaim(
                new ExtractiveReader.Pick(
                    "s1", "| Asia | 150 USD per night |", "| Region | Limit |")))
        .isNull();
  }

  @Test
  void a_severity_row_is_served_readable_with_the_row_and_header_as_its_quotes() {
    RagPipeline rag = ExtractivePipelineTest.pipeline(RUNBOOK);
    RagResult r = rag.ask("When must we acknowledge a SEV1 and update stakeholders?");
    assertThat(r)
        .isInstanceOfSatisfying(
            RagResult.Answered.class,
            a -> {
              assertThat(a.answer())
                  .isEqualTo(
                      "SEV1: acknowledge within 5 minutes; update stakeholders every 30 minutes");
              assertThat(a.citations())
                  .extracting(ResolvedCitation::quote)
                  .containsExactly(SEV1, HEADER);
            });
  }

  @Test
  void a_regional_limit_is_served_with_its_headers_and_the_other_region_is_not() {
    RagPipeline rag = ExtractivePipelineTest.pipeline(LIMITS);
    RagResult r = rag.ask("What is the hotel limit per night in Asia?");
    assertThat(r)
        .isInstanceOfSatisfying(
            RagResult.Answered.class,
            a -> {
              assertThat(a.answer()).startsWith("Asia: hotel limit per night 150 USD");
              assertThat(a.answer()).doesNotContain("180");
            });
  }
}
