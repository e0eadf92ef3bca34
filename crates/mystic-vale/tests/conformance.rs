//! The engine's conformance suite on Mystic Vale, for 2, 3 and 4 players: 1,000 games each in the normal
//! run (about 77 s of CPU in release, the three tests in parallel: about 40 s on two idle cores), 5,000 each
//! in the ignored long run.

use sylvan_engine::{Game, conformance};
use sylvan_mystic_vale::MysticVale;

fn run(players: usize, games: usize, seed: u64) {
    let options = MysticVale::options_for_players(players).unwrap_or_default();
    match conformance::check::<MysticVale>(&options, games, seed) {
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
#[ignore = "long: cargo test --release -- --ignored"]
fn conformance_long() {
    for p in 2..=4 {
        run(p, 5_000, 100_000 * p as u64);
    }
}
