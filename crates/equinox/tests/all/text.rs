//! Equinox's words, whole games at a time: the text of every view, action description, event and
//! breakdown of a few fixed games, in English and in French, compared with the snapshot taken before
//! the text moved into the Fluent catalogs (`tests/snapshots/text-{en,fr}.txt`).
//!
//! `SYLVAN_UPDATE_SNAPSHOTS=1 cargo test -p sylvan-equinox --release text` rewrites the snapshots;
//! the diff is then the list of wording changes, reviewed like code.

use std::fmt::Write as _;

use sylvan_engine::{EventLog, Game, GameRng, Heuristic, Lang, Seat};
use sylvan_equinox::{Action, Equinox, Event};

/// Every text of one game: seat 0 plays at random (to reach rare actions), the others play the
/// heuristic bot; every legal action of the player to move is described.
fn game_text(players: usize, seed: u64, lang: Lang) -> String {
    let mut out = String::new();
    let Ok(options) = Equinox::options_for_players(players) else { panic!("{players} players") };
    let Ok(mut g) = Equinox::new(&options, seed) else { panic!("seed {seed}") };
    let mut rng = GameRng::new(seed ^ 0x5eed);
    let mut legal: Vec<Action> = Vec::new();
    let _ = writeln!(out, "=== {players} players, seed {seed}");
    if seed == 1 {
        for h in Equinox::action_help(lang) {
            let _ = writeln!(out, "help {}: {}", h.notation, h.description);
        }
    }
    while let Some(seat) = g.to_move() {
        let view = g.view(seat);
        let _ = writeln!(out, "--- view of {seat}\n{}", Equinox::view_text(&view, lang));
        g.legal_actions(&mut legal);
        for &a in &legal {
            let _ = writeln!(out, "  {a}: {}", Equinox::describe_action_in(&view, a, lang));
        }
        let a = if seat == Seat(0) {
            legal[rng.index(legal.len())]
        } else {
            Equinox::heuristic_action(&view, &legal, &mut rng)
        };
        let mut log: EventLog<Event> = EventLog::new();
        g.apply_unchecked(a, &mut log);
        let _ = writeln!(out, "> {a}");
        for (audience, e) in &log.events {
            let _ = writeln!(out, "  [{audience:?}] {}", Equinox::event_text(e, lang));
        }
    }
    if let Some(b) = g.breakdown(lang) {
        out += &sylvan_engine::testing::breakdown_snapshot(&b);
    }
    if seed == 1 {
        let _ = writeln!(out, "catalog: {}", serde_json::to_string_pretty(&g.catalog(lang)).unwrap_or_default());
    }
    out
}

/// The games of the snapshot: each player count, a few seeds.
fn all_text(lang: Lang) -> String {
    [(2, 1), (3, 7), (5, 31)].iter().map(|&(p, s)| game_text(p, s, lang)).collect()
}

fn check(lang: Lang) {
    let path = format!("{}/tests/snapshots/text-{}.txt", env!("CARGO_MANIFEST_DIR"), lang.code());
    sylvan_engine::testing::check_text_snapshot(&path, &all_text(lang));
}

/// The English text of whole games is the snapshot's.
#[test]
fn english_text_is_the_snapshot() {
    check(Lang::En);
}

/// The French text of whole games is the snapshot's.
#[test]
fn french_text_is_the_snapshot() {
    check(Lang::Fr);
}

/// Every visible text of one game in `locale`, line by line: views, questions, events, breakdown,
/// help and the card catalog.
fn visible_text(players: usize, seed: u64, locale: sylvan_engine::Locale) -> Vec<String> {
    use sylvan_equinox::words;
    let mut out = Vec::new();
    let Ok(options) = Equinox::options_for_players(players) else { panic!("{players} players") };
    let Ok(mut g) = Equinox::new(&options, seed) else { panic!("seed {seed}") };
    let mut rng = GameRng::new(seed);
    let mut legal: Vec<Action> = Vec::new();
    out.extend(words::action_help(locale).into_iter().map(|h| h.description));
    while let Some(seat) = g.to_move() {
        let view = g.view(seat);
        out.extend(view.render(locale).lines().map(str::to_owned));
        g.legal_actions(&mut legal);
        out.extend(legal.iter().map(|&a| words::describe_in(&view, a, locale)));
        let a = Equinox::heuristic_action(&view, &legal, &mut rng);
        let mut log: EventLog<Event> = EventLog::new();
        g.apply_unchecked(a, &mut log);
        out.extend(log.events.iter().map(|(_, e)| words::event_text(e, locale)));
    }
    if let Some(b) = g.words_breakdown(locale) {
        out.push(b.end_reason);
        out.extend(b.rows.into_iter().map(|r| r.label));
        out.extend(b.notes);
    }
    let catalog = g.words_catalog(locale);
    for part in ["creatures", "cards"] {
        for entry in catalog[part].as_object().into_iter().flat_map(|o| o.values()) {
            for field in ["name", "text"] {
                out.push(entry[field].as_str().unwrap_or_default().to_owned());
            }
        }
    }
    out
}

/// In French no text of a whole game falls back to English or fails to format.
#[test]
fn french_has_no_fallback() {
    sylvan_words::mark_fallbacks(true);
    for (p, s) in [(2, 3), (4, 9)] {
        for line in visible_text(p, s, sylvan_engine::Locale::Fr) {
            assert!(!["[en]", "[missing", "[error"].iter().any(|m| line.contains(m)), "{line}");
        }
    }
}

/// In the pseudo-locale `en-XA` every word of a whole game is accented: a plain English word means a
/// hard-coded string. Only notations stay plain (creature codes, `cam`, tree notations, `play`, the placeholders `CRE` and `CARD`).
#[test]
fn pseudo_locale_leaves_no_plain_word() {
    let codes: Vec<&str> = sylvan_equinox::Creature::ALL.iter().map(|c| c.code()).collect();
    let mut plain = std::collections::BTreeSet::new();
    for (p, s) in [(2, 3), (5, 8)] {
        for line in visible_text(p, s, sylvan_engine::Locale::Pseudo) {
            for word in line.split(|c: char| !c.is_ascii_alphabetic()).filter(|w| w.len() >= 2) {
                if !codes.contains(&word) && !["cam", "dryade", "ancetre", "play", "CRE", "CARD"].contains(&word) {
                    plain.insert(format!("{word} (in: {line})"));
                }
            }
        }
    }
    assert!(plain.is_empty(), "plain words in en-XA:\n{}", plain.into_iter().collect::<Vec<_>>().join("\n"));
}

/// The rows of `docs/glossary/equinox.md`: (concept, English, French, not in English, not in French).
fn glossary() -> Vec<[String; 5]> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/glossary/equinox.md");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut rows = Vec::new();
    for line in text.lines().filter(|l| l.starts_with('|')).skip(2) {
        let cells: Vec<String> = line.trim_matches('|').split('|').map(|c| c.trim().to_owned()).collect();
        assert_eq!(cells.len(), 6, "{path}: a row has six cells: {line}");
        rows.push([cells[0].clone(), cells[1].clone(), cells[2].clone(), cells[4].clone(), cells[5].clone()]);
    }
    rows
}

/// A catalog's message text, comments left out, in lower case.
fn catalog_text(lang: &str) -> String {
    let path = format!("{}/i18n/{lang}/equinox.ftl", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut out = String::new();
    for line in text.lines().filter(|l| !l.trim_start().starts_with('#')) {
        // The text only: no message id, no variant key, no placeable other than a string literal.
        let mut rest = match line.split_once(" = ") {
            Some((id, value)) if !id.starts_with(' ') => value,
            _ => line.trim_start(),
        };
        rest = rest.trim_start_matches('*');
        if rest.starts_with('[') {
            rest = rest.split_once(']').map_or(rest, |(_, r)| r);
        }
        let mut depth = 0;
        for c in rest.chars() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ if depth == 0 => out.push(c),
                _ => {}
            }
        }
        out.push('\n');
    }
    out.to_lowercase()
}

/// Whether `term` occurs in `text` as whole words.
fn has_term(text: &str, term: &str) -> bool {
    let term = term.to_lowercase();
    text.match_indices(&term).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + term.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(|c| c.is_alphanumeric() && c != 's')
    })
}

/// Each catalog uses the glossary's term for every listed concept, and none of the terms it rules out.
#[test]
fn catalogs_follow_the_glossary() {
    let rows = glossary();
    assert!(rows.len() >= 10, "the glossary lists the main concepts");
    let (en, fr) = (catalog_text("en"), catalog_text("fr"));
    let mut wrong = Vec::new();
    for [concept, english, french, not_en, not_fr] in &rows {
        for (lang, text, term, not) in [("en", &en, english, not_en), ("fr", &fr, french, not_fr)] {
            if !has_term(text, term) {
                wrong.push(format!("{concept}: the {lang} catalog never says `{term}`"));
            }
            for bad in not.split(',').map(str::trim).filter(|b| !b.is_empty()) {
                if has_term(text, bad) {
                    wrong.push(format!("{concept}: the {lang} catalog says `{bad}`, the glossary says `{term}`"));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
