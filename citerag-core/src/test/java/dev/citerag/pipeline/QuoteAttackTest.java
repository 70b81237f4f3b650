package dev.citerag.pipeline;

import static dev.citerag.pipeline.PipelineFixtures.hit;
import static dev.citerag.pipeline.PipelineFixtures.reply;
import static dev.citerag.pipeline.PipelineFixtures.sources;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.citerag.answer.IssueType;
import dev.citerag.answer.ValidationIssue;
import dev.citerag.context.JsonContextBuilder;
import dev.citerag.pipeline.PipelineFixtures.ConstantEmbedder;
import dev.citerag.pipeline.PipelineFixtures.FnChatModel;
import dev.citerag.pipeline.PipelineFixtures.ScriptedStore;
import dev.citerag.store.SearchHit;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Attacks on the quote check through {@link RagPipeline#ask}, by a model that controls its reply
 * (and by documents that hold the characters an attack needs): quotes that match only after a
 * folding that changes what they say, spliced quotes, quotes of the context around a source's text,
 * look-alike and unsent source ids, and quotes too small or too large. Each attack must be rejected
 * with the named issue; each honest reply beside it must be served with the source's own text.
 * Question coverage is off so that the quote check alone decides.
 */
class QuoteAttackTest {

  /**
   * A citation of the sent source at {@code source} (0-based), its id passed through {@code id}.
   */
  record Cite(int source, UnaryOperator<String> id, String quote) {}

  static Cite cite(String quote) {
    return new Cite(0, s -> s, quote);
  }

  static RagResult ask(List<String> chunks, int tokenBudget, String claim, List<Cite> cites) {
    List<SearchHit> hits = new ArrayList<>();
    for (int i = 0; i < chunks.size(); i++) {
      hits.add(hit("c" + i, chunks.get(i), 0.8, true));
    }
    FnChatModel model =
        new FnChatModel(
            r -> {
              List<String[]> src = sources(r);
              ObjectNode root = PipelineFixtures.M.createObjectNode();
              root.put("status", "answered");
              root.put("answer", claim);
              ObjectNode cl = root.putArray("claims").addObject();
              cl.put("text", claim);
              ArrayNode cits = cl.putArray("citations");
              for (Cite c : cites) {
                String id = src.get(Math.min(c.source(), src.size() - 1))[0];
                cits.addObject().put("source_id", c.id().apply(id)).put("quote", c.quote());
              }
              return reply(root.toString());
            });
    return RagPipeline.builder()
        .embedder(new ConstantEmbedder(4))
        .store(new ScriptedStore(q -> hits))
        .generator(AnswerGenerator.of(model))
        .tokenBudget(tokenBudget)
        .maxRetries(0)
        .questionCoverage(CoveragePolicy.OFF)
        .build()
        .ask("What does the source say?");
  }

  static RagResult ask(String chunk, String claim, String... quotes) {
    List<Cite> cs = new ArrayList<>();
    for (String q : quotes) {
      cs.add(cite(q));
    }
    return ask(List.of(chunk), JsonContextBuilder.DEFAULT_TOKEN_BUDGET, claim, cs);
  }

  static void assertRejected(String attack, RagResult r, IssueType expected) {
    assertThat(r).as(attack).isInstanceOf(RagResult.Rejected.class);
    List<IssueType> critical = new ArrayList<>();
    for (ValidationIssue i : ((RagResult.Rejected) r).issues()) {
      if (i.critical()) {
        critical.add(i.type());
      }
    }
    assertThat(critical).as(attack).contains(expected);
  }

  static RagResult.Answered assertServed(String honest, RagResult r, String... sourceQuotes) {
    assertThat(r).as(honest).isInstanceOf(RagResult.Answered.class);
    RagResult.Answered a = (RagResult.Answered) r;
    assertThat(a.citations())
        .extracting(ResolvedCitation::quote)
        .as(honest)
        .containsExactly(sourceQuotes);
    for (ResolvedCitation c : a.citations()) {
      assertThat(c.chunk().text().substring(c.start(), c.end())).isEqualTo(c.quote());
    }
    return a;
  }

  // ---- normalisation that changes meaning ----

  @Test
  void quotes_that_match_only_after_a_folding_that_changes_a_number_are_rejected() {
    String[][] attacks = {
      // source, claim, quote
      {
        "In the cold test the reactor core reached 10² kelvin within the first hour.",
        "The reactor core reached 102 kelvin within the first hour.",
        "the reactor core reached 102 kelvin within the first hour"
      },
      {
        "The reactor core reached 10² kelvin quickly in the test.",
        "The reactor core reached 10.",
        "The reactor core reached 10"
      },
      {
        "The repair costs 2½ million dollars in total this year.",
        "The repair costs 21 million dollars.",
        "The repair costs 21"
      },
      {
        "The error rate was 10⁻³ per request during the trial.",
        "The error rate was 10-3 per request.",
        "The error rate was 10-3 per request"
      },
      {
        "At night the lake reached −5 °C in January according to the log.",
        "5 °C in January according to the log.",
        "5 °C in January according to the log"
      },
      {
        "At night the lake reached -5 °C in January according to the log.",
        "5 °C in January according to the log.",
        "5 °C in January according to the log"
      },
      {
        "At night the lake reached –5 °C in January according to the log.",
        "5 °C in January according to the log.",
        "5 °C in January according to the log"
      },
      {
        "Revenue at the shop rose by 5% in the second quarter.",
        "Revenue at the shop rose by 5.",
        "Revenue at the shop rose by 5"
      },
      {
        "Revenue at the shop rose by 5 % in the second quarter.",
        "Revenue at the shop rose by 5.",
        "Revenue at the shop rose by 5"
      },
      {
        "The subscription costs $5 million per year for large teams.",
        "5 million per year for large teams.",
        "5 million per year for large teams"
      },
      {
        "The subscription costs 5€ per seat for every month.",
        "The subscription costs 5 per seat.",
        "The subscription costs 5"
      },
      {
        "The meeting room holds 10–12 people at most on weekdays.",
        "The meeting room holds 10 people.",
        "The meeting room holds 10"
      },
      {
        "The archive holds 1,000 boxes of old paper records.",
        "The archive holds 1.000 boxes of records.",
        "The archive holds 1.000 boxes"
      },
      {
        "The archive holds 1,000 boxes of old paper records.",
        "The archive holds 1000 boxes of records.",
        "The archive holds 1000 boxes"
      },
      {
        "The archive holds 10 boxes of old paper records.",
        "The archive holds l0 boxes of records.",
        "The archive holds l0 boxes"
      },
      {
        "The archive holds 10 boxes of old paper records.",
        "The archive holds 1O boxes of records.",
        "The archive holds 1O boxes"
      },
    };
    for (String[] a : attacks) {
      RagResult r = ask(a[0], a[1], a[2]);
      assertThat(r).as(a[2]).isNotInstanceOf(RagResult.Answered.class);
      assertRejected(a[2], r, IssueType.QUOTE_NOT_FOUND);
    }
  }

  @Test
  void quotes_that_match_only_after_joining_or_folding_words_are_rejected() {
    String[][] attacks = {
      {
        "The new release is not\u0085able to run offline at all.",
        "The new release is notable.",
        "The new release is notable"
      },
      {
        "The new release is not able to run offline at all.",
        "The new release is notable.",
        "The new release is notable"
      },
      {
        "The new release changes nothing in the storage format.",
        "The new release changes no thing.",
        "The new release changes no thing"
      },
      {
        "The new release doesn't run offline at all.",
        "The new release does run offline.",
        "The new release does"
      },
      {
        "The new release is n\u0336o\u0336t\u0336 safe to run offline.",
        "The new release is not safe to run offline.",
        "The new release is not safe to run offline"
      },
      {
        "The team moved the servers to the US last spring.",
        "The team moved the servers to us.",
        "The team moved the servers to the us"
      },
      {
        "The team moved the servers to Boston last spring.",
        "The team moved the servers to Boston.",
        "The team moved the servers to B\u043eston"
      },
    };
    for (String[] a : attacks) {
      assertRejected(a[2], ask(a[0], a[1], a[2]), IssueType.QUOTE_NOT_FOUND);
    }
  }

  @Test
  void honest_quotes_in_another_form_of_the_same_text_are_served_with_the_source_text() {
    assertServed(
        "a minus sign copied as a hyphen-minus",
        ask(
            "At night the lake reached −5 °C in January according to the log.",
            "The lake reached -5 °C in January.",
            "the lake reached -5 °C in January"),
        "the lake reached −5 °C in January");
    assertServed(
        "a subscript after a letter written as a digit",
        ask(
            "The plant emits CO₂ at a steady rate all year.",
            "The plant emits CO2 at a steady rate.",
            "The plant emits CO2 at a steady rate"),
        "The plant emits CO₂ at a steady rate");
    assertServed(
        "a superscript copied",
        ask(
            "In the cold test the reactor core reached 10² kelvin within the first hour.",
            "The reactor core reached 10² kelvin within the first hour.",
            "the reactor core reached 10² kelvin within the first hour"),
        "the reactor core reached 10² kelvin within the first hour");
    assertServed(
        "a percent sign and a range kept",
        ask(
            "Revenue at the shop rose by 5% for 10–12 weeks in a row.",
            "Revenue at the shop rose by 5% for 10–12 weeks.",
            "Revenue at the shop rose by 5% for 10–12 weeks"),
        "Revenue at the shop rose by 5% for 10–12 weeks");
  }

  // ---- splicing ----

  @Test
  void spliced_quotes_are_rejected() {
    String notSafe = "The new drug is not safe for young children at all.";
    String[][] one = {
      {
        notSafe,
        "The new drug is safe for young children.",
        "The new drug is ... safe for young children"
      },
      {
        notSafe,
        "The new drug is safe for young children.",
        "The new drug is … safe for young children"
      },
      {
        notSafe,
        "The new drug is safe for young children.",
        "The new drug is [...] safe for young children"
      },
      {
        "The new drug is safe for young children at all times.",
        "The new drug is safe for young children.",
        "The new drug [sic] is safe for young children"
      },
      {
        "It reported a loss of 5 million in the last year.",
        "Acme reported a loss of 5 million.",
        "[Acme] reported a loss of 5 million"
      },
      {
        "The backup job runs daily. On weekends the office is closed for everyone.",
        "The backup job runs on weekends.",
        "The backup job runs on weekends the office is closed"
      },
    };
    for (String[] a : one) {
      assertRejected(a[2], ask(a[0], a[1], a[2]), IssueType.QUOTE_NOT_FOUND);
    }
    String[][] two = {
      {
        "Our new drug is not safe for young children at all.",
        "Our new drug is safe for young children.",
        "Our new drug is",
        "safe for young children at all"
      },
      {
        "The nightly backup job never runs on the weekend in the office.",
        "The nightly backup job runs on the weekend in the office.",
        "The nightly backup job",
        "runs on the weekend in the office"
      },
      {
        "The nightly backup job is not run on weekends, and the office is closed.",
        "The nightly backup job is run on weekends.",
        "run on weekends, and the office",
        "The nightly backup job is"
      },
    };
    for (String[] a : two) {
      assertRejected(a[2] + " + " + a[3], ask(a[0], a[1], a[2], a[3]), IssueType.UNSUPPORTED_CLAIM);
    }
  }

  @Test
  void two_honest_quotes_of_one_sentence_are_served() {
    assertServed(
        "two clauses of one sentence",
        ask(
            "The nightly backup job runs at two in the morning, and the weekly report is sent on Monday by the finance team.",
            "The nightly backup job runs at two in the morning and the weekly report is sent on Monday.",
            "The nightly backup job runs at two in the morning",
            "the weekly report is sent on Monday"),
        "The nightly backup job runs at two in the morning",
        "the weekly report is sent on Monday");
  }

  // ---- context leakage ----

  @Test
  void quotes_of_the_context_around_a_source_text_are_rejected() {
    String titled = "Title c0\nSection\n\nThe backup job runs every night at two in the morning.";
    assertRejected(
        "title and heading lines",
        ask(
            titled,
            "Title c0 Section The backup job runs.",
            "Title c0 Section The backup job runs"),
        IssueType.QUOTE_NOT_FOUND);
    assertRejected(
        "title and heading only",
        ask(titled, "Title c0 Section.", "Title c0 Section docs c0"),
        IssueType.QUOTE_NOT_FOUND);
    String plain = "The backup job runs every night at two in the morning.";
    assertRejected(
        "source path and ids",
        ask(plain, "The backup job runs every night.", "docs/c0.md doc-c0 c0 Title"),
        IssueType.QUOTE_NOT_FOUND);
    assertRejected(
        "the JSON envelope",
        ask(
            plain,
            "The backup job runs every night.",
            "\"text\" : \"The backup job runs every night"),
        IssueType.QUOTE_NOT_FOUND);
    assertRejected(
        "the question",
        ask(plain, "The source says something.", "What does the source say?"),
        IssueType.QUOTE_NOT_FOUND);
    List<String> two =
        List.of(
            "The backup job runs every night at two",
            "in the morning unless the office is closed.");
    assertRejected(
        "another source's text",
        ask(
            two,
            JsonContextBuilder.DEFAULT_TOKEN_BUDGET,
            "The office is closed in the morning.",
            List.of(cite("in the morning unless the office is closed"))),
        IssueType.QUOTE_NOT_FOUND);
    assertRejected(
        "across two chunks",
        ask(
            two,
            JsonContextBuilder.DEFAULT_TOKEN_BUDGET,
            "The backup job runs every night at two in the morning.",
            List.of(cite("every night at two in the morning"))),
        IssueType.QUOTE_NOT_FOUND);
  }

  // ---- ids ----

  @Test
  void source_ids_that_only_look_like_a_sent_one_are_phantom() {
    List<UnaryOperator<String>> forged =
        List.of(
            s -> s.toUpperCase(java.util.Locale.ROOT),
            s -> " " + s,
            s -> s + " ",
            s -> s + "\n",
            s -> s + "\u0000",
            s -> s + "\u200B",
            s -> s.charAt(0) + "\u0301" + s.substring(1),
            s ->
                "\u0430\u0435\u043e\u0440\u0441\u0445\u0443".charAt(s.charAt(0) % 7)
                    + s.substring(1),
            s -> {
              StringBuilder b = new StringBuilder();
              s.chars().forEach(ch -> b.append((char) (ch - 0x21 + 0xFF01)));
              return b.toString();
            });
    String text = "The backup job runs every night at two in the morning.";
    for (UnaryOperator<String> f : forged) {
      RagResult r =
          ask(
              List.of(text),
              JsonContextBuilder.DEFAULT_TOKEN_BUDGET,
              "The backup job runs every night.",
              List.of(new Cite(0, f, "The backup job runs every night")));
      assertRejected("forged id", r, IssueType.PHANTOM_SOURCE);
    }
  }

  @Test
  void an_id_of_a_chunk_retrieved_but_cut_by_the_token_budget_is_phantom() {
    String sent = "The backup job runs every night at two in the morning.";
    String cut =
        "The archive holds ten boxes of old paper records. "
            + "More archive text follows here. ".repeat(60);
    SearchHit cutHit = hit("c1", cut, 0.8, true);
    String cutLabel =
        new JsonContextBuilder(2_000_000)
            .build("label", List.of(cutHit))
            .sources()
            .get(0)
            .sourceId();
    RagResult r =
        ask(
            List.of(sent, cut),
            600,
            "The archive holds ten boxes of old paper records.",
            List.of(
                new Cite(0, s -> cutLabel, "The archive holds ten boxes of old paper records")));
    assertThat(r.trace().sentChunkIds()).containsExactly("c0");
    assertRejected("retrieved, not sent", r, IssueType.PHANTOM_SOURCE);
  }

  // ---- size ----

  @Test
  void quotes_of_one_or_two_words_are_too_short() {
    String text = "The backup job runs every night at two in the morning.";
    assertRejected(
        "one word",
        ask(text, "The backup job runs every night.", "backup"),
        IssueType.QUOTE_TOO_SHORT);
    assertRejected(
        "two words",
        ask(text, "The backup job runs every night.", "backup job"),
        IssueType.QUOTE_TOO_SHORT);
    assertRejected(
        "three words beside a real quote",
        ask(
            text,
            "The backup job runs every night.",
            "The backup job runs every night",
            "at two in"),
        IssueType.QUOTE_TOO_SHORT);
  }

  @Test
  void a_quote_long_enough_that_says_nothing_of_the_claim_does_not_support_it() {
    String text = "The backup job runs every night at two in the morning.";
    assertRejected(
        "four words of the chunk, none of the claim's",
        ask(text, "The archive is closed on Sundays.", "at two in the morning"),
        IssueType.UNSUPPORTED_CLAIM);
  }

  @Test
  void twenty_citations_of_one_quote_are_served_once_each_with_a_warning() {
    String text = "The backup job runs every night at two in the morning.";
    List<Cite> twenty = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      twenty.add(cite("The backup job runs every night"));
    }
    RagResult.Answered a =
        (RagResult.Answered)
            ask(
                List.of(text),
                JsonContextBuilder.DEFAULT_TOKEN_BUDGET,
                "The backup job runs every night.",
                twenty);
    assertThat(a.warnings())
        .extracting(ValidationIssue::type)
        .contains(IssueType.REDUNDANT_CITATIONS);
    assertThat(a.citations())
        .extracting(ResolvedCitation::quote)
        .containsOnly("The backup job runs every night");
  }

  @Test
  void
      a_100_kb_quote_not_in_the_source_is_rejected_and_the_whole_source_as_its_quote_is_served_with_a_warning() {
    String text = "The backup job runs every night at two in the morning.";
    assertRejected(
        "100 KB quote",
        ask(
            text,
            "The backup job runs every night.",
            "The backup job runs every night ".repeat(3300)),
        IssueType.QUOTE_NOT_FOUND);
    assertServed("the whole chunk", ask(text, text, text), text);
    String big = ("The backup job runs every night at two in the morning. ".repeat(1800)).strip();
    RagResult r = ask(List.of(big), 2_000_000, big, List.of(cite(big)));
    RagResult.Answered a = assertServed("a 100 KB chunk quoted whole", r, big);
    assertThat(a.warnings()).extracting(ValidationIssue::type).contains(IssueType.QUOTE_TOO_LONG);
  }
}
