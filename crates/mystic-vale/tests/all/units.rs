//! The unit tests of the modules of `src/` (their `selftest` modules), one test each.

mod actions {
    use sylvan_mystic_vale::selftests::actions as t;

    #[test]
    fn pinned_ids() {
        t::pinned_ids()
    }
}

mod heuristic {
    use sylvan_mystic_vale::selftests::heuristic as t;

    #[test]
    fn borderwatch_bog_counts_the_cards_a_deck_places() {
        t::borderwatch_bog_counts_the_cards_a_deck_places()
    }

    #[test]
    fn on_spoil_cards_and_owner_scaled_vales_are_priced() {
        t::on_spoil_cards_and_owner_scaled_vales_are_priced()
    }

    #[test]
    fn every_magic_ability_is_priced() {
        t::every_magic_ability_is_priced()
    }

    #[test]
    fn lifebringer_seed_goes_on_a_cursed_land() {
        t::lifebringer_seed_goes_on_a_cursed_land()
    }

    #[test]
    fn gaias_chosen_goes_on_the_card_with_most_symbols() {
        t::gaias_chosen_goes_on_the_card_with_most_symbols()
    }

    #[test]
    fn pushes_when_the_known_deck_cannot_spoil_and_passes_when_it_must() {
        t::pushes_when_the_known_deck_cannot_spoil_and_passes_when_it_must()
    }

    #[test]
    fn never_discards_from_the_field_with_an_empty_deck() {
        t::never_discards_from_the_field_with_an_empty_deck()
    }

    #[test]
    fn buys_the_level_3_advancement_over_two_fertile_soils() {
        t::buys_the_level_3_advancement_over_two_fertile_soils()
    }
}

mod rollout {
    use sylvan_mystic_vale::selftests::rollout as t;

    #[test]
    fn rollout_games_follow_the_rules_of_thumb() {
        t::rollout_games_follow_the_rules_of_thumb()
    }
}

mod turn {
    use sylvan_mystic_vale::selftests::turn as t;

    #[test]
    fn sleeve_targets_match_sleeve_ok_card_by_card() {
        t::sleeve_targets_match_sleeve_ok_card_by_card()
    }

    #[test]
    fn portal_moves_match_the_card_by_card_check() {
        t::portal_moves_match_the_card_by_card_check()
    }

    #[test]
    fn pile_append_matches_extend_from_slice() {
        t::pile_append_matches_extend_from_slice()
    }

    #[test]
    fn card_gains_add_up_to_the_harvest() {
        t::card_gains_add_up_to_the_harvest()
    }
}

mod words {
    use sylvan_mystic_vale::selftests::words as t;

    #[test]
    fn rulebook_final_scoring_example() {
        t::rulebook_final_scoring_example()
    }

    #[test]
    fn views_show_the_breakdown_totals() {
        t::views_show_the_breakdown_totals()
    }

    #[test]
    fn french_card_texts_and_titles() {
        t::french_card_texts_and_titles()
    }
}
