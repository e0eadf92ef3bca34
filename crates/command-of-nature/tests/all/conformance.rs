//! The engine's conformance suite on Command of Nature: 2 players and 2v2 teams, both Sage-pack readings,
//! complete games at the default options (a game ends when a side's last Sage falls, or at the turn limit
//! of ruling C23).

use std::time::Instant;

use sylvan_command_of_nature::{CommandOfNature, Options, SageCommands};
use sylvan_engine::conformance::Scrutiny;
use sylvan_engine::{Game, conformance};

fn run(options: &Options, games: usize, seed: u64) {
    run_with(options, games, seed, Scrutiny::default());
}

fn run_with(options: &Options, games: usize, seed: u64, scrutiny: Scrutiny) {
    let t = Instant::now();
    match conformance::check_with::<CommandOfNature>(options, games, seed, scrutiny) {
        Ok(r) => {
            assert_eq!(r.games, games);
            assert!(r.longest <= CommandOfNature::max_game_length(options));
            eprintln!(
                "{} players, {games} games: {} actions, longest {}, {:.1} s",
                options.players,
                r.moves,
                r.longest,
                t.elapsed().as_secs_f64()
            );
        }
        Err(e) => panic!("{} players: {e}", options.players),
    }
}

fn opts(players: usize) -> Options {
    CommandOfNature::options_for_players(players).unwrap_or_default()
}

// Random players almost never defeat a Sage, so nearly every game here runs to the turn limit (ruling C23,
// 60 turns): about 650 actions a game with 2 players, 1,150 in teams (the first games of each run also
// try every illegal action at every step, which is most of the time). The normal run plays 100 complete
// 2-player games and 60 team games, one test each, every id tried in the first 4; the ignored `sweep_`
// test plays the 300 and 250 it had before from the same seeds with every id tried in the first 8
// (`cargo test --release -- --ignored sweep_`, run by `.ci/run`), and `conformance_long` samples 2,000
// per mode and the Godot Sage packs.

/// The normal run's scrutiny: every id tried in the first 4 games (8 in `sweep_`).
const SHORT: Scrutiny = Scrutiny { full_scan_games: 4, deep_games: 4 };

#[test]
fn conformance_2_players() {
    run_with(&opts(2), 100, 1_000, SHORT);
}

#[test]
fn conformance_teams() {
    run_with(&opts(4), 60, 2_000, SHORT);
}

#[test]
#[ignore = "sweep: cargo test --release -- --ignored sweep_"]
fn sweep_conformance() {
    run(&opts(2), 300, 1_000);
    run(&opts(4), 250, 2_000);
}

#[test]
#[ignore = "long: cargo test --release -- --ignored"]
fn conformance_long() {
    for p in [2, 4] {
        run(&opts(p), 2_000, 100_000 * p as u64);
    }
    // The Godot reading of the Sage packs (ruling C1) changes only the decks' contents; the rules test
    // `godot_sage_packs_option` covers it in the normal run.
    run(&Options { sage_commands: SageCommands::Godot, ..opts(2) }, 200, 3_000);
    run(&Options { sage_commands: SageCommands::Godot, ..opts(4) }, 100, 4_000);
}
