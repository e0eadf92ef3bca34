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
    let specs = spread_specs(&listed, seats).ok_or_else(|| {
        err(format!(
            "bots `{bots}`: {} bot specs for {seats} seats (give one for all, or one per seat in order)",
            listed.len()
        ))
    })?;
    Ok(SimPlan { entry, options, specs })
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
    check_games(games)?;
    let plan = sim_plan(game, players, &overrides, bots, seed)?;
    let threads = worker_threads(threads, games, sim::CHUNK);
    py.detach(|| -> Result<String, RunError> {
        let start = Instant::now();
        let chunks = run_chunks(games, sim::CHUNK, threads, "simulation", |first, last| {
            sim::run_chunk(plan.entry, &plan.options, &plan.specs, seed, (first, last), |_, _| ())
        })?;
        let elapsed = start.elapsed().as_secs_f64();
        let summary = SimSummary::new(&plan.specs, &chunks);
        Ok(summary.to_json(plan.entry.name(), seed, &plan.specs, threads, elapsed).to_string())
    })
    .map_err(err)
}

/// Games `first..last` of a simulation: their totals as JSON text.
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
    check_range(first, last)?;
    let plan = sim_plan(game, players, &overrides, bots, seed)?;
    py.detach(|| -> Result<String, RunError> {
        let totals = sim::run_chunk(plan.entry, &plan.options, &plan.specs, seed, (first, last), |_, _| ())?;
        serde_json::to_string(&totals).map_err(|e| RunError(e.to_string()))
    })
    .map_err(err)
}

/// The report of a simulation from its chunks' totals (JSON texts, in order), as JSON text; `threads`
/// and `seconds` say how it ran.
#[pyfunction]
#[pyo3(signature = (game, players, overrides, bots, seed, chunks, threads, seconds))]
#[allow(clippy::too_many_arguments)]
fn sim_merge(
    game: &str,
    players: Option<usize>,
    overrides: Vec<String>,
    bots: &str,
    seed: u64,
    chunks: Vec<String>,
    threads: u64,
    seconds: f64,
) -> PyResult<String> {
    let plan = sim_plan(game, players, &overrides, bots, seed)?;
    let totals: Vec<SimTotals> = chunks
        .iter()
        .enumerate()
        .map(|(i, c)| serde_json::from_str(c).map_err(|e| err(format!("chunk {i}: {e}"))))
        .collect::<PyResult<_>>()?;
    if let Some(i) = totals.iter().position(|t| t.wins.len() != plan.specs.len() || t.scores.len() != plan.specs.len())
    {
        return Err(err(format!("chunk {i}: not a chunk of this simulation ({} seats)", plan.specs.len())));
    }
    let summary = SimSummary::new(&plan.specs, &totals);
    Ok(summary.to_json(plan.entry.name(), seed, &plan.specs, threads, seconds).to_string())
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
    let schedule = Schedule::new(entry, specs, probe.num_seats()).map_err(|e| err(format!("bots `{bots}`: {e}")))?;
    Ok(TournamentPlan { entry, options, schedule })
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
    check_games(games)?;
    let plan = tournament_plan(game, players, &overrides, bots, seed)?;
    let threads = worker_threads(threads, games, tournament::CHUNK);
    py.detach(|| -> Result<String, RunError> {
        let start = Instant::now();
        let chunks = run_chunks(games, tournament::CHUNK, threads, "tournament", |first, last| {
            plan.schedule.run_chunk(plan.entry, &plan.options, seed, (first, last), || ())
        })?;
        let elapsed = start.elapsed().as_secs_f64();
        Ok(tournament::report(plan.entry.name(), &plan.schedule, seed, threads, elapsed, &chunks)?.to_string())
    })
    .map_err(err)
}

/// Games `first..last` of a tournament: their results as JSON text.
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
    check_range(first, last)?;
    let plan = tournament_plan(game, players, &overrides, bots, seed)?;
    py.detach(|| -> Result<String, RunError> {
        let chunk = plan.schedule.run_chunk(plan.entry, &plan.options, seed, (first, last), || ())?;
        serde_json::to_string(&chunk).map_err(|e| RunError(e.to_string()))
    })
    .map_err(err)
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
    let plan = tournament_plan(game, players, &overrides, bots, seed)?;
    let chunks: Vec<Chunk> = chunks
        .iter()
        .enumerate()
        .map(|(i, c)| serde_json::from_str(c).map_err(|e| err(format!("chunk {i}: {e}"))))
        .collect::<PyResult<_>>()?;
    py.detach(|| tournament::report(plan.entry.name(), &plan.schedule, seed, threads, seconds, &chunks))
        .map(|v| v.to_string())
        .map_err(err)
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
