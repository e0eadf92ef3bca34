//! Rules revision 9 (ruling MV23, "what rules revision 9 adds"): the three known gaps of revision 8 in
//! Dione's upgraded side. Revision 8's games are pinned from before revision 9 existed.

use sylvan_engine::{Game, GameRng, Heuristic, Locale, NoEvents, Seat};
use sylvan_mystic_vale::Action;
use sylvan_mystic_vale::setup::{Amulets, Leaders};
use sylvan_mystic_vale::{MysticVale, Options, Phase, Setup, SetupPlayer};

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
    harvest_moments(options, seed, SALT, |g| {
        g.cur().leader.is_some_and(|l| l.upgraded && g.db.leader(l.id).key == "dione")
    })
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

/// Revision 8.
const R8: u8 = sylvan_mystic_vale::setup::DIONE_RULES;
/// Revision 9.
const R9: u8 = 9;

/// A 3-player game, player 0 to play with Dione's upgraded side, from `p0`; player 1 (to the left) shows
/// `left` on its on-deck card 0 (its leader `leader`, upgraded, on card 19 if given, then card 19 is its
/// on-deck card); player 2 (to the right) has no on-deck card. Made under revision 7 (the setups' rules),
/// set to `rules`, then played up to player 0's Harvest.
fn beside(rules: u8, mut p0: SetupPlayer, left: &[&str], leader: Option<&str>) -> MysticVale {
    p0.leader = Some("dione".into());
    p0.leader_upgraded = true;
    let mut p1 = player(&[left], &[], Some(0), &[1, 2]);
    if let Some(key) = leader {
        p1 = player(&[left], &[], Some(19), &[1, 2]);
        p1.leader = Some(key.into());
        p1.leader_upgraded = true;
    }
    let p2 = player(&[], &[], None, &[6, 7]);
    let setup = Setup { start: 0, players: vec![p0, p1, p2], ..Setup::default() };
    let o = Options { players: 3, ..every_set(7) };
    let mut g = MysticVale::from_setup(&o, &setup, 7).unwrap_or_else(|e| panic!("setup: {e}"));
    g.options.rules = rules;
    act(&mut g, "pass");
    assert_eq!(g.phase, Phase::Harvest);
    g
}

fn with_amulet(mut p: SetupPlayer, key: &str) -> SetupPlayer {
    p.amulet = Some(key.into());
    p.token_active = true;
    p
}

// ---------------------------------------------------------------- 1. Old Bakarab's turning back

/// Player 0 harvests Dione's upgraded side with two Cursed Lands in the field beside player 1's on-deck
/// leader card, Old Bakarab's upgraded side.
fn bakarab_beside_dione(rules: u8) -> MysticVale {
    let p0 = player(&[&[CL], &[CL]], &[0, 1, 19], Some(9), &[10, 11, 12]);
    beside(rules, p0, &[], Some("old-bakarab"))
}

#[test]
fn revision_9_a_used_old_bakarabs_paid_turning_back_turns_the_neighbours_leader() {
    // EN:1716: "You may also pay 1 to turn Barkarb back to the starting side"; EN:1617: the on-deck cards
    // are used "as if those cards were in your field". The ability names its own card, Barkarb: the
    // card used is player 1's leader, so paying turns player 1's leader back, as player 0's Harvest
    // Phase ends (its upgraded side counted in this one, MV75). Player 0's own leader, Dione, stays.
    let mut g = bakarab_beside_dione(R9);
    let mana = g.mana_left();
    assert!(legal(&g).iter().any(|a| a == "ability 1"), "{:?}", legal(&g));
    // Its words name the card turned, player 1's leader, in each catalog language.
    let pay: Action = "ability 1".parse().unwrap_or_else(|e| panic!("{e}"));
    for (locale, words) in [(Locale::En, "turn this leader back"), (Locale::Fr, "retourner ce meneur")] {
        let text = sylvan_mystic_vale::words::describe_in(&g.view(Seat(0)), pay, locale);
        assert!(text.contains(words) && text.contains("p1") && text.contains("Bakarab"), "{locale:?}: {text}");
    }
    // The bots leave it: it gains player 0 nothing it counts (ruling MV23).
    let mut list = Vec::new();
    g.legal_actions(&mut list);
    for seed in 0..8 {
        let mut rng = GameRng::new(seed);
        assert_ne!(<MysticVale as Heuristic>::heuristic_action(&g.view(Seat(0)), &list, &mut rng), pay);
        assert_ne!(<MysticVale as Heuristic>::rollout_action(&g, &list, &mut rng), pay);
    }
    act(&mut g, "ability 1");
    assert_eq!(g.mana_left(), mana - 1, "player 0 pays 1 mana");
    assert!(g.players[1].leader.is_some_and(|l| l.upgraded), "not before the Harvest Phase ends");
    // What is paid for is state: a JSON round trip and a state sampled from player 0's view keep it.
    let json = serde_json::to_string(&g).unwrap_or_else(|e| panic!("{e}"));
    let back: MysticVale = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(back, g);
    let mut sampled = MysticVale::determinize(&g.view(Seat(0)), &mut GameRng::new(3));
    act(&mut sampled, "done");
    assert!(sampled.players[1].leader.is_some_and(|l| !l.upgraded));
    act(&mut g, "done");
    assert_ne!(g.phase, Phase::Harvest);
    assert!(g.players[1].leader.is_some_and(|l| !l.upgraded), "player 1's Old Bakarab turned back");
    assert!(g.players[0].leader.is_some_and(|l| l.upgraded), "player 0's Dione did not");
    // Not paid: nothing turns.
    let mut kept = bakarab_beside_dione(R9);
    act(&mut kept, "done");
    assert!(kept.players[1].leader.is_some_and(|l| l.upgraded));
}

#[test]
fn revision_8_unchanged_a_used_old_bakarabs_paid_turning_back_turns_nothing() {
    let mut g = bakarab_beside_dione(R8);
    let mana = g.mana_left();
    act(&mut g, "ability 1");
    assert_eq!(g.mana_left(), mana - 1);
    act(&mut g, "done");
    assert!(g.players[1].leader.is_some_and(|l| l.upgraded), "revision 8 turns no leader");
    assert!(g.players[0].leader.is_some_and(|l| l.upgraded));
}

// ---------------------------------------------------------------- 2. Dione joining in the Harvest

/// Player 0 with a blank on card 0 in the field, Dione's upgraded side on card 19 at the bottom of its
/// deck (10, 11 above it), Summoner Stone active (the bottom card of the deck joins the field,
/// EN:1791-1803); player 1's on-deck card carries Canopy Explorer (a card of the user's deck for its
/// printed guardian, EN:919, MV41).
fn dione_summoned(rules: u8) -> MysticVale {
    let p0 = with_amulet(player(&[], &[0], Some(9), &[10, 11, 19]), "summoner-stone");
    beside(rules, p0, &["canopy-explorer"], None)
}

#[test]
fn revision_9_dione_summoned_in_the_harvest_uses_a_neighbours_canopy_explorer() {
    // EN:478: a Harvest ability in your field is resolved in the Harvest; Summoner Stone brings Dione's
    // card into the field in the Harvest Phase (EN:1797), so her ability is in the field from then on,
    // and what it does as the Harvest begins happens as she joins (as MV91 treats joining cards): the
    // used Canopy Explorer takes the top card of player 0's deck.
    let mut g = dione_summoned(R9);
    assert_eq!(g.players[0].field[..], [0]);
    act(&mut g, "evoke");
    assert_eq!(g.players[0].field[..], [0, 19, 10], "Dione's card, then the card the used Explorer took");
    assert_eq!(g.players[1].deck, dione_summoned(R9).players[1].deck, "the owner's deck is untouched");
    let once = g.players[0].field.len();
    act(&mut g, "done");
    assert!(once == 3, "once");
}

#[test]
fn revision_8_unchanged_dione_summoned_in_the_harvest_takes_no_card() {
    let mut g = dione_summoned(R8);
    act(&mut g, "evoke");
    assert_eq!(g.players[0].field[..], [0, 19], "revision 8: the used Explorer takes nothing");
}

/// Player 0 with Canopy Explorer on card 0 in the field (one printed guardian), its deck 10, Dione's
/// card 19, then 11, 12, 13 from the top, Wildfire Ember active (an Evoke adds 2 guardians to a card,
/// EN:1815-1823); player 1's on-deck card carries Canopy Explorer.
fn dione_explored(rules: u8) -> MysticVale {
    let p0 = with_amulet(player(&[&["canopy-explorer"]], &[0], Some(9), &[10, 19, 11, 12, 13]), "wildfire-ember");
    beside(rules, p0, &["canopy-explorer"], None)
}

#[test]
fn revision_9_dione_taken_by_canopy_explorer_after_a_guardian_uses_a_neighbours_canopy_explorer() {
    // EN:919: a card for each guardian on Canopy Explorer's card; guardians added in the Harvest take
    // more (MV41): the first is Dione's, which joins the field and brings her ability (EN:478, EN:1617):
    // the used Explorer takes a card of player 0's too, after the two of the guardians.
    let mut g = dione_explored(R9);
    assert_eq!(g.players[0].field[..], [0, 10], "the Explorer's card as the Harvest began");
    act(&mut g, "evoke c0");
    assert_eq!(g.players[0].field[..], [0, 10, 19, 11, 12], "the guardians' two cards, then the used Explorer's");
}

#[test]
fn revision_8_unchanged_dione_taken_by_canopy_explorer_after_a_guardian_takes_no_card() {
    let mut g = dione_explored(R8);
    act(&mut g, "evoke c0");
    assert_eq!(g.players[0].field[..], [0, 10, 19, 11], "revision 8: the guardians' two cards only");
}

/// Player 0 with Call of the Hunt on card 0 in the field, Dione's card 19 on top of its deck; player 1's
/// on-deck card carries Canopy Explorer.
fn dione_hunted(rules: u8) -> MysticVale {
    let p0 = player(&[&["call-of-the-hunt"]], &[0], Some(9), &[19, 10, 11, 12, 13, 14, 15, 16, 17, 18]);
    beside(rules, p0, &["canopy-explorer"], None)
}

#[test]
fn revision_9_dione_drawn_by_call_of_the_hunt_uses_a_neighbours_canopy_explorer() {
    // EN:903-905: Call of the Hunt fills the field to 8 from the top of the deck; Dione's card is the
    // first drawn, and her ability acts as she joins (EN:478, EN:1617): the used Explorer takes one more
    // card. (Rules revision 8 already did so for a fill the player resolves, MV91: this pins it.) From
    // revision 9 the used Explorer, in a Harvest that had a fill, is the user's unit (MV91): `use p1 …`.
    for rules in [R8, R9] {
        let mut g = dione_hunted(rules);
        let call =
            card_uses(&g).into_iter().find(|a| a.starts_with("use c0 ")).unwrap_or_else(|| panic!("{:?}", legal(&g)));
        act(&mut g, &call);
        if rules >= R9 {
            assert_eq!(g.players[0].field.len(), 8, "the used Explorer waits");
            let used: Vec<String> = legal(&g).into_iter().filter(|a| a.starts_with("use p1 ")).collect();
            assert_eq!(used.len(), 1, "{:?}", legal(&g));
            act(&mut g, &used[0]);
        }
        let field = &g.players[0].field;
        assert_eq!(field[..2], [0, 19], "{field:?}");
        assert_eq!(field.len(), 9, "8 cards, then the used Explorer's: {field:?}");
    }
}

/// Player 0 with Canopy Explorer on card 0 and Dione's card 19 in the field, a deck of two cards (10,
/// 11), Conclave of Ents (+1 guardian on a field card) and Deepriver Crystal active (a field card goes
/// under the deck); player 1's on-deck card carries Canopy Explorer. As the Harvest begins the own
/// Explorer takes card 10 and the used one card 11: the deck is empty.
fn dione_leaves_and_joins(rules: u8) -> MysticVale {
    let mut p0 = with_amulet(player(&[&["canopy-explorer"]], &[0, 19], Some(9), &[10, 11]), "deepriver-crystal");
    p0.vales = vec!["conclave-of-ents".into()];
    beside(rules, p0, &["canopy-explorer"], None)
}

#[test]
fn revision_9_dione_leaving_and_joining_again_does_not_begin_twice() {
    // EN:480: each ability once in a Harvest Phase. Dione's card goes under the deck (Deepriver Crystal,
    // EN:1775-1781), then joins again, the one card Canopy Explorer takes for the Conclave's guardian
    // (EN:919): the used Explorer, resolved as the Harvest began, takes no second card.
    let mut g = dione_leaves_and_joins(R9);
    assert_eq!(g.players[0].field[..], [0, 19, 10, 11], "the own Explorer's card, then the used one's");
    act(&mut g, "evoke c19");
    assert_eq!(g.players[0].deck[..], [19]);
    let conclave = format!("use v{} c0", vale_no(&g, "conclave-of-ents"));
    act(&mut g, &conclave);
    assert_eq!(g.players[0].field[..], [0, 10, 11, 19], "Dione's card back, and nothing after it");
}

// ---------------------------------------------------------------- 3. Manadew Meadow's gain banked as its own

/// Player 0 owns Manadew Meadow (the mana of the card of the field with the most, EN:1397-1399, MV44),
/// with two Cursed Lands on card 0 (2 mana) and Dione's card 19 in the field, Deepriver Crystal active
/// (a field card goes under the deck, EN:1775-1781); player 1's on-deck card has three Cursed Lands (3
/// mana), the card Meadow chooses (MV23).
fn meadow_beside_dione(rules: u8, meadow: bool) -> MysticVale {
    let mut p0 = with_amulet(player(&[&[CL, CL]], &[0, 19], Some(9), &[10, 11, 12]), "deepriver-crystal");
    if meadow {
        p0.vales = vec!["manadew-meadow".into()];
    }
    beside(rules, p0, &[CL, CL, CL], None)
}

#[test]
fn revision_9_manadew_meadows_gain_through_a_used_card_stays_one_gain_when_a_card_leaves() {
    // EN:1397-1399: Meadow chooses "1 card in your field": the used card's 3 mana (MV23). A gain once
    // taken stays (EN:478, EN:695, MV83): the player resolves Meadow (`use vales`), then player 0's
    // card 0 leaves (Deepriver Crystal): its own 2 mana and Meadow's 3 stay, once each. Or the player
    // resolves Dione's card first (`use c19`), then card 0 leaves, then Meadow chooses: the used card's 3
    // still. Revision 8 banked Meadow's part through the used card (3 − 2) under Dione's card, apart
    // from Meadow's own: the first order counted it again once card 0 had left (10), the second lost
    // Meadow's own 2 (6).
    let without = meadow_beside_dione(R9, false);
    for first in ["use vales", "use c19"] {
        let mut g = meadow_beside_dione(R9, true);
        let mana = g.turn.mana_total;
        assert_eq!(mana, without.turn.mana_total + 3, "Meadow chooses the used card");
        act(&mut g, first);
        assert_eq!(g.turn.mana_total, mana);
        act(&mut g, "evoke c0");
        assert!(!g.players[0].field.contains(&0));
        assert_eq!(g.turn.mana_total, mana, "{first}: every gain taken stays, Meadow's 3 once");
    }
}

#[test]
fn revision_8_unchanged_manadew_meadows_part_through_a_used_card_is_banked_under_dione() {
    for (first, after) in [("use vales", 10), ("use c19", 6)] {
        let mut g = meadow_beside_dione(R8, true);
        assert_eq!(g.turn.mana_total, 8);
        act(&mut g, first);
        act(&mut g, "evoke c0");
        assert_eq!(g.turn.mana_total, after, "{first}");
    }
}

#[test]
fn revision_9_random_games_keep_the_rules_consistent() {
    // The revision-8 fixture's deals (4 players, every set, random leaders and amulets) played under
    // revision 9 by uniform random moves (`random_games_keep_the_rules_consistent`: the bots' picks legal,
    // notation and ids round trip, the words in both languages, the games end within the proven bound),
    // and Dione's upgraded side is harvested.
    let options = Options { rules: R9, ..rules_8_leaders() };
    let dione = random_games_keep_the_rules_consistent(&options, R9, SALT, 40, |g| {
        g.cur().leader.is_some_and(|l| l.upgraded && g.db.leader(l.id).key == "dione")
    });
    assert!(dione > 0, "Dione's upgraded side harvested");
}

/// Random games of every set with leaders and amulets, 4 players, under rules revision `rules`: how many
/// Planting decisions found Call of the Hunt's or Dione's per-turn state left from an earlier turn, and
/// how many Harvest Phases began with a fill ability of the player's own in a field of fewer than 8
/// cards and none of its units waiting.
fn stale_turn_states(rules: u8) -> (usize, usize) {
    let o = Options { players: 4, leaders: Leaders::Random, amulets: Amulets::Random, ..every_set(rules) };
    let (mut stale, mut unresolved) = (0, 0);
    let mut legal = Vec::new();
    for seed in 0..24 {
        let mut g = MysticVale::new(&o, 900 + seed).unwrap_or_else(|e| panic!("{e}"));
        let mut rng = GameRng::new(seed);
        let mut last: Option<(usize, u16)> = None;
        while g.to_move().is_some() {
            let (hunt, dione) = (g.turn.fx.deck_to_field, g.turn.fx.neighbour_on_deck);
            if g.phase == Phase::Planting {
                let units = hunt.fill | hunt.explore | hunt.filled | hunt.explored;
                let used = hunt.used_fill | hunt.used_explore | hunt.used_filled | hunt.used_explored;
                stale += usize::from(units != 0 || used != 0 || hunt.hunt || dione.chosen != 0 || dione.begun);
            }
            let turn = (g.current as usize, g.rounds);
            if g.phase == Phase::Harvest && last != Some(turn) {
                last = Some(turn);
                let field = g.cur().field.len();
                unresolved += usize::from(
                    crate::rules::hunt::fill_in_field(&g) && field < 8 && hunt.fill & g.cur().field_mask() == 0,
                );
            }
            g.legal_actions(&mut legal);
            g.apply_unchecked(legal[rng.index(legal.len())], &mut NoEvents);
        }
    }
    (stale, unresolved)
}

#[test]
fn revision_9_each_turn_begins_with_nothing_of_call_of_the_hunt_or_dione_left_from_the_turns_before() {
    // EN:478, 480: a Harvest ability in the field is resolved once in that Harvest Phase, so a Call of
    // the Hunt is resolved again in each later Harvest it is in the field for (EN:903-905); Dione's
    // player chooses again each Harvest to use a neighbour's card that can cost (EN:1617-1619).
    assert_eq!(stale_turn_states(9), (0, 0));
    // Revision 8 (the records) kept them: the same games show the state left over, and Calls of the Hunt
    // that never waited.
    let (stale, unresolved) = stale_turn_states(8);
    assert!(stale > 0 && unresolved > 0, "revision 8: {stale} stale, {unresolved} unresolved");
}
