//! The balance lab (`sylvan balance`): the same bots, seeds and seat rotation played under two option
//! sets A and B (two card files, a variant on or off), paired game by game, and every metric under A and
//! B with its difference and 95% interval.
//!
//! **Pairs.** Game `g` is dealt, seated and seeded exactly as game `g` of a tournament of the same bots
//! (see [`super::tournament`]), once with A's options and once with B's. When A and B are the same the
//! two games are the same game, so every difference is exactly zero.
//!
//! **Metrics.** Each finished game adds observations `(sum, count)` to named cells `table / row /
//! column`: the game facts every game has (first-seat win rate, win rate by seat, length in moves, mean
//! and winning score, score spread, draws; which end condition ended the game), each bot's win rate,
//! mean score and Bradley–Terry rating (the ladder), and
//! whatever the game's designer statistics report ([`crate::Entry::designer`]: per card, leader, amulet
//! or creature). A metric's value under an arm is its ratio estimate `Σ sum / Σ count` over the games.
//!
//! **Intervals.** The games are resampled with the Poisson bootstrap: game `g` weighs `w(g, r)` in
//! replicate `r`, a Poisson(1) draw from the run's seed, the same under A and B (so the resampling is
//! paired). Each replicate keeps four running sums per metric, so memory does not grow with the number
//! of games. A difference's 95% interval is the 2.5%–97.5% quantile range of the replicates'
//! differences; an arm's interval is Wilson's when each game adds at most one observation in `[0, 1]`
//! (a proportion over games), the bootstrap quantiles otherwise. The
//! Bradley–Terry ratings are fitted to each arm's pairwise results as in `sylvan tournament`; each
//! replicate keeps its own weighted pairwise matrices (bots² numbers per arm, not games), and a rating's
//! intervals are the quantiles of the replicates' fits. A difference is *flagged* when the
//! Benjamini–Hochberg procedure at a 5% false discovery rate keeps it, over all metrics, with p-values
//! from the bootstrap standard error (normal approximation), and each arm has at least
//! [`MIN_GAMES`] games observing it.

use std::collections::HashMap;
use std::sync::LazyLock;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use sylvan_bots::{DynBot, bot_seed, play_dyn};
use sylvan_engine::Locale;
use sylvan_engine::analytics::{DesignerTally, END_TRIGGERS};
use sylvan_words::{Args, Catalog, args};

use super::RunError;
use super::tournament::{Pairwise, Schedule, wilson};
use crate::Entry;

/// Bootstrap replicates.
pub const REPLICATES: usize = 200;
/// Games per unit of work handed to a thread.
pub const CHUNK: u64 = 2;
/// The fewest games observing a metric under each arm for its difference to be flagged.
pub const MIN_GAMES: u64 = 5;
/// The false discovery rate of the flags.
pub const FDR: f64 = 0.05;

/// The table of the game facts.
pub const GAME_TABLE: &str = "game";
/// The table of the bots' results.
pub const BOT_TABLE: &str = "bots";
/// The game facts' row.
pub const GAME_ROW: &str = "all games";
/// Game column: the first seat's return (its win rate).
pub const FIRST_SEAT: &str = "first-seat win rate";
/// Game column: moves per game.
pub const LENGTH: &str = "moves per game";
/// Game column: the best final score minus the worst.
pub const SPREAD: &str = "score spread (best - worst)";
/// Game column: the best final score.
pub const WINNING_SCORE: &str = "winning score";
/// Game column: the mean final score.
pub const MEAN_SCORE: &str = "mean score";
/// Game column: 1 when every seat got the same return (a draw or a shared victory).
pub const DRAWS: &str = "draw rate";
/// Bot column: the bot's return (its win rate).
pub const BOT_WIN: &str = "win rate";
/// Bot column: the bot's final score.
pub const BOT_SCORE: &str = "mean score";
/// Bot column: the bot's Bradley–Terry rating on the Elo scale (mean 0), fitted to the pairwise results
/// of the arm's games as `sylvan tournament` fits them.
pub const BOT_RATING: &str = "rating (Bradley-Terry, Elo scale)";

/// The separator of a metric key's parts.
const SEP: char = '\u{1f}';

/// What one side (A or B) of a pair of games gave.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Side {
    /// Each seat's return.
    pub returns: Vec<f64>,
    /// Each seat's final score.
    pub scores: Vec<f64>,
    /// Moves played.
    pub moves: u64,
    /// The game's observations: `(table SEP row SEP column, sum, count)`.
    pub cells: Vec<(String, f64, u64)>,
}

/// One pair of games: the same deal, seats and bot seeds under A and under B.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pair {
    /// The game number.
    pub game: u64,
    /// The bot at each seat; `None` at a seat the game plays itself (the solo Robot), which no bot and
    /// no seat statistic is credited with.
    pub seats: Vec<Option<usize>>,
    /// Under A.
    pub a: Side,
    /// Under B.
    pub b: Side,
}

/// A balance run's fixed parts: the game, the bots and their schedule, the options of A and B, the seed.
pub struct Plan<'a> {
    /// The game.
    pub entry: &'a Entry,
    /// The bots and their seats.
    pub schedule: &'a Schedule,
    /// A's options (as the game reads them).
    pub a: &'a Value,
    /// B's options.
    pub b: &'a Value,
    /// The base seed.
    pub seed: u64,
}

impl Plan<'_> {
    /// Plays pairs `first..last`; `done` is called after each pair.
    pub fn run_chunk(&self, (first, last): (u64, u64), mut done: impl FnMut()) -> Result<Vec<Pair>, RunError> {
        let mut out = Vec::with_capacity(last.saturating_sub(first).min(1024) as usize);
        for g in first..last {
            let (seats, deal) = self.schedule.table(self.seed, g);
            let a = self.play(self.a, &seats, deal, g).map_err(|e| RunError(format!("A: {}", e.0)))?;
            let b = self.play(self.b, &seats, deal, g).map_err(|e| RunError(format!("B: {}", e.0)))?;
            out.push(Pair { game: g, seats, a, b });
            done();
        }
        Ok(out)
    }

    fn play(&self, options: &Value, seats: &[Option<usize>], deal: u64, g: u64) -> Result<Side, RunError> {
        let entry = self.entry;
        let mut state =
            entry.game().new_game(options, deal).map_err(|e| RunError(format!("game {g} (deal seed {deal}): {e}")))?;
        state.keep_events(false);
        if state.num_seats() != seats.len() {
            return Err(RunError(format!("game {g}: {} seats, not {}", state.num_seats(), seats.len())));
        }
        let mut bots: Vec<Box<dyn DynBot>> = seats
            .iter()
            .enumerate()
            // A seat the game plays itself never asks its bot: the first one holds the place.
            .map(|(s, b)| entry.bot(&self.schedule.specs[b.unwrap_or(0)], bot_seed(self.seed, g, s)))
            .collect::<Result<_, _>>()
            .map_err(|e| RunError(e.to_string()))?;
        play_dyn(&mut *state, &mut bots, |_| ()).map_err(|e| RunError(format!("game {g}: {e}")))?;
        let mut tally = DesignerTally::new();
        if let Some(observed) = entry.designer(&state.record(), &mut tally) {
            observed.map_err(|e| RunError(format!("game {g}: designer statistics: {e}")))?;
        }
        let mut cells = Vec::new();
        for (name, table) in &tally.tables {
            for (row, row_cells) in &table.rows {
                for (c, cell) in row_cells.iter().enumerate() {
                    if cell.count > 0
                        && let Some(column) = table.columns.get(c)
                    {
                        cells.push((key(name, row, column), cell.sum, cell.count));
                    }
                }
            }
        }
        let returns = match state.outcome() {
            Some(o) => o.returns().to_vec(),
            None => vec![0.0; state.num_seats()],
        };
        Ok(Side { returns, scores: state.scores(), moves: state.move_number() as u64, cells })
    }
}

/// A metric's key: `table SEP row SEP column`.
pub fn key(table: &str, row: &str, column: &str) -> String {
    format!("{table}{SEP}{row}{SEP}{column}")
}

/// The observations of one side that every game has: the game facts and the bots' results. The facts
/// of the whole table (length, scores, draws) count every seat; what is said of a seat (the first
/// seat's and each seat's win rate, each bot's results) counts only the seats a bot played.
fn facts(side: &Side, seats: &[Option<usize>], bots: &[String]) -> Vec<(String, f64, u64)> {
    let n = side.returns.len().min(side.scores.len()).min(seats.len());
    let mut out = Vec::new();
    if n == 0 {
        return out;
    }
    let (returns, scores) = (&side.returns[..n], &side.scores[..n]);
    let best = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let worst = scores.iter().copied().fold(f64::INFINITY, f64::min);
    let all_equal = returns.iter().all(|&r| r == returns[0]);
    if seats[0].is_some() {
        out.push((key(GAME_TABLE, GAME_ROW, FIRST_SEAT), returns[0], 1));
    }
    out.push((key(GAME_TABLE, GAME_ROW, LENGTH), side.moves as f64, 1));
    out.push((key(GAME_TABLE, GAME_ROW, SPREAD), best - worst, 1));
    out.push((key(GAME_TABLE, GAME_ROW, WINNING_SCORE), best, 1));
    out.push((key(GAME_TABLE, GAME_ROW, MEAN_SCORE), scores.iter().sum::<f64>() / n as f64, 1));
    out.push((key(GAME_TABLE, GAME_ROW, DRAWS), f64::from(u8::from(n > 1 && all_equal)), 1));
    for s in 0..n {
        let Some(bot) = seats[s] else { continue };
        out.push((key(GAME_TABLE, &format!("seat p{s}"), BOT_WIN), returns[s], 1));
        if let Some(name) = bots.get(bot) {
            out.push((key(BOT_TABLE, name, BOT_WIN), returns[s], 1));
            out.push((key(BOT_TABLE, name, BOT_SCORE), scores[s], 1));
        }
    }
    out
}

/// One arm's running totals of a metric.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Arm {
    sum: f64,
    count: u64,
    games: u64,
    /// The most observations one game added.
    most_per_game: u64,
    /// The smallest and largest per-game mean.
    lo: f64,
    hi: f64,
}

impl Default for Arm {
    fn default() -> Arm {
        Arm { sum: 0.0, count: 0, games: 0, most_per_game: 0, lo: f64::INFINITY, hi: f64::NEG_INFINITY }
    }
}

impl Arm {
    fn add(&mut self, sum: f64, count: u64) {
        self.sum += sum;
        self.count = self.count.saturating_add(count);
        self.games += 1;
        self.most_per_game = self.most_per_game.max(count);
        if count > 0 {
            let m = sum / count as f64;
            self.lo = self.lo.min(if count == 1 { m } else { m.min(sum) });
            self.hi = self.hi.max(if count == 1 { m } else { m.max(sum) });
        }
    }

    fn mean(&self) -> Option<f64> {
        (self.count > 0).then(|| self.sum / self.count as f64)
    }

    /// A proportion over games: at most one observation per game, each in [0, 1].
    fn proportion(&self) -> bool {
        self.count > 0 && self.most_per_game <= 1 && self.lo >= 0.0 && self.hi <= 1.0
    }
}

/// One metric: its totals under A and B and its bootstrap replicates `[sum A, count A, sum B, count B]`.
#[derive(Clone, Debug)]
struct Metric {
    table: String,
    row: String,
    column: String,
    a: Arm,
    b: Arm,
    reps: Vec<[f64; 4]>,
}

/// The running totals of a balance run: memory grows with the number of metrics, not of games.
#[derive(Clone, Debug)]
pub struct Lab {
    seed: u64,
    bots: Vec<String>,
    index: HashMap<String, usize>,
    metrics: Vec<Metric>,
    games: u64,
    /// Games whose A and B sides were identical (same returns, scores, moves and observations).
    identical: u64,
    /// The ladder's pairwise results under A and B.
    pairs: [Pairwise; 2],
    /// The same per bootstrap replicate (weighted by the replicate's game weights).
    pair_reps: Vec<[Pairwise; 2]>,
    /// Games each bot played (the same under A and B).
    bot_games: Vec<u64>,
}

/// The bootstrap weights of game `g`: one Poisson(1) draw per replicate, from the seed and `g` alone.
fn weights(seed: u64, g: u64, out: &mut [f64]) {
    super::poisson_weights(seed ^ 0xba1a_0ce5, g, out);
}

impl Lab {
    /// An empty lab for the bots named `bots`, whose bootstrap draws come from `seed`.
    pub fn new(seed: u64, bots: Vec<String>) -> Lab {
        let k = bots.len();
        let empty = Pairwise::new(k);
        Lab {
            seed,
            bots,
            index: HashMap::new(),
            metrics: Vec::new(),
            games: 0,
            identical: 0,
            pairs: [empty.clone(), empty.clone()],
            pair_reps: vec![[empty.clone(), empty]; REPLICATES],
            bot_games: vec![0; k],
        }
    }

    /// Pairs folded in.
    pub fn games(&self) -> u64 {
        self.games
    }

    fn metric(&mut self, k: &str) -> usize {
        if let Some(&i) = self.index.get(k) {
            return i;
        }
        let mut parts = k.splitn(3, SEP);
        let (table, row, column) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""), parts.next().unwrap_or(""));
        self.metrics.push(Metric {
            table: table.to_owned(),
            row: row.to_owned(),
            column: column.to_owned(),
            a: Arm::default(),
            b: Arm::default(),
            reps: vec![[0.0; 4]; REPLICATES],
        });
        self.index.insert(k.to_owned(), self.metrics.len() - 1);
        self.metrics.len() - 1
    }

    /// Adds one pair of games (fold them in game order for results that do not depend on threads).
    pub fn add(&mut self, pair: &Pair) {
        let mut w = [0.0; REPLICATES];
        weights(self.seed, pair.game, &mut w);
        self.games += 1;
        if pair.a == pair.b {
            self.identical += 1;
        }
        let seats = &pair.seats;
        for &b in seats.iter().flatten() {
            if let Some(g) = self.bot_games.get_mut(b) {
                *g += 1;
            }
        }
        for (arm, side) in [(0usize, &pair.a), (1, &pair.b)] {
            self.pairs[arm].add_game(seats, &side.returns, 1.0);
            for (r, reps) in self.pair_reps.iter_mut().enumerate() {
                if w[r] > 0.0 {
                    reps[arm].add_game(seats, &side.returns, w[r]);
                }
            }
            let facts = facts(side, &pair.seats, &self.bots);
            for (k, sum, count) in facts.iter().chain(&side.cells) {
                let i = self.metric(k);
                let m = &mut self.metrics[i];
                if arm == 0 { &mut m.a } else { &mut m.b }.add(*sum, *count);
                for (r, rep) in m.reps.iter_mut().enumerate() {
                    rep[2 * arm] += w[r] * sum;
                    rep[2 * arm + 1] += w[r] * *count as f64;
                }
            }
        }
    }

    /// The differences (B - A) of the bootstrap replicates where both arms observed the metric.
    fn replicate_diffs(m: &Metric) -> Vec<f64> {
        m.reps.iter().filter(|r| r[1] > 0.0 && r[3] > 0.0).map(|r| r[2] / r[3] - r[0] / r[1]).collect()
    }

    /// The widest 95% interval of a difference among the headlines (the first-seat win rate and the
    /// metrics the summary names), with its metric's name and current estimate (`B - A [low, high]`,
    /// in points for a rate); `None` before there is any metric.
    pub fn widest_headline(&self) -> Option<(f64, String)> {
        let report = self.numbers();
        let mut widest: Option<(f64, String)> = None;
        for r in report.iter().filter(|r| r.headline) {
            let width = match r.diff_ci {
                Some((lo, hi)) => hi - lo,
                None => f64::INFINITY,
            };
            if widest.as_ref().is_none_or(|(w, _)| width > *w) {
                let estimate = match (r.diff, r.diff_ci) {
                    (Some(d), Some((lo, hi))) => format!(" {} [{}, {}]", r.fmt_diff(d), r.fmt_diff(lo), r.fmt_diff(hi)),
                    _ => String::new(),
                };
                widest = Some((width, format!("{} / {}{estimate}", r.row, r.column)));
            }
        }
        widest
    }

    /// Every metric's numbers, flags and whether it is a headline.
    fn numbers(&self) -> Vec<Numbers> {
        let mut out: Vec<Numbers> = self.metrics.iter().map(Numbers::of).collect();
        out.extend(self.ratings());
        // Benjamini–Hochberg over the metrics that can be flagged.
        let mut tested: Vec<(f64, usize)> =
            out.iter().enumerate().filter_map(|(i, n)| n.testable.then_some((n.p, i))).collect();
        tested.sort_by(|x, y| x.0.total_cmp(&y.0));
        let m = tested.len() as f64;
        let cut =
            tested.iter().enumerate().filter(|(k, (p, _))| *p <= FDR * (*k as f64 + 1.0) / m).map(|(k, _)| k).max();
        if let Some(cut) = cut {
            for &(_, i) in &tested[..=cut] {
                out[i].flagged = true;
            }
        }
        // Headlines: the first-seat win rate and the five flagged (or, failing those, testable)
        // metrics of largest |z| outside the game table.
        let mut order: Vec<usize> = (0..out.len()).filter(|&i| out[i].testable && out[i].table != GAME_TABLE).collect();
        order.sort_by(|&x, &y| out[y].z.abs().total_cmp(&out[x].z.abs()).then(x.cmp(&y)));
        let any_flagged = order.iter().any(|&i| out[i].flagged);
        let chosen: Vec<usize> = order.into_iter().filter(|&i| !any_flagged || out[i].flagged).take(5).collect();
        for i in chosen {
            out[i].headline = true;
        }
        for n in out.iter_mut().filter(|n| n.table == GAME_TABLE && n.row == GAME_ROW && n.column == FIRST_SEAT) {
            n.headline = true;
        }
        out
    }

    /// The run's figure for a lab notebook (`sylvan balance --notebook FILE --figure NAME`): a line saying
    /// where it came from (`what`) and how many metrics changed, then a Markdown table of the headline
    /// metrics and the game length, each under A and B with its 95% interval, the difference with its
    /// interval, and whether it changed beyond noise.
    pub fn figure(&self, what: &str) -> String {
        let numbers = self.numbers();
        let flagged = numbers.iter().filter(|n| n.flagged).count();
        let tested = numbers.iter().filter(|n| n.testable).count();
        let mut out = format!(
            "Written by {what}: {} paired games, {flagged} of {tested} metrics changed beyond noise (5% false \
             discovery rate).\n\n| metric | A | B | B − A (95% interval) | changed |\n|---|---|---|---|---|\n",
            self.games
        );
        let length = |n: &Numbers| n.table == GAME_TABLE && n.row == GAME_ROW && n.column == LENGTH;
        for n in numbers.iter().filter(|n| n.headline || length(n)) {
            let what = if n.table == GAME_TABLE && n.row == GAME_ROW {
                n.column.clone()
            } else {
                format!("{}: {}", n.row, n.column)
            };
            let unit = if n.share { " points" } else { "" };
            let diff = match (n.diff, n.diff_ci) {
                (Some(d), Some((lo, hi))) => {
                    format!("{}{unit} [{}, {}]", n.fmt_diff(d), n.fmt_diff(lo), n.fmt_diff(hi))
                }
                (Some(d), None) => format!("{}{unit}", n.fmt_diff(d)),
                _ => "—".to_owned(),
            };
            let cell = |t: String| t.replace(['|', '\n', '\r'], " ");
            out += &format!(
                "| {} | {} | {} | {} | {} |\n",
                cell(what),
                cell(n.arm_text(0)),
                cell(n.arm_text(1)),
                diff,
                if n.flagged { "yes" } else { "no" }
            );
        }
        out
    }

    /// The ladder's Bradley–Terry ratings under A and B, as metrics of the bot table: the point estimates
    /// from all games, the intervals and the difference's from the bootstrap replicates' fits. Empty with
    /// fewer than two bots or before two bots met.
    fn ratings(&self) -> Vec<Numbers> {
        let k = self.bots.len();
        if k < 2 || self.pairs.iter().any(Pairwise::is_empty) {
            return Vec::new();
        }
        let point = [self.pairs[0].ratings(), self.pairs[1].ratings()];
        let reps: Vec<[Vec<f64>; 2]> = self.pair_reps.iter().map(|[a, b]| [a.ratings(), b.ratings()]).collect();
        let sorted = |f: &dyn Fn(&[Vec<f64>; 2]) -> f64| {
            let mut v: Vec<f64> = reps.iter().map(f).collect();
            v.sort_by(f64::total_cmp);
            v
        };
        (0..k)
            .map(|i| {
                let pairings = |s: usize| self.pairs[s].n[i].iter().sum::<f64>().round() as u64;
                let arm = |s: usize| {
                    let v = sorted(&|r| r[s][i]);
                    let ci = (quantile(&v, 0.025), quantile(&v, 0.975));
                    (Some(point[s][i]), Some(ci), pairings(s), self.bot_games[i])
                };
                let d = sorted(&|r| r[1][i] - r[0][i]);
                let diff = point[1][i] - point[0][i];
                let se_unpaired = sd(&sorted(&|r| r[0][i])).hypot(sd(&sorted(&|r| r[1][i])));
                let (se, z, p) = test(diff, &d);
                Numbers {
                    table: BOT_TABLE.to_owned(),
                    row: self.bots[i].clone(),
                    column: BOT_RATING.to_owned(),
                    arms: [arm(0), arm(1)],
                    share: false,
                    diff: Some(diff),
                    diff_ci: Some((quantile(&d, 0.025), quantile(&d, 0.975))),
                    se,
                    se_unpaired,
                    z,
                    p,
                    testable: self.bot_games[i] >= MIN_GAMES,
                    flagged: false,
                    headline: false,
                }
            })
            .collect()
    }

    /// The summary in words in `locale`, a card's row by the game's `names` in that language (the
    /// report's `summary` is the English one, with the recorded labels).
    pub fn summary(&self, locale: Locale, names: Option<RowNames>) -> Vec<String> {
        summary(&self.numbers(), self.games, self.identical, locale, names)
    }

    /// Every number of the run as the JSON object `sylvan balance --json` prints (the HTML report reads
    /// it too). `about` is merged in first (the game, the arms, how it was run).
    pub fn report(&self, about: Value) -> Value {
        let numbers = self.numbers();
        let mut obj = match about {
            Value::Object(m) => m,
            _ => serde_json::Map::new(),
        };
        let flagged = numbers.iter().filter(|n| n.flagged).count();
        let tested = numbers.iter().filter(|n| n.testable).count();
        obj.insert("games".into(), json!(self.games));
        obj.insert("identical_games".into(), json!(self.identical));
        obj.insert(
            "method".into(),
            json!({
                "pairing": "game g under A and under B: same deal, seats and bot seeds",
                "bootstrap": format!("Poisson bootstrap over games, {REPLICATES} replicates, the same weights for A and B"),
                "difference_interval": "95%: 2.5% and 97.5% quantiles of the replicates' differences (B - A)",
                "se_unpaired": "the standard error the difference would have with A and B from unrelated games (the arms' bootstrap spreads added as independent); se_unpaired / se is what pairing gains",
                "arm_interval": "Wilson 95% for a proportion over games (one observation per game in [0, 1]), bootstrap quantiles otherwise",
                "flag": format!("Benjamini-Hochberg at {}% false discovery rate over {tested} metrics, p from the bootstrap standard error; at least {MIN_GAMES} games under each arm", FDR * 100.0),
            }),
        );
        obj.insert("flagged".into(), json!(flagged));
        obj.insert("tested".into(), json!(tested));
        obj.insert("summary".into(), json!(summary(&numbers, self.games, self.identical, Locale::En, None)));
        let pick =
            |f: &dyn Fn(&Numbers) -> bool| numbers.iter().filter(|n| f(n)).map(Numbers::json).collect::<Vec<_>>();
        obj.insert("facts".into(), json!(pick(&|n| n.table == GAME_TABLE || n.table == END_TRIGGERS)));
        obj.insert("bots".into(), json!(pick(&|n| n.table == BOT_TABLE)));
        obj.insert(
            "cards".into(),
            json!(pick(&|n| n.table != GAME_TABLE && n.table != BOT_TABLE && n.table != END_TRIGGERS)),
        );
        Value::Object(obj)
    }
}

/// One arm's value, interval, observations and games.
type ArmNumbers = (Option<f64>, Option<(f64, f64)>, u64, u64);

/// A metric's computed numbers.
#[derive(Clone, Debug)]
struct Numbers {
    table: String,
    row: String,
    column: String,
    /// Value, interval, observations and games per arm.
    arms: [ArmNumbers; 2],
    share: bool,
    diff: Option<f64>,
    diff_ci: Option<(f64, f64)>,
    se: f64,
    se_unpaired: f64,
    z: f64,
    p: f64,
    testable: bool,
    flagged: bool,
    headline: bool,
}

fn quantile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

/// The sample standard deviation (0 for fewer than two values).
fn sd(v: &[f64]) -> f64 {
    if v.len() > 1 {
        let mean = v.iter().sum::<f64>() / v.len() as f64;
        (v.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (v.len() - 1) as f64).sqrt()
    } else {
        0.0
    }
}

/// A difference `delta` against its bootstrap replicates `d`: the standard error, z and the two-sided
/// p-value (normal approximation); a nonzero difference with no spread at all has p = 0.
fn test(delta: f64, d: &[f64]) -> (f64, f64, f64) {
    let se = sd(d);
    if se > 0.0 {
        (se, delta / se, two_sided_p(delta / se))
    } else if delta != 0.0 {
        (se, f64::INFINITY.copysign(delta), 0.0)
    } else {
        (se, 0.0, 1.0)
    }
}

/// The standard normal's two-sided tail beyond |z| (Abramowitz–Stegun 7.1.26 for erfc, |error| < 1.5e-7).
fn two_sided_p(z: f64) -> f64 {
    let x = z.abs() / std::f64::consts::SQRT_2;
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let poly =
        t * (0.254_829_592 + t * (-0.284_496_736 + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    (poly * (-x * x).exp()).clamp(0.0, 1.0)
}

impl Numbers {
    fn of(m: &Metric) -> Numbers {
        let arm = |a: &Arm, s: usize| {
            let value = a.mean();
            let ci = if a.proportion() {
                Some(wilson(a.sum, a.count as f64))
            } else {
                let mut v: Vec<f64> =
                    m.reps.iter().filter(|r| r[2 * s + 1] > 0.0).map(|r| r[2 * s] / r[2 * s + 1]).collect();
                v.sort_by(f64::total_cmp);
                (v.len() >= REPLICATES / 2).then(|| (quantile(&v, 0.025), quantile(&v, 0.975)))
            };
            (value, ci, a.count, a.games)
        };
        let arms = [arm(&m.a, 0), arm(&m.b, 1)];
        let share = [&m.a, &m.b].iter().all(|a| a.count == 0 || (a.lo >= 0.0 && a.hi <= 1.0))
            && ["rate", "share", "in game"].iter().any(|w| m.column.contains(w));
        let diff = match (arms[0].0, arms[1].0) {
            (Some(a), Some(b)) => Some(b - a),
            _ => None,
        };
        let mut d = Lab::replicate_diffs(m);
        d.sort_by(f64::total_cmp);
        let diff_ci = (diff.is_some() && d.len() >= REPLICATES / 2).then(|| (quantile(&d, 0.025), quantile(&d, 0.975)));

        // What the standard error would be with A and B from unrelated games: the arms' own spreads
        // added as independent.
        let arm_means = |s: usize| -> Vec<f64> {
            m.reps.iter().filter(|r| r[2 * s + 1] > 0.0).map(|r| r[2 * s] / r[2 * s + 1]).collect()
        };
        let se_unpaired = sd(&arm_means(0)).hypot(sd(&arm_means(1)));
        let (se, z, p) = if diff_ci.is_some() { test(diff.unwrap_or(0.0), &d) } else { (sd(&d), 0.0, 1.0) };
        let testable = diff_ci.is_some() && m.a.games >= MIN_GAMES && m.b.games >= MIN_GAMES;
        Numbers {
            table: m.table.clone(),
            row: m.row.clone(),
            column: m.column.clone(),
            arms,
            share,
            diff,
            diff_ci,
            se,
            se_unpaired,
            z,
            p,
            testable,
            flagged: false,
            headline: false,
        }
    }

    fn json(&self) -> Value {
        let arm = |(v, ci, n, g): &ArmNumbers| json!({"value": v, "ci": ci.map(|(a, b)| [a, b]), "n": n, "games": g});
        json!({
            "table": self.table,
            "row": self.row,
            "column": self.column,
            "share": self.share,
            "a": arm(&self.arms[0]),
            "b": arm(&self.arms[1]),
            "diff": self.diff,
            "diff_ci": self.diff_ci.map(|(a, b)| [a, b]),
            "se": self.se,
            "se_unpaired": self.se_unpaired,
            "z": if self.z.is_finite() { json!(self.z) } else { json!(self.z.signum() * 1e9) },
            "p": self.p,
            "flagged": self.flagged,
            "headline": self.headline,
        })
    }

    /// A value in the metric's unit: `41%` for a share, `12.3` otherwise.
    fn fmt(&self, v: f64) -> String {
        if self.column == BOT_RATING {
            format!("{v:.0}")
        } else if self.share {
            format!("{:.0}%", 100.0 * v)
        } else if v.abs() >= 10.0 {
            format!("{v:.1}")
        } else {
            format!("{v:.2}")
        }
    }

    /// A signed difference: `+8` (points) for a share, `+1.5` otherwise.
    fn fmt_diff(&self, v: f64) -> String {
        if self.column == BOT_RATING {
            format!("{v:+.0}")
        } else if self.share {
            format!("{:+.0}", 100.0 * v)
        } else if v.abs() >= 10.0 {
            format!("{v:+.1}")
        } else {
            format!("{v:+.2}")
        }
    }

    fn arm_text(&self, s: usize) -> String {
        match self.arms[s] {
            (Some(v), Some((lo, hi)), _, _) => {
                let range = if self.share {
                    format!("{:.0}–{:.0}", 100.0 * lo, 100.0 * hi)
                } else if lo < 0.0 {
                    // A dash between negative numbers reads as a minus sign.
                    format!("{}, {}", self.fmt(lo), self.fmt(hi))
                } else {
                    format!("{}–{}", self.fmt(lo), self.fmt(hi))
                };
                format!("{} [{range}]", self.fmt(v))
            }
            (Some(v), None, _, _) => self.fmt(v),
            _ => "—".to_owned(),
        }
    }

    /// The metric's name in `locale`: the game facts' column alone, else `row: column`.
    fn what(&self, locale: Locale, names: Option<RowNames>) -> String {
        metric_text(locale, names, &self.table, &self.row, &self.column)
    }

    /// The difference after a sentence (` (+8 points [+3, +13])`), empty without one.
    fn diff_text(&self, locale: Locale) -> String {
        let share = if self.share { "yes" } else { "no" };
        let f = |v: f64| local_number(locale, self.fmt_diff(v));
        match (self.diff, self.diff_ci) {
            (Some(d), Some((lo, hi))) => {
                say(locale, "balance-diff", args!(d = f(d), share = share, lo = f(lo), hi = f(hi)))
            }
            (Some(d), None) => say(locale, "balance-diff-bare", args!(d = f(d), share = share)),
            _ => String::new(),
        }
    }

    /// `L1 Cleansing Rain: win rate, buyers rises from 33% [28–39] under A to 41% [35–47] under B
    /// (+8 points [+3, +13])`, in `locale`.
    fn sentence(&self, locale: Locale, names: Option<RowNames>) -> String {
        let change = match self.diff {
            Some(d) if self.flagged && d > 0.0 => "rise",
            Some(d) if self.flagged && d < 0.0 => "fall",
            _ => "same",
        };
        let a = local_number(locale, self.arm_text(0));
        let b = local_number(locale, self.arm_text(1));
        let line = args!(what = self.what(locale, names), change = change, a = a, b = b, diff = self.diff_text(locale));
        say(locale, "balance-sentence", line)
    }

    /// `row A under A, B under B (diff) (changed)`: an end condition or a bot's rating.
    fn arms_line(&self, locale: Locale, names: Option<RowNames>, with_diff: bool) -> String {
        let diff = if with_diff && self.diff_ci.is_some() { self.diff_text(locale) } else { String::new() };
        let line = args!(
            what = metric_name(locale, names, &self.row),
            a = local_number(locale, self.arm_text(0)),
            b = local_number(locale, self.arm_text(1)),
            diff = diff,
            changed = if self.flagged { "yes" } else { "no" }
        );
        say(locale, "balance-arms", line)
    }
}

/// The balance lab's words: `i18n/{en,fr}/balance.ftl`.
static CATALOG: LazyLock<Catalog> = sylvan_words::catalog!("crates/registry", "balance.ftl");

/// Message `id` in `locale`, in the locale's typography.
fn say(locale: Locale, id: &str, args: Args<'_>) -> String {
    locale.lang().typeset(&CATALOG.text(locale, id, args))
}

/// The lab's own metric names, with their message ids; any other name is a game's (its data).
const METRICS: [(&str, &str); 9] = [
    (GAME_ROW, "balance-metric-all-games"),
    (FIRST_SEAT, "balance-metric-first-seat"),
    (LENGTH, "balance-metric-length"),
    (SPREAD, "balance-metric-spread"),
    (WINNING_SCORE, "balance-metric-winning-score"),
    (MEAN_SCORE, "balance-metric-mean-score"),
    (DRAWS, "balance-metric-draws"),
    (BOT_WIN, "balance-metric-win-rate"),
    (BOT_RATING, "balance-metric-rating"),
];

/// A metric's name as the summary writes it, in `locale`: the game facts' column alone, else
/// `row: column` (the HTML report names its rows so too); a card's row by the game's `names`.
pub fn metric_text(locale: Locale, names: Option<RowNames>, table: &str, row: &str, column: &str) -> String {
    if table == GAME_TABLE && row == GAME_ROW {
        metric_name(locale, names, column)
    } else {
        let row = metric_name(locale, names, row);
        say(locale, "balance-cell", args!(row = row, column = metric_name(locale, names, column)))
    }
}

/// A metric's (or a row's) name in `locale`: the lab's own from the catalog, `seat p0` too; a game's
/// designer statistic by [`row_name`] (a card's by the game's `names`).
pub fn metric_name(locale: Locale, names: Option<RowNames>, name: &str) -> String {
    if let Some((_, id)) = METRICS.iter().find(|(n, _)| *n == name) {
        return say(locale, id, args!());
    }
    match name.strip_prefix("seat ") {
        Some(seat)
            if seat.strip_prefix('p').is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())) =>
        {
            say(locale, "balance-metric-seat", args!(seat = seat))
        }
        _ => row_name(locale, names, name),
    }
}

/// A game's names of its designer statistics' rows in a language: a row's label as recorded (a card's
/// English name, the tally's key: `L1 Podlings`, `Ursus 7`) to the label in `locale`, built from the
/// game's card data and its overlays (`crates/<game>/i18n/<code>/cards.toml`) or catalog, the level
/// prefix kept (`L1 Cosses`); `None` when the label names no card. Each game's `analytics::row_name`,
/// given by [`crate::Entry::row_names`].
pub type RowNames = fn(label: &str, locale: Locale) -> Option<String>;

/// A designer table's row in `locale`: a statistic's name by [`stat_name`] when the catalog names it,
/// else a card's by the game's `names` when it names a card, else as recorded. The stored statistics
/// (and `--json`) keep the English label: it is the row's key.
pub fn row_name(locale: Locale, names: Option<RowNames>, label: &str) -> String {
    let stat = stat_name(locale, label);
    if stat != label || locale == Locale::En {
        return stat;
    }
    names.and_then(|f| f(label, locale)).unwrap_or(stat)
}

/// A designer statistic's name (a table, row or column of a game's `DesignerStats`, which records it in
/// English) in `locale`: the catalog's message `stat-<slug>` (`draw pile exhausted` →
/// `stat-draw-pile-exhausted`), or for a name with a number first or last (`after round 3`, `4 players`)
/// `stat-<slug of the rest>-n` with `$n`; a name with no message (a card's name, `L1 Stag`) as recorded.
pub fn stat_name(locale: Locale, name: &str) -> String {
    let id = format!("stat-{}", slug(name));
    if CATALOG.has(Locale::En, &id) {
        return CATALOG.text(locale, &id, args!());
    }
    let number = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let split = match (name.rsplit_once(' '), name.split_once(' ')) {
        (Some((rest, n)), _) if number(n) => Some((rest, n)),
        (_, Some((n, rest))) if number(n) => Some((rest, n)),
        _ => None,
    };
    if let Some((rest, n)) = split {
        let id = format!("stat-{}-n", slug(rest));
        if CATALOG.has(Locale::En, &id) {
            return CATALOG.text(locale, &id, args!(n = n.parse::<u64>().unwrap_or(0)));
        }
    }
    name.to_owned()
}

/// The message id of the caption of `game`'s designer table `table`: `stat-caption-<game>-<slug of the
/// table>` (`advancements: card impact` of `mystic-vale` →
/// `stat-caption-mystic-vale-advancements-card-impact`); each game's `DesignerStats` records it so.
pub fn caption_id(game: &str, table: &str) -> String {
    format!("stat-caption-{game}-{}", slug(table))
}

/// The caption of `game`'s designer table `table` in `locale`, in its typography: the message
/// `recorded` names (what the tally holds, see [`caption_id`]), else the message by the game's and the
/// table's names, else the shared one (`stat-caption-end-triggers`). A tally written before the
/// captions were messages holds English text: it is shown as it is in English only. `None` when there
/// is nothing to say.
pub fn stat_caption(locale: Locale, game: &str, table: &str, recorded: &str) -> Option<String> {
    let ids = [recorded.to_owned(), caption_id(game, table), format!("stat-caption-{}", slug(table))];
    if let Some(id) = ids.iter().find(|id| id.starts_with("stat-caption-") && CATALOG.has(Locale::En, id)) {
        return Some(say(locale, id, args!()));
    }
    (locale == Locale::En && !recorded.is_empty()).then(|| recorded.to_owned())
}

/// A name's slug as message ids hold it: ASCII letters and digits in lower case, every other run of
/// characters one `-` (`draw pile exhausted` → `draw-pile-exhausted`).
fn slug(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_owned()
}

/// A number text (`12.5`, `41%`) as `locale` writes it (`12,5`, `41 %` in French).
fn local_number(locale: Locale, text: String) -> String {
    locale.lang().number_text(text)
}

/// The report's first lines, in words, in `locale`.
fn summary(numbers: &[Numbers], games: u64, identical: u64, locale: Locale, names: Option<RowNames>) -> Vec<String> {
    let mut out = Vec::new();
    let flagged: Vec<&Numbers> = {
        let mut v: Vec<&Numbers> = numbers.iter().filter(|n| n.flagged && n.table != GAME_TABLE).collect();
        // Rates and impacts (what a designer reads first) before scores, then by |z|.
        let rate = |n: &Numbers| n.share || n.column.contains("impact");
        v.sort_by(|x, y| rate(y).cmp(&rate(x)).then(y.z.abs().total_cmp(&x.z.abs())));
        v
    };
    let tested = numbers.iter().filter(|n| n.testable).count();
    let all_flagged = numbers.iter().filter(|n| n.flagged).count();
    if games > 0 && identical == games {
        out.push(say(locale, "balance-identical", args!(games = games)));
    } else {
        out.push(say(locale, "balance-over", args!(games = games, flagged = all_flagged, tested = tested)));
    }
    for n in flagged.iter().take(5) {
        out.push(say(locale, "balance-flagged", args!(sentence = n.sentence(locale, names))));
    }
    if flagged.len() > 5 {
        out.push(say(locale, "balance-more", args!(n = flagged.len() - 5)));
    }
    for column in [FIRST_SEAT, LENGTH] {
        if let Some(n) = numbers.iter().find(|n| n.table == GAME_TABLE && n.row == GAME_ROW && n.column == column) {
            let changed = if n.flagged { "yes" } else { "no" };
            out.push(say(
                locale,
                "balance-verdict",
                args!(sentence = capitalise(&n.sentence(locale, names)), changed = changed),
            ));
        }
    }
    let ends: Vec<String> = numbers
        .iter()
        .filter(|n| n.table == END_TRIGGERS && n.arms.iter().any(|a| a.0.is_some_and(|v| v > 0.0)))
        .map(|n| n.arms_line(locale, names, false))
        .collect();
    if !ends.is_empty() {
        out.push(say(locale, "balance-ends", args!(ends = ends.join("; "))));
    }
    let ladder: Vec<String> = numbers
        .iter()
        .filter(|n| n.table == BOT_TABLE && n.column == BOT_RATING)
        .map(|n| n.arms_line(locale, names, true))
        .collect();
    if !ladder.is_empty() {
        out.push(say(locale, "balance-ladder", args!(bots = ladder.join("; "))));
    }
    out
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// The lab's private arithmetic, public only for the crate's integration tests: not part of the API.
#[doc(hidden)]
pub mod internals {
    /// A Poisson(1) draw from a uniform.
    pub fn poisson1(u: f64) -> f64 {
        super::super::poisson1(u)
    }

    /// The two-sided normal tail probability beyond |z|.
    pub fn two_sided_p(z: f64) -> f64 {
        super::two_sided_p(z)
    }
}
