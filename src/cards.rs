//! `sylvan cards`: list a game's card database with each field's provenance, and check a card file;
//! the games with a card database say so in the registry ([`CardTools`]).

use std::io::Write;
use std::process::ExitCode;

use anyhow::{Result, anyhow, bail};
use clap::{Args, Subcommand};
use sylvan_registry::CardTools;

use crate::games;
use crate::words::t;
use sylvan_engine::Locale;
use sylvan_words::args;

/// `sylvan cards ...`
#[derive(Args, Debug, Clone)]
pub struct CardsArgs {
    #[command(subcommand)]
    command: CardsCommand,
    /// Language of the command's own words: `en`, `fr`, or the pseudo-locale `en-XA` [default: from
    /// `LC_ALL`, `LC_MESSAGES` or `LANG`, else `en`].
    #[arg(long, global = true, default_value_t = crate::words::env_locale(), hide_default_value = true, value_name = "en|fr|en-XA")]
    lang: Locale,
}

impl CardsArgs {
    /// The language of the command's words, the listings' and the card-file errors' (card titles,
    /// keys and provenance notes are the card files' data).
    pub fn locale(&self) -> Locale {
        self.lang
    }
}

#[derive(Subcommand, Debug, Clone)]
enum CardsCommand {
    /// List the cards of a game (with each field's provenance, where the game records it).
    List {
        /// The game.
        game: String,
        /// Show only the fields of this provenance: rulebook, fan or provisional.
        #[arg(long, value_name = "KIND")]
        provenance: Option<String>,
        /// A card file to list instead of the embedded set.
        #[arg(long, value_name = "FILE")]
        cards: Option<String>,
        /// Only these sets, comma-separated, for a game with expansions (mystic-vale: `base,wild`;
        /// expansion names or files) [default: every set].
        #[arg(long, value_name = "SETS")]
        sets: Option<String>,
        /// List the conclaves (mystic-vale: each with its cards and provenances) instead of the cards.
        #[arg(long, conflicts_with_all = ["provenance", "cards", "sets"])]
        conclaves: bool,
    },
    /// Validate a card file (TOML): errors name the file, line and field.
    Check {
        /// The file.
        file: String,
        /// The game the file is for [default: the game whose sections the file has].
        #[arg(long)]
        game: Option<String>,
    },
}

/// The games with a card database, for error messages.
fn with_cards() -> String {
    games::registry().listed().filter(|e| e.cards().is_some()).map(|e| e.name()).collect::<Vec<_>>().join(", ")
}

/// Runs `sylvan cards`.
pub fn run(args: &CardsArgs) -> Result<ExitCode> {
    let locale = args.locale();
    let text = match &args.command {
        CardsCommand::List { game, provenance, cards, sets, conclaves } => {
            let entry = games::entry(game)?;
            let Some(tools) = entry.cards() else {
                bail!(t(locale, "error-no-card-database", args!(game = game.as_str(), games = with_cards())));
            };
            if *conclaves {
                let Some(list) = tools.conclaves else {
                    bail!(t(locale, "error-no-conclaves", args!(game = game.as_str())))
                };
                let text = list(locale).map_err(|e| anyhow!(e))?;
                return print(&text);
            }
            (tools.list)(cards.as_deref(), sets.as_deref(), provenance.as_deref(), locale).map_err(|e| anyhow!(e))?
        }
        CardsCommand::Check { file, game } => {
            let tools = match game {
                Some(g) => {
                    let entry = games::entry(g)?;
                    match entry.cards() {
                        Some(t) => *t,
                        None => bail!(t(locale, "error-no-card-files", args!(game = g.as_str(), games = with_cards()))),
                    }
                }
                None => detect(file, locale)?,
            };
            (tools.check)(file, locale).map_err(|e| anyhow!(e))?
        }
    };
    print(&text)
}

/// Prints a listing or a check's answer: its card texts made printable (a title may hold escape
/// sequences), and a write error (`> /dev/full`, a closed pipe) an error naming standard output.
fn print(text: &str) -> Result<ExitCode> {
    let mut out = crate::output::stdout();
    out.write_all(sylvan_engine::carddata::printable_lines(text).as_bytes())?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// The card tools of the game a card file is for, from its section names. The file is read with the one
/// bounded reader (a special or huge file is an error here); a file no game recognises, or that two
/// games recognise, is an error asking for `--game`, never a guess.
fn detect(file: &str, locale: Locale) -> Result<CardTools> {
    let text =
        sylvan_engine::carddata::read_file(file).map_err(|e| anyhow!(sylvan_registry::card_read_error(&e, locale)))?;
    let found: Vec<(&str, CardTools)> = games::registry()
        .listed()
        .filter_map(|e| e.cards().map(|t| (e.name(), *t)))
        .filter(|(_, t)| (t.recognizes)(&text))
        .collect();
    match found.as_slice() {
        [(_, tools)] => Ok(*tools),
        [] => bail!(t(locale, "error-no-card-section", args!(file = file, games = with_cards()))),
        _ => {
            let games = found.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ");
            bail!(t(locale, "error-several-games", args!(file = file, games = games)))
        }
    }
}
