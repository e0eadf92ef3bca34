//! The card databases of the games that have one: listing with provenances, and checking card files.

use sylvan_command_of_nature as con;
use sylvan_mystic_vale::CardDb;
use sylvan_mystic_vale::conclaves::Conclaves;

/// Lists a card database: `(file, sets, only)` as in [`CardTools::list`]; the listing or an error.
pub type ListFn = fn(file: Option<&str>, sets: Option<&str>, only: Option<&str>) -> Result<String, String>;

/// A game's card database, for `sylvan cards`: list it, check a card file, recognise a card file.
#[derive(Clone, Copy, Debug)]
pub struct CardTools {
    /// Lists the cards (of `file`, or the embedded core set, plus the expansions `sets` names for a game
    /// with several sets), keeping only fields of the provenance `only` (`rulebook`, `fan` or
    /// `provisional`) when given.
    pub list: ListFn,
    /// Validates a card file; the error names the file, line and field.
    pub check: fn(file: &str) -> Result<String, String>,
    /// Whether a card file's text is for this game (by its section names).
    pub recognizes: fn(text: &str) -> bool,
    /// Lists the game's conclaves (Mystic Vale), for games that have them.
    pub conclaves: Option<fn() -> Result<String, String>>,
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
    CardTools {
        list: |file, sets, only| {
            if let Some(k) = only
                && !["rulebook", "fan", "provisional"].contains(&k)
            {
                return Err(format!("--provenance `{k}`: use rulebook, fan or provisional"));
            }
            let db = match (file, sets) {
                (Some(path), None) => CardDb::check(path).map_err(|e| e.to_string())?,
                (None, None) => CardDb::every_set().map_err(|e| e.to_string())?,
                (file, Some(sets)) => {
                    let options = sylvan_mystic_vale::Options {
                        cards: file.unwrap_or("base").to_owned(),
                        sets: sets.to_owned(),
                        ..Default::default()
                    };
                    CardDb::clone(&*options.validate().map_err(|e| e.to_string())?)
                }
            };
            Ok(sylvan_mystic_vale::words::card_listing(&db, only, sylvan_engine::Locale::En))
        },
        check: |file| {
            let text = sylvan_engine::carddata::read_file(file).map_err(|e| e.to_string())?;
            if has_section(&text, &["[[conclave]]"]) {
                // A conclave file, checked against every embedded set.
                let db = CardDb::every_set().map_err(|e| e.to_string())?;
                let c = Conclaves::parse(file, &text, &db).map_err(|e| e.to_string())?;
                let named = c.list.iter().filter(|x| x.named).count();
                return Ok(format!("{file}: ok: {} conclaves, {named} named by the rulebook\n", c.list.len()));
            }
            let db = CardDb::check(file).map_err(|e| e.to_string())?;
            Ok(format!(
                "{file}: ok: {} advancement titles, {} vale titles, {} leaders, sets `{}`\n{}",
                db.advancements.len(),
                db.vales.len(),
                db.leaders.len(),
                db.set,
                sylvan_mystic_vale::words::provenance_summary(&db, sylvan_engine::Locale::En)
            ))
        },
        recognizes: |text| {
            has_section(
                text,
                &["[[advancement]]", "[[vale]]", "[[soil]]", "[[starting]]", "[[leader]]", "[[conclave]]"],
            )
        },
        conclaves: Some(|| {
            let db = CardDb::every_set().map_err(|e| e.to_string())?;
            let c = Conclaves::embedded().map_err(|e| e.to_string())?;
            Ok(sylvan_mystic_vale::words::conclave_listing(c, &db, sylvan_engine::Locale::En))
        }),
    }
}

/// Command of Nature's card data.
pub(crate) fn command_of_nature() -> CardTools {
    CardTools {
        list: |file, sets, only| {
            if sets.is_some() {
                return Err("command-of-nature has one card set: --sets is for games with expansions".to_owned());
            }
            if only.is_some() {
                return Err("command-of-nature: --provenance is not supported; every field's provenance is in the \
                            data file (crates/command-of-nature/data/*.toml)"
                    .to_owned());
            }
            let table = match file {
                Some(path) => con::cards::load_file(path).map_err(|e| e.to_string())?,
                None => con::cards::table().clone(),
            };
            Ok(format!("{}\n", table.summary()))
        },
        check: |file| {
            let table = con::cards::load_file(file).map_err(|e| e.to_string())?;
            Ok(format!("{}\n", table.summary()))
        },
        recognizes: |text| has_section(text, &["[[elemental]]", "[[command]]", "[[sage]]"]),
        conclaves: None,
    }
}
