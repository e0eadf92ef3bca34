//! Where a Mystic Vale random playout's time goes, phase by phase (not a benchmark): uniform random
//! playouts as `sylvan bench` plays them, each move's listing and applying timed apart and tallied by the
//! phase the move was taken in. Prints, per phase, its share of the moves, the mean length of its legal
//! lists, nanoseconds a listing and an application (the random pick counted with the application; the
//! clock's own cost, measured first, taken off), and its share of the time. Compare two setups to see where one's moves cost more than the other's:
//!
//! ```text
//! cargo build --release -p sylvan-benches --features lab --example mvphases
//! taskset -c 1 target/release/examples/mvphases '{"players":2}' 20000
//! taskset -c 1 target/release/examples/mvphases '{"players":2,"sets":"all","leaders":"random","amulets":"random"}' 20000
//! ```
//!
//! The first argument is the game's options as JSON (as `sylvan` reads `-o`), the second the number of
//! playouts (seeds 0 and up). Nanoseconds are this machine's and this load's: compare setups in one run
//! of each, one after the other, and read the shares and ratios.

use std::collections::HashMap;
use std::mem::{Discriminant, discriminant};
use std::process::ExitCode;
use std::time::Instant;

use sylvan_engine::{Game, GameRng, NoEvents};
use sylvan_mystic_vale::state::Phase;
use sylvan_mystic_vale::{MysticVale, Options};

/// One phase's tally: moves, actions listed, nanoseconds listing and applying (the clock's cost in).
#[derive(Default)]
struct Tally {
    name: String,
    moves: u64,
    listed: u64,
    list_ns: u128,
    apply_ns: u128,
}

/// What one reading of the clock costs, in nanoseconds: the least of 50 means of 1,000 readings in a row.
fn clock_cost() -> f64 {
    (0..50)
        .map(|_| {
            let start = Instant::now();
            let mut last = start;
            for _ in 0..1000 {
                last = Instant::now();
            }
            last.duration_since(start).as_nanos() as f64 / 1000.0
        })
        .fold(f64::INFINITY, f64::min)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let (Some(json), Some(games)) = (args.get(1), args.get(2).and_then(|n| n.parse::<u64>().ok())) else {
        eprintln!("usage: mvphases OPTIONS_JSON PLAYOUTS");
        return ExitCode::from(2);
    };
    let options: Options = match serde_json::from_str(json) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("mvphases: options: {e}");
            return ExitCode::from(2);
        }
    };
    let clock = clock_cost();
    let mut tallies: HashMap<Discriminant<Phase>, Tally> = HashMap::new();
    let mut rng = GameRng::new(7);
    let mut legal = Vec::with_capacity(1024);
    let mut moves = 0u64;
    for seed in 0..games {
        let mut state = match MysticVale::new(&options, seed) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("mvphases: seed {seed}: {}: {}", e.field, e.message);
                return ExitCode::from(1);
            }
        };
        while state.to_move().is_some() {
            let tally = tallies.entry(discriminant(&state.phase)).or_default();
            if tally.name.is_empty() {
                let name = format!("{:?}", state.phase);
                tally.name = name.split([' ', '{', '(']).next().unwrap_or_default().to_owned();
            }
            let t0 = Instant::now();
            state.legal_actions(&mut legal);
            let t1 = Instant::now();
            let Some(&action) = legal.get(rng.index(legal.len().max(1))) else {
                eprintln!("mvphases: seed {seed}: no legal action at move {}", state.moves);
                return ExitCode::from(1);
            };
            state.apply_unchecked(action, &mut NoEvents);
            let t2 = Instant::now();
            tally.moves += 1;
            tally.listed += legal.len() as u64;
            tally.list_ns += t1.duration_since(t0).as_nanos();
            tally.apply_ns += t2.duration_since(t1).as_nanos();
            moves += 1;
        }
    }
    let mut rows: Vec<&Tally> = tallies.values().collect();
    rows.sort_by_key(|t| std::cmp::Reverse(t.moves));
    let net = |ns: u128, n: u64| (ns as f64 / n as f64 - clock).max(0.0);
    let total: f64 = rows.iter().map(|t| (net(t.list_ns, t.moves) + net(t.apply_ns, t.moves)) * t.moves as f64).sum();
    println!(
        "{games} playouts, {moves} moves, {:.1} ns a move (the clock's {clock:.1} ns a reading taken off)\n",
        total / moves as f64
    );
    println!("| phase | moves | mean list | ns a listing | ns an application | share of the time |");
    println!("|---|---:|---:|---:|---:|---:|");
    for t in rows {
        let (l, a) = (net(t.list_ns, t.moves), net(t.apply_ns, t.moves));
        println!(
            "| {} | {:.1}% | {:.1} | {l:.1} | {a:.1} | {:.1}% |",
            t.name,
            100.0 * t.moves as f64 / moves as f64,
            t.listed as f64 / t.moves as f64,
            100.0 * (l + a) * t.moves as f64 / total
        );
    }
    ExitCode::SUCCESS
}
