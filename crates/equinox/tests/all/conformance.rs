//! The engine's conformance suite on Equinox, for every player count: 120 games each in the normal run,
//! the 1,000 of each it had before (same seeds) in the ignored `sweep_` test (`cargo test --release --
//! --ignored sweep_`, run by `.ci/run`).

use sylvan_engine::{Game, conformance};
use sylvan_equinox::Equinox;

/// Games per player count in the normal run.
const SHORT: usize = 120;

fn run(players: usize, games: usize, seed: u64) {
    let options = Equinox::options_for_players(players).unwrap_or_default();
    match conformance::check::<Equinox>(&options, games, seed) {
        Ok(r) => {
            assert_eq!(r.games, games);
            assert!(r.longest <= Equinox::max_game_length(&options));
        }
        Err(e) => panic!("{players} players: {e}"),
    }
}

#[test]
fn conformance_2_players() {
    run(2, SHORT, 1_000);
}

#[test]
fn conformance_3_players() {
    run(3, SHORT, 2_000);
}

#[test]
fn conformance_4_players() {
    run(4, SHORT, 3_000);
}

#[test]
fn conformance_5_players() {
    run(5, SHORT, 4_000);
}

#[test]
#[ignore = "sweep: cargo test --release -- --ignored sweep_"]
fn sweep_conformance() {
    for (p, seed) in [(2, 1_000), (3, 2_000), (4, 3_000), (5, 4_000)] {
        run(p, 1_000, seed);
    }
}

#[test]
#[ignore = "long: cargo test --release -- --ignored"]
fn conformance_long() {
    for p in 2..=5 {
        run(p, 20_000, 100_000 * p as u64);
    }
}
