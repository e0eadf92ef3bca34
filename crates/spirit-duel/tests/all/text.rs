//! The spirit duel's words, whole games at a time: the text of every view, action description, event
//! and breakdown of a few fixed games (two players, and solo against the Robot), in English and in
//! French, compared with the snapshot taken before the text moved into the Fluent catalogs
//! (`tests/snapshots/text-{en,fr}.txt`).
//!
//! `SYLVAN_UPDATE_SNAPSHOTS=1 cargo test -p sylvan-spirit-duel --release text` rewrites the snapshots;
//! the diff is then the list of wording changes, reviewed like code.

use std::fmt::Write as _;

use sylvan_engine::{EventLog, Game, GameRng, Heuristic, Seat};
use sylvan_spirit_duel::{Action, Event, Options, SpiritDuel as Game_, Team};

/// The games of the snapshot: two players with each team, and solo.
fn all_text(lang: L) -> String {
    // Rules revision 1: the snapshot's games were played before revision 2 asked every attacked player
    // (ruling SD-6); that question's text is the `phase-defend` one the snapshot already holds.
    let duel = Options { rules: 1, ..Options::default() };
    let b = Options { team: Team::B, rules: 1, ..Options::default() };
    let solo = Options { solo: true, rules: 1, ..Options::default() };
    [(&duel, "duel", 1, true), (&b, "duel, team b", 7, false), (&solo, "solo", 3, false)]
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

/// The rows of `docs/glossary/spirit-duel.md`.
fn glossary() -> Vec<sylvan_words::check::GlossaryRow> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/glossary/spirit-duel.md");
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
        include_str!("../../i18n/en/spirit-duel.ftl"),
        include_str!("../../i18n/fr/spirit-duel.ftl"),
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The glossary check can fail: a catalog that says a ruled-out term, or lacks a term, is reported.
#[test]
fn the_glossary_check_finds_a_wrong_term() {
    let rows = glossary();
    let english = include_str!("../../i18n/en/spirit-duel.ftl");
    let r = &rows[0];
    let bad = format!("{english}\nextra = {}\n", r.not_english.first().cloned().unwrap_or_else(|| "x".into()));
    let french_without =
        include_str!("../../i18n/fr/spirit-duel.ftl").to_lowercase().replace(&r.french.to_lowercase(), "");
    let wrong = sylvan_words::check::follows_glossary(&rows, &bad, &french_without);
    assert!(wrong.iter().any(|w| w.contains("the fr catalog never says")), "{wrong:?}");
}
