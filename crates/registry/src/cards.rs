//! The card databases of the games that have one: listing with provenances, and checking card files.

use sylvan_command_of_nature as con;
use sylvan_mystic_vale::CardDb;

/// A game's card database, for `sylvan cards`: list it, check a card file, recognise a card file.
#[derive(Clone, Copy, Debug)]
pub struct CardTools {
    /// Lists the cards (of `file`, or the embedded set), keeping only fields of the provenance `only`
    /// (`rulebook`, `fan` or `provisional`) when given.
    pub list: fn(file: Option<&str>, only: Option<&str>) -> Result<String, String>,
    /// Validates a card file; the error names the file, line and field.
    pub check: fn(file: &str) -> Result<String, String>,
    /// Whether a card file's text is for this game (by its section names).
    pub recognizes: fn(text: &str) -> bool,
}

/// Whether `text` has one of these TOML array-of-tables sections (spaces and a comment after the header
/// allowed).
fn has_section(text: &str, sections: &[&str]) -> bool {
    text.lines()
        .map(|l| l.split('#').next().unwrap_or("").chars().filter(|c| !c.is_whitespace()).collect::<String>())
        .any(|l| sections.contains(&l.as_str()))
}

/// Mystic Vale's card database.
pub(crate) fn mystic_vale() -> CardTools {
    CardTools {
        list: |file, only| {
            if let Some(k) = only
                && !["rulebook", "fan", "provisional"].contains(&k)
            {
                return Err(format!("--provenance `{k}`: use rulebook, fan or provisional"));
            }
            let db = match file {
                Some(path) => load_mystic_vale(path)?,
                None => CardDb::base().clone(),
            };
            Ok(list(&db, only))
        },
        check: |file| {
            let db = load_mystic_vale(file)?;
            Ok(format!(
                "{file}: ok: {} advancement titles, {} vale titles, set `{}`\n{}",
                db.advancements.len(),
                db.vales.len(),
                db.set,
                summary(&db)
            ))
        },
        recognizes: |text| has_section(text, &["[[advancement]]", "[[vale]]", "[[soil]]", "[[starting]]"]),
    }
}

/// A Mystic Vale card file, read first with the one bounded reader (regular files of at most 4 MB), so a
/// special or huge file is refused before the game's loader reads it.
fn load_mystic_vale(path: &str) -> Result<CardDb, String> {
    sylvan_engine::carddata::read_file(path).map_err(|e| e.to_string())?;
    CardDb::load(path).map_err(|e| e.to_string())
}

/// Command of Nature's card data.
pub(crate) fn command_of_nature() -> CardTools {
    CardTools {
        list: |file, only| {
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
    }
}

fn summary(db: &CardDb) -> String {
    let mut out = String::from("fields by provenance:\n");
    for ((set, kind), n) in db.provenance_counts() {
        out += &format!("  {set:<10} {kind:<12} {n}\n");
    }
    out
}

/// The listing: one block per card; with `only`, just the fields of that provenance.
fn list(db: &CardDb, only: Option<&str>) -> String {
    let mut out = String::new();
    let keep = |src: &str| only.is_none_or(|k| src.starts_with(k));
    let mut soil_done = false;
    for a in &db.advancements {
        if a.key.starts_with("fertile-soil-supply") {
            if soil_done {
                continue;
            }
            soil_done = true;
        }
        let s = &a.symbols;
        let value = |f: &str| -> String {
            match f {
                "level" => a.level.to_string(),
                "copies" | "per_deck" => a.copies.to_string(),
                "slot" => a.slot.name().to_string(),
                "slots" => "by slot".into(),
                "cost" => a.cost.to_string(),
                "mana" => s.mana.to_string(),
                "decay" => s.decay.to_string(),
                "growth" => s.growth.to_string(),
                "animal" => s.spirits[0].to_string(),
                "forest" => s.spirits[1].to_string(),
                "sky" => s.spirits[2].to_string(),
                "wild" => s.spirits[3].to_string(),
                "guardian" => s.guardian.to_string(),
                "vp_harvest" => s.vp_harvest.to_string(),
                "vp_end" => s.vp_end.to_string(),
                "ability" => format!("{:?}", a.ability),
                "amount" => a.amount.to_string(),
                "reward" => format!("{:?}", a.reward),
                _ => "?".into(),
            }
        };
        let fields: Vec<String> = a
            .source
            .iter()
            .filter(|(_, src)| keep(src))
            .map(|(f, src)| format!("    {f} = {}  [{src}]", value(f)))
            .collect();
        if fields.is_empty() {
            continue;
        }
        out += &format!("{} ({}, level {}, {} copies)\n", a.title, a.set, a.level, a.copies);
        for f in fields {
            out += &f;
            out.push('\n');
        }
    }
    for v in &db.vales {
        let value = |f: &str| -> String {
            match f {
                "level" => v.level.to_string(),
                "copies" => v.copies.to_string(),
                "animal" => v.cost[0].to_string(),
                "forest" => v.cost[1].to_string(),
                "sky" => v.cost[2].to_string(),
                "any" => v.cost[3].to_string(),
                "vp" => v.vp.to_string(),
                "ability" => format!("{:?}", v.ability),
                "gain" => format!("{:?}", v.gain),
                "amount" => v.amount.to_string(),
                _ => "?".into(),
            }
        };
        let fields: Vec<String> = v
            .source
            .iter()
            .filter(|(_, src)| keep(src))
            .map(|(f, src)| format!("    {f} = {}  [{src}]", value(f)))
            .collect();
        if fields.is_empty() {
            continue;
        }
        out += &format!("vale {} ({}, level {}, {} copies)\n", v.title, v.set, v.level, v.copies);
        for f in fields {
            out += &f;
            out.push('\n');
        }
    }
    out + &summary(db)
}
