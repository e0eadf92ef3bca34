//! Rules revision 3 (issue 33, ruling MV87): the Harvest Phase as the player's decisions. An ability
//! whose gain can change with the field waits for the player's `use cN` while a field change may come;
//! its gain is banked when resolved and never re-derived (EN:462, 478, 480, 695).

use sylvan_mystic_vale::{MysticVale, Options, SetupPlayer};

use crate::common::*;

fn storm(rules: u8) -> Options {
    Options { sets: "base,magic,wild,manastorm".into(), rules, ..Options::default() }
}

fn with_amulet(mut p: SetupPlayer, key: &str) -> SetupPlayer {
    p.amulet = Some(key.into());
    p.token_active = true;
    p
}

/// Wolf Rider (1 mana per card the field has fewer than 7) on card 0, a blank on card 1, Summoner Stone
/// (the bottom card of the deck joins the field) as the amulet; player 0 in its Harvest Phase.
fn wolf_rider_and_summoner_stone(rules: u8, commons: Option<[Vec<String>; 3]>) -> MysticVale {
    let p = with_amulet(player(&[&["wolf-rider"]], &[0, 1], Some(2), &[3]), "summoner-stone");
    let mut g = game_with(&storm(rules), p, commons, None);
    act(&mut g, "pass");
    g
}

#[test]
fn new_games_play_revision_11() {
    // Revision 11: the third review's rulings MV93 to MV97 (`rules::revision_11`). Revision 10: a Canopy Explorer that joins the field in the Harvest is resolved, and GinGan's
    // reveals count among the means (MV91, `rules::hunt`). Revision 9: Dione's three known gaps of revision 8 (MV23, `rules::revision_9`); Canopy Explorer waits
    // where a fill can still come, a used neighbour's Call of the Hunt or Canopy Explorer is a unit (MV91,
    // `rules::hunt`). Revision 8: Dione's upgraded side brings the neighbours' on-deck cards' Harvest abilities (MV23) and
    // the places of Canopy Explorer's later cards count at once (MV92), `rules::revision_8`; revision 7's
    // Wayfarer Portal decisions (MV90, `rules::revision_7`), revision 6's `score` (MV83,
    // `rules::revision_6`), revision 5's MV13 and MV42 (`rules::second_review`) and MV90
    // (`rules::revision_5`) hold in it.
    assert_eq!(Options::default().rules, 11);
    assert_eq!(sylvan_mystic_vale::RULES, 11);
}

#[test]
fn wolf_rider_resolved_before_summoner_stone_keeps_its_mana() {
    // EN:478: "you may use the ability at any time during your Harvest Phase"; EN:695: a gain is taken
    // when resolved. Resolved with 2 cards in the field: 5 mana, kept when a third card joins.
    let mut g = wolf_rider_and_summoner_stone(3, None);
    assert_eq!(g.mana_left(), 5);
    assert!(legal(&g).contains(&"use c0".to_string()), "{:?}", legal(&g));
    assert!(!legal(&g).contains(&"use c1".to_string()), "a blank card's gain cannot change: nothing to ask");
    act(&mut g, "use c0");
    assert!(!legal(&g).contains(&"use c0".to_string()), "each ability once (EN:480)");
    act(&mut g, "evoke");
    assert_eq!(g.players[0].field.len(), 3);
    assert_eq!(g.mana_left(), 5, "banked with 2 cards in the field");
}

#[test]
fn wolf_rider_left_open_counts_the_field_it_resolves_in() {
    // The other order (EN:462 "in any order"): Summoner Stone first, then Wolf Rider counts 3 cards.
    let mut g = wolf_rider_and_summoner_stone(3, None);
    act(&mut g, "evoke");
    assert_eq!(g.mana_left(), 4, "resolved after the card joined: 7 - 3");
    assert!(!legal(&g).contains(&"use c0".to_string()), "no field change left: nothing to ask");
}

#[test]
fn revision_2_keeps_each_gain_at_its_best_without_asking() {
    // Records of revision 2 replay with its reading (MV83): no `use`, the most Wolf Rider gave.
    let mut g = wolf_rider_and_summoner_stone(2, None);
    assert!(!legal(&g).iter().any(|a| a.starts_with("use c")));
    act(&mut g, "evoke");
    assert_eq!(g.mana_left(), 5);
}

#[test]
fn a_purchase_paid_with_an_open_gain_resolves_it_first() {
    // What is spent must have been gained: Podlings (2 mana) were paid with Wolf Rider's mana, so Wolf
    // Rider was resolved before Summoner Stone's card joined (the check is made before the change).
    let mut g = wolf_rider_and_summoner_stone(3, commons(&["podlings"], &[], &[]));
    act(&mut g, "buy 1.1");
    act(&mut g, "evoke");
    assert_eq!(g.mana_left(), 5 - 2);
}

#[test]
fn magic_seed_left_open_counts_a_card_summoner_stone_adds() {
    // Magic Seed: 1 mana per other card in the field. Resolved first it gives 1; left open, 2.
    let mk = || {
        let p = with_amulet(player(&[&["magic-seed"]], &[0, 1], Some(2), &[3]), "summoner-stone");
        let mut g = game_with(&storm(3), p, None, None);
        act(&mut g, "pass");
        g
    };
    let mut early = mk();
    act(&mut early, "use c0");
    act(&mut early, "evoke");
    let mut late = mk();
    act(&mut late, "evoke");
    assert_eq!(early.mana_left() + 1, late.mana_left(), "the player's order decides");
    assert!(!legal(&late).iter().any(|a| a.starts_with("use")), "no field change left: nothing to ask");
}

#[test]
fn dawnsinger_resolved_before_wayfarer_portal_moves_stag_keeps_its_guardian() {
    // Dawnsinger (mana per guardian on its card) with Stag Champion's guardian; Wayfarer Portal moves Stag
    // (revision 6's `portal`; revision 7 makes the same move in three decisions, `rules::revision_7`).
    let mk = || {
        let o = Options { sets: "base,wild".into(), rules: 6, ..Options::default() };
        let mut p = player(&[&["dawnsinger", "stag-champion"], &[]], &[0, 1], Some(2), &[3]);
        p.vales = vec!["wayfarer-portal".into()];
        let mut g = game_with(&o, p, None, None);
        act(&mut g, "pass");
        g
    };
    let mut used = mk();
    let mana = used.mana_left();
    act(&mut used, "use c0");
    act(&mut used, "portal c0 bottom c1");
    assert_eq!(used.mana_left(), mana, "resolved with Stag's guardian there");
    let mut open = mk();
    act(&mut open, "portal c0 bottom c1");
    assert!(open.mana_left() < mana, "resolved after Stag left its card");
}

#[test]
fn nothing_is_asked_where_no_field_change_can_come() {
    // A guardian-counting card in a base game without Conclave of Ents, amulet or leader: one order only.
    let mut g = game(player(&[&["dawnsinger", "stag"]], &[0, 1], Some(2), &[3]), None, None);
    act(&mut g, "pass");
    assert_eq!(g.turn.open, 0);
    assert!(!legal(&g).iter().any(|a| a.starts_with("use")));
    // With Conclave of Ents, the player chooses: Dawnsinger now, or after the Conclave's guardian.
    let mut p = player(&[&["dawnsinger", "stag"]], &[0, 1], Some(2), &[3]);
    p.vales = vec!["conclave-of-ents".into()];
    let mut g = game(p, None, None);
    act(&mut g, "pass");
    assert!(legal(&g).contains(&"use c0".to_string()), "{:?}", legal(&g));
}

#[test]
fn use_notation_round_trips_and_old_notations_still_parse() {
    use sylvan_mystic_vale::Action;
    for text in [
        "use c7",
        "use vales",
        "use v3",
        "use c7 top",
        "use c19 leader",
        "use c7 bottom c2",
        "use v3 c2",
        "use v119 sky",
        "conclave c2",
        "portal c1 top c2",
        "druid",
        "arbor",
        "sow",
        "mill",
        "aerie sky",
    ] {
        let a: Action = text.parse().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(a.to_string(), text);
    }
    for bad in ["use c20", "use c7 side", "use c7 top c20", "use v120 sky", "use v3 purple", "use v3 c7 sky"] {
        assert!(bad.parse::<Action>().is_err(), "{bad}");
    }
}

#[test]
fn events_name_cards_by_what_is_on_them_never_by_number() {
    // The log shows "p0 plays Dawnsinger + Stag", not "p0 plays c1" (issue 34's log).
    use sylvan_engine::{EventLog, Game};
    let mut g = game(player(&[&[], &["dawnsinger", "stag"]], &[0], Some(1), &[2, 3]), None, None);
    let mut log = EventLog::new();
    let push: sylvan_mystic_vale::Action = "push".parse().unwrap_or_else(|e| panic!("{e}"));
    g.try_apply(push, &mut log).unwrap_or_else(|e| panic!("{e}"));
    let texts: Vec<String> = log.public().map(|e| e.to_string()).collect();
    assert!(texts.contains(&"p0 plays Dawnsinger + Stag".to_string()), "{texts:?}");
    assert!(texts.contains(&"p0 reveals a blank card on-deck".to_string()), "{texts:?}");
    assert!(!texts.iter().any(|t| t.contains(" c2") || t.contains(" c1")), "{texts:?}");
}
