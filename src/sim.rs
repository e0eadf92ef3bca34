//! `sylvan sim`: many games between bots, split across threads.
//!
//! Games are cut into fixed chunks handed to the threads as they free up; each chunk's totals are kept
//! apart and summed in chunk order at the end, so the results do not depend on the number of threads.

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Result, anyhow};
use serde_json::{Value, json};
use sylvan_bots::{BotSpec, DynBot, bot_seed, play_dyn};
use sylvan_engine::Seat;
use sylvan_registry::Entry;

use crate::SimArgs;
use crate::games::{self, num, per_seat};

/// Games per chunk of work.
const CHUNK: u64 = 16;

/// Totals over some games.
#[derive(Clone, Debug, Default)]
struct Totals {
    games: u64,
    moves: u64,
    min_moves: u64,
    max_moves: u64,
    /// Wins per seat, a shared win among k seats counting 1/k each.
    wins: Vec<f64>,
    scores: Vec<f64>,
}

impl Totals {
    fn new(seats: usize) -> Totals {
        Totals { min_moves: u64::MAX, wins: vec![0.0; seats], scores: vec![0.0; seats], ..Totals::default() }
    }

    fn add(&mut self, other: &Totals) {
        self.games += other.games;
        self.moves += other.moves;
        self.min_moves = self.min_moves.min(other.min_moves);
        self.max_moves = self.max_moves.max(other.max_moves);
        for (a, b) in self.wins.iter_mut().zip(&other.wins) {
            *a += b;
        }
        for (a, b) in self.scores.iter_mut().zip(&other.scores) {
            *a += b;
        }
    }
}

/// Plays games `first..last` of the run.
fn run_chunk(
    entry: &Entry,
    options: &Value,
    specs: &[BotSpec],
    seed: u64,
    first: u64,
    last: u64,
    verbose: bool,
) -> Result<Totals> {
    let mut totals = Totals::new(specs.len());
    for i in first..last {
        let game_seed = seed.wrapping_add(i);
        let mut game =
            entry.game().new_game(options, game_seed).map_err(|e| anyhow!("game {i} (seed {game_seed}): {e}"))?;
        game.keep_events(false);
        let mut bots: Vec<Box<dyn DynBot>> = specs
            .iter()
            .enumerate()
            .map(|(s, spec)| entry.bot(spec, bot_seed(seed, i, s)))
            .collect::<Result<_, _>>()?;
        play_dyn(&mut *game, &mut bots, |d| {
            if verbose {
                let stats = d.bot.last_search().map(|s| format!(" ({s})")).unwrap_or_default();
                eprintln!(
                    "game {i} move {} {} {} [{} legal]: {}{stats}",
                    d.move_number,
                    d.seat,
                    d.bot.name(),
                    d.legal,
                    d.action
                );
            }
        })
        .map_err(|e| anyhow!("game {i} (seed {game_seed}): {e}"))?;
        let moves = game.move_number() as u64;
        totals.games += 1;
        totals.moves += moves;
        totals.min_moves = totals.min_moves.min(moves);
        totals.max_moves = totals.max_moves.max(moves);
        if let Some(outcome) = game.outcome() {
            let winners = outcome.winners();
            for w in winners.iter() {
                totals.wins[w.index()] += 1.0 / winners.len() as f64;
            }
        }
        for (a, b) in totals.scores.iter_mut().zip(game.scores()) {
            *a += b;
        }
    }
    Ok(totals)
}

/// Runs `sylvan sim`.
pub fn run(args: &SimArgs) -> Result<ExitCode> {
    let (entry, options) = games::game_and_options(&args.game)?;
    // Validates the options (and the first deal) before starting threads.
    let probe = entry.game().new_game(&options, args.seed).map_err(|e| anyhow!("{}: {e}", entry.name()))?;
    let seats = probe.num_seats();
    let specs = games::bot_specs(entry, &args.bots, seats, "seats")?;
    let threads = games::worker_threads(args.threads, args.games, CHUNK);
    let bar = games::progress_bar(args.games, args.json || args.verbose);
    let start = Instant::now();
    let results = games::run_chunks(args.games, CHUNK, threads, "simulation", |first, last| {
        let t = run_chunk(entry, &options, &specs, args.seed, first, last, args.verbose)?;
        bar.inc(last - first);
        Ok(t)
    });
    bar.finish_and_clear();
    let results = results?;
    let elapsed = start.elapsed().as_secs_f64().max(1e-9);

    let mut total = Totals::new(seats);
    for t in &results {
        total.add(t);
    }
    let games = total.games as f64;
    let rate = |w: f64, n: f64| if n > 0.0 { w / n } else { 0.0 };
    let mean_scores: Vec<f64> = total.scores.iter().map(|s| s / games).collect();
    let win_rates: Vec<f64> = total.wins.iter().map(|w| rate(*w, games)).collect();
    // Per bot: wins and seats played, in order of first appearance.
    let mut by_bot: Vec<(String, f64, f64)> = Vec::new();
    for (s, spec) in specs.iter().enumerate() {
        let name = spec.to_string();
        match by_bot.iter_mut().find(|(n, _, _)| *n == name) {
            Some(entry) => {
                entry.1 += total.wins[s];
                entry.2 += games;
            }
            None => by_bot.push((name, total.wins[s], games)),
        }
    }
    let mean_moves = total.moves as f64 / games;
    let games_per_sec = games / elapsed;
    let moves_per_sec = total.moves as f64 / elapsed;

    let mut out = std::io::stdout().lock();
    if args.json {
        let wins_by_bot: serde_json::Map<String, serde_json::Value> =
            by_bot.iter().map(|(n, w, _)| (n.clone(), json!(w))).collect();
        let win_rate_by_bot: serde_json::Map<String, serde_json::Value> =
            by_bot.iter().map(|(n, w, p)| (n.clone(), json!(rate(*w, *p)))).collect();
        let report = json!({
            "game": entry.name(),
            "players": seats,
            "games": total.games,
            "seed": args.seed,
            "threads": threads,
            "bots": specs.iter().map(ToString::to_string).collect::<Vec<_>>(),
            "wins_by_seat": total.wins,
            "win_rate_by_seat": win_rates,
            "wins_by_bot": wins_by_bot,
            "win_rate_by_bot": win_rate_by_bot,
            "mean_score_by_seat": mean_scores,
            "mean_moves": mean_moves,
            "min_moves": total.min_moves,
            "max_moves": total.max_moves,
            "moves": total.moves,
            "seconds": elapsed,
            "games_per_sec": games_per_sec,
            "moves_per_sec": moves_per_sec,
        });
        writeln!(out, "{report}")?;
        return Ok(ExitCode::SUCCESS);
    }
    let bots: Vec<String> = specs
        .iter()
        .enumerate()
        .map(|(s, b)| match probe.automated_seat(Seat(s as u8)) {
            Some(who) => format!("p{s} {who}"),
            None => format!("p{s} {b}"),
        })
        .collect();
    writeln!(
        out,
        "{}: {} games, {seats} players, seed {}, {threads} thread(s); {}",
        entry.name(),
        total.games,
        args.seed,
        bots.join(", ")
    )?;
    let seat_wins: Vec<String> = total
        .wins
        .iter()
        .zip(&win_rates)
        .enumerate()
        .map(|(s, (w, r))| format!("p{s} {} ({:.1}%)", num(*w), 100.0 * r))
        .collect();
    writeln!(out, "wins by seat:   {}", seat_wins.join(" · "))?;
    let bot_wins: Vec<String> = by_bot
        .iter()
        .map(|(n, w, p)| format!("{n} {} of {} seat-games ({:.1}%)", num(*w), num(*p), 100.0 * rate(*w, *p)))
        .collect();
    writeln!(out, "wins by bot:    {}", bot_wins.join(" · "))?;
    writeln!(out, "mean score:     {}", per_seat(&mean_scores))?;
    writeln!(out, "moves per game: {} (min {}, max {})", num(mean_moves), total.min_moves, total.max_moves)?;
    writeln!(out, "speed:          {games_per_sec:.1} games/s, {moves_per_sec:.0} moves/s ({elapsed:.2} s)")?;
    Ok(ExitCode::SUCCESS)
}
