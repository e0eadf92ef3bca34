//! Rules revision 8, ruling MV91: Call of the Hunt is resolved in the player's order. "All of this can be
//! done in any order" (EN:462); "You must resolve 'Harvest' abilities on cards in your field ... However,
//! you may use the ability at any time during your Harvest Phase" (EN:478); "If you have less than 8 cards
//! in your field, then take the top card of your deck and place it face up at the end of your field ...
//! Repeat this until you have exactly 8 cards in your field" (EN:903-905). Revision 7 resolves it as the
//! Harvest Phase begins, before Canopy Explorer (its games are pinned by the revision-7 fixture).

use sylvan_engine::{Game, GameRng, Heuristic, Locale, NoEvents, Seat};
use sylvan_mystic_vale::actions::{Choice, Held};
use sylvan_mystic_vale::setup::Leaders;
use sylvan_mystic_vale::words::describe_in;
use sylvan_mystic_vale::{Action, Event, MysticVale, Options, Phase, Setup, SetupPlayer};

use crate::common::*;

/// The first rules revision that asks (`effects::deck_to_field::HUNT_RULES`, not offered yet: the game is
/// made with revision 7 and its option set, as the other revision 8 tests do).
const R8: u8 = sylvan_mystic_vale::setup::DIONE_RULES;

/// A two-player game of every set, player 0 to move, under rules revision `rules`.
fn hunt_game(rules: u8, p0: SetupPlayer) -> MysticVale {
    let mut g = game_with(&every_set(7), p0, None, None);
    g.options.rules = rules;
    g
}

fn with_amulet(mut p: SetupPlayer, key: &str, active: bool) -> SetupPlayer {
    p.amulet = Some(key.into());
    p.token_active = active;
    p
}

/// The one legal `use cN SLOT` of field card `c`.
fn unit(g: &MysticVale, c: u8) -> String {
    let prefix = format!("use c{c} ");
    let found: Vec<String> = card_uses(g).into_iter().filter(|a| a.starts_with(&prefix)).collect();
    assert_eq!(found.len(), 1, "one decision for card {c}: {:?}", legal(g));
    found[0].clone()
}

fn field_len(g: &MysticVale) -> usize {
    g.players[0].field.len()
}

/// Call of the Hunt on card 0, Canopy Explorer (one printed guardian) on card 1, the deck 3..19.
fn call_and_explorer() -> SetupPlayer {
    player(&[&["call-of-the-hunt"], &["canopy-explorer"]], &[0, 1], Some(2), &(3..20).collect::<Vec<u8>>())
}

#[test]
fn mv91_call_of_the_hunt_after_canopy_explorer_draws_fewer_cards_than_before_it() {
    // EN:462 (any order), EN:478 (at any time of the Harvest Phase), EN:903-905 (until exactly 8 cards),
    // EN:919 (Canopy Explorer: a card for each guardian on it). Both wait for the player; the fill counts
    // the Explorer's card only when resolved after it.
    let mut g = hunt_game(R8, call_and_explorer());
    act(&mut g, "pass");
    assert_eq!(field_len(&g), 2, "nothing joined as the Harvest began");
    let (call, explorer) = (unit(&g, 0), unit(&g, 1));
    let mut explorer_first = g.clone();
    act(&mut g, &call);
    assert_eq!(field_len(&g), 8, "Call of the Hunt first: 6 cards drawn");
    act(&mut g, &explorer);
    assert_eq!(field_len(&g), 9, "then the Explorer's card: 9, revision 7's count");
    act(&mut explorer_first, &explorer);
    assert_eq!(field_len(&explorer_first), 3);
    act(&mut explorer_first, &call);
    assert_eq!(field_len(&explorer_first), 8, "after the Explorer: 5 cards drawn, one fewer in all");
    assert_eq!(explorer_first.players[0].field[..], g.players[0].field[..8], "the deck's top cards, in order");
    assert_eq!(explorer_first.players[0].deck.len(), g.players[0].deck.len() + 1, "one card left in the deck");
}

#[test]
fn mv91_call_of_the_hunt_after_deepriver_crystals_evoke_refills_to_eight() {
    // EN:478, EN:903-905, EN:1775-1781 (Deepriver Crystal: a field card goes under the deck): resolved
    // after the card left, it fills to 8 again; resolved before, the field keeps 7.
    let p = player(&[&["call-of-the-hunt"]], &[0, 1, 2], Some(3), &(4..20).collect::<Vec<u8>>());
    let mut g = hunt_game(R8, with_amulet(p, "deepriver-crystal", true));
    act(&mut g, "pass");
    let call = unit(&g, 0);
    let mut call_first = g.clone();
    act(&mut g, "evoke c1");
    assert_eq!(field_len(&g), 2);
    act(&mut g, &call);
    assert_eq!(field_len(&g), 8, "refilled to 8 after the Evoke");
    act(&mut call_first, &call);
    assert_eq!(field_len(&call_first), 8);
    act(&mut call_first, "evoke c1");
    assert_eq!(field_len(&call_first), 7, "resolved before the Evoke: one card fewer");
}

#[test]
fn mv91_call_of_the_hunt_after_silver_trees_discard_refills_to_eight() {
    // EN:478, EN:903-905, EN:1448-1454 (Silver Tree: after an Evoke, discard a card): resolved after the
    // discard, the field is 8 again.
    let mut p = player(&[&["call-of-the-hunt"]], &[0, 1, 2], Some(3), &(4..20).collect::<Vec<u8>>());
    p.vales = vec!["silver-tree".into()];
    p.token_active = true;
    let mut g = hunt_game(R8, p);
    act(&mut g, "pass");
    let call = unit(&g, 0);
    let mut call_first = g.clone();
    act(&mut g, "token");
    act(&mut g, "discard c1");
    assert_eq!(field_len(&g), 2);
    act(&mut g, &call);
    assert_eq!(field_len(&g), 8, "refilled to 8 after the discard");
    act(&mut call_first, &call);
    act(&mut call_first, "token");
    act(&mut call_first, "discard c1");
    assert_eq!(field_len(&call_first), 7, "resolved before the discard: one card fewer");
}

#[test]
fn mv91_the_harvest_cannot_end_with_call_of_the_hunt_unresolved() {
    // EN:478: "You must resolve 'Harvest' abilities on cards in your field": `done` is not offered while
    // Call of the Hunt, or a Canopy Explorer of its Harvest, waits; a `done` is refused, the state unchanged.
    let mut g = hunt_game(R8, call_and_explorer());
    act(&mut g, "pass");
    for waiting in [0u8, 1] {
        assert!(!legal(&g).contains(&"done".to_string()), "{:?}", legal(&g));
        // The waiting units are state: a JSON round trip keeps them.
        let json = serde_json::to_string(&g).unwrap_or_else(|e| panic!("{e}"));
        let back: MysticVale = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(back, g);
        assert_ne!(back.turn.fx.deck_to_field.waiting(), 0);
        // And a seat's view: a state sampled from it offers the same decisions.
        let sampled = MysticVale::determinize(&g.view(Seat(0)), &mut GameRng::new(u64::from(waiting)));
        assert_eq!(legal(&sampled), legal(&g));
        let before = g.clone();
        assert!(g.try_apply(Action::Done, &mut NoEvents).is_err());
        assert_eq!(g.players, before.players);
        assert_eq!(g.phase, Phase::Harvest);
        let u = unit(&g, waiting);
        act(&mut g, &u);
    }
    assert!(legal(&g).contains(&"done".to_string()));
    assert!(!card_uses(&g).iter().any(|a| a.starts_with("use c0 ") || a.starts_with("use c1 ")), "once each (EN:480)");
    act(&mut g, "done");
    assert_ne!(g.phase, Phase::Harvest);
}

#[test]
fn mv91_revision_7_resolves_call_of_the_hunt_as_the_harvest_begins() {
    // Revision 7 unchanged: Call of the Hunt, then Canopy Explorer, as the Harvest Phase begins (8 + 1
    // cards), nothing asked, `done` offered.
    let mut g = hunt_game(7, call_and_explorer());
    act(&mut g, "pass");
    assert_eq!(field_len(&g), 9);
    assert!(card_uses(&g).is_empty(), "{:?}", card_uses(&g));
    assert!(legal(&g).contains(&"done".to_string()));
    assert_eq!(g.turn.fx.deck_to_field.waiting(), 0);
}

#[test]
fn mv91_two_calls_of_the_hunt_are_two_units() {
    // EN:480 (each Harvest ability once), EN:903-905: the second one fills again only if a card left
    // the field after the first.
    let p = player(&[&["call-of-the-hunt"], &["call-of-the-hunt"]], &[0, 1, 2], Some(3), &(4..20).collect::<Vec<u8>>());
    let mut g = hunt_game(R8, with_amulet(p, "deepriver-crystal", true));
    act(&mut g, "pass");
    let (first, second) = (unit(&g, 0), unit(&g, 1));
    act(&mut g, &first);
    assert_eq!(field_len(&g), 8);
    assert!(!legal(&g).contains(&"done".to_string()), "the second still waits");
    let mut at_once = g.clone();
    act(&mut at_once, &second);
    assert_eq!(field_len(&at_once), 8, "nothing to fill");
    act(&mut g, "evoke c2");
    act(&mut g, &second);
    assert_eq!(field_len(&g), 8, "the second refills after the Evoke");
    assert!(legal(&g).contains(&"done".to_string()));
}

#[test]
fn mv91_a_call_of_the_hunt_drawn_by_canopy_explorer_waits_for_the_player() {
    // EN:478: a Harvest ability on a card in the field is resolved. Canopy Explorer alone resolves as the
    // Harvest begins (no fill in the field: no order to choose); the Call of the Hunt it draws is then
    // in the field, and fills it. (Revision 7 never resolved it.)
    let given: &[&[&str]] = &[&["canopy-explorer"], &[], &["call-of-the-hunt"]];
    let mut g = hunt_game(R8, player(given, &[0, 1], Some(3), &[2, 4, 5, 6, 7, 8, 9, 10, 11]));
    act(&mut g, "pass");
    assert_eq!(g.players[0].field[..], [0, 1, 2], "the Explorer took Call of the Hunt's card");
    assert_eq!(g.turn.fx.deck_to_field.waiting(), 1 << 2, "only the drawn Call of the Hunt waits");
    let u = unit(&g, 2);
    act(&mut g, &u);
    assert_eq!(field_len(&g), 8);
    let mut seven = hunt_game(7, player(given, &[0, 1], Some(3), &[2, 4, 5, 6, 7, 8, 9, 10, 11]));
    act(&mut seven, "pass");
    assert_eq!(field_len(&seven), 3, "revision 7: the drawn Call of the Hunt did nothing");
}

#[test]
fn mv91_cyrillas_copy_of_call_of_the_hunt_fills_as_it_is_given() {
    // EN:1600-1606 (Cyrilla's upgraded side gives her card another card's ability) and MV80: what the
    // copied ability does as the Harvest begins happens when it is given; it waits for nothing after.
    let p0 = player(&[&["totem-chief"]], &[0, 19], Some(1), &(2..12).collect::<Vec<u8>>());
    let mut p0 = p0;
    p0.leader = Some("cyrilla".into());
    p0.leader_upgraded = true;
    let p1 = player(&[&["call-of-the-hunt"]], &[0], Some(1), &[2]);
    let p2 = player(&[], &[], Some(10), &[11, 12]);
    let setup = Setup { start: 0, players: vec![p0, p1, p2], ..Setup::default() };
    let o = Options { players: 3, ..every_set(7) };
    let mut g = MysticVale::from_setup(&o, &setup, 7).unwrap_or_else(|e| panic!("setup: {e}"));
    g.options.rules = R8;
    act(&mut g, "pass");
    act(&mut g, "ability c0");
    act(&mut g, "ability p1 c0 top");
    assert_eq!(field_len(&g), 8, "{:?}", g.players[0].field);
    assert_eq!(g.turn.fx.deck_to_field.waiting(), 0);
    assert!(legal(&g).contains(&"done".to_string()));
}

#[test]
fn mv91_yaqueis_upgraded_side_gains_before_its_fill_and_fills_when_resolved() {
    // EN:1741-1755: Yaquei's upgraded side fills to 9, "in addition to" the starting side's gain of 1 mana
    // per card below 7, counted before the fill (MV65). A fill ability like Call of the Hunt: a unit.
    let mut p = player(&[&[]], &[0, 1, 2, 19], Some(3), &[4, 5, 6, 7, 8, 9, 10, 11]);
    p.leader = Some("yaquei".into());
    p.leader_upgraded = true;
    let mut g = hunt_game(R8, p);
    act(&mut g, "pass");
    assert_eq!(field_len(&g), 4);
    assert!(!legal(&g).contains(&"done".to_string()));
    let u = unit(&g, 19);
    act(&mut g, &u);
    assert_eq!(field_len(&g), 9);
    assert_eq!(g.mana_left(), 3, "the gain from the field of 4 before the fill");
}

#[test]
fn mv91_a_used_neighbours_call_of_the_hunt_and_the_users_own_fill_to_eight_cards_of_the_user() {
    // EN:1617 (Dione's upgraded side: the neighbours' on-deck cards as if in your field), EN:903-905,
    // MV23: the used Call of the Hunt fills as the Harvest begins, to 8 with the 2 used cards; the user's
    // own, resolved by the player after it, fills to 8 of the user's cards: what resolving it first gives.
    let mut p0 = player(&[&["call-of-the-hunt"]], &[0, 19], Some(9), &(10..19).collect::<Vec<u8>>());
    p0.leader = Some("dione".into());
    p0.leader_upgraded = true;
    let p1 = player(&[&["call-of-the-hunt"]], &[], Some(0), &[1, 2]);
    let mut right: Vec<&[&str]> = vec![&[]; 5];
    let blank: &[&str] = &[];
    right.push(blank);
    let p2 = player(&right, &[], Some(5), &[6, 7]);
    let setup = Setup { start: 0, players: vec![p0, p1, p2], ..Setup::default() };
    let o = Options { players: 3, ..every_set(7) };
    let mut g = MysticVale::from_setup(&o, &setup, 7).unwrap_or_else(|e| panic!("setup: {e}"));
    g.options.rules = R8;
    act(&mut g, "pass");
    assert_eq!(field_len(&g), 6, "the used Call of the Hunt: 6 of player 0's cards and the 2 used ones");
    let u = unit(&g, 0);
    act(&mut g, &u);
    assert_eq!(field_len(&g), 8, "the user's own: 8 of the user's cards");
    assert!(legal(&g).contains(&"done".to_string()));
}

#[test]
fn mv91_a_resolved_canopy_explorer_moved_by_wayfarer_portal_does_not_resolve_again() {
    // EN:480 (each Harvest ability on an advancement once each Harvest Phase), EN:1543 (Wayfarer Portal
    // moves an advancement to another card of the field): the Explorer moved after it resolved waits no more.
    let mut p =
        player(&[&["call-of-the-hunt"], &["canopy-explorer"], &[]], &[0, 1, 2], Some(3), &(4..20).collect::<Vec<u8>>());
    p.vales = vec!["wayfarer-portal".into()];
    let mut g = hunt_game(R8, p);
    act(&mut g, "pass");
    let (call, explorer) = (unit(&g, 0), unit(&g, 1));
    act(&mut g, &call);
    act(&mut g, &explorer);
    assert_eq!(field_len(&g), 9);
    let v = vale_no(&g, "wayfarer-portal");
    act(&mut g, &format!("use v{v}"));
    act(&mut g, &explorer);
    act(&mut g, &format!("use v{v} c2"));
    assert!(g.players[0].cards[2].advs().next().is_some(), "the Explorer moved to card 2");
    assert_eq!(g.turn.fx.deck_to_field.waiting(), 0, "resolved once this Harvest");
    assert!(legal(&g).contains(&"done".to_string()));
    assert_eq!(field_len(&g), 9);
}

/// Whether the active player's field holds a card with a fill ability (Call of the Hunt, Yaquei's
/// upgraded side) as this Harvest Phase reads it.
pub(crate) fn fill_in_field(g: &MysticVale) -> bool {
    let p = g.cur();
    p.field.iter().any(|&c| {
        let face = p.leader.filter(|l| l.card == c).map(|l| l.face(&g.db).ability);
        p.cards[c as usize].advs().map(|a| g.db.adv(a).ability).chain(face).any(|ab| {
            ab.timing == sylvan_mystic_vale::cards::Timing::Harvest
                && ab.effect == sylvan_mystic_vale::cards::Effect::FillField
        })
    })
}

#[test]
fn mv91_the_revision_7_fixture_harvests_with_call_of_the_hunt_in_the_field() {
    // Revision 7's pin (`rules-7-random-games.txt`, replayed move for move by `revision_8.rs`) holds
    // Harvest Phases with a fill ability in the field: revision 8's change of them is covered.
    let o = Options { players: 4, leaders: Leaders::Random, ..every_set(7) };
    let fixture = include_str!("../../fixtures/rules-7-random-games.txt");
    let mut moments = 0;
    for line in fixture.lines() {
        let mut words = line.split(',');
        let seed: u64 = words.next().and_then(|s| s.parse().ok()).unwrap_or_else(|| panic!("seed"));
        let mut g = MysticVale::new(&o, seed).unwrap_or_else(|e| panic!("{e}"));
        let mut was_harvest = false;
        for w in words {
            let harvest = g.phase == Phase::Harvest;
            if harvest && !was_harvest && fill_in_field(&g) {
                moments += 1;
            }
            was_harvest = harvest;
            let a: Action = w.parse().unwrap_or_else(|e| panic!("{e}"));
            g.apply_unchecked(a, &mut NoEvents);
        }
    }
    assert!(moments > 0, "no Harvest with Call of the Hunt in the fixture");
}

/// Uniform random play, the heuristic and the rollout (by seed) under rules revision `rules`, every set
/// and leaders, 3 players: `done` is offered exactly when no unit waits (the field's, and from revision 9
/// the used on-deck cards' too, `used`), each unit resolved has its words in every catalog language, and
/// the games end. Returns the units resolved.
fn random_games_resolve_every_unit(rules: u8, used: bool) -> usize {
    let o = Options { players: 3, leaders: Leaders::Random, ..every_set(7) };
    let mut units = 0;
    for seed in 1..=12u64 {
        let mut g = MysticVale::new(&o, seed).unwrap_or_else(|e| panic!("{e}"));
        g.options.rules = rules;
        let mut rng = GameRng::new(seed);
        let mut legal = Vec::new();
        while g.to_move().is_some() {
            g.legal_actions(&mut legal);
            let fx = g.turn.fx.deck_to_field;
            let used_waiting = if used { fx.used_waiting() } else { 0 };
            let waiting = fx.waiting() != 0 || used_waiting != 0;
            if g.phase == Phase::Harvest && g.turn.ability_open.is_none() {
                let plain = g.turn.fx.move_advancement.pending.is_none()
                    && g.turn.fx.vale_choice.waiting.is_none()
                    && g.turn.fx.claim_advancement.claims == 0
                    && !g.turn.fx.discard_on_evoke.waiting;
                if plain {
                    assert_eq!(
                        legal.contains(&Action::Done),
                        !waiting,
                        "seed {seed}: done iff nothing waits: {legal:?}"
                    );
                }
            }
            let seat = g.to_move().unwrap_or_else(|| panic!("to move"));
            let a = match seed % 3 {
                0 => <MysticVale as Heuristic>::heuristic_action(&g.view(seat), &legal, &mut rng),
                1 => <MysticVale as Heuristic>::rollout_action(&g, &legal, &mut rng),
                _ => legal[rng.index(legal.len())],
            };
            let unit = match a {
                Action::Use { card: Held::Card(c, _), choice: Choice::Nothing } => fx.waiting() & (1 << c) != 0,
                Action::UseOnDeckAbility(s, ..) => used_waiting & (1 << s) != 0,
                _ => false,
            };
            if unit && g.phase == Phase::Harvest {
                units += 1;
                // Its words, in every catalog language: the unit's own message, not the notation.
                for (locale, now) in [(Locale::En, " now: "), (Locale::Fr, " maintenant : ")] {
                    let words = describe_in(&g.view(seat), a, locale);
                    assert!(words.contains(now), "{words}");
                }
            }
            assert!(legal.contains(&a), "seed {seed}: {a} legal");
            g.apply_unchecked(a, &mut NoEvents);
            assert!(g.moves < 20_000, "seed {seed}: the game ends");
        }
    }
    units
}

#[test]
fn mv91_revision_8_random_and_heuristic_games_resolve_every_fill_before_the_harvest_ends() {
    assert!(random_games_resolve_every_unit(R8, false) > 0, "the games resolved Calls of the Hunt");
}

/// Rules revision 9 (`effects::deck_to_field::HUNT_REOPEN_RULES`): a Canopy Explorer waits where a fill
/// can still come, and a used neighbour's Call of the Hunt or Canopy Explorer is a unit (ruling MV91).
const R9: u8 = 9;

/// A three-player game of every set, player 0 to move with `p0`, its left neighbour `p1`, under rules
/// revision `rules`. The right neighbour has six blank cards, card 5 on-deck.
fn three(rules: u8, p0: SetupPlayer, p1: SetupPlayer) -> MysticVale {
    let right: Vec<&[&str]> = vec![&[]; 6];
    let p2 = player(&right, &[], Some(5), &[6, 7]);
    let setup = Setup { start: 0, players: vec![p0, p1, p2], ..Setup::default() };
    let o = Options { players: 3, ..every_set(7) };
    let mut g = MysticVale::from_setup(&o, &setup, 7).unwrap_or_else(|e| panic!("setup: {e}"));
    g.options.rules = rules;
    g
}

/// Player 0 with Canopy Explorer on card 0 and its leader (`key`, upgraded) on card 19 in the field,
/// card 1 on-deck, the deck 2..12.
fn explorer_and_leader(key: &str, explorer: bool) -> SetupPlayer {
    let given: &[&[&str]] = if explorer { &[&["canopy-explorer"]] } else { &[&["call-of-the-hunt"]] };
    let mut p = player(given, &[0, 19], Some(1), &(2..12).collect::<Vec<u8>>());
    p.leader = Some(key.into());
    p.leader_upgraded = true;
    p
}

/// The one legal `use pS cN SLOT` of seat `s`'s on-deck card.
fn used_unit(g: &MysticVale, s: u8) -> String {
    let prefix = format!("use p{s} ");
    let found: Vec<String> = legal(g).into_iter().filter(|a| a.starts_with(&prefix)).collect();
    assert_eq!(found.len(), 1, "one decision for p{s}'s card: {:?}", legal(g));
    found[0].clone()
}

#[test]
fn revision_9_canopy_explorer_waits_where_cyrilla_can_copy_call_of_the_hunt() {
    // EN:462 (any order), EN:478 (at any time of the Harvest Phase), EN:903-905 (until exactly 8 cards),
    // EN:919 (a card for each guardian), EN:1604 (Cyrilla's upgraded side: another card's Harvest ability
    // from a neighbour's field). A Call of the Hunt in the left neighbour's field can be copied: the
    // Explorer waits, so that copying first gives 8 + 1 cards, and the Explorer first 8.
    let p1 = player(&[&["call-of-the-hunt"]], &[0], Some(1), &[2]);
    let mut g = three(R9, explorer_and_leader("cyrilla", true), p1.clone());
    act(&mut g, "pass");
    assert_eq!(field_len(&g), 2, "the Explorer waits");
    assert!(!legal(&g).contains(&"done".to_string()), "{:?}", legal(&g));
    let explorer = unit(&g, 0);
    let mut explorer_first = g.clone();
    act(&mut g, "ability c19");
    act(&mut g, "ability p1 c0 top");
    assert_eq!(field_len(&g), 8, "the copy fills as it is given");
    act(&mut g, &explorer);
    assert_eq!(field_len(&g), 9, "then the Explorer's card");
    assert!(legal(&g).contains(&"done".to_string()));
    act(&mut explorer_first, &explorer);
    assert_eq!(field_len(&explorer_first), 3);
    act(&mut explorer_first, "ability c19");
    act(&mut explorer_first, "ability p1 c0 top");
    assert_eq!(field_len(&explorer_first), 8, "the Explorer first: one card fewer");
    // Revision 8: the Explorer resolved as the Harvest began; the order copy-then-Explorer is lost.
    let mut eight = three(R8, explorer_and_leader("cyrilla", true), p1);
    act(&mut eight, "pass");
    assert_eq!(field_len(&eight), 3);
    assert_eq!(eight.turn.fx.deck_to_field.waiting(), 0);
    act(&mut eight, "ability c19");
    act(&mut eight, "ability p1 c0 top");
    assert_eq!(field_len(&eight), 8);
}

#[test]
fn revision_9_canopy_explorer_resolves_as_the_harvest_begins_where_no_fill_can_come() {
    // EN:462, 478, 919 and ruling MV41: with no fill in the field and none that can come, there is no
    // order to choose: the Explorer takes its card as the Harvest begins, no decision more (the same
    // game as revision 8). Cyrilla's upgraded side with nothing to copy that fills, one Explorer alone
    // with a Call of the Hunt in the deck, and two Explorers with none in the deck.
    let blank = player(&[], &[0], Some(1), &[2]);
    let alone = player(&[&["canopy-explorer"], &[], &["call-of-the-hunt"]], &[0, 1], Some(3), &[2, 4, 5, 6]);
    let two = player(&[&["canopy-explorer"], &["canopy-explorer"]], &[0, 1], Some(2), &(3..12).collect::<Vec<u8>>());
    let games = [
        (three(R9, explorer_and_leader("cyrilla", true), blank.clone()), 3),
        (hunt_game(R9, alone), 3),
        (hunt_game(R9, two), 4),
    ];
    for (mut g, after) in games {
        let mut eight = g.clone();
        eight.options.rules = R8;
        act(&mut g, "pass");
        act(&mut eight, "pass");
        assert_eq!(g.turn.fx.deck_to_field.explore, 0, "no Explorer waits");
        assert_eq!(field_len(&g), after);
        assert_eq!(g.players, eight.players, "as revision 8");
        let done = legal(&g).contains(&"done".to_string());
        assert_eq!(done, g.turn.fx.deck_to_field.waiting() == 0, "{:?}", legal(&g));
    }
}

#[test]
fn revision_9_two_explorers_wait_where_the_deck_holds_call_of_the_hunt() {
    // EN:462, 478, 903-905, 919: the first Explorer may draw Call of the Hunt (the player's own card,
    // known to be in the deck or the discard pile); the second then goes before or after the fill.
    let given: &[&[&str]] = &[&["canopy-explorer"], &["canopy-explorer"], &[], &["call-of-the-hunt"]];
    let p = || player(given, &[0, 1], Some(2), &(3..14).collect::<Vec<u8>>());
    let mut g = hunt_game(R9, p());
    act(&mut g, "pass");
    assert_eq!(field_len(&g), 2, "both wait");
    let (first, second) = (unit(&g, 0), unit(&g, 1));
    act(&mut g, &first);
    assert_eq!(g.players[0].field[..], [0, 1, 3], "the first took Call of the Hunt's card");
    let fill = unit(&g, 3);
    act(&mut g, &fill);
    assert_eq!(field_len(&g), 8);
    act(&mut g, &second);
    assert_eq!(field_len(&g), 9, "the fill before the second Explorer: 8 + 1");
    assert!(legal(&g).contains(&"done".to_string()));
    // Revision 8: both took their cards as the Harvest began, the fill came after them.
    let mut eight = hunt_game(R8, p());
    act(&mut eight, "pass");
    assert_eq!(eight.players[0].field[..], [0, 1, 3, 4]);
    let fill = unit(&eight, 3);
    act(&mut eight, &fill);
    assert_eq!(field_len(&eight), 8);
}

/// Player 0 with Dione's upgraded side (card 19) and `own` on card 0 in the field; the left
/// neighbour's on-deck card 0 holds `used`.
fn dione(rules: u8, own: &[&str], used: &[&str]) -> MysticVale {
    let mut p0 = player(&[own], &[0, 19], Some(9), &(10..19).collect::<Vec<u8>>());
    p0.leader = Some("dione".into());
    p0.leader_upgraded = true;
    three(rules, p0, player(&[used], &[], Some(0), &[1, 2]))
}

#[test]
fn revision_9_a_used_neighbours_call_of_the_hunt_is_the_users_unit() {
    // EN:1617 (Dione's upgraded side: the neighbours' on-deck cards as if in your field), EN:478 (you
    // must resolve it, at any time of the Harvest), EN:903-905: the used Call of the Hunt waits for the
    // user's `use p1 c0 top`, like the user's own; `done` waits for it. It fills the user's field to 8
    // with the 2 used cards.
    let mut g = dione(R9, &[], &["call-of-the-hunt"]);
    act(&mut g, "pass");
    assert_eq!(field_len(&g), 2, "nothing drawn as the Harvest began");
    assert!(!legal(&g).contains(&"done".to_string()), "{:?}", legal(&g));
    let u = used_unit(&g, 1);
    assert_eq!(u, "use p1 c0 top");
    // The decision names the used card and its owner, in both catalogs.
    let a: Action = u.parse().unwrap_or_else(|e| panic!("{e}"));
    for (locale, words) in
        [(Locale::En, [" as yours: ", " now: "]), (Locale::Fr, [" comme la vôtre : ", " maintenant : "])]
    {
        let text = describe_in(&g.view(Seat(0)), a, locale);
        assert!(words.iter().all(|w| text.contains(w)), "{text}");
    }
    // State: a JSON round trip and a state sampled from the view keep the unit.
    let json = serde_json::to_string(&g).unwrap_or_else(|e| panic!("{e}"));
    let back: MysticVale = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(back, g);
    let sampled = MysticVale::determinize(&g.view(Seat(0)), &mut GameRng::new(3));
    assert_eq!(legal(&sampled), legal(&g));
    act(&mut g, &u);
    assert_eq!(field_len(&g), 6, "6 of the user's cards and the 2 used ones");
    assert!(legal(&g).contains(&"done".to_string()));
    assert!(!legal(&g).iter().any(|a| a.starts_with("use p1 ")), "once (EN:480)");
    // Revision 8: it filled as the Harvest began.
    let mut eight = dione(R8, &[], &["call-of-the-hunt"]);
    act(&mut eight, "pass");
    assert_eq!(field_len(&eight), 6);
    assert!(legal(&eight).contains(&"done".to_string()));
}

#[test]
fn revision_9_a_used_canopy_explorer_and_the_users_call_of_the_hunt_in_either_order() {
    // EN:462, 478, 903-905, 919, 1617: the used Explorer takes a card of the user's deck when the user
    // resolves it: before the user's Call of the Hunt, 8 cards in all; after it, 8 + 1.
    let mut g = dione(R9, &["call-of-the-hunt"], &["canopy-explorer"]);
    act(&mut g, "pass");
    assert_eq!(field_len(&g), 2);
    let (call, explorer) = (unit(&g, 0), used_unit(&g, 1));
    let mut explorer_first = g.clone();
    act(&mut g, &call);
    assert_eq!(field_len(&g), 8);
    act(&mut g, &explorer);
    assert_eq!(field_len(&g), 9);
    act(&mut explorer_first, &explorer);
    assert_eq!(field_len(&explorer_first), 3);
    act(&mut explorer_first, &call);
    assert_eq!(field_len(&explorer_first), 8);
    assert!(legal(&explorer_first).contains(&"done".to_string()));
    // Revision 8: the used Explorer took its card as the Harvest began.
    let mut eight = dione(R8, &["call-of-the-hunt"], &["canopy-explorer"]);
    act(&mut eight, "pass");
    assert_eq!(field_len(&eight), 3);
    let call = unit(&eight, 0);
    act(&mut eight, &call);
    assert_eq!(field_len(&eight), 8);
}

#[test]
fn revision_9_a_used_canopy_explorer_alone_takes_its_card_as_the_harvest_begins() {
    // EN:919, 1617, MV41: no fill in the field and none can come: no order to choose, the used Explorer
    // takes its card at once, as in revision 8.
    let mut g = dione(R9, &[], &["canopy-explorer"]);
    let mut eight = g.clone();
    eight.options.rules = R8;
    act(&mut g, "pass");
    act(&mut eight, "pass");
    assert_eq!(field_len(&g), 3);
    assert_eq!(g.players, eight.players);
    assert!(legal(&g).contains(&"done".to_string()));
}

#[test]
fn revision_9_random_and_heuristic_games_resolve_every_unit_before_the_harvest_ends() {
    // As the revision 8 test, with the used cards' units.
    assert!(random_games_resolve_every_unit(R9, true) > 0, "the games resolved units");
}

#[test]
fn revision_9_canopy_explorer_waits_where_summoner_stone_can_bring_call_of_the_hunt() {
    // EN:462, 478, 903-905, 919, EN:1791-1803 (Summoner Stone: the bottom card of the deck joins the
    // field in the Harvest): a Call of the Hunt among the player's cards may come by the Evoke, a second
    // means of drawing besides the Explorer; the Explorer waits, so it can go after the fill (8 + 1).
    let given: &[&[&str]] = &[&["canopy-explorer"], &[], &[], &[], &[], &["call-of-the-hunt"]];
    let p = || {
        let deck = [3, 4, 6, 7, 8, 9, 10, 11, 12, 5];
        with_amulet(player(given, &[0, 1], Some(2), &deck), "summoner-stone", true)
    };
    let mut g = hunt_game(R9, p());
    act(&mut g, "pass");
    assert_eq!(field_len(&g), 2, "the Explorer waits");
    let explorer = unit(&g, 0);
    act(&mut g, "evoke");
    assert_eq!(g.players[0].field[..], [0, 1, 5], "the deck's bottom card: Call of the Hunt");
    let fill = unit(&g, 5);
    act(&mut g, &fill);
    assert_eq!(field_len(&g), 8);
    act(&mut g, &explorer);
    assert_eq!(field_len(&g), 9, "the Explorer after the fill");
    // Revision 8: the Explorer took its card as the Harvest began; the fill then stops at 8.
    let mut eight = hunt_game(R8, p());
    act(&mut eight, "pass");
    assert_eq!(field_len(&eight), 3);
    act(&mut eight, "evoke");
    let fill = unit(&eight, 5);
    act(&mut eight, &fill);
    assert_eq!(field_len(&eight), 8);
}

/// Rules revision 10 (`effects::deck_to_field::EXPLORER_JOIN_RULES`, `REVEAL_MEANS_RULES`): a Canopy
/// Explorer that joins the field in a Harvest where no fill was is resolved, and the count of means reads
/// what GinGan's upgraded side on a used card can make the neighbours reveal (ruling MV91).
const R10: u8 = 10;

/// Player 0 with Canopy Explorer (one printed guardian) on card 5 at the bottom of the deck and Summoner
/// Stone ready, cards 0 and 1 blank in the field, 2 on-deck.
fn explorer_at_the_bottom() -> SetupPlayer {
    let given: &[&[&str]] = &[&[], &[], &[], &[], &[], &["canopy-explorer"]];
    let deck = [3, 4, 6, 7, 8, 9, 10, 11, 12, 5];
    with_amulet(player(given, &[0, 1], Some(2), &deck), "summoner-stone", true)
}

#[test]
fn revision_10_a_canopy_explorer_brought_by_summoner_stone_is_resolved() {
    // EN:478 ("You must resolve 'Harvest' abilities on cards in your field ... you may use the ability at
    // any time during your Harvest Phase"), EN:480 (once each Harvest Phase), EN:919 (Canopy Explorer: a
    // card for each guardian on it), EN:1797 (Summoner Stone: "Take the bottom card of your deck and place
    // it at the end ... You may use any effects on that card that would help during the Harvest Phase").
    // No fill in the field and none can come: no order to choose, it takes its card as it joins (MV41).
    let mut g = hunt_game(R10, explorer_at_the_bottom());
    act(&mut g, "pass");
    act(&mut g, "evoke");
    assert_eq!(g.players[0].field[..], [0, 1, 5, 3], "the Explorer joined and took the deck's top card");
    assert_eq!(g.turn.fx.deck_to_field.explored, 1 << 5, "resolved, once (EN:480)");
    assert!(legal(&g).contains(&"done".to_string()), "{:?}", legal(&g));
    assert!(!legal(&g).iter().any(|a| a.starts_with("use c5 ")), "not offered again: {:?}", legal(&g));
    // The log tells it as `use c5 top` would: the card that joined is played, then the Explorer resolved.
    let mut told = hunt_game(R10, explorer_at_the_bottom());
    act(&mut told, "pass");
    let mut log = sylvan_engine::EventLog::new();
    let evoke = "evoke".parse().unwrap_or_else(|e| panic!("{e}"));
    told.try_apply(evoke, &mut log).unwrap_or_else(|e| panic!("{e}"));
    let seen: Vec<String> = log
        .public()
        .filter_map(|e| match e {
            Event::Played(_, c) => Some(format!("played c{}", c.id)),
            Event::ResolvedNow(_, c) => Some(format!("resolved c{}", c.id)),
            _ => None,
        })
        .collect();
    assert_eq!(seen, ["played c5", "played c3", "resolved c5"], "{:?}", log.events);
    assert_eq!(told, g, "the same state, told or not");
    // Revision 9 unchanged: the Explorer stays unresolved and the Harvest may end.
    let mut nine = hunt_game(R9, explorer_at_the_bottom());
    act(&mut nine, "pass");
    act(&mut nine, "evoke");
    assert_eq!(nine.players[0].field[..], [0, 1, 5]);
    assert_eq!(nine.turn.fx.deck_to_field.explored, 0);
    assert!(legal(&nine).contains(&"done".to_string()));
}

#[test]
fn revision_10_a_canopy_explorer_that_joins_waits_where_cyrilla_can_copy_call_of_the_hunt() {
    // EN:462 (any order), EN:478, EN:903-905 (until exactly 8 cards), EN:919, EN:1604 (Cyrilla's
    // upgraded side copies a neighbour's field card's Harvest ability), EN:1797: a Call of the Hunt can
    // still come, so the order is the player's: the Explorer that joined waits for `use c5 top`, mandatory.
    let p0 = || {
        let given: &[&[&str]] = &[&[], &[], &[], &[], &[], &["canopy-explorer"]];
        let mut p = player(given, &[0, 19], Some(1), &[2, 3, 4, 6, 7, 8, 9, 10, 11, 5]);
        p.leader = Some("cyrilla".into());
        p.leader_upgraded = true;
        with_amulet(p, "summoner-stone", true)
    };
    let p1 = player(&[&["call-of-the-hunt"]], &[0], Some(1), &[2]);
    let mut g = three(R10, p0(), p1.clone());
    act(&mut g, "pass");
    act(&mut g, "evoke");
    assert_eq!(g.players[0].field[..], [0, 19, 5], "it waits");
    assert!(!legal(&g).contains(&"done".to_string()), "mandatory: {:?}", legal(&g));
    let explorer = unit(&g, 5);
    let mut explorer_first = g.clone();
    act(&mut g, "ability c19");
    act(&mut g, "ability p1 c0 top");
    assert_eq!(field_len(&g), 8, "the copy fills as it is given");
    act(&mut g, &explorer);
    assert_eq!(field_len(&g), 9, "then the Explorer's card: 8 + 1");
    assert!(legal(&g).contains(&"done".to_string()));
    act(&mut explorer_first, &explorer);
    assert_eq!(field_len(&explorer_first), 4);
    act(&mut explorer_first, "ability c19");
    act(&mut explorer_first, "ability p1 c0 top");
    assert_eq!(field_len(&explorer_first), 8, "the Explorer first: one card fewer");
    // Revision 9 unchanged: the Explorer that joined is no unit until a fill comes: the Harvest may end
    // with it unresolved.
    let mut nine = three(R9, p0(), p1);
    act(&mut nine, "pass");
    act(&mut nine, "evoke");
    assert_eq!(nine.players[0].field[..], [0, 19, 5]);
    assert_eq!(nine.turn.fx.deck_to_field.waiting(), 0);
    assert!(legal(&nine).contains(&"done".to_string()), "{:?}", legal(&nine));
}

/// Counts, over uniform random games of every set with leaders and amulets, 4 players, under rules
/// `rules`, the Canopy Explorers that end a Harvest Phase in the field unresolved after joining it during
/// that Harvest (not in the field as the Planting Phase ended), and the Harvests in which one joined (the
/// Harvests that end by `done`).
/// Also checks, from revision 10, that every Canopy Explorer in the field as a Harvest ends resolved.
fn explorers_left_unresolved(rules: u8, seeds: u64) -> (usize, usize) {
    let o = Options {
        players: 4,
        leaders: Leaders::Random,
        amulets: sylvan_mystic_vale::setup::Amulets::Random,
        ..every_set(rules)
    };
    let (mut left, mut joined) = (0, 0);
    for seed in 1..=seeds {
        let mut g = MysticVale::new(&o, seed).unwrap_or_else(|e| panic!("{e}"));
        let mut rng = GameRng::new(seed ^ 0x0a);
        let mut legal = Vec::new();
        let mut planted: Option<Vec<u8>> = None;
        while g.to_move().is_some() {
            g.legal_actions(&mut legal);
            let a = legal[rng.index(legal.len())];
            let (i, phase) = (g.current as usize, g.phase);
            // The field and the Explorers resolved before the action: as the Harvest ends, if it does.
            let (field, explored) = (g.players[i].field.to_vec(), g.turn.fx.deck_to_field.explored);
            g.apply_unchecked(a, &mut NoEvents);
            if phase == Phase::Planting && g.phase != Phase::Planting && g.current as usize == i {
                planted = Some(field.clone());
            }
            if phase == Phase::Harvest && a == Action::Done {
                // The Harvest ended: `field` is the field as it ended.
                let p = &g.players[i];
                let explorer = |c: u8| p.cards[c as usize].advs().any(|x| g.db.adv(x).key == "canopy-explorer");
                let before = planted.take().unwrap_or_default();
                let new: Vec<u8> = field.iter().copied().filter(|c| !before.contains(c) && explorer(*c)).collect();
                joined += usize::from(!new.is_empty());
                left += new.iter().filter(|&&c| explored & (1 << c) == 0).count();
                if rules >= R10 {
                    for &c in field.iter().filter(|&&c| explorer(c)) {
                        assert_ne!(explored & (1 << c), 0, "seed {seed}: the Explorer on card {c} resolved");
                    }
                }
            }
            assert!(g.moves < 20_000, "seed {seed}: the game ends");
        }
    }
    (left, joined)
}

#[test]
fn revision_10_random_games_leave_no_canopy_explorer_unresolved() {
    // EN:478, 480, 919: every Canopy Explorer in the field is resolved once in each Harvest Phase, those
    // that join it during the Harvest included. Revision 9 leaves some unresolved in the same games.
    let (nine, joined9) = explorers_left_unresolved(R9, 600);
    let (ten, joined10) = explorers_left_unresolved(R10, 600);
    assert!(joined9 > 0 && joined10 > 0, "Explorers joined during Harvests: {joined9}, {joined10}");
    assert!(nine > 0, "revision 9 leaves Explorers unresolved: {nine} in {joined9} Harvests");
    assert_eq!(ten, 0, "revision 10 resolves them all ({joined10} Harvests)");
    eprintln!("unresolved: revision 9 {nine} in {joined9} Harvests, revision 10 {ten} in {joined10}");
}

/// Player 0 with Dione's upgraded side (card 19) and Canopy Explorer on card 0 in the field, Call of the
/// Hunt on card 3, the top of its deck; the left neighbour shows its leader card GinGan's upgraded side
/// on-deck (card 19) and holds Canopy Explorer on card 1, the top of its deck (`explorer`) or blanks.
fn dione_beside_gingan(rules: u8, explorer: bool) -> MysticVale {
    let given: &[&[&str]] = &[&["canopy-explorer"], &[], &[], &["call-of-the-hunt"]];
    let mut p0 = player(given, &[0, 19], Some(9), &[3, 10, 11, 12, 13, 14, 15, 16]);
    p0.leader = Some("dione".into());
    p0.leader_upgraded = true;
    let theirs: &[&[&str]] = if explorer { &[&[], &["canopy-explorer"]] } else { &[] };
    let mut p1 = player(theirs, &[], Some(19), &[1, 2]);
    p1.leader = Some("gingan".into());
    p1.leader_upgraded = true;
    three(rules, p0, p1)
}

#[test]
fn revision_10_a_card_gingan_can_make_a_neighbour_reveal_counts_among_the_means() {
    // EN:1617 (Dione's upgraded side: the neighbours' on-deck cards as if in your field), EN:1631-1637
    // (GinGan's upgraded side: each neighbour may discard its on-deck card and reveal a new one), EN:462,
    // 478, 903-905, 919. The used GinGan card asks the neighbours as the Harvest begins; the left one may
    // reveal its Canopy Explorer, a second means of drawing besides the player's own Explorer, and the
    // player's Call of the Hunt is in the deck: the order can matter, so the player's Explorer waits.
    let mut g = dione_beside_gingan(R10, true);
    act(&mut g, "pass");
    assert_eq!(g.phase, Phase::NeighbourDiscard { seat: 1, next: Some(2) }, "GinGan asks the left neighbour");
    assert_eq!(field_len(&g), 2, "the player's Explorer waits");
    act(&mut g, "discard c19");
    assert_eq!(g.players[1].on_deck, Some(1), "the neighbour revealed its Canopy Explorer");
    act(&mut g, "decline");
    assert_eq!(g.phase, Phase::Harvest);
    assert!(!legal(&g).contains(&"done".to_string()), "{:?}", legal(&g));
    // The used Explorer first draws Call of the Hunt, whose fill comes before the player's Explorer.
    let (own, used) = (unit(&g, 0), used_unit(&g, 1));
    act(&mut g, &used);
    assert_eq!(g.players[0].field[..], [0, 19, 3]);
    let fill = unit(&g, 3);
    act(&mut g, &fill);
    let filled = field_len(&g);
    act(&mut g, &own);
    assert_eq!(field_len(&g), filled + 1, "the player's Explorer after the fill: one card more");
    assert!(legal(&g).contains(&"done".to_string()));
    // Revision 9 unchanged: one means counted, the player's Explorer takes Call of the Hunt's card as the
    // Harvest begins, so the fill can only come after it.
    let mut nine = dione_beside_gingan(R9, true);
    act(&mut nine, "pass");
    assert_eq!(nine.players[0].field[..], [0, 19, 3], "resolved as the Harvest began");
    act(&mut nine, "discard c19");
    act(&mut nine, "decline");
    let used = used_unit(&nine, 1);
    act(&mut nine, &used);
    let fill = unit(&nine, 3);
    act(&mut nine, &fill);
    assert_eq!(field_len(&nine), filled, "one card fewer than revision 10's best order");
    // Nothing the neighbours can reveal draws or fills: no order to choose, in revision 10 too.
    let mut plain = dione_beside_gingan(R10, false);
    act(&mut plain, "pass");
    assert_eq!(plain.players[0].field[..], [0, 19, 3], "resolved as the Harvest began");
}

#[test]
fn revision_10_random_and_heuristic_games_resolve_every_unit_before_the_harvest_ends() {
    // As revision 9's, with the Explorers that join the field waiting where a fill can still come.
    assert!(random_games_resolve_every_unit(R10, true) > 0, "the games resolved units");
}
