//! Rules revision 10 (ruling MV91, "Rules revision 10"; its tests are in `hunt.rs`): revision 9's games
//! pinned from before revision 10 existed.

use sylvan_mystic_vale::Options;
use sylvan_mystic_vale::setup::{Amulets, Leaders};

use crate::common::*;

/// The revision-9 fixture's options: every set, random leaders and amulets (Summoner Stone, Dione and
/// GinGan among them), 4 players.
fn rules_9_leaders() -> Options {
    Options { players: 4, leaders: Leaders::Random, amulets: Amulets::Random, ..every_set(9) }
}

/// The fixture's salt (its random players' choices).
const SALT: u64 = 0x000a;

/// Uniform random games of revision 9 with every set, leaders and amulets, as written before revision 10
/// existed (one line per game: the seed, then every action's notation).
const RULES_9_GAMES: &str = include_str!("../../fixtures/rules-9-random-games.txt");

#[test]
fn rules_9_plays_the_same_games_as_before_revision_10() {
    let games = replay_fixture(RULES_9_GAMES, &rules_9_leaders(), SALT);
    // The fixture harvests with Canopy Explorer in the field.
    let explorers: usize = (1..=games.len() as u64)
        .map(|seed| {
            harvest_moments(&rules_9_leaders(), seed, SALT, |g| {
                let p = g.cur();
                p.field.iter().any(|&c| p.cards[c as usize].advs().any(|x| g.db.adv(x).key == "canopy-explorer"))
            })
        })
        .sum();
    assert!(explorers > 0, "the fixture harvests with Canopy Explorer");
}

/// Writes the fixture (run once, before revision 10: `SYLVAN_WRITE_RULES_9=1`).
#[test]
fn write_rules_9_fixture() {
    write_fixture("SYLVAN_WRITE_RULES_9", "rules-9-random-games.txt", &rules_9_leaders(), SALT, 40);
}

#[test]
fn revision_10_random_games_keep_the_rules_consistent() {
    // The revision-9 fixture's deals played under revision 10 by uniform random moves
    // (`random_games_keep_the_rules_consistent`), Harvests with Canopy Explorer in the field among them.
    let options = Options { rules: 10, ..rules_9_leaders() };
    let explorers = random_games_keep_the_rules_consistent(&options, 10, SALT, 40, |g| {
        let p = g.cur();
        p.field.iter().any(|&c| p.cards[c as usize].advs().any(|x| g.db.adv(x).key == "canopy-explorer"))
    });
    assert!(explorers > 0, "Harvests with Canopy Explorer");
}
