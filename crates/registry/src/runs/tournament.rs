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
//! their 95% intervals are the 2.5% and 97.5% quantiles over 200 bootstrap resamples of the games.

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use sylvan_bots::{BotSpec, DynBot, SearchStats, bot_seed, play_dyn};
use sylvan_engine::GameRng;
use sylvan_engine::analytics::DesignerTally;

use super::RunError;
use crate::Entry;

/// Games per unit of work handed to a thread.
pub const CHUNK: u64 = 2;
/// Bootstrap resamples for the rating intervals.
const BOOTSTRAP: usize = 200;

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

    /// The bot at each seat of game `g` of a run with base seed `seed`, and the game's deal seed.
    pub fn table(&self, seed: u64, g: u64) -> (Vec<usize>, u64) {
        table(&self.lineups, self.players, seed, g)
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
            let (free, deal) = table(&self.lineups, self.free(), seed, g);
            let mut free = free.into_iter();
            let seats = self.automated.iter().map(|&a| if a { None } else { free.next() }).collect();
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
pub(super) struct Pairwise {
    pub(super) w: Vec<Vec<f64>>,
    pub(super) n: Vec<Vec<f64>>,
}

impl Pairwise {
    pub(super) fn new(k: usize) -> Pairwise {
        Pairwise { w: vec![vec![0.0; k]; k], n: vec![vec![0.0; k]; k] }
    }

    fn add(&mut self, r: &GameResult) {
        for s in 0..r.bots.len() {
            for t in 0..r.bots.len() {
                let (Some(i), Some(j)) = (r.bots[s], r.bots[t]) else { continue };
                if s == t || i == j {
                    continue;
                }
                self.n[i][j] += 1.0;
                self.w[i][j] += match r.returns[s].partial_cmp(&r.returns[t]) {
                    Some(std::cmp::Ordering::Greater) => 1.0,
                    Some(std::cmp::Ordering::Equal) => 0.5,
                    _ => 0.0,
                };
            }
        }
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

/// A histogram of `values` in `bins` equal bins over [lo, hi] (integer-aligned when the values are).
fn histogram(values: &[f64], bins: usize) -> Value {
    if values.is_empty() {
        return json!({"lo": 0, "width": 1, "counts": []});
    }
    let lo = values.iter().copied().fold(f64::INFINITY, f64::min).floor();
    let hi = values.iter().copied().fold(f64::NEG_INFINITY, f64::max).floor() + 1.0;
    let width = ((hi - lo) / bins as f64).ceil().max(0.5);
    let n = ((hi - lo) / width).ceil().max(1.0) as usize;
    let mut counts = vec![0u64; n];
    for v in values {
        let b = (((v - lo) / width).floor() as usize).min(n - 1);
        counts[b] += 1;
    }
    json!({"lo": lo, "width": width, "counts": counts})
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
/// does not fit the schedule (a bot or seat out of range) is an error.
pub fn report(
    game: &str,
    schedule: &Schedule,
    seed: u64,
    threads: u64,
    elapsed: f64,
    chunks: &[Chunk],
) -> Result<Value, RunError> {
    let names = schedule.names();
    let players = schedule.players;
    let mut results: Vec<&GameResult> = Vec::new();
    let mut designer = DesignerTally::new();
    for chunk in chunks {
        for r in &chunk.games {
            let fits = |n: usize| r.bots.len() == players && n == players;
            if !fits(r.returns.len()) || !fits(r.scores.len()) || !fits(r.search.len()) {
                return Err(RunError(format!("a game result for {} seats at a table of {players}", r.bots.len())));
            }
            if let Some(b) = r.bots.iter().flatten().find(|&&b| b >= names.len()) {
                return Err(RunError(format!("a game result names bot {b} of {}", names.len())));
            }
            results.push(r);
        }
        designer.merge(&chunk.designer);
    }
    Ok(summarize(game, seed, &names, players, threads, elapsed, &results, &designer))
}

#[allow(clippy::too_many_arguments)]
fn summarize(
    game: &str,
    seed: u64,
    names: &[String],
    players: usize,
    threads: u64,
    elapsed: f64,
    results: &[&GameResult],
    designer: &DesignerTally,
) -> Value {
    let k = names.len();
    let mut pair = Pairwise::new(k);
    let mut games = vec![0u64; k];
    let mut wins = vec![0.0f64; k];
    let mut scores: Vec<Vec<f64>> = vec![Vec::new(); k];
    let mut seat_wins = vec![vec![0.0f64; players]; k];
    let mut seat_games = vec![vec![0u64; players]; k];
    let mut search: Vec<Option<SearchStats>> = vec![None; k];
    let mut by_seat = vec![0.0f64; players];
    let mut lengths = Vec::with_capacity(results.len());
    for r in results {
        pair.add(r);
        lengths.push(r.moves as f64);
        for (s, &b) in r.bots.iter().enumerate() {
            by_seat[s] += r.returns[s];
            let Some(b) = b else { continue };
            games[b] += 1;
            wins[b] += r.returns[s];
            seat_wins[b][s] += r.returns[s];
            seat_games[b][s] += 1;
            scores[b].push(r.scores[s]);
            if let Some(st) = r.search[s] {
                search[b].get_or_insert_with(SearchStats::default).add(&SearchStats::from(st));
            }
        }
    }
    let ratings = pair.ratings();
    // Bootstrap over games for the rating intervals.
    let mut rng = GameRng::new(seed ^ 0xb007_5742);
    let mut samples: Vec<Vec<f64>> = vec![Vec::with_capacity(BOOTSTRAP); k];
    if !results.is_empty() {
        for _ in 0..BOOTSTRAP {
            let mut p = Pairwise::new(k);
            for _ in 0..results.len() {
                p.add(results[rng.index(results.len())]);
            }
            for (i, r) in p.ratings().into_iter().enumerate() {
                samples[i].push(r);
            }
        }
    }
    let quantile = |v: &mut Vec<f64>, q: f64| {
        v.sort_by(f64::total_cmp);
        if v.is_empty() { 0.0 } else { v[((v.len() - 1) as f64 * q).round() as usize] }
    };
    let n_games = results.len() as f64;
    let bots: Vec<Value> = (0..k)
        .map(|i| {
            let n = games[i] as f64;
            let (lo, hi) = wilson(wins[i], n);
            let mut s = samples[i].clone();
            let mean_score = if n > 0.0 { scores[i].iter().sum::<f64>() / n } else { 0.0 };
            json!({
                "spec": names[i],
                "games": games[i],
                "wins": wins[i],
                "win_rate": if n > 0.0 { wins[i] / n } else { 0.0 },
                "win_rate_ci": [lo, hi],
                "rating": ratings[i],
                "rating_ci": [quantile(&mut s, 0.025), quantile(&mut s, 0.975)],
                "mean_score": mean_score,
                "score_histogram": histogram(&scores[i], 20),
                "win_rate_by_seat": (0..players)
                    .map(|s| if seat_games[i][s] > 0 { seat_wins[i][s] / seat_games[i][s] as f64 } else { 0.0 })
                    .collect::<Vec<_>>(),
                "games_by_seat": seat_games[i],
                "search": search[i].as_ref().map(search_json),
            })
        })
        .collect();
    let matrix = matrix_json(&pair);
    let mean_moves = if n_games > 0.0 { lengths.iter().sum::<f64>() / n_games } else { 0.0 };
    json!({
        "game": game,
        "players": players,
        "games": results.len(),
        "seed": seed,
        "threads": threads,
        "rating_model": "Bradley-Terry on pairwise results, Elo scale (400 log10), mean 0; 95% bootstrap intervals",
        "bots": bots,
        "matrix": matrix,
        "first_seat_win_rate": if n_games > 0.0 { by_seat[0] / n_games } else { 0.0 },
        "win_rate_by_seat": by_seat.iter().map(|w| if n_games > 0.0 { w / n_games } else { 0.0 }).collect::<Vec<_>>(),
        "mean_moves": mean_moves,
        "min_moves": lengths.iter().copied().fold(f64::INFINITY, f64::min).min(1e18),
        "max_moves": lengths.iter().copied().fold(0.0, f64::max),
        "length_histogram": histogram(&lengths, 30),
        "designer": if designer.games > 0 { serde_json::to_value(designer).unwrap_or(Value::Null) } else { Value::Null },
        "seconds": elapsed,
    })
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
