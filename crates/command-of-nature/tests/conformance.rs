//! The engine's conformance suite on Command of Nature: 2 players and 2v2 teams, both Sage-pack readings.
//!
//! Random playouts rarely defeat a Sage, so at the default turn limit (200 turns) a random game runs to
//! about 1,500 (2 players) or 2,900 (teams) actions, and the suite costs about 140 µs per action. The
//! 1,000-game runs therefore use a 12-turn limit (the same rules, the draw rule C23 earlier: setup, every
//! phase, combat and the markets are all reached); the default options are sampled with fewer games, and
//! the ignored long test runs 2,000 games of each mode at the defaults.

use sylvan_command_of_nature::{CommandOfNature, Options, SageCommands};
use sylvan_engine::{Game, conformance};

fn run(options: &Options, games: usize, seed: u64) {
    match conformance::check::<CommandOfNature>(options, games, seed) {
        Ok(r) => {
            assert_eq!(r.games, games);
            assert!(r.longest <= CommandOfNature::max_game_length(options));
        }
        Err(e) => panic!("{} players: {e}", options.players),
    }
}

fn opts(players: usize, turn_limit: u32) -> Options {
    let o = CommandOfNature::options_for_players(players).unwrap_or_default();
    Options { turn_limit, ..o }
}

#[test]
fn conformance_2_players() {
    run(&opts(2, 12), 1000, 1_000);
}

#[test]
fn conformance_teams() {
    run(&opts(4, 12), 1000, 2_000);
}

#[test]
fn conformance_default_options_2_players_and_teams() {
    run(&opts(2, 200), 3, 5_000);
    run(&opts(4, 200), 2, 6_000);
}

#[test]
fn conformance_godot_sage_packs() {
    let o = Options { sage_commands: SageCommands::Godot, ..opts(2, 12) };
    run(&o, 100, 3_000);
    let o = Options { sage_commands: SageCommands::Godot, ..opts(4, 12) };
    run(&o, 50, 4_000);
}

#[test]
#[ignore = "long: cargo test --release -- --ignored"]
fn conformance_long() {
    for p in [2, 4] {
        run(&opts(p, 200), 2_000, 100_000 * p as u64);
    }
}
