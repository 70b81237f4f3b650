package dev.citerag.verify.internal;

import static dev.citerag.answer.SupportVerdict.Support.NOT_ENOUGH;
import static dev.citerag.answer.SupportVerdict.Support.SUPPORTED;
import static org.assertj.core.api.Assertions.assertThat;

import dev.citerag.answer.ClaimEvidence;
import dev.citerag.answer.SupportVerdict;
import java.util.List;
import org.junit.jupiter.api.Test;

class ContentRuleTest {

  @Test
  void synonyms_derivations_spelling_and_abbreviations_match() {
    assertThat(
            Rules.support(
                "The council bought the old mill.", "The council purchased the old mill."))
        .isEqualTo(SUPPORTED);
    assertThat(
            Rules.support(
                "The city expanded the harbour.",
                "The expansion of the harbour was done by the city."))
        .isEqualTo(SUPPORTED);
    assertThat(Rules.support("The theater was modernized.", "The theatre was modernised."))
        .isEqualTo(SUPPORTED);
    assertThat(Rules.support("The DB is replicated.", "The database is replicated."))
        .isEqualTo(SUPPORTED);
    assertThat(
            Rules.support(
                "The MTTR fell last year.", "The mean time to repair (MTTR) fell last year."))
        .isEqualTo(SUPPORTED);
  }

  @Test
  void a_name_standing_where_the_quote_has_another_is_contradicted() {
    SupportVerdict v = Rules.verdict("The ferry sails from Dover.", "The ferry sails from Calais.");
    assertThat(v.support()).isEqualTo(SupportVerdict.Support.CONTRADICTED);
    assertThat(v.contradicting()).anyMatch(s -> s.contains("Calais"));
  }

  @Test
  void a_name_with_one_inner_letter_moved_is_the_quote_name_but_not_one_that_ends_differently() {
    assertThat(
            Rules.support(
                "Okwonko founded the harbour guild in 1911.",
                "Okonkwo founded the harbour guild in 1911."))
        .isEqualTo(SUPPORTED);
    assertThat(
            Rules.support(
                    "Korvane chaired the harbour guild in 1911.",
                    "Korvena chaired the harbour guild in 1911.")
                .equals(SUPPORTED))
        .isFalse();
  }

  @Test
  void a_name_written_in_two_words_is_the_quote_name_written_as_one() {
    assertThat(
            Rules.support(
                "The Harbor Net service opened in 1988.", "The HarborNet service opened in 1988."))
        .isEqualTo(SUPPORTED);
    assertThat(
            Rules.support(
                    "The Harbor Link service opened in 1988.",
                    "The HarborNet service opened in 1988.")
                .equals(SUPPORTED))
        .isFalse();
  }

  @Test
  void a_name_written_with_a_letter_dropped_or_two_swapped_is_the_quote_name() {
    assertThat(
            Rules.support(
                "ARPNET and SITA became operational in 1969.",
                "ARPANET and SITA HLN became operational in 1969."))
        .isEqualTo(SUPPORTED);
    assertThat(
            Rules.support(
                "The TELPAC network opened in 1974.", "The TELEPAC network opened in 1974."))
        .isEqualTo(SUPPORTED);
    assertThat(
            Rules.support(
                "Dr Okonkow led the coastal survey.", "Dr Okonkwo led the coastal survey."))
        .isEqualTo(SUPPORTED);
  }

  @Test
  void a_name_one_slip_from_the_quote_name_that_is_a_word_or_a_context_name_is_another_name() {
    // "Paris" is a word of WordNet: a name in its own right, not a slip for "Parris"
    assertThat(
            Rules.support(
                "The treaty was signed in Paris in 1856.",
                "The treaty was signed in Parris in 1856."))
        .isNotEqualTo(SUPPORTED);
    // "TELPAC" is a name the context holds: another network, not a slip for "TELEPAC"
    SupportVerdict v =
        Rules.ENGINE
            .verifyAll(
                List.of(
                    new ClaimEvidence(
                        "The TELPAC network opened in 1974.",
                        List.of("The TELEPAC network opened in 1974."),
                        List.of(
                            "Networks",
                            "TELPAC was a private network. The TELEPAC network opened in"
                                + " 1974."))))
            .get(0);
    assertThat(v.support()).isNotEqualTo(SUPPORTED);
  }

  @Test
  void one_slip_is_a_letter_inserted_dropped_or_two_adjacent_swapped() {
    assertThat(ContentRule.oneSlip("arpnet", "arpanet")).isTrue();
    assertThat(ContentRule.oneSlip("datanet", "datnet")).isTrue();
    assertThat(ContentRule.oneSlip("okonkow", "okonkwo")).isTrue();
    assertThat(ContentRule.oneSlip("hanssen", "hansson")).isFalse();
    assertThat(ContentRule.oneSlip("datnet", "datnet")).isFalse();
    assertThat(ContentRule.oneSlip("datnet", "dataneet")).isFalse();
  }

  @Test
  void words_sharing_a_rarer_sense_match_when_their_frequent_senses_are_near() {
    assertThat(
            Rules.support(
                "The eastern section of the museum reopened in spring.",
                "The eastern part of the museum reopened in spring."))
        .isEqualTo(SUPPORTED);
    assertThat(
            Rules.support(
                "The cargo barge sank off the harbour wall.",
                "The cargo barge went down off the harbour wall."))
        .isEqualTo(SUPPORTED);
    assertThat(Rules.WORDNET.confirmedSynonyms("section")).contains("part");
    assertThat(Rules.WORDNET.confirmedSynonyms("part")).contains("section");
  }

  @Test
  void a_shared_rarer_sense_far_from_the_frequent_ones_does_not_match() {
    // "shoot" also means "photograph", but none of its frequent senses (fire, hit) is near
    assertThat(Rules.WORDNET.confirmedSynonyms("shot")).doesNotContain("photograph");
    assertThat(
            Rules.support(
                "The singer was shot outside the theatre.",
                "The singer was photographed outside the theatre."))
        .isEqualTo(NOT_ENOUGH);
  }

  @Test
  void an_inflected_verb_carries_the_synonyms_of_its_lemmas_noun() {
    assertThat(
            Rules.support(
                "Several frescoes were damaged by damp.", "Several frescoes were harmed by damp."))
        .isEqualTo(SUPPORTED);
    assertThat(Rules.support("The orchard was harmed by hail.", "The orchard was damaged by hail."))
        .isEqualTo(SUPPORTED);
    // only the noun of the verb's own spelling, not an adjective of it ("fine" as "excellent")
    assertThat(
            Rules.support(
                "The driver was fined after the race.", "The driver was excellent after the race."))
        .isNotEqualTo(SUPPORTED);
  }

  @Test
  void a_word_up_to_three_levels_more_general_matches_but_not_a_narrower_one() {
    // "heron" -> "wading bird" -> "aquatic bird" -> "bird"
    assertThat(Rules.WORDNET.broaderWords("herons")).contains("bird");
    assertThat(
            Rules.support(
                "Volunteers ringed a bird near the chapel.",
                "Volunteers ringed a heron near the chapel."))
        .isEqualTo(SUPPORTED);
    assertThat(
            Rules.support(
                "Volunteers ringed a heron near the chapel.",
                "Volunteers ringed a bird near the chapel."))
        .isEqualTo(NOT_ENOUGH);
    // never under a negation: no trucks does not say no vehicles
    assertThat(Rules.support("No vehicles were left at gate 2.", "No trucks were left at gate 2."))
        .isNotEqualTo(SUPPORTED);
  }

  @Test
  void a_noun_matches_the_synonyms_of_the_verb_it_is_made_from() {
    // "coronation" is made from "coronate", a synonym of "crown"
    assertThat(Rules.WORDNET.confirmedSynonyms("coronation")).contains("crown");
    assertThat(
            Rules.support(
                "The empress's coronation took place in Moscow.",
                "The empress was crowned in Moscow."))
        .isEqualTo(SUPPORTED);
    // an adjective is not its noun's synonyms: "nervous" pertains to "nervous system"
    assertThat(Rules.WORDNET.confirmedSynonyms("nervous")).doesNotContain("immune");
    assertThat(
            Rules.support(
                "The toxin damages the nervous system of fish.",
                "The toxin damages the immune system of fish."))
        .isNotEqualTo(SUPPORTED);
  }

  @Test
  void a_phrase_wordnet_holds_as_one_lemma_matches_by_its_own_synonyms() {
    assertThat(
            Rules.support(
                "Most pupils in the district go to public schools.",
                "Most pupils in the district attend public schools."))
        .isEqualTo(SUPPORTED);
    assertThat(
            Rules.support("The coronation occurred in 1953.", "The coronation took place in 1953."))
        .isEqualTo(SUPPORTED);
    assertThat(
            Rules.support(
                "The agency set up a regional office in 1990.",
                "The agency established a regional office in 1990."))
        .isEqualTo(SUPPORTED);
    assertThat(
            Rules.support(
                "The director went to the board meeting in May.",
                "The director did not attend the board meeting in May."))
        .isNotEqualTo(SUPPORTED);
    assertThat(
            Rules.support(
                "The agency set up a regional office in 1990.",
                "The agency closed a regional office in 1990."))
        .isNotEqualTo(SUPPORTED);
  }

  @Test
  void a_name_the_quote_lacks_away_from_the_place_of_a_quote_name_is_missing_not_contradicted() {
    SupportVerdict v =
        Rules.verdict(
            "The treaty was signed in Vienna by the two envoys.",
            "The treaty was signed in the old city of Paris by the two envoys.");
    assertThat(v.support()).isEqualTo(NOT_ENOUGH);
    assertThat(v.missing()).anyMatch(m -> m.contains("Vienna"));
  }

  @Test
  void how_many_before_a_stated_quantity_asks_for_it_and_says_nothing_itself() {
    assertThat(
            Rules.support(
                "How many stations the line had by 1900: 41", "By 1900 the line had 41 stations."))
        .isEqualTo(SUPPORTED);
    assertThat(
            Rules.support(
                "How many stations the line had by 1900: 14", "By 1900 the line had 41 stations."))
        .isNotEqualTo(SUPPORTED);
    assertThat(
            Rules.support(
                "Many farms in the valley had electricity in 1900.",
                "In 1900 the valley had 312 farms."))
        .isNotEqualTo(SUPPORTED);
  }

  @Test
  void a_word_changed_in_place_is_not_carried_by_the_rest() {
    assertThat(
            Rules.support(
                "The shipment was returned on Monday.", "The shipment was inspected on Monday."))
        .isNotEqualTo(SUPPORTED);
  }

  @Test
  void a_word_where_the_quote_has_only_function_words_is_an_addition_not_a_change() {
    SupportVerdict v =
        Rules.verdict(
            "The museum is located in the old harbour district.",
            "The museum is in the old harbour district.");
    assertThat(v.missing()).noneMatch(m -> m.contains("(quote:"));
    assertThat(v.support()).isEqualTo(SUPPORTED);
  }

  @Test
  void a_word_where_the_quote_has_a_word_the_claim_says_elsewhere_is_no_change() {
    assertThat(
            Rules.support(
                "The kind of stone used for the chapel walls: limestone.",
                "The chapel walls were built of limestone."))
        .isEqualTo(SUPPORTED);
    // the quote's word in the slot is said nowhere in the claim: a change
    assertThat(
            Rules.verdict(
                    "The old settlement was abandoned during the long drought.",
                    "The old settlement was expanded during the long drought.")
                .missing())
        .anyMatch(m -> m.contains("(quote:"));
  }

  @Test
  void a_noun_of_classification_before_of_frames_the_claim() {
    Passage sort = new Passage("what sort of vessel sank", Rules.WORDNET, Abbreviations.NONE);
    assertThat(ContentRule.frames(sort, 1, Rules.WORDNET)).isTrue();
    Passage kind = new Passage("a kind host of guests", Rules.WORDNET, Abbreviations.NONE);
    assertThat(ContentRule.frames(kind, 1, Rules.WORDNET)).isFalse();
    Passage hull = new Passage("the hull of the vessel", Rules.WORDNET, Abbreviations.NONE);
    assertThat(ContentRule.frames(hull, 1, Rules.WORDNET)).isFalse();
    // the noun after "of" still has to be carried
    assertThat(
            Rules.support(
                "The kind of timber used for the roof beams: pine.",
                "The roof beams were cut from oak."))
        .isNotEqualTo(SUPPORTED);
  }

  @Test
  void a_noun_of_classification_where_the_quote_has_another_word_is_no_changed_word() {
    assertThat(
            Rules.support(
                "The valley shelters most kinds of alpine flowers.",
                "The valley shelters most forms of alpine flowers."))
        .isEqualTo(SUPPORTED);
    assertThat(
            Rules.support(
                "The filter separates what types of particles: coarse and fine",
                "The filter separates coarse and fine particles."))
        .isEqualTo(SUPPORTED);
    // the slot's answer is still checked
    assertThat(
            Rules.support(
                "The filter separates what types of particles: wet and dry",
                "The filter separates coarse and fine particles."))
        .isNotEqualTo(SUPPORTED);
    // a word of content changed in place still is one
    assertThat(
            Rules.support(
                "The valley shelters most rows of alpine flowers.",
                "The valley shelters most forms of alpine flowers."))
        .isNotEqualTo(SUPPORTED);
    // and a word changed beside the noun of classification is found past it
    assertThat(
            Rules.support(
                "The valley shelters most kinds of alpine flowers.",
                "The valley shelters most forms of desert flowers."))
        .isNotEqualTo(SUPPORTED);
  }

  @Test
  void happen_before_the_answer_and_what_else_besides_are_the_questions_frame() {
    assertThat(
            Rules.support(
                "What happened to the level of the lake in 1976: it dropped",
                "In 1976 the level of the lake dropped."))
        .isEqualTo(SUPPORTED);
    assertThat(
            Rules.support(
                "What happened to the level of the lake in 1976: it rose",
                "In 1976 the level of the lake dropped."))
        .isNotEqualTo(SUPPORTED);
    // outside a question answered after a colon, "happened" says something
    Passage event = new Passage("The flood happened in May.", Rules.WORDNET, Abbreviations.NONE);
    assertThat(event.words[2].content()).isTrue();
    assertThat(
            Rules.support(
                "Besides copper, what else did the mine yield: zinc",
                "The mine yielded copper and zinc."))
        .isEqualTo(SUPPORTED);
    assertThat(
            Rules.support(
                "Besides copper, what else did the mine yield: silver",
                "The mine yielded copper and zinc."))
        .isNotEqualTo(SUPPORTED);
  }

  @Test
  void vs_is_the_abbreviation_of_versus() {
    assertThat(
            Rules.support(
                "The debate set growth versus thrift.", "The debate set growth vs. thrift."))
        .isEqualTo(SUPPORTED);
    assertThat(
            Rules.support(
                "The debate set growth vs thrift.", "The debate set growth versus thrift."))
        .isEqualTo(SUPPORTED);
  }

  @Test
  void a_clause_framed_by_a_generic_word_the_quote_lacks_holds() {
    assertThat(
            Rules.support(
                "The size of the school's endowment: $37.6 billion.",
                "The college's $37.6 billion endowment is the largest of any academic institution."))
        .isEqualTo(SUPPORTED);
  }

  @Test
  void a_clause_that_repeats_earlier_words_and_adds_new_ones_is_not_carried() {
    assertThat(
            Rules.support(
                "The library lends books to students, and the library also lends laptops.",
                "The library lends books to students."))
        .isEqualTo(NOT_ENOUGH);
    assertThat(
            Rules.support(
                "Expense reports are due on the fifth working day, and late reports are forfeited.",
                "Expense reports are due on the fifth working day."))
        .isEqualTo(NOT_ENOUGH);
  }

  @Test
  void a_true_part_does_not_carry_a_false_addition() {
    assertThat(
            Rules.support(
                "The vault is checked daily, and the keys are held by the auditors.",
                "The vault is checked daily."))
        .isEqualTo(NOT_ENOUGH);
  }

  @Test
  void a_claim_without_content_is_not_supported() {
    assertThat(Rules.support("7.", "Seven engineers joined the team in 2020."))
        .isEqualTo(NOT_ENOUGH);
    assertThat(Rules.support("Fabrikam.", "Fabrikam opened an office in Oslo."))
        .isEqualTo(NOT_ENOUGH);
    assertThat(Rules.support("It was.", "The bridge was closed.")).isEqualTo(NOT_ENOUGH);
  }

  @Test
  void spelling_keys_fold_british_and_american_forms() {
    assertThat(Spelling.key("colour")).isEqualTo(Spelling.key("color"));
    assertThat(Spelling.key("analyse")).isEqualTo(Spelling.key("analyze"));
    assertThat(Spelling.key("travelled")).isEqualTo(Spelling.key("traveled"));
    assertThat(Spelling.key("tour")).isEqualTo("tour");
  }

  @Test
  void a_place_and_its_people_or_adjective_are_one_referent_but_another_place_is_not() {
    assertThat(
            Rules.support(
                "The expedition crossed Australia from south to north.",
                "The expedition crossed the Australian continent from south to north."))
        .isEqualTo(SUPPORTED);
    assertThat(
            Rules.support(
                "Most residents of the province are Buddhist.",
                "Buddhism is the religion of most residents of the province."))
        .isEqualTo(SUPPORTED);
    assertThat(
            Rules.verdict(
                    "The treaty was signed by Austrian envoys in 1911.",
                    "The treaty was signed by Australian envoys in 1911.")
                .supported())
        .isFalse();
    // the quote's own "Polish" is taken by the claim's "Polish": "Poland" has nothing left
    assertThat(
            Rules.verdict(
                    "The survey in Germany found that German households saved more than Polish"
                        + " ones.",
                    "The survey in Poland found that German households saved more than Polish"
                        + " ones.")
                .supported())
        .isFalse();
  }

  @Test
  void a_broader_kind_is_carried_but_not_under_a_negation() {
    assertThat(
            Rules.support(
                "European traders settled in the harbour town in 1510.",
                "Portuguese traders settled in the harbour town in 1510."))
        .isEqualTo(SUPPORTED);
    assertThat(
            Rules.verdict(
                    "No Asian traders settled in the harbour town.",
                    "No Portuguese traders settled in the harbour town.")
                .supported())
        .isFalse();
  }

  @Test
  void a_slip_in_an_unknown_word_matches_but_a_longer_or_known_word_does_not() {
    assertThat(
            Rules.support(
                "The Midlands Raliway Company opened the line in 1839.",
                "The Midlands Railway Company opened the line in 1839."))
        .isEqualTo(SUPPORTED);
    // two slips in eight letters or more
    assertThat(
            Rules.support(
                "The Primeier Division club was sold in 1999.",
                "The Premier Division club was sold in 1999."))
        .isEqualTo(SUPPORTED);
    assertThat(ContentRule.slips(7)).isEqualTo(1);
    // a word with letters added is a derived word, not a slip
    assertThat(
            Rules.verdict(
                    "The Hartwellon yard built the ship.", "The Hartwell yard built the ship.")
                .supported())
        .isFalse();
  }

  @Test
  void a_generic_word_the_quote_lacks_is_not_counted_but_a_specific_addition_is() {
    // "size" (many senses) frames the question; the rest is the quote's
    assertThat(
            Rules.support(
                "The size of the reserve fund: 2 million pounds.",
                "The reserve fund holds 2 million pounds."))
        .isEqualTo(SUPPORTED);
    assertThat(
            Rules.verdict(
                    "The committee approved the budget and the hiring plan.",
                    "The committee approved the budget.")
                .supported())
        .isFalse();
  }

  @Test
  void a_unit_named_apart_from_its_number_is_the_quantity_unit() {
    assertThat(
            Rules.support(
                "Tonnes of wheat harvested last year: 40,000.",
                "Last year 40,000 tonnes of wheat were harvested."))
        .isEqualTo(SUPPORTED);
  }

  @Test
  void a_name_said_twice_for_one_quote_name_while_another_is_left_is_a_changed_name() {
    assertThat(
            Rules.verdict(
                    "In 1965, Baran's team at the laboratory developed the method described by"
                        + " Baran.",
                    "In 1965, Davies's team at the laboratory developed the method described by"
                        + " Baran.")
                .supported())
        .isFalse();
  }

  @Test
  void a_claim_whose_names_are_kinds_has_content() {
    assertThat(
            Rules.support(
                "Victorians who are Christian: 61.1%",
                "About 61.1% of Victorians describe themselves as Christian."))
        .isEqualTo(SUPPORTED);
    assertThat(Rules.support("Northwind: 4.", "Northwind has 4 offices.")).isNotEqualTo(SUPPORTED);
  }

  @Test
  void a_name_written_in_two_words_is_the_name_a_quote_writes_as_one() {
    String quote = "The FairWind fleet sails from Leith.";
    assertThat(Rules.support("The Fair Wind fleet sails from Leith.", quote)).isEqualTo(SUPPORTED);
    // another second word, or the same letters in another case, is no such name
    assertThat(Rules.support("The Fair Weather fleet sails from Leith.", quote))
        .isNotEqualTo(SUPPORTED);
    assertThat(Rules.support("The Fairwind Star fleet sails from Leith.", quote))
        .isNotEqualTo(SUPPORTED);
  }
}
