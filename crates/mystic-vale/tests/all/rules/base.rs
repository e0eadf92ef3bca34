//! Base set: one test per rule and per ability, from explicit setups (`Game::from_setup`), including the
//! rulebooks' worked examples. Card values marked provisional in `data/base.toml` are used as data: the
//! tests that rest on them say so.

use sylvan_engine::{EventLog, Game, Seat};
use sylvan_mystic_vale::state::EMPTY;
use sylvan_mystic_vale::view::SpoilOdds;
use sylvan_mystic_vale::{Action, MysticVale, Options, Phase, Setup, SetupPlayer};

use crate::common::*;

// ---------------------------------------------------------------- setup

#[test]
fn setup_by_player_count() {
    for (players, l1, pool) in [(2, 12, 23), (3, 15, 28), (4, 18, 33)] {
        let o = MysticVale::options_for_players(players).unwrap_or_default();
        let g = MysticVale::new(&o, 3).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(g.adv_decks[0].len() + 3, l1, "level-1 deck of {l1}");
        assert_eq!(g.adv_decks[1].len() + 3, 30, "all level 2");
        assert_eq!(g.adv_decks[2].len() + 3, 33, "all level 3");
        assert!(g.commons.iter().flatten().all(|&a| a != EMPTY));
        assert_eq!(g.vale_decks[0].len() + 4, 18);
        assert_eq!(g.vale_decks[1].len() + 4, 18);
        assert_eq!(g.pool, pool);
        assert_eq!(g.soil, [6, 6, 6]);
        for p in &g.players {
            assert!(!p.token_active, "every token starts spent");
            let cursed_in_field = p.field.iter().filter(|&&c| p.cards[c as usize].is_cursed(&g.db)).count();
            assert_eq!(cursed_in_field, 2, "two Cursed Lands in the field");
            let od = p.on_deck.unwrap_or(99);
            assert!(p.cards[od as usize].is_cursed(&g.db), "a third on-deck");
            assert_eq!(p.field.len() + p.deck.len() + 1 + p.discard.len(), 20);
            let cl = p.cards.iter().filter(|s| s.is_cursed(&g.db)).count();
            let blanks = p.cards.iter().filter(|s| s.advs().count() == 0).count();
            assert_eq!((cl, blanks), (9, 8), "9 Cursed Land, 3 Fertile Soil, 8 blank");
        }
        assert_eq!(g.current, g.start, "the starting player plays first");
        assert_eq!(g.phase, Phase::Planting);
    }
}

#[test]
fn setup_starting_cards_are_sleeved_as_the_rules_say() {
    // EN:259: 9 Cursed Land, 3 Fertile Soil, 8 blank; EN:975 and EN:1657: Fertile Soils count as level 1
    // advancements; each starting card is one sleeve with one starting advancement (EN:705: "Advancements
    // that are printed on starting cards are still considered an advancement"); slots as data/base.toml gives
    // them (fan): Cursed Lands 3 per slot, the 3 Fertile Soils one per slot.
    let o = MysticVale::options_for_players(4).unwrap_or_default();
    let g = MysticVale::new(&o, 11).unwrap_or_else(|e| panic!("{e}"));
    let db = &g.db;
    assert_eq!(db.adv(db.starting_soil).level, 1, "a starting Fertile Soil is level 1");
    assert!(db.soil.iter().all(|&s| db.adv(s).level == 1), "a bought Fertile Soil is level 1");
    for p in &g.players {
        let mut cursed = [0; 3];
        let mut soil = [0; 3];
        for s in &p.cards {
            assert!(s.advs().count() <= 1, "one starting advancement per sleeve");
            for (k, &a) in s.slots.iter().enumerate() {
                if a == db.cursed_land {
                    cursed[k] += 1;
                } else if a == db.starting_soil {
                    soil[k] += 1;
                } else {
                    assert_eq!(a, EMPTY, "nothing else on a starting card");
                }
            }
        }
        assert_eq!(cursed, [3, 3, 3]);
        assert_eq!(soil, [1, 1, 1]);
        assert_eq!(p.cards.iter().filter(|s| s.advs().count() == 0).count(), 8);
        // A Cursed Land shows 1 decay, a Fertile Soil none: the starting field holds exactly 2 decay.
        let decay: u32 = p.field.iter().map(|&c| u32::from(p.cards[c as usize].decay(db))).sum();
        assert_eq!(decay, 2);
    }
}

#[test]
fn starting_player_varies_with_the_seed() {
    let o = MysticVale::options_for_players(4).unwrap_or_default();
    let starts: std::collections::BTreeSet<u8> =
        (0..40).filter_map(|s| MysticVale::new(&o, s).ok()).map(|g| g.start).collect();
    assert_eq!(starts.len(), 4);
}

#[test]
fn wrong_player_count_is_an_error() {
    assert!(MysticVale::options_for_players(1).is_err());
    assert!(MysticVale::options_for_players(5).is_err());
}

// ---------------------------------------------------------------- planting and spoiling

#[test]
fn push_plays_on_deck_and_reveals_the_next() {
    let mut g = game(player(&[], &[0], Some(1), &[2, 3]), None, None);
    act(&mut g, "push");
    assert_eq!(g.players[0].field, vec![0, 1]);
    assert_eq!(g.players[0].on_deck, Some(2));
    assert_eq!(g.phase, Phase::Planting);
}

#[test]
fn spoil_at_five_decay_with_one_growth() {
    // Field: three Cursed Lands, one with Field of Flowers (1 growth, provisional). On-deck: a Cursed Land.
    // 4 decay - 1 growth = 3: no spoil. Push reveals a fourth... fifth decay: 5 - 1 = 4: spoil.
    let p = player(
        &[&[CL], &[CL], &["field-of-flowers", CL], &[CL], &[CL], &[CL], &[CL]],
        &[0, 1, 2],
        Some(3),
        &[4, 5, 6, 7],
    );
    let mut g = game(p, None, None);
    assert_eq!(g.net_decay(0), 3);
    assert_eq!(g.phase, Phase::Planting);
    act(&mut g, "push");
    // Spoiled: no harvest, token active, field discarded, the next player is to move after the prep.
    assert!(g.players[0].token_active);
    assert_eq!(g.current, 1);
    assert!(g.players[0].discard.contains(&0) && g.players[0].discard.contains(&3));
    assert_eq!(g.players[0].vp, 0);
}

#[test]
fn four_decay_and_one_growth_do_not_spoil() {
    let p = player(&[&[CL], &[CL], &["field-of-flowers", CL], &[CL], &[]], &[0, 1, 2], Some(3), &[4]);
    let mut g = game(p, None, None);
    act(&mut g, "push");
    assert_eq!(g.phase, Phase::Planting);
    assert_eq!(g.current, 0);
}

#[test]
fn spoiling_with_an_active_token_gives_nothing_more() {
    let mut p = player(&[&[CL], &[CL], &[CL], &[CL]], &[0, 1], Some(2), &[3]);
    p.token_active = true;
    let mut g = game(p, None, None);
    act(&mut g, "push");
    assert!(g.players[0].token_active);
    assert_eq!(g.players[0].vp, 0);
}

#[test]
fn on_deck_decay_counts_but_its_mana_does_not() {
    let p = player(&[&[FS], &[FS, "podlings"], &[CL]], &[0], Some(1), &[2]);
    let mut g = game(p, None, None);
    act(&mut g, "pass");
    assert_eq!(g.turn.mana_total, 1, "only the field's Fertile Soil");
    assert_eq!(g.spirits_left(), [0, 0, 0, 0], "nor its spirits (EN:667)");
}

#[test]
fn all_cards_in_the_field_must_pass() {
    let field: Vec<u8> = (0..20).collect();
    let p = SetupPlayer { cards: cards(&[]), field, ..SetupPlayer::default() };
    let mut g = game(p, None, None);
    assert_eq!(legal(&g), vec!["pass"]);
    act(&mut g, "pass");
    assert_eq!(g.phase, Phase::Harvest);
}

#[test]
fn empty_deck_reshuffles_the_discard_pile() {
    // Deck empty: the reveal shuffles the discard pile (cards 2..19) into a new deck.
    let mut g = game(player(&[], &[0], Some(1), &[]), None, None);
    act(&mut g, "push");
    let p = &g.players[0];
    assert!(p.on_deck.is_some_and(|c| c >= 2));
    assert!(p.discard.is_empty());
    assert_eq!(p.deck.len(), 17);
}

// ---------------------------------------------------------------- harvest

#[test]
fn buying_example_podlings_and_fertile_soil_with_the_token() {
    // EN "Example Buying Advancements": 3 mana in the field and an active token buy Podlings (2) and a
    // Fertile Soil (2).
    let mut p = player(&[&[FS], &[FS], &[FS], &[CL]], &[0, 1, 2], Some(3), &[4]);
    p.token_active = true;
    let mut g = game(p, commons(&["podlings"], &[], &[]), None);
    act(&mut g, "pass");
    assert_eq!(g.mana_left(), 3);
    act(&mut g, "buy 1.1");
    assert_eq!(g.mana_left(), 1);
    assert!(!legal(&g).iter().any(|a| a.starts_with("buy soil")), "1 mana cannot buy a Fertile Soil");
    act(&mut g, "token");
    assert!(!g.players[0].token_active);
    act(&mut g, "buy soil.middle");
    assert_eq!(g.mana_left(), 0);
    act(&mut g, "done");
    // Discard Phase: sleeve both on field cards (Podlings is middle (provisional), soil middle).
    assert_eq!(g.phase, Phase::Sleeve);
    act(&mut g, "sleeve c0");
    act(&mut g, "sleeve c1");
    assert_eq!(g.soil[1], 5);
}

#[test]
fn buy_limit_is_two_advancements() {
    // 9 mana from the box's three Wellsprings and three Fields of Flowers (middle slots): a third
    // Fertile Soil would be affordable, and every top slot is free.
    let field: Vec<u8> = (0..8).collect();
    let mut given: Vec<&[&str]> = vec![&["wellspring"]; 3];
    given.extend([&["field-of-flowers"] as &[&str]; 3]);
    let p = player(&given, &field, Some(8), &[9]);
    let mut g = game(p, None, None);
    act(&mut g, "pass");
    act(&mut g, "buy soil.top");
    act(&mut g, "buy soil.top");
    assert!(!legal(&g).iter().any(|a| a.starts_with("buy")));
}

#[test]
fn no_purchase_without_a_legal_place_to_sleeve() {
    // Every field card has its middle slot filled (Wellspring, provisional slot middle): no middle
    // advancement may be bought.
    let p = player(&[&["wellspring"], &["wellspring"]], &[0, 1], Some(2), &[3]);
    let mut g = game(p, None, None);
    act(&mut g, "pass");
    assert!(!legal(&g).contains(&"buy soil.middle".to_string()));
    assert!(legal(&g).contains(&"buy soil.top".to_string()));
    // Two top purchases need two cards with a free top slot: there are two.
    act(&mut g, "buy soil.top");
    assert!(legal(&g).contains(&"buy soil.top".to_string()));
}

#[test]
fn sleeving_never_covers_an_advancement() {
    // EN:560: "You may not sleeve an advancement if it will cover another advancement already on the card."
    // A bought middle Fertile Soil is offered only the field cards whose middle slot is free.
    let p = player(&[&["wellspring"], &[FS, CL], &[], &[FS]], &[0, 1, 2, 3], Some(4), &[5]);
    let mut g = game(p, None, None);
    act(&mut g, "pass");
    act(&mut g, "buy soil.middle");
    act(&mut g, "done");
    // c0: Wellspring (middle); c1: Fertile Soil top + Cursed Land middle; c2 blank; c3: Fertile Soil top.
    assert_eq!(legal(&g), vec!["sleeve c2", "sleeve c3"]);
    act(&mut g, "sleeve c3");
    let soil = g.db.soil[1];
    assert_eq!(g.players[0].cards[3].slots[1], soil);
}

#[test]
fn vale_example_feral_grove_and_ley_line_nexus() {
    // EN "Example Buying Vale Cards": 6 spirit symbols; Feral Grove (animal, forest, sky, any) takes an
    // animal for its "any"; the remaining forest and wild buy Ley Line Nexus (forest, sky).
    let p = player(
        &[&["podlings"], &["podlings"], &["bear-totem"], &["wayfinder"], &["will-o-the-wisp"]],
        &[0, 1, 2, 3, 4],
        Some(5),
        &[6],
    );
    let mut g = game(p, None, vales(&["ley-line-nexus"], &["feral-grove"]));
    act(&mut g, "pass");
    assert_eq!(g.spirits_left(), [2, 2, 1, 1]);
    act(&mut g, "vale 2.1 animal");
    assert_eq!(g.spirits_left(), [0, 1, 0, 1]);
    act(&mut g, "vale 1.1");
    assert_eq!(g.spirits_left(), [0, 0, 0, 0]);
    assert_eq!(g.players[0].vales.len(), 2);
}

#[test]
fn vale_any_paid_with_the_wrong_spirit_leaves_nexus_unaffordable() {
    let p = player(
        &[&["podlings"], &["podlings"], &["bear-totem"], &["wayfinder"], &["will-o-the-wisp"]],
        &[0, 1, 2, 3, 4],
        Some(5),
        &[6],
    );
    let mut g = game(p, None, vales(&["ley-line-nexus"], &["feral-grove"]));
    act(&mut g, "pass");
    act(&mut g, "vale 2.1 forest");
    assert!(!legal(&g).contains(&"vale 1.1".to_string()));
}

#[test]
fn harvest_vp_from_left_symbols_come_from_the_pool() {
    let p = player(&[&["hive-swarm"]], &[0], Some(1), &[2]);
    let mut g = game(p, None, None);
    let pool = g.pool;
    act(&mut g, "pass");
    act(&mut g, "done");
    assert_eq!(g.players[0].vp, 1);
    assert_eq!(g.pool, pool - 1);
}

/// A rich player: 9 mana (Woodland Warden with Stag: 2 per guardian x 3 = 6; two Fertile Soils; Wayfinder)
/// and spirits forest 2, sky 1, wild 1 (Stag, Podlings, Wayfinder, Will-o'-the-Wisp); a blank card with every
/// slot free.
fn rich() -> SetupPlayer {
    player(
        &[&["woodland-warden", "stag"], &[FS], &[FS], &["podlings"], &["wayfinder"], &["will-o-the-wisp"], &[]],
        &[0, 1, 2, 3, 4, 5, 6],
        Some(7),
        &[8],
    )
}

fn strs(x: &[&str]) -> Vec<String> {
    x.iter().map(|s| s.to_string()).collect()
}

/// A game with `rich()`, the given first common and first vale of each level (the other positions are filled,
/// so that no other hole is refilled), and the given decks (top first).
fn market(commons: [&[&str]; 3], vales: [&[&str]; 2], adv_decks: [&[&str]; 3], vale_decks: [&[&str]; 2]) -> MysticVale {
    let fill = |given: &[&str], rest: &[&str]| -> Vec<String> {
        let mut v = strs(given);
        if v.is_empty() {
            v.push(rest[0].to_string());
        }
        v.extend(strs(&rest[1..]));
        v
    };
    let commons = [
        fill(commons[0], &["grassland", "wellspring", "dawnsinger"]),
        fill(commons[1], &["plow", "moon-wolf", "druid-s-song"]),
        fill(commons[2], &["aurora", "ent-elder", "lifebloom-orchids"]),
    ];
    let vales = [
        fill(vales[0], &["exodus-road", "cascading-falls", "talonthorn-den", "radiant-pinnacle"]),
        fill(vales[1], &["verdant-valley", "webwood-canopy", "shimmering-brook", "blessed-savanna"]),
    ];
    let setup = Setup {
        start: 0,
        players: vec![rich(), quiet()],
        commons: Some(commons),
        vales: Some(vales),
        adv_decks: Some(adv_decks.map(strs)),
        vale_decks: Some(vale_decks.map(strs)),
        pool: None,
        soil: None,
    };
    MysticVale::from_setup(&Options::default(), &setup, 7).unwrap_or_else(|e| panic!("setup: {e}"))
}

fn id(g: &MysticVale, key: &str) -> u8 {
    g.db.advancements.iter().position(|a| a.key == key).map_or(EMPTY, |i| i as u8)
}

fn vale_id(g: &MysticVale, key: &str) -> u8 {
    g.db.vales.iter().position(|v| v.key == key).map_or(EMPTY, |i| i as u8)
}

/// Ends the harvest and sleeves every purchase on the first card offered.
fn finish_turn(g: &mut MysticVale) {
    act(g, "done");
    while g.phase == Phase::Sleeve {
        let s = legal(g)[0].clone();
        act(g, &s);
    }
}

#[test]
fn replenish_commons_from_the_same_level() {
    let mut g =
        market([&["podlings"], &[], &[]], [&[], &[]], [&["seedling", "wayfinder"], &["hawk"], &["stag"]], [&[], &[]]);
    act(&mut g, "pass");
    act(&mut g, "buy 1.1");
    assert_eq!(g.commons[0][0], EMPTY, "not replaced during the harvest (MV5)");
    finish_turn(&mut g);
    assert_eq!(g.commons[0][0], id(&g, "seedling"), "the top of the level-1 deck");
}

#[test]
fn replenish_level_one_from_level_two_when_its_deck_is_empty() {
    // EN:570-572: "If the deck of level 1 advancements runs out, replace ... from the level 2 deck."
    let mut g = market([&["podlings"], &[], &[]], [&[], &[]], [&[], &["hawk", "plow"], &["stag"]], [&[], &[]]);
    act(&mut g, "pass");
    act(&mut g, "buy 1.1");
    finish_turn(&mut g);
    assert_eq!(g.commons[0][0], id(&g, "hawk"));
    assert_eq!(g.adv_decks[1].len(), 1);
}

#[test]
fn replenish_level_two_from_level_three_when_its_deck_is_empty() {
    // EN:572: "if the level 2 deck runs out ... replace it with a level 3 advancement."
    let mut g = market([&[], &["bear-totem"], &[]], [&[], &[]], [&["seedling"], &[], &["stag", "aurora"]], [&[], &[]]);
    act(&mut g, "pass");
    act(&mut g, "buy 2.1");
    finish_turn(&mut g);
    assert_eq!(g.commons[1][0], id(&g, "stag"));
}

#[test]
fn replenish_level_one_from_level_three_when_both_lower_decks_are_empty() {
    // MV5: the fallbacks chain (1 -> 2 -> 3).
    let mut g = market([&["podlings"], &[], &[]], [&[], &[]], [&[], &[], &["stag"]], [&[], &[]]);
    act(&mut g, "pass");
    act(&mut g, "buy 1.1");
    finish_turn(&mut g);
    assert_eq!(g.commons[0][0], id(&g, "stag"));
}

#[test]
fn replenish_level_three_leaves_a_hole_when_its_deck_is_empty() {
    let mut g = market([&[], &[], &["hive-swarm"]], [&[], &[]], [&["seedling"], &["hawk"], &[]], [&[], &[]]);
    act(&mut g, "pass");
    act(&mut g, "buy 3.1");
    finish_turn(&mut g);
    assert_eq!(g.commons[2][0], EMPTY, "no level-4 fallback");
    assert_eq!((g.adv_decks[0].len(), g.adv_decks[1].len()), (1, 1), "lower decks untouched");
}

#[test]
fn replenish_vales_level_one_from_level_two_and_level_two_not_at_all() {
    // EN:566: "If the deck of level 1 vale cards runs out, replace bought level 1 vale cards with cards
    // from the level 2 deck." Nothing is said for level 2: the hole stays empty (MV5).
    let mut g = market([&[], &[], &[]], [&["ley-line-nexus"], &[]], [&[], &[], &[]], [&[], &["skyhaven"]]);
    act(&mut g, "pass");
    act(&mut g, "vale 1.1");
    finish_turn(&mut g);
    assert_eq!(g.vale_row[0][0], vale_id(&g, "skyhaven"));

    let mut g = market([&[], &[], &[]], [&[], &["heartwood-sanctuary"]], [&[], &[], &[]], [&["world-tree"], &[]]);
    act(&mut g, "pass");
    act(&mut g, "vale 2.1");
    finish_turn(&mut g);
    assert_eq!(g.vale_row[1][0], EMPTY, "an empty level-2 deck leaves the hole empty");
    assert_eq!(g.vale_decks[0].len(), 1, "the level-1 deck is not used for level 2");
}

// ---------------------------------------------------------------- prep

#[test]
fn prep_plays_until_three_decay() {
    let p = player(&[&[CL], &[], &[CL], &[], &[CL], &[]], &[5], Some(0), &[1, 2, 3, 4]);
    let mut g = game(p, None, None);
    act(&mut g, "pass");
    act(&mut g, "done");
    let p = &g.players[0];
    assert_eq!(p.field, vec![0, 1, 2, 3], "played until 2 decay in the field and 1 on-deck");
    assert_eq!(p.on_deck, Some(4));
    assert_eq!(g.current, 1);
}

#[test]
fn spoiling_during_prep_skips_the_next_harvest() {
    // After the discard, prep plays CL, CL, then reveals Cursed Land + Hulking Thornhide (2 decay): 4.
    let p = player(&[&[CL], &[CL], &["hulking-thornhide", CL], &[FS], &[FS]], &[3, 4], Some(0), &[1, 2, 5]);
    let mut g = game(p, None, None);
    act(&mut g, "pass");
    act(&mut g, "done");
    assert!(g.players[0].skip_next);
    assert!(g.players[0].token_active);
    assert_eq!(g.current, 1);
    // The opponent plays; p0's next turn goes straight to the Discard Phase and its prep.
    act(&mut g, "pass");
    act(&mut g, "done");
    assert_eq!(g.current, 1, "p0's turn was skipped to its Discard and Prep Phases");
    assert_eq!(g.players[0].vp, 0);
    assert!(!g.players[0].skip_next);
}

// ---------------------------------------------------------------- advancement abilities

#[test]
fn dawnsinger_with_stag_gives_three_mana() {
    let p = player(&[&["dawnsinger", "stag"]], &[0], Some(1), &[2]);
    let mut g = game(p, None, None);
    act(&mut g, "pass");
    // Printed mana of Dawnsinger (1, provisional) + 3 from 3 guardians.
    assert_eq!(g.turn.mana_total, 1 + 3);
}

#[test]
fn feral_chieftain_with_stag_gives_three() {
    let p = player(&[&["feral-chieftain", "stag"]], &[0], Some(1), &[2]);
    let mut g = game(p, None, None);
    act(&mut g, "pass");
    assert_eq!(g.turn.vp_total, 3, "reward is VP (provisional)");
}

#[test]
fn woodland_warden_with_stag_gives_six() {
    let p = player(&[&["woodland-warden", "stag"]], &[0], Some(1), &[2]);
    let mut g = game(p, None, None);
    act(&mut g, "pass");
    assert_eq!(g.turn.mana_total, 6, "reward is mana (provisional)");
}

#[test]
fn grovtender_with_stag_has_two_growth_even_on_deck() {
    // On-deck: Grovtender + Stag (2 growth). Field: 3 Cursed Lands; on-deck card reveal of a 4th and
    // 5th decay needed to spoil.
    let p = player(&[&[CL], &[CL], &[CL], &["grovtender", "stag"], &[CL]], &[0, 1, 2], Some(3), &[4]);
    let mut g = game(p, None, None);
    assert_eq!(g.net_decay(0), 1);
    act(&mut g, "push");
    assert_eq!(g.net_decay(0), 2);
    assert_eq!(g.phase, Phase::Planting);
}

#[test]
fn seedling_caps_its_card_at_one_decay() {
    let p = player(&[&["seedling", "hulking-thornhide", CL]], &[0], Some(1), &[2]);
    let g = game(p, None, None);
    assert_eq!(g.players[0].cards[0].decay(&g.db), 1);
    let p = player(&[&["seedling", CL]], &[0], Some(1), &[2]);
    let g = game(p, None, None);
    assert_eq!(g.players[0].cards[0].decay(&g.db), 1, "alone on a Cursed Land it changes nothing");
}

#[test]
fn the_view_carries_the_rules_decay_growth_and_spoil_risk() {
    // Field c0: Seedling caps Hulking Thornhide + Cursed Land at 1 decay (the printed symbols say 2);
    // on-deck c1: a Cursed Land. Deck: c2 (2 decay: pushing it spoils) and c3 (blank).
    let p =
        player(&[&["seedling", "hulking-thornhide", CL], &[CL], &[CL, "hulking-thornhide"]], &[0], Some(1), &[2, 3]);
    let g = game(p, None, None);
    let mine = g.view(Seat(0));
    assert_eq!((mine.players[0].showing.decay, mine.players[0].showing.growth), (2, 0));
    assert_eq!(mine.players[0].showing.decay, mine.decay_growth(0).0);
    assert_eq!(
        mine.spoil_risk,
        Some(SpoilOdds { spoiling: 1, cards: 2 }),
        "one of the two cards left in the deck spoils"
    );
    assert_eq!(mine.spoil_risk(), Some(0.5));
    let json = serde_json::to_value(&mine).unwrap_or_default();
    assert_eq!(json["players"][0]["showing"], serde_json::json!({ "decay": 2, "growth": 0 }));
    assert_eq!(json["spoil_risk"], serde_json::json!({ "spoiling": 1, "cards": 2 }));
    // Another seat sees the same totals (public cards), and no risk (it is not the active seat's deck).
    let theirs = g.view(Seat(1));
    assert_eq!(theirs.players[0].showing, mine.players[0].showing);
    assert_eq!(theirs.spoil_risk, None);
}

#[test]
fn lifebringer_seed_cancels_its_cards_decay() {
    let p = player(&[&["lifebringer-seed", "hulking-thornhide", CL]], &[0], Some(1), &[2]);
    let g = game(p, None, None);
    assert_eq!(g.players[0].cards[0].decay(&g.db), 0);
    assert_eq!(g.net_decay(0), 0);
}

#[test]
fn magic_seed_counts_other_cards() {
    let p = player(&[&["magic-seed"]], &[0, 1, 2, 3, 4], Some(5), &[6]);
    let mut g = game(p, None, None);
    act(&mut g, "pass");
    assert_eq!(g.turn.mana_total, 4, "4 other cards; its own card and the on-deck card not counted");
    assert_eq!(g.turn.vp_total, 2, "its 2 harvest VP (rulebook anatomy)");
}

#[test]
fn aurora_with_nine_cards_gives_four() {
    let field: Vec<u8> = (0..9).collect();
    let p = player(&[&["aurora"]], &field, Some(9), &[10]);
    let mut g = game(p, None, None);
    act(&mut g, "pass");
    assert_eq!(g.turn.vp_total, 4);
}

#[test]
fn grassland_subtracts_one_mana_never_below_zero() {
    let p = player(&[&["grassland"], &[FS], &[FS]], &[0, 1, 2], Some(3), &[4]);
    let mut g = game(p, None, None);
    act(&mut g, "pass");
    assert_eq!(g.turn.mana_total, 1);
    let p = player(&[&["grassland"]], &[0], Some(1), &[2]);
    let mut g = game(p, None, None);
    act(&mut g, "pass");
    assert_eq!(g.turn.mana_total, 0);
}

#[test]
fn deadwood_harvester_discards_another_field_card() {
    let p = player(&[&[CL], &["deadwood-harvester"], &[]], &[0], Some(1), &[2]);
    let mut g = game(p, None, None);
    act(&mut g, "push");
    assert_eq!(legal(&g), vec!["decline", "discard c0"]);
    assert_eq!(g.players[0].on_deck, None, "resolved before the next reveal");
    act(&mut g, "discard c0");
    assert_eq!(g.players[0].field, vec![1]);
    assert!(g.players[0].discard.contains(&0));
    assert_eq!(g.players[0].on_deck, Some(2));
}

#[test]
fn deadwood_harvester_first_in_field_does_nothing() {
    // Prep: Harvester is the first card of the new field.
    let p = player(&[&["deadwood-harvester"], &[CL], &[CL], &[CL]], &[4], Some(0), &[1, 2, 3]);
    let mut g = game(p, None, None);
    act(&mut g, "pass");
    act(&mut g, "done");
    assert_eq!(g.players[0].field[0], 0);
    assert_eq!(g.current, 1, "no decision was asked");
}

#[test]
fn mindful_owl_discards_another_field_card() {
    let p = player(&[&[CL], &["mindful-owl"], &[]], &[0], Some(1), &[2]);
    let mut g = game(p, None, None);
    act(&mut g, "push");
    act(&mut g, "discard c0");
    assert_eq!(g.players[0].field, vec![1]);
}

#[test]
fn cleansing_rain_searches_discards_and_shuffles() {
    let p = player(&[&["cleansing-rain"], &[CL], &[], &[]], &[], Some(0), &[2, 3, 1]);
    let mut g = game(p, None, None);
    act(&mut g, "push");
    assert_eq!(legal(&g), vec!["decline", "discard c1", "discard c2", "discard c3"]);
    act(&mut g, "discard c1");
    assert!(g.players[0].discard.contains(&1));
    assert!(g.players[0].on_deck.is_some_and(|c| c == 2 || c == 3));
}

#[test]
fn cleansing_rain_on_an_empty_deck_reshuffles_first() {
    let p = player(&[&["cleansing-rain"], &[CL]], &[], Some(0), &[]);
    let mut g = game(p, None, None);
    act(&mut g, "push");
    // The discard pile (cards 1..19) became the deck before the search.
    assert!(legal(&g).contains(&"discard c1".to_string()));
    assert!(g.players[0].discard.is_empty());
}

#[test]
fn calm_weather_looks_and_may_discard_the_top_card() {
    let p = player(&[&["calm-weather"], &[CL], &[]], &[], Some(0), &[1, 2]);
    let mut g = game(p, None, None);
    let mut log = EventLog::new();
    let _ = g.try_apply(Action::Push, &mut log);
    assert_eq!(g.view(Seat(0)).peek, Some(1), "the owner sees the top card");
    assert_eq!(g.view(Seat(1)).peek, None, "the others do not");
    act(&mut g, "mill");
    assert!(g.players[0].discard.contains(&1));
    assert_eq!(g.players[0].on_deck, Some(2));

    let p = player(&[&["calm-weather"], &[CL], &[]], &[], Some(0), &[1, 2]);
    let mut g = game(p, None, None);
    act(&mut g, "push");
    act(&mut g, "decline");
    assert_eq!(g.players[0].on_deck, Some(1));
}

// MV6: several "when played" abilities on one card, in the order the active player chooses (EN:677).

#[test]
fn when_played_order_cleansing_rain_and_calm_weather_is_the_players_choice() {
    // Cleansing Rain (top) and Calm Weather (middle) on one card; deck c1 (Cursed Land), c2 (Cursed Land),
    // c3 (blank), top first.
    let setup = || player(&[&["cleansing-rain", "calm-weather"], &[CL], &[CL], &[]], &[], Some(0), &[1, 2, 3]);
    let mut g = game(setup(), None, None);
    act(&mut g, "push");
    assert!(matches!(g.phase, Phase::Order { card: 0, .. }));
    assert_eq!(legal(&g), vec!["resolve top", "resolve middle"], "both orders are offered");
    assert_eq!(g.players[0].on_deck, None, "resolved before the next reveal");

    // Calm Weather first: it looks at c1, the top of the unshuffled deck, and discards it; Cleansing Rain
    // then takes the other Cursed Land: the next on-deck card is certainly the blank c3.
    act(&mut g, "resolve middle");
    assert_eq!(g.peek, Some(1));
    act(&mut g, "mill");
    assert_eq!(legal(&g), vec!["decline", "discard c2", "discard c3"], "then Cleansing Rain, without asking");
    act(&mut g, "discard c2");
    assert_eq!(g.players[0].on_deck, Some(3));
    assert!(g.players[0].discard.contains(&1) && g.players[0].discard.contains(&2));
    assert!(g.players[0].deck.is_empty());
    assert_eq!(g.phase, Phase::Planting);

    // Cleansing Rain first: it discards c1 and shuffles; Calm Weather then looks at the top of the
    // shuffled deck (c2 or c3, never c1), which becomes the on-deck card unless discarded.
    let mut g = game(setup(), None, None);
    act(&mut g, "push");
    act(&mut g, "resolve top");
    assert_eq!(legal(&g), vec!["decline", "discard c1", "discard c2", "discard c3"]);
    act(&mut g, "discard c1");
    assert_eq!(legal(&g), vec!["decline", "use c0 middle"], "then Calm Weather, without asking");
    let top = g.players[0].deck.last().copied();
    assert!(matches!(top, Some(2 | 3)));
    assert_eq!(g.peek, top, "Calm Weather looks at the shuffled deck's top card");
    act(&mut g, "mill");
    let other = if top == Some(2) { 3 } else { 2 };
    assert_eq!(g.players[0].on_deck, Some(other));
    assert!(g.players[0].discard.contains(&1) && top.is_some_and(|t| g.players[0].discard.contains(&t)));
}

#[test]
fn when_played_order_harvester_and_rain_on_an_empty_deck_is_the_players_choice() {
    // Cleansing Rain (top) and Deadwood Harvester (bottom) on c0; c1 (Cursed Land) in the field; the deck
    // is empty, c2..c19 are in the discard pile.
    let setup = || player(&[&["cleansing-rain", "deadwood-harvester"], &[CL]], &[1], Some(0), &[]);
    let mut g = game(setup(), None, None);
    act(&mut g, "push");
    assert_eq!(legal(&g), vec!["resolve top", "resolve bottom"], "both orders are offered");

    // Harvester first: c1 goes to the discard pile, which Cleansing Rain then shuffles into the deck
    // (EN:941): c1 is back in the deck, where the search may find it.
    act(&mut g, "resolve bottom");
    assert_eq!(legal(&g), vec!["decline", "discard c1"]);
    act(&mut g, "discard c1");
    assert!(g.players[0].deck.contains(&1), "the discarded card was reshuffled into the deck");
    assert!(g.players[0].discard.is_empty());
    assert!(legal(&g).contains(&"discard c1".to_string()));
    act(&mut g, "decline");
    assert!(!g.players[0].discard.contains(&1));

    // Rain first: the reshuffle happens while c1 is still in the field; the Harvester then discards it
    // and it stays in the discard pile: it cannot be the next on-deck card.
    let mut g = game(setup(), None, None);
    act(&mut g, "push");
    act(&mut g, "resolve top");
    assert!(!legal(&g).contains(&"discard c1".to_string()), "c1 is not in the deck");
    assert!(legal(&g).contains(&"discard c2".to_string()));
    act(&mut g, "decline");
    assert_eq!(legal(&g), vec!["decline", "discard c1"], "then the Harvester, without asking");
    act(&mut g, "discard c1");
    assert_eq!(g.players[0].discard.to_vec(), vec![1]);
    assert!(!g.players[0].deck.contains(&1));
    assert_ne!(g.players[0].on_deck, Some(1));
}

#[test]
fn when_played_abilities_whose_order_cannot_matter_resolve_without_a_decision() {
    // A single ability: its own choice at once.
    let p = player(&[&["cleansing-rain"], &[CL], &[]], &[], Some(0), &[1, 2]);
    let mut g = game(p, None, None);
    act(&mut g, "push");
    assert!(matches!(g.phase, Phase::WhenPlayed { card: 0, slot: 0, .. }));

    // Cleansing Rain and Deadwood Harvester with cards in the deck: the deck is never reshuffled, so the
    // Harvester's card cannot reach it; top to bottom, no order asked.
    let p = player(&[&["cleansing-rain", "deadwood-harvester"], &[CL], &[]], &[1], Some(0), &[2]);
    let mut g = game(p, None, None);
    act(&mut g, "push");
    assert_eq!(legal(&g), vec!["decline", "discard c2"], "Cleansing Rain first");
    act(&mut g, "decline");
    assert_eq!(legal(&g), vec!["decline", "discard c1"], "then Deadwood Harvester");

    // Mindful Owl and Deadwood Harvester: the same ability twice, interchangeable.
    let p = player(&[&["mindful-owl", "deadwood-harvester"], &[CL], &[CL]], &[1, 2], Some(0), &[3]);
    let mut g = game(p, None, None);
    act(&mut g, "push");
    assert_eq!(legal(&g), vec!["decline", "discard c1", "discard c2"]);
    act(&mut g, "discard c1");
    assert_eq!(legal(&g), vec!["decline", "discard c2"]);
    act(&mut g, "discard c2");
    assert_eq!(g.players[0].field, vec![0]);
    assert_eq!(g.players[0].on_deck, Some(3));

    // Harvester and Rain on an empty deck, but with the Harvester alone in the field: it does nothing, and
    // Cleansing Rain resolves alone.
    let p = player(&[&["cleansing-rain", "deadwood-harvester"]], &[], Some(0), &[]);
    let mut g = game(p, None, None);
    act(&mut g, "push");
    assert!(matches!(g.phase, Phase::WhenPlayed { card: 0, slot: 0, .. }));
}

#[test]
fn when_played_order_notation_and_heuristic() {
    for (text, slot) in [("resolve top", 0), ("resolve middle", 1), ("resolve bottom", 2)] {
        let a: Action = text.parse().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(a.to_string(), text);
        let id = MysticVale::action_id(a);
        assert!(id < MysticVale::NUM_DISTINCT_ACTIONS);
        assert_eq!(MysticVale::action_from_id(id), Some(a));
        assert_eq!(id, MysticVale::action_id("resolve top".parse().unwrap_or(Action::Pass)) + slot);
    }
    assert!("resolve left".parse::<Action>().is_err());
    // The heuristic lets Cleansing Rain shuffle before Calm Weather looks, and both act before a field
    // discard (whose card would otherwise be reshuffled into the deck).
    let p = player(&[&["cleansing-rain", "calm-weather", "deadwood-harvester"], &[CL]], &[1], Some(0), &[]);
    let mut g = game(p, None, None);
    act(&mut g, "push");
    assert_eq!(legal(&g), vec!["resolve top", "resolve middle", "resolve bottom"]);
    let view = g.view(Seat(0));
    assert!(view.to_string().contains("choose which resolves next"));
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    let mut rng = sylvan_engine::GameRng::new(1);
    let a = <MysticVale as sylvan_engine::Heuristic>::heuristic_action(&view, &v, &mut rng);
    assert_eq!(a.to_string(), "resolve top");
    assert!(MysticVale::describe_action(&view, a).contains("Cleansing Rain"));
}

// MV19: a "when played" ability resolves at most once per Planting Phase and once per Prep Phase
// (EN:675; FR:520), which ends the Deadwood Harvester / Mindful Owl cycle through an empty deck.

#[test]
fn mv19_a_card_played_again_in_the_same_phase_brings_no_when_played_ability() {
    // Mindful Owl on c0 (on-deck), Deadwood Harvester on c1; every other card in the field; deck and
    // discard pile empty.
    let field: Vec<u8> = (1..20).collect();
    let p = player(&[&["mindful-owl"], &["deadwood-harvester"]], &field, Some(0), &[]);
    let mut g = game(p, None, None);
    act(&mut g, "push");
    act(&mut g, "discard c1");
    // The reveal reshuffles the discard pile (EN:442): the Harvester is on-deck again.
    assert_eq!(g.players[0].on_deck, Some(1));
    act(&mut g, "push");
    assert_eq!(legal(&g)[..2], ["decline".to_string(), "discard c0".to_string()]);
    act(&mut g, "discard c0");
    assert_eq!(g.players[0].on_deck, Some(0), "the Owl is back on-deck");
    // Played again in the same Planting Phase: its ability was used; no discard is offered.
    act(&mut g, "push");
    assert_eq!(g.phase, Phase::Planting);
    assert_eq!(g.players[0].on_deck, None, "deck and discard pile are empty");
    assert_eq!(legal(&g), vec!["pass"], "all 20 cards are in the field: the player must pass");
    assert_eq!(g.turn.when_played_used.count_ones(), 2);
}

#[test]
fn mv19_the_when_played_once_per_phase_is_counted_again_in_the_prep_phase() {
    // The box's three Mindful Owls on c0, c1 and c2 (no decay: the Prep Phase plays every card). c0 is
    // played in the Planting Phase (its ability resolves, declined); the field is discarded; the Prep
    // Phase plays every card, c0 again among them with other cards in the field: a new phase, so its
    // ability asks again.
    let owl: &[&str] = &["mindful-owl"];
    let p = player(&[owl; 3], &[1], Some(0), &[]);
    let mut g = game(p, None, None);
    act(&mut g, "push");
    assert_eq!(legal(&g), vec!["decline", "discard c1"]);
    act(&mut g, "decline");
    act(&mut g, "pass");
    act(&mut g, "done");
    let mut asked = false;
    let mut n = 0;
    while g.current == 0 && n < 100 {
        asked |= matches!(g.phase, Phase::WhenPlayed { card: 0, .. });
        let l = legal(&g);
        act(&mut g, &l[0]);
        n += 1;
    }
    assert_eq!(g.players[0].field.len(), 20, "the Prep Phase played every card");
    assert!(asked, "c0's Mindful Owl resolved again in the Prep Phase");
}

/// Always push; always discard with Mindful Owl / Deadwood Harvester when possible; otherwise the first
/// legal action. Returns the number of actions seat 0 took before its turn ended.
fn looping_turn(g: &mut MysticVale) -> usize {
    let bound = sylvan_mystic_vale::turn::MAX_ACTIONS_PER_TURN;
    let mut n = 0;
    while g.current == 0 && !g.over() {
        let mut v = Vec::new();
        g.legal_actions(&mut v);
        let a = if v.contains(&Action::Push) {
            Action::Push
        } else if let Some(&d) = v.iter().find(|a| matches!(a, Action::Discard(_))) {
            d
        } else {
            v[0]
        };
        act(g, &a.to_string());
        n += 1;
        assert!(n <= bound, "the turn did not end within {bound} actions");
    }
    n
}

#[test]
fn mv19_a_looping_policy_ends_its_turn_within_the_bound() {
    // The box's three Mindful Owls and three Deadwood Harvesters, one of each on c0, c1 and c2; 19 cards
    // in the field, c0 on-deck, deck and discard pile empty: each push may discard two field cards,
    // which the reveal reshuffles back.
    let both: &[&str] = &["mindful-owl", "deadwood-harvester"];
    let given = vec![both; 3];
    let field: Vec<u8> = (1..20).collect();
    let p = player(&given, &field, Some(0), &[]);
    let mut g = game(p, None, None);
    let n = looping_turn(&mut g);
    assert_eq!(g.current, 1, "the turn ended");
    assert!(n > 20, "the cycle did run ({n} actions)");
    // And the game bound covers every turn: rounds x seats x actions per turn.
    let o = Options::default();
    assert!(
        MysticVale::max_game_length(&o)
            >= sylvan_mystic_vale::turn::MAX_ROUNDS as usize
                * o.players
                * sylvan_mystic_vale::turn::MAX_ACTIONS_PER_TURN
    );

    // Two cards only: Owl on c0, Harvester on c1, the rest in the field.
    let field: Vec<u8> = (1..20).collect();
    let p = player(&[&["mindful-owl"], &["deadwood-harvester"]], &field, Some(0), &[]);
    let mut g = game(p, None, None);
    looping_turn(&mut g);
    assert_eq!(g.current, 1, "the turn ended");
}

#[test]
fn peacekeeper_druid_discards_the_spoiling_card_once_per_turn() {
    let p = player(
        &[&["peacekeeper-druid"], &[CL], &[CL], &[CL], &["hulking-thornhide", CL], &[CL], &[CL], &[CL]],
        &[0, 1, 2],
        Some(3),
        &[4, 5, 6, 7, 8],
    );
    let mut g = game(p, None, None);
    act(&mut g, "push");
    assert_eq!(legal(&g), vec!["spoil", "use c0 top"]);
    act(&mut g, "druid");
    assert!(g.players[0].discard.contains(&4), "the spoiling on-deck card is discarded");
    // The next reveal (a Cursed Land) makes 4 decay again: spoil, the druid being spent this turn.
    assert!(g.players[0].token_active, "spoiled with no choice left");
    assert_eq!(g.current, 1);
}

#[test]
fn peacekeeper_druid_used_in_prep_is_not_available_next_planting() {
    // Prep: Druid card, CL, CL, then CL + Thornhide on-deck: 4 decay, a prep spoil; the druid saves it.
    let p = player(
        &[&["peacekeeper-druid"], &[CL], &["hulking-thornhide", CL], &[CL], &[], &[], &[CL]],
        &[5],
        Some(0),
        &[1, 3, 2, 4, 6, 7],
    );
    let mut g = game(p, None, None);
    act(&mut g, "pass");
    act(&mut g, "done");
    assert_eq!(g.phase, Phase::SpoilPrompt { prep: true });
    assert_eq!(legal(&g), vec!["spoil", "use c0 top"]);
    act(&mut g, "druid");
    assert!(g.players[0].discard.contains(&2));
    assert!(!g.players[0].skip_next, "no spoil");
    assert_eq!(g.current, 1);
    act(&mut g, "pass");
    act(&mut g, "done");
    // p0's next turn: the druid counts as used for this Planting Phase.
    assert_eq!(g.current, 0);
    assert_eq!(g.phase, Phase::Planting);
    assert_ne!(g.players[0].fx.spoil_discard.used, 0);
}

#[test]
fn a_second_peacekeeper_druid_card_is_available_in_the_same_turns_prep() {
    // EN:1144 "You may not use the ability more than once during your turn" (MV8): the Prep Phase is part
    // of the turn. Planting: the druid saves a spoil; prep: a second druid card in the new field is
    // another card, whose ability is unused (EN:675, FR:520, FR:607 "bien sûr": the general rule).
    let p = player(
        &[
            &["peacekeeper-druid"],
            &[CL],
            &[CL],
            &["hulking-thornhide", CL],
            &[CL],
            &[],
            &[CL],
            &["hulking-thornhide", CL],
            &["peacekeeper-druid"],
        ],
        &[0, 1, 2],
        Some(5),
        &[3, 4, 8, 6, 7, 9, 10],
    );
    let mut g = game(p, None, None);
    act(&mut g, "push");
    act(&mut g, "druid");
    assert_eq!(g.phase, Phase::Planting);
    act(&mut g, "pass");
    act(&mut g, "done");
    // Prep: Cursed Land, the second druid card, Cursed Land, then Thornhide + Cursed Land on-deck: 4.
    assert!(g.players[0].field.contains(&8), "a druid is in the prep field");
    assert_eq!(g.phase, Phase::SpoilPrompt { prep: true });
    assert_eq!(legal(&g), vec!["spoil", "use c8 top"], "the other card's ability");
}

#[test]
fn blooming_arbor_used_in_prep_lasts_through_the_next_turn() {
    // EN:1262 / FR:739 and MV10: used in a Prep Phase, its growth lasts until the next Prep Phase.
    let mut p = player(&[&[CL], &[CL], &["hulking-thornhide", CL], &[], &[], &[FS]], &[5], Some(0), &[1, 2, 3, 4]);
    p.vales = vec!["blooming-arbor".into()];
    let mut g = game(p, None, None);
    act(&mut g, "pass");
    act(&mut g, "done");
    assert_eq!(g.phase, Phase::SpoilPrompt { prep: true });
    act(&mut g, "arbor");
    assert!(!g.players[0].skip_next);
    assert!(g.players[0].vales.is_empty(), "removed from the game");
    act(&mut g, "pass");
    act(&mut g, "done");
    assert_eq!((g.current, g.phase), (0, Phase::Planting));
    assert_eq!(g.players[0].fx.spoil_growth.growth, 1, "still counting in the next Planting Phase");
    assert_eq!(g.net_decay(0), 3);
}

#[test]
fn calm_weather_on_an_empty_deck_reshuffles_first() {
    // MV11: the card "about to be your on-deck card" (EN:913) comes from the reshuffled discard pile.
    let p = player(&[&["calm-weather"], &[CL]], &[], Some(0), &[]);
    let mut g = game(p, None, None);
    act(&mut g, "push");
    assert_eq!(legal(&g), vec!["decline", "use c0 middle"], "Calm Weather's, named by its card and slot");
    assert!(g.players[0].discard.is_empty(), "the discard pile became the deck");
    let top = g.players[0].deck.last().copied();
    assert_eq!(g.peek, top, "the top card is shown to its owner");
    act(&mut g, "mill");
    assert_eq!(g.players[0].discard.to_vec(), top.into_iter().collect::<Vec<_>>());
}

#[test]
fn earthchant_chorus_discounts_a_declared_purchase() {
    let p = player(&[&["earthchant-chorus"], &[FS], &[FS]], &[0, 1, 2], Some(3), &[4]);
    let mut g = game(p, commons(&["podlings"], &[], &[]), None);
    act(&mut g, "pass");
    // 3 mana (Chorus 1 + 2 soils); Podlings costs 2, 0 on the Chorus card.
    assert_eq!(g.mana_left(), 3);
    act(&mut g, "buy 1.1 on c0");
    assert_eq!(g.mana_left(), 3);
    act(&mut g, "done");
    let podlings = g.db.advancements.iter().position(|a| a.key == "podlings").unwrap_or(0) as u8;
    assert!(g.players[0].cards[0].slots.contains(&podlings), "sleeved where declared");
}

#[test]
fn earthchant_chorus_needs_one_or_two_open_slots_on_its_card() {
    // EN:963-967: "if ... that card has one or two open slots"; the purchase "must be able to fit an open slot".
    let p =
        player(&[&["earthchant-chorus", "podlings", "seedling"], &[FS], &[FS], &[FS]], &[0, 1, 2, 3], Some(4), &[5]);
    let mut g = game(p, commons(&["field-of-flowers"], &[], &[]), None);
    act(&mut g, "pass");
    assert!(legal(&g).contains(&"buy 1.1".to_string()));
    assert!(!legal(&g).iter().any(|a| a.contains(" on c")), "a full card takes no declared purchase");
    // Chorus alone on a blank card: top taken, middle and bottom open; a top advancement cannot be declared.
    let p = player(&[&["earthchant-chorus"], &[FS], &[FS]], &[0, 1, 2], Some(3), &[4]);
    let mut g = game(p, commons(&["wayfinder", "podlings"], &[], &[]), None);
    act(&mut g, "pass");
    let l = legal(&g);
    assert!(l.contains(&"buy 1.2 on c0".to_string()), "Podlings (middle) fits");
    assert!(!l.contains(&"buy 1.1 on c0".to_string()), "Wayfinder (top) does not");
}

#[test]
fn gaias_chosen_examples() {
    // EN:987-991: Stag + Dawnsinger + Gaia's Chosen = +6; Stag + Lifebringer Seed + Gaia's Chosen = +4
    // (the decay cancelled by Lifebringer Seed still counts). Gaia's Chosen also scores its printed 2.
    let p = player(
        &[&["stag", "dawnsinger", "gaia-s-chosen"], &["stag", "lifebringer-seed", "gaia-s-chosen"]],
        &[2],
        Some(3),
        &[4],
    );
    let g = game(p, None, None);
    let db = &g.db;
    let end = |c: usize| -> i32 { g.players[0].cards[c].advs().map(|a| i32::from(db.adv(a).symbols.vp_end)).sum() };
    let total = g.score(0);
    assert_eq!(total, end(0) + 6 + end(1) + 4);
}

// ---------------------------------------------------------------- vale abilities

#[test]
fn vale_abilities_are_not_usable_the_turn_bought() {
    // EN:518. Azure Lake costs animal + forest (fan): Bear Totem and Podlings pay it.
    let p = player(&[&["bear-totem"], &["podlings"]], &[0, 1], Some(2), &[3]);
    let mut g = game(p, None, vales(&["azure-lake"], &[]));
    act(&mut g, "pass");
    let before = g.turn.mana_total;
    act(&mut g, "vale 1.1");
    assert_eq!(g.turn.mana_total, before, "bought this turn: no gain");
    // The same field with Azure Lake owned from an earlier turn: +1 mana.
    let mut p = player(&[&["bear-totem"], &["podlings"]], &[0, 1], Some(2), &[3]);
    p.vales = vec!["azure-lake".into()];
    let mut g = game(p, None, None);
    act(&mut g, "pass");
    assert_eq!(g.turn.mana_total, before + 1, "owned from an earlier turn: +1 mana (provisional)");
}

#[test]
fn pool_of_light_gives_a_wild_spirit() {
    let mut p = player(&[], &[0], Some(1), &[2]);
    p.vales = vec!["pool-of-light".into()];
    let mut g = game(p, None, None);
    act(&mut g, "pass");
    assert_eq!(g.spirits_left(), [0, 0, 0, 1]);
}

#[test]
fn stream_of_vigor_two_mana_and_three_buys() {
    let mut p = player(&[&[FS], &[FS], &[FS], &[FS]], &[0, 1, 2, 3], Some(4), &[5]);
    p.vales = vec!["stream-of-vigor".into()];
    let mut g = game(p, None, None);
    act(&mut g, "pass");
    assert_eq!(g.turn.mana_total, 6);
    act(&mut g, "buy soil.middle");
    act(&mut g, "buy soil.middle");
    act(&mut g, "buy soil.middle");
    assert!(!legal(&g).iter().any(|a| a.starts_with("buy")));
}

#[test]
fn sunstone_aerie_turns_a_spirit_wild_for_two_mana() {
    let mut p = player(&[&["bear-totem"], &[FS], &[FS]], &[0, 1, 2], Some(3), &[4]);
    p.vales = vec!["sunstone-aerie".into()];
    let mut g = game(p, None, None);
    act(&mut g, "pass");
    let aerie = format!("use v{} animal", vale_no(&g, "sunstone-aerie"));
    assert!(legal(&g).contains(&aerie), "{:?}", legal(&g));
    act(&mut g, &aerie);
    assert_eq!(g.spirits_left(), [1, 0, 0, 1]);
    assert_eq!(g.mana_left(), 0);
    assert!(vale_uses(&g).is_empty(), "once per turn");
}

#[test]
fn blooming_arbor_prevents_a_spoil_and_leaves_the_game() {
    let mut p = player(&[&[CL], &[CL], &[CL], &[CL]], &[0, 1], Some(2), &[3]);
    p.vales = vec!["blooming-arbor".into()];
    let mut g = game(p, None, None);
    act(&mut g, "push");
    let arbor = format!("use v{}", vale_no(&g, "blooming-arbor"));
    assert_eq!(legal(&g), vec!["spoil".to_string(), arbor.clone()]);
    act(&mut g, &arbor);
    assert_eq!(g.phase, Phase::Planting, "no longer spoiling: pass or push");
    assert!(g.players[0].vales.is_empty());
    assert_eq!(g.removed_vales.len(), 1);
    assert_eq!(g.net_decay(0), 3);
}

#[test]
fn conclave_of_ents_on_an_on_deck_grovtender_stops_a_spoil() {
    // EN:1291-1299: the on-deck Grovtender card gains +1 guardian, so +1 growth.
    let mut p = player(&[&[CL], &[CL], &[CL], &["grovtender", CL]], &[0, 1, 2], Some(19), &[3]);
    p.vales = vec!["conclave-of-ents".into()];
    let mut g = game(p, None, None);
    act(&mut g, "push");
    let conclave = format!("use v{} c3", vale_no(&g, "conclave-of-ents"));
    assert!(legal(&g).contains(&conclave), "{:?}", legal(&g));
    act(&mut g, &conclave);
    assert_eq!(g.phase, Phase::Planting);
    assert_eq!(g.net_decay(0), 3);
    assert!(vale_uses(&g).is_empty(), "once per turn");
}

#[test]
fn ancient_liferoots_growth_stops_a_spoil() {
    // EN:1243-1247: "You always are considered to have +1 growth." Field: 3 Cursed Lands; on-deck: a
    // Cursed Land. A push makes 4 decay in the field and a blank on-deck: 4 - 1 = 3, no spoil.
    let mut with = player(&[&[CL], &[CL], &[CL], &[CL]], &[0, 1, 2], Some(3), &[4, 5]);
    with.vales = vec!["ancient-liferoots".into()];
    let mut g = game(with, None, None);
    act(&mut g, "push");
    assert_eq!(g.phase, Phase::Planting, "not spoiled");
    assert_eq!(g.players[0].field.len(), 4);
    assert_eq!(g.net_decay(0), 3);
    // The same without the vale spoils.
    let mut g = game(player(&[&[CL], &[CL], &[CL], &[CL]], &[0, 1, 2], Some(3), &[4, 5]), None, None);
    act(&mut g, "push");
    assert!(g.players[0].token_active, "spoiled");
    assert_eq!(g.current, 1);
}

#[test]
fn ancient_liferoots_only_one_may_be_owned() {
    // EN:1245: "If you already have an Ancient Liferoots vale card, you may not gain a second." Liferoots
    // costs forest 3 + sky 1 (fan): the box's three Podlings and a Plow give 4 forest, Wayfinder 1 sky,
    // Will-O'-The-Wisp a wild.
    let p = player(
        &[&["podlings"], &["podlings"], &["podlings"], &["wayfinder"], &["will-o-the-wisp"], &["plow"]],
        &[0, 1, 2, 3, 4, 5],
        Some(6),
        &[7],
    );
    let mut g = game(p, None, vales(&[], &["ancient-liferoots", "ancient-liferoots"]));
    act(&mut g, "pass");
    assert!(legal(&g).contains(&"vale 2.1".to_string()));
    act(&mut g, "vale 2.1");
    assert!(g.spirits_left().iter().sum::<u8>() >= 2, "enough spirits would remain for a second copy");
    assert!(!legal(&g).iter().any(|a| a.starts_with("vale 2.2")), "a second Liferoots is not offered");
    // Owning one from an earlier turn: none is offered.
    let mut p = player(
        &[&["podlings"], &["podlings"], &["podlings"], &["wayfinder"], &["will-o-the-wisp"]],
        &[0, 1, 2, 3, 4],
        Some(5),
        &[6],
    );
    p.vales = vec!["ancient-liferoots".into()];
    let mut g = game(p, None, vales(&["ley-line-nexus"], &["ancient-liferoots"]));
    act(&mut g, "pass");
    assert!(!legal(&g).iter().any(|a| a.starts_with("vale 2.1")));
    assert!(legal(&g).contains(&"vale 1.1".to_string()), "other vales still are");
}

// ---------------------------------------------------------------- harvest order (ruling MV2)

#[test]
fn harvest_order_conclave_before_or_after_a_purchase_gives_the_same_state() {
    // Dawnsinger + Stag: 1 mana per guardian. Conclave of Ents (+1 guardian) used before or after buying
    // Podlings: the same mana, the same state (MV2: bought cards never act this turn; the ability reads the
    // guardians it has when resolved, after the Conclave).
    let mk = || {
        let mut p = player(&[&["dawnsinger", "stag"], &[FS], &[FS]], &[0, 1, 2], Some(3), &[4]);
        p.vales = vec!["conclave-of-ents".into()];
        let mut g = game(p, commons(&["podlings"], &[], &[]), None);
        act(&mut g, "pass");
        g
    };
    let mut a = mk();
    let before = a.turn.mana_total;
    assert_eq!(before, 1 + 3 + 2, "printed 1, 3 guardians, two Fertile Soils");
    act(&mut a, "conclave c0");
    assert_eq!(a.turn.mana_total, before + 1, "the Conclave guardian counts");
    act(&mut a, "buy 1.1");
    let mut b = mk();
    act(&mut b, "buy 1.1");
    act(&mut b, "conclave c0");
    assert_eq!(a, b, "either order gives the same state");
    assert_eq!(a.mana_left(), before + 1 - 2);
}

#[test]
fn harvest_order_feral_chieftain_vp_do_not_depend_on_when_vales_are_bought() {
    // Feral Chieftain + Stag: 3 VP; a vale bought before or after the count changes nothing.
    let mk = || {
        let p = player(&[&["feral-chieftain", "stag"], &["podlings"], &["wayfinder"]], &[0, 1, 2], Some(3), &[4]);
        let mut g = game(p, None, vales(&["ley-line-nexus"], &[]));
        act(&mut g, "pass");
        g
    };
    let mut a = mk();
    assert_eq!(a.turn.vp_total, 3);
    act(&mut a, "vale 1.1");
    assert_eq!(a.turn.vp_total, 3, "a vale bought this turn does not act");
    act(&mut a, "done");
    let mut b = mk();
    act(&mut b, "done");
    assert_eq!(a.players[0].vp, b.players[0].vp);
    assert_eq!(a.players[0].vp, 3);
}

#[test]
fn harvest_order_grassland_reduces_the_total_never_the_token() {
    // EN:1025-1029: Grassland subtracts 1 from the total of mana from symbols and abilities, whenever it is
    // resolved; the token's mana is not from symbols or abilities (EN:526).
    let mut p = player(&[&["grassland"], &[FS], &[FS], &[FS]], &[0, 1, 2, 3], Some(4), &[5]);
    p.token_active = true;
    let mut g = game(p, None, None);
    act(&mut g, "pass");
    assert_eq!(g.turn.mana_total, 2, "3 - 1");
    act(&mut g, "buy soil.top");
    assert_eq!(g.mana_left(), 0, "spending first does not dodge Grassland");
    act(&mut g, "token");
    assert_eq!(g.mana_left(), 1, "the token is not reduced");
    // Grassland with no mana at all and the token: 1.
    let mut p = player(&[&["grassland"]], &[0], Some(1), &[2]);
    p.token_active = true;
    let mut g = game(p, None, None);
    act(&mut g, "pass");
    act(&mut g, "token");
    assert_eq!(g.mana_left(), 1);
}

#[test]
fn harvest_order_aurora_and_magic_seed_ignore_purchases() {
    // Aurora (per 2 field cards) and Magic Seed (per other field card) read the field, which purchases do
    // not change until the Discard Phase (EN:530).
    let given: Vec<&[&str]> = vec![&["aurora"], &["magic-seed"], &[FS], &[FS], &[FS], &[FS]];
    let mk = || {
        let mut g = game(player(&given, &[0, 1, 2, 3, 4, 5], Some(6), &[7]), None, None);
        act(&mut g, "pass");
        g
    };
    let mut a = mk();
    let (mana, vp) = (a.turn.mana_total, a.turn.vp_total);
    assert_eq!((mana, vp), (5 + 4, 3 + 2), "Magic Seed 5 + 4 soils; Aurora 3 + Magic Seed's 2 VP");
    act(&mut a, "buy soil.top");
    act(&mut a, "buy soil.middle");
    assert_eq!((a.turn.mana_total, a.turn.vp_total), (mana, vp));
    finish_turn(&mut a);
    let mut b = mk();
    finish_turn(&mut b);
    assert_eq!(a.players[0].vp, b.players[0].vp);
}

#[test]
fn harvest_gain_vales_each_give_one_mana() {
    // Azure Lake, Cascading Falls, Radiant Pinnacle, Talonthorn Den: +1 mana every Harvest Phase
    // (EN:1249-1253, 1286-1289, 1433-1437, 1525-1529).
    for key in ["azure-lake", "cascading-falls", "radiant-pinnacle", "talonthorn-den"] {
        let mut p = player(&[&[FS]], &[0], Some(1), &[2]);
        p.vales = vec![key.into()];
        let mut g = game(p, None, None);
        act(&mut g, "pass");
        assert_eq!(g.turn.mana_total, 2, "{key}");
    }
}

#[test]
fn conclave_of_ents_in_prep_lasts_through_the_next_planting() {
    // EN:1299: "In the rare case you use Conclave of Ent's ability during your Prep Phase, the ability stays in
    // effect during your next Planting Phase." Prep: Cursed Land, Cursed Land, then on-deck Grovtender +
    // Hulking Thornhide + Cursed Land (2 decay): 4, a prep spoil; the Conclave gives the Grovtender card a
    // guardian, so 1 growth: 3, no spoil.
    let mut p = player(
        &[&[CL], &[CL], &["grovtender", "hulking-thornhide", CL], &[], &[], &[FS]],
        &[5],
        Some(0),
        &[1, 2, 3, 4],
    );
    p.vales = vec!["conclave-of-ents".into()];
    let mut g = game(p, None, None);
    act(&mut g, "pass");
    act(&mut g, "done");
    assert_eq!(g.phase, Phase::SpoilPrompt { prep: true });
    act(&mut g, "conclave c2");
    assert!(!g.players[0].skip_next, "no spoil");
    assert_eq!(g.current, 1);
    act(&mut g, "pass");
    act(&mut g, "done");
    // p0's next Planting Phase: the guardian still counts.
    assert_eq!((g.current, g.phase), (0, Phase::Planting));
    assert_eq!(g.players[0].fx.plus_guardian.first, Some((2, true)));
    assert_eq!(g.net_decay(0), 3);
    act(&mut g, "pass");
    assert_eq!(g.players[0].fx.plus_guardian.first, None, "it ends with that Planting Phase");
}

// ---------------------------------------------------------------- end of game

#[test]
fn the_round_is_finished_when_the_pool_runs_out() {
    let p = player(&[&["hive-swarm"]], &[0], Some(1), &[2]);
    let setup = Setup { start: 0, players: vec![p, quiet()], pool: Some(1), ..Setup::default() };
    let mut g = MysticVale::from_setup(&Options::default(), &setup, 1).unwrap_or_else(|e| panic!("{e}"));
    act(&mut g, "pass");
    act(&mut g, "done");
    assert!(g.ending);
    assert_eq!(g.pool, 0);
    assert!(!g.is_terminal(), "p1 still plays its turn");
    act(&mut g, "pass");
    act(&mut g, "done");
    assert!(g.is_terminal());
    assert_eq!(g.winners(), vec![Seat(0)]);
}

#[test]
fn vp_come_from_the_box_when_the_pool_is_empty() {
    // EN:609: "If VP tokens in the pool run out and a player would still gain VP, take them from the tokens
    // that were left in the box." Magic Seed: 2 harvest VP (rulebook anatomy), pool of 1.
    let p = player(&[&["magic-seed"]], &[0], Some(1), &[2]);
    let setup = Setup { start: 0, players: vec![p, quiet()], pool: Some(1), ..Setup::default() };
    let mut g = MysticVale::from_setup(&Options::default(), &setup, 1).unwrap_or_else(|e| panic!("{e}"));
    act(&mut g, "pass");
    act(&mut g, "done");
    assert_eq!(g.players[0].vp, 2, "both VP gained, one from the box");
    assert_eq!(g.pool, 0);
    assert!(g.ending);
}

#[test]
fn buy_limit_is_two_vales() {
    // EN:510: "You may buy up to two vale cards per turn." Three affordable level-1 vales.
    let p = player(
        &[&["bear-totem"], &["bear-totem"], &["podlings"], &["podlings"], &["wayfinder"], &["wayfinder"]],
        &[0, 1, 2, 3, 4, 5],
        Some(6),
        &[7],
    );
    let mut g = game(p, None, vales(&["azure-lake", "cascading-falls", "ley-line-nexus"], &[]));
    act(&mut g, "pass");
    assert_eq!(g.spirits_left(), [4, 2, 2, 0]);
    act(&mut g, "vale 1.1");
    act(&mut g, "vale 1.2");
    assert!(g.spirits_left()[1] >= 1 && g.spirits_left()[2] >= 1, "Ley Line Nexus still payable");
    assert!(!legal(&g).iter().any(|a| a.starts_with("vale")), "but a third vale is not allowed");
}

#[test]
fn unspent_mana_is_lost() {
    // EN:528: "Any mana that you did not spend is lost at the end of your Harvest Phase."
    let mut g = game(player(&[&[FS], &[FS], &[FS], &[FS]], &[0, 1, 2], Some(3), &[]), None, None);
    act(&mut g, "pass");
    assert_eq!(g.mana_left(), 3);
    act(&mut g, "done");
    // The opponent's turn, then ours again: only this turn's field counts.
    act(&mut g, "pass");
    act(&mut g, "done");
    assert_eq!(g.current, 0);
    act(&mut g, "pass");
    let field_mana: u8 = g.players[0].field.iter().map(|&c| g.players[0].cards[c as usize].mana(&g.db)).sum();
    assert_eq!(g.mana_left(), field_mana);
}

#[test]
fn the_discard_phase_keeps_the_on_deck_card() {
    // EN:564: "Don't discard your on-deck card." It becomes the first card of the next field (EN:578).
    let p = player(&[&[CL], &[FS], &[CL], &[], &[CL]], &[1], Some(0), &[2, 3, 4]);
    let mut g = game(p, None, None);
    act(&mut g, "pass");
    act(&mut g, "done");
    let p = &g.players[0];
    assert!(p.discard.contains(&1), "the field is discarded");
    assert!(!p.discard.contains(&0), "the on-deck card is not");
    assert_eq!(p.field[0], 0, "it is played first in the Prep Phase");
}

#[test]
fn final_score_is_tokens_plus_right_vp_plus_vale_vp() {
    // EN:611-619 and the final scoring example (EN:643-653): tokens + right-side VP of advancements + vale VP.
    let mut p = player(&[&["stag"], &["bear-totem", "hive-swarm"]], &[0], Some(1), &[2]);
    p.vp = 12;
    p.vales = vec!["wellspring-glade".into(), "azure-lake".into()];
    let g = game(p, None, None);
    let db = &g.db;
    let right: i32 = ["stag", "bear-totem", "hive-swarm"]
        .iter()
        .map(|k| db.advancements.iter().find(|a| a.key == *k).map_or(0, |a| i32::from(a.symbols.vp_end)))
        .sum();
    let vale_vp: i32 = ["wellspring-glade", "azure-lake"]
        .iter()
        .map(|k| db.vales.iter().find(|v| v.key == *k).map_or(0, |v| i32::from(v.vp)))
        .sum();
    assert_eq!(g.score(0), 12 + right + vale_vp);
    assert_eq!(g.score(1), 0, "starting cards score nothing");
}

/// Two players who each harvest 1 VP (a Hive Swarm card in the field) from a pool of 1: p0 empties it, p1
/// takes its VP from the box, and the game ends after p1's turn with equal tokens. `extra0` is added to p0's
/// cards (out of the field).
fn tied_game(extra0: &[&str]) -> MysticVale {
    let p0 = player(&[&["hive-swarm"], extra0], &[0], Some(2), &[3]);
    let p1 = player(&[&["hive-swarm"]], &[0], Some(2), &[3]);
    let setup = Setup { start: 0, players: vec![p0, p1], pool: Some(1), ..Setup::default() };
    let mut g = MysticVale::from_setup(&Options::default(), &setup, 1).unwrap_or_else(|e| panic!("{e}"));
    act(&mut g, "pass");
    act(&mut g, "done");
    assert!(g.ending);
    act(&mut g, "pass");
    act(&mut g, "done");
    assert!(g.is_terminal());
    assert_eq!((g.players[0].vp, g.players[1].vp), (1, 1));
    g
}

#[test]
fn tie_break_level_three_advancements_and_level_two_vales() {
    // EN:619: ties go to "the most combined level 3 advancements and level 2 vale cards". p0 has a second
    // Hive Swarm (level 3, no right-side VP) out of the field.
    let g = tied_game(&["hive-swarm"]);
    assert_eq!(g.score(0), g.score(1), "a tie on points");
    assert_eq!((g.tie_break(0), g.tie_break(1)), (2, 1));
    assert_eq!(g.winners(), vec![Seat(0)], "the extra level-3 advancement breaks the tie");
}

#[test]
fn tie_break_then_shared() {
    // EN:619: "If there is still a tie, then players share the win."
    let g = tied_game(&[]);
    assert_eq!((g.score(0), g.tie_break(0)), (g.score(1), g.tie_break(1)));
    assert_eq!(g.winners(), vec![Seat(0), Seat(1)], "a shared win");
}

// ---------------------------------------------------------------- hidden information

#[test]
fn views_hide_decks_and_others_discards() {
    let o = MysticVale::options_for_players(3).unwrap_or_default();
    let g = MysticVale::new(&o, 5).unwrap_or_else(|e| panic!("{e}"));
    let v = g.view(Seat(1));
    assert!(v.players[1].discard.is_some());
    assert!(v.players[0].discard.is_none() && v.players[2].discard.is_none());
    let text = serde_json::to_string(&v).unwrap_or_default();
    assert!(!text.contains("adv_decks"), "no hidden decks in the view");
    let mut rng = sylvan_engine::GameRng::new(3);
    let d = MysticVale::determinize(&v, &mut rng);
    assert_eq!(d.view(Seat(1)), v);
}

#[test]
fn the_terminal_view_shows_each_cards_ability() {
    let mut p = player(&[&["dawnsinger", "stag"], &[CL]], &[0], Some(1), &[2]);
    p.vales = vec!["azure-lake".into()];
    let g = game(p, commons(&["grassland"], &[], &[]), vales(&["sunstone-aerie"], &[]));
    let text = g.view(Seat(0)).to_string();
    for want in [
        "Dawnsinger: harvest: +1 mana per guardian on this card",
        "1.1 Grassland (3 mana, bottom): 1 animal, 1 forest; harvest: -1 from your mana total",
        "1.1 Sunstone Aerie (cost 1 animal + 1 sky, 2 VP): harvest: pay 2 mana, one spirit becomes wild",
        "vale Azure Lake: harvest: +1 mana",
    ] {
        assert!(text.contains(want), "missing `{want}` in:\n{text}");
    }
}

#[test]
fn card_file_errors_name_file_line_and_field() {
    let bad = sylvan_mystic_vale::cards::BASE_TOML.replacen("cost = 3\n", "cost = 300\n", 1);
    let err = sylvan_mystic_vale::CardDb::parse("x.toml", &bad).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(err.starts_with("x.toml:"), "{err}");
    assert!(err.contains("advancement[0].cost: 300 is out of range"), "{err}");
    let line: usize = err.split(':').nth(1).and_then(|l| l.parse().ok()).unwrap_or(0);
    assert_eq!(bad.lines().nth(line - 1), Some("cost = 300"));
    let missing = sylvan_mystic_vale::cards::BASE_TOML.replacen("mana = \"provisional", "manna = \"provisional", 1);
    let err = sylvan_mystic_vale::CardDb::parse("y.toml", &missing).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(err.contains("mana"), "{err}");
}

#[test]
fn base_set_counts() {
    let db = sylvan_mystic_vale::CardDb::base();
    let count = |l: u8| -> u32 {
        db.advancements
            .iter()
            .enumerate()
            .filter(|(i, a)| a.level == l && *i < db.cursed_land as usize)
            .map(|(_, a)| u32::from(a.copies))
            .sum()
    };
    assert_eq!((count(1), count(2), count(3)), (33, 30, 33));
    assert_eq!(db.soil_counts.iter().map(|&x| u32::from(x)).sum::<u32>(), 18);
    let vales = |l: u8| -> u32 { db.vales.iter().filter(|v| v.level == l).map(|v| u32::from(v.copies)).sum() };
    assert_eq!((vales(1), vales(2)), (18, 18));
    assert_eq!(db.blanks, 8);
}

#[test]
fn buy_vp_variant_three_spirits_buy_one_vp_any_number_of_times() {
    // EN:1829-1833: any 3 spirit symbols buy 1 VP, any number of times, not one of the two vale buys.
    use sylvan_mystic_vale::Options;
    let o = Options { buy_vp: true, ..Options::default() };
    let w = "will-o-the-wisp";
    let given: &[&[&str]] = &[&["bear-totem", "podlings"], &[w], &[w], &[w]];
    let p = player(given, &[0, 1, 2, 3], Some(4), &[5]);
    let mut g = game_with(&o, p, None, None);
    act(&mut g, "pass");
    assert_eq!(g.spirits_left(), [2, 1, 0, 3]);
    let vp = g.players[0].vp;
    assert!(legal(&g).contains(&"vp animal,animal,forest".to_string()));
    assert!(!legal(&g).contains(&"vp animal,animal,animal".to_string()), "only 2 animal");
    act(&mut g, "vp animal,animal,forest");
    act(&mut g, "vp wild,wild,wild");
    assert_eq!(g.players[0].vp, vp + 2, "taken at once (EN:695)");
    assert_eq!(g.spirits_left(), [0; 4]);
    assert_eq!(g.turn.vales_bought, 0, "not vale purchases");
    // Without the variant, never offered.
    let mut h = game_with(&Options::default(), player(given, &[0, 1, 2, 3], Some(4), &[5]), None, None);
    act(&mut h, "pass");
    assert!(!legal(&h).iter().any(|a| a.starts_with("vp")));
}

#[test]
fn stacked_duplicates_variant_stacks_a_title_already_in_the_commons() {
    // EN:1835-1840: a revealed duplicate title joins its twin's slot, the empty slot is filled again;
    // a stack is bought one copy at a time.
    use sylvan_mystic_vale::{MysticVale, Options};
    let o = Options { stacked_duplicates: true, ..Options::default() };
    let mut found = false;
    for seed in 0..200 {
        let g = MysticVale::new(&o, seed).unwrap_or_else(|e| panic!("{e}"));
        let shown: Vec<u8> =
            g.commons.iter().flatten().copied().filter(|&a| a != sylvan_mystic_vale::state::EMPTY).collect();
        let mut unique = shown.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), shown.len(), "seed {seed}: no title twice in the commons");
        let plain = MysticVale::new(&Options::default(), seed).unwrap_or_else(|e| panic!("{e}"));
        let twins = plain
            .commons
            .iter()
            .flatten()
            .filter(|&&a| plain.commons.iter().flatten().filter(|&&b| b == a).count() > 1)
            .count();
        if g.commons_stack.iter().flatten().any(|&n| n > 0) {
            assert!(twins > 0 || g.commons != plain.commons, "seed {seed}: a stack comes from a duplicate");
            found = true;
        }
    }
    assert!(found, "some deal stacks a duplicate");
    // Buying from a stack leaves the title in place.
    let p = player(&[&[FS], &[FS], &[FS], &[FS], &[FS]], &[0, 1, 2, 3, 4], Some(5), &[6]);
    let mut g = game_with(&o, p, commons(&["podlings", "wellspring", "wayfinder"], &[], &[]), None);
    g.commons_stack[0][0] = 1;
    let podlings = g.commons[0][0];
    act(&mut g, "pass");
    act(&mut g, "buy 1.1");
    assert_eq!((g.commons[0][0], g.commons_stack[0][0]), (podlings, 0));
}
