//! The unit tests of the modules of `src/` (their `selftest` modules), one test each.

mod actions {
    use sylvan_mystic_vale::selftests::actions as t;

    #[test]
    fn pinned_ids() {
        t::pinned_ids()
    }
}

mod effects {
    use sylvan_mystic_vale::selftests::effects as t;

    #[test]
    fn a_module_is_known_by_its_key_not_its_address() {
        t::a_module_is_known_by_its_key_not_its_address()
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
    fn buys_on_match_chorus_target_ok_one_by_one() {
        t::buys_on_match_chorus_target_ok_one_by_one()
    }

    #[test]
    fn purchase_room_matches_purchases_fit() {
        t::purchase_room_matches_purchases_fit()
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

/// `action_id` computes the id from the action's fields; the table's binary search is the reference.
mod action_id_closed_form {
    use sylvan_mystic_vale::actions::{Action, Choice, Held, NUM_ACTIONS, Source, action_id, ids};
    use sylvan_mystic_vale::cards::{Slot, Spirit};

    #[test]
    fn every_id_round_trips_through_the_closed_form() {
        let n = ids().len();
        assert_eq!(n, NUM_ACTIONS);
        for i in 0..n {
            let a = ids().action(i);
            assert_eq!(a.map(action_id), Some(i), "{a:?}");
        }
        assert_eq!(ids().action(n), None);
    }

    /// Every variant over every value of its fields (the widest ranges cut where the key counts
    /// with no larger value), valid or not.
    fn actions() -> Vec<Action> {
        use Action::*;
        let mut v =
            vec![Pass, Push, Spoil, Druid, Arbor, Decline, Mill, Token, Done, Upgrade, Sow, Trade, Evoke, Score];
        let sources: Vec<Source> = (0..=5u8)
            .flat_map(|l| (0..=5u8).map(move |k| Source::Common(l, k)))
            .chain(Slot::ALL.map(Source::Soil))
            .collect();
        let choices: Vec<Choice> = std::iter::once(Choice::Nothing)
            .chain((0..=255u8).map(Choice::Card))
            .chain(Spirit::ALL.map(Choice::Spirit))
            .collect();
        for &s in &sources {
            v.extend([Buy(s), Claim(s)]);
        }
        for x in 0..=255u8 {
            v.extend([Conclave(x), Discard(x), Sleeve(x), ChooseLeader(x), UseVale(x), CancelDecay(x), Keep(x)]);
            v.extend([TakeLeader(x), TakeAmulet(x), EvokeOn(x), AbilityCard(x), AbilityPick(x)]);
            v.extend([CancelNotCursed(x), Bank(x)]);
            for &s in &sources {
                v.push(BuyOn(s, x));
            }
            for s in Slot::ALL {
                v.push(AbilitySoil(s, x));
                for y in 0..=255u8 {
                    v.push(Portal(x, s, y));
                }
            }
            for y in 0..=255u8 {
                v.extend([AbilityCommon(x, y), EvokeBought(x, y), Replay(x, y), Workshop(x, y)]);
                v.push(Vale(x, y, None));
                v.extend(Spirit::ALL.map(|s| Vale(x, y, Some(s))));
            }
            for s in 0..=7u8 {
                for at in 0..=7u8 {
                    v.push(AbilityGraft(s, x, at));
                    v.push(UseOnDeckAbility(s, x, at));
                }
                v.push(UseOnDeck(s, x));
            }
            for &choice in &choices {
                v.push(Use { card: Held::Vale(x), choice });
            }
        }
        for c in 0..=30u8 {
            for at in 0..=7u8 {
                for &choice in &choices {
                    v.push(Use { card: Held::Card(c, at), choice });
                }
            }
        }
        for s in Spirit::ALL {
            v.extend([Aerie(s), AbilitySpirit(s)]);
        }
        v.extend(Slot::ALL.map(Resolve));
        v.extend(Slot::ALL.map(AbilityTake));
        let digits = 0..=5u8;
        for a in digits.clone() {
            for f in digits.clone() {
                for s in digits.clone() {
                    v.extend(digits.clone().map(|w| BuyVp([a, f, s, w])));
                }
            }
        }
        v
    }

    #[test]
    fn closed_form_equals_the_table_for_every_field_value() {
        let mut valid = 0;
        for a in actions() {
            let want = ids().id(a).unwrap_or(usize::MAX);
            assert_eq!(action_id(a), want, "{a:?}");
            valid += usize::from(want != usize::MAX);
        }
        assert_eq!(valid, NUM_ACTIONS, "every action of the table is among those tried");
    }
}
