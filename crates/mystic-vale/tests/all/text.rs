//! Mystic Vale's words, whole games at a time: the text of every view, action description, event and
//! breakdown of a few fixed games (two players with the base set, and three players with every set, the
//! leader and amulet draft), in English and in French, compared with the snapshot taken before the text
//! moved into the Fluent catalogs (`tests/snapshots/text-{en,fr}.txt`); the catalogs themselves, and the
//! glossary they follow (`docs/glossary/mystic-vale.md`).
//!
//! `SYLVAN_UPDATE_SNAPSHOTS=1 cargo test -p sylvan-mystic-vale --release text` rewrites the snapshots;
//! the diff is then the list of wording changes, reviewed like code (a rules change that changes the
//! legal actions changes them too).

use std::fmt::Write as _;

use sylvan_engine::{EventLog, Game, GameRng, Heuristic, Seat};
use sylvan_mystic_vale::setup::{Amulets, Edition, Leaders};
use sylvan_mystic_vale::{Action, Event, MysticVale as Game_, Options};

/// The language type the text methods take.
type L = sylvan_engine::Locale;

/// The games of the snapshot: two players with the base set; three with every set and the draft.
fn all_text(lang: L) -> String {
    let Ok(two) = Game_::options_for_players(2) else { panic!("2 players") };
    let essential = Options {
        players: 3,
        edition: Edition::Essential,
        leaders: Leaders::Draft,
        amulets: Amulets::Draft,
        ..Options::default()
    };
    [(&two, "2 players, base", 1, true), (&essential, "3 players, every set, draft", 2, false)]
        .iter()
        .map(|&(o, label, s, full)| game_text(o, label, s, lang, full))
        .collect()
}

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
    let mut steps = 0;
    while let Some(seat) = g.to_move() {
        steps += 1;
        assert!(steps < 20_000, "{label}: the game does not end");
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
        let _ = writeln!(out, "end: {}", b.end_reason);
        for r in &b.rows {
            let _ = writeln!(out, "  {}: {:?}", r.label, r.values);
        }
        let _ = writeln!(out, "  totals: {:?}", b.totals);
        for n in &b.notes {
            let _ = writeln!(out, "  note: {n}");
        }
    }
    if full {
        let _ = writeln!(out, "catalog: {}", serde_json::to_string_pretty(&g.catalog(lang)).unwrap_or_default());
    }
    out
}

fn check(lang: L) {
    let path = format!("{}/tests/snapshots/text-{}.txt", env!("CARGO_MANIFEST_DIR"), lang.code());
    let now = all_text(lang);
    if std::env::var_os("SYLVAN_UPDATE_SNAPSHOTS").is_some() {
        if let Err(e) = std::fs::write(&path, &now) {
            panic!("{path}: {e}");
        }
        return;
    }
    let before = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    for (i, (b, n)) in before.lines().zip(now.lines()).enumerate() {
        assert_eq!(b, n, "{path}:{}: the text changed", i + 1);
    }
    assert_eq!(before.lines().count(), now.lines().count(), "{path}: the number of lines changed");
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
