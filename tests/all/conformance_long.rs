//! The long conformance run: 10,000 random games for every game and every player count (and mode, and
//! Mystic Vale with both expansions and leaders, and its Essential Edition: every set, the leader and amulet
//! draft), through the engine's conformance suite (each game's
//! [`GameType::conformance`](sylvan_engine::erased::GameType::conformance) in the registry: the typed
//! suite, then the erased game against the typed one). Ignored in the normal run; run it with
//!
//! ```sh
//! nice cargo test --release --test all conformance_long -- --ignored --nocapture --test-threads=1
//! ```
//!
//! `SYLVAN_LONG_GAMES=N` changes the number of games per line; `SYLVAN_LONG_PLAYERS=N` runs only the
//! lines with N players (those that name no count play at their game's minimum); `SYLVAN_LONG_ONLY=TEXT` runs
//! only the lines whose option overrides contain TEXT (e.g. `godot`). Each line prints its games, actions,
//! longest game and time; the first failure names the game, seed, step and property.

use std::time::Instant;

use sylvan_registry::Registry;

fn games() -> usize {
    std::env::var("SYLVAN_LONG_GAMES").ok().and_then(|s| s.parse().ok()).unwrap_or(10_000)
}

/// The one player count to run, when `SYLVAN_LONG_PLAYERS` names one.
fn only_players() -> Option<usize> {
    std::env::var("SYLVAN_LONG_PLAYERS").ok().and_then(|s| s.parse().ok())
}

/// The text a line's option overrides must contain, when `SYLVAN_LONG_ONLY` names one.
fn only_options() -> Option<String> {
    std::env::var("SYLVAN_LONG_ONLY").ok().filter(|s| !s.is_empty())
}

/// `games()` games of `game` for `players` seats (the minimum when `None`) with the option overrides.
fn run(game: &str, players: Option<usize>, overrides: &[&str], seed: u64) {
    let registry = Registry::standard();
    let Ok(entry) = registry.get(game) else { panic!("{game}: not in the registry") };
    if let Some(only) = only_players() {
        if players.unwrap_or(entry.game().player_range().0) != only {
            return;
        }
    }
    if let Some(only) = only_options() {
        if !overrides.iter().any(|o| o.contains(&only)) {
            return;
        }
    }
    let what = format!("{game} {players:?} players {overrides:?}");
    let overrides: Vec<String> = overrides.iter().map(|s| s.to_string()).collect();
    let options = match entry.game().options(players, &overrides) {
        Ok(o) => o,
        Err(e) => panic!("{what}: {e}"),
    };
    let n = games();
    let t = Instant::now();
    match entry.game().conformance(&options, n, seed) {
        Ok(r) => {
            assert_eq!(r.games, n);
            eprintln!(
                "{what}: {n} games, {} actions, longest {}, wins by seat {:?}, {:.0} s",
                r.moves,
                r.longest,
                r.wins_by_seat,
                t.elapsed().as_secs_f64()
            );
        }
        Err(e) => panic!("{what}: {e}"),
    }
}

/// Every player count of `game` (those its options accept).
fn players(game: &str, seed: u64) {
    let registry = Registry::standard();
    let Ok(entry) = registry.get(game) else { panic!("{game}: not in the registry") };
    let (lo, hi) = entry.game().player_range();
    for p in lo..=hi {
        if entry.game().options(Some(p), &[]).is_ok() {
            run(game, Some(p), &[], seed + 1_000_000 * p as u64);
        }
    }
}

#[test]
#[ignore = "long: cargo test --release --test all conformance_long -- --ignored --nocapture --test-threads=1"]
fn equinox() {
    players("equinox", 10_000_000);
}

#[test]
#[ignore = "long: cargo test --release --test all conformance_long -- --ignored --nocapture --test-threads=1"]
fn mystic_vale() {
    players("mystic-vale", 20_000_000);
}

#[test]
#[ignore = "long: cargo test --release --test all conformance_long -- --ignored --nocapture --test-threads=1"]
fn mystic_vale_expansions() {
    for p in 2..=4 {
        run("mystic-vale", Some(p), &["sets=base,magic,wild", "leaders=random"], 25_000_000 + 1_000_000 * p as u64);
    }
}

#[test]
#[ignore = "long: cargo test --release --test all conformance_long -- --ignored --nocapture --test-threads=1"]
fn mystic_vale_essential() {
    // Every set (Mana Storm's amulets too) with the official leader and amulet draft.
    for p in 2..=4 {
        run("mystic-vale", Some(p), &["edition=essential"], 27_000_000 + 1_000_000 * p as u64);
    }
}

#[test]
#[ignore = "long: cargo test --release --test all conformance_long -- --ignored --nocapture --test-threads=1"]
fn spirit_duel() {
    for (k, solo) in ["solo=false", "solo=true"].into_iter().enumerate() {
        for (j, team) in ["team=a", "team=b"].into_iter().enumerate() {
            run("spirit-duel", None, &[solo, team], 30_000_000 + 1_000_000 * (2 * k + j) as u64);
        }
    }
}

#[test]
#[ignore = "long: cargo test --release --test all conformance_long -- --ignored --nocapture --test-threads=1"]
fn command_of_nature() {
    for p in [2, 4] {
        for commands in ["sage_commands=ts", "sage_commands=godot"] {
            run("command-of-nature", Some(p), &[commands], 40_000_000 + 1_000 * p as u64);
        }
    }
}
