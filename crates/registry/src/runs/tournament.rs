//! Bots against each other with rotating seats (`sylvan tournament`): the schedule, one chunk of games,
//! and the report (win-rate matrix with 95% intervals, Bradley–Terry ratings on the Elo scale with
//! bootstrap intervals, seat and length statistics, search instrumentation, designer statistics).
//!
//! **Schedule.** With K bots at P seats, the line-ups are every set of P distinct bots (K ≥ P), or the
//! bots repeated in order to fill the table (K < P). Games come in blocks of P: block b plays line-up
//! `b mod L` on one deal (seed `seed + b`) P times, rotating the line-up one seat each time, so every bot
//! plays every seat equally on the same cards when the number of games is a multiple of P × L. Bot seeds
//! come from (seed, game, seat). Results are gathered per game and summed in game order, so they do not
//! depend on how the games were spread over threads or machines (with iteration budgets).
//!
//! **Pairwise results.** In every game, each pair of seats held by different bots counts once: 1 for the
//! seat with the greater return, ½ each on equal returns. Win rates carry Wilson 95% intervals. Ratings
//! are Bradley–Terry strengths fitted to these pairwise results (Hunter's MM algorithm, with one drawn
//! pseudo-game per pair so that a clean sweep stays finite), written on the Elo scale (400·log10, mean 0);
//! their 95% intervals are the 2.5% and 97.5% quantiles over 200 Poisson-bootstrap replicates of the
//! games. The games are folded into [`Totals`] as they finish, so memory stays flat in the number of
//! games.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use sylvan_bots::{BotSpec, DynBot, SearchStats, bot_seed, play_dyn};
use sylvan_engine::analytics::DesignerTally;

use super::RunError;
use crate::Entry;

/// Games per unit of work handed to a thread.
pub const CHUNK: u64 = 2;
/// Bootstrap replicates for the rating intervals.
pub const BOOTSTRAP: usize = 200;

/// What a search bot did in one game ([`SearchStats`], as plain data).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Search {
    decisions: u64,
    searched: u64,
    iterations: u64,
    determinizations: u64,
    nodes: u64,
    seconds: f64,
}

impl From<SearchStats> for Search {
    fn from(s: SearchStats) -> Search {
        Search {
            decisions: s.decisions,
            searched: s.searched,
            iterations: s.iterations,
            determinizations: s.determinizations,
            nodes: s.nodes,
            seconds: s.seconds,
        }
    }
}

impl From<Search> for SearchStats {
    fn from(s: Search) -> SearchStats {
        SearchStats {
            decisions: s.decisions,
            searched: s.searched,
            iterations: s.iterations,
            determinizations: s.determinizations,
            nodes: s.nodes,
            seconds: s.seconds,
        }
    }
}

/// One game's outcome.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameResult {
    /// The bot (index into the spec list) at each seat; `None` at a seat the game plays itself (the
    /// solo Robot), which no bot is credited with (issue 38).
    bots: Vec<Option<usize>>,
    returns: Vec<f64>,
    scores: Vec<f64>,
    moves: u64,
    /// Search statistics per seat (for search bots).
    search: Vec<Option<Search>>,
}

/// The games of one chunk, in order, and their designer statistics.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Chunk {
    /// Each game's outcome.
    pub games: Vec<GameResult>,
    /// The designer statistics of these games.
    pub designer: DesignerTally,
}

/// Who plays a tournament: the bots, checked, and the line-ups at a table of `players`.
#[derive(Clone, Debug, PartialEq)]
pub struct Schedule {
    /// The bots.
    pub specs: Vec<BotSpec>,
    /// The number of seats.
    pub players: usize,
    /// The seats the game plays itself (the solo Robot): no bot sits there.
    automated: Vec<bool>,
    lineups: Vec<Vec<usize>>,
}

impl Schedule {
    /// The schedule of `specs` (each bot once, each buildable for the game) at a table of `players`.
    pub fn new(entry: &Entry, specs: Vec<BotSpec>, players: usize) -> Result<Schedule, RunError> {
        Schedule::at_table(entry, specs, vec![false; players])
    }

    /// The schedule of `specs` at a table whose seats `automated` says the game plays itself (the solo
    /// Robot): the line-ups fill the other seats only, so bots meet only bots they played with.
    pub fn at_table(entry: &Entry, specs: Vec<BotSpec>, automated: Vec<bool>) -> Result<Schedule, RunError> {
        let players = automated.len();
        let free = automated.iter().filter(|a| !**a).count();
        if specs.is_empty() || free == 0 {
            return Err(RunError("a tournament needs at least one bot and one seat".to_owned()));
        }
        entry.check_bots(&specs).map_err(|e| RunError(e.to_string()))?;
        let names: Vec<String> = specs.iter().map(ToString::to_string).collect();
        for (i, n) in names.iter().enumerate() {
            if names[..i].contains(n) {
                return Err(RunError(format!("`{n}` is listed twice (each bot once; the schedule fills the seats)")));
            }
        }
        let lineups = lineups(specs.len(), free);
        Ok(Schedule { specs, players, automated, lineups })
    }

    /// The number of line-ups.
    pub fn lineups(&self) -> usize {
        self.lineups.len()
    }

    /// The number of games after which every bot played every seat equally: seats × line-ups.
    pub fn period(&self) -> u64 {
        (self.free() * self.lineups.len()) as u64
    }

    /// The number of seats bots play.
    fn free(&self) -> usize {
        self.automated.iter().filter(|a| !**a).count()
    }

    /// The bot at each seat of game `g` of a run with base seed `seed` (`None` at a seat the game plays
    /// itself, the solo Robot), and the game's deal seed: the line-ups rotate over the seats bots play,
    /// so the rotation never indexes past a line-up. `sylvan tournament` and `sylvan balance` both seat
    /// their games with it.
    pub fn table(&self, seed: u64, g: u64) -> (Vec<Option<usize>>, u64) {
        let (free, deal) = table(&self.lineups, self.free(), seed, g);
        let mut free = free.into_iter();
        (self.automated.iter().map(|&a| if a { None } else { free.next() }).collect(), deal)
    }

    /// The bots' specs as text.
    pub fn names(&self) -> Vec<String> {
        self.specs.iter().map(ToString::to_string).collect()
    }

    /// Plays games `first..last` of a tournament with base seed `seed`; `done` is called after each game.
    pub fn run_chunk(
        &self,
        entry: &Entry,
        options: &Value,
        seed: u64,
        (first, last): (u64, u64),
        mut done: impl FnMut(),
    ) -> Result<Chunk, RunError> {
        let mut chunk = Chunk { games: Vec::with_capacity(last.saturating_sub(first) as usize), ..Chunk::default() };
        for g in first..last {
            let (seats, deal) = self.table(seed, g);
            let game = Game { seats, deal, seed, number: g };
            chunk.games.push(play_one(entry, options, &self.specs, game, &mut chunk.designer)?);
            done();
        }
        Ok(chunk)
    }
}

/// The line-ups: every set of `players` distinct bots, or the bots repeated to fill the table.
fn lineups(k: usize, players: usize) -> Vec<Vec<usize>> {
    if k < players {
        return vec![(0..players).map(|s| s % k).collect()];
    }
    let mut out = Vec::new();
    let mut comb: Vec<usize> = (0..players).collect();
    loop {
        out.push(comb.clone());
        // Next combination in lexicographic order.
        let mut i = players;
        while i > 0 && comb[i - 1] == k - players + i - 1 {
            i -= 1;
        }
        if i == 0 {
            return out;
        }
        comb[i - 1] += 1;
        for j in i..players {
            comb[j] = comb[j - 1] + 1;
        }
    }
}

/// The bot at each seat of game `g`, and the game's deal seed.
fn table(lineups: &[Vec<usize>], players: usize, seed: u64, g: u64) -> (Vec<usize>, u64) {
    let p = players as u64;
    let block = g / p;
    let rot = (g % p) as usize;
    let lineup = &lineups[(block % lineups.len() as u64) as usize];
    ((0..players).map(|s| lineup[(s + rot) % players]).collect(), seed.wrapping_add(block))
}

/// The `(seed, game, seat)` context of one tournament game.
struct Game {
    seats: Vec<Option<usize>>,
    deal: u64,
    seed: u64,
    number: u64,
}

fn play_one(
    entry: &Entry,
    options: &Value,
    specs: &[BotSpec],
    game: Game,
    tally: &mut DesignerTally,
) -> Result<GameResult, RunError> {
    let Game { seats, deal, seed, number: g } = game;
    let mut state =
        entry.game().new_game(options, deal).map_err(|e| RunError(format!("game {g} (deal seed {deal}): {e}")))?;
    state.keep_events(false);
    let mut bots: Vec<Box<dyn DynBot>> = seats
        .iter()
        .enumerate()
        // A seat the game plays itself never asks its bot: any bot holds the place.
        .map(|(s, b)| entry.bot(&specs[b.unwrap_or(0)], bot_seed(seed, g, s)))
        .collect::<Result<_, _>>()
        .map_err(|e| RunError(e.to_string()))?;
    play_dyn(&mut *state, &mut bots, |_| ()).map_err(|e| RunError(format!("game {g}: {e}")))?;
    if let Some(observed) = entry.designer(&state.record(), tally) {
        observed.map_err(|e| RunError(format!("game {g}: designer statistics: {e}")))?;
    }
    let returns = match state.outcome() {
        Some(o) => o.returns().to_vec(),
        None => vec![0.0; state.num_seats()],
    };
    Ok(GameResult {
        returns,
        scores: state.scores(),
        moves: state.move_number() as u64,
        search: bots.iter().map(|b| b.search_stats().map(Search::from)).collect(),
        bots: seats,
    })
}

/// The Wilson 95% interval of `wins` successes in `n` trials (ties count half).
pub(super) fn wilson(wins: f64, n: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054f64;
    let p = wins / n;
    let d = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / d;
    let half = z * ((p * (1.0 - p) / n + z * z / (4.0 * n * n)).max(0.0)).sqrt() / d;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Pairwise scores: `w[i][j]` points of bot i against bot j, `n[i][j]` pairings.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Pairwise {
    pub(super) w: Vec<Vec<f64>>,
    pub(super) n: Vec<Vec<f64>>,
}

impl Pairwise {
    pub(super) fn new(k: usize) -> Pairwise {
        Pairwise { w: vec![vec![0.0; k]; k], n: vec![vec![0.0; k]; k] }
    }

    fn add(&mut self, r: &GameResult) {
        self.add_game(&r.bots, &r.returns, 1.0);
    }

    /// Adds one game, weighing `weight` (a bootstrap weight, 1 otherwise): the bot at each seat (`None`
    /// where no bot sat) and each seat's return. Bots out of range and seats without a return are skipped.
    pub(super) fn add_game(&mut self, bots: &[Option<usize>], returns: &[f64], weight: f64) {
        let k = self.w.len();
        for (s, &bs) in bots.iter().enumerate() {
            for (t, &bt) in bots.iter().enumerate() {
                let (Some(i), Some(j), Some(rs), Some(rt)) = (bs, bt, returns.get(s), returns.get(t)) else { continue };
                if s == t || i == j || i >= k || j >= k {
                    continue;
                }
                self.n[i][j] += weight;
                self.w[i][j] += weight
                    * match rs.partial_cmp(rt) {
                        Some(std::cmp::Ordering::Greater) => 1.0,
                        Some(std::cmp::Ordering::Equal) => 0.5,
                        _ => 0.0,
                    };
            }
        }
    }

    /// Whether no two bots met.
    pub(super) fn is_empty(&self) -> bool {
        self.n.iter().flatten().all(|&x| x == 0.0)
    }

    /// Bradley–Terry ratings on the Elo scale (mean 0); bots that met nobody get 0.
    pub(super) fn ratings(&self) -> Vec<f64> {
        let k = self.w.len();
        let mut p = vec![1.0f64; k];
        for _ in 0..500 {
            let mut next = p.clone();
            for i in 0..k {
                let (mut wins, mut denom) = (0.0, 0.0);
                for j in 0..k {
                    if i == j || self.n[i][j] + self.n[j][i] == 0.0 {
                        continue;
                    }
                    // One drawn pseudo-game per pair keeps a clean sweep finite.
                    let games = (self.n[i][j] + self.n[j][i]) / 2.0 + 1.0;
                    wins += (self.w[i][j] + (self.n[j][i] - self.w[j][i])) / 2.0 + 0.5;
                    denom += games / (p[i] + p[j]);
                }
                if denom > 0.0 {
                    next[i] = wins / denom;
                }
            }
            let g = next.iter().map(|x| x.ln()).sum::<f64>() / k as f64;
            let mut change = 0.0f64;
            for i in 0..k {
                let v = (next[i].ln() - g).exp();
                change = change.max((v - p[i]).abs());
                p[i] = v;
            }
            if change < 1e-10 {
                break;
            }
        }
        p.iter().map(|x| 400.0 * x.log10()).collect()
    }
}

/// The pairwise win-rate matrix as the report writes it: `{wins, games, rate, ci}` per pair that met,
/// null elsewhere.
pub(super) fn matrix_json(pair: &Pairwise) -> Vec<Vec<Value>> {
    let k = pair.w.len();
    (0..k)
        .map(|i| {
            (0..k)
                .map(|j| {
                    let (w, n) = (pair.w[i][j], pair.n[i][j]);
                    if i == j || n == 0.0 {
                        Value::Null
                    } else {
                        let (lo, hi) = wilson(w, n);
                        json!({"wins": w, "games": n, "rate": w / n, "ci": [lo, hi]})
                    }
                })
                .collect()
        })
        .collect()
}

fn search_json(s: &SearchStats) -> Value {
    json!({
        "decisions": s.decisions,
        "searched_decisions": s.searched,
        "iterations": s.iterations,
        "determinizations": s.determinizations,
        "iterations_per_sec": s.iterations_per_sec(),
        "determinizations_per_sec": s.determinizations_per_sec(),
        "tree_nodes_per_decision": s.nodes_per_decision(),
        "iterations_per_decision": if s.searched > 0 { s.iterations as f64 / s.searched as f64 } else { 0.0 },
        "ms_per_decision": s.ms_per_decision(),
        "seconds": s.seconds,
    })
}

/// Every number of the tournament of `schedule` with base seed `seed`, from its chunks in order: the
/// JSON object `sylvan tournament --json` prints (its HTML report reads it too). `threads` and
/// `elapsed` (seconds) say how it was run; every other number depends only on the games. A chunk that
/// does not fit the schedule (a bot or seat out of range) is an error. The same as folding the chunks
/// into [`Totals`] one by one.
pub fn report(
    game: &str,
    schedule: &Schedule,
    seed: u64,
    threads: u64,
    elapsed: f64,
    chunks: &[Chunk],
) -> Result<Value, RunError> {
    let mut totals = Totals::new(schedule, seed);
    for chunk in chunks {
        totals.add(chunk)?;
    }
    Ok(totals.report(game, threads, elapsed))
}

/// Values counted by their place on a grid of 1/1024 (every game's scores and lengths lie on it), for
/// histograms whose memory grows with the range of the values, not their number.
#[derive(Clone, Debug, Default, PartialEq)]
struct Counts(BTreeMap<i64, u64>);

impl Counts {
    const GRID: f64 = 1024.0;

    fn add(&mut self, v: f64) {
        if v.is_finite() {
            *self.0.entry((v * Counts::GRID).round() as i64).or_default() += 1;
        }
    }

    /// `histogram` of the values counted.
    fn histogram(&self, bins: usize) -> Value {
        let (Some((&lo, _)), Some((&hi, _))) = (self.0.first_key_value(), self.0.last_key_value()) else {
            return json!({"lo": 0, "width": 1, "counts": []});
        };
        let lo = (lo as f64 / Counts::GRID).floor();
        let hi = (hi as f64 / Counts::GRID).floor() + 1.0;
        let width = ((hi - lo) / bins as f64).ceil().max(0.5);
        let n = ((hi - lo) / width).ceil().max(1.0) as usize;
        let mut counts = vec![0u64; n];
        for (&v, &c) in &self.0 {
            let b = (((v as f64 / Counts::GRID - lo) / width).floor() as usize).min(n - 1);
            counts[b] += c;
        }
        json!({"lo": lo, "width": width, "counts": counts})
    }
}

/// The running totals of a tournament, folded game by game in game order: memory grows with the bots,
/// the seats, the designer tables and the range of scores and lengths, never with the number of games
/// (issue 38). The rating intervals come from a Poisson bootstrap: game `g` weighs a Poisson(1) draw
/// from `(seed, g)` in each of the [`BOOTSTRAP`] replicates, each keeping its own weighted pairwise
/// matrix (as the balance lab does).
#[derive(Clone, Debug)]
pub struct Totals {
    seed: u64,
    names: Vec<String>,
    players: usize,
    played: u64,
    pair: Pairwise,
    reps: Vec<Pairwise>,
    games: Vec<u64>,
    wins: Vec<f64>,
    score_sum: Vec<f64>,
    scores: Vec<Counts>,
    seat_wins: Vec<Vec<f64>>,
    seat_games: Vec<Vec<u64>>,
    search: Vec<Option<SearchStats>>,
    /// Per seat, the returns of the games a bot played it, and how many those were.
    by_seat: Vec<f64>,
    by_seat_games: Vec<u64>,
    length_sum: f64,
    lengths: Counts,
    designer: DesignerTally,
}

impl Totals {
    /// No games yet, for the tournament of `schedule` with base seed `seed`.
    pub fn new(schedule: &Schedule, seed: u64) -> Totals {
        let names = schedule.names();
        let (k, players) = (names.len(), schedule.players);
        Totals {
            seed,
            players,
            played: 0,
            pair: Pairwise::new(k),
            reps: vec![Pairwise::new(k); BOOTSTRAP],
            games: vec![0; k],
            wins: vec![0.0; k],
            score_sum: vec![0.0; k],
            scores: vec![Counts::default(); k],
            seat_wins: vec![vec![0.0; players]; k],
            seat_games: vec![vec![0; players]; k],
            search: vec![None; k],
            by_seat: vec![0.0; players],
            by_seat_games: vec![0; players],
            length_sum: 0.0,
            lengths: Counts::default(),
            designer: DesignerTally::new(),
            names,
        }
    }

    /// Games folded in.
    pub fn games(&self) -> u64 {
        self.played
    }

    /// Folds in the next chunk of games (chunks in game order give results that do not depend on
    /// threads). A game that does not fit the schedule (a bot or seat out of range) is an error, and
    /// nothing of its chunk is folded in.
    pub fn add(&mut self, chunk: &Chunk) -> Result<(), RunError> {
        let (players, k) = (self.players, self.names.len());
        for r in &chunk.games {
            let fits = |n: usize| r.bots.len() == players && n == players;
            if !fits(r.returns.len()) || !fits(r.scores.len()) || !fits(r.search.len()) {
                return Err(RunError(format!("a game result for {} seats at a table of {players}", r.bots.len())));
            }
            if let Some(b) = r.bots.iter().flatten().find(|&&b| b >= k) {
                return Err(RunError(format!("a game result names bot {b} of {k}")));
            }
        }
        let mut w = [0.0; BOOTSTRAP];
        for r in &chunk.games {
            super::poisson_weights(self.seed ^ 0xb007_5742, self.played, &mut w);
            self.played += 1;
            self.pair.add(r);
            for (rep, &weight) in self.reps.iter_mut().zip(&w) {
                if weight > 0.0 {
                    rep.add_game(&r.bots, &r.returns, weight);
                }
            }
            self.length_sum += r.moves as f64;
            self.lengths.add(r.moves as f64);
            for (s, &b) in r.bots.iter().enumerate() {
                // A seat the game plays itself (the solo Robot) is credited to nobody: not to a bot,
                // not to the seat statistics.
                let Some(b) = b else { continue };
                self.by_seat[s] += r.returns[s];
                self.by_seat_games[s] += 1;
                self.games[b] += 1;
                self.wins[b] += r.returns[s];
                self.seat_wins[b][s] += r.returns[s];
                self.seat_games[b][s] += 1;
                self.score_sum[b] += r.scores[s];
                self.scores[b].add(r.scores[s]);
                if let Some(st) = r.search[s] {
                    self.search[b].get_or_insert_with(SearchStats::default).add(&SearchStats::from(st));
                }
            }
        }
        self.designer.merge(&chunk.designer);
        Ok(())
    }

    /// Every number of the games folded in, as [`report`] gives it, for the game called `game`.
    pub fn report(&self, game: &str, threads: u64, elapsed: f64) -> Value {
        let (k, players) = (self.names.len(), self.players);
        let ratings = self.pair.ratings();
        let mut samples: Vec<Vec<f64>> = vec![Vec::with_capacity(BOOTSTRAP); k];
        if self.played > 0 {
            for rep in &self.reps {
                for (i, r) in rep.ratings().into_iter().enumerate() {
                    samples[i].push(r);
                }
            }
        }
        let quantile = |v: &mut Vec<f64>, q: f64| {
            v.sort_by(f64::total_cmp);
            if v.is_empty() { 0.0 } else { v[((v.len() - 1) as f64 * q).round() as usize] }
        };
        let n_games = self.played as f64;
        let bots: Vec<Value> = (0..k)
            .map(|i| {
                let n = self.games[i] as f64;
                let (lo, hi) = wilson(self.wins[i], n);
                let mut s = samples[i].clone();
                json!({
                    "spec": self.names[i],
                    "games": self.games[i],
                    "wins": self.wins[i],
                    "win_rate": if n > 0.0 { self.wins[i] / n } else { 0.0 },
                    "win_rate_ci": [lo, hi],
                    "rating": ratings[i],
                    "rating_ci": [quantile(&mut s, 0.025), quantile(&mut s, 0.975)],
                    "mean_score": if n > 0.0 { self.score_sum[i] / n } else { 0.0 },
                    "score_histogram": self.scores[i].histogram(20),
                    "win_rate_by_seat": (0..players)
                        .map(|s| {
                            let g = self.seat_games[i][s];
                            if g > 0 { self.seat_wins[i][s] / g as f64 } else { 0.0 }
                        })
                        .collect::<Vec<_>>(),
                    "games_by_seat": self.seat_games[i],
                    "search": self.search[i].as_ref().map(search_json),
                })
            })
            .collect();
        let per_game = |x: f64| if n_games > 0.0 { x / n_games } else { 0.0 };
        // A seat's win rate over the games a bot played it; null at a seat no bot played.
        let seat_rate = |s: usize| match self.by_seat_games.get(s) {
            Some(&g) if g > 0 => json!(self.by_seat[s] / g as f64),
            _ => Value::Null,
        };
        let bound = |last: bool| {
            let key = if last { self.lengths.0.last_key_value() } else { self.lengths.0.first_key_value() };
            key.map(|(&v, _)| v as f64 / Counts::GRID)
        };
        json!({
            "game": game,
            "players": players,
            "games": self.played,
            "seed": self.seed,
            "threads": threads,
            "rating_model": "Bradley-Terry on pairwise results, Elo scale (400 log10), mean 0; 95% Poisson-bootstrap intervals",
            "bots": bots,
            "matrix": matrix_json(&self.pair),
            "first_seat_win_rate": seat_rate(0),
            "win_rate_by_seat": (0..players).map(seat_rate).collect::<Vec<_>>(),
            "mean_moves": per_game(self.length_sum),
            "min_moves": bound(false).unwrap_or(1e18),
            "max_moves": bound(true).unwrap_or(0.0),
            "length_histogram": self.lengths.histogram(30),
            "designer": if self.designer.games > 0 { serde_json::to_value(&self.designer).unwrap_or(Value::Null) } else { Value::Null },
            "seconds": elapsed,
        })
    }
}

/// The tournament's private arithmetic, public only for the crate's integration tests
/// (`tests/registry/runs.rs`): not part of the API.
#[doc(hidden)]
pub mod internals {
    pub fn lineups(k: usize, players: usize) -> Vec<Vec<usize>> {
        super::lineups(k, players)
    }

    pub fn table(lineups: &[Vec<usize>], players: usize, seed: u64, g: u64) -> (Vec<usize>, u64) {
        super::table(lineups, players, seed, g)
    }

    pub fn wilson(wins: f64, n: f64) -> (f64, f64) {
        super::wilson(wins, n)
    }

    /// The ratings of bots that scored `w[i][j]` points against each other in `n[i][j]` pairings.
    pub fn ratings(w: Vec<Vec<f64>>, n: Vec<Vec<f64>>) -> Vec<f64> {
        super::Pairwise { w, n }.ratings()
    }
}
