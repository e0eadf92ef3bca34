//! The engine's conformance suite on Mystic Vale, for 2, 3 and 4 players, with the base set and with
//! Vale of the Wild and leaders: 1,000 (base) and 200 (wild) games each in the normal run (about 77 s of CPU in release, the three tests in parallel: about 40 s on two idle cores), 5,000 each
//! in the ignored long run.

use sylvan_engine::{Game, conformance};
use sylvan_mystic_vale::setup::Leaders;
use sylvan_mystic_vale::{MysticVale, Options};

fn run(players: usize, games: usize, seed: u64) {
    let options = MysticVale::options_for_players(players).unwrap_or_default();
    check(&options, games, seed);
}

/// With Vale of the Wild and leaders (`choose`, so the leader choice is played too).
fn run_wild(players: usize, games: usize, seed: u64, leaders: Leaders) {
    let options =
        Options { sets: "base,wild".into(), leaders, ..MysticVale::options_for_players(players).unwrap_or_default() };
    check(&options, games, seed);
}

fn check(options: &Options, games: usize, seed: u64) {
    let players = options.players;
    match conformance::check::<MysticVale>(options, games, seed) {
        Ok(r) => assert_eq!(r.games, games),
        Err(e) => panic!("{players} players: {e}"),
    }
}

#[test]
fn conformance_2_players() {
    run(2, 1_000, 1_000);
}

#[test]
fn conformance_3_players() {
    run(3, 1_000, 2_000);
}

#[test]
fn conformance_4_players() {
    run(4, 1_000, 3_000);
}

#[test]
fn conformance_wild_2_players() {
    run_wild(2, 200, 4_000, Leaders::Choose);
}

#[test]
fn conformance_wild_3_players() {
    run_wild(3, 200, 5_000, Leaders::Random);
}

#[test]
fn conformance_wild_4_players() {
    run_wild(4, 200, 6_000, Leaders::Choose);
}

#[test]
#[ignore = "long: cargo test --release -- --ignored"]
fn conformance_long() {
    for p in 2..=4 {
        run(p, 5_000, 100_000 * p as u64);
        run_wild(p, 5_000, 200_000 * p as u64, Leaders::Choose);
    }
}
