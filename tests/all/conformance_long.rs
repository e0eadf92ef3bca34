//! The long conformance run: 10,000 random games for every game and every player count (and mode, and
//! Mystic Vale with both expansions and leaders),
//! through the engine's conformance suite. Ignored in the normal run; run it with
//!
//! ```sh
//! nice cargo test --release --test all conformance_long -- --ignored --nocapture --test-threads=1
//! ```
//!
//! `SYLVAN_LONG_GAMES=N` changes the number of games per line. Each line prints its games, actions,
//! longest game and time; the first failure names the game, seed, step and property.

use std::time::Instant;

use sylvan_command_of_nature::{CommandOfNature, SageCommands};
use sylvan_engine::{Game, conformance};
use sylvan_equinox::Equinox;
use sylvan_mystic_vale::MysticVale;
use sylvan_spirit_duel::{SpiritDuel, Team};

fn games() -> usize {
    std::env::var("SYLVAN_LONG_GAMES").ok().and_then(|s| s.parse().ok()).unwrap_or(10_000)
}

fn run<G: Game>(what: &str, options: &G::Options, seed: u64) {
    let n = games();
    let t = Instant::now();
    match conformance::check::<G>(options, n, seed) {
        Ok(r) => {
            assert_eq!(r.games, n);
            assert!(r.longest <= G::max_game_length(options), "{what}: longest game {} past the bound", r.longest);
            eprintln!(
                "{} {what}: {n} games, {} actions, longest {}, wins by seat {:?}, {:.0} s",
                G::NAME,
                r.moves,
                r.longest,
                r.wins_by_seat,
                t.elapsed().as_secs_f64()
            );
        }
        Err(e) => panic!("{} {what}: {e}", G::NAME),
    }
}

fn players<G: Game>(seed: u64) {
    let (lo, hi) = G::player_range();
    for p in lo..=hi {
        let Ok(options) = G::options_for_players(p) else { continue };
        run::<G>(&format!("{p} players"), &options, seed + 1_000_000 * p as u64);
    }
}

#[test]
#[ignore = "long: cargo test --release --test all conformance_long -- --ignored --nocapture --test-threads=1"]
fn equinox() {
    players::<Equinox>(10_000_000);
}

#[test]
#[ignore = "long: cargo test --release --test all conformance_long -- --ignored --nocapture --test-threads=1"]
fn mystic_vale() {
    players::<MysticVale>(20_000_000);
}

#[test]
#[ignore = "long: cargo test --release --test all conformance_long -- --ignored --nocapture --test-threads=1"]
fn mystic_vale_expansions() {
    for p in 2..=4 {
        let options = sylvan_mystic_vale::Options {
            players: p,
            sets: "base,magic,wild".to_owned(),
            leaders: sylvan_mystic_vale::setup::Leaders::Random,
            ..sylvan_mystic_vale::Options::default()
        };
        run::<MysticVale>(
            &format!("{p} players, sets=base,magic,wild, leaders=random"),
            &options,
            25_000_000 + 1_000_000 * p as u64,
        );
    }
}

#[test]
#[ignore = "long: cargo test --release --test all conformance_long -- --ignored --nocapture --test-threads=1"]
fn spirit_duel() {
    for (k, solo) in [false, true].into_iter().enumerate() {
        for (j, team) in [Team::A, Team::B].into_iter().enumerate() {
            let options = sylvan_spirit_duel::Options { solo, team };
            let what = format!("{} team {team:?}", if solo { "solo" } else { "1v1" });
            run::<SpiritDuel>(&what, &options, 30_000_000 + 1_000_000 * (2 * k + j) as u64);
        }
    }
}

#[test]
#[ignore = "long: cargo test --release --test all conformance_long -- --ignored --nocapture --test-threads=1"]
fn command_of_nature() {
    for p in [2, 4] {
        for commands in [SageCommands::Ts, SageCommands::Godot] {
            let Ok(base) = CommandOfNature::options_for_players(p) else { continue };
            let options = sylvan_command_of_nature::Options { sage_commands: commands, ..base };
            run::<CommandOfNature>(
                &format!("{p} players, {commands:?} packs"),
                &options,
                40_000_000 + 1_000 * p as u64,
            );
        }
    }
}
