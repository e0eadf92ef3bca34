//! The engine's conformance suite on Mystic Vale, for 2, 3 and 4 players, with the base set, with Vale of
//! the Wild and leaders, with Vale of Magic, with both, with the Essential Edition's draft, the variants and
//! conclaves. The normal run plays a short sample of each, and tries every action id as an illegal
//! candidate on every step of the first game of each set at one of its player counts (with thousands of
//! ids, such a game costs as much as hundreds of sampled ones; the counts rotate between the sets); the
//! ignored `sweep_` test plays the larger sample every set had before, with every id tried in the first 8
//! games of every call (`cargo test --release -- --ignored sweep_`, run by `.ci/run`), and
//! `conformance_long` 5,000 games each.

use sylvan_engine::conformance::Scrutiny;
use sylvan_engine::{Game, conformance};
use sylvan_mystic_vale::setup::Leaders;
use sylvan_mystic_vale::{MysticVale, Options};

fn run(players: usize, sample: &Sample, seed: u64) {
    let options = MysticVale::options_for_players(players).unwrap_or_default();
    check(&options, sample, sample.base, seed, 2);
}

/// With Vale of the Wild and leaders (`choose`, so the leader choice is played too).
fn run_wild(players: usize, sample: &Sample, seed: u64, leaders: Leaders) {
    let options =
        Options { sets: "base,wild".into(), leaders, ..MysticVale::options_for_players(players).unwrap_or_default() };
    check(&options, sample, sample.wild, seed, 3);
}

/// With Vale of Magic.
fn run_magic(players: usize, sample: &Sample, seed: u64) {
    let options = Options { sets: "base,magic".into(), ..MysticVale::options_for_players(players).unwrap_or_default() };
    check(&options, sample, sample.magic, seed, 4);
}

/// Checks `games` games; every id is tried in the first games only at `scan_at` players, unless the
/// sample scans at every count.
fn check(options: &Options, sample: &Sample, games: usize, seed: u64, scan_at: usize) {
    let players = options.players;
    let mut scrutiny = sample.scrutiny;
    if !sample.scan_every_count && players != scan_at {
        scrutiny.full_scan_games = 0;
    }
    match conformance::check_with::<MysticVale>(options, games, seed, scrutiny) {
        Ok(r) => assert_eq!(r.games, games),
        Err(e) => panic!("{players} players, sets {}: {e}", options.sets),
    }
}

/// Games per player count for each option set.
struct Sample {
    base: usize,
    wild: usize,
    magic: usize,
    magic_and_wild: usize,
    essential: usize,
    variants: usize,
    conclaves: usize,
    /// How many games of each call try every id, and check views at every step.
    scrutiny: Scrutiny,
    /// Whether every player count tries every id (otherwise one count per set).
    scan_every_count: bool,
}

/// The normal run: every option set at every player count, a few games each.
const SHORT: Sample = Sample {
    base: 50,
    wild: 15,
    magic: 20,
    magic_and_wild: 10,
    essential: 6,
    variants: 6,
    conclaves: 6,
    scrutiny: Scrutiny { full_scan_games: 1, deep_games: 4 },
    scan_every_count: false,
};

/// The ignored sweep: the sample the normal run played until the test time was cut.
const SWEEP: Sample = Sample {
    base: 1_000,
    wild: 200,
    magic: 500,
    magic_and_wild: 100,
    essential: 40,
    variants: 60,
    conclaves: 40,
    scrutiny: Scrutiny { full_scan_games: 8, deep_games: 4 },
    scan_every_count: true,
};

/// The long run (`conformance_long`): the sets not listed play no game there.
const LONG: Sample = Sample {
    base: 5_000,
    wild: 5_000,
    magic: 5_000,
    magic_and_wild: 0,
    essential: 2_000,
    variants: 1_000,
    conclaves: 0,
    scrutiny: Scrutiny { full_scan_games: 8, deep_games: 4 },
    scan_every_count: true,
};

#[test]
fn conformance_2_players() {
    run(2, &SHORT, 1_000);
}

#[test]
fn conformance_3_players() {
    run(3, &SHORT, 2_000);
}

#[test]
fn conformance_4_players() {
    run(4, &SHORT, 3_000);
}

#[test]
fn conformance_wild_2_players() {
    run_wild(2, &SHORT, 4_000, Leaders::Choose);
}

#[test]
fn conformance_wild_3_players() {
    run_wild(3, &SHORT, 5_000, Leaders::Random);
}

#[test]
fn conformance_wild_4_players() {
    run_wild(4, &SHORT, 6_000, Leaders::Choose);
}

#[test]
fn conformance_magic_2_players() {
    run_magic(2, &SHORT, 11_000);
}

#[test]
fn conformance_magic_3_players() {
    run_magic(3, &SHORT, 12_000);
}

#[test]
fn conformance_magic_4_players() {
    run_magic(4, &SHORT, 13_000);
}

fn magic_and_wild_with_leaders(sample: &Sample) {
    for p in 2..=4 {
        let base = MysticVale::options_for_players(p).unwrap_or_default();
        let options = Options { sets: "base,magic,wild".into(), leaders: Leaders::Random, ..base };
        check(&options, sample, sample.magic_and_wild, 14_000 + 1_000 * p as u64, 2);
    }
}

#[test]
fn conformance_magic_and_wild_with_leaders() {
    magic_and_wild_with_leaders(&SHORT);
}

/// Every set, the leader/amulet draft and the amulet trade, amulets.
fn essential_edition(sample: &Sample) {
    for p in 2..=4 {
        let base = MysticVale::options_for_players(p).unwrap_or_default();
        let options = Options { edition: sylvan_mystic_vale::setup::Edition::Essential, ..base };
        check(&options, sample, sample.essential, 21_000 + 1_000 * p as u64, 3);
    }
}

#[test]
fn conformance_essential_edition() {
    essential_edition(&SHORT);
}

/// Both variants on both expansions with leaders: VP purchases, stacked commons.
fn variants(sample: &Sample) {
    for p in 2..=4 {
        let base = MysticVale::options_for_players(p).unwrap_or_default();
        let sets = "base,magic,wild".into();
        let options = Options { sets, leaders: Leaders::Random, buy_vp: true, stacked_duplicates: true, ..base };
        check(&options, sample, sample.variants, 31_000 + 1_000 * p as u64, 4);
    }
}

#[test]
fn conformance_variants() {
    variants(&SHORT);
}

/// Six random conclaves with the edition's draft and both variants: determinize keeps to their cards.
fn conclaves(sample: &Sample) {
    for p in 2..=4 {
        let base = MysticVale::options_for_players(p).unwrap_or_default();
        let options = Options {
            conclaves: "random".into(),
            edition: sylvan_mystic_vale::setup::Edition::Essential,
            buy_vp: true,
            stacked_duplicates: true,
            ..base
        };
        check(&options, sample, sample.conclaves, 41_000 + 1_000 * p as u64, 2);
    }
}

#[test]
fn conformance_conclaves() {
    conclaves(&SHORT);
}

// The normal run's tests on the sweep's sample, from the same seeds, in four tests that run in parallel.

#[test]
#[ignore = "sweep: cargo test --release -- --ignored sweep_"]
fn sweep_conformance_base() {
    for (p, seed) in [(2, 1_000), (3, 2_000), (4, 3_000)] {
        run(p, &SWEEP, seed);
    }
}

#[test]
#[ignore = "sweep: cargo test --release -- --ignored sweep_"]
fn sweep_conformance_wild() {
    for (p, seed, leaders) in [(2, 4_000, Leaders::Choose), (3, 5_000, Leaders::Random), (4, 6_000, Leaders::Choose)] {
        run_wild(p, &SWEEP, seed, leaders);
    }
}

#[test]
#[ignore = "sweep: cargo test --release -- --ignored sweep_"]
fn sweep_conformance_magic() {
    for (p, seed) in [(2, 11_000), (3, 12_000), (4, 13_000)] {
        run_magic(p, &SWEEP, seed);
    }
}

#[test]
#[ignore = "sweep: cargo test --release -- --ignored sweep_"]
fn sweep_conformance_editions_and_variants() {
    magic_and_wild_with_leaders(&SWEEP);
    essential_edition(&SWEEP);
    variants(&SWEEP);
    conclaves(&SWEEP);
}

#[test]
#[ignore = "long: cargo test --release -- --ignored"]
fn conformance_long() {
    for p in 2..=4 {
        run(p, &LONG, 100_000 * p as u64);
        run_wild(p, &LONG, 200_000 * p as u64, Leaders::Choose);
        run_magic(p, &LONG, 300_000 * p as u64);
        // Every set with the leader and amulet draft, and both variants.
        let base = MysticVale::options_for_players(p).unwrap_or_default();
        let essential = Options { edition: sylvan_mystic_vale::setup::Edition::Essential, ..base.clone() };
        check(&essential, &LONG, LONG.essential, 400_000 * p as u64, p);
        let variants = Options { buy_vp: true, stacked_duplicates: true, ..essential };
        check(&variants, &LONG, LONG.variants, 500_000 * p as u64, p);
    }
}
