package dev.citerag.verify.internal;

import static dev.citerag.answer.SupportVerdict.Support.CONTRADICTED;
import static dev.citerag.answer.SupportVerdict.Support.NOT_ENOUGH;
import static dev.citerag.answer.SupportVerdict.Support.SUPPORTED;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PolarityTest {

  @Test
  void a_dropped_or_added_negation_contradicts() {
    assertThat(Rules.support("Interns sign the register.", "Interns do not sign the register."))
        .isEqualTo(CONTRADICTED);
    assertThat(Rules.support("Interns never sign the register.", "Interns sign the register."))
        .isEqualTo(CONTRADICTED);
    assertThat(
            Rules.support("The script fails to rotate the keys.", "The script rotates the keys."))
        .isEqualTo(CONTRADICTED);
    assertThat(Rules.support("Trains run without delays.", "Trains run with delays."))
        .isNotEqualTo(SUPPORTED);
  }

  @Test
  void a_negation_behind_a_parenthesis_still_reaches_its_verb() {
    assertThat(
            Rules.support(
                "Tokens are logged in plain text.",
                "Tokens are never, even in debug mode, logged in plain text."))
        .isEqualTo(CONTRADICTED);
  }

  @Test
  void a_negation_moved_to_another_verb_contradicts() {
    assertThat(
            Rules.support(
                "The probe restarts the pod, but it does not page anyone.",
                "The probe does not restart the pod, but it pages the on-call."))
        .isEqualTo(CONTRADICTED);
  }

  @Test
  void the_same_negation_in_other_words_is_supported() {
    assertThat(Rules.support("Visitors cannot park here.", "Visitors can't park here."))
        .isEqualTo(SUPPORTED);
    assertThat(Rules.support("No fee is charged for returns.", "A fee is not charged for returns."))
        .isEqualTo(SUPPORTED);
    assertThat(Rules.support("The archive is not accessible.", "The archive is inaccessible."))
        .isEqualTo(SUPPORTED);
  }

  @Test
  void antonyms_and_listed_opposites_contradict() {
    assertThat(Rules.support("Sales decreased in May.", "Sales increased in May."))
        .isEqualTo(CONTRADICTED);
    assertThat(Rules.support("The lake is shallow.", "The lake is deep.")).isEqualTo(CONTRADICTED);
    assertThat(
            Rules.support("Audits happen before the release.", "Audits happen after the release."))
        .isEqualTo(CONTRADICTED);
    assertThat(
            Rules.support(
                "The crater is smaller than the lake.", "The crater is larger than the lake."))
        .isEqualTo(CONTRADICTED);
  }

  @Test
  void an_antonym_of_a_negated_word_is_a_paraphrase() {
    assertThat(
            Rules.support(
                "Pets are not permitted in the hall.", "Pets are prohibited in the hall."))
        .isEqualTo(SUPPORTED);
  }

  @Test
  void a_prefix_negates_only_where_the_lexicon_says_so() {
    assertThat(Rules.WORDNET.negatedBase("unavailable")).isEqualTo("available");
    assertThat(Rules.WORDNET.negatedBase("interest")).isNull();
    assertThat(Rules.WORDNET.negatedBase("understand")).isNull();
    assertThat(
            Rules.support(
                "The portal is available at night.", "The portal is unavailable at night."))
        .isEqualTo(CONTRADICTED);
  }

  @Test
  void non_written_apart_from_its_adjective_is_the_negating_prefix() {
    assertThat(Rules.support("The vote was non binding.", "The vote was non-binding."))
        .isEqualTo(SUPPORTED);
    assertThat(Rules.support("The vote was non- binding.", "The vote was not binding."))
        .isEqualTo(SUPPORTED);
    assertThat(Rules.support("The vote was non binding.", "The vote was binding."))
        .isEqualTo(CONTRADICTED);
    // written closed where WordNet writes it so
    assertThat(
            Rules.support("A non profit trust runs the park.", "A nonprofit trust runs the park."))
        .isEqualTo(SUPPORTED);
    assertThat(Rules.support("The march was non violent.", "The march was violent."))
        .isEqualTo(CONTRADICTED);
    // the Italian "non" before a word that is no English adjective stays a foreign word
    assertThat(Rules.verdict("Il voto non era valido.", "The vote was valid.").missing())
        .anyMatch(m -> m.startsWith(LanguageRule.REASON_PREFIX));
  }

  @Test
  void the_same_prefixed_word_on_both_sides_is_judged_by_its_clause_not_its_prefix() {
    assertThat(
            Rules.support(
                "Which groups cannot join the unofficial strike: contractors",
                "Contractors are barred from the unofficial strike."))
        .isNotEqualTo(CONTRADICTED);
    assertThat(Rules.support("The archive is available.", "The archive is unavailable."))
        .isEqualTo(CONTRADICTED);
  }

  @Test
  void a_word_the_quote_also_says_as_claimed_is_no_mismatch_unless_the_claim_says_it_more_often() {
    assertThat(
            Rules.support(
                "Some parcels are insured.",
                "Some parcels are uninsured, and others are insured against loss."))
        .isEqualTo(SUPPORTED);
    assertThat(
            Rules.support(
                "Parcels to Norway are insured, and parcels to Chile are insured.",
                "Parcels to Norway are insured, and parcels to Chile are not insured."))
        .isEqualTo(CONTRADICTED);
  }

  @Test
  void a_yes_no_question_answered_no_negates_its_predicate() {
    assertThat(
            Rules.support(
                "Can tenants sublet the flat: no", "Tenants cannot sublet the flat at any time."))
        .isEqualTo(SUPPORTED);
    assertThat(Rules.support("Can tenants sublet the flat: no", "Tenants can sublet the flat."))
        .isEqualTo(CONTRADICTED);
    assertThat(
            Rules.support("Can tenants sublet the flat? Yes.", "Tenants cannot sublet the flat."))
        .isEqualTo(CONTRADICTED);
  }

  @Test
  void a_yes_no_question_answered_by_a_clause_asserts_only_its_answer() {
    assertThat(
            Rules.support(
                "Was the bridge ever tolled: The bridge was never tolled",
                "The bridge was never tolled."))
        .isNotEqualTo(CONTRADICTED);
    assertThat(
            Rules.support(
                "Was the bridge ever tolled: The bridge was tolled",
                "The bridge was never tolled."))
        .isEqualTo(CONTRADICTED);
  }

  @Test
  void nor_continues_a_negation_and_negates_what_follows_it() {
    assertThat(
            Rules.support(
                "The clinic does not treat children.",
                "The clinic does not admit walk-ins nor does it treat children."))
        .isEqualTo(SUPPORTED);
    assertThat(
            Rules.support(
                "The clinic treats children.",
                "The clinic does not admit walk-ins nor does it treat children."))
        .isEqualTo(CONTRADICTED);
  }

  @Test
  void refusal_instead_of_excluded_from_and_prevent_negate_what_follows() {
    assertThat(
            Rules.support(
                "She was fined for not paying the toll.",
                "She was fined for her refusal to pay the toll."))
        .isEqualTo(SUPPORTED);
    assertThat(
            Rules.support(
                "The mill sold its timber abroad.",
                "Instead of selling its timber abroad, the mill supplied local builders."))
        .isEqualTo(CONTRADICTED);
    assertThat(
            Rules.support(
                "The regulator approved the merger.",
                "The regulator prevented the merger of the two carriers."))
        .isNotEqualTo(SUPPORTED);
  }

  @Test
  void words_sharing_an_antonym_are_not_opposed_and_one_way_antonyms_are_not_enough() {
    assertThat(
            Rules.support(
                "The cave holds an early drawing of a horse.",
                "The cave holds one of the oldest drawings of a horse."))
        .isNotEqualTo(CONTRADICTED);
    assertThat(Rules.support("The cellar was damp.", "The cellar was dry.")).isEqualTo(NOT_ENOUGH);
    assertThat(Rules.support("The shop opens late.", "The shop opens early."))
        .isEqualTo(CONTRADICTED);
  }

  @Test
  void a_quote_or_claim_saying_both_sides_leaves_the_opposite_undecided() {
    assertThat(
            Rules.support(
                "The river to the north of the dam flows toward the lake.",
                "On the northern bank the river flows toward the lake, while to the south it feeds"
                    + " the canal."))
        .isNotEqualTo(CONTRADICTED);
    assertThat(
            Rules.support(
                "The grant covers past and present staff.", "The grant covers present staff."))
        .isEqualTo(NOT_ENOUGH);
  }

  @Test
  void en_verbs_are_opposed_through_their_adjectives_synonyms() {
    assertThat(
            Rules.support(
                "The cables were slackened overnight.", "The cables were tautened overnight."))
        .isEqualTo(CONTRADICTED);
    assertThat(
            Rules.support(
                "The cables were tautened overnight.", "The cables were slackened overnight."))
        .isEqualTo(CONTRADICTED);
  }

  @Test
  void a_negation_reaches_a_list_after_a_colon_but_not_a_clause() {
    assertThat(
            Rules.support(
                "The ferry lacks what kind of deck: an open deck",
                "Unlike the old boats, the ferry lacks an open deck."))
        .isNotEqualTo(CONTRADICTED);
    assertThat(
            Rules.support(
                "The pump does not restart: it alerts the operator.",
                "The pump does not restart; it alerts the operator."))
        .isEqualTo(SUPPORTED);
  }

  @Test
  void a_prefixed_word_matched_to_a_derivation_of_its_stem_is_no_prefix_pair() {
    assertThat(
            Rules.support(
                "The protest shown in the play: disobedience to the king",
                "In the play she must obey her conscience rather than the king."))
        .isNotEqualTo(CONTRADICTED);
  }

  @Test
  void a_negation_reaches_past_a_parenthesis_in_brackets() {
    assertThat(
            Rules.support(
                "The office that was not (formally or informally) in charge of the archive closed.",
                "The office that was (formally or informally) in charge of the archive closed."))
        .isEqualTo(CONTRADICTED);
  }

  @Test
  void a_comparison_turned_round_is_supported_and_a_swapped_one_contradicts() {
    assertThat(
            Rules.support(
                "The eastern reservoir is deeper than the western one.",
                "The western reservoir is shallower than the eastern one."))
        .isEqualTo(SUPPORTED);
    assertThat(
            Rules.support(
                "The eastern reservoir is deeper than the western one.",
                "The eastern reservoir is shallower than the western one."))
        .isEqualTo(CONTRADICTED);
    assertThat(
            Rules.support(
                "The western reservoir is deeper than the eastern one.",
                "The eastern reservoir is deeper than the western one."))
        .isEqualTo(CONTRADICTED);
  }

  @Test
  void a_no_on_a_kind_the_quote_only_names_more_narrowly_still_negates_the_verb() {
    assertThat(
            Rules.support(
                "No birds were ringed at the reserve this year.",
                "Herons were ringed at the reserve this year."))
        .isEqualTo(CONTRADICTED);
    assertThat(
            Rules.support(
                "Birds were ringed at the reserve this year.",
                "Herons were ringed at the reserve this year."))
        .isEqualTo(SUPPORTED);
    // "no longer" is a negation of its own, not "no" before a noun
    assertThat(
            Rules.support(
                "The old bridge is no longer used by lorries.",
                "The old bridge is no longer used by lorries."))
        .isEqualTo(SUPPORTED);
  }

  @Test
  void not_until_says_when_it_happened_unless_the_claim_keeps_the_until_without_its_not() {
    assertThat(
            Rules.support(
                "The gallery reopened in 1998.", "The gallery did not reopen until 1998."))
        .isEqualTo(SUPPORTED);
    assertThat(
            Rules.support(
                "It was not until 1998 that the gallery reopened.",
                "The gallery reopened in 1998."))
        .isEqualTo(SUPPORTED);
    assertThat(
            Rules.support(
                "The gallery reopened until 1998.", "The gallery did not reopen until 1998."))
        .isEqualTo(CONTRADICTED);
    assertThat(
            Rules.support(
                "The gallery reopened before the flood.",
                "The gallery did not reopen until after the flood."))
        .isEqualTo(CONTRADICTED);
    assertThat(Rules.support("The gallery did not reopen.", "The gallery reopened in 1998."))
        .isEqualTo(CONTRADICTED);
  }

  @Test
  void a_quote_word_the_claim_says_with_both_polarities_answers_the_one_of_its_own() {
    assertThat(
            Rules.support(
                "Since members do not pay entry, what do they pay for: guided tours",
                "Members do not pay entry, but guided tours are charged."))
        .isEqualTo(SUPPORTED);
    // the other clause says a word the quote negates: still a contradiction
    assertThat(
            Rules.support(
                "Members do not pay tours, and they pay entry.",
                "Members do not pay entry, but tours are charged."))
        .isEqualTo(CONTRADICTED);
    assertThat(
            Rules.support(
                "The mill does not grind oats: it grinds barley",
                "The mill does not grind barley."))
        .isEqualTo(CONTRADICTED);
    // a question's word asserts nothing and excuses nothing
    assertThat(
            Rules.support(
                "Was the pier repaired in 2015: The pier was not repaired",
                "The pier was repaired in 2015."))
        .isEqualTo(CONTRADICTED);
  }

  @Test
  void the_stronger_word_of_if_not_between_adjectives_is_put_forward_not_denied() {
    String quote = "Reaching the summit in winter is extremely hard, if not impossible.";
    assertThat(Rules.support("Reaching the summit in winter is possible.", quote))
        .isEqualTo(CONTRADICTED);
    assertThat(Rules.support("Reaching the summit in winter is hard, if impossible.", quote))
        .isEqualTo(CONTRADICTED);
    assertThat(
            Rules.support(
                "The two rivals pursue opposing goals.",
                "The two rivals pursue different, if not opposing, goals."))
        .isEqualTo(SUPPORTED);
    // a condition is no hedge: no adjective stands before its comma
    assertThat(
            Rules.support(
                "The fee doubles, if paid on time.", "The fee doubles, if not paid on time."))
        .isEqualTo(CONTRADICTED);
  }

  @Test
  void what_an_unlike_phrase_sets_against_a_negated_clause_has_the_opposite_polarity() {
    String quote = "Unlike the northern mills, the river mill never closed in winter.";
    assertThat(Rules.support("The northern mills never closed in winter.", quote))
        .isEqualTo(CONTRADICTED);
    assertThat(Rules.support("The northern mills closed in winter.", quote)).isEqualTo(SUPPORTED);
    assertThat(Rules.support("The river mill closed in winter.", quote)).isEqualTo(CONTRADICTED);
    assertThat(Rules.support("The river mill never closed in winter.", quote)).isEqualTo(SUPPORTED);
  }

  @Test
  void nothing_more_than_restricts_and_denies_nothing() {
    String quote = "The mayor offered nothing more than an apology.";
    assertThat(Rules.support("The mayor offered an apology.", quote)).isEqualTo(SUPPORTED);
    assertThat(Rules.support("The mayor offered no apology.", quote)).isEqualTo(CONTRADICTED);
    assertThat(
            Rules.support(
                "The report was a summary of the audit.",
                "The report was nothing but a summary of the audit."))
        .isEqualTo(SUPPORTED);
    // a plain "nothing" still denies
    assertThat(Rules.support("The mayor offered an apology.", "The mayor offered nothing."))
        .isNotEqualTo(SUPPORTED);
  }

  @Test
  void like_as_a_preposition_is_no_opposite_of_dislike() {
    // a clause opened by its participle: "like" follows that verb's object
    assertThat(
            Rules.support(
                "What did the bakers dislike: taxing flour and other goods like salt",
                "The bakers resented the decree, taxing flour and other goods like salt."))
        .isEqualTo(SUPPORTED);
    // the verb after its subject, also with a participle or a "like" phrase in between
    assertThat(
            Rules.support(
                "The bakers dislike the decree.",
                "Bakers working in the old town like the decree."))
        .isEqualTo(CONTRADICTED);
    assertThat(
            Rules.support(
                "The bakers dislike the decree.", "The bakers, like the millers, like the decree."))
        .isEqualTo(CONTRADICTED);
  }
}
