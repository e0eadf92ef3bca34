//! `sylvan`: play, simulate, replay, analyze and benchmark Sylvan games from the command line, run
//! tournaments and ladders, check card files, and serve, create and join games over the network.
//! Guide: `docs/cli.md` (every command and flag).
//!
//! Exit codes: 0 success; 1 an interactive game abandoned at end of input without `--record`;
//! 2 any error (unknown game or bot, bad player count, unreadable or invalid file, usage error).

mod analyze;
mod balance;
mod balance_report;
mod bench;
mod cards;
mod games;
mod input;
mod ladder;
mod list;
mod output;
mod play;
mod replay;
mod report;
mod serve;
mod sim;
mod tournament;
mod words;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Arg, ArgAction, ArgMatches, Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use sylvan_registry::Shorthand;

/// Rules-exact engine for nature-themed card games.
#[derive(Parser, Debug)]
#[command(name = "sylvan", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// List the games, their player counts and options.
    Games {
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        lang: LangArg,
    },
    /// Play a game in the terminal against bots.
    Play(PlayArgs),
    /// Play many games between bots and report wins, scores and speed.
    Sim(SimArgs),
    /// Replay a game record, check it, and show the final position and scores.
    Replay(ReplayArgs),
    /// Judge a record's decisions with a search bot from each seat's view: win probability before and after each move, blunders.
    Analyze(analyze::AnalyzeArgs),
    /// Time random playouts on one thread (engine speed).
    Bench(BenchArgs),
    /// List a game's card database with provenances, or check a card file.
    Cards(cards::CardsArgs),
    /// Bots against each other with rotating seats: win-rate matrix, ratings, report with plots.
    Tournament(tournament::TournamentArgs),
    /// Balance lab: the same bots and seeds under option sets A and B (card files, variants), paired;
    /// what changed, by how much, how sure.
    Balance(balance::BalanceArgs),
    /// Sum the pairwise results of several `tournament --json` reports into one rating ladder.
    Ladder(ladder::LadderArgs),
    /// Run the game server (HTTP lobby, WebSocket play, SQLite storage; see docs/PROTOCOL.md).
    Serve(serve::ServeArgs),
    /// Create a game on a server and print the seats' links.
    Create(serve::CreateArgs),
    /// Play a seat on a server from its link, in the terminal.
    Join(serve::JoinArgs),
}

/// The language of a command's text (not of its JSON), shared by the commands that write text.
#[derive(Args, Debug, Clone, Copy)]
pub(crate) struct LangArg {
    /// Language of the text (not of the JSON): `en`, `fr`, or the pseudo-locale `en-XA` [default: from
    /// `LC_ALL`, `LC_MESSAGES` or `LANG`, else `en`].
    #[arg(long = "lang", default_value_t = words::env_locale(), hide_default_value = true, value_name = "en|fr|en-XA")]
    pub(crate) locale: sylvan_engine::Locale,
}

/// The game and its options, shared by `play`, `sim`, `bench` and `tournament`. The shorthand flags of
/// some games' options (`--solo`, `--teams`, `--cards FILE`...) come from the registry and are added to
/// these commands when the command line is built ([`with_shorthands`]).
#[derive(Args, Debug, Clone)]
struct GameArgs {
    /// The game (see `sylvan games`).
    game: String,
    /// Number of players [default: the game's minimum].
    #[arg(short, long)]
    players: Option<usize>,
    /// Set a game option (repeatable), e.g. `-o ancestors=2` for equinox; a bare `-o NAME` means
    /// `NAME=true`; `sylvan games` lists each game's options.
    #[arg(short = 'o', long = "option", value_name = "NAME=VALUE")]
    options: Vec<String>,
}

#[derive(Args, Debug, Clone)]
struct PlayArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Your seat: 0-based, written `1` or `p1`.
    #[arg(short, long, default_value = "0")]
    seat: String,
    /// Bots for the other seats in seat order, comma-separated; one spec applies to all. Specs: random,
    /// heuristic, the levels easy, medium, hard (≤ 1 s a move), expert (≤ 5 s), ismcts:..., flatmc:..., paired:...
    #[arg(short, long, default_value = "heuristic")]
    bots: String,
    /// Seed of the deal (and of the bots) [default: from the clock, printed at the start].
    #[arg(long)]
    seed: Option<u64>,
    /// Write the game record (JSON) to this file when the game ends, on `quit`, or at end of input.
    #[arg(short, long, value_name = "FILE")]
    record: Option<PathBuf>,
    /// Print each search bot decision's statistics (iterations/s, determinizations/s, tree size) on stderr.
    #[arg(short, long)]
    verbose: bool,
    /// Language of the screen, card texts and events: `en`, `fr`, or the pseudo-locale `en-XA`
    /// (accented, lengthened English: any plain English left is a string outside the catalogs)
    /// [default: from `LC_ALL`, `LC_MESSAGES` or `LANG`, else `en`]. Colour is on when standard output
    /// is a terminal and `NO_COLOR` is not set.
    #[arg(long, default_value_t = words::env_locale(), hide_default_value = true, value_name = "en|fr|en-XA")]
    lang: sylvan_engine::Locale,
}

#[derive(Args, Debug, Clone)]
struct SimArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Number of games.
    #[arg(short = 'n', long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=games::MAX_GAMES))]
    games: u64,
    /// Bots in seat order, comma-separated; one spec applies to every seat. Specs: random, heuristic,
    /// the levels easy, medium, hard (≤ 1 s a move), expert (≤ 5 s), ismcts:..., flatmc:..., paired:...
    #[arg(short, long, default_value = "random")]
    bots: String,
    /// Base seed: game i is dealt from seed+i, and its bots are seeded from (seed, i, seat).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Worker threads [default: the number of cores]. Results do not depend on it.
    #[arg(short, long, value_parser = clap::value_parser!(u64).range(1..))]
    threads: Option<u64>,
    /// Print one JSON object on stdout (and no progress bar).
    #[arg(long)]
    json: bool,
    /// Print one line per bot decision on stderr: game, move, seat, bot, and for search bots the
    /// iterations, time, iterations/s, determinizations/s and tree size of that decision.
    #[arg(short, long)]
    verbose: bool,
    #[command(flatten)]
    lang: LangArg,
}

#[derive(Args, Debug, Clone)]
struct ReplayArgs {
    /// The record file (JSON, as written by `sylvan play --record`).
    file: PathBuf,
    /// Show only this seat's view (`1` or `p1`) instead of every seat's.
    #[arg(long, value_name = "SEAT")]
    view: Option<String>,
    /// Replay only the first K actions (the stated scores are then not checked).
    #[arg(long, value_name = "K")]
    upto: Option<usize>,
    /// Print JSON: the status, scores and the final state (or, with --view, that view).
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    lang: LangArg,
}

#[derive(Args, Debug, Clone)]
struct BenchArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Number of playouts.
    #[arg(short = 'n', long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=games::MAX_GAMES))]
    games: u64,
    /// Base seed: playout i is dealt from seed+i.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Print one JSON object on stdout.
    #[arg(long)]
    json: bool,
    /// Also time the same playouts through the erased game (`DynGame`, what the server and Python use)
    /// and print both, with the erased path's slowdown.
    #[arg(long = "dyn")]
    erased: bool,
    /// Time this bot's decisions instead (e.g. `ismcts:iters=2000`): iterations/s, determinizations/s,
    /// tree size; `-n` is then the number of decisions, sampled from random games.
    #[arg(long, value_name = "SPEC")]
    bot: Option<String>,
    #[command(flatten)]
    figure: games::FigureArgs,
    #[command(flatten)]
    lang: LangArg,
}

/// The commands that take [`GameArgs`], which get the shorthand flags.
const GAME_COMMANDS: [&str; 6] = ["play", "sim", "bench", "tournament", "create", "balance"];

/// The command line with every shorthand flag of the registry's games added to the game commands.
fn with_shorthands(mut cmd: clap::Command, flags: &[Shorthand]) -> clap::Command {
    for sub in GAME_COMMANDS {
        cmd = cmd.mut_subcommand(sub, |mut c| {
            for s in flags {
                let games: Vec<&str> = games::registry()
                    .all()
                    .filter(|e| e.shorthands().iter().any(|x| x.flag == s.flag))
                    .map(|e| e.name())
                    .collect();
                let help = match s.value {
                    Some(v) => format!("Shorthand for `-o {}={v}` ({}: {})", s.option, games.join(", "), s.help),
                    None => format!("Shorthand for `-o {}=VALUE` ({}: {})", s.option, games.join(", "), s.help),
                };
                let arg = Arg::new(s.flag).long(s.flag).help(help);
                c = c.arg(match s.value {
                    Some(_) => arg.action(ArgAction::SetTrue),
                    None => arg.action(ArgAction::Set).value_name("VALUE"),
                });
            }
            c
        });
    }
    cmd
}

/// The `NAME=VALUE` options the shorthand flags given to the game command stand for.
fn shorthand_options(matches: &ArgMatches, flags: &[Shorthand]) -> Vec<String> {
    let Some((_, sub)) = matches.subcommand() else { return Vec::new() };
    let mut out = Vec::new();
    for s in flags {
        match s.value {
            Some(_) => {
                if sub.try_get_one::<bool>(s.flag).ok().flatten().copied().unwrap_or(false) {
                    out.push(s.expand(""));
                }
            }
            None => {
                if let Ok(Some(v)) = sub.try_get_one::<String>(s.flag) {
                    out.push(s.expand(v));
                }
            }
        }
    }
    out
}

impl Command {
    /// The language the command speaks (its error line included): its `--lang`, else the environment's.
    fn locale(&self) -> sylvan_engine::Locale {
        match self {
            Command::Games { lang, .. } => lang.locale,
            Command::Play(a) => a.lang,
            Command::Sim(a) => a.lang.locale,
            Command::Replay(a) => a.lang.locale,
            Command::Analyze(a) => a.locale(),
            Command::Cards(a) => a.locale(),
            Command::Tournament(a) => a.locale(),
            Command::Balance(a) => a.locale(),
            Command::Join(a) => a.lang,
            Command::Bench(a) => a.lang.locale,
            Command::Ladder(a) => a.locale(),
            Command::Serve(a) => a.locale(),
            Command::Create(a) => a.locale(),
        }
    }
}

fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Games { json, lang } => list::games(json, lang.locale),
        Command::Play(args) => play::run(&args),
        Command::Sim(args) => sim::run(&args),
        Command::Replay(args) => replay::replay(&args),
        Command::Analyze(args) => analyze::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::Cards(args) => cards::run(&args),
        Command::Tournament(args) => tournament::run(&args),
        Command::Balance(args) => balance::run(&args),
        Command::Ladder(args) => ladder::run(&args),
        Command::Serve(args) => serve::serve(&args),
        Command::Create(args) => serve::create(&args),
        Command::Join(args) => serve::join(&args),
    }
}

/// The longest error line printed, in characters.
const MAX_ERROR: usize = 2000;

fn main() -> ExitCode {
    let flags = games::registry().shorthands();
    let matches = with_shorthands(Cli::command(), &flags).get_matches();
    let mut cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    let extra = shorthand_options(&matches, &flags);
    match &mut cli.command {
        Command::Play(a) => a.game.options.extend(extra),
        Command::Sim(a) => a.game.options.extend(extra),
        Command::Bench(a) => a.game.options.extend(extra),
        Command::Tournament(a) => a.game_args_mut().options.extend(extra),
        Command::Balance(a) => a.game_args_mut().options.extend(extra),
        Command::Create(a) => a.game.options.extend(extra),
        _ => {}
    }
    let locale = cli.command.locale();
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            // Bounded and escaped: errors may quote user input (issue 38).
            let error = sylvan_engine::carddata::printable(&games::error_text(&e), MAX_ERROR);
            eprintln!("{}", words::t(locale, "error-line", sylvan_words::args!(error = error)));
            ExitCode::from(2)
        }
    }
}
