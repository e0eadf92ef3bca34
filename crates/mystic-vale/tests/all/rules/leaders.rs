//! The leaders' abilities across the sets: Cyrilla's upgraded side copying every kind of ability
//! (rulings MV51, MV80) and card choices going to the ability that offers the card (MV81).

use sylvan_engine::{Game, Heuristic, Seat};
use sylvan_mystic_vale::state::Boost;
use sylvan_mystic_vale::{Action, MysticVale, Options, Setup, SetupPlayer};

use crate::common::*;

fn every_set(players: usize) -> Options {
    Options { players, sets: "base,magic,wild,manastorm".into(), ..Options::default() }
}

fn with_leader(mut p: SetupPlayer, key: &str, upgraded: bool) -> SetupPlayer {
    p.leader = Some(key.into());
    p.leader_upgraded = upgraded;
    p
}

/// Player 0 has Cyrilla's upgraded side; player 1 sits to the left, player 2 to the right.
fn cyrilla_game(p0: SetupPlayer, p1: SetupPlayer, p2: SetupPlayer) -> MysticVale {
    let p0 = with_leader(p0, "cyrilla", true);
    let setup = Setup { start: 0, players: vec![p0, p1, p2], ..Setup::default() };
    MysticVale::from_setup(&every_set(3), &setup, 7).unwrap_or_else(|e| panic!("setup: {e}"))
}

fn quiet_at(seat_cards: &[&[&str]]) -> SetupPlayer {
    player(seat_cards, &[], Some(10), &[11, 12])
}

#[test]
fn cyrilla_copies_a_decay_ability_onto_her_on_deck_card_through_the_prep_phase() {
    // EN:1600-1606: the first card may be on-deck; Lifebringer Seed's "this card counts no decay" on it
    // lasts the turn: in the Prep Phase it joins the field with no decay, and the next card's 3 do not
    // make 4 (MV80). Without the copy, 3 + 3 decay spoil in the Prep Phase.
    let p0 = player(&[&[], &["lifebringer-seed"], &[CL, CL, CL], &[CL, CL, CL]], &[1, 19], Some(2), &[3, 4]);
    let mut g = cyrilla_game(p0, quiet_at(&[]), quiet_at(&[]));
    act(&mut g, "pass");
    act(&mut g, "ability c2");
    assert!(legal(&g).contains(&"ability p0 c1 top".to_string()), "{:?}", legal(&g));
    let before = g.net_decay(0);
    let mut declined = g.clone();
    act(&mut g, "ability p0 c1 top");
    assert_eq!(g.players[0].stats[2].decay, 0, "the on-deck card counts no decay");
    assert_eq!(g.net_decay(0), before - 3);
    act(&mut declined, "decline");
    act(&mut g, "done");
    act(&mut declined, "done");
    assert!(declined.players[0].skip_next, "3 + 3 decay in the Prep Phase spoil");
    assert!(!g.players[0].skip_next, "the copied ability lasts through the Prep Phase");
    assert_eq!(g.players[0].field, vec![2]);
    // The turn is over: the copy ends.
    assert_eq!(g.current, 1);
    assert_eq!(g.players[0].fx.guardian_and_graft.boost, None);
    assert_eq!(g.players[0].stats[2].decay, 3);
}

#[test]
fn cyrilla_copies_a_growth_ability() {
    // Grovtender (+1 growth per guardian on its card) on Totem Chief's card with Cyrilla's guardian: 2.
    let p0 = player(&[&["totem-chief"], &["grovtender"]], &[0, 1, 19], Some(2), &[3]);
    let mut g = cyrilla_game(p0, quiet_at(&[]), quiet_at(&[]));
    act(&mut g, "pass");
    act(&mut g, "ability c0");
    let before = g.net_decay(0);
    act(&mut g, "ability p0 c1 top");
    assert_eq!(g.players[0].stats[0].growth, 2, "2 guardians, +1 growth each");
    assert_eq!(g.net_decay(0), before - 2);
    assert_eq!(
        g.players[0].fx.guardian_and_graft.boost,
        Some(Boost {
            card: 0,
            guardians: 1,
            ability: g.players[0].fx.guardian_and_graft.boost.and_then(|b| b.ability)
        })
    );
}

#[test]
fn cyrilla_copies_a_guardian_ability() {
    // Ent Guard (+1 guardian per level-1 advancement on its card) on Totem Chief's card: Totem Chief
    // (level 1) gives 1 more guardian, so 1 printed + 1 Cyrilla + 1 Ent Guard: 3 forest.
    let p0 = player(&[&["totem-chief"], &["ent-guard"]], &[0, 1, 19], Some(2), &[3]);
    let mut g = cyrilla_game(p0, quiet_at(&[]), quiet_at(&[]));
    act(&mut g, "pass");
    let forest = g.spirits_left()[1];
    act(&mut g, "ability c0");
    assert_eq!(g.spirits_left()[1], forest + 1);
    act(&mut g, "ability p0 c1 top");
    assert_eq!(g.players[0].stats[0].guardians, 3);
    assert_eq!(g.spirits_left()[1], forest + 2, "Totem Chief counts 3 guardians");
}

#[test]
fn cyrilla_copies_a_harvest_ability_that_multiplies_mana() {
    // Ley Line Overflow (the harvest's mana counts twice) from the left neighbour's field.
    let p0 = player(&[&["seedling"], &["seedling"]], &[0, 1, 19], Some(2), &[3]);
    let mut g = cyrilla_game(p0, player(&[&["ley-line-overflow"]], &[0], Some(1), &[2]), quiet_at(&[]));
    act(&mut g, "pass");
    assert_eq!(g.mana_left(), 2);
    act(&mut g, "ability c0");
    act(&mut g, "ability p1 c0 middle");
    assert_eq!(g.mana_left(), 4);
}

#[test]
fn cyrilla_copies_canopy_explorer_which_resolves_at_once() {
    // Canopy Explorer (move 1 card per guardian on its card from the deck to the field) on Totem Chief's
    // card with Cyrilla's guardian: 2 cards join the field now, their symbols counted.
    let p0 = player(&[&["totem-chief"], &[], &[], &["seedling"], &["seedling"]], &[0, 19], Some(2), &[3, 4, 5]);
    let mut g = cyrilla_game(p0, player(&[&["canopy-explorer"]], &[0], Some(1), &[2]), quiet_at(&[]));
    act(&mut g, "pass");
    assert_eq!(g.mana_left(), 0);
    act(&mut g, "ability c0");
    act(&mut g, "ability p1 c0 top");
    assert_eq!(g.players[0].field, vec![0, 19, 3, 4]);
    assert_eq!(g.mana_left(), 2, "the two Seedlings");
}

/// Rules revision 11 (ruling MV96): an Earthchant Chorus among the cards a copied Canopy Explorer brings in
/// acts at once: a purchase may be declared for its card.
#[test]
fn cyrilla_copies_canopy_explorer_whose_cards_bring_their_earthchant_chorus() {
    let game = |rules: u8| {
        let p0 =
            player(&[&["totem-chief"], &[], &[], &["earthchant-chorus"], &["seedling"]], &[0, 19], Some(2), &[3, 4, 5]);
        let p0 = with_leader(p0, "cyrilla", true);
        let p1 = player(&[&["canopy-explorer"]], &[0], Some(1), &[2]);
        let setup = Setup {
            start: 0,
            players: vec![p0, p1, quiet_at(&[])],
            commons: commons(&["podlings"], &[], &[]),
            ..Setup::default()
        };
        let options = Options { rules, ..every_set(3) };
        let mut g = MysticVale::from_setup(&options, &setup, 7).unwrap_or_else(|e| panic!("setup: {e}"));
        act(&mut g, "pass");
        act(&mut g, "ability c0");
        act(&mut g, "ability p1 c0 top");
        assert_eq!(g.players[0].field, vec![0, 19, 3, 4]);
        legal(&g)
    };
    assert!(game(11).contains(&"buy 1.1 on c3".to_string()), "{:?}", game(11));
    assert!(!game(10).iter().any(|a| a.contains(" on c")), "revision 10: {:?}", game(10));
}

#[test]
fn cyrilla_copies_an_exchange_ability() {
    // Seed Sowers (pay mana for VP, any number of times) from the right neighbour: `sow` is offered.
    let p0 = player(&[&["seedling"], &["seedling"]], &[0, 1, 19], Some(2), &[3]);
    let mut g = cyrilla_game(p0, quiet_at(&[]), player(&[&["seed-sowers"]], &[0], Some(1), &[2]));
    act(&mut g, "pass");
    assert!(card_uses(&g).is_empty());
    act(&mut g, "ability c0");
    act(&mut g, "ability p2 c0 middle");
    // The ability Cyrilla added to card 0 is named as its leader side's place (ruling MV89).
    assert_eq!(card_uses(&g), ["use c0 leader"]);
    act(&mut g, "use c0 leader");
    assert_eq!((g.mana_left(), g.players[0].vp), (0, 1), "the VP taken at once (EN:695)");
}

#[test]
fn cyrilla_copies_a_unique_ability_whose_choices_become_the_players() {
    // Dione's starting side (gain 1 mana or 1 wild) from the left neighbour's leader: its choice is
    // offered to Cyrilla's player next, once.
    let p1 = with_leader(player(&[], &[19], Some(0), &[1]), "dione", false);
    let p0 = player(&[&["seedling"]], &[0, 19], Some(1), &[2]);
    let mut g = cyrilla_game(p0, p1, quiet_at(&[]));
    act(&mut g, "pass");
    act(&mut g, "ability c0");
    assert!(legal(&g).contains(&"ability p1 c19 leader".to_string()), "{:?}", legal(&g));
    act(&mut g, "ability p1 c19 leader");
    let offered: Vec<String> = legal(&g).into_iter().filter(|a| a.starts_with("ability")).collect();
    assert_eq!(offered, vec!["ability 1", "ability 2"]);
    // The table shows the copy on its card, and the choice says what it gives, in both languages.
    let view = g.view(Seat(0));
    let en = MysticVale::view_text(&view, sylvan_engine::Lang::En);
    assert!(
        en.contains("until the end of the turn (Cyrilla): +1 guardian; harvest: gain 1 mana or 1 wild spirit"),
        "{en}"
    );
    let fr = MysticVale::view_text(&view, sylvan_engine::Lang::Fr);
    assert!(
        fr.contains("jusqu'à la fin du tour (Cyrilla) : +1 Gardien ; Récolte : gagnez 1 mana ou 1 Esprit Libre"),
        "{fr}"
    );
    assert_eq!(
        MysticVale::describe_action_in(&view, Action::AbilityPick(1), sylvan_engine::Lang::En),
        "gain 1 wild spirit"
    );
    assert_eq!(
        MysticVale::describe_action_in(&view, Action::AbilityPick(1), sylvan_engine::Lang::Fr),
        "gagner 1 Esprit Libre"
    );
    act(&mut g, "ability 2");
    assert_eq!(g.spirits_left()[3], 1, "a wild spirit");
    assert!(!legal(&g).iter().any(|a| a.starts_with("ability")), "once a turn");
    // The heuristic resolves a copied choice too (a legal one).
    let p1 = with_leader(player(&[], &[19], Some(0), &[1]), "dione", false);
    let mut h = cyrilla_game(player(&[&["seedling"]], &[0, 19], Some(1), &[2]), p1, quiet_at(&[]));
    act(&mut h, "pass");
    act(&mut h, "ability c0");
    act(&mut h, "ability p1 c19 leader");
    let mut list = Vec::new();
    h.legal_actions(&mut list);
    let a = MysticVale::heuristic_action(&h.view(Seat(0)), &list, &mut sylvan_engine::GameRng::new(1));
    assert!(matches!(a, Action::AbilityPick(_)), "{a}");
}

#[test]
fn cyrilla_copies_magpie_and_each_magpie_takes_its_own_choices() {
    // Magpie copied onto a card that has none: its choice (discard cards) is the player's; the player's
    // own Magpie is still there afterwards (the same ability twice, MV81).
    let p0 = player(&[&["seedling"], &["magpie"]], &[0, 1, 19], Some(2), &[3]);
    let mut g = cyrilla_game(p0, quiet_at(&[]), quiet_at(&[]));
    act(&mut g, "pass");
    act(&mut g, "ability c0");
    act(&mut g, "ability p0 c1 bottom");
    assert!(legal(&g).contains(&"ability c5".to_string()), "{:?}", legal(&g));
    let deck = g.players[0].deck.len();
    act(&mut g, "ability c5");
    assert_eq!(g.turn.ability_open, Some(sylvan_mystic_vale::effects::BOOST_KEY), "more cards may follow");
    act(&mut g, "decline");
    act(&mut g, "ability c6");
    act(&mut g, "decline");
    assert_eq!(g.players[0].deck.len(), deck + 2, "one card through each Magpie");
    assert!(!legal(&g).iter().any(|a| a.starts_with("ability")), "both used");
}

#[test]
fn a_card_choice_goes_to_the_ability_that_offers_the_card() {
    // Magpie (discard cards) before Cyrilla's starting side (field and on-deck cards) in field order, and
    // after it: `ability cN` goes to the one that offers card N, in the order the player wants (EN:462).
    for field in [[0u8, 19], [19, 0]] {
        let p0 = with_leader(player(&[&["magpie"]], &field, Some(1), &[2]), "cyrilla", false);
        let setup = Setup { start: 0, players: vec![p0, quiet()], ..Setup::default() };
        let mut g = MysticVale::from_setup(&every_set(2), &setup, 7).unwrap_or_else(|e| panic!("setup: {e}"));
        act(&mut g, "pass");
        let offered = legal(&g);
        for a in ["ability c0", "ability c1", "ability c19", "ability c5"] {
            assert!(offered.contains(&a.to_string()), "{field:?} {a}: {offered:?}");
        }
        // The descriptions say which ability takes the card, in both languages.
        let view = g.view(Seat(0));
        let say = |a: &str, lang| MysticVale::describe_action_in(&view, a.parse().unwrap_or(Action::Pass), lang);
        assert!(say("ability c5", sylvan_engine::Lang::En).contains("from your discard pile into your deck"));
        assert!(say("ability c5", sylvan_engine::Lang::Fr).contains("de votre défausse dans votre deck"));
        // Named by what is on the card, never by its number (issue 33).
        let (en, fr) = (say("ability c0", sylvan_engine::Lang::En), say("ability c0", sylvan_engine::Lang::Fr));
        assert!(en.starts_with("+1 guardian on ") && !en.contains("c0"), "{en}");
        assert!(fr.starts_with("+1 Gardien sur ") && !fr.contains("c0"), "{fr}");
        let mut magpie_first = g.clone();
        act(&mut g, "ability c0");
        assert_eq!(
            g.players[0].fx.guardian_and_graft.boost.map(|b| b.card),
            Some(0),
            "{field:?}: Cyrilla's guardian on Magpie's card"
        );
        assert_eq!(g.turn.ability_open, None, "{field:?}: Magpie did not take it");
        assert!(legal(&g).contains(&"ability c5".to_string()), "{field:?}: Magpie is still offered");
        act(&mut g, "ability c5");
        assert!(g.players[0].deck.contains(&5));
        act(&mut magpie_first, "ability c5");
        assert_eq!(
            magpie_first.players[0].fx.guardian_and_graft.boost, None,
            "{field:?}: Magpie's choice, not Cyrilla's"
        );
        assert!(magpie_first.players[0].deck.contains(&5));
        act(&mut magpie_first, "decline");
        act(&mut magpie_first, "ability c1");
        assert_eq!(
            magpie_first.players[0].fx.guardian_and_graft.boost.map(|b| b.card),
            Some(1),
            "then Cyrilla's, on-deck"
        );
    }
}

// Cyrilla's copy of each remaining kind of ability (issue 12): what acts as the harvest begins happens at
// once, and a copied choice is the player's (MV80).

#[test]
fn cyrilla_copies_call_of_the_hunt_which_fills_the_field_at_once() {
    // Call of the Hunt (harvest: fill the field up to 8 cards from the deck) from the left neighbour.
    let p0 = player(&[&["totem-chief"]], &[0, 19], Some(1), &(2..12).collect::<Vec<u8>>());
    let mut g = cyrilla_game(p0, player(&[&["call-of-the-hunt"]], &[0], Some(1), &[2]), quiet_at(&[]));
    act(&mut g, "pass");
    act(&mut g, "ability c0");
    act(&mut g, "ability p1 c0 top");
    assert_eq!(g.players[0].field.len(), 8, "{:?}", g.players[0].field);
    assert_eq!(g.players[0].on_deck, Some(1), "the on-deck card stays");
}

#[test]
fn cyrilla_copies_earthchant_chorus_whose_declared_purchase_goes_on_the_first_card() {
    // Earthchant Chorus (harvest: an advancement declared for this card costs 2 less, if the card has one
    // or two open slots, EN:963-967) from the right neighbour, onto a Seedling's card (two open slots):
    // `buy … on c0` is offered for that card, 2 mana cheaper. A blank card (three open slots) takes none.
    let p0 = player(&[&["seedling"], &[FS], &[FS], &[]], &[0, 1, 2, 3, 19], Some(4), &[5]);
    let p2 = player(&[&["earthchant-chorus"]], &[0], Some(1), &[2]);
    let setup = Setup {
        start: 0,
        players: vec![with_leader(p0, "cyrilla", true), quiet_at(&[]), p2],
        commons: commons(&["podlings"], &[], &[]),
        ..Setup::default()
    };
    let mut g = MysticVale::from_setup(&every_set(3), &setup, 7).unwrap_or_else(|e| panic!("setup: {e}"));
    act(&mut g, "pass");
    assert!(!legal(&g).iter().any(|a| a.contains(" on c")), "{:?}", legal(&g));
    act(&mut g, "ability c0");
    act(&mut g, "ability p2 c0 top");
    let l = legal(&g);
    assert!(l.contains(&"buy 1.1 on c0".to_string()), "{l:?}");
    assert!(!l.contains(&"buy 1.1 on c1".to_string()), "only the card with the copy: {l:?}");
    let mana = g.mana_left();
    act(&mut g, "buy 1.1 on c0");
    assert_eq!(g.mana_left(), mana, "Podlings (2) costs 0 on the declared card");
    // The same copy on the blank card c3.
    let setup = Setup {
        start: 0,
        players: vec![
            with_leader(player(&[&["seedling"], &[FS], &[FS], &[]], &[0, 1, 2, 3, 19], Some(4), &[5]), "cyrilla", true),
            quiet_at(&[]),
            player(&[&["earthchant-chorus"]], &[0], Some(1), &[2]),
        ],
        commons: commons(&["podlings"], &[], &[]),
        ..Setup::default()
    };
    let mut g = MysticVale::from_setup(&every_set(3), &setup, 7).unwrap_or_else(|e| panic!("setup: {e}"));
    act(&mut g, "pass");
    act(&mut g, "ability c3");
    act(&mut g, "ability p2 c0 top");
    assert!(!legal(&g).iter().any(|a| a.contains(" on c")), "{:?}", legal(&g));
}

#[test]
fn cyrilla_copies_nepetos_upgraded_side_a_third_buy_2_cheaper() {
    // Nepeto, upgraded (EN:1686-1690): a third advancement, 2 less, from the left neighbour's leader.
    let p0 = player(&[&["seedling"], &["seedling"], &[FS], &[FS]], &[0, 1, 2, 3, 19], Some(4), &[5]);
    let p1 = with_leader(player(&[], &[19], Some(0), &[1]), "nepeto", true);
    let setup = Setup {
        start: 0,
        players: vec![with_leader(p0, "cyrilla", true), p1, quiet_at(&[])],
        commons: commons(&["podlings", "podlings", "podlings"], &[], &[]),
        ..Setup::default()
    };
    let mut g = MysticVale::from_setup(&every_set(3), &setup, 7).unwrap_or_else(|e| panic!("setup: {e}"));
    act(&mut g, "pass");
    act(&mut g, "ability c0");
    act(&mut g, "ability p1 c19 leader");
    assert_eq!(g.mana_left(), 4);
    act(&mut g, "buy 1.1");
    act(&mut g, "buy 1.2");
    assert!(legal(&g).contains(&"buy 1.3".to_string()), "a third purchase: {:?}", legal(&g));
    act(&mut g, "buy 1.3");
    assert_eq!(g.mana_left(), 0, "2 + 2 + (2 - 2)");
}

#[test]
fn cyrilla_copies_gingans_upgraded_side_and_her_neighbours_decide() {
    // GinGan, upgraded (EN:1631-1637): copied from the left neighbour's leader, the Cyrilla player's
    // neighbours are asked at once, left first; each discard gives her 1 VP from the box.
    let p0 = player(&[&["seedling"]], &[0, 19], Some(1), &[2]);
    let p1 = with_leader(player(&[&[CL]], &[19], Some(0), &[1, 2]), "gingan", true);
    let p2 = player(&[&[CL]], &[5], Some(0), &[1, 2]);
    let mut g = cyrilla_game(p0, p1, p2);
    act(&mut g, "pass");
    act(&mut g, "ability c0");
    let vp = g.players[0].vp;
    act(&mut g, "ability p1 c19 leader");
    assert_eq!(g.to_move(), Some(Seat(1)), "the left neighbour decides");
    assert_eq!(legal(&g), vec!["decline", "discard c0"]);
    act(&mut g, "discard c0");
    assert_eq!(g.players[1].on_deck, Some(1));
    assert_eq!(g.to_move(), Some(Seat(2)), "then the right one");
    act(&mut g, "decline");
    assert_eq!(g.to_move(), Some(Seat(0)));
    assert_eq!(g.players[0].vp, vp + 1, "one discard, 1 VP from the box, at once");
}

#[test]
fn cyrilla_copies_diones_upgraded_side_and_counts_the_neighbours_on_deck_cards() {
    // Dione, upgraded (EN:1614-1621): the neighbours' on-deck cards count as in the field.
    let p0 = player(&[&["totem-chief"]], &[0, 19], Some(1), &[2]);
    let p1 = with_leader(player(&[&["seedling"]], &[19], Some(0), &[1]), "dione", true);
    let p2 = player(&[&["seedling", "podlings"]], &[5], Some(0), &[1]);
    let mut g = cyrilla_game(p0, p1, p2);
    act(&mut g, "pass");
    act(&mut g, "ability c0");
    let mana = g.mana_left();
    act(&mut g, "ability p1 c19 leader");
    assert_eq!(g.mana_left(), mana + 2, "a Seedling on each neighbour's on-deck card");
}

#[test]
fn cyrilla_copies_guilduins_upgraded_side_whose_card_choice_is_the_players() {
    // Guilduin, upgraded (EN:1647-1651): choose another field card; its symbols count again.
    let p0 = player(&[&[], &["seedling", "podlings"]], &[0, 1, 19], Some(2), &[3]);
    let p2 = with_leader(player(&[], &[19], Some(0), &[1]), "guilduin", true);
    let mut g = cyrilla_game(p0, quiet_at(&[]), p2);
    act(&mut g, "pass");
    act(&mut g, "ability c0");
    act(&mut g, "ability p2 c19 leader");
    let mana = g.mana_left();
    assert!(legal(&g).contains(&"ability c1".to_string()), "{:?}", legal(&g));
    act(&mut g, "ability c1");
    assert_eq!(g.mana_left(), mana + 1, "the Seedling card's mana twice");
    assert!(!legal(&g).iter().any(|a| a.starts_with("ability")), "once");
}

#[test]
fn cyrilla_copies_hemperos_upgraded_side_and_clears_the_commons() {
    // Hempero, upgraded (EN:1653-1659): up to 3 level-2 or level-3 advancements of the commons leave the
    // game, chosen one by one by the Cyrilla player; the places refill after the last.
    let p0 = player(&[&["seedling"]], &[0, 19], Some(1), &[2]);
    let p1 = with_leader(player(&[], &[19], Some(0), &[1]), "hempero", true);
    let setup = Setup {
        start: 0,
        players: vec![with_leader(p0, "cyrilla", true), p1, quiet_at(&[])],
        commons: commons(&["seedling"], &["plow", "hawk"], &["stag"]),
        ..Setup::default()
    };
    let mut g = MysticVale::from_setup(&every_set(3), &setup, 7).unwrap_or_else(|e| panic!("setup: {e}"));
    act(&mut g, "pass");
    act(&mut g, "ability c0");
    act(&mut g, "ability p1 c19 leader");
    let l = legal(&g);
    assert!(l.contains(&"ability 2.1".to_string()) && !l.contains(&"ability 1.1".to_string()), "{l:?}");
    let plow = g.commons[1][0];
    act(&mut g, "ability 2.1");
    act(&mut g, "decline");
    assert!(g.removed_advs.contains(&plow), "out of the game");
    assert_ne!(g.commons[1][0], plow, "refilled");
}

#[test]
fn cyrilla_cannot_copy_xanos_turning_back() {
    // Xanos's upgraded side turns back at the end of the Harvest Phase: "This is not a Harvest ability"
    // (EN:1724), so Cyrilla's upgraded side, which copies Harvest or Ongoing abilities (EN:1604), is not
    // offered it (MV82). The left neighbour's Seed Sowers still is.
    let p1 = with_leader(player(&[&["seed-sowers"]], &[0, 19], Some(1), &[2]), "xanos", true);
    let mut g = cyrilla_game(player(&[&["seedling"]], &[0, 19], Some(1), &[2]), p1, quiet_at(&[]));
    act(&mut g, "pass");
    act(&mut g, "ability c0");
    let l = legal(&g);
    assert!(l.contains(&"ability p1 c0 middle".to_string()), "{l:?}");
    assert!(!l.contains(&"ability p1 c19 leader".to_string()), "{l:?}");
}

#[test]
fn the_leaders_commons_soil_and_option_choices_read_as_sentences() {
    // Nepeto's Fertile Soil (EN:1678-1684), Hempero's clearing (EN:1653-1659), Old Bakarab's workshop
    // (EN:1692-1716, MV75): each choice says what it does, with the title it takes, in every language
    // (before, the notation alone).
    use sylvan_engine::Locale;
    for (key, up, a, words) in [
        ("nepeto", false, "ability soil.middle c0", "Fertile Soil"),
        ("hempero", true, "ability 2.1", "commons"),
        ("old-bakarab", false, "ability 1.1", "workshop"),
        ("old-bakarab", false, "ability soil.top", "Fertile Soil"),
        ("old-bakarab", true, "ability 1", "1 mana"),
    ] {
        let p0 = with_leader(player(&[&[CL]], &[0, 19], Some(9), &[10, 11, 12]), key, up);
        let setup = Setup { start: 0, players: vec![p0, quiet()], ..Setup::default() };
        let mut g = MysticVale::from_setup(&every_set(2), &setup, 7).unwrap_or_else(|e| panic!("setup: {e}"));
        act(&mut g, "pass");
        assert!(legal(&g).iter().any(|x| x == a), "{key}: {:?}", legal(&g));
        let action: Action = a.parse().unwrap_or_else(|e| panic!("{e}"));
        let view = g.view(Seat(0));
        let en = sylvan_mystic_vale::words::describe_in(&view, action, Locale::En);
        assert!(en.contains(words) && !en.contains(a), "{key} {a}: {en}");
        for locale in Locale::ALL {
            let text = sylvan_mystic_vale::words::describe_in(&view, action, locale);
            assert!(!text.contains(a) && text.len() > a.len() + 10, "{key} {a} in {locale:?}: {text}");
        }
    }
}
