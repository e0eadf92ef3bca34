//! The small parts on their own: action ids and notation, the card files. (They were unit tests in
//! `src/`; here they do not compile the crate twice.)

/// Every action's notation and id.
mod actions {
    use sylvan_spirit_duel::actions::{Action, NUM_ACTIONS, action_id, all_actions};

    #[test]
    fn every_action_round_trips_notation_and_id() {
        let all = all_actions();
        assert_eq!(all.len(), NUM_ACTIONS);
        for (i, &a) in all.iter().enumerate() {
            assert_eq!(action_id(a), i);
            assert_eq!(a.to_string().parse::<Action>(), Ok(a));
        }
        for bad in ["", "attack", "attack glaciation", "attack kelorn glaciation", "defend", "strike almyra", "x"] {
            assert!(bad.parse::<Action>().is_err(), "{bad}");
        }
    }
}

/// `action_id` computes the id from the action's fields; the table's binary search is the reference.
mod action_id_closed_form {
    use sylvan_spirit_duel::actions::{Action, NUM_ACTIONS, action_id, ids};
    use sylvan_spirit_duel::cards::{Card, Spirit};

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
        let mut actions = vec![Action::End, Action::Take];
        for x in 0..=255u8 {
            actions.extend([Action::Support(Card(x), None), Action::Recycle(Card(x)), Action::Defend(Card(x))]);
            for y in 0..=255u8 {
                actions.extend([
                    Action::Attack(Card(x), Spirit(y)),
                    Action::Strike(Spirit(x), Spirit(y)),
                    Action::Support(Card(x), Some(Spirit(y))),
                ]);
            }
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

/// The card files.
mod cards {
    use sylvan_spirit_duel::cards::{ABILITIES_TOML, SPIRITS_TOML, Tables};

    #[test]
    fn default_set_loads_and_counts() {
        let t = Tables::default_set().map_err(|e| e.to_string());
        let Ok(t) = t else { panic!("{t:?}") };
        assert_eq!(t.abilities.len(), 24);
        assert_eq!(t.team_cards[0].count_ones(), 12);
        assert_eq!(t.spirit_provenance.rulebook + t.spirit_provenance.provisional, 4 * 10);
        assert_eq!(t.ability_provenance.rulebook + t.ability_provenance.provisional, 24 * 11);
        // Every card in both languages: English in the card files (translated), French as printed or
        // authored in the overlay `i18n/fr/cards.toml`.
        use sylvan_engine::Lang;
        use sylvan_engine::Locale;
        use sylvan_spirit_duel::words::{ability_text, attack_text, card_texts};
        let texts = card_texts();
        assert!(texts.problems().is_empty(), "{:?}", texts.problems());
        assert!(t.spirits.iter().all(|s| !s.attack_text.is_empty() && attack_text(s, Locale::Fr) != s.attack_text));
        for a in &t.abilities {
            let fr = texts.entry(Lang::Fr, "ability", &a.code).map(|e| (e.texts.get("name"), e.texts.get("text")));
            assert!(matches!(fr, Some((Some(_), Some(_)))), "{} has no French name and text", a.code);
            assert!(!a.text.is_empty() && !ability_text(a, Locale::Fr).is_empty(), "{}", a.code);
        }
        // The overlay names only cards of the data, and only fields the words layer reads.
        for (kind, key, e) in texts.entries(Lang::Fr) {
            let known = match kind {
                "ability" => {
                    t.abilities.iter().any(|a| a.code == key) && e.texts.keys().all(|f| f == "name" || f == "text")
                }
                "spirit" => t.spirits.iter().any(|s| s.code == key) && e.texts.keys().all(|f| f == "attack_text"),
                _ => false,
            };
            assert!(known, "{kind}.{key}: not a card, or a field not read");
        }
    }

    #[test]
    fn errors_name_file_line_and_field() {
        let bad = ABILITIES_TOML.replacen("cost = 2\npower = 9", "cost = 2\npower = \"x\"", 1);
        let e = Tables::load(SPIRITS_TOML, &bad, ("s", "a")).err().map(|e| e.to_string()).unwrap_or_default();
        let line = bad.lines().position(|l| l == "power = \"x\"").map_or(0, |i| i + 1);
        assert_eq!(e, format!("a:{line}: power: invalid type: string \"x\", expected u8"));
        let bad = SPIRITS_TOML.replacen("pv = 20", "pv = 20\nhp = 3", 1);
        let e = Tables::load(&bad, ABILITIES_TOML, ("s", "a")).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(e.contains(": hp: unknown field `hp`"), "{e}");
        let bad = SPIRITS_TOML.replacen("rulebook: FR:18, ÉQUIPE A", "rulebook: ÉQUIPE A", 1);
        let e = Tables::load(&bad, ABILITIES_TOML, ("s", "a")).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(e.contains("spirit[0].provenance.team: `rulebook: ÉQUIPE A` needs a line reference"), "{e}");
        let bad = ABILITIES_TOML.replacen("keywords = [\"attaque\"]", "keywords = [\"attack\"]", 1);
        let e = Tables::load(SPIRITS_TOML, &bad, ("s", "a")).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(e.starts_with("a:18: ability[0].keywords: unknown keyword `attack`"), "{e}");
        let bad = SPIRITS_TOML.replacen("element = \"provisional: the element icon is lost in the text\"\n", "", 1);
        let e = Tables::load(&bad, ABILITIES_TOML, ("s", "a")).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(e.contains("spirit[0].provenance.element: missing provenance"), "{e}");
    }
}
