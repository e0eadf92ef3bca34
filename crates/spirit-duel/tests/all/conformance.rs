//! The engine's conformance suite on the spirit duel: the 1v1 game with each team for p0, and the solo
//! mode against the Robot with each team.

use sylvan_engine::{Game, conformance};
use sylvan_spirit_duel::{Options, SpiritDuel, Team};

fn run(solo: bool, team: Team, games: usize, seed: u64) {
    let options = Options { solo, team, ..Options::default() };
    match conformance::check::<SpiritDuel>(&options, games, seed) {
        Ok(r) => {
            assert_eq!(r.games, games);
            assert!(r.longest <= SpiritDuel::max_game_length(&options));
            if solo {
                assert!(
                    r.wins_by_seat[0] > 0 && r.wins_by_seat[1] > 0,
                    "both the player and the Robot win some: {r:?}"
                );
            }
        }
        Err(e) => panic!("solo {solo}, team {team:?}: {e}"),
    }
}

#[test]
fn conformance_1v1_team_a() {
    run(false, Team::A, 1000, 1_000);
}

#[test]
fn conformance_1v1_team_b() {
    run(false, Team::B, 1000, 2_000);
}

#[test]
fn conformance_solo_team_a() {
    run(true, Team::A, 1000, 3_000);
}

#[test]
fn conformance_solo_team_b() {
    run(true, Team::B, 1000, 4_000);
}

#[test]
#[ignore = "long: cargo test --release -- --ignored"]
fn conformance_long() {
    for (i, solo) in [false, true].into_iter().enumerate() {
        for (j, team) in [Team::A, Team::B].into_iter().enumerate() {
            run(solo, team, 20_000, 100_000 * (2 * i + j + 1) as u64);
        }
    }
}
