//! Ground for rules revision 8 (ruling MV23, decided, not built yet): Dione's upgraded side uses the
//! neighbours' on-deck cards "as if those cards were in your field" (EN:1617), so their Harvest abilities
//! apply too. Revision 7 counts their symbols only; these tests pin what revision 7 plays, so that the
//! revision that builds MV23 can prove revision 7 keeps its exact games.

use sylvan_engine::{Game, GameRng, NoEvents};
use sylvan_mystic_vale::cards::Timing;
use sylvan_mystic_vale::setup::Leaders;
use sylvan_mystic_vale::{MysticVale, Options, Phase, Setup, SetupPlayer};

use crate::common::*;

/// The revision-7 fixture's options: every set, random leaders (Dione among them), 4 players (two
/// different neighbours).
fn rules_7_leaders() -> Options {
    Options { players: 4, leaders: Leaders::Random, ..every_set(7) }
}

/// The fixture's salt (its random players' choices).
const SALT: u64 = 0x0008;

/// Uniform random games of revision 7 with every set and leaders, as written before revision 8 existed
/// (one line per game: the seed, then every action's notation).
const RULES_7_GAMES: &str = include_str!("../../fixtures/rules-7-random-games.txt");

/// Replays game `seed` of the fixture and counts the Harvest Phases in which Dione's upgraded side is in
/// the active player's field while a neighbour's on-deck card has a Harvest ability: the moments where
/// revision 8 will differ.
fn dione_moments(options: &Options, seed: u64) -> usize {
    let mut g = MysticVale::new(options, seed).unwrap_or_else(|e| panic!("{e}"));
    let mut rng = GameRng::new(seed ^ SALT);
    let mut legal = Vec::new();
    let mut moments = 0;
    let mut last: Option<(usize, u16)> = None;
    while g.to_move().is_some() {
        if g.phase == Phase::Harvest && last != Some((g.current as usize, g.rounds)) && dione_moment(&g) {
            moments += 1;
            last = Some((g.current as usize, g.rounds));
        }
        g.legal_actions(&mut legal);
        let a = legal[rng.index(legal.len())];
        g.apply_unchecked(a, &mut NoEvents);
    }
    moments
}

/// Whether the active player harvests with Dione's upgraded side in the field while a neighbour's on-deck
/// card carries a Harvest ability (an advancement's, or a leader side's).
fn dione_moment(g: &MysticVale) -> bool {
    let seat = g.current as usize;
    let p = &g.players[seat];
    let dione = p.leader.is_some_and(|l| l.upgraded && g.db.leader(l.id).key == "dione" && p.field.contains(&l.card));
    let n = g.players.len();
    dione
        && [(seat + 1) % n, (seat + n - 1) % n].into_iter().any(|i| {
            let q = &g.players[i];
            q.on_deck.is_some_and(|c| {
                let sleeve = q.cards[c as usize];
                let advancement = sleeve.advs().any(|a| g.db.adv(a).ability.timing == Timing::Harvest);
                let leader = q.leader.is_some_and(|l| l.card == c && l.face(&g.db).ability.timing == Timing::Harvest);
                advancement || leader
            })
        })
}

#[test]
fn issue_33_rules_7_plays_the_same_games_as_before_revision_8() {
    let games = replay_fixture(RULES_7_GAMES, &rules_7_leaders(), SALT);
    let moments: usize = (1..=games.len() as u64).map(|seed| dione_moments(&rules_7_leaders(), seed)).sum();
    assert!(moments > 0, "the fixture harvests with Dione's upgraded side beside an on-deck Harvest ability");
}

/// Writes the fixture (run once, before revision 8: `SYLVAN_WRITE_RULES_7=1`).
#[test]
fn write_rules_7_fixture() {
    write_fixture("SYLVAN_WRITE_RULES_7", "rules-7-random-games.txt", &rules_7_leaders(), SALT, 40);
}

/// Player 0 with Dione's upgraded side on card 19 in the field; player 1 (to the left) with Forest Song
/// (1 forest symbol; Harvest: gain 1 VP, EN:1182) on its on-deck card; player 2 quiet.
fn forest_song_beside_dione(rules: u8) -> MysticVale {
    let mut p0 = player(&[], &[19], Some(0), &[1, 2, 3]);
    p0.leader = Some("dione".into());
    p0.leader_upgraded = true;
    let p1: SetupPlayer = player(&[&["forest-song"]], &[], Some(0), &[1, 2]);
    let p2 = player(&[], &[], Some(5), &[6, 7]);
    let setup = Setup { start: 0, players: vec![p0, p1, p2], ..Setup::default() };
    let o = Options { players: 3, rules, ..every_set(rules) };
    MysticVale::from_setup(&o, &setup, 7).unwrap_or_else(|e| panic!("setup: {e}"))
}

#[test]
fn revision_7_dione_counts_a_neighbours_on_deck_symbols_not_its_harvest_abilities() {
    // EN:1617 "as if those cards were in your field"; revision 7 adds the on-deck card's symbols (its
    // forest) but not its Harvest ability (Forest Song's VP): MV23 decides they apply, from revision 8.
    let mut alone = forest_song_beside_dione(7);
    alone.players[1].on_deck = None;
    act(&mut alone, "pass");
    let mut g = forest_song_beside_dione(7);
    act(&mut g, "pass");
    assert_eq!(g.phase, Phase::Harvest);
    assert_eq!(g.turn.spirits[1], alone.turn.spirits[1] + 1, "Forest Song's forest symbol counts");
    assert_eq!(g.turn.vp_total, alone.turn.vp_total, "revision 7: Forest Song's Harvest VP does not");
}
