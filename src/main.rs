//! `sylvan`: play, simulate, replay and benchmark Sylvan games from the command line.
//!
//! Exit codes: 0 success; 1 an interactive game abandoned at end of input without `--record`;
//! 2 any error (unknown game or bot, bad player count, unreadable or invalid file, usage error).

mod bench;
mod cards;
mod games;
mod list;
mod play;
mod replay;
mod report;
mod sim;
mod tournament;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

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
    },
    /// Play a game in the terminal against bots.
    Play(PlayArgs),
    /// Play many games between bots and report wins, scores and speed.
    Sim(SimArgs),
    /// Replay a game record, check it, and show the final position and scores.
    Replay(ReplayArgs),
    /// Time random playouts on one thread (engine speed).
    Bench(BenchArgs),
    /// List a game's card database with provenances, or check a card file.
    Cards(cards::CardsArgs),
    /// Bots against each other with rotating seats: win-rate matrix, ratings, report with plots.
    Tournament(tournament::TournamentArgs),
}

/// The game and its options, shared by `play`, `sim` and `bench`.
#[derive(Args, Debug, Clone)]
struct GameArgs {
    /// The game (see `sylvan games`).
    game: String,
    /// Number of players [default: the game's minimum].
    #[arg(short, long)]
    players: Option<usize>,
    /// Set a game option (repeatable), e.g. `-o ancestors=2` for equinox; `sylvan games` lists each game's.
    #[arg(short = 'o', long = "option", value_name = "NAME=VALUE")]
    options: Vec<String>,
    /// Shorthand for `-o solo=true` (the spirit duel against its Robot).
    #[arg(long)]
    solo: bool,
    /// Shorthand for `-o team=TEAM` (the spirit duel: `a` or `b`, the team of seat p0).
    #[arg(long, value_name = "TEAM")]
    team: Option<String>,
    /// Shorthand for `-o teams=true` (Command of Nature, two teams of two).
    #[arg(long)]
    teams: bool,
    /// Shorthand for `-o cards=FILE`: play with a corrected or extended card file (check it first with
    /// `sylvan cards check FILE`).
    #[arg(long, value_name = "FILE")]
    cards: Option<PathBuf>,
}

impl GameArgs {
    /// The `-o` options with the shorthand flags added (a game without such an option rejects them).
    fn all_options(&self) -> Vec<String> {
        let mut all = self.options.clone();
        if self.solo {
            all.push("solo=true".to_owned());
        }
        if let Some(team) = &self.team {
            all.push(format!("team={team}"));
        }
        if self.teams {
            all.push("teams=true".to_owned());
        }
        if let Some(path) = &self.cards {
            all.push(format!("cards={}", path.display()));
        }
        all
    }
}

#[derive(Args, Debug, Clone)]
struct PlayArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Your seat: 0-based, written `1` or `p1`.
    #[arg(short, long, default_value = "0")]
    seat: String,
    /// Bots for the other seats in seat order, comma-separated; one spec applies to all.
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
}

#[derive(Args, Debug, Clone)]
struct SimArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Number of games.
    #[arg(short = 'n', long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=crate::games::MAX_GAMES))]
    games: u64,
    /// Bots in seat order, comma-separated; one spec applies to every seat.
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
}

#[derive(Args, Debug, Clone)]
struct BenchArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Number of playouts.
    #[arg(short = 'n', long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=crate::games::MAX_GAMES))]
    games: u64,
    /// Base seed: playout i is dealt from seed+i.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Print one JSON object on stdout.
    #[arg(long)]
    json: bool,
    /// Time this bot's decisions instead (e.g. `ismcts:iters=2000`): iterations/s, determinizations/s,
    /// tree size; `-n` is then the number of decisions, sampled from random games.
    #[arg(long, value_name = "SPEC")]
    bot: Option<String>,
}

fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Games { json } => list::games(json),
        Command::Play(args) => games::dispatch(&args.game.game.clone(), args),
        Command::Sim(args) => games::dispatch(&args.game.game.clone(), args),
        Command::Replay(args) => replay::replay(&args),
        Command::Bench(args) => games::dispatch(&args.game.game.clone(), args),
        Command::Cards(args) => cards::run(&args),
        Command::Tournament(args) => games::dispatch(&args.game_name(), args),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {}", games::error_text(&e));
            ExitCode::from(2)
        }
    }
}
