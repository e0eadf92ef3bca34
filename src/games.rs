//! The games this binary knows (the registry), and the helpers every subcommand shares: building
//! options from the command line, reading seats and bot lists, formatting scores.

use std::io::IsTerminal;
use std::sync::OnceLock;

use anyhow::{Result, anyhow, bail};
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::Value;
use sylvan_bots::BotSpec;
use sylvan_engine::{Locale, Seat, SetupError, SetupErrorKind};
use sylvan_registry::runs::spread_specs;
use sylvan_registry::runs::tournament::Schedule;
pub use sylvan_registry::runs::{MAX_GAMES, run_chunks, worker_threads};
use sylvan_registry::{Entry, Registry};
use sylvan_words::args;

use crate::GameArgs;
use crate::words;

/// The games: [`Registry::standard`], built once.
pub fn registry() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(Registry::standard)
}

/// The game called `name`.
pub fn entry(name: &str) -> Result<&'static Entry> {
    Ok(registry().get(name)?)
}

/// An options error of `entry`'s game in command-line words and in `locale`: the message alone when it
/// names the option already.
pub fn setup_error(entry: &Entry, e: SetupError, locale: Locale) -> anyhow::Error {
    let problem = || locale.lang().typeset(&sylvan_words::engine::setup_problem(entry.game(), &e, locale));
    match e.kind {
        SetupErrorKind::PlayerCount | SetupErrorKind::UnknownOption | SetupErrorKind::Conflict => anyhow!(problem()),
        SetupErrorKind::BadValue if e.field != "options" => {
            anyhow!(words::t(locale, "error-option", args!(field = e.field.as_str(), problem = problem())))
        }
        _ => anyhow!(sylvan_words::engine::setup_error(entry.game(), &e, locale)),
    }
}

/// The game of `args` and its options (JSON) for `args.players` seats with the `-o` overrides; an
/// error in `locale`.
pub fn game_and_options(args: &GameArgs, locale: Locale) -> Result<(&'static Entry, Value)> {
    let entry = entry(&args.game)?;
    let options = entry.game().options(args.players, &args.options).map_err(|e| setup_error(entry, e, locale))?;
    Ok((entry, options))
}

/// A game `entry` refused to deal with its options, in `locale`, after the game's name.
pub fn deal_error(entry: &Entry, e: &SetupError, locale: Locale) -> anyhow::Error {
    anyhow!("{}: {}", entry.name(), sylvan_words::engine::setup_error(entry.game(), e, locale))
}

/// A run's table: the game, its options, how many seats it has and which of them the game plays
/// itself (the solo Robot), checked by dealing one game.
pub struct Table {
    /// The game.
    pub entry: &'static Entry,
    /// Its options, as the game reads them.
    pub options: Value,
    /// The number of seats.
    pub players: usize,
    /// Per seat, whether the game plays it itself (no bot sits there).
    pub automated: Vec<bool>,
}

/// The table of `entry` with `options`, checked by dealing game `seed`; `what` names the options in
/// the error (`A`, `B`), or is empty.
pub fn table_of(entry: &'static Entry, options: Value, seed: u64, what: &str, locale: Locale) -> Result<Table> {
    let probe = entry.game().new_game(&options, seed).map_err(|e| match what {
        "" => deal_error(entry, &e, locale),
        w => deal_error(entry, &e, locale).context(w.to_owned()),
    })?;
    let players = probe.num_seats();
    let automated = Seat::all(players).map(|s| probe.automated_seat(s).is_some()).collect();
    Ok(Table { entry, options, players, automated })
}

/// The table of the game and options of `args` (see [`game_and_options`]), checked by dealing game
/// `seed` before any thread starts.
pub fn table(args: &GameArgs, seed: u64, locale: Locale) -> Result<Table> {
    let (entry, options) = game_and_options(args, locale)?;
    table_of(entry, options, seed, "", locale)
}

/// The schedule of the bots `text` (comma-separated, each once) at a table of `players` seats of
/// which the game plays those `automated` says: bots meet only bots they played with. The spec is
/// quoted bounded and printable in errors, which are the catalogs' in `locale` (the bots' for a spec
/// that cannot be read, the CLI's for a list that cannot make a schedule).
pub fn schedule(entry: &Entry, text: &str, automated: Vec<bool>, locale: Locale) -> Result<Schedule> {
    let shown = sylvan_engine::carddata::short(text);
    let bad = |problem: String| anyhow::anyhow!(locale.lang().typeset(&format!("--bots `{shown}`: {problem}")));
    let spec_error = |e: sylvan_bots::SpecError| bad(sylvan_registry::spec_error_text(&e, locale));
    let specs = BotSpec::parse_list(text).map_err(spec_error)?;
    entry.check_bots(&specs).map_err(spec_error)?;
    let names: Vec<String> = specs.iter().map(ToString::to_string).collect();
    if let Some(twice) = names.iter().enumerate().find(|(i, n)| names[..*i].contains(n)).map(|(_, n)| n) {
        return Err(bad(words::t(locale, "error-bot-twice", args!(bot = sylvan_engine::carddata::short(twice)))));
    }
    if automated.iter().all(|a| *a) {
        return Err(bad(words::t(locale, "error-no-bot-seat", args!())));
    }
    Schedule::at_table(entry, specs, automated).map_err(|e| bad(e.to_string()))
}

/// `--notebook FILE --figure NAME`: the run writes its figure table into a dated lab notebook, replacing
/// the text between the notebook's `<!-- figures:NAME:begin -->` and `<!-- figures:NAME:end -->`
/// lines ([`sylvan_registry::runs::notebook`]; `docs/measurements/README.md`).
#[derive(clap::Args, Debug, Clone, Default)]
pub struct FigureArgs {
    /// Write this run's figure table into this lab notebook (Markdown), between its `<!--
    /// figures:NAME:begin -->` and `<!-- figures:NAME:end -->` lines (checked before the run starts).
    #[arg(long, value_name = "FILE.md", requires = "figure")]
    pub notebook: Option<std::path::PathBuf>,
    /// The NAME of the figure block `--notebook` replaces.
    #[arg(long, value_name = "NAME", requires = "notebook")]
    pub figure: Option<String>,
}

impl FigureArgs {
    /// Checks, before the run, that the notebook holds the block (nothing to do without `--notebook`).
    pub fn check(&self) -> Result<()> {
        if let (Some(path), Some(name)) = (&self.notebook, &self.figure) {
            sylvan_registry::runs::notebook::check(path, name)?;
        }
        Ok(())
    }

    /// Writes the figure `body(command)` into the notebook, where `command` is this run's command line
    /// quoted as Markdown code (`` `sylvan tournament ...` ``); nothing without `--notebook`.
    pub fn write(&self, body: impl FnOnce(&str) -> String) -> Result<()> {
        if let (Some(path), Some(name)) = (&self.notebook, &self.figure) {
            sylvan_registry::runs::notebook::write(path, name, &body(&command_line()))?;
        }
        Ok(())
    }
}

/// This process's command line as Markdown code, `` `sylvan tournament equinox -n 100` ``: the program
/// named `sylvan`, the arguments made printable, without backticks, and cut at 400 characters.
pub fn command_line() -> String {
    let args: Vec<String> = std::env::args_os().skip(1).map(|a| a.to_string_lossy().into_owned()).collect();
    let text = std::iter::once("sylvan".to_owned()).chain(args).collect::<Vec<_>>().join(" ");
    let text = sylvan_engine::carddata::printable(&text.replace('`', "'"), 400);
    format!("`{text}`")
}

/// An error and its causes on one line, `outer: cause: ...`, leaving out a cause whose text the line
/// already holds (errors that print their source would otherwise say it twice), with no line breaks.
pub fn error_text(e: &anyhow::Error) -> String {
    let mut text = String::new();
    for cause in e.chain() {
        let c = cause.to_string();
        if text.contains(&c) {
            continue;
        }
        if !text.is_empty() {
            text.push_str(": ");
        }
        text.push_str(&c);
    }
    text.replace(['\n', '\r'], " ")
}

/// Reads a seat written `2` or `p2`, and checks it exists at a table of `seats`; the error in `locale`.
pub fn parse_seat(text: &str, seats: usize, locale: Locale) -> Result<Seat> {
    let t = text.trim();
    let index: usize = t
        .strip_prefix('p')
        .unwrap_or(t)
        .parse()
        .map_err(|_| anyhow!(words::t(locale, "error-seat-not-number", args!(seat = text))))?;
    if index >= seats {
        bail!(words::t(locale, "error-seat-missing", args!(seat = text, seats = seats, last = seats - 1)));
    }
    Ok(Seat(index as u8))
}

/// Which seats a `--bots` list fills, as its error names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BotSeats {
    /// Every seat.
    All,
    /// The seats other than the human's.
    Bots,
    /// The seats the game does not play itself (the solo Robot's is not one).
    BesideGame,
}

/// Reads `--bots`, checks every spec exists for the game, and spreads the list over `count` seats: one
/// spec for all, or exactly one per seat; the CLI's own error in `locale`.
pub fn bot_specs(entry: &Entry, text: &str, count: usize, whose: BotSeats, locale: Locale) -> Result<Vec<BotSpec>> {
    // The spec is quoted bounded and printable (issue 38); the causes below quote no more than a piece.
    let shown = sylvan_engine::carddata::short(text);
    let bad = |e: sylvan_bots::SpecError| {
        let problem = sylvan_registry::spec_error_text(&e, locale);
        anyhow::anyhow!(locale.lang().typeset(&format!("--bots `{shown}`: {problem}")))
    };
    let specs = BotSpec::parse_list(text).map_err(bad)?;
    entry.check_bots(&specs).map_err(bad)?;
    let whose = match whose {
        BotSeats::All => "all",
        BotSeats::Bots => "bots",
        BotSeats::BesideGame => "game",
    };
    match spread_specs(&specs, count) {
        Some(specs) => Ok(specs),
        None => bail!(words::t(
            locale,
            "error-bot-count",
            args!(bots = shown.to_string(), given = specs.len(), count = count, whose = whose)
        )),
    }
}

/// A number with at most three decimals and no trailing zeros.
pub fn num(v: f64) -> String {
    let s = format!("{v:.3}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".to_owned() } else { s.to_owned() }
}

/// A progress bar of `games` games on standard error, hidden when asked or when standard error is not a
/// terminal.
pub fn progress_bar(games: u64, hidden: bool) -> ProgressBar {
    progress_bar_with(games, hidden, "{bar:40} {pos}/{len} games, {per_sec}, eta {eta}")
}

/// A progress bar of `len` steps drawn with an `indicatif` `template`, hidden as [`progress_bar`].
pub fn progress_bar_with(len: u64, hidden: bool, template: &str) -> ProgressBar {
    if hidden || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len);
    if let Ok(style) = ProgressStyle::with_template(template) {
        bar.set_style(style);
    }
    bar
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_text_says_each_cause_once_on_one_line() {
        let setup = sylvan_engine::SetupError::new("champions", "exactly 8 champions, not 0");
        let e = anyhow::Error::new(sylvan_engine::ReplayError::from(setup)).context("rec.json");
        assert_eq!(error_text(&e), "rec.json: invalid setup: champions: exactly 8 champions, not 0");
        let e = anyhow!("line one\nline two").context("outer");
        assert_eq!(error_text(&e), "outer: line one line two");
    }

    fn toy(players: Option<usize>, overrides: &[&str]) -> Result<Value> {
        let args = GameArgs { game: "toy".into(), players, options: overrides.iter().map(|s| s.to_string()).collect() };
        game_and_options(&args, Locale::En).map(|(_, o)| o)
    }

    #[test]
    fn options_from_players_and_overrides() {
        let o = toy(Some(3), &["hand_size=5"]).map_err(|e| e.to_string());
        assert_eq!(o, Ok(serde_json::json!({ "players": 3, "hand_size": 5 })));
        let err = |p, o: &[&str]| toy(p, o).map_err(|e| format!("{e:#}")).err().unwrap_or_default();
        assert_eq!(err(Some(9), &[]), "toy is played by 2 to 4 players, not 9");
        assert_eq!(err(None, &["speed=3"]), "toy has no option `speed` (options: hand_size)");
        assert!(err(None, &["hand_size"]).starts_with("option `hand_size`: cannot use `true`: invalid type"));
        assert!(err(None, &["hand_size=big"]).starts_with("option `hand_size`: cannot use `big`: invalid type"));
    }

    #[test]
    fn seats_and_bot_lists() {
        let en = Locale::En;
        assert_eq!(parse_seat("p1", 2, en).ok(), Some(Seat(1)));
        assert_eq!(parse_seat("1", 2, en).ok(), Some(Seat(1)));
        assert!(parse_seat("2", 2, en).is_err());
        assert!(parse_seat("x", 2, en).is_err());
        let fr = parse_seat("x", 2, Locale::Fr).map_err(|e| e.to_string()).err().unwrap_or_default();
        assert!(fr.starts_with("la place `x` n'est pas un numéro"), "{fr}");
        let Ok(toy) = entry("toy") else { panic!("no toy in the registry") };
        assert_eq!(bot_specs(toy, "random", 3, BotSeats::All, en).map(|v| v.len()).ok(), Some(3));
        assert!(bot_specs(toy, "random,random", 3, BotSeats::All, en).is_err());
        assert!(bot_specs(toy, "robot", 2, BotSeats::All, en).is_err(), "toy has no robot");
        assert_eq!(num(2.0), "2");
        assert_eq!(num(0.5), "0.5");
        assert_eq!(num(1.0 / 3.0), "0.333");
    }
}
