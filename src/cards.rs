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
        /// mystic-vale: the sets to list, comma-separated (`base,wild`; expansion names or files).
        #[arg(long, value_name = "SETS", default_value = "base")]
        sets: String,
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
        CardsCommand::List { game, provenance, cards, .. } if game == "command-of-nature" => {
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
        CardsCommand::List { game, provenance, cards, sets } => {
            if game != "mystic-vale" {
                bail!("`{game}` has no card database (games with one: mystic-vale, command-of-nature)");
            }
            if let Some(k) = provenance
                && !["rulebook", "fan", "provisional"].contains(&k.as_str())
            {
                bail!("--provenance `{k}`: use rulebook, fan or provisional");
            }
            let options = sylvan_mystic_vale::Options {
                cards: cards.clone().unwrap_or_else(|| "base".into()),
                sets: sets.clone(),
                ..Default::default()
            };
            let db = options.validate().map_err(|e| anyhow::anyhow!("{}: {}", e.field, e.message))?;
            // A closed pipe (`| head`) is not an error worth a panic.
            let _ = std::io::stdout().write_all(list(&db, provenance.as_deref()).as_bytes());
            Ok(ExitCode::SUCCESS)
        }
        CardsCommand::Check { file, game } => {
            let game = match game {
                Some(g) => g.clone(),
                None => detect(file),
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
            let db = CardDb::check(file)?;
            let text = format!(
                "{file}: ok: {} advancement titles, {} vale titles, {} leaders, sets `{}`\n{}",
                db.advancements.len(),
                db.vales.len(),
                db.leaders.len(),
                db.set,
                summary(&db)
            );
            let _ = std::io::stdout().write_all(text.as_bytes());
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// The game a card file is for, from its section names (an unreadable file is left to the loader,
/// whose error names it).
fn detect(file: &str) -> String {
    let text = std::fs::read_to_string(file).unwrap_or_default();
    let con = text.lines().map(str::trim).any(|l| ["[[elemental]]", "[[command]]", "[[sage]]"].contains(&l));
    if con { "command-of-nature" } else { "mystic-vale" }.to_owned()
}

fn summary(db: &CardDb) -> String {
    db.provenance_summary()
}

/// The listing: one block per card; with `only`, just the fields of that provenance.
pub fn list(db: &CardDb, only: Option<&str>) -> String {
    db.listing(only)
}
