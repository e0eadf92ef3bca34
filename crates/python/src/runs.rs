//! The batch runs of the command line (`sylvan sim`, `sylvan tournament`) with the same numbers and
//! JSON, whole or chunk by chunk (for Ray: a chunk's result is JSON text, merged in chunk order). Every
//! function releases the GIL while games are played.

use std::time::Instant;

use pyo3::prelude::*;
use serde_json::Value;
use sylvan_bots::BotSpec;
use sylvan_registry::Entry;
use sylvan_registry::runs::sim::{self, SimSummary, SimTotals};
use sylvan_registry::runs::tournament::{self, Chunk, Schedule};
use sylvan_registry::runs::{MAX_GAMES, RunError, run_chunks, spread_specs, worker_threads};

use crate::{entry, err};

/// A simulation: the game, its options and one bot per seat.
struct SimPlan {
    entry: &'static Entry,
    options: Value,
    specs: Vec<BotSpec>,
    /// The seats the game plays itself (the solo Robot): given no spec, credited to no bot.
    automated: Vec<bool>,
}

fn options(entry: &Entry, players: Option<usize>, overrides: &[String]) -> PyResult<Value> {
    entry.game().options(players, overrides).map_err(err)
}

fn sim_plan(game: &str, players: Option<usize>, overrides: &[String], bots: &str, seed: u64) -> PyResult<SimPlan> {
    let entry = entry(game)?;
    let options = options(entry, players, overrides)?;
    let probe = entry.game().new_game(&options, seed).map_err(|e| err(format!("{}: {e}", entry.name())))?;
    let seats = probe.num_seats();
    let listed = BotSpec::parse_list(bots).map_err(|e| err(format!("bots `{bots}`: {e}")))?;
    entry.check_bots(&listed).map_err(|e| err(format!("bots `{bots}`: {e}")))?;
    // As the command line: specs for the seats bots play; a seat the game plays itself holds the first
    // spec's place, never asked, and is credited to no bot.
    let automated: Vec<bool> = sylvan_engine::Seat::all(seats).map(|s| probe.automated_seat(s).is_some()).collect();
    let free = automated.iter().filter(|a| !**a).count();
    let whose = if free < seats { "bot seats (the others are played by the game)" } else { "seats" };
    let given = spread_specs(&listed, free).ok_or_else(|| {
        err(format!(
            "bots `{bots}`: {} bot specs for {free} {whose} (give one for all, or one per seat in order)",
            listed.len()
        ))
    })?;
    let mut given_iter = given.iter().copied();
    let specs: Vec<BotSpec> =
        automated.iter().map(|&a| if a { given[0] } else { given_iter.next().unwrap_or(given[0]) }).collect();
    Ok(SimPlan { entry, options, specs, automated })
}

fn check_games(games: u64) -> PyResult<()> {
    if (1..=MAX_GAMES).contains(&games) {
        Ok(())
    } else {
        Err(err(format!("games must be 1 to {MAX_GAMES}, not {games}")))
    }
}

fn check_range(first: u64, last: u64) -> PyResult<()> {
    if first <= last && last <= MAX_GAMES { Ok(()) } else { Err(err(format!("bad range of games {first}..{last}"))) }
}

/// A tournament: the game, its options and its schedule.
struct TournamentPlan {
    entry: &'static Entry,
    options: Value,
    schedule: Schedule,
}

fn tournament_plan(
    game: &str,
    players: Option<usize>,
    overrides: &[String],
    bots: &str,
    seed: u64,
) -> PyResult<TournamentPlan> {
    let entry = entry(game)?;
    let options = options(entry, players, overrides)?;
    let probe = entry.game().new_game(&options, seed).map_err(|e| err(format!("{}: {e}", entry.name())))?;
    let specs = BotSpec::parse_list(bots).map_err(|e| err(format!("bots `{bots}`: {e}")))?;
    // Seats the game plays itself (the solo Robot) get no bot, as on the command line (issue 38).
    let automated: Vec<bool> =
        sylvan_engine::Seat::all(probe.num_seats()).map(|s| probe.automated_seat(s).is_some()).collect();
    let schedule = Schedule::at_table(entry, specs, automated).map_err(|e| err(format!("bots `{bots}`: {e}")))?;
    Ok(TournamentPlan { entry, options, schedule })
}

/// One kind of batch run (a simulation or a tournament): its plan, how one chunk of games runs, and
/// how the chunks' results make the report. The Python functions of both kinds share the helpers below.
trait Run: Sized + Sync {
    /// A chunk's result (sent as JSON text between Ray workers).
    type Chunk: serde::Serialize + serde::de::DeserializeOwned + Send + Sync;
    /// Games per chunk in a run on threads.
    const CHUNK: u64;
    /// What the run is, for errors.
    const WHAT: &'static str;
    /// The plan from the Python arguments.
    fn plan(req: &Request) -> PyResult<Self>;
    /// Plays games `first..last`.
    fn run_chunk(&self, seed: u64, range: (u64, u64)) -> Result<Self::Chunk, RunError>;
    /// Checks a chunk read back from JSON against the plan.
    fn check(&self, _chunk: &Self::Chunk) -> Result<(), String> {
        Ok(())
    }
    /// The report (the command line's `--json`) from the chunks in order.
    fn report(&self, seed: u64, threads: u64, seconds: f64, chunks: &[Self::Chunk]) -> Result<Value, RunError>;
}

/// The arguments every run function takes.
struct Request<'a> {
    game: &'a str,
    players: Option<usize>,
    overrides: &'a [String],
    bots: &'a str,
    seed: u64,
}

impl Run for SimPlan {
    type Chunk = SimTotals;
    const CHUNK: u64 = sim::CHUNK;
    const WHAT: &'static str = "simulation";

    fn plan(r: &Request) -> PyResult<Self> {
        sim_plan(r.game, r.players, r.overrides, r.bots, r.seed)
    }

    fn run_chunk(&self, seed: u64, range: (u64, u64)) -> Result<SimTotals, RunError> {
        sim::run_chunk(self.entry, &self.options, &self.specs, seed, range, |_, _| ())
    }

    fn check(&self, t: &SimTotals) -> Result<(), String> {
        if t.wins.len() != self.specs.len() || t.scores.len() != self.specs.len() {
            return Err(format!("not a chunk of this simulation ({} seats)", self.specs.len()));
        }
        Ok(())
    }

    fn report(&self, seed: u64, threads: u64, seconds: f64, chunks: &[SimTotals]) -> Result<Value, RunError> {
        let summary = SimSummary::at_table(&self.specs, &self.automated, chunks);
        Ok(summary.to_json(self.entry.name(), seed, &self.specs, threads, seconds))
    }
}

impl Run for TournamentPlan {
    type Chunk = Chunk;
    const CHUNK: u64 = tournament::CHUNK;
    const WHAT: &'static str = "tournament";

    fn plan(r: &Request) -> PyResult<Self> {
        tournament_plan(r.game, r.players, r.overrides, r.bots, r.seed)
    }

    fn run_chunk(&self, seed: u64, range: (u64, u64)) -> Result<Chunk, RunError> {
        self.schedule.run_chunk(self.entry, &self.options, seed, range, || ())
    }

    fn report(&self, seed: u64, threads: u64, seconds: f64, chunks: &[Chunk]) -> Result<Value, RunError> {
        tournament::report(self.entry.name(), &self.schedule, seed, threads, seconds, chunks)
    }
}

/// A whole run on threads: the report as JSON text.
fn run_json<R: Run>(py: Python<'_>, req: &Request, games: u64, threads: Option<u64>) -> PyResult<String> {
    check_games(games)?;
    let plan = R::plan(req)?;
    let threads = worker_threads(threads, games, R::CHUNK);
    py.detach(|| -> Result<String, RunError> {
        let start = Instant::now();
        let chunks =
            run_chunks(games, R::CHUNK, threads, R::WHAT, |first, last| plan.run_chunk(req.seed, (first, last)))?;
        Ok(plan.report(req.seed, threads, start.elapsed().as_secs_f64(), &chunks)?.to_string())
    })
    .map_err(err)
}

/// Games `first..last` of a run, cut where the command line cuts its chunks (at multiples of
/// `R::CHUNK`): the list of their results as JSON text. A range whose ends are multiples of `R::CHUNK`
/// (or the run's last game) gives exactly the command line's chunks, so the merged report sums the same
/// numbers in the same order and is equal to the last bit, however the ranges were spread.
fn chunk_json<R: Run>(py: Python<'_>, req: &Request, first: u64, last: u64) -> PyResult<String> {
    check_range(first, last)?;
    let plan = R::plan(req)?;
    py.detach(|| -> Result<String, RunError> {
        let mut chunks = Vec::new();
        let mut start = first;
        while start < last {
            let end = ((start / R::CHUNK + 1) * R::CHUNK).min(last);
            chunks.push(plan.run_chunk(req.seed, (start, end))?);
            start = end;
        }
        serde_json::to_string(&chunks).map_err(|e| RunError(e.to_string()))
    })
    .map_err(err)
}

/// The report of a run from its chunks' results (JSON texts, in order), as JSON text.
fn merge_json<R: Run>(
    py: Python<'_>,
    req: &Request,
    chunks: &[String],
    threads: u64,
    seconds: f64,
) -> PyResult<String> {
    let plan = R::plan(req)?;
    let mut all: Vec<R::Chunk> = Vec::new();
    for (i, c) in chunks.iter().enumerate() {
        // A task's result is a list of chunks (`chunk_json`); one chunk alone is read as a list of one.
        let value: Value = serde_json::from_str(c).map_err(|e| err(format!("chunk {i}: {e}")))?;
        let items = match value {
            Value::Array(items) => items,
            one => vec![one],
        };
        for item in items {
            let chunk: R::Chunk = serde_json::from_value(item).map_err(|e| err(format!("chunk {i}: {e}")))?;
            plan.check(&chunk).map_err(|e| err(format!("chunk {i}: {e}")))?;
            all.push(chunk);
        }
    }
    let chunks = all;
    py.detach(|| plan.report(req.seed, threads, seconds, &chunks)).map(|v| v.to_string()).map_err(err)
}

/// `sylvan sim --json`: the report as JSON text.
#[pyfunction]
#[pyo3(signature = (game, players, overrides, bots, games, seed, threads=None))]
#[allow(clippy::too_many_arguments)]
fn sim_json(
    py: Python<'_>,
    game: &str,
    players: Option<usize>,
    overrides: Vec<String>,
    bots: &str,
    games: u64,
    seed: u64,
    threads: Option<u64>,
) -> PyResult<String> {
    run_json::<SimPlan>(py, &Request { game, players, overrides: &overrides, bots, seed }, games, threads)
}

/// Games `first..last` of a simulation: the totals of each of the command line's chunks in it, as JSON
/// text.
#[pyfunction]
#[pyo3(signature = (game, players, overrides, bots, seed, first, last))]
#[allow(clippy::too_many_arguments)]
fn sim_chunk(
    py: Python<'_>,
    game: &str,
    players: Option<usize>,
    overrides: Vec<String>,
    bots: &str,
    seed: u64,
    first: u64,
    last: u64,
) -> PyResult<String> {
    chunk_json::<SimPlan>(py, &Request { game, players, overrides: &overrides, bots, seed }, first, last)
}

/// The report of a simulation from its chunks' totals (JSON texts, in order), as JSON text; `threads`
/// and `seconds` say how it ran.
#[pyfunction]
#[pyo3(signature = (game, players, overrides, bots, seed, chunks, threads, seconds))]
#[allow(clippy::too_many_arguments)]
fn sim_merge(
    py: Python<'_>,
    game: &str,
    players: Option<usize>,
    overrides: Vec<String>,
    bots: &str,
    seed: u64,
    chunks: Vec<String>,
    threads: u64,
    seconds: f64,
) -> PyResult<String> {
    merge_json::<SimPlan>(py, &Request { game, players, overrides: &overrides, bots, seed }, &chunks, threads, seconds)
}

/// `sylvan tournament --json`: the report as JSON text.
#[pyfunction]
#[pyo3(signature = (game, players, overrides, bots, games, seed, threads=None))]
#[allow(clippy::too_many_arguments)]
fn tournament_json(
    py: Python<'_>,
    game: &str,
    players: Option<usize>,
    overrides: Vec<String>,
    bots: &str,
    games: u64,
    seed: u64,
    threads: Option<u64>,
) -> PyResult<String> {
    run_json::<TournamentPlan>(py, &Request { game, players, overrides: &overrides, bots, seed }, games, threads)
}

/// Games `first..last` of a tournament: the results of each of the command line's chunks in it, as
/// JSON text.
#[pyfunction]
#[pyo3(signature = (game, players, overrides, bots, seed, first, last))]
#[allow(clippy::too_many_arguments)]
fn tournament_chunk(
    py: Python<'_>,
    game: &str,
    players: Option<usize>,
    overrides: Vec<String>,
    bots: &str,
    seed: u64,
    first: u64,
    last: u64,
) -> PyResult<String> {
    chunk_json::<TournamentPlan>(py, &Request { game, players, overrides: &overrides, bots, seed }, first, last)
}

/// The report of a tournament from its chunks' results (JSON texts, in order), as JSON text.
#[pyfunction]
#[pyo3(signature = (game, players, overrides, bots, seed, chunks, threads, seconds))]
#[allow(clippy::too_many_arguments)]
fn tournament_merge(
    py: Python<'_>,
    game: &str,
    players: Option<usize>,
    overrides: Vec<String>,
    bots: &str,
    seed: u64,
    chunks: Vec<String>,
    threads: u64,
    seconds: f64,
) -> PyResult<String> {
    let req = Request { game, players, overrides: &overrides, bots, seed };
    merge_json::<TournamentPlan>(py, &req, &chunks, threads, seconds)
}

/// Adds the run functions and their chunk sizes to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("SIM_CHUNK", sim::CHUNK)?;
    m.add("TOURNAMENT_CHUNK", tournament::CHUNK)?;
    m.add_function(wrap_pyfunction!(sim_json, m)?)?;
    m.add_function(wrap_pyfunction!(sim_chunk, m)?)?;
    m.add_function(wrap_pyfunction!(sim_merge, m)?)?;
    m.add_function(wrap_pyfunction!(tournament_json, m)?)?;
    m.add_function(wrap_pyfunction!(tournament_chunk, m)?)?;
    m.add_function(wrap_pyfunction!(tournament_merge, m)?)?;
    m.add_function(wrap_pyfunction!(crate::game::replay, m)?)?;
    Ok(())
}
