//! The engine's conformance suite on Command of Nature: 2 players and 2v2 teams, both Sage-pack readings.
//!
//! Random playouts rarely defeat a Sage, so at the default turn limit (200 turns) a random game runs to
//! about 1,500 (2 players) or 2,900 (teams) actions. The 1,000-game runs therefore use a 30-turn limit
//! (the same rules, the draw rule C12 earlier); the default options are sampled with fewer games, and the
//! ignored long test runs 20,000 games of each.

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
    run(&opts(2, 30), 1000, 1_000);
}

#[test]
fn conformance_teams() {
    run(&opts(4, 30), 1000, 2_000);
}

#[test]
fn conformance_default_options_2_players_and_teams() {
    run(&opts(2, 200), 40, 5_000);
    run(&opts(4, 200), 20, 6_000);
}

#[test]
fn conformance_godot_sage_packs() {
    let o = Options { sage_commands: SageCommands::Godot, ..opts(2, 30) };
    run(&o, 200, 3_000);
    let o = Options { sage_commands: SageCommands::Godot, ..opts(4, 30) };
    run(&o, 100, 4_000);
}

#[test]
#[ignore = "long: cargo test --release -- --ignored"]
fn conformance_long() {
    for p in [2, 4] {
        run(&opts(p, 200), 20_000, 100_000 * p as u64);
    }
}
