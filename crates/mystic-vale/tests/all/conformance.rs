//! The engine's conformance suite on Mystic Vale, for 2, 3 and 4 players, with the base set, with Vale of
//! the Wild and leaders, with Vale of Magic, and with both: 1,000 (base), 200 (wild), 500 (magic) and 100
//! (both) games each in the normal run (the base set alone: about 77 s of CPU in release), 5,000 each in
//! the ignored long run.

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

/// With Vale of Magic.
fn run_magic(players: usize, games: usize, seed: u64) {
    let options = Options { sets: "base,magic".into(), ..MysticVale::options_for_players(players).unwrap_or_default() };
    check(&options, games, seed);
}

fn check(options: &Options, games: usize, seed: u64) {
    let players = options.players;
    match conformance::check::<MysticVale>(options, games, seed) {
        Ok(r) => assert_eq!(r.games, games),
        Err(e) => panic!("{players} players, sets {}: {e}", options.sets),
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
fn conformance_magic_2_players() {
    run_magic(2, 500, 11_000);
}

#[test]
fn conformance_magic_3_players() {
    run_magic(3, 500, 12_000);
}

#[test]
fn conformance_magic_4_players() {
    run_magic(4, 500, 13_000);
}

#[test]
fn conformance_magic_and_wild_with_leaders() {
    for p in 2..=4 {
        let base = MysticVale::options_for_players(p).unwrap_or_default();
        let options = Options { sets: "base,magic,wild".into(), leaders: Leaders::Random, ..base };
        check(&options, 100, 14_000 + 1_000 * p as u64);
    }
}

#[test]
fn conformance_essential_edition() {
    // Every set, the leader/amulet draft and the amulet trade, amulets.
    for p in 2..=4 {
        let base = MysticVale::options_for_players(p).unwrap_or_default();
        let options = Options { edition: sylvan_mystic_vale::setup::Edition::Essential, ..base };
        check(&options, 40, 21_000 + 1_000 * p as u64);
    }
}

#[test]
fn conformance_variants() {
    // Both variants on both expansions with leaders: VP purchases, stacked commons.
    for p in 2..=4 {
        let base = MysticVale::options_for_players(p).unwrap_or_default();
        let sets = "base,magic,wild".into();
        let options = Options { sets, leaders: Leaders::Random, buy_vp: true, stacked_duplicates: true, ..base };
        check(&options, 60, 31_000 + 1_000 * p as u64);
    }
}

#[test]
fn conformance_conclaves() {
    // Six random conclaves with the edition's draft and both variants: determinize keeps to their cards.
    for p in 2..=4 {
        let base = MysticVale::options_for_players(p).unwrap_or_default();
        let options = Options {
            conclaves: "random".into(),
            edition: sylvan_mystic_vale::setup::Edition::Essential,
            buy_vp: true,
            stacked_duplicates: true,
            ..base
        };
        check(&options, 40, 41_000 + 1_000 * p as u64);
    }
}

#[test]
#[ignore = "long: cargo test --release -- --ignored"]
fn conformance_long() {
    for p in 2..=4 {
        run(p, 5_000, 100_000 * p as u64);
        run_wild(p, 5_000, 200_000 * p as u64, Leaders::Choose);
        run_magic(p, 5_000, 300_000 * p as u64);
        // Every set with the leader and amulet draft, and both variants.
        let base = MysticVale::options_for_players(p).unwrap_or_default();
        let essential = Options { edition: sylvan_mystic_vale::setup::Edition::Essential, ..base.clone() };
        check(&essential, 2_000, 400_000 * p as u64);
        let variants = Options { buy_vp: true, stacked_duplicates: true, ..essential };
        check(&variants, 1_000, 500_000 * p as u64);
    }
}
