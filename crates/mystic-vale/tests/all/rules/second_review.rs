//! Issue 33, the second review's rulings (rules revision 5): MV13 (the last seat's final Prep Phase is
//! played) and MV42 (an Overflow whose card leaves the field doubles as it leaves); MV83's ruling (the
//! field's VP may be scored before a Sunweaver Copse is bought) is not implemented yet. Each test plays
//! the revision-5 reading and shows revision 4 (`rules=4`) plays as before. Lines: the Essential Edition's English file (EN:n).

use sylvan_mystic_vale::{MysticVale, Options, Setup, SetupPlayer};

use crate::common::*;

fn storm(rules: u8) -> Options {
    Options { sets: "base,magic,wild,manastorm".into(), rules, ..Options::default() }
}

/// Player 0 (`quiet`) starts, player 1 `p1` is the round's last seat.
fn last_seat(options: &Options, p1: SetupPlayer, pool: Option<u16>) -> MysticVale {
    let setup = Setup { start: 0, players: vec![quiet(), p1], pool, ..Setup::default() };
    match <MysticVale as sylvan_engine::Game>::from_setup(options, &setup, 7) {
        Ok(g) => g,
        Err(e) => panic!("setup: {e}"),
    }
}

/// The last seat: a blank in the field, a Cursed Land on-deck, then a Cursed Land and a card with Centaur
/// and Gaia's Outcast (2 decay) on the deck: its Prep Phase plays both Cursed Lands and spoils with
/// Centaur on-deck (2 + 2 decay showing, EN:580).
fn centaur_in_prep() -> SetupPlayer {
    player(&[&[CL], &[CL], &["centaur", "gaias-outcast"], &[]], &[3], Some(0), &[1, 2, 4, 5])
}

#[test]
fn mv13_the_last_seat_plays_its_final_prep_phase_and_centaur_scores() {
    // EN:426-431 "During your turn, you must take the following phases in order: ... 4. Prep Phase";
    // EN:609 "finish playing the current round so that each player gets an equal number of turns";
    // EN:931 "If you Spoil and Centaur is your on-deck card ... you immediately take 2 VP";
    // EN:1272 "If you've already done a Prep Phase (which you should have done at the end of your last
    // turn)". Revision 5: the last seat's Prep Phase is played, its Centaur spoil scores 2; its extra
    // turn is still lost (the round is over, MV25).
    let mut g = last_seat(&storm(5), centaur_in_prep(), None);
    g.ending = true;
    for a in ["pass", "done", "pass", "done"] {
        act(&mut g, a);
    }
    assert!(g.over(), "the game ends after the last Prep Phase, no extra turn");
    assert_eq!(g.players[1].field, vec![0, 1], "the Prep Phase played both Cursed Lands");
    assert_eq!(g.players[1].on_deck, Some(2));
    assert_eq!(g.players[1].vp, 2, "Centaur's 2 VP");
    // Revision 4: the Prep Phase was skipped, nothing scored.
    let mut g = last_seat(&storm(4), centaur_in_prep(), None);
    g.ending = true;
    for a in ["pass", "done", "pass", "done"] {
        act(&mut g, a);
    }
    assert!(g.over());
    assert_eq!(g.players[1].vp, 0);
    assert_eq!(g.players[1].on_deck, Some(0), "no Prep Phase");
}

#[test]
fn mv13_a_pool_emptied_in_the_last_seats_prep_phase_ends_the_round_and_the_game() {
    // EN:609: the round in which the pool runs out is finished, then the game ends. The last seat's Prep
    // Phase is the round's last step, so a pool it empties (Centaur's 2 VP, EN:931) ends the game there.
    let mut g = last_seat(&storm(5), centaur_in_prep(), Some(2));
    for a in ["pass", "done", "pass", "done"] {
        act(&mut g, a);
    }
    assert_eq!(g.pool, 0);
    assert!(g.over(), "phase {:?}", g.phase);
    assert_eq!(g.players[1].vp, 2);
    assert_eq!(g.players[1].field, vec![0, 1], "the prepped field stays: no extra turn");
    // Revision 4: the last seat's extra turn was played (its spoiled field discarded at once, EN:580),
    // and only its end ended the game.
    let mut g = last_seat(&storm(4), centaur_in_prep(), Some(2));
    for a in ["pass", "done", "pass", "done"] {
        act(&mut g, a);
    }
    assert!(g.over());
    assert_eq!(g.players[1].vp, 2);
    assert!(g.players[1].field.is_empty(), "the extra turn discarded the field");
}

fn owns(mut p: SetupPlayer, vales: &[&str]) -> SetupPlayer {
    p.vales = vales.iter().map(|s| s.to_string()).collect();
    p
}

fn vale_id(g: &MysticVale, key: &str) -> u8 {
    g.db.vales.iter().position(|v| v.key == key).unwrap_or_else(|| panic!("no vale {key}")) as u8
}

/// Player 0: Ley Line Overflow on card 0 in the field, Crystal Cavern owned, Deepriver Crystal active.
fn overflow_and_crystal(rules: u8) -> MysticVale {
    let mut p = owns(player(&[&["ley-line-overflow"]], &[0, 3], Some(1), &[2]), &["crystal-cavern"]);
    p.amulet = Some("deepriver-crystal".into());
    p.token_active = true;
    game_with(&storm(rules), p, None, None)
}

#[test]
fn mv42_an_overflow_whose_card_leaves_the_field_doubles_what_was_banked_then() {
    // EN:1049-1051 "if it's in your field, it resolves during your Harvest Phase ... You may resolve
    // Harvest abilities whenever you choose to during your Harvest phase"; EN:478 and EN:681: Harvest
    // abilities resolve for cards in your field; EN:1053 "double whatever that total was". Deepriver
    // Crystal (EN:1777-1781) puts the Overflow card under the deck: the player's best legal order resolved
    // it just before, doubling the mana banked then; Crystal Cavern's 3 mana (EN:1301-1311) come after and
    // are not doubled.
    let mut g = overflow_and_crystal(5);
    act(&mut g, "pass");
    let llo = g.db.advancements.iter().find(|a| a.key == "ley-line-overflow").map_or(0, |a| a.symbols.mana);
    assert!(llo > 0);
    assert_eq!(g.mana_left(), 2 * llo);
    act(&mut g, "evoke c0");
    assert!(!g.players[0].field.contains(&0), "the Overflow card left the field");
    assert_eq!(g.mana_left(), 2 * llo, "doubled as it left");
    let v = vale_id(&g, "crystal-cavern");
    act(&mut g, &format!("use v{v}"));
    assert_eq!(g.mana_left(), 2 * llo + 3, "Crystal Cavern's mana after it left: not doubled");
    // Revision 4: the departed Overflow kept doubling.
    let mut g = overflow_and_crystal(4);
    act(&mut g, "pass");
    act(&mut g, "evoke c0");
    act(&mut g, &format!("use v{v}"));
    assert_eq!(g.mana_left(), 2 * (llo + 3));
}

#[test]
fn mv42_an_overflow_that_stays_in_the_field_still_doubles_everything() {
    // EN:1053: "then, lastly ... double whatever that total was": moving another card out changes nothing
    // for an Overflow that stays (ruling MV42, issue 33 defect 1).
    let mut g = overflow_and_crystal(5);
    act(&mut g, "pass");
    let llo = g.db.advancements.iter().find(|a| a.key == "ley-line-overflow").map_or(0, |a| a.symbols.mana);
    act(&mut g, "evoke c3");
    let v = vale_id(&g, "crystal-cavern");
    act(&mut g, &format!("use v{v}"));
    assert_eq!(g.mana_left(), 2 * (llo + 3));
}

/// Uniform random games of rules revision 4, written by the engine before revision 5 (main at 8c9a306,
/// `GameRng` seeded choices among the legal actions): base 2p (seed 41), every set with random leaders
/// 2p (seed 42), `edition=essential` 4p (seed 43).
const RULES_4: [(&str, &str); 3] = [
    ("base 2p", include_str!("../../fixtures/rules-4-base-2p.json")),
    ("every set, leaders 2p", include_str!("../../fixtures/rules-4-every-set-leaders-2p.json")),
    ("essential 4p", include_str!("../../fixtures/rules-4-essential-4p.json")),
];

#[test]
fn rules_4_plays_the_same_games_as_before_revision_5() {
    // `-o rules=4` keeps revision 4's readings: each record replays with every action legal at its step,
    // ends exactly at its last action, with the recorded scores.
    use sylvan_engine::{Game, NoEvents, Record};
    for (name, text) in RULES_4 {
        let record = Record::<MysticVale>::from_json(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(record.options.rules, 4, "{name}");
        let mut g = record.initial_state().unwrap_or_else(|e| panic!("{name}: {e}"));
        let mut legal = Vec::new();
        for (k, a) in record.actions.iter().enumerate() {
            assert!(!g.is_terminal(), "{name}: over before step {k}");
            let a: sylvan_mystic_vale::Action = a.parse().unwrap_or_else(|e| panic!("{name} step {k}: {e}"));
            legal.clear();
            g.legal_actions(&mut legal);
            assert!(legal.contains(&a), "{name} step {k}: {a} not legal");
            g.try_apply(a, &mut NoEvents).unwrap_or_else(|e| panic!("{name} step {k}: {e}"));
        }
        assert!(g.is_terminal(), "{name}: not over after the record");
        assert_eq!(Some(g.scores()), record.scores, "{name}: the recorded scores");
    }
}
