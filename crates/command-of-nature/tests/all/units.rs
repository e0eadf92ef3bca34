//! The small parts on their own: action ids and notation, the card files. (They were unit tests in
//! `src/`; here they do not compile the crate twice.)

/// Every action's notation and id.
mod actions {
    use sylvan_command_of_nature::NUM_ACTIONS;
    use sylvan_command_of_nature::actions::{Action, action_id, all_actions};

    #[test]
    fn every_action_round_trips_notation_and_id() {
        for (i, &a) in all_actions().iter().enumerate() {
            assert_eq!(action_id(a), i);
            assert_eq!(a.to_string().parse::<Action>(), Ok(a), "{a}");
        }
        assert_eq!(all_actions().len(), NUM_ACTIONS);
    }

    #[test]
    fn bad_notation_is_rejected() {
        for t in ["", "pick IV1", "pick I3", "swap II1 I1", "buy+ c1", "amount 4", "faction 5", "play nothing"] {
            assert!(t.parse::<Action>().is_err(), "{t}");
        }
    }
}

/// `action_id` computes the id from the action's fields; the table's binary search is the reference.
mod action_id_closed_form {
    use sylvan_command_of_nature::NUM_ACTIONS;
    use sylvan_command_of_nature::actions::{Action, action_id, ids};
    use sylvan_command_of_nature::cards::Card;

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
        let mut actions = vec![Action::Done, Action::Draw, Action::Partner, Action::Use];
        for x in 0..=255u8 {
            actions.extend([Action::Amount(x), Action::Faction(x), Action::Buy(x), Action::BuyPlace(x)]);
            actions.extend([Action::Refresh(x), Action::Dawn(x), Action::Pick(x), Action::Aim(x)]);
            let c = Card(x);
            actions.extend([Action::Choose(c), Action::Summon(c), Action::Play(c), Action::Sell(c)]);
            actions.extend([Action::Discard(c), Action::Instant(c)]);
            for y in 0..=255u8 {
                actions.extend([Action::Swap(x, y), Action::Refill(x, y)]);
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
    use sylvan_command_of_nature::cards::{DEFAULT_FILES, load, try_table};

    #[test]
    fn default_data_loads_with_the_fan_counts() {
        let t = try_table().map_err(|e| e.to_string());
        let Ok(t) = t else { panic!("{t:?}") };
        assert_eq!(t.cards.len(), 86);
        assert_eq!(t.elemental_market.len(), 40);
        assert_eq!(t.command_market.len(), 40);
        assert_eq!(t.packs.len(), 4);
        // No field is provisional (the French translations are in the overlay).
        assert_eq!(t.provisional_fields, 0);
        // Every card has its French name and text in the overlay (`i18n/fr/cards.toml`).
        use sylvan_command_of_nature::words::{card_name, card_text};
        use sylvan_engine::Locale;
        let untranslated: Vec<&str> = t
            .cards
            .iter()
            .filter(|c| card_name(c, Locale::Fr) == c.name && card_text(c, Locale::Fr) == c.text)
            .map(|c| c.name.as_str())
            .collect();
        assert!(untranslated.is_empty(), "cards without French: {untranslated:?}");
        assert!(t.cards.iter().all(|c| !c.text.is_empty() && !card_text(c, Locale::Fr).is_empty()));
        let close = t
            .cards
            .iter()
            .find(|c| c.code == "close-strike")
            .map(|c| (card_name(c, Locale::Fr), card_text(c, Locale::Fr)));
        assert_eq!(close.as_ref().map(|c| c.0.as_str()), Some("Frappe Rapprochée"));
        assert!(close.is_some_and(|c| c.1.starts_with("Corps-à-corps")));
    }

    #[test]
    fn errors_name_file_line_and_field() {
        let bad = DEFAULT_FILES[0].1.replacen("effect = \"vix_vanguard\"", "effect = \"vix\"", 1);
        let files = [("elementals.toml", bad.as_str()), DEFAULT_FILES[1], DEFAULT_FILES[2]];
        let e = load(&files).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(e.starts_with("elementals.toml:") && e.contains(": effect: unknown effect `vix`"), "{e}");
        let line: usize = e.split(':').nth(1).and_then(|l| l.parse().ok()).unwrap_or(0);
        assert_eq!(DEFAULT_FILES[0].1.lines().nth(line - 1).map(|l| l.contains("vix_vanguard")), Some(true));
        let bad =
            DEFAULT_FILES[1].1.replacen("strength_delta = \"fan: commands.tsv\"", "strength_delta = \"guess\"", 1);
        let files = [DEFAULT_FILES[0], ("commands.toml", bad.as_str()), DEFAULT_FILES[2]];
        let e = load(&files).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(e.contains("provenance.strength_delta"), "{e}");
    }
}
