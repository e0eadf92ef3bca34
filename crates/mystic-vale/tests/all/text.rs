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

/// The rows of `docs/glossary/mystic-vale.md`.
fn glossary() -> Vec<sylvan_words::check::GlossaryRow> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/glossary/mystic-vale.md");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    sylvan_words::check::glossary(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Each catalog uses the glossary's term for every listed concept, and none of the terms it rules out.
#[test]
fn catalogs_follow_the_glossary() {
    let rows = glossary();
    assert!(rows.len() >= 30, "the glossary lists the main concepts");
    let wrong = sylvan_words::check::follows_glossary(
        &rows,
        include_str!("../../i18n/en/mystic-vale.ftl"),
        include_str!("../../i18n/fr/mystic-vale.ftl"),
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The glossary check can fail: a catalog that says a ruled-out term, or lacks a term, is reported.
#[test]
fn the_glossary_check_finds_a_wrong_term() {
    let rows = glossary();
    let Some(r) = rows.iter().find(|r| !r.not_french.is_empty()) else { panic!("no ruled-out French term") };
    let french = include_str!("../../i18n/fr/mystic-vale.ftl");
    let bad = format!("{french}\nextra = {}\n", r.not_french[0]);
    let wrong = sylvan_words::check::follows_glossary(&rows, include_str!("../../i18n/en/mystic-vale.ftl"), &bad);
    assert!(wrong.iter().any(|w| w.contains("the fr catalog says")), "{wrong:?}");
    let without = french.to_lowercase().replace(&rows[0].french.to_lowercase(), "");
    let wrong = sylvan_words::check::follows_glossary(&rows, include_str!("../../i18n/en/mystic-vale.ftl"), &without);
    assert!(wrong.iter().any(|w| w.contains("the fr catalog never says")), "{wrong:?}");
}

/// Every unique ability (`src/effects/`) has its text in the catalogs, so no module's own English text
/// shows in French or in the pseudo-locale.
#[test]
fn every_unique_ability_has_catalog_text() {
    let catalog = sylvan_mystic_vale::words::messages();
    assert!(catalog.problems().is_empty(), "{:?}", catalog.problems());
    for m in sylvan_mystic_vale::effects::MODULES {
        let id = format!("unique-{}", m.key);
        for locale in [L::En, L::Fr] {
            assert!(catalog.has(locale, &id), "{id} is missing in {}", locale.code());
        }
    }
}

/// In French a card with a French source is named by it everywhere (events included); every card
/// without one is a known gap in `i18n/fr/cards.toml` (`none = …`) and keeps its English title; the
/// pseudo-locale transforms titles as it does the catalogs. The overlay's titles are the card files'
/// first-written `french` fields, which the files keep for the records' hash.
#[test]
fn titles_follow_the_card_data() {
    use sylvan_engine::Lang;
    use sylvan_mystic_vale::words::{card_texts, title};
    let Ok(db) = sylvan_mystic_vale::CardDb::every_set() else { panic!("every set") };
    let texts = card_texts();
    assert!(texts.problems().is_empty(), "{:?}", texts.problems());
    let dawn = db.advancements.iter().find(|a| a.key == "dawnsinger").unwrap_or_else(|| panic!("dawnsinger"));
    assert_eq!(title(dawn, L::Fr), "Chanteuse de l'Aube");
    let gap = db.advancements.iter().find(|a| a.key == "hawk").unwrap_or_else(|| panic!("a gap"));
    assert_eq!(title(gap, L::Fr), gap.title);
    assert_eq!(title(gap, L::Pseudo), sylvan_words::pseudo(&gap.title));
    // Every card has a French title or is a known gap, with its reason; nothing else is listed.
    let mut cards: Vec<(&str, &str)> = Vec::new();
    cards.extend(db.advancements.iter().map(|a| ("advancement", a.key.as_str())));
    cards.extend(db.vales.iter().map(|v| ("vale", v.key.as_str())));
    cards.extend(db.leaders.iter().map(|l| ("leader", l.key.as_str())));
    cards.extend(db.amulets.iter().map(|x| ("amulet", x.key.as_str())));
    let conclaves = sylvan_mystic_vale::conclaves::Conclaves::embedded().unwrap_or_else(|e| panic!("{e}"));
    cards.extend(conclaves.list.iter().map(|c| ("conclave", c.key.as_str())));
    cards.sort_unstable();
    cards.dedup();
    for &(kind, key) in &cards {
        let e = texts.entry(Lang::Fr, kind, key).unwrap_or_else(|| panic!("{kind}.{key}: neither a title nor a gap"));
        let has_title = e.texts.contains_key("title");
        assert!(has_title != e.none.is_some(), "{kind}.{key}: a title or a gap, not both");
        assert!(e.texts.keys().all(|f| f == "title"), "{kind}.{key}: only titles are read");
        if has_title {
            let source = e.source.as_deref().unwrap_or_default();
            assert!(source.starts_with("rulebook: FR:"), "{kind}.{key}: the French book's line, not `{source}`");
        }
    }
    let listed: Vec<(&str, &str)> = texts.entries(Lang::Fr).into_iter().map(|(k, c, _)| (k, c)).collect();
    assert_eq!(listed, cards, "the overlay lists exactly the cards");
    // The card files' own `french` fields (kept for the hash) agree with the overlay.
    let base: toml::Table = toml::from_str(include_str!("../../data/base.toml")).unwrap_or_else(|e| panic!("{e}"));
    let mut compared = 0;
    for (array, kind) in
        [("advancement", "advancement"), ("starting", "advancement"), ("soil", "advancement"), ("vale", "vale")]
    {
        for card in base.get(array).and_then(toml::Value::as_array).into_iter().flatten() {
            let (Some(key), Some(french)) =
                (card.get("key").and_then(|k| k.as_str()), card.get("french").and_then(|f| f.as_str()))
            else {
                continue;
            };
            // The supply is one table in the file, a title per slot in the game.
            let keys: Vec<String> = match array {
                "soil" => ["top", "middle", "bottom"].iter().map(|s| format!("{key}-{s}")).collect(),
                _ => vec![key.to_owned()],
            };
            for key in keys {
                let e = texts.entry(Lang::Fr, kind, &key).and_then(|e| e.texts.get("title"));
                assert_eq!(e.map(String::as_str), Some(french), "{kind}.{key}");
                compared += 1;
            }
        }
    }
    assert!(compared > 30, "{compared} French titles compared");
    let sleeved =
        Event::Sleeved(Seat(0), "Dawnsinger".into(), sylvan_mystic_vale::events::Card { id: 3, titles: vec![] });
    assert_eq!(
        Game_::event_text(&sleeved, L::Fr),
        "p0 glisse Chanteuse de l'Aube dans la protection d'une carte vierge"
    );
    assert_eq!(Game_::event_text(&sleeved, L::En), "p0 sleeves Dawnsinger on a blank card");
}
