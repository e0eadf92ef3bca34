//! The engine's conformance suite on Command of Nature, 2 players and 2v2 teams.

use sylvan_command_of_nature::{CommandOfNature, Options};
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

fn games() -> usize {
    std::env::var("CON_GAMES").ok().and_then(|s| s.parse().ok()).unwrap_or(1000)
}

#[test]
fn conformance_2_players() {
    let o = CommandOfNature::options_for_players(2).unwrap_or_default();
    run(&o, games(), 1_000);
}

#[test]
fn conformance_teams() {
    let o = CommandOfNature::options_for_players(4).unwrap_or_default();
    run(&o, games(), 2_000);
}

#[test]
fn conformance_godot_sage_packs() {
    let o = Options { sage_commands: sylvan_command_of_nature::SageCommands::Godot, ..Options::default() };
    run(&o, games() / 4, 3_000);
}

#[test]
#[ignore = "long: cargo test --release -- --ignored"]
fn conformance_long() {
    for p in [2, 4] {
        let o = CommandOfNature::options_for_players(p).unwrap_or_default();
        run(&o, 20_000, 100_000 * p as u64);
    }
}
