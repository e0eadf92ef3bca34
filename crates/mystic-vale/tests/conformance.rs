//! The engine's conformance suite on Mystic Vale, for 2, 3 and 4 players: 1,000 games each in the normal
//! run (about 77 s of CPU in release, the three tests in parallel: about 40 s on two idle cores), 5,000 each
//! in the ignored long run; with Vale of Magic (`sets=base,magic`), 500 games each.

use sylvan_engine::conformance;
use sylvan_mystic_vale::{MysticVale, Options};

fn run(players: usize, games: usize, seed: u64) {
    run_sets(players, "base", games, seed);
}

fn run_sets(players: usize, sets: &str, games: usize, seed: u64) {
    let options = Options { players, sets: sets.into(), ..Options::default() };
    match conformance::check::<MysticVale>(&options, games, seed) {
        Ok(r) => assert_eq!(r.games, games),
        Err(e) => panic!("{players} players, sets {sets}: {e}"),
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
fn conformance_magic_2_players() {
    run_sets(2, "base,magic", 500, 11_000);
}

#[test]
fn conformance_magic_3_players() {
    run_sets(3, "base,magic", 500, 12_000);
}

#[test]
fn conformance_magic_4_players() {
    run_sets(4, "base,magic", 500, 13_000);
}

#[test]
#[ignore = "long: cargo test --release -- --ignored"]
fn conformance_long() {
    for p in 2..=4 {
        run(p, 5_000, 100_000 * p as u64);
        run_sets(p, "base,magic", 5_000, 200_000 * p as u64);
    }
}
