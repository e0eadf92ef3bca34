//! Issue 33, the second review's rulings (rules revision 5): MV13 (the last seat's final Prep Phase is
//! played), MV42 (an Overflow whose card leaves the field doubles as it leaves), MV83 (the field's VP may
//! be scored before a Sunweaver Copse is bought). Each test plays the revision-5 reading and shows
//! revision 4 (`rules=4`) plays as before. Lines: the Essential Edition's English file (EN:n).

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
