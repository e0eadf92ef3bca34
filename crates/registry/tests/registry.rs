//! The registry and the erased game, end to end: the toy fixture registered through the registry alone,
//! conformance of every game and mode through its erased interface, pinned action ids, bots fed erased
//! views, typed errors.

use serde_json::Value;
use sylvan_bots::BotSpec;
use sylvan_engine::erased::{DynError, DynGame, dyn_playouts};
use sylvan_engine::{ReplayError, Seat, SetupErrorKind};
use sylvan_registry::{Entry, Registry, RegistryError};

type TestResult = Result<(), String>;

#[path = "registry/balance.rs"]
mod balance;
#[path = "registry/ladder.rs"]
mod ladder;
#[path = "registry/learned.rs"]
mod learned;
#[path = "registry/levels.rs"]
mod levels;
#[path = "registry/notebook.rs"]
mod notebook;
#[path = "registry/observe.rs"]
mod observe;
#[path = "registry/runs.rs"]
mod runs;
#[path = "registry/vector.rs"]
mod vector;
#[path = "registry/views.rs"]
mod views;

fn standard() -> Registry {
    Registry::standard()
}

fn options(registry: &Registry, game: &str, players: Option<usize>, overrides: &[&str]) -> Result<Value, String> {
    let o: Vec<String> = overrides.iter().map(|s| s.to_string()).collect();
    let entry = registry.get(game).map_err(|e| e.to_string())?;
    entry.game().options(players, &o).map_err(|e| e.to_string())
}

/// The toy fixture game, registered with one line into an empty registry, and played through it.
mod toy_through_the_registry {
    use super::*;
    use sylvan_bots::toy::Toy;

    fn registry() -> Result<Registry, String> {
        let mut r = Registry::new();
        r.register(Entry::of::<Toy>("the toy")).map_err(|e| e.to_string())?;
        Ok(r)
    }

    #[test]
    fn registers_lists_and_refuses_a_second_entry() -> TestResult {
        let mut r = registry()?;
        assert_eq!(r.listed().map(Entry::name).collect::<Vec<_>>(), ["toy"]);
        assert_eq!(r.register(Entry::of::<Toy>("again")).err(), Some(RegistryError::Duplicate("toy")));
        let unknown = r.get("chess").err().map(|e| e.to_string());
        assert_eq!(unknown.as_deref(), Some("unknown game `chess` (known games: toy)"));
        let d = r.get("toy").map_err(|e| e.to_string())?.describe();
        assert_eq!((d["min_players"].as_u64(), d["max_players"].as_u64()), (Some(2), Some(4)));
        assert_eq!(
            d["bots"],
            serde_json::json!([
                "random",
                "heuristic",
                "ismcts",
                "flatmc",
                "paired",
                "easy",
                "medium",
                "hard",
                "expert"
            ]),
            "no robot in the toy"
        );
        Ok(())
    }

    #[test]
    fn passes_conformance_through_the_registry() -> TestResult {
        let r = registry()?;
        let toy = r.get("toy").map_err(|e| e.to_string())?;
        for players in 2..=4 {
            let o = toy.game().options(Some(players), &["hand_size=4".into()]).map_err(|e| e.to_string())?;
            let report = toy.game().conformance(&o, 200, 5).map_err(|e| e.to_string())?;
            assert_eq!((report.games, report.longest), (200, 4 * players));
        }
        Ok(())
    }

    #[test]
    fn plays_by_id_and_notation_and_rejects_without_change() -> TestResult {
        let r = registry()?;
        let toy = r.get("toy").map_err(|e| e.to_string())?.game();
        let o = toy.options(None, &[]).map_err(|e| e.to_string())?;
        let setup = serde_json::json!({ "hands": [[0, 3, 7], [1, 2, 6]], "leader": 1 });
        let mut g = toy.with_setup(&o, &setup, 0).map_err(|e| e.to_string())?;
        assert_eq!(g.to_move(), Some(Seat(1)));
        let legal: Vec<String> = g.legal_actions().into_iter().map(|a| a.notation).collect();
        assert_eq!(legal, ["c1", "c2", "c6"]);
        let before = g.state_json();
        assert!(matches!(g.apply_notation("c7"), Err(DynError::Illegal { .. })), "p1 does not hold c7");
        assert!(matches!(g.apply_notation("seven"), Err(DynError::Notation(_))));
        assert!(matches!(g.apply_id(99), Err(DynError::UnknownId { id: 99, max: 32, .. })));
        assert_eq!(g.state_json(), before, "rejections change nothing");
        assert_eq!(g.apply_notation("c6"), Ok(6));
        g.apply_id(3).map_err(|e| e.to_string())?;
        let seen: Vec<String> = g.events(Some(Seat(0))).into_iter().map(|e| e.text).collect();
        assert_eq!(seen, ["p1 plays c6", "p0 plays c3", "p1 wins the trick with c6"]);
        assert_eq!(g.view(Seat(0)).map_err(|e| e.to_string())?.to_json()["hand"], serde_json::json!([0, 7]));
        assert!(matches!(g.view(Seat(2)), Err(DynError::NoSuchSeat { .. })));
        let copy = g.clone();
        for id in [1, 7, 0, 2] {
            g.apply_id(id).map_err(|e| e.to_string())?;
        }
        assert_eq!(copy.move_number(), 2, "a clone is its own game");
        let outcome = g.outcome().ok_or("over")?;
        assert_eq!(outcome.winners().iter().collect::<Vec<_>>(), [Seat(1)]);
        assert_eq!(g.scores(), [1.0, 2.0]);
        let back = toy.replay(&g.record().to_string(), None).map_err(|e| e.to_string())?;
        assert_eq!(back.state_json(), g.state_json());
        let half = toy.replay(&g.record().to_string(), Some(3)).map_err(|e| e.to_string())?;
        assert_eq!(half.move_number(), 3);
        assert_eq!(
            toy.replay(&g.record().to_string(), Some(9)).err(),
            Some(ReplayError::Truncated { upto: 9, actions: 6 })
        );
        Ok(())
    }
}

/// Every listed game and mode passes the conformance suite through its erased interface (the typed
/// suite, then the erased game checked against the typed one). The game crates run the typed suite on
/// 1,000 games per mode; here a game per mode checks the erasure (the first games of the typed suite
/// try every action id at every step, which is what takes the time); the ignored `sweep_` test plays
/// three per mode.
mod conformance {
    use super::*;

    fn check(game: &str, players: Option<usize>, overrides: &[&str], games: usize) -> TestResult {
        let r = standard();
        let o = options(&r, game, players, overrides)?;
        let entry = r.get(game).map_err(|e| e.to_string())?;
        let report = entry.game().conformance(&o, games, 11).map_err(|e| e.to_string())?;
        assert_eq!(report.games, games, "{game} {overrides:?}");
        Ok(())
    }

    fn equinox(games: usize) -> TestResult {
        (2..=5).try_for_each(|p| check("equinox", Some(p), &[], games))
    }

    fn mystic_vale(games: usize) -> TestResult {
        (2..=4).try_for_each(|p| check("mystic-vale", Some(p), &[], games))
    }

    fn command_of_nature(games: usize) -> TestResult {
        check("command-of-nature", Some(2), &[], games)?;
        check("command-of-nature", Some(4), &["teams"], games)
    }

    #[test]
    fn equinox_one_game_per_mode() -> TestResult {
        equinox(1)
    }

    #[test]
    fn mystic_vale_one_game_per_mode() -> TestResult {
        mystic_vale(1)
    }

    #[test]
    fn command_of_nature_one_game_per_mode() -> TestResult {
        command_of_nature(1)
    }

    #[test]
    #[ignore = "sweep: cargo test --release -- --ignored sweep_"]
    fn sweep_three_games_per_mode() -> TestResult {
        equinox(3)?;
        mystic_vale(3)?;
        command_of_nature(3)
    }

    #[test]
    fn spirit_duel() -> TestResult {
        check("spirit-duel", None, &[], 30)?;
        check("spirit-duel", None, &["solo"], 30)?;
        check("spirit-duel", None, &["solo", "team=b"], 30)
    }

    #[test]
    fn toy() -> TestResult {
        check("toy", Some(3), &[], 100)
    }

    /// The erased random playouts pick the same moves as the typed ones (the `sylvan bench --dyn`
    /// checksum).
    #[test]
    fn erased_playouts_match_the_typed_ones() -> TestResult {
        let r = standard();
        for entry in r.all() {
            let o = entry.game().options(None, &[]).map_err(|e| e.to_string())?;
            let typed = entry.game().typed_playouts(&o, 5, 3)?;
            let erased = dyn_playouts(entry.game(), &o, 5, 3)?;
            assert_eq!(typed, erased, "{}", entry.name());
            assert!(typed.moves > 0);
        }
        Ok(())
    }
}

/// A few action ids per game, pinned: learning code stores ids, so they must never shift. New cards'
/// actions get new ids at the end (Command of Nature lists its card actions last, one block per card).
mod action_ids {
    use super::*;

    fn pinned(game: &str, count: usize, ids: &[(usize, &str)]) -> TestResult {
        let r = standard();
        let entry = r.get(game).map_err(|e| e.to_string())?;
        assert_eq!(entry.game().num_distinct_actions(), count, "{game}");
        let o = entry.game().options(None, &[]).map_err(|e| e.to_string())?;
        let g = entry.game().new_game(&o, 1).map_err(|e| e.to_string())?;
        for &(id, text) in ids {
            assert_eq!(g.notation(id).as_deref(), Ok(text), "{game} id {id}");
            assert_eq!(g.action_id(text), Ok(id), "{game} `{text}`");
        }
        Ok(())
    }

    #[test]
    fn equinox() -> TestResult {
        pinned(
            "equinox",
            1441,
            &[(0, "skip"), (1, "predict gru"), (480, "pass"), (720, "retrieve r5 urs"), (1440, "name pel")],
        )
    }

    #[test]
    fn mystic_vale() -> TestResult {
        pinned(
            "mystic-vale",
            7814,
            &[
                (0, "pass"),
                (1, "push"),
                (122, "buy 1.1 on c17"),
                (367, "resolve bottom"),
                (368, "upgrade"),
                (1731, "portal c19 bottom c19"),
                (1732, "take leader 0"),
                (1801, "evoke c19"),
                (1932, "vp animal,animal,animal"),
                (2012, "evoke c19 purchase 4"),
                (2332, "ability p3 c19 leader"),
                (2333, "ability animal"),
                (2337, "claim 1.1"),
                (2349, "replay c0 top"),
                (2429, "ability soil.top"),
                (2831, "workshop 20 c19"),
                (2832, "use c0"),
                (2852, "use vales"),
                (7413, "score"),
                (7414, "use p0 c0"),
                (7494, "use p0 c0 top"),
                (7813, "use p3 c19 leader"),
            ],
        )
    }

    #[test]
    fn command_of_nature() -> TestResult {
        pinned(
            "command-of-nature",
            771,
            &[(0, "done"), (1, "draw"), (257, "play cedar"), (385, "discard willow"), (770, "instant obliterate")],
        )
    }

    #[test]
    fn command_of_nature_card_actions_come_last_one_block_per_card() -> TestResult {
        let r = standard();
        let entry = r.get("command-of-nature").map_err(|e| e.to_string())?;
        let o = entry.game().options(None, &[]).map_err(|e| e.to_string())?;
        let g = entry.game().new_game(&o, 1).map_err(|e| e.to_string())?;
        let verbs = ["choose", "summon", "play", "sell", "discard", "instant"];
        let first = (0..771).find(|&id| g.notation(id).is_ok_and(|t| t.starts_with("choose "))).ok_or("no choose")?;
        assert_eq!((771 - first) % 6, 0);
        for id in first..771 {
            let text = g.notation(id).map_err(|e| e.to_string())?;
            assert!(text.starts_with(verbs[(id - first) % 6]), "id {id} is `{text}`");
        }
        for id in 0..first {
            let text = g.notation(id).map_err(|e| e.to_string())?;
            assert!(!verbs.iter().any(|v| text.starts_with(&format!("{v} "))), "id {id} `{text}` names a card");
        }
        Ok(())
    }

    #[test]
    fn spirit_duel() -> TestResult {
        pinned(
            "spirit-duel",
            282,
            &[(0, "end"), (1, "attack griffe almyra"), (141, "support instinct kelorn"), (281, "take")],
        )
    }

    #[test]
    fn toy() -> TestResult {
        pinned("toy", 32, &[(0, "c0"), (16, "c16"), (31, "c31")])
    }
}

/// Bots built by spec for each game play through the erased game, from erased views.
mod bots {
    use super::*;
    use sylvan_bots::{DynBot, bot_seed, play_dyn};

    fn play(game: &mut dyn DynGame, entry: &Entry, specs: &[&str], seed: u64) -> TestResult {
        let mut bots: Vec<Box<dyn DynBot>> = Vec::new();
        for (s, text) in specs.iter().cycle().take(game.num_seats()).enumerate() {
            let spec: BotSpec = text.parse().map_err(|e: sylvan_bots::SpecError| e.to_string())?;
            bots.push(entry.bot(&spec, bot_seed(seed, 0, s)).map_err(|e| e.to_string())?);
        }
        play_dyn(game, &mut bots, |_| ()).map_err(|e| e.to_string())
    }

    #[test]
    fn every_game_plays_to_the_end_with_each_kind_of_bot() -> TestResult {
        let r = standard();
        for entry in r.listed() {
            let o = entry.game().options(None, &[]).map_err(|e| e.to_string())?;
            let mut g = entry.game().new_game(&o, 2).map_err(|e| e.to_string())?;
            g.keep_events(false);
            play(&mut *g, entry, &["ismcts:iters=30", "heuristic", "random", "flatmc:iters=20"], 2)?;
            assert!(g.outcome().is_some(), "{}", entry.name());
        }
        Ok(())
    }

    #[test]
    fn named_policies_exist_only_where_the_game_defines_them() -> TestResult {
        let r = standard();
        let duel = r.get("spirit-duel").map_err(|e| e.to_string())?;
        assert!(duel.bot_names().contains(&"robot"));
        assert!(duel.bot(&BotSpec::Robot, 1).is_ok());
        let equinox = r.get("equinox").map_err(|e| e.to_string())?;
        assert!(!equinox.bot_names().contains(&"robot"));
        let err = equinox.bot(&BotSpec::Robot, 1).err().map(|e| e.to_string());
        assert_eq!(err.as_deref(), Some("bot `robot` is not available for equinox"));
        Ok(())
    }

    #[test]
    fn a_bot_of_one_game_refuses_the_view_of_another() -> TestResult {
        let r = standard();
        let equinox = r.get("equinox").map_err(|e| e.to_string())?;
        let duel = r.get("spirit-duel").map_err(|e| e.to_string())?;
        let o = duel.game().options(None, &[]).map_err(|e| e.to_string())?;
        let g = duel.game().new_game(&o, 1).map_err(|e| e.to_string())?;
        let seat = g.to_move().ok_or("over")?;
        let mut legal = Vec::new();
        g.legal_ids(&mut legal);
        let mut bot = equinox.bot(&BotSpec::Random, 1).map_err(|e| e.to_string())?;
        let view = g.view(seat).map_err(|e| e.to_string())?;
        assert_eq!(
            bot.choose(&*view, &legal).err(),
            Some(DynError::WrongGame { expected: "equinox", found: "spirit-duel" })
        );
        Ok(())
    }
}

/// Errors carry kinds and causes that code can match on.
mod errors {
    use super::*;

    fn kind(game: &str, players: Option<usize>, overrides: &[&str]) -> Option<SetupErrorKind> {
        let r = standard();
        let o: Vec<String> = overrides.iter().map(|s| s.to_string()).collect();
        r.get(game).ok()?.game().options(players, &o).err().map(|e| e.kind)
    }

    #[test]
    fn setup_errors_have_kinds() -> TestResult {
        assert_eq!(kind("equinox", Some(7), &[]), Some(SetupErrorKind::PlayerCount));
        assert_eq!(kind("equinox", None, &["solo"]), Some(SetupErrorKind::UnknownOption));
        assert_eq!(kind("spirit-duel", None, &["solo=maybe"]), Some(SetupErrorKind::BadValue));
        assert_eq!(kind("equinox", None, &["players=3"]), Some(SetupErrorKind::PlayerCount));
        assert_eq!(kind("spirit-duel", None, &["solo", "team=b"]), None);
        let r = standard();
        let mv = r.get("mystic-vale").map_err(|e| e.to_string())?;
        let o = mv.game().options(None, &["cards=/nonexistent/cards.toml".into()]).map_err(|e| e.to_string())?;
        let err = mv.game().new_game(&o, 1).err().ok_or("a missing card file was accepted")?;
        assert_eq!(err.kind, SetupErrorKind::CardData, "{err}");
        assert!(err.message.contains("/nonexistent/cards.toml"), "{err}");
        Ok(())
    }

    #[test]
    fn replay_errors_keep_their_cause() -> TestResult {
        let r = standard();
        let duel = r.get("spirit-duel").map_err(|e| e.to_string())?.game();
        let o = duel.options(None, &[]).map_err(|e| e.to_string())?;
        let g = duel.new_game(&o, 4).map_err(|e| e.to_string())?;
        let mut record = g.record();
        record["actions"] = serde_json::json!(["attack nothing"]);
        match duel.replay(&record.to_string(), None) {
            Err(e @ ReplayError::BadNotation { step: 0, .. }) => {
                assert!(std::error::Error::source(&e).is_some_and(|c| c.to_string().contains("nothing")), "{e}");
            }
            other => return Err(format!("{other:?}")),
        }
        record["game"] = serde_json::json!("equinox");
        let e = duel.replay(&record.to_string(), None).err().map(|e| e.to_string());
        assert_eq!(e.as_deref(), Some("record is for game `equinox`, not `spirit-duel`"));
        let bad = duel.replay("{\"game\": \"spirit-duel\"", None).err();
        assert!(matches!(bad, Some(ReplayError::Malformed { line: 1, .. })), "{bad:?}");
        Ok(())
    }
}

/// Undo through the erased interface: every registered game, the toy included, can take back an
/// action it judged undoable, back to the exact state and record it had before.
mod undo_through_the_erased_game {
    use super::*;
    use sylvan_engine::GameRng;

    #[test]
    fn undo_last_restores_the_game_before_the_action() -> TestResult {
        let r = standard();
        let mut rng = GameRng::new(9);
        for entry in r.all() {
            let o = entry.game().options(None, &[]).map_err(|e| e.to_string())?;
            let mut g = entry.game().new_game(&o, 4).map_err(|e| e.to_string())?;
            assert_eq!(g.undo_last().err(), Some(DynError::NothingToUndo), "{}", entry.name());
            let (mut undone, mut ids, mut step) = (0, Vec::new(), 0usize);
            while !g.is_terminal() {
                g.legal_ids(&mut ids);
                let id = ids[step.wrapping_mul(7) % ids.len()];
                step += 1;
                let before = (g.state_json(), g.record(), g.move_number());
                if g.apply_id_undoable(id, 4, &mut rng).map_err(|e| e.to_string())? {
                    g.undo_last().map_err(|e| e.to_string())?;
                    assert_eq!((g.state_json(), g.record(), g.move_number()), before, "{}", entry.name());
                    assert!(g.events(None).is_empty());
                    g.apply_id(id).map_err(|e| e.to_string())?;
                    undone += 1;
                }
            }
            // An illegal id changes nothing.
            let after = g.state_json();
            assert!(g.apply_id_undoable(0, 4, &mut rng).is_err());
            assert_eq!(g.state_json(), after);
            eprintln!("{}: {undone} of {step} actions taken back", entry.name());
        }
        Ok(())
    }
}

/// What every game says to players: breakdowns, catalogs, event texts and notation help, in both
/// languages, through the erased game.
mod words {
    use super::*;
    use sylvan_engine::{GameRng, Lang, Locale};

    /// Issue 15: every registered game (the toy fixture included) documents each option in French too;
    /// issue 34: from its catalog, and each value of a list option has a name there in both languages
    /// (a name, not the code the lobby must never show).
    #[test]
    fn every_option_has_its_french_help() {
        let r = standard();
        let mut seen = 0;
        for e in r.all() {
            let g = e.game();
            for o in g.option_docs() {
                let en = g.message_text(&o.help(), Locale::En);
                let fr = g.message_text(&o.help(), Locale::Fr);
                let (Some(en), Some(fr)) = (en, fr) else { panic!("{} {}: no help in the catalog", e.name(), o.name) };
                assert!(!fr.trim().is_empty(), "{} {}: no French help", e.name(), o.name);
                assert_ne!(fr, en, "{} {}: the French help is the English one", e.name(), o.name);
                if let sylvan_engine::OptionKind::Multi { choices, .. } = o.kind {
                    for c in choices {
                        for l in [Locale::En, Locale::Fr] {
                            let name = o.choice_name(c).and_then(|m| g.message_text(&m, l));
                            let name = name.unwrap_or_else(|| panic!("{} {} {c}: no name in {l:?}", e.name(), o.name));
                            assert!(
                                !name.trim().is_empty() && name != *c,
                                "{} {} {c}: named {name:?}",
                                e.name(),
                                o.name
                            );
                        }
                    }
                }
                seen += 1;
            }
        }
        assert_eq!(
            seen, 28,
            "the option docs of the five registered games (the spirit duel's `robot` and `rules` and Mystic Vale's `rules` since issue 33, Equinox's `rules` since the third review)"
        );
    }

    /// Plays `game` at random to the end, checking the words on the way.
    fn play_out(game: &mut dyn DynGame, seed: u64) -> TestResult {
        let mut rng = GameRng::new(seed);
        let mut steps = 0;
        while let Some(seat) = game.to_move() {
            if steps == 0 {
                assert!(game.breakdown_locale(Locale::En).is_none(), "{}: a breakdown before the end", game.name());
            }
            let en = game.events_locale(Some(seat), Locale::En);
            let fr = game.events_locale(Some(seat), Locale::Fr);
            assert_eq!(en.len(), fr.len(), "{}: events differ in number by language", game.name());
            assert!(
                en.iter().zip(&fr).all(|(a, b)| a.json == b.json),
                "{}: event JSON depends on the language",
                game.name()
            );
            assert_eq!(game.legal_actions_locale(Locale::Fr).len(), game.num_legal());
            game.clear_events();
            let n = game.num_legal();
            game.apply_nth(rng.index(n)).map_err(|e| e.to_string())?;
            steps += 1;
        }
        Ok(())
    }

    fn check(game: &str, players: Option<usize>, overrides: &[&str], seed: u64) -> TestResult {
        let r = standard();
        let entry = r.get(game).map_err(|e| e.to_string())?;
        let o = options(&r, game, players, overrides)?;
        let mut g = entry.game().new_game(&o, seed).map_err(|e| e.to_string())?;
        for lang in Lang::ALL {
            let help = g.action_help_locale(lang.into());
            assert!(
                help.len() >= 3 && help.iter().all(|h| !h.notation.is_empty() && !h.description.is_empty()),
                "{game} help"
            );
            let catalog = g.catalog_locale(lang.into());
            let kinds = catalog.as_object().ok_or(format!("{game}: catalog is not an object"))?;
            let total: usize = kinds.values().filter_map(Value::as_object).map(|o| o.len()).sum();
            assert!(total >= 20, "{game}: {total} entries in the catalog");
            for (kind, entries) in kinds {
                let entries = entries.as_object().ok_or(format!("{game}: {kind} is not an object"))?;
                for (id, e) in entries {
                    let name = e["name"].as_str().unwrap_or_default();
                    assert!(
                        !name.is_empty() && e["text"].is_string() && e.get("cost").is_some(),
                        "{game} {kind} {id}: {e}"
                    );
                }
            }
        }
        play_out(&mut *g, seed)?;
        let scores = g.scores();
        let (Some(en), Some(fr)) = (g.breakdown_locale(Locale::En), g.breakdown_locale(Locale::Fr)) else {
            return Err(format!("{game}: no breakdown at the end"));
        };
        for b in [&en, &fr] {
            assert_eq!(b.totals, scores, "{game}");
            assert!(b.rows_add_up(), "{game}: {b:?}");
            assert!(!b.end_reason.is_empty() && !b.rows.is_empty(), "{game}: {b:?}");
        }
        assert_ne!(en.end_reason, fr.end_reason, "{game}: the end reason is not translated");
        assert_ne!(en.rows[0].label, fr.rows[0].label, "{game}: the labels are not translated");
        assert!(!en.end_reason.contains("Exhausted") && !en.end_reason.contains("Over"), "{}", en.end_reason);
        Ok(())
    }

    #[test]
    fn every_game_has_breakdowns_catalogs_and_help_in_both_languages() -> TestResult {
        check("equinox", Some(4), &[], 1)?;
        check("mystic-vale", Some(2), &[], 2)?;
        check("mystic-vale", Some(3), &["sets=base,magic,wild", "leaders=random"], 3)?;
        check("spirit-duel", None, &[], 4)?;
        check("spirit-duel", None, &["solo=true"], 5)?;
        check("command-of-nature", None, &[], 6)?;
        check("command-of-nature", Some(4), &[], 7)
    }
}

/// Issue 34: every option's kind admits its default, and each value a front end may offer from the
/// kind (every choice, both switches, both ends of a range) starts a game; one past a range's ends is
/// refused.
#[test]
fn option_kinds_offer_only_values_that_start_a_game() -> TestResult {
    use sylvan_engine::OptionKind;
    let r = standard();
    for entry in r.all() {
        let g = entry.game();
        for doc in g.option_docs() {
            let (offered, refused): (Vec<String>, Vec<String>) = match doc.kind {
                OptionKind::Text => continue,
                OptionKind::Bool => (vec!["true".into(), "false".into()], vec!["maybe".into()]),
                OptionKind::Int { min, max } => {
                    assert!(min <= max, "{} {}: empty range", g.name(), doc.name);
                    let d: i64 =
                        doc.default.parse().map_err(|_| format!("{} {}: default not a number", g.name(), doc.name))?;
                    assert!((min..=max).contains(&d), "{} {}: default {d} outside {min}..={max}", g.name(), doc.name);
                    (vec![min.to_string(), max.to_string()], vec![(max + 1).to_string()])
                }
                OptionKind::Choice { choices } => {
                    assert!(choices.contains(&doc.default), "{} {}: default not a choice", g.name(), doc.name);
                    (choices.iter().map(|c| c.to_string()).collect(), Vec::new())
                }
                // A pick in the listed order: with an exact count, the first and the last that many (one
                // fewer is refused); else the values always picked, with each other value, and all of them.
                OptionKind::Multi { choices, always, count, .. } => match count {
                    Some(n) => {
                        let n = usize::from(n);
                        assert!(n <= choices.len(), "{} {}: more to pick than offered", g.name(), doc.name);
                        let first = choices[..n].join(",");
                        let last = choices[choices.len() - n..].join(",");
                        (vec![first, last], vec![choices[..n - 1].join(",")])
                    }
                    None => {
                        let mut offered: Vec<String> = choices
                            .iter()
                            .filter(|c| !always.contains(c))
                            .map(|c| {
                                choices
                                    .iter()
                                    .filter(|x| always.contains(x) || *x == c)
                                    .copied()
                                    .collect::<Vec<_>>()
                                    .join(",")
                            })
                            .collect();
                        offered.push(choices.join(","));
                        (offered, Vec::new())
                    }
                },
            };
            if doc.kind == OptionKind::Bool {
                assert!(["true", "false"].contains(&doc.default), "{} {}: default not a bool", g.name(), doc.name);
            }
            // A game from the value alone, or with the options some values need (Mystic Vale's leaders
            // and amulets need the expansions, its leader draft the amulet draft). The number of players
            // is given as its own parameter, the others as `NAME=VALUE`.
            const COMPANIONS: [&[&str]; 3] =
                [&[], &["sets=base,wild,manastorm"], &["sets=all", "leaders=draft", "amulets=draft"]];
            let start = |value: &str| {
                let o = format!("{}={value}", doc.name);
                COMPANIONS.iter().find_map(|with| {
                    let mut overrides: Vec<String> = with
                        .iter()
                        .filter(|w| !w.starts_with(&format!("{}=", doc.name)))
                        .map(|w| w.to_string())
                        .collect();
                    let made = match (doc.name, value.parse::<usize>()) {
                        ("players", Ok(n)) => g.options(Some(n), &overrides),
                        _ => {
                            overrides.push(o.clone());
                            g.options(None, &overrides)
                        }
                    };
                    made.ok().and_then(|opts| g.new_game(&opts, 1).ok())
                })
            };
            for value in offered {
                assert!(start(&value).is_some(), "{}: {}={value} starts no game", g.name(), doc.name);
            }
            for value in refused {
                assert!(start(&value).is_none(), "{}: {}={value} was accepted", g.name(), doc.name);
            }
        }
    }
    Ok(())
}

/// The card commands' counts.
mod cards {
    /// `sylvan cards check`'s coverage of a language's card overlay: each card counts once, from a source,
    /// a known gap (translated by Sylvan or not) or with no entry; English (the card files' words) is not
    /// counted; a language with no overlay file covers nothing.
    #[test]
    fn overlay_coverage_counts_each_card_once() {
        use sylvan_engine::{Lang, Locale};
        use sylvan_registry::{Coverage, overlay_coverage};
        use sylvan_words::cards::CardTexts;
        let fr = "[card.a]\nname = \"A\"\nsource = \"rulebook: FR:1\"\n\
                  [card.b]\nnone = \"no French source\"\n\
                  [card.c]\nname = \"C\"\nnone = \"no French source\"\nsource = \"provisional: ours\"\n\
                  [card.z]\nnone = \"not in the checked file\"\n";
        let texts = CardTexts::new(&[(Locale::Fr, "fr/cards.toml", fr)]);
        assert!(texts.problems().is_empty(), "{:?}", texts.problems());
        let cards = [("card", "a"), ("card", "b"), ("card", "c"), ("card", "d"), ("other", "a")];
        let got = overlay_coverage(&texts, &cards);
        let fr = got.iter().find(|c| c.lang == Lang::Fr).copied();
        assert_eq!(fr, Some(Coverage { lang: Lang::Fr, sourced: 1, gaps: 2, translated: 1, missing: 2 }));
        assert!(got.iter().all(|c| c.lang != Lang::En), "English is the card files'");
        let empty = overlay_coverage(&CardTexts::new(&[]), &cards);
        assert!(!empty.is_empty() && empty.iter().all(|c| c.missing == cards.len()), "{empty:?}");
    }
}
