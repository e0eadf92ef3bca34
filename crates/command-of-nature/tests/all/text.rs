//! Command of Nature's words, whole games at a time: the text of every view, question, action
//! description, event and breakdown of a few fixed games (two players, and four in teams), in English
//! and in French, compared with the snapshot taken before the text moved into the Fluent catalogs
//! (`tests/snapshots/text-{en,fr}.txt`).
//!
//! `SYLVAN_UPDATE_SNAPSHOTS=1 cargo test -p sylvan-command-of-nature --release text` rewrites the
//! snapshots; the diff is then the list of wording changes, reviewed like code.

use std::fmt::Write as _;

use sylvan_command_of_nature::{Action, CommandOfNature as Game_, Event, Options};
use sylvan_engine::{EventLog, Game, GameRng, Heuristic, Seat};

/// The games of the snapshot: two players, and four in teams.
fn all_text(lang: L) -> String {
    let Ok(two) = Game_::options_for_players(2) else { panic!("2 players") };
    let Ok(four) = Game_::options_for_players(4) else { panic!("4 players") };
    [(&two, "2 players", 1, true), (&two, "2 players", 5, false), (&four, "4 players in teams", 2, false)]
        .iter()
        .map(|&(o, label, s, full)| game_text(o, label, s, lang, full))
        .collect()
}

/// The language type the text methods take.
type L = sylvan_engine::Locale;

/// Every text of one game: seat 0 plays at random (to reach rare actions), the others play the
/// heuristic bot; every legal action of the player to move is described.
fn game_text(options: &Options, label: &str, seed: u64, lang: L, full: bool) -> String {
    let mut out = String::new();
    let Ok(mut g) = Game_::new(options, seed) else { panic!("seed {seed}") };
    let mut rng = GameRng::new(seed ^ 0x5eed);
    let mut legal: Vec<Action> = Vec::new();
    let _ = writeln!(out, "=== {label}, seed {seed}");
    if full {
        for h in Game_::action_help(lang) {
            let _ = writeln!(out, "help {}: {}", h.notation, h.description);
        }
    }
    while let Some(seat) = g.to_move() {
        let view = g.view(seat);
        let _ = writeln!(out, "--- view of {seat}\n{}", Game_::view_text(&view, lang));
        g.legal_actions(&mut legal);
        for &a in &legal {
            let _ = writeln!(out, "  {a}: {}", Game_::describe_action_in(&view, a, lang));
        }
        let a = if seat == Seat(0) {
            legal[rng.index(legal.len())]
        } else {
            Game_::heuristic_action(&view, &legal, &mut rng)
        };
        let mut log: EventLog<Event> = EventLog::new();
        g.apply_unchecked(a, &mut log);
        let _ = writeln!(out, "> {a}");
        for (audience, e) in &log.events {
            let _ = writeln!(out, "  [{audience:?}] {}", Game_::event_text(e, lang));
        }
    }
    if let Some(b) = g.breakdown(lang) {
        out += &sylvan_engine::testing::breakdown_snapshot(&b);
    }
    if full {
        let _ = writeln!(out, "catalog: {}", serde_json::to_string_pretty(&g.catalog(lang)).unwrap_or_default());
    }
    out
}

fn check(lang: L) {
    let path = format!("{}/tests/snapshots/text-{}.txt", env!("CARGO_MANIFEST_DIR"), lang.code());
    sylvan_engine::testing::check_text_snapshot(&path, &all_text(lang));
}

/// The English text of whole games is the snapshot's.
#[test]
fn english_text_is_the_snapshot() {
    check(L::En);
}

/// The French text of whole games is the snapshot's.
#[test]
fn french_text_is_the_snapshot() {
    check(L::Fr);
}

/// The rows of `docs/glossary/command-of-nature.md`.
fn glossary() -> Vec<sylvan_words::check::GlossaryRow> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/glossary/command-of-nature.md");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    sylvan_words::check::glossary(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Each catalog uses the glossary's term for every listed concept, and none of the terms it rules out.
#[test]
fn catalogs_follow_the_glossary() {
    let rows = glossary();
    assert!(rows.len() >= 15, "the glossary lists the main concepts");
    let wrong = sylvan_words::check::follows_glossary(
        &rows,
        include_str!("../../i18n/en/command-of-nature.ftl"),
        include_str!("../../i18n/fr/command-of-nature.ftl"),
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The glossary check can fail: a catalog that says a ruled-out term, or lacks a term, is reported.
#[test]
fn the_glossary_check_finds_a_wrong_term() {
    let rows = glossary();
    let english = include_str!("../../i18n/en/command-of-nature.ftl");
    let r = &rows[0];
    let bad = format!("{english}\nextra = {}\n", r.not_english.first().cloned().unwrap_or_else(|| "x".into()));
    let french_without =
        include_str!("../../i18n/fr/command-of-nature.ftl").to_lowercase().replace(&r.french.to_lowercase(), "");
    let wrong = sylvan_words::check::follows_glossary(&rows, &bad, &french_without);
    assert!(wrong.iter().any(|w| w.contains("the fr catalog never says")), "{wrong:?}");
}

/// Every card is a known French gap (`none = "…"` in `i18n/fr/cards.toml`) exactly when the glossary's
/// list of known gaps names it (the French rulebook prints no card, so today that is all of them): a
/// French gap is a known one, not an oversight. Every overlay entry names a card of the data and gives
/// only the fields the words layer reads.
#[test]
fn every_card_without_a_french_source_is_listed() {
    use sylvan_command_of_nature::words::card_texts;
    use sylvan_engine::Lang;
    let doc = include_str!("../../../../docs/glossary/command-of-nature.md");
    let gaps = doc.split("## Known gaps").nth(1).unwrap_or_else(|| panic!("the glossary lists no known gaps"));
    let listed: std::collections::BTreeSet<String> = gaps
        .lines()
        .filter(|l| l.starts_with("| "))
        .skip(1)
        .filter_map(|l| l.split(" | ").nth(1))
        .map(str::to_owned)
        .collect();
    let Ok(table) = sylvan_command_of_nature::cards::try_table() else { panic!("the card table") };
    assert!(card_texts().problems().is_empty(), "{:?}", card_texts().problems());
    let marked: std::collections::BTreeSet<String> = table
        .cards
        .iter()
        .filter(|c| card_texts().entry(Lang::Fr, "card", &c.code).is_some_and(|e| e.none.is_some()))
        .map(|c| c.name.clone())
        .collect();
    assert!(table.cards.len() > 80, "{} cards read", table.cards.len());
    assert_eq!(marked, listed, "the French marks and the glossary's list of gaps differ");
    for (kind, key, entry) in card_texts().entries(Lang::Fr) {
        assert_eq!(kind, "card", "{kind}.{key}");
        assert!(table.cards.iter().any(|c| c.code == key), "card.{key} names no card");
        for field in entry.texts.keys() {
            assert!(field == "name" || field == "text", "card.{key}.{field} is not read");
        }
    }
}
