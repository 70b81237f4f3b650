package dev.citerag.verify.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.answer.ClaimEvidence;
import dev.citerag.answer.SupportVerdict;
import dev.citerag.answer.SupportVerdict.Support;
import dev.citerag.verify.RuleSupportVerifier;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReferentsTest {

  private static final RuleSupportVerifier RULES = RuleSupportVerifier.builder().build();

  private static final String CHUNK =
      "Northwind Logistics was founded in 1990 in Leeds. It employs 4,000 people in three"
          + " countries.";

  private static SupportVerdict judge(String claim, String quote, List<String> context) {
    return RULES.verifyAll(List.of(new ClaimEvidence(claim, List.of(quote), context))).get(0);
  }

  @Test
  void a_name_the_quote_calls_it_is_read_from_the_chunk() {
    String quote = "It employs 4,000 people in three countries.";
    String claim = "Northwind employs 4,000 people in three countries.";
    assertThat(judge(claim, quote, List.of()).supported()).isFalse();
    assertThat(judge(claim, quote, List.of("Company profile", CHUNK)).supported()).isTrue();
  }

  @Test
  void one_referring_word_gives_one_name_of_the_chunk() {
    String quote = "It employs 4,000 people.";
    List<String> context = List.of("Company profile", CHUNK);
    assertThat(judge("Northwind Logistics employs 4,000 people.", quote, context).supported())
        .isTrue();
    // "It" is Northwind; Leeds, also in the chunk, is not the quote's to give
    assertThat(judge("Northwind employs 4,000 people in Leeds.", quote, context).supported())
        .isFalse();
  }

  @Test
  void an_acronym_of_the_title_is_the_document_subject() {
    String quote = "The panel meets twice a year in Geneva.";
    String claim = "The WCRP panel meets twice a year in Geneva.";
    assertThat(judge(claim, quote, List.of("Harbour Authority", quote)).supported()).isFalse();
    assertThat(judge(claim, quote, List.of("World Climate Research Programme", quote)).supported())
        .isTrue();
  }

  @Test
  void a_name_written_without_its_diacritics_is_found_in_the_chunk() {
    String quote = "He died in 1259 without a successor.";
    String chunk = "Möngke Khan led a campaign in the south. He died in 1259 without a successor.";
    assertThat(
            judge("Mongke Khan died in 1259 without a successor.", quote, List.of("Khans", chunk))
                .supported())
        .isTrue();
    assertThat(
            judge("Mengu Khan died in 1259 without a successor.", quote, List.of("Khans", chunk))
                .supported())
        .isFalse();
  }

  @Test
  void the_document_subject_is_read_from_the_title_or_a_heading() {
    String quote = "The state flower is the pink heath.";
    String claim = "The state flower of Tasmania is the pink heath.";
    assertThat(judge(claim, quote, List.of()).supported()).isFalse();
    assertThat(
            judge(claim, quote, List.of("Tasmania", "The state flower is the pink heath."))
                .supported())
        .isTrue();
    // the people's name of the title's place counts as the place
    assertThat(
            judge(
                    "The Tasmanian state flower is the pink heath.",
                    quote,
                    List.of("Tasmania", "The state flower is the pink heath."))
                .supported())
        .isTrue();
  }

  @Test
  void numbers_and_other_words_still_must_be_in_the_quote() {
    String quote = "It employs 4,000 people in three countries.";
    List<String> context = List.of("Company profile", CHUNK);
    assertThat(
            judge("Northwind employs 5,000 people in three countries.", quote, context).support())
        .isEqualTo(Support.CONTRADICTED);
    // "founded" and "1990" are in the chunk, not in the quote
    assertThat(judge("Northwind was founded in 1990.", quote, context).supported()).isFalse();
  }

  @Test
  void a_name_of_the_chunk_standing_where_the_quote_has_another_name_contradicts() {
    String chunk = "Contoso opened an office in Vienna. It signed the contract in Paris.";
    SupportVerdict v =
        judge(
            "Contoso signed the contract in Vienna.",
            "It signed the contract in Paris.",
            List.of("News", chunk));
    assertThat(v.support()).isEqualTo(Support.CONTRADICTED);
  }

  @Test
  void the_document_subject_does_not_stand_for_a_peoples_adjective_of_the_quote() {
    List<String> context = List.of("Rhine", "The German section is the busiest waterway.");
    assertThat(
            judge(
                    "The Rhine section is the busiest waterway.",
                    "The German section is the busiest waterway.",
                    context)
                .contradicting())
        .isEmpty();
    // another river's name in its place is still a contradiction
    assertThat(
            judge(
                    "The Rhine section is the busiest waterway.",
                    "The Danube section is the busiest waterway.",
                    context)
                .support())
        .isEqualTo(Support.CONTRADICTED);
  }

  @Test
  void a_name_only_in_the_chunk_text_needs_a_referring_word_in_the_quote() {
    String chunk = "Contoso held talks all year. The contract was signed on Friday.";
    String quote = "The contract was signed on Friday.";
    String claim = "Contoso signed the contract.";
    // the quote says nothing of who signed: "Contoso" is not what it calls "it"
    assertThat(judge(claim, quote, List.of()).supported()).isFalse();
    assertThat(judge(claim, quote, List.of("News", chunk)).supported()).isFalse();
    // with a referring word left to read, the same chunk carries the name
    assertThat(
            judge(
                    "Contoso signed the contract on Friday.",
                    "It signed the contract on Friday.",
                    List.of(
                        "News", "Contoso held talks all year. It signed the contract on Friday."))
                .supported())
        .isTrue();
  }

  @Test
  void demonyms_pair_a_place_with_its_people_only() {
    assertThat(ContentRule.demonyms("victoria", "victorian")).isTrue();
    assertThat(ContentRule.demonyms("victorians", "victoria")).isTrue();
    assertThat(ContentRule.demonyms("japan", "japanese")).isTrue();
    assertThat(ContentRule.demonyms("paris", "parish")).isFalse();
    assertThat(ContentRule.demonyms("vienna", "vienne")).isFalse();
    assertThat(ContentRule.demonyms("rome", "romeo")).isFalse();
    assertThat(ContentRule.demonyms("ann", "anna")).isFalse(); // shorter than four letters
  }

  @Test
  void a_common_word_of_the_title_is_read_from_the_context_but_not_counted() {
    String quote = "It began in 1919.";
    List<String> context = List.of("Civil disobedience", "It began in 1919.");
    assertThat(judge("Civil disobedience began in 1919.", quote, context).supported()).isTrue();
    assertThat(judge("Civil disobedience began in 1919.", quote, List.of()).supported()).isFalse();
    // the title carries its words only: the rest must be in the quote
    assertThat(judge("Civil disobedience was banned in 1919.", quote, context).supported())
        .isFalse();
  }

  @Test
  void a_name_opening_the_claim_is_read_from_the_chunk_like_any_other_name() {
    String quote = "She signed it in 1911, a year after the strike.";
    String chunk =
        "In 1910 Ada Quill led the dockers. She signed it in 1911, a year after the strike.";
    List<String> context = List.of("Dockers' charter", chunk);
    assertThat(judge("Quill signed it in 1911.", quote, List.of()).supported()).isFalse();
    assertThat(judge("Quill signed it in 1911.", quote, context).supported()).isTrue();
    assertThat(judge("Ada Quill signed it in 1911.", quote, context).supported()).isTrue();
  }

  @Test
  void a_word_the_chunk_capitalises_only_to_open_a_sentence_is_no_name() {
    String quote = "They lost the vote in the spring.";
    String chunk =
        "The dockers walked out in May. Eventually the union split. They lost the vote in the spring.";
    assertThat(
            judge("Eventually, they lost the vote in the spring.", quote, List.of("Strike", chunk))
                .supported())
        .isFalse();
  }

  @Test
  void a_title_name_is_no_changed_name_where_the_quote_name_left_is_in_a_clause_not_restated() {
    String quote =
        "Conditions in the mill towns were harsh; a fire at Lower Pennock in 1860 destroyed 40"
            + " looms.";
    List<String> context = List.of("Lancashire", quote);
    // Lower Pennock stands in the clause the claim does not restate
    assertThat(judge("Conditions in the Lancashire mill towns: harsh", quote, context).supported())
        .isTrue();
    // in the clause the claim copies, the title's name stands in the place of the quote's
    assertThat(
            judge(
                    "A fire at Lancashire in 1860 destroyed 40 looms.",
                    "A fire at Lower Pennock in 1860 destroyed 40 looms.",
                    context)
                .supported())
        .isFalse();
  }

  @Test
  void a_name_standing_for_the_quotes_he_fills_his_place_not_the_place_of_a_quote_name() {
    String quote = "He was taught by Orla Brennan, a Jesuit scholar.";
    String chunk = "Declan Fahy was born in Cork in 1801. " + quote;
    List<String> context = List.of("Irish clergy", chunk);
    assertThat(judge("taught Declan Fahy: Orla Brennan", quote, context).supported()).isTrue();
    // the claim keeps the quote's "He": no referring word is left to stand for Declan Fahy
    assertThat(judge("He was taught by Declan Fahy, a Jesuit scholar.", quote, context).supported())
        .isFalse();
  }

  @Test
  void a_name_written_longer_than_the_quote_writes_it_is_no_changed_name() {
    String chunk = "Osric Vale ruled the coast. Osric raised his son Tarrin at the coastal fort.";
    assertThat(
            judge(
                    "Tarrin Vale's relation to Osric Vale: son",
                    "Osric raised his son Tarrin at the coastal fort.",
                    List.of("Harbour history", chunk))
                .support())
        .isEqualTo(Support.SUPPORTED);
    // another name where the quote has one stays a changed name
    String other = "Osric Vale ruled the coast. Osric Dunn recently founded the harbour.";
    assertThat(
            judge(
                    "Osric Vale founded the harbour.",
                    "Osric Dunn recently founded the harbour.",
                    List.of("Harbour history", other))
                .support())
        .isNotEqualTo(Support.SUPPORTED);
  }

  @Test
  void a_common_word_for_this_is_read_from_the_sentence_before_the_quote() {
    String quote = "This tunnel is nearly 4 km long.";
    String before = "A second tunnel was dug beneath the estuary in the years after the war. ";
    List<String> context = List.of("Harbour works", before + quote + " It opened in 1962.");
    String claim = "the estuary tunnel: nearly 4 km long";
    assertThat(judge(claim, quote, List.of()).supported()).isFalse();
    assertThat(judge(claim, quote, context).supported()).isTrue();
    // a word of a later sentence of the chunk is not where "This" points
    String chunk = quote + " A ferry crosses the estuary twice an hour, all year round.";
    assertThat(judge(claim, quote, List.of("Harbour works", chunk)).supported()).isFalse();
  }
}
