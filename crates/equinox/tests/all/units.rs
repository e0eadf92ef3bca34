//! The small parts of the rules engine on their own: piles, cards, action ids and notation, dealing,
//! designer statistics. (They were unit tests in `src/`; here they do not compile the crate twice.)

/// The piles of cards.
mod state {
    use sylvan_equinox::Card;
    use sylvan_equinox::state::Pile;

    /// A pile compares, prints and serializes by its cards only, and refuses more cards than the game has.
    #[test]
    fn pile_is_its_cards() {
        let mut a: Pile = [Card(3), Card(7), Card(9)].into_iter().collect();
        assert_eq!(a.pop(), Some(Card(9)));
        let b: Pile = [Card(3), Card(7)].into_iter().collect();
        assert_eq!(a, b, "a popped card left behind must not count");
        assert_eq!(format!("{a:?}"), "[Card(3), Card(7)]");
        let json = serde_json::to_string(&a).unwrap_or_default();
        assert_eq!(json, "[3,7]");
        assert_eq!(serde_json::from_str::<Pile>(&json).ok(), Some(a));
        assert_eq!(a.swap_remove(0), Some(Card(3)));
        assert_eq!(a.as_slice(), [Card(7)]);
        assert_eq!(a.swap_remove(1), None);
        let too_many = format!("[{}]", vec!["0"; Card::COUNT + 1].join(","));
        let err = serde_json::from_str::<Pile>(&too_many).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(err.contains("a pile of 172 cards"), "{err}");
        let full: Pile = (0..=255).map(Card).collect();
        assert_eq!(full.len(), Card::COUNT);
    }
}

/// Cards and card sets.
mod cards {
    use sylvan_equinox::cards::{Card, CardSet, Creature};

    #[test]
    fn card_ids_and_notation_round_trip() {
        let mut n = 0;
        for id in 0..Card::COUNT as u8 {
            let c = Card(id);
            let back: Card = c.to_string().parse().unwrap_or(Card(255));
            assert_eq!(back, c.canonical(), "{c}");
            n += 1;
        }
        assert_eq!(n, 171);
        assert_eq!(Creature::Ursus.card(10).half_strength(), 21);
        assert_eq!(Card::chameleon(10).half_strength(), 20);
        assert!("gru11".parse::<Card>().is_err());
        assert!("gru07".parse::<Card>().is_err());
        assert!("xyz1".parse::<Card>().is_err());
        assert!("é".parse::<Card>().is_err());
    }

    #[test]
    fn card_sets() {
        let s = CardSet::of_creature(Creature::Sabot);
        assert_eq!(s.len(), 11);
        assert!(s.contains(Creature::Sabot.card(0)) && s.contains(Creature::Sabot.card(10)));
        assert!(!s.contains(Creature::Bolet.card(10)) && !s.contains(Creature::Croc.card(0)));
        assert_eq!(CardSet::all_creature_cards().len(), 154);
        let v: Vec<Card> = CardSet::range(60, 70).iter().collect();
        assert_eq!(v, (60..70).map(Card).collect::<Vec<_>>());
        assert_eq!(CardSet::range(60, 70).nth(5), Some(Card(65)));
        assert_eq!(CardSet::range(0, 171).len(), 171);
    }
}

/// `action_id` computes the id from the action's fields; the table's binary search is the reference.
mod action_id_closed_form {
    use sylvan_engine::Seat;
    use sylvan_equinox::Action;
    use sylvan_equinox::actions::{NUM_ACTIONS, StoneSpot, action_id, ids};
    use sylvan_equinox::cards::{Card, Creature, TreeKind};

    #[test]
    fn every_id_round_trips_through_the_closed_form() {
        for i in 0..NUM_ACTIONS {
            let a = ids().action(i);
            assert_eq!(a.map(action_id), Some(i), "{a:?}");
        }
        assert_eq!(ids().action(NUM_ACTIONS), None);
    }

    #[test]
    fn closed_form_equals_the_table_for_every_field_value() {
        let mut actions = vec![Action::SkipPrediction, Action::Reveal, Action::Pass, Action::EndDiscard];
        actions.extend([Action::Decline, Action::UsePower, Action::Retrieve(StoneSpot::Secret)]);
        actions.extend(TreeKind::ALL.map(Action::PlayTree));
        for x in 0..=255u8 {
            let card = Card(x);
            actions.extend([Action::Secret(card), Action::Play(card), Action::Discard(card)]);
            actions.extend([Action::Give(card), Action::Keep(card), Action::Target(Seat(x))]);
            for c in Creature::ALL {
                actions.extend([Action::PlayChameleon(card, c), Action::Retrieve(StoneSpot::At(x, c))]);
                actions.extend([Action::PlaceStone(x, c), Action::Ask(Seat(x), c), Action::Take(x, c)]);
                for y in 0..=255u8 {
                    actions.push(Action::Swap(c, x, y));
                }
            }
        }
        for c in Creature::ALL {
            actions.extend([Action::Predict(c), Action::Borrow(c), Action::Remove(c), Action::Name(c)]);
        }
        let mut valid = 0;
        for a in actions {
            let want = ids().id(a).unwrap_or(usize::MAX);
            assert_eq!(action_id(a), want, "{a:?}");
            valid += usize::from(want != usize::MAX);
        }
        assert_eq!(valid, NUM_ACTIONS);
    }
}

/// Every action's notation and id.
mod actions {
    use sylvan_equinox::Action;
    use sylvan_equinox::actions::{NUM_ACTIONS, action_id, all_actions};

    #[test]
    fn every_action_round_trips_notation_and_id() {
        let all = all_actions();
        assert_eq!(all.len(), NUM_ACTIONS);
        for (i, &a) in all.iter().enumerate() {
            assert_eq!(action_id(a), i);
            let text = a.to_string();
            assert_eq!(text.parse::<Action>(), Ok(a), "{text}");
        }
    }

    #[test]
    fn bad_notation_is_rejected() {
        for t in [
            "",
            "play",
            "play cam3",
            "secret cam3",
            "play gru7>lic",
            "swap gru r3 r1",
            "take r0 gru",
            "target p7",
            "predict xyz",
            "retrieve r6 gru",
        ] {
            assert!(t.parse::<Action>().is_err(), "{t}");
        }
    }
}

/// Dealing.
mod setup {
    use sylvan_engine::{Game, GameRng};
    use sylvan_equinox::{Equinox, Options, Setup, internals};

    #[test]
    fn dealing_directly_equals_building_the_dealt_setup() {
        for players in 2..=5 {
            for seed in 0..50 {
                let options = Options { players, ..Options::default() };
                let direct = internals::deal(&options, GameRng::new(seed));
                let mut rng = GameRng::new(seed);
                let setup = Setup::deal(&options, &mut rng);
                let built = internals::build(&options, &setup, rng);
                assert_eq!(built.as_ref().ok(), Some(&direct), "{players} players, seed {seed}");
                assert_eq!(Equinox::new(&options, seed).ok(), Some(direct));
            }
        }
    }

    /// A setup holds only the box's cards (each once, the game's champions, the trees the options allow),
    /// refused with the field and the kind `components`; an unreachable position is `unreachable`.
    #[test]
    fn setups_beyond_the_box_are_refused_with_the_field_and_kind() {
        use sylvan_engine::SetupErrorKind::{Components, Unreachable};
        let options = Options::default();
        let dealt = Setup::deal(&options, &mut GameRng::new(7));
        assert!(Equinox::from_setup(&options, &dealt, 7).is_ok());
        let refused = |setup: &Setup| {
            let Err(e) = Equinox::from_setup(&options, setup, 7) else { panic!("accepted: {setup:?}") };
            assert_eq!(e.to_string().lines().count(), 1, "{e}");
            e
        };
        // A card twice: once in a hand, once more in the draw pile.
        let mut twice = dealt.clone();
        let c = twice.hands[0][0];
        twice.deck.push(c);
        let e = refused(&twice);
        assert_eq!((e.kind, e.field.as_str()), (Components, "deck"), "{e}");
        assert!(e.message.contains("appears twice"), "{e}");
        // A creature card of a champion not in this game.
        let out = sylvan_equinox::Creature::ALL
            .into_iter()
            .find(|c| !dealt.champions.contains(c))
            .unwrap_or_else(|| panic!("every creature is a champion"));
        let mut stranger = dealt.clone();
        stranger.discard.push(out.card(3));
        let e = refused(&stranger);
        assert_eq!((e.kind, e.field.as_str()), (Components, "discard"), "{e}");
        // A fourth tree card when the options allow one L'Ancetre.
        let mut tree = dealt.clone();
        tree.discard.push(sylvan_equinox::cards::TreeKind::Ancetre.card(2));
        assert_eq!(refused(&tree).kind, Components);
        // A sixth stone for a player (the box gives each 5).
        let mut stones = dealt.clone();
        stones.round = 5;
        stones.eliminated = dealt.champions[..4].iter().zip(1..).map(|(&c, r)| (c, r)).collect();
        for (k, &col) in dealt.champions[4..].iter().chain(&dealt.champions[4..6]).enumerate() {
            let row = 1 + (k / 4) as u8;
            stones.stones.push(sylvan_equinox::setup::StoneSetup { seat: sylvan_engine::Seat(0), row, creature: col });
        }
        let e = refused(&stones);
        assert_eq!((e.kind, e.field.as_str()), (Components, "stones[5]"), "{e}");
        // Two stones on one cell is a position no game reaches.
        let mut cell = dealt.clone();
        for seat in 0..2 {
            cell.stones.push(sylvan_equinox::setup::StoneSetup {
                seat: sylvan_engine::Seat(seat),
                row: 1,
                creature: dealt.champions[0],
            });
        }
        let e = refused(&cell);
        assert_eq!((e.kind, e.field.as_str()), (Unreachable, "stones[1]"), "{e}");
    }
}

/// The designer statistics.
mod analytics {
    use sylvan_engine::analytics::{DesignerStats, DesignerTally};
    use sylvan_engine::{Game, GameRng, NoEvents};
    use sylvan_equinox::analytics::{PREDICTIONS, SURVIVAL};
    use sylvan_equinox::{Equinox, internals};

    #[test]
    fn survival_and_predictions_agree_with_the_final_state() {
        let Ok(options) = Equinox::options_for_players(3) else { panic!("options") };
        let mut tally = DesignerTally::new();
        let mut legal = Vec::new();
        let mut rng = GameRng::new(4);
        for seed in 0..30 {
            let Ok(start) = Equinox::new(&options, seed) else { panic!("deal") };
            let mut state = start.clone();
            let mut actions = Vec::new();
            while state.to_move().is_some() {
                state.legal_actions(&mut legal);
                let a = legal[rng.index(legal.len())];
                state.apply_unchecked(a, &mut NoEvents);
                actions.push(a);
            }
            let mut one = DesignerTally::new();
            Equinox::observe(&start, &actions, &mut one);
            // Survivors at the end are exactly the creatures in play in the final state.
            for (col, &c) in internals::champions(&state).iter().enumerate() {
                let cell = one.tables[SURVIVAL].get(c.name(), "at the end").map(|x| x.sum);
                assert_eq!(cell, Some(f64::from(u8::from(internals::in_play(&state, col)))), "{}", c.name());
            }
            // The prestige scored by stones and secrets is each player's final score, summed.
            let scored: f64 = one
                .tables
                .get(PREDICTIONS)
                .map_or(0.0, |t| t.rows.iter().filter_map(|(r, _)| t.get(r, "prestige scored")).map(|c| c.sum).sum());
            let total: f64 = state.scores().iter().sum();
            assert!((scored - total).abs() < 1e-9, "seed {seed}: stones scored {scored}, scores sum {total}");
            tally.merge(&one);
        }
        assert_eq!(tally.games, 30);
        assert!(tally.tables[SURVIVAL].rows.len() >= 8);
        // Issue 15: columns in their natural order, whichever game saw the most eliminations first.
        let columns = &tally.tables[SURVIVAL].columns;
        let want = ["after round 1", "after round 2", "after round 3", "after round 4", "after round 5", "at the end"];
        assert_eq!(columns, &want);
        let rows: Vec<&str> = tally.tables[PREDICTIONS].rows.iter().map(|(r, _)| r.as_str()).collect();
        assert_eq!(rows[..3], ["round 1", "round 2", "round 3"]);
    }

    /// The drawn-cards table (issue 37): a card is drawn by exactly the seats whose hand held it at some
    /// point (read from each seat's own view, the opening hand included), its "drawn in game" is 1 in
    /// every game it was drawn, and the drawers' and the others' win rates add up to every seat's return.
    #[test]
    fn drawn_cards_are_the_cards_each_hand_held() {
        use std::collections::BTreeMap;

        use sylvan_engine::analytics::{DRAWN_IMPACT, DRAWN_IN_GAME, WIN_DREW, WIN_NOT_DREW};
        use sylvan_engine::{Locale, Seat};
        use sylvan_equinox::analytics::DRAWN;
        use sylvan_equinox::words::card_name;

        let Ok(options) = Equinox::options_for_players(3) else { panic!("options") };
        let mut legal = Vec::new();
        let mut rng = GameRng::new(9);
        for seed in 0..12 {
            let Ok(start) = Equinox::new(&options, seed) else { panic!("deal") };
            let mut state = start.clone();
            let mut actions = Vec::new();
            let mut held: BTreeMap<String, [bool; 3]> = BTreeMap::new();
            let mut look = |state: &Equinox| {
                for s in 0..3 {
                    for c in state.view(Seat(s)).hand.iter() {
                        held.entry(card_name(c, Locale::En)).or_default()[usize::from(s)] = true;
                    }
                }
            };
            look(&state);
            while state.to_move().is_some() {
                state.legal_actions(&mut legal);
                let a = legal[rng.index(legal.len())];
                state.apply_unchecked(a, &mut NoEvents);
                actions.push(a);
                look(&state);
            }
            let mut one = DesignerTally::new();
            Equinox::observe(&start, &actions, &mut one);
            let table = &one.tables[DRAWN];
            assert_eq!(table.rows.len(), held.len(), "seed {seed}: one row per card held");
            let win = state.outcome().map(|o| o.returns().to_vec()).unwrap_or_default();
            for (name, seats) in &held {
                let drew = seats.iter().filter(|&&x| x).count() as u64;
                assert_eq!(table.get(name, DRAWN_IN_GAME).map(|c| c.sum), Some(1.0), "{name}");
                assert_eq!(table.get(name, WIN_DREW).map(|c| c.count), Some(drew), "{name}");
                assert_eq!(table.get(name, WIN_NOT_DREW).map(|c| c.count), (drew < 3).then_some(3 - drew), "{name}");
                let sum = |col| table.get(name, col).map_or(0.0, |c| c.sum);
                assert!((sum(WIN_DREW) + sum(WIN_NOT_DREW) - win.iter().sum::<f64>()).abs() < 1e-9, "{name}");
                assert_eq!(table.get(name, DRAWN_IMPACT).is_some(), drew < 3, "{name}");
            }
        }
    }
}

/// The random pick of playouts.
mod random_action {
    use std::collections::HashSet;

    use sylvan_engine::{Game, GameRng, NoEvents};
    use sylvan_equinox::{Action, Equinox};

    /// `random_action` counts the actions of phases 1 to 3 instead of listing them: at every step of
    /// random games it picks exactly what listing and drawing an index picks, with the same draw; every
    /// kind of action of those phases is drawn at least once.
    #[test]
    fn picks_what_list_and_pick_picks() {
        let mut legal = Vec::new();
        let mut scratch = Vec::new();
        let mut kinds = HashSet::new();
        // Two games that reach a forced pass (found by search; a pass is rare in random play).
        let games = (2..=5).flat_map(|p| (0..40).map(move |s| (p, s))).chain([(4, 74), (2, 289)]);
        for (players, seed) in games {
            let Ok(options) = Equinox::options_for_players(players) else { panic!("options") };
            {
                let Ok(mut state) = Equinox::new(&options, seed) else { panic!("deal") };
                let mut rng = GameRng::new(seed ^ 0x5eed);
                loop {
                    let mut listed_rng = rng.clone();
                    state.legal_actions(&mut legal);
                    let listed = (!legal.is_empty()).then(|| legal[listed_rng.index(legal.len())]);
                    let picked = state.random_action(&mut rng, &mut scratch);
                    assert_eq!(picked, listed, "{players} players, seed {seed}, move {}", state.move_number());
                    assert!(rng.same_state(&listed_rng), "{players} players, seed {seed}: another draw");
                    let Some(a) = picked else { break };
                    kinds.insert(std::mem::discriminant(&a));
                    state.apply_unchecked(a, &mut NoEvents);
                }
            }
        }
        let card = sylvan_equinox::Card(0);
        let creature = sylvan_equinox::Creature::ALL[0];
        for a in [
            Action::SkipPrediction,
            Action::Predict(creature),
            Action::Secret(card),
            Action::Reveal,
            Action::Play(card),
            Action::PlayChameleon(card, creature),
            Action::PlayTree(sylvan_equinox::TreeKind::Dryade),
            Action::Pass,
            Action::Discard(card),
            Action::EndDiscard,
        ] {
            assert!(kinds.contains(&std::mem::discriminant(&a)), "{a:?} never drawn");
        }
    }
}
