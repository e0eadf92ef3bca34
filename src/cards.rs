//! `sylvan cards`: list a game's card database with each field's provenance, and check a card file.
//! Mystic Vale and Command of Nature have card databases (data files a user may correct).

use std::io::Write;
use std::process::ExitCode;

use anyhow::{Result, bail};
use clap::{Args, Subcommand};
use sylvan_command_of_nature as con;
use sylvan_mystic_vale::CardDb;

/// `sylvan cards ...`
#[derive(Args, Debug, Clone)]
pub struct CardsArgs {
    #[command(subcommand)]
    command: CardsCommand,
}

#[derive(Subcommand, Debug, Clone)]
enum CardsCommand {
    /// List the cards of a game (mystic-vale: every field with its provenance; command-of-nature: a
    /// summary, the fields being in its data file).
    List {
        /// The game.
        game: String,
        /// Show only the fields of this provenance: rulebook, fan or provisional.
        #[arg(long, value_name = "KIND")]
        provenance: Option<String>,
        /// A card file to list instead of the embedded set.
        #[arg(long, value_name = "FILE")]
        cards: Option<String>,
    },
    /// Validate a card file (TOML): errors name the file, line and field.
    Check {
        /// The file.
        file: String,
        /// The game the file is for [default: command-of-nature if the file has `[[elemental]]`,
        /// `[[command]]` or `[[sage]]` sections, else mystic-vale].
        #[arg(long)]
        game: Option<String>,
    },
}

/// Runs `sylvan cards`.
pub fn run(args: &CardsArgs) -> Result<ExitCode> {
    match &args.command {
        CardsCommand::List { game, provenance, cards } if game == "command-of-nature" => {
            if provenance.is_some() {
                bail!(
                    "command-of-nature: --provenance is not supported; every field's provenance is in the data \
                     file (crates/command-of-nature/data/*.toml)"
                );
            }
            let table = match cards {
                Some(path) => con::cards::load_file(path)?,
                None => con::cards::table().clone(),
            };
            let _ = std::io::stdout().write_all(format!("{}\n", table.summary()).as_bytes());
            Ok(ExitCode::SUCCESS)
        }
        CardsCommand::List { game, provenance, cards } => {
            if game != "mystic-vale" {
                bail!("`{game}` has no card database (games with one: mystic-vale, command-of-nature)");
            }
            if let Some(k) = provenance
                && !["rulebook", "fan", "provisional"].contains(&k.as_str())
            {
                bail!("--provenance `{k}`: use rulebook, fan or provisional");
            }
            let db = match cards {
                Some(path) => {
                    sylvan_engine::carddata::read_file(path)?;
                    CardDb::load(path)?
                }
                None => CardDb::base().clone(),
            };
            // A closed pipe (`| head`) is not an error worth a panic.
            let _ = std::io::stdout().write_all(list(&db, provenance.as_deref()).as_bytes());
            Ok(ExitCode::SUCCESS)
        }
        CardsCommand::Check { file, game } => {
            let game = match game {
                Some(g) => g.clone(),
                None => detect(file)?,
            };
            match game.as_str() {
                "mystic-vale" => {}
                "command-of-nature" => {
                    let table = con::cards::load_file(file)?;
                    let _ = std::io::stdout().write_all(format!("{}\n", table.summary()).as_bytes());
                    return Ok(ExitCode::SUCCESS);
                }
                other => bail!("--game `{other}` has no card files (use mystic-vale or command-of-nature)"),
            }
            // The bounded reader first: a special or huge file is refused before Mystic Vale reads it.
            sylvan_engine::carddata::read_file(file)?;
            let db = CardDb::load(file)?;
            let text = format!(
                "{file}: ok: {} advancement titles, {} vale titles, set `{}`\n{}",
                db.advancements.len(),
                db.vales.len(),
                db.set,
                summary(&db)
            );
            let _ = std::io::stdout().write_all(text.as_bytes());
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// The game a card file is for, from its section headers (`[[elemental]]`, `[[command]]`, `[[sage]]` for
/// Command of Nature; `[[advancement]]`, `[[vale]]`, `[[soil]]`, `[[starting]]` for Mystic Vale). A file
/// with neither is an error asking for `--game`, never a guess.
fn detect(file: &str) -> Result<String> {
    let text = sylvan_engine::carddata::read_file(file)?;
    let headers: Vec<String> = text
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").chars().filter(|c| !c.is_whitespace()).collect())
        .filter(|l: &String| l.starts_with("[["))
        .collect();
    let has = |names: &[&str]| headers.iter().any(|h| names.iter().any(|n| h == &format!("[[{n}]]")));
    match (has(&["elemental", "command", "sage"]), has(&["advancement", "vale", "soil", "starting"])) {
        (true, false) => Ok("command-of-nature".to_owned()),
        (false, true) => Ok("mystic-vale".to_owned()),
        (true, true) => bail!("{file}: has sections of both Command of Nature and Mystic Vale; use --game"),
        (false, false) => bail!(
            "{file}: no card section found ([[elemental]], [[command]], [[sage]] or [[advancement]], [[vale]]...); \
             use --game command-of-nature or --game mystic-vale"
        ),
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
pub fn list(db: &CardDb, only: Option<&str>) -> String {
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
