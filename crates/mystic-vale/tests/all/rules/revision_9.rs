//! Rules revision 9 (ruling MV23, "what rules revision 9 adds"): the three known gaps of revision 8 in
//! Dione's upgraded side. Revision 8's games are pinned from before revision 9 existed.

use sylvan_engine::{Game, GameRng, NoEvents};
use sylvan_mystic_vale::setup::{Amulets, Leaders};
use sylvan_mystic_vale::{MysticVale, Options, Phase};

use crate::common::*;

/// The revision-8 fixture's options: every set, random leaders (Dione among them) and amulets (Summoner
/// Stone among them), 4 players (two different neighbours).
fn rules_8_leaders() -> Options {
    Options { players: 4, leaders: Leaders::Random, amulets: Amulets::Random, ..every_set(8) }
}

/// The fixture's salt (its random players' choices).
const SALT: u64 = 0x0009;

/// Uniform random games of revision 8 with every set, leaders and amulets, as written before revision 9
/// existed (one line per game: the seed, then every action's notation).
const RULES_8_GAMES: &str = include_str!("../../fixtures/rules-8-random-games.txt");

/// Replays game `seed` of the fixture and counts the Harvest Phases in which Dione's upgraded side is
/// the active player's leader (in the field or not yet).
fn dione_harvests(options: &Options, seed: u64) -> usize {
    let mut g = MysticVale::new(options, seed).unwrap_or_else(|e| panic!("{e}"));
    let mut rng = GameRng::new(seed ^ SALT);
    let mut legal = Vec::new();
    let mut moments = 0;
    let mut last: Option<(usize, u16)> = None;
    while g.to_move().is_some() {
        let seat = g.current as usize;
        let dione = g.players[seat].leader.is_some_and(|l| l.upgraded && g.db.leader(l.id).key == "dione");
        if g.phase == Phase::Harvest && last != Some((seat, g.rounds)) && dione {
            moments += 1;
            last = Some((seat, g.rounds));
        }
        g.legal_actions(&mut legal);
        let a = legal[rng.index(legal.len())];
        g.apply_unchecked(a, &mut NoEvents);
    }
    moments
}

#[test]
fn rules_8_plays_the_same_games_as_before_revision_9() {
    let games = replay_fixture(RULES_8_GAMES, &rules_8_leaders(), SALT);
    let moments: usize = (1..=games.len() as u64).map(|seed| dione_harvests(&rules_8_leaders(), seed)).sum();
    assert!(moments > 0, "the fixture harvests with Dione's upgraded side");
}

/// Writes the fixture (run once, before revision 9: `SYLVAN_WRITE_RULES_8=1`).
#[test]
fn write_rules_8_fixture() {
    write_fixture("SYLVAN_WRITE_RULES_8", "rules-8-random-games.txt", &rules_8_leaders(), SALT, 40);
}
