//! Several tournaments as one rating ladder (`sylvan ladder`).
//!
//! A long calibration runs as many small tournaments: blocks of games with their own seeds, on several
//! cores or machines, each pair of bots in its own run. Their `sylvan tournament --json` reports keep
//! the pairwise results (`matrix`) and each bot's games and wins; a [`Ladder`] sums them by bot spec and
//! fits one Bradley–Terry ladder to the sum, with the tournament's own model (Hunter's MM algorithm,
//! one drawn pseudo-game per pair, Elo scale with mean 0).
//!
//! **Intervals.** A report holds no per-game results, so the tournament's bootstrap over games cannot be
//! redone. The ladder's 95% intervals come from a parametric bootstrap instead: in each of 200 resamples
//! every pair's meetings are redrawn from its observed rate (binomial; normal beyond 2,000 meetings),
//! and the ratings refitted. Each step between bots adjacent in rating gets the 2.5% and 97.5%
//! quantiles of the difference over the same resamples.
//!
//! **Checks.** Reports must be of one game and one player count; a matrix must be square over the
//! report's bots with an empty diagonal, every pair's meetings counted alike from both sides and its
//! points adding up to them; every bot must be compared with every other, directly or through others
//! (ratings of unconnected groups mean nothing). Counts above 10¹² are refused. An error names the field.

use serde_json::{Value, json};
use sylvan_engine::GameRng;

use super::RunError;
use super::tournament::{Pairwise, matrix_json, wilson};

/// The most bots a ladder holds.
pub const MAX_BOTS: usize = 64;
/// Bootstrap resamples for the intervals.
const BOOTSTRAP: usize = 200;
/// The largest count (games, meetings, points) a report may state.
const MAX_COUNT: f64 = 1e12;
/// Meetings of a pair up to which a resample draws each one; beyond, a normal approximation.
const EXACT_DRAWS: f64 = 2000.0;

/// Pairwise results summed over tournament reports.
pub struct Ladder {
    game: Option<String>,
    players: Option<u64>,
    names: Vec<String>,
    pair: Pairwise,
    games: Vec<f64>,
    wins: Vec<f64>,
    reports: usize,
    total_games: f64,
}

impl Default for Ladder {
    fn default() -> Self {
        Ladder::new()
    }
}

/// A finite, non-negative count no larger than [`MAX_COUNT`], from `v` (named `what` in the error).
fn count(v: &Value, what: &str) -> Result<f64, RunError> {
    match v.as_f64() {
        Some(x) if x.is_finite() && (0.0..=MAX_COUNT).contains(&x) => Ok(x),
        _ => Err(RunError(format!("`{what}`: expected a count from 0 to 10^12, found {v}"))),
    }
}

/// Whether two counts agree (they are sums of halves, so any difference is an error).
fn same(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

impl Ladder {
    /// An empty ladder.
    pub fn new() -> Ladder {
        Ladder {
            game: None,
            players: None,
            names: Vec::new(),
            pair: Pairwise::new(0),
            games: Vec::new(),
            wins: Vec::new(),
            reports: 0,
            total_games: 0.0,
        }
    }

    /// The bots so far, in order of first appearance.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// The index of `spec`, adding it if new.
    fn index(&mut self, spec: &str) -> Result<usize, RunError> {
        if let Some(i) = self.names.iter().position(|n| n == spec) {
            return Ok(i);
        }
        if self.names.len() >= MAX_BOTS {
            return Err(RunError(format!("more than {MAX_BOTS} bots in the ladder (`{spec}`)")));
        }
        self.names.push(spec.to_string());
        for row in self.pair.w.iter_mut().chain(self.pair.n.iter_mut()) {
            row.push(0.0);
        }
        let k = self.names.len();
        self.pair.w.push(vec![0.0; k]);
        self.pair.n.push(vec![0.0; k]);
        self.games.push(0.0);
        self.wins.push(0.0);
        Ok(k - 1)
    }

    /// Adds one `sylvan tournament --json` report. On an error the ladder is unchanged.
    pub fn add(&mut self, report: &Value) -> Result<(), RunError> {
        let game = report["game"].as_str().ok_or_else(|| RunError("`game`: expected a game name".into()))?;
        let players = report["players"]
            .as_u64()
            .filter(|p| (1..=64).contains(p))
            .ok_or_else(|| RunError(format!("`players`: expected a player count, found {}", report["players"])))?;
        if let Some(g) = &self.game
            && g != game
        {
            return Err(RunError(format!("`game`: `{game}`, but the reports before are of `{g}`")));
        }
        if let Some(p) = self.players
            && p != players
        {
            return Err(RunError(format!("`players`: {players}, but the reports before are of {p} players")));
        }
        let total = count(&report["games"], "games")?;
        let bots = report["bots"].as_array().ok_or_else(|| RunError("`bots`: expected a list".into()))?;
        if bots.is_empty() || bots.len() > MAX_BOTS {
            return Err(RunError(format!("`bots`: expected 1 to {MAX_BOTS} bots, found {}", bots.len())));
        }
        let mut specs: Vec<&str> = Vec::with_capacity(bots.len());
        let mut per_bot = Vec::with_capacity(bots.len());
        for (i, b) in bots.iter().enumerate() {
            let spec = b["spec"].as_str().ok_or_else(|| RunError(format!("`bots[{i}].spec`: expected a bot spec")))?;
            if specs.contains(&spec) {
                return Err(RunError(format!("`bots[{i}].spec`: `{spec}` twice")));
            }
            specs.push(spec);
            let games = count(&b["games"], &format!("bots[{i}].games"))?;
            let wins = count(&b["wins"], &format!("bots[{i}].wins"))?;
            if wins > games {
                return Err(RunError(format!("`bots[{i}].wins`: {wins} wins in {games} games")));
            }
            per_bot.push((games, wins));
        }
        let k = bots.len();
        let rows = report["matrix"].as_array().ok_or_else(|| RunError("`matrix`: expected a list of rows".into()))?;
        if rows.len() != k {
            return Err(RunError(format!("`matrix`: {} rows for {k} bots", rows.len())));
        }
        let mut cells = Pairwise::new(k);
        for (i, row) in rows.iter().enumerate() {
            let row = row
                .as_array()
                .filter(|r| r.len() == k)
                .ok_or_else(|| RunError(format!("`matrix[{i}]`: expected {k} cells")))?;
            for (j, cell) in row.iter().enumerate() {
                if cell.is_null() {
                    continue;
                }
                if i == j {
                    return Err(RunError(format!("`matrix[{i}][{i}]`: a bot against itself")));
                }
                let n = count(&cell["games"], &format!("matrix[{i}][{j}].games"))?;
                let w = count(&cell["wins"], &format!("matrix[{i}][{j}].wins"))?;
                if w > n {
                    return Err(RunError(format!("`matrix[{i}][{j}].wins`: {w} points in {n} meetings")));
                }
                cells.n[i][j] = n;
                cells.w[i][j] = w;
            }
        }
        for i in 0..k {
            for j in i + 1..k {
                let (n, m) = (cells.n[i][j], cells.n[j][i]);
                if !same(n, m) {
                    return Err(RunError(format!("`matrix[{i}][{j}]`: {n} meetings, but `matrix[{j}][{i}]` says {m}")));
                }
                if !same(cells.w[i][j] + cells.w[j][i], n) {
                    return Err(RunError(format!(
                        "`matrix[{i}][{j}]`: {} and {} points do not add up to the {n} meetings",
                        cells.w[i][j], cells.w[j][i]
                    )));
                }
            }
        }
        // Every check passed: merge.
        let new = specs.iter().filter(|s| !self.names.iter().any(|n| n == *s)).count();
        if self.names.len() + new > MAX_BOTS {
            return Err(RunError(format!("more than {MAX_BOTS} bots in the ladder")));
        }
        let at: Vec<usize> = specs.iter().map(|s| self.index(s)).collect::<Result<_, _>>()?;
        for i in 0..k {
            self.games[at[i]] += per_bot[i].0;
            self.wins[at[i]] += per_bot[i].1;
            for j in 0..k {
                self.pair.n[at[i]][at[j]] += cells.n[i][j];
                self.pair.w[at[i]][at[j]] += cells.w[i][j];
            }
        }
        self.game = Some(game.to_string());
        self.players = Some(players);
        self.reports += 1;
        self.total_games += total;
        Ok(())
    }

    /// The bots not connected to the first one by meetings, directly or through others.
    fn unconnected(&self) -> Vec<usize> {
        let k = self.names.len();
        let mut seen = vec![false; k];
        let mut todo = vec![0];
        if k > 0 {
            seen[0] = true;
        }
        while let Some(i) = todo.pop() {
            for (j, s) in seen.iter_mut().enumerate() {
                if !*s && self.pair.n[i][j] > 0.0 {
                    *s = true;
                    todo.push(j);
                }
            }
        }
        (0..k).filter(|&i| !seen[i]).collect()
    }

    /// The ladder as JSON: per bot (in order of first appearance) its games, wins, win rate and rating
    /// with 95% intervals; the summed matrix; and the steps between bots adjacent in rating, lowest
    /// first. `seed` seeds the bootstrap.
    pub fn report(&self, seed: u64) -> Result<Value, RunError> {
        let k = self.names.len();
        if k < 2 {
            return Err(RunError(format!("a ladder needs at least 2 bots, the reports name {k}")));
        }
        let apart = self.unconnected();
        if !apart.is_empty() {
            let names: Vec<&str> = apart.iter().map(|&i| self.names[i].as_str()).collect();
            return Err(RunError(format!(
                "`{}` never met `{}`, directly or through other bots: their ratings cannot be compared",
                names.join("`, `"),
                self.names[0]
            )));
        }
        let ratings = self.pair.ratings();
        let mut rng = GameRng::new(seed ^ 0x001a_dde7);
        let mut samples: Vec<Vec<f64>> = vec![Vec::with_capacity(BOOTSTRAP); k];
        for _ in 0..BOOTSTRAP {
            let mut p = Pairwise::new(k);
            for i in 0..k {
                for j in i + 1..k {
                    let n = self.pair.n[i][j];
                    if n == 0.0 {
                        continue;
                    }
                    let w = binomial(&mut rng, n, self.pair.w[i][j] / n);
                    p.n[i][j] = n;
                    p.n[j][i] = n;
                    p.w[i][j] = w;
                    p.w[j][i] = n - w;
                }
            }
            for (i, r) in p.ratings().into_iter().enumerate() {
                samples[i].push(r);
            }
        }
        let quantiles = |mut v: Vec<f64>| -> [f64; 2] {
            v.sort_by(f64::total_cmp);
            let q = |q: f64| v.get(((v.len().max(1) - 1) as f64 * q).round() as usize).copied().unwrap_or(0.0);
            [q(0.025), q(0.975)]
        };
        let ci: Vec<[f64; 2]> = samples.iter().map(|s| quantiles(s.clone())).collect();
        let bots: Vec<Value> = (0..k)
            .map(|i| {
                let (lo, hi) = wilson(self.wins[i], self.games[i]);
                json!({
                    "spec": self.names[i],
                    "games": self.games[i],
                    "wins": self.wins[i],
                    "win_rate": if self.games[i] > 0.0 { self.wins[i] / self.games[i] } else { 0.0 },
                    "win_rate_ci": [lo, hi],
                    "rating": ratings[i],
                    "rating_ci": ci[i],
                })
            })
            .collect();
        let mut order: Vec<usize> = (0..k).collect();
        order.sort_by(|&a, &b| ratings[a].total_cmp(&ratings[b]));
        let steps: Vec<Value> = order
            .windows(2)
            .map(|w| {
                let (lo, hi) = (w[0], w[1]);
                let diffs: Vec<f64> = samples[hi].iter().zip(&samples[lo]).map(|(a, b)| a - b).collect();
                json!({
                    "from": self.names[lo],
                    "to": self.names[hi],
                    "step": ratings[hi] - ratings[lo],
                    "step_ci": quantiles(diffs),
                    "intervals_apart": ci[hi][0] > ci[lo][1],
                    "meetings": self.pair.n[lo][hi],
                })
            })
            .collect();
        Ok(json!({
            "game": self.game,
            "players": self.players,
            "reports": self.reports,
            "games": self.total_games,
            "rating_model": "Bradley-Terry on the summed pairwise results, Elo scale (400 log10), mean 0; 95% parametric bootstrap intervals (each pair's meetings redrawn from its observed rate, 200 resamples)",
            "bots": bots,
            "matrix": matrix_json(&self.pair),
            "steps": steps,
        }))
    }
}

/// A uniform number in [0, 1).
fn uniform(rng: &mut GameRng) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

/// Points in `n` meetings each won with probability `p`: a binomial draw, exact up to
/// [`EXACT_DRAWS`] meetings and normal beyond (clamped to 0..=n). A fractional `n` (half points of
/// ties) keeps its fraction as a last meeting of that weight.
fn binomial(rng: &mut GameRng, n: f64, p: f64) -> f64 {
    let p = p.clamp(0.0, 1.0);
    if n <= EXACT_DRAWS {
        let whole = n.floor();
        let mut w = 0.0;
        for _ in 0..whole as u64 {
            if uniform(rng) < p {
                w += 1.0;
            }
        }
        let part = n - whole;
        if part > 0.0 && uniform(rng) < p {
            w += part;
        }
        return w;
    }
    // Box–Muller.
    let (u1, u2) = (uniform(rng).max(f64::MIN_POSITIVE), uniform(rng));
    let z = (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos();
    (n * p + z * (n * p * (1.0 - p)).sqrt()).round().clamp(0.0, n)
}

/// The ladder's private arithmetic, public only for the crate's integration tests
/// (`tests/registry/ladder.rs`): not part of the API.
#[doc(hidden)]
pub mod internals {
    use sylvan_engine::GameRng;

    /// Points in `n` meetings each won with probability `p` (the bootstrap's draw).
    pub fn binomial(rng: &mut GameRng, n: f64, p: f64) -> f64 {
        super::binomial(rng, n, p)
    }
}
