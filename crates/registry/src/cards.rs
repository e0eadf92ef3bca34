//! The card databases of the games that have one: listing with provenances, and checking card files,
//! in the reader's language (the command's words from `i18n/<code>/cards.ftl`, the listings and card-file
//! errors from each game's catalog; card titles, keys and provenance notes are the card files' data).

use std::sync::LazyLock;

use sylvan_command_of_nature as con;
use sylvan_engine::carddata::DataError;
use sylvan_engine::{Lang, Locale, Message, SetupError};
use sylvan_mystic_vale::CardDb;
use sylvan_mystic_vale::conclaves::Conclaves;
use sylvan_words::cards::CardTexts;
use sylvan_words::{Args, Catalog, args};

/// Lists a card database: `(file, sets, only, locale)` as in [`CardTools::list`]; the listing or an
/// error, in `locale`.
pub type ListFn =
    fn(file: Option<&str>, sets: Option<&str>, only: Option<&str>, locale: Locale) -> Result<String, String>;

/// The card commands' words: `i18n/{en,fr}/cards.ftl`.
static CATALOG: LazyLock<Catalog> = sylvan_words::catalog!("crates/registry", "cards.ftl");

/// Message `id` in `locale`, in the locale's typography.
fn say(locale: Locale, id: &str, args: Args<'_>) -> String {
    locale.lang().typeset(&CATALOG.text(locale, id, args))
}

/// A game's catalog, for the engine's words layer.
struct GameWords(fn(&Message, Locale) -> Option<String>);

impl sylvan_words::engine::Words for GameWords {
    fn game_text(&self, message: &Message, locale: Locale) -> Option<String> {
        (self.0)(message, locale)
    }
}

const MV: GameWords = GameWords(sylvan_mystic_vale::words::message_text);
const CON: GameWords = GameWords(con::words::message_text);

/// A card file's error in `locale`: the place, then the problem (from `message`, the game's message
/// for the whole error).
fn data_error(words: &GameWords, message: &Message, locale: Locale) -> String {
    sylvan_words::engine::text(words, message, locale)
}

/// A card file's error in `locale` when no game is known yet (reading it): the place, then the
/// engine's words for the problem.
pub fn read_error(e: &DataError, locale: Locale) -> String {
    let problem = match &e.words {
        Some(m) => sylvan_words::engine::catalog().message(locale, m).unwrap_or_else(|| e.message.clone()),
        None => e.message.clone(),
    };
    locale.lang().typeset(&format!("{}: {problem}", e.place()))
}

/// A refused setup in `locale`.
fn setup_error(words: &GameWords, e: &SetupError, locale: Locale) -> String {
    sylvan_words::engine::setup_error(words, e, locale)
}

/// How far one language's card overlay (`crates/<game>/i18n/<code>/cards.toml`) covers a set of cards.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Coverage {
    /// The language.
    pub lang: Lang,
    /// Cards whose words in this language come from a source (an entry with texts, not a gap).
    pub sourced: usize,
    /// Known gaps: entries marked `none` (no source in this language exists).
    pub gaps: usize,
    /// Of the gaps, those that still give Sylvan's own translation (with a `provisional` source).
    pub translated: usize,
    /// Cards with no entry at all (they show the card file's English, unnoticed).
    pub missing: usize,
}

/// The coverage of `texts` (a game's overlays) over `cards` (`(kind, key)` as the overlays name them)
/// in every language but English (whose words are the card files').
pub fn overlay_coverage(texts: &CardTexts, cards: &[(&str, &str)]) -> Vec<Coverage> {
    Lang::ALL
        .into_iter()
        .filter(|&l| l != Lang::En)
        .map(|lang| {
            let mut c = Coverage { lang, ..Coverage::default() };
            for &(kind, key) in cards {
                match texts.entry(lang, kind, key) {
                    None => c.missing += 1,
                    Some(e) if e.none.is_some() => {
                        c.gaps += 1;
                        c.translated += usize::from(!e.texts.is_empty());
                    }
                    Some(_) => c.sourced += 1,
                }
            }
            c
        })
        .collect()
}

/// The lines `sylvan cards check` prints after a card file's summary: per language, its overlay's
/// coverage of the file's cards, in `locale`.
fn coverage_lines(game: &str, texts: &CardTexts, cards: &[(&str, &str)], locale: Locale) -> String {
    let mut out = String::new();
    for c in overlay_coverage(texts, cards) {
        let file = format!("crates/{game}/i18n/{}/cards.toml", c.lang.code());
        let line = say(
            locale,
            "cards-overlay",
            args!(
                lang = c.lang.code(),
                file = file,
                cards = cards.len(),
                sourced = c.sourced,
                gaps = c.gaps,
                translated = c.translated,
                missing = c.missing
            ),
        );
        out += &line;
        out.push('\n');
    }
    out
}

/// A game's card database, for `sylvan cards`: list it, check a card file, recognise a card file.
#[derive(Clone, Copy, Debug)]
pub struct CardTools {
    /// Lists the cards (of `file`, or the embedded core set, plus the expansions `sets` names for a game
    /// with several sets), keeping only fields of the provenance `only` (`rulebook`, `fan` or
    /// `provisional`) when given, in a locale.
    pub list: ListFn,
    /// Validates a card file; the answer, or the error naming the file, line and field, in a locale.
    pub check: fn(file: &str, locale: Locale) -> Result<String, String>,
    /// Whether a card file's text is for this game (by its section names).
    pub recognizes: fn(text: &str) -> bool,
    /// Lists the game's conclaves (Mystic Vale) in a locale, for games that have them.
    pub conclaves: Option<fn(locale: Locale) -> Result<String, String>>,
}

/// Whether `text` has one of these TOML array-of-tables sections (spaces and a comment after the header
/// allowed).
fn has_section(text: &str, sections: &[&str]) -> bool {
    text.lines()
        .map(|l| l.split('#').next().unwrap_or("").chars().filter(|c| !c.is_whitespace()).collect::<String>())
        .any(|l| sections.contains(&l.as_str()))
}

/// Mystic Vale's card database: every set by default; a core file, or an expansion file on top of the
/// base set (the crate's own listing and checks).
pub(crate) fn mystic_vale() -> CardTools {
    use sylvan_mystic_vale::words::data_error_message;
    CardTools {
        list: |file, sets, only, locale| {
            if let Some(k) = only
                && !["rulebook", "fan", "provisional"].contains(&k)
            {
                return Err(say(locale, "cards-provenance-kind", args!(kind = sylvan_engine::carddata::short(k))));
            }
            let card_error = |e: DataError| data_error(&MV, &data_error_message(&e), locale);
            let db = match (file, sets) {
                (Some(path), None) => CardDb::check(path).map_err(card_error)?,
                (None, None) => CardDb::every_set().map_err(card_error)?,
                (file, Some(sets)) => {
                    let options = sylvan_mystic_vale::Options {
                        cards: file.unwrap_or("base").to_owned(),
                        sets: sets.to_owned(),
                        ..Default::default()
                    };
                    CardDb::clone(&*options.validate().map_err(|e| setup_error(&MV, &e, locale))?)
                }
            };
            Ok(sylvan_mystic_vale::words::card_listing(&db, only, locale))
        },
        check: |file, locale| {
            let text = sylvan_engine::carddata::read_file(file).map_err(|e| read_error(&e, locale))?;
            let card_error = |e: DataError| data_error(&MV, &data_error_message(&e), locale);
            if has_section(&text, &["[[conclave]]"]) {
                // A conclave file, checked against every embedded set.
                let db = CardDb::every_set().map_err(card_error)?;
                let c = Conclaves::parse(file, &text, &db).map_err(card_error)?;
                let named = c.list.iter().filter(|x| x.named).count();
                let ok = say(locale, "cards-conclaves-ok", args!(file = file, conclaves = c.list.len(), named = named));
                return Ok(format!("{ok}\n"));
            }
            let db = CardDb::check(file).map_err(card_error)?;
            let ok = say(
                locale,
                "cards-mv-ok",
                args!(
                    file = file,
                    advancements = db.advancements.len(),
                    vales = db.vales.len(),
                    leaders = db.leaders.len(),
                    sets = db.set.as_str()
                ),
            );
            let cards: Vec<(&str, &str)> = (db.advancements.iter().map(|c| ("advancement", c.key.as_str())))
                .chain(db.vales.iter().map(|c| ("vale", c.key.as_str())))
                .chain(db.leaders.iter().map(|c| ("leader", c.key.as_str())))
                .chain(db.amulets.iter().map(|c| ("amulet", c.key.as_str())))
                .collect();
            let texts = sylvan_mystic_vale::words::card_texts();
            Ok(format!(
                "{ok}\n{}{}",
                sylvan_mystic_vale::words::provenance_summary(&db, locale),
                coverage_lines("mystic-vale", texts, &cards, locale)
            ))
        },
        recognizes: |text| {
            has_section(
                text,
                &["[[advancement]]", "[[vale]]", "[[soil]]", "[[starting]]", "[[leader]]", "[[conclave]]"],
            )
        },
        conclaves: Some(|locale| {
            let card_error = |e: DataError| data_error(&MV, &data_error_message(&e), locale);
            let db = CardDb::every_set().map_err(card_error)?;
            let c = Conclaves::embedded().map_err(card_error)?;
            Ok(sylvan_mystic_vale::words::conclave_listing(c, &db, locale))
        }),
    }
}

/// Command of Nature's card data.
pub(crate) fn command_of_nature() -> CardTools {
    CardTools {
        list: |file, sets, only, locale| {
            if sets.is_some() {
                return Err(say(locale, "cards-one-set", args!(game = "command-of-nature")));
            }
            if only.is_some() {
                let place = "crates/command-of-nature/data/*.toml";
                return Err(say(locale, "cards-no-provenance-filter", args!(game = "command-of-nature", data = place)));
            }
            let card_error = |e: DataError| data_error(&CON, &con::words::data_error_message(&e), locale);
            let table = match file {
                Some(path) => con::cards::load_file(path).map_err(card_error)?,
                None => con::cards::table().clone(),
            };
            Ok(format!("{}\n", con::words::card_summary(&table, locale)))
        },
        check: |file, locale| {
            let card_error = |e: DataError| data_error(&CON, &con::words::data_error_message(&e), locale);
            let table = con::cards::load_file(file).map_err(card_error)?;
            let cards: Vec<(&str, &str)> = table.cards.iter().map(|c| ("card", c.code.as_str())).collect();
            let coverage = coverage_lines("command-of-nature", con::words::card_texts(), &cards, locale);
            Ok(format!("{}\n{coverage}", con::words::card_summary(&table, locale)))
        },
        recognizes: |text| has_section(text, &["[[elemental]]", "[[command]]", "[[sage]]"]),
        conclaves: None,
    }
}
