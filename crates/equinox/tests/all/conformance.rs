//! The engine's conformance suite on Equinox, for every player count.

use sylvan_engine::{Game, conformance};
use sylvan_equinox::Equinox;

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
    run(2, 1000, 1_000);
}

#[test]
fn conformance_3_players() {
    run(3, 1000, 2_000);
}

#[test]
fn conformance_4_players() {
    run(4, 1000, 3_000);
}

#[test]
fn conformance_5_players() {
    run(5, 1000, 4_000);
}

#[test]
#[ignore = "long: cargo test --release -- --ignored"]
fn conformance_long() {
    for p in 2..=5 {
        run(p, 20_000, 100_000 * p as u64);
    }
}
