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
 * End to end on nine ordinary internal documents (API limits, service catalogue, environments,
 * on-call rules, travel policy, pricing, planning calendar, release notes, support) with the
 * offline default stack: {@code citerag ask --docs DIR}. Honest questions are answered; one near
 * miss of each kind abstains with exit status 2 and the documented "not answered" message.
 */
class NearMissCliTest {

  @TempDir static Path docs;

  @BeforeAll
  static void writeDocuments() throws IOException {
    Map<String, String> files =
        Map.of(
            "api-limits.md",
            """
            # API limits

            ## Rate limits

            The v2 API allows 1,000 read requests per minute per API key.
            The v2 API allows 100 write requests per minute per API key.
            Requests above the limit receive status 429 with a Retry-After header.

            ## Payloads

            A single request body may be at most 10 MB.
            A batch call accepts up to 500 records.

            ## Webhooks

            Webhook deliveries are retried 8 times over 24 hours with exponential backoff.
            """,
            "service-catalogue.md",
            """
            # Service catalogue

            ## Checkout

            The checkout service is owned by the Payments Platform team.
            The checkout service has a p99 latency target of 250 ms.
            It runs in three availability zones and is a tier 1 service.

            ## Search

            The search service is owned by the Discovery team.
            The search service is a tier 2 service and runs in two availability zones.
            Search results are cached for 60 seconds at the edge.

            ## Inventory

            The inventory service is owned by the Fulfilment team.
            The inventory service has a p95 latency target of 120 ms.
            Stock levels are synchronised from the warehouses every 5 minutes.
            """,
            "environments.md",
            """
            # Environments

            ## Staging

            Staging is deployed automatically from the main branch after every merge.
            The staging database is refreshed from an anonymised production snapshot every Sunday.

            ## Production

            Production deployments happen on Tuesdays and Thursdays between 10:00 and 15:00 CET.
            A production deployment needs approval from one release manager.
            Production runs in the eu-west-1 and eu-central-1 regions.

            ## Freeze

            No production deployments are made during the last two weeks of December.
            """,
            "oncall.md",
            """
            # On-call rules

            ## Rota

            The primary on-call engineer is paged first; the secondary on-call engineer is paged after 10 minutes without acknowledgement.
            The rota hands over every Monday at 10:00 CET.
            A shift lasts one week, and no engineer is on call for more than two weeks in a row.

            ## Severity levels

            | Severity | Acknowledge within | Status updates |
            |---|---|---|
            | SEV1 | 5 minutes | every 30 minutes |
            | SEV2 | 15 minutes | every 2 hours |
            | SEV3 | 1 business day | daily |

            A SEV1 incident also opens a bridge call with the incident commander.

            ## Compensation

            On-call engineers receive 150 EUR for each weekend day on call.
            Time spent on a page outside working hours is given back as time off in lieu.
            """,
            "travel-expenses.md",
            """
            # Travel and expenses policy

            ## Hotels

            The nightly hotel limit depends on the region of the trip.

            | Region | Hotel limit per night | Currency |
            |---|---|---|
            | Europe | 180 | EUR |
            | North America | 240 | USD |
            | United Kingdom | 160 | GBP |

            Bookings above the limit need written approval from your cost centre manager.

            ## Meals

            The daily meal allowance is 45 EUR per traveller for trips inside Germany.
            Breakfast included in the room rate reduces the meal allowance by 9 EUR.

            ## Flights

            Economy class is booked for every flight shorter than six hours.
            Business class may be booked for flights longer than eight hours with director approval.

            ## Mileage

            Private cars are reimbursed at 0.30 EUR per kilometre driven on company business.
            """,
            "pricing.md",
            """
            # Pricing

            ## Plans

            | Plan | Price per month | Storage | Seats |
            |---|---|---|---|
            | Starter | 0 USD | 10 GB | 3 |
            | Team | 49 USD | 100 GB | 25 |
            | Business | 199 USD | 1 TB | 250 |

            Annual billing gives a discount of 20 percent on the Team and Business plans.

            ## Overage

            Storage above the plan's allowance is billed at 0.05 USD per GB per month.
            The Starter plan cannot buy extra storage.

            ## Trials

            A new account gets a 14-day trial of the Business plan without a credit card.
            """,
            "planning.md",
            """
            # Planning calendar

            ## Quarterly planning

            Q3 planning starts on 1 June and ends with the roadmap review on 30 June.
            The Q4 code freeze begins on 1 December.
            Each team presents its objectives at the quarterly business review.

            ## Budgets

            Hiring budgets are reviewed twice a year, in January and July.
            The travel budget for each engineer is 3,000 EUR per year.
            """,
            "release-notes.md",
            """
            # Release notes

            ## Version 4.3.0

            Released on 12 March 2026.
            Version 4.3.0 adds single sign-on with SAML for the Business plan.
            The export job now writes Parquet files as well as CSV.

            ## Version 4.2.0

            Released on 28 January 2026.
            Version 4.2.0 raises the maximum upload size from 100 MB to 250 MB.
            The mobile app drops support for Android 9.

            ## API deprecations

            The v1 API is deprecated and will be switched off on 30 September 2026.
            Clients should move to the v2 API, which uses cursor pagination.
            """,
            "support.md",
            """
            # Customer support

            ## Hours

            Support is staffed from Monday to Friday, 08:00 to 18:00 CET.
            On Saturdays only SEV1 incidents are handled, by the on-call engineer.

            ## Response times

            | Plan | First response |
            |---|---|
            | Team | 1 business day |
            | Business | 4 hours |

            ## Languages

            Support is offered in English, German and Portuguese.
            """);
    for (Map.Entry<String, String> f : files.entrySet()) {
      Files.writeString(docs.resolve(f.getKey()), f.getValue(), StandardCharsets.UTF_8);
    }
  }

  static CommandLineTest.Run ask(String question) {
    return QuestionCoverageCliTest.askIn(docs, question);
  }

  static void answers(String question, String expected) {
    CommandLineTest.Run r = ask(question);
    assertThat(r.status()).as("%s -> %s", question, r).isEqualTo(Main.EXIT_OK);
    assertThat(r.out()).as(question).contains(expected);
  }

  static void abstains(String question) {
    CommandLineTest.Run r = ask(question);
    assertThat(r.status()).as("%s -> %s", question, r).isEqualTo(Main.EXIT_ABSTAINED);
    assertThat(r.out()).as(question).contains("Not answered").contains("not_in_sources");
  }

  @Test
  void honest_questions_are_answered() {
    answers("How many read requests per minute does the v2 API allow?", "1,000");
    answers("What is the p95 latency target of the inventory service?", "120 ms");
    answers("How much can I spend on a hotel per night in North America?", "240");
    answers("When does the Q4 code freeze begin?", "1 December");
  }

  @Test
  void a_sibling_region_service_level_tier_or_quarter_abstains() {
    abstains("What is the hotel limit per night in Asia?");
    abstains("Who owns the payments service?");
    abstains("How soon must a SEV4 be acknowledged?");
    abstains("What does the Enterprise plan cost per month?");
    abstains("When does Q2 planning start?");
  }

  @Test
  void another_version_percentile_period_or_environment_abstains() {
    abstains("When will the v3 API be switched off?");
    abstains("What is the p99 latency target of the inventory service?");
    abstains("How many read requests per hour does the v2 API allow?");
    abstains("What is the travel budget for each engineer per month?");
    abstains("How often is the production database refreshed?");
  }

  @Test
  void another_row_of_a_table_is_not_the_answer() {
    abstains("What is the first response time for the Starter plan?");
    answers("What is the nightly hotel limit in the United Kingdom?", "160");
  }
}
