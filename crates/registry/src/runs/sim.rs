//! Many games between bots (`sylvan sim`): game i is dealt from `seed + i` and its bots are seeded from
//! (seed, i, seat). Chunks of [`CHUNK`] games give [`SimTotals`]; their sum, in chunk order, gives the
//! [`SimSummary`] and its JSON report, so the numbers do not depend on how the chunks were spread.

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use sylvan_bots::{BotSpec, DynBot, DynDecision, bot_seed, play_dyn};
use sylvan_engine::Seat;

use super::RunError;
use crate::Entry;

/// Games per chunk of work.
pub const CHUNK: u64 = 16;

/// Totals over some games.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SimTotals {
    /// Games played.
    pub games: u64,
    /// Moves played.
    pub moves: u64,
    /// The shortest game, in moves (`u64::MAX` before any game).
    pub min_moves: u64,
    /// The longest game, in moves.
    pub max_moves: u64,
    /// Wins per seat, a shared win among k seats counting 1/k each.
    pub wins: Vec<f64>,
    /// The sum of each seat's scores.
    pub scores: Vec<f64>,
}

impl SimTotals {
    /// No games yet, at a table of `seats`.
    pub fn new(seats: usize) -> SimTotals {
        SimTotals { min_moves: u64::MAX, wins: vec![0.0; seats], scores: vec![0.0; seats], ..SimTotals::default() }
    }

    /// Adds the totals of other games.
    pub fn add(&mut self, other: &SimTotals) {
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

/// Plays games `first..last` of a run with base seed `seed`, one bot per seat from `specs`; `observe`
/// sees each decision with its game number.
pub fn run_chunk(
    entry: &Entry,
    options: &Value,
    specs: &[BotSpec],
    seed: u64,
    (first, last): (u64, u64),
    mut observe: impl FnMut(u64, DynDecision<'_>),
) -> Result<SimTotals, RunError> {
    let mut totals = SimTotals::new(specs.len());
    for i in first..last {
        let game_seed = seed.wrapping_add(i);
        let fail = |e: &dyn std::fmt::Display| RunError(format!("game {i} (seed {game_seed}): {e}"));
        let mut game = entry.game().new_game(options, game_seed).map_err(|e| fail(&e))?;
        game.keep_events(false);
        let mut bots: Vec<Box<dyn DynBot>> = specs
            .iter()
            .enumerate()
            .map(|(s, spec)| entry.bot(spec, bot_seed(seed, i, s)))
            .collect::<Result<_, _>>()
            .map_err(|e| RunError(e.to_string()))?;
        play_dyn(&mut *game, &mut bots, |d| observe(i, d)).map_err(|e| fail(&e))?;
        let moves = game.move_number() as u64;
        totals.games += 1;
        totals.moves += moves;
        totals.min_moves = totals.min_moves.min(moves);
        totals.max_moves = totals.max_moves.max(moves);
        if let Some(outcome) = game.outcome() {
            let winners = outcome.winners();
            for w in winners.iter() {
                if let Some(x) = totals.wins.get_mut(w.index()) {
                    *x += 1.0 / winners.len() as f64;
                }
            }
        }
        for (a, b) in totals.scores.iter_mut().zip(game.scores()) {
            *a += b;
        }
    }
    Ok(totals)
}

/// The numbers of a finished run.
#[derive(Clone, Debug, PartialEq)]
pub struct SimSummary {
    /// The totals of every game.
    pub total: SimTotals,
    /// Each seat's share of the games won.
    pub win_rates: Vec<f64>,
    /// Each seat's mean score.
    pub mean_scores: Vec<f64>,
    /// Per distinct bot, in order of first appearance: its spec, wins and seat-games played.
    pub by_bot: Vec<(String, f64, f64)>,
    /// Mean moves per game.
    pub mean_moves: f64,
    /// The seats the game plays itself (the solo Robot), credited to no bot.
    pub automated: Vec<bool>,
}

fn rate(w: f64, n: f64) -> f64 {
    if n > 0.0 { w / n } else { 0.0 }
}

impl SimSummary {
    /// Sums the chunks' totals in order, at a table of `specs.len()` seats.
    pub fn new(specs: &[BotSpec], chunks: &[SimTotals]) -> SimSummary {
        SimSummary::at_table(specs, &[], chunks)
    }

    /// As [`new`](SimSummary::new), at a table whose seats `automated` says the game plays itself (the
    /// solo Robot): the spec listed for such a seat holds its place and is credited with nothing.
    pub fn at_table(specs: &[BotSpec], automated: &[bool], chunks: &[SimTotals]) -> SimSummary {
        let mut total = SimTotals::new(specs.len());
        for t in chunks {
            total.add(t);
        }
        let games = total.games as f64;
        let mean_scores: Vec<f64> = total.scores.iter().map(|s| s / games).collect();
        let win_rates: Vec<f64> = total.wins.iter().map(|w| rate(*w, games)).collect();
        let mut by_bot: Vec<(String, f64, f64)> = Vec::new();
        for (s, spec) in specs.iter().enumerate() {
            if automated.get(s).copied().unwrap_or(false) {
                continue;
            }
            let name = spec.to_string();
            let won = total.wins.get(s).copied().unwrap_or(0.0);
            match by_bot.iter_mut().find(|(n, _, _)| *n == name) {
                Some(entry) => {
                    entry.1 += won;
                    entry.2 += games;
                }
                None => by_bot.push((name, won, games)),
            }
        }
        let mean_moves = total.moves as f64 / games;
        SimSummary { total, win_rates, mean_scores, by_bot, mean_moves, automated: automated.to_vec() }
    }

    /// The report: what `sylvan sim --json` prints. `seconds` is the wall time of the run, `threads`
    /// its worker count (the only two numbers that depend on how it was run, with the rates derived
    /// from `seconds`).
    pub fn to_json(&self, game: &str, seed: u64, specs: &[BotSpec], threads: u64, seconds: f64) -> Value {
        let total = &self.total;
        let elapsed = seconds.max(1e-9);
        let wins_by_bot: serde_json::Map<String, Value> =
            self.by_bot.iter().map(|(n, w, _)| (n.clone(), json!(w))).collect();
        let win_rate_by_bot: serde_json::Map<String, Value> =
            self.by_bot.iter().map(|(n, w, p)| (n.clone(), json!(rate(*w, *p)))).collect();
        json!({
            "game": game,
            "players": specs.len(),
            "games": total.games,
            "seed": seed,
            "threads": threads,
            "bots": specs
                .iter()
                .enumerate()
                .map(|(s, b)| if self.automated.get(s).copied().unwrap_or(false) { "automated".to_owned() } else { b.to_string() })
                .collect::<Vec<_>>(),
            "wins_by_seat": total.wins,
            "win_rate_by_seat": self.win_rates,
            "wins_by_bot": wins_by_bot,
            "win_rate_by_bot": win_rate_by_bot,
            "mean_score_by_seat": self.mean_scores,
            "mean_moves": self.mean_moves,
            "min_moves": total.min_moves,
            "max_moves": total.max_moves,
            "moves": total.moves,
            "seconds": elapsed,
            "games_per_sec": total.games as f64 / elapsed,
            "moves_per_sec": total.moves as f64 / elapsed,
        })
    }
}

/// The seats of a game between `specs` (one per seat), as `p0 random`, naming who plays a seat the
/// game plays itself.
pub fn seat_names(game: &dyn sylvan_engine::erased::DynGame, specs: &[BotSpec]) -> Vec<String> {
    specs
        .iter()
        .enumerate()
        .map(|(s, b)| match game.automated_seat(Seat(s as u8)) {
            Some(who) => {
                format!(
                    "p{s} {}",
                    game.message_text(&who, sylvan_engine::Locale::En).unwrap_or_else(|| who.id.to_owned())
                )
            }
            None => format!("p{s} {b}"),
        })
        .collect()
}
