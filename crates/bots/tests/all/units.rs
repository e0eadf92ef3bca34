//! The unit tests of the modules of `src/` (their `selftest` modules), one test each.

mod bot {
    use sylvan_bots::selftests::bot as t;

    #[test]
    fn random_bot_is_uniform_and_reproducible() -> Result<(), String> {
        t::random_bot_is_uniform_and_reproducible()
    }

    #[test]
    fn heuristic_bot_plays_a_sure_winner() -> Result<(), String> {
        t::heuristic_bot_plays_a_sure_winner()
    }
}

mod erased {
    use sylvan_bots::selftests::erased as t;

    #[test]
    fn erased_bots_play_the_typed_game() -> Result<(), String> {
        t::erased_bots_play_the_typed_game()
    }

    #[test]
    fn a_bot_refuses_another_games_view_and_unknown_specs() -> Result<(), String> {
        t::a_bot_refuses_another_games_view_and_unknown_specs()
    }
}

mod play {
    use sylvan_bots::selftests::play as t;

    #[test]
    fn games_end_and_replay_from_their_actions() -> Result<(), String> {
        t::games_end_and_replay_from_their_actions()
    }

    #[test]
    fn same_seeds_same_game() -> Result<(), String> {
        t::same_seeds_same_game()
    }

    #[test]
    fn bad_bots_and_bad_tables_are_errors() -> Result<(), String> {
        t::bad_bots_and_bad_tables_are_errors()
    }
}

mod search {
    use sylvan_bots::selftests::search as t;

    #[test]
    fn playout_depth_stops_at_the_evaluation() {
        t::playout_depth_stops_at_the_evaluation()
    }

    #[test]
    fn ln_count_is_ln() {
        t::ln_count_is_ln()
    }

    #[test]
    fn prior_expands_and_favours_the_heuristic_choice() {
        t::prior_expands_and_favours_the_heuristic_choice()
    }

    #[test]
    fn learned_policy_orders_and_biases_expansions() -> Result<(), String> {
        t::learned_policy_orders_and_biases_expansions()
    }

    #[test]
    fn children_stay_sorted_and_unique() {
        t::children_stay_sorted_and_unique()
    }

    #[test]
    fn race_drops_only_clear_losers() {
        t::race_drops_only_clear_losers()
    }

    #[test]
    fn racing_saves_playouts_on_losers() {
        t::racing_saves_playouts_on_losers()
    }

    #[test]
    fn racing_stops_with_one_action_left() {
        t::racing_stops_with_one_action_left()
    }

    #[test]
    fn search_threads_are_kept_between_decisions() {
        t::search_threads_are_kept_between_decisions()
    }

    #[test]
    fn evaluator_needs_a_depth() {
        t::evaluator_needs_a_depth()
    }

    #[test]
    fn playout_backs_up_the_value_network() -> Result<(), String> {
        t::playout_backs_up_the_value_network()
    }
}

mod spec {
    use sylvan_bots::selftests::spec as t;

    #[test]
    fn known_specs_parse_and_display_back() {
        t::known_specs_parse_and_display_back()
    }

    #[test]
    fn lists_parse_in_order() {
        t::lists_parse_in_order()
    }

    #[test]
    fn errors_name_the_problem() {
        t::errors_name_the_problem()
    }

    /// An error quotes the user's spec made printable and cut: a 100,000-character name, key or value
    /// gives one short line with its control characters escaped.
    #[test]
    fn errors_quote_the_spec_printable_and_cut() {
        let long = "x".repeat(100_000);
        let hostile = "\u{1b}]0;pwned\u{7}";
        for text in [
            long.clone(),
            format!("ismcts:{long}"),
            format!("ismcts:iters={long}"),
            format!("{hostile}{long}"),
            format!("random:{hostile}=1"),
        ] {
            let Err(e) = text.parse::<sylvan_bots::BotSpec>() else { panic!("accepted") };
            let e = e.to_string();
            assert!(e.len() < 600, "{} bytes", e.len());
            assert!(!e.contains('\u{1b}') && !e.contains('\u{7}') && !e.contains('\n'), "{e:?}");
        }
        let Err(e) = format!("{hostile}bot").parse::<sylvan_bots::BotSpec>() else { panic!("accepted") };
        assert!(e.to_string().contains("\\u{1b}]0;pwned"), "{e}");
    }

    #[test]
    fn built_bots_carry_their_name() {
        t::built_bots_carry_their_name()
    }

    #[test]
    fn levels_resolve_through_a_table_and_overrides_replace_the_budget() -> Result<(), String> {
        t::levels_resolve_through_a_table_and_overrides_replace_the_budget()
    }

    #[test]
    fn the_noisy_heuristic_mixes_heuristic_and_random_moves() -> Result<(), String> {
        t::the_noisy_heuristic_mixes_heuristic_and_random_moves()
    }

    #[test]
    fn bot_seeds_differ_and_are_stable() {
        t::bot_seeds_differ_and_are_stable()
    }
}

mod toy {
    use sylvan_bots::selftests::toy as t;

    #[test]
    fn conformance_for_every_table_size() {
        t::conformance_for_every_table_size()
    }

    #[test]
    fn bad_options_are_rejected_with_the_field() {
        t::bad_options_are_rejected_with_the_field()
    }

    #[test]
    fn records_from_newer_engines_or_other_cards_are_refused() -> Result<(), String> {
        t::records_from_newer_engines_or_other_cards_are_refused()
    }

    #[test]
    fn highest_card_wins_and_leads() -> Result<(), String> {
        t::highest_card_wins_and_leads()
    }

    #[test]
    fn setup_errors_name_the_field() {
        t::setup_errors_name_the_field()
    }

    #[test]
    fn notation_rejects_junk() {
        t::notation_rejects_junk()
    }

    #[test]
    fn record_from_setup_replays() -> Result<(), String> {
        t::record_from_setup_replays()
    }
}

mod value {
    use sylvan_bots::selftests::value as t;

    #[test]
    fn a_network_computes_its_layers() -> Result<(), String> {
        t::a_network_computes_its_layers()
    }

    #[test]
    fn bad_files_are_refused_with_a_reason() {
        t::bad_files_are_refused_with_a_reason()
    }

    #[test]
    fn policy_priors_are_a_softmax_over_the_legal_actions() -> Result<(), String> {
        t::policy_priors_are_a_softmax_over_the_legal_actions()
    }

    #[test]
    fn a_residual_network_corrects_the_games_evaluation() -> Result<(), String> {
        t::a_residual_network_corrects_the_games_evaluation()
    }

    #[test]
    fn estimates_are_rotated_to_absolute_seats() -> Result<(), String> {
        t::estimates_are_rotated_to_absolute_seats()
    }
}
