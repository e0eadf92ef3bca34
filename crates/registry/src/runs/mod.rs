//! The batch runs every front end shares: `sim` (many games between bots) and `tournament` (bots with
//! rotating seats, ratings); and `vector` (many games stepped together for learning code). A run is cut into chunks of games; a chunk's result is plain data
//! (serializable, so a chunk can run in another process or on another machine, as the Python package's
//! Ray runner does) and the results of all chunks, merged in chunk order, give the report. The report
//! is the JSON object the command line prints with `--json`; `ladder` sums the pairwise results of
//! several tournament reports into one rating ladder; `balance` plays the same games under two option
//! sets and compares them; `notebook` writes a run's figure table into a dated lab notebook.

pub mod balance;
pub mod ladder;
pub mod notebook;
pub mod sim;
pub mod tournament;
pub mod vector;

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use sylvan_bots::BotSpec;
use thiserror::Error;

/// A run that could not finish: a game that failed, or a bad request. The message names the game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct RunError(pub String);

/// The most games one run plays (the runs fold their games into running totals batch by batch, so
/// memory does not grow with it).
pub const MAX_GAMES: u64 = 100_000_000;

/// Runs games `0..games` in chunks of `chunk` on up to `threads` worker threads, each taking the next
/// chunk until none is left: `work(first, last)` plays games `first..last` and returns that chunk's
/// result. Results come back in chunk order, so a run does not depend on how threads share the work. The
/// first error stops the workers and is returned; `what` names the work in the error of a thread that
/// panicked.
pub fn run_chunks<T: Send, E: Send + From<RunError>>(
    games: u64,
    chunk: u64,
    threads: u64,
    what: &str,
    work: impl Fn(u64, u64) -> Result<T, E> + Sync,
) -> Result<Vec<T>, E> {
    let chunk = chunk.max(1);
    let chunks = games.div_ceil(chunk);
    let threads = threads.min(chunks).max(1);
    let next = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let failed = || E::from(RunError(format!("a {what} thread failed")));
    // Results as they come, sorted at the end: nothing is allocated for chunks not played yet.
    let results: Mutex<Vec<(u64, T)>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| -> Result<(), E> {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| -> Result<(), E> {
                    while !stop.load(Ordering::Relaxed) {
                        let c = next.fetch_add(1, Ordering::Relaxed);
                        if c >= chunks {
                            break;
                        }
                        match work(c.saturating_mul(chunk), (c + 1).saturating_mul(chunk).min(games)) {
                            Ok(t) => results.lock().map_err(|_| failed())?.push((c, t)),
                            Err(e) => {
                                stop.store(true, Ordering::Relaxed);
                                return Err(e);
                            }
                        }
                    }
                    Ok(())
                })
            })
            .collect();
        for w in workers {
            w.join().map_err(|_| E::from(RunError(format!("a {what} thread panicked"))))??;
        }
        Ok(())
    })?;
    let mut results = results.into_inner().map_err(|_| failed())?;
    results.sort_unstable_by_key(|(c, _)| *c);
    Ok(results.into_iter().map(|(_, t)| t).collect())
}

/// The worker threads to use: `asked`, or one per core, and never more than there are chunks of work.
pub fn worker_threads(asked: Option<u64>, games: u64, chunk: u64) -> u64 {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get() as u64);
    asked.unwrap_or(cores).min(games.div_ceil(chunk.max(1))).max(1)
}

/// A Poisson(1) draw from a uniform in [0, 1).
fn poisson1(u: f64) -> f64 {
    // Cumulative probabilities of 0..=7.
    const CDF: [f64; 8] = [
        0.36787944117144233,
        0.7357588823428847,
        0.9196986029286058,
        0.9810118431238463,
        0.9963401531726563,
        0.9994058151824183,
        0.999916758850712,
        0.9999897508033253,
    ];
    CDF.iter().position(|&c| u < c).unwrap_or(CDF.len()) as f64
}

/// The Poisson-bootstrap weights of game `g` (one Poisson(1) draw per replicate in `out`), from `seed`
/// and `g` alone: a run folds its games one at a time into replicate sums, so its memory does not grow
/// with the number of games, and the weights do not depend on threads.
fn poisson_weights(seed: u64, g: u64, out: &mut [f64]) {
    let mut rng = sylvan_engine::GameRng::new(sylvan_bots::bot_seed(seed, g, 0));
    for w in out {
        let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        *w = poisson1(u);
    }
}

/// One spec for every seat, or exactly one per seat: the specs for `count` seats, or `None` when the
/// list has another length.
pub fn spread_specs(specs: &[BotSpec], count: usize) -> Option<Vec<BotSpec>> {
    match specs.len() {
        1 => Some(vec![specs[0]; count]),
        n if n == count => Some(specs.to_vec()),
        _ => None,
    }
}
