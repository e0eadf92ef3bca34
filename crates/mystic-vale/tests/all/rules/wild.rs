//! Vale of the Wild: one test per rule and per ability, from explicit setups, the clarifications'
//! examples first. Values marked provisional in `data/wild.toml` are used as data (MV24).

use sylvan_engine::{Game, Seat};
use sylvan_mystic_vale::setup::Leaders;
use sylvan_mystic_vale::state::EMPTY;
use sylvan_mystic_vale::{Action, MysticVale, Options, Phase, Setup, SetupPlayer};

use crate::common::*;

/// Revision 6, where Wayfarer Portal's move is one action (`portal c0 middle c1`); revision 7's three
/// decisions make the same moves (`rules::revision_7`).
fn wild_6() -> Options {
    Options { rules: 6, ..wild() }
}

fn wild() -> Options {
    Options { sets: "base,wild".into(), ..Options::default() }
}

fn wild_game(p0: SetupPlayer) -> MysticVale {
    game_with(&wild(), p0, None, None)
}

/// Two explicit players.
fn two(p0: SetupPlayer, p1: SetupPlayer) -> MysticVale {
    let setup = Setup { start: 0, players: vec![p0, p1], ..Setup::default() };
    MysticVale::from_setup(&wild(), &setup, 7).unwrap_or_else(|e| panic!("setup: {e}"))
}

fn vale_id(g: &MysticVale, key: &str) -> u8 {
    g.db.vales.iter().position(|v| v.key == key).unwrap_or_else(|| panic!("no vale {key}")) as u8
}

fn owns(mut p: SetupPlayer, vales: &[&str]) -> SetupPlayer {
    p.vales = vales.iter().map(|s| s.to_string()).collect();
    p
}

// ---------------------------------------------------------------- card sets

#[test]
fn expansion_cards_come_after_the_base_ones() {
    let base = Options::default().validate().unwrap_or_else(|e| panic!("{e}"));
    let both = wild().validate().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(both.advancements.len(), base.advancements.len() + 19, "19 titles (EN:1974-1996)");
    for (a, b) in base.advancements.iter().zip(&both.advancements) {
        assert_eq!(a.key, b.key, "base advancement ids never shift");
    }
    for (a, b) in base.vales.iter().zip(&both.vales) {
        assert_eq!(a.key, b.key, "base vale ids never shift");
    }
    assert_eq!(both.vales.len(), base.vales.len() + 12);
    assert_eq!(both.leaders.len(), 8);
    assert_eq!(both.set, "base,wild");
    assert_ne!(base.content_hash, both.content_hash, "the card data differ");
    // Card list EN:1970-2013: 54 advancements, 18 vales.
    let wild_advs: u32 = both.advancements.iter().filter(|a| a.set == "wild").map(|a| u32::from(a.copies)).sum();
    let wild_vales: u32 = both.vales.iter().filter(|v| v.set == "wild").map(|v| u32::from(v.copies)).sum();
    assert_eq!((wild_advs, wild_vales), (54, 18));
}

#[test]
fn sets_must_start_with_base_and_name_known_sets() {
    for (sets, needle) in [("wild", "starts with `base`"), ("base,base", "repeated"), ("base,nowhere", "nowhere")] {
        let o = Options { sets: sets.into(), ..Options::default() };
        let e = o.validate().err().unwrap_or_else(|| panic!("`{sets}` accepted"));
        assert_eq!(e.field, "sets");
        assert!(e.message.contains(needle), "{sets}: {}", e.message);
    }
}

#[test]
fn a_record_replays_only_with_the_same_card_data() {
    let o = wild();
    let hash = MysticVale::content_hash(&o).unwrap_or_default();
    assert_eq!(hash.len(), 16);
    assert_ne!(Some(hash), MysticVale::content_hash(&Options::default()));
}

// ---------------------------------------------------------------- advancements

#[test]
fn wolf_rider_gains_seven_minus_the_field() {
    // EN:1214: 3 cards give 4, 5 cards give 2, 7 or more give 0 (reward: mana, provisional).
    for (n, gain) in [(3u8, 4u8), (5, 2), (7, 0), (8, 0)] {
        let field: Vec<u8> = (0..n).collect();
        let deck: Vec<u8> = (n + 1..20).collect();
        let p = player(&[&["wolf-rider"]], &field, Some(n), &deck);
        let mut g = wild_game(p);
        act(&mut g, "pass");
        assert_eq!(g.turn.mana_total, gain, "{n} cards");
    }
}

#[test]
fn beastbrother_hunter_gains_seven_minus_the_field() {
    // EN:882-889 (reward: VP, provisional).
    let p = player(&[&["beastbrother-hunter"]], &[0, 1, 2], Some(3), &[4, 5]);
    let mut g = wild_game(p);
    act(&mut g, "pass");
    assert_eq!(g.turn.vp_total, 4);
}

#[test]
fn forest_song_gives_one_vp_and_stag_champion_doubles_it() {
    // EN:1180-1182: "if Stag Champion and Forest Song were sleeved on the same card, the 1 on Forest Song
    // would now give you 2".
    for (card, vp) in [(&["forest-song"][..], 1), (&["forest-song", "stag-champion"][..], 2)] {
        let p = player(&[card], &[0], Some(1), &[2, 3]);
        let mut g = wild_game(p);
        act(&mut g, "pass");
        assert_eq!(g.turn.vp_total, vp, "{card:?}");
    }
}

/// Field: three Cursed Lands (3 decay), a blank on-deck, then `spoiler` on top of the deck.
fn spoiling(spoiler: &[&str]) -> SetupPlayer {
    player(&[&[CL], &[CL], &[CL], &[], spoiler, &[CL], &[CL], &[CL]], &[0, 1, 2], Some(3), &[4, 5, 6, 7, 8, 9])
}

#[test]
fn centaur_spoil_gives_two_vp_and_an_extra_turn() {
    // EN:927-933: the Centaur card on-deck makes the spoil: 2 VP at once, then after the Prep Phase the
    // same player takes a new turn from the Planting Phase.
    let mut g = wild_game(spoiling(&["centaur"]));
    let pool = g.pool;
    act(&mut g, "push");
    assert_eq!(g.players[0].vp, 2);
    assert_eq!(g.pool, pool - 2, "from the pool");
    assert!(g.players[0].token_active, "a normal spoil");
    assert_eq!((g.current, g.phase), (0, Phase::Planting), "an extra turn");
}

#[test]
fn centaur_with_stag_champion_gives_four() {
    // EN:1182.
    let mut g = wild_game(spoiling(&["centaur", "stag-champion"]));
    act(&mut g, "push");
    assert_eq!(g.players[0].vp, 4);
}

#[test]
fn primal_power_spoil_gives_four_vp_and_an_extra_turn() {
    // EN:1148-1154.
    let mut g = wild_game(spoiling(&["primal-power"]));
    act(&mut g, "push");
    assert_eq!(g.players[0].vp, 4);
    assert_eq!(g.current, 0);
}

#[test]
fn only_one_extra_turn_per_round() {
    // EN:933: a second Centaur spoil in the extra turn gives its VP but no further turn.
    // Prep after the first spoil: the Centaur card (c4, 1 decay) and c5 (Cursed Land) are played, c6 shows
    // (3 decay); planting: push c6, the second Centaur (c7, decay 1) makes 4.
    let p = player(
        &[&[CL], &[CL], &[CL], &[], &["centaur"], &[CL], &[CL], &["centaur"]],
        &[0, 1, 2],
        Some(3),
        &[4, 5, 6, 7, 8, 9],
    );
    let mut g = wild_game(p);
    act(&mut g, "push");
    assert_eq!((g.current, g.players[0].vp), (0, 2));
    assert_eq!(g.players[0].on_deck, Some(6));
    act(&mut g, "push");
    assert_eq!(g.players[0].vp, 4, "the second Centaur still gives its VP");
    assert_eq!(g.current, 1, "no second extra turn this round");
}

#[test]
fn unicorn_on_deck_stops_its_spoil_and_pushing_again_spoils() {
    // EN:1202: "you do not Spoil and may proceed ... If you choose to push and have 4 or more [decay] in
    // your field, you Spoil as normal."
    let mut g = wild_game(spoiling(&["unicorn", CL]));
    act(&mut g, "push");
    assert_eq!(g.phase, Phase::Planting);
    assert_eq!(g.players[0].on_deck, Some(4));
    assert!(!g.players[0].token_active, "no spoil");
    act(&mut g, "push");
    assert!(g.players[0].token_active, "spoiled: the Unicorn is in the field now");
    assert_eq!(g.current, 1);
}

#[test]
fn unicorn_in_the_field_still_gives_its_printed_symbol() {
    // EN:1202: "If Unicorn is in your field, its ability has no effect but you still gain 1".
    let p = player(&[&["unicorn"]], &[0], Some(1), &[2]);
    let mut g = wild_game(p);
    act(&mut g, "pass");
    assert_eq!(g.turn.mana_total, 1);
}

#[test]
fn gaias_outcast_scores_six_for_strictly_the_most_decay() {
    // EN:1010-1017: gross decay on all the player's cards; a tie gives nothing.
    let rich = player(&[&["gaias-outcast"], &[CL]], &[0], Some(1), &[2, 3]);
    let poor = player(&[&[CL]], &[0], Some(1), &[2, 3]);
    let g = two(rich.clone(), poor.clone());
    // Gaia's Outcast: 1 decay (provisional) + a Cursed Land: 2 against 1.
    assert_eq!(g.score(0), 6);
    let even = player(&[&[CL], &[CL]], &[0], Some(1), &[2, 3]);
    let g = two(rich, even);
    assert_eq!(g.score(0), 0, "tied: nothing");
}

#[test]
fn haunted_hollow_scores_seven_for_strictly_the_most_decay() {
    // EN:1387-1393.
    let p = owns(player(&[&[CL]], &[0], Some(1), &[2]), &["haunted-hollow"]);
    let g = wild_game(p);
    let vp = i32::from(g.db.vale(vale_id(&g, "haunted-hollow")).vp);
    assert_eq!(g.score(0), vp + 7);
}

#[test]
fn totem_chief_counts_a_spirit_per_guardian_on_its_card() {
    // EN:1196: "if Totem Chief and Beastbrother Champion were sleeved together, Totem Chief would be
    // considered to have 2" (the spirit kind is provisional: forest).
    let p = player(&[&["beastbrother-champion", "totem-chief"]], &[0], Some(1), &[2]);
    let mut g = wild_game(p);
    act(&mut g, "pass");
    assert_eq!(g.turn.spirits, [1, 2, 0, 0], "Beastbrother Champion's animal, Totem Chief's 2 forest");
}

#[test]
fn nymph_and_pack_leader_count_spirits_per_guardian_only_in_the_field() {
    // EN:1118-1134: the spirits help only in the field (the on-deck card's spirits are not harvested).
    let p = player(&[&["nymph", "pack-leader"], &["pack-leader"]], &[0], Some(1), &[2]);
    let mut g = wild_game(p);
    act(&mut g, "pass");
    // Card 0: 2 guardians: Nymph +2 sky, Pack Leader +2 animal.
    assert_eq!(g.turn.spirits, [2, 0, 2, 0]);
}

#[test]
fn wind_whisperer_turns_every_spirit_on_its_card_wild() {
    // EN:1204-1208, including spirits granted by text such as Totem Chief's.
    let p = player(&[&["wind-whisperer", "totem-chief"]], &[0], Some(1), &[2]);
    let mut g = wild_game(p);
    act(&mut g, "pass");
    assert_eq!(g.turn.spirits, [0, 0, 0, 3], "1 sky + 1 forest printed, 1 forest from Totem Chief");
}

#[test]
fn storm_elemental_cancels_its_cards_decay() {
    // EN:1184-1188 (the cancelled icon read as decay).
    let p = player(&[&["storm-elemental", CL], &[CL]], &[0, 1], Some(2), &[3]);
    let g = wild_game(p);
    assert_eq!(g.net_decay(0), 1, "only the plain Cursed Land counts");
}

#[test]
fn burrow_wyrms_goes_under_the_deck() {
    // EN:891-897: at the Discard Phase its card goes face down to the bottom of the deck.
    // The deck's Cursed Lands stop the Prep Phase after two cards.
    let p =
        player(&[&["burrow-wyrms"], &[CL], &[], &[CL], &[CL], &[CL], &[CL], &[CL]], &[0, 1], Some(2), &[3, 4, 5, 6, 7]);
    let mut g = wild_game(p);
    act(&mut g, "pass");
    act(&mut g, "done");
    let p = &g.players[0];
    assert_eq!(p.deck.first(), Some(&0), "the bottom of the deck");
    assert!(!p.discard.contains(&0));
    assert!(p.discard.contains(&1));
}

#[test]
fn a_card_under_the_deck_stays_known_until_the_deck_is_shuffled() {
    // Issue 12, MV56: every seat saw the Burrow Wyrms card go under the deck; views and determinize keep it
    // there.
    let p =
        player(&[&["burrow-wyrms"], &[CL], &[], &[CL], &[CL], &[CL], &[CL], &[CL]], &[0, 1], Some(2), &[3, 4, 5, 6, 7]);
    let mut g = wild_game(p);
    act(&mut g, "pass");
    act(&mut g, "done");
    for seat in [Seat(0), Seat(1)] {
        let v = g.view(seat);
        assert_eq!(v.players[0].deck_bottom, vec![0], "{seat:?}");
        for k in 0..20 {
            let s = MysticVale::determinize(&v, &mut sylvan_engine::GameRng::new(k));
            assert_eq!(s.players[0].deck.first(), Some(&0), "determinized from {seat:?}'s view");
        }
    }
    // Drawn or shuffled away, the knowledge goes.
    let mut h = g.clone();
    h.players[0].deck.clear();
    assert!(h.view(Seat(1)).players[0].deck_bottom.is_empty());
}

#[test]
fn burrow_wyrms_with_an_empty_deck_goes_under_the_on_deck_card() {
    // EN:895: "If there are no cards left in your deck, place Burrow Wurm under your on-deck card."
    let p = player(&[&["burrow-wyrms"]], &[0], Some(1), &[]);
    let mut g = wild_game(p);
    act(&mut g, "pass");
    act(&mut g, "done");
    // The Prep Phase then plays the on-deck card and reveals the Burrow Wyrms card, the whole deck.
    let p = &g.players[0];
    assert!(p.on_deck == Some(0) || p.field.contains(&0), "it was the next card: {p:?}");
}

#[test]
fn call_of_the_hunt_fills_the_field_to_eight_without_spoiling() {
    // EN:899-907: cards from the top of the deck, reshuffling the discard pile when needed; no spoil.
    // The deck holds 4 Cursed Lands; the discard pile (blanks) is reshuffled for the last 3.
    let p = player(&[&["call-of-the-hunt"], &[CL], &[CL], &[CL], &[CL]], &[0], Some(5), &[1, 2, 3, 4]);
    let mut g = wild_game(p);
    act(&mut g, "pass");
    // Rules revision 8 (MV91): the player resolves it.
    let u = card_uses(&g)[0].clone();
    act(&mut g, &u);
    assert_eq!(g.players[0].field.len(), 8);
    assert_eq!(g.phase, Phase::Harvest, "4 decay in the field, no spoil");
    assert_eq!(g.turn.mana_total, 4, "the Cursed Lands' mana counts");
    assert!(g.players[0].discard.is_empty(), "reshuffled into the deck");
}

#[test]
fn seed_sowers_exchanges_two_mana_for_one_vp() {
    // EN:1156-1162 (the gained icon read as VP).
    let p = player(&[&["seed-sowers"], &[CL], &[CL]], &[0, 1, 2], Some(3), &[4]);
    let mut g = wild_game(p);
    act(&mut g, "pass");
    assert_eq!(g.turn.mana_total, 4);
    assert_eq!(card_uses(&g), ["use c0 middle"]);
    act(&mut g, "use c0 middle");
    act(&mut g, "use c0 middle");
    assert_eq!(g.players[0].vp, 2, "taken at once (EN:695)");
    assert!(card_uses(&g).is_empty(), "no mana left");
}

// ---------------------------------------------------------------- eclipse

#[test]
fn an_eclipse_advancement_may_be_covered_and_then_scores_nothing() {
    // EN:775-783: a regular advancement may cover an eclipse one; the covered one's end VP do not count.
    let p = player(&[&["sundered-land"], &[CL]], &[0, 1], Some(2), &[3]);
    let mut g = game_with(&wild(), p, commons(&["pack-leader"], &[], &[]), None);
    let before = g.score(0);
    act(&mut g, "pass");
    act(&mut g, "buy 1.1");
    act(&mut g, "done");
    assert_eq!(legal(&g), vec!["sleeve c0", "sleeve c1"]);
    act(&mut g, "sleeve c0");
    let s = g.players[0].cards[0];
    let pack = g.db.advancements.iter().position(|a| a.key == "pack-leader").unwrap_or(0) as u8;
    assert_eq!(s.slots[1], pack);
    assert_ne!(s.covered[1], EMPTY, "Sundered Land under it");
    assert_eq!(g.score(0), before - 1, "the covered eclipse advancement's 1 VP no longer counts");
}

#[test]
fn an_eclipse_advancement_never_covers_but_may_go_under() {
    // EN:780: "You cannot sleeve an eclipse advancement so that it covers another advancement, even
    // another eclipse advancement"; EN:795: it may go under another advancement.
    let p = player(&[&["sundered-land"], &["pack-leader"], &[CL, CL, CL]], &[0, 1, 2], Some(3), &[4]);
    let mut g = game_with(&wild(), p, commons(&[], &["sundered-land"], &[]), None);
    act(&mut g, "pass");
    act(&mut g, "buy 2.1");
    act(&mut g, "done");
    assert_eq!(legal(&g), vec!["sleeve c1"], "not over the eclipse one, not under a printed Cursed Land");
    act(&mut g, "sleeve c1");
    assert_ne!(g.players[0].cards[1].covered[1], EMPTY);
}

#[test]
fn a_purchase_needs_a_place_eclipse_rules_included() {
    // MV21: with only an eclipse advancement and a printed Cursed Land in the middle slots, a second eclipse
    // advancement has no place and cannot be bought.
    let p = player(&[&["sundered-land"], &[CL, CL, CL]], &[0, 1], Some(2), &[3]);
    let mut g = game_with(&wild(), p, commons(&[], &["sundered-land"], &[]), None);
    act(&mut g, "pass");
    assert!(!legal(&g).contains(&"buy 2.1".to_string()));
}

// ---------------------------------------------------------------- vales

#[test]
fn nectar_colony_leaves_the_game_for_one_mana() {
    // EN:1413-1419 (the icon read as mana).
    let p = owns(player(&[&[CL]], &[0], Some(1), &[2]), &["nectar-colony"]);
    let mut g = wild_game(p);
    let v = vale_id(&g, "nectar-colony");
    let before = g.score(0);
    act(&mut g, "pass");
    assert_eq!(g.turn.mana_total, 1);
    act(&mut g, &format!("use v{v}"));
    assert_eq!(g.turn.mana_total, 2);
    assert!(g.players[0].vales.is_empty() && g.removed_vales.contains(&v));
    assert_eq!(g.score(0), before - 1, "its VP is lost with it");
}

#[test]
fn stormcaller_leaves_the_game_to_make_a_spirit_wild() {
    // EN:1468-1474.
    let p = owns(player(&[&["bonecaster"]], &[0], Some(1), &[2]), &["stormcaller"]);
    let mut g = wild_game(p);
    act(&mut g, "pass");
    act(&mut g, "aerie animal");
    assert_eq!(g.spirits_left(), [0, 0, 0, 1]);
    assert!(g.players[0].vales.is_empty());
}

#[test]
fn verdant_path_discards_the_spoiling_card() {
    // EN:1537-1541.
    let p = owns(spoiling(&[CL]), &["verdant-path"]);
    let mut g = wild_game(p);
    let v = vale_id(&g, "verdant-path");
    act(&mut g, "push");
    assert_eq!(legal(&g), vec!["spoil".to_string(), format!("use v{v}")]);
    act(&mut g, &format!("use v{v}"));
    assert!(g.players[0].discard.contains(&4), "the spoiling card is discarded");
    assert!(g.players[0].vales.is_empty());
    // The next card, c5, is a Cursed Land: 4 decay again and no second use: a spoil.
    assert!(g.players[0].token_active);
}

#[test]
fn bramble_spire_cancels_a_cards_decay_until_the_discard_phase() {
    // EN:1278-1284.
    let p = owns(spoiling(&[CL]), &["bramble-spire"]);
    let mut g = wild_game(p);
    act(&mut g, "push");
    let v = vale_no(&g, "bramble-spire");
    assert!(legal(&g).contains(&format!("use v{v} c4")), "{:?}", legal(&g));
    act(&mut g, &format!("use v{v} c4"));
    assert_eq!(g.phase, Phase::Planting, "no spoil");
    assert_eq!(g.net_decay(0), 3);
    act(&mut g, "pass");
    act(&mut g, "done");
    assert_eq!(g.players[0].fx.cancel_decay.until_discard, None, "over at the Discard Phase");
}

#[test]
fn eagles_cry_peak_makes_one_level_two_advancement_free() {
    // EN:1323-1333.
    let p = owns(player(&[&[CL]], &[0, 1], Some(2), &[3]), &["eagles-cry-peak"]);
    let mut g = game_with(&wild(), p, commons(&[], &["call-of-the-hunt", "wind-whisperer"], &[]), None);
    let v = vale_id(&g, "eagles-cry-peak");
    act(&mut g, "pass");
    assert!(!legal(&g).contains(&"buy 2.1".to_string()), "5 mana, 1 in hand");
    act(&mut g, &format!("use v{v}"));
    act(&mut g, "buy 2.1");
    assert_eq!(g.turn.mana_spent, 0);
    assert!(!legal(&g).contains(&"buy 2.2".to_string()), "one advancement only");
}

#[test]
fn pool_of_visions_keeps_a_field_card_for_the_next_field() {
    // EN:1427-1431.
    let p = owns(
        player(&[&[], &["bonecaster"], &[], &[CL], &[CL], &[CL], &[CL]], &[0, 1], Some(2), &[3, 4, 5, 6]),
        &["pool-of-visions"],
    );
    let mut g = wild_game(p);
    act(&mut g, "pass");
    act(&mut g, "done");
    assert_eq!(g.phase, Phase::Keep);
    let v = vale_no(&g, "pool-of-visions");
    assert_eq!(legal(&g), vec!["decline".to_string(), format!("use v{v} c0"), format!("use v{v} c1")]);
    act(&mut g, &format!("use v{v} c1"));
    assert_eq!(g.players[0].field.first(), Some(&1), "the leftmost card of the next field");
    assert!(g.players[0].discard.contains(&0));
}

#[test]
fn wayfarer_portal_moves_an_advancement_between_field_cards() {
    // EN:1543-1549: obeying the sleeving rules.
    let p = owns(player(&[&["pack-leader"], &[], &[CL, CL, CL]], &[0, 1, 2], Some(3), &[4]), &["wayfarer-portal"]);
    let mut g = game_with(&wild_6(), p, None, None);
    act(&mut g, "pass");
    let moves: Vec<String> = legal(&g).into_iter().filter(|a| a.starts_with("portal")).collect();
    assert_eq!(moves, vec!["portal c0 middle c1"], "never onto a printed Cursed Land");
    act(&mut g, "portal c0 middle c1");
    assert_eq!(g.players[0].cards[0].slots[1], EMPTY);
    assert_ne!(g.players[0].cards[1].slots[1], EMPTY);
    assert!(!legal(&g).iter().any(|a| a.starts_with("portal")), "once a turn");
}

#[test]
fn rollouts_and_the_heuristic_use_wayfarer_portal() {
    // Pack Leader (+1 animal per guardian on its card) and Stag's 2 guardians on one card: 3 animal, not 1.
    let p =
        owns(player(&[&["pack-leader"], &["stag"], &[CL, CL, CL]], &[0, 1, 2], Some(3), &[4]), &["wayfarer-portal"]);
    let mut g = game_with(&wild_6(), p, None, None);
    act(&mut g, "pass");
    assert_eq!(g.spirits_left()[0], 1);
    let mut list = Vec::new();
    g.legal_actions(&mut list);
    let good: Vec<Action> = ["portal c0 middle c1", "portal c1 bottom c0"]
        .iter()
        .map(|a| a.parse().unwrap_or_else(|e| panic!("{e}")))
        .collect();
    assert!(good.iter().all(|a| list.contains(a)));
    for seed in 0..20 {
        let a =
            <MysticVale as sylvan_engine::Heuristic>::rollout_action(&g, &list, &mut sylvan_engine::GameRng::new(seed));
        assert!(good.contains(&a), "seed {seed}: {a}");
    }
    let view = g.view(Seat(0));
    let h =
        <MysticVale as sylvan_engine::Heuristic>::heuristic_action(&view, &list, &mut sylvan_engine::GameRng::new(1));
    assert!(good.contains(&h), "{h}");
    let a = <MysticVale as sylvan_engine::Heuristic>::rollout_action(&g, &list, &mut sylvan_engine::GameRng::new(0));
    act(&mut g, &a.to_string());
    assert_eq!(g.spirits_left()[0], 3, "3 animal once the two share a card");
    g.legal_actions(&mut list);
    assert!(!list.iter().any(|a| matches!(a, Action::Portal(..))), "once a turn");
}

#[test]
fn talon_gorge_leaves_the_game_for_a_vp_per_two_mana() {
    // EN:1513-1523 (usable from the turn after it is bought; gains read as VP per 2 mana).
    let p = owns(player(&[&[CL], &[CL], &[CL], &[CL], &[CL]], &[0, 1, 2, 3], Some(4), &[5]), &["talon-gorge"]);
    let mut g = wild_game(p);
    let v = vale_id(&g, "talon-gorge");
    act(&mut g, "pass");
    act(&mut g, &format!("use v{v}"));
    assert_eq!(g.players[0].vp, 2, "4 mana: 2 VP, at once");
    assert_eq!(g.mana_left(), 4, "the mana is not spent");
}

// ---------------------------------------------------------------- leaders

fn with_leader(mut p: SetupPlayer, key: &str) -> SetupPlayer {
    p.leader = Some(key.into());
    p
}

#[test]
fn leaders_choose_deals_two_and_each_player_keeps_one() {
    // EN:812: "deal 2 ... leaders to each player and they may choose which one".
    let o = Options { leaders: Leaders::Choose, ..wild() };
    let mut g = MysticVale::new(&o, 5).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.phase, Phase::ChooseLeader);
    let first = g.current as usize;
    assert_eq!(legal(&g), vec!["leader 1", "leader 2"]);
    let offer = g.players[first].leader_offer.unwrap_or_default();
    let other = Seat(1 - first as u8);
    assert_eq!(g.view(other).players[first].leader_offer, None, "the offer is its owner's");
    // Issue 12: until the choice, the leader card shows blank, to its owner too.
    let mine = g.view(Seat(first as u8));
    assert_eq!(mine.players[first].leader.map(|l| l.id), Some(None), "no leader shown before the choice");
    assert_eq!(mine.card_stats(first, 19), sylvan_mystic_vale::state::CardStats::of(Default::default(), &g.db, None));
    // The choice names the leader kept, in both languages.
    let title = &g.db.leader(offer[1]).title;
    let en = MysticVale::describe_action_in(&mine, Action::ChooseLeader(1), sylvan_engine::Lang::En);
    assert_eq!(en, format!("keep {title}"));
    let fr = MysticVale::describe_action_in(&mine, Action::ChooseLeader(1), sylvan_engine::Lang::Fr);
    assert!(fr.starts_with(&format!("garder le meneur {title}")), "{fr}");
    act(&mut g, "leader 2");
    assert_eq!(g.players[first].leader.map(|l| l.id), Some(offer[1]));
    act(&mut g, "leader 1");
    assert_eq!(g.phase, Phase::Planting);
    assert!(g.players.iter().all(|p| p.leader.is_some() && p.leader_offer.is_none()));
    let ids: Vec<u8> = g.players.iter().filter_map(|p| p.leader.map(|l| l.id)).collect();
    assert_ne!(ids[0], ids[1]);
}

#[test]
fn issue_12_no_field_is_on_the_table_until_every_leader_is_chosen() {
    // The fields are dealt once every seat has chosen, from the deck order shuffled at the deal (no chance
    // is drawn in between), so no field changes after the choices. The book deals the fields (setup step 5)
    // before the leaders are sleeved and shuffled in (step 7, EN:2297-2311, EN:816): from rules revision 11
    // a leader's card dealt into the field trades places with a blank card of the deck (ruling MV98).
    let essential = Options { players: 3, edition: sylvan_mystic_vale::setup::Edition::Essential, ..wild() };
    for (o, drafted) in [(Options { leaders: Leaders::Choose, ..wild() }, false), (essential, true)] {
        for seed in 0..10 {
            let mut g = MysticVale::new(&o, seed).unwrap_or_else(|e| panic!("{e}"));
            let decks: Vec<Vec<u8>> = g.players.iter().map(|p| p.deck.to_vec()).collect();
            let mut rng = sylvan_engine::GameRng::new(seed);
            while !matches!(g.phase, Phase::Planting) {
                assert!(
                    g.players.iter().all(|p| p.field.is_empty() && p.on_deck.is_none() && p.deck.len() == 20),
                    "{:?}: no field before the setup's decisions end",
                    g.phase
                );
                let v = g.view(Seat(g.current));
                assert!(v.players.iter().all(|p| p.field.is_empty() && p.on_deck.is_none()));
                let mut l = Vec::new();
                g.legal_actions(&mut l);
                let a = <MysticVale as sylvan_engine::Heuristic>::heuristic_action(&v, &l, &mut rng);
                act(&mut g, &a.to_string());
            }
            for (p, deck) in g.players.iter().zip(&decks) {
                // Step 5 from the top of the deck dealt: two Cursed Lands in the field, the third on-deck.
                let shown: Vec<u8> = p.field.iter().copied().chain(p.on_deck).collect();
                let top: Vec<u8> = deck.iter().rev().take(shown.len()).copied().collect();
                let l = p.leader.unwrap_or_else(|| panic!("a leader"));
                let traded = |s: u8, t: u8| s == t || (t == l.card && p.cards[s as usize] == p.cards[t as usize]);
                assert!(shown.iter().zip(&top).all(|(&s, &t)| traded(s, t)), "seed {seed}: {shown:?} {top:?}");
                assert!(!shown.contains(&l.card), "seed {seed}: no leader in the starting field (MV98)");
                let cursed = p.field.iter().filter(|&&c| p.cards[c as usize].is_cursed(&g.db)).count();
                assert_eq!(cursed, 2, "seed {seed}");
                // A drafted leader was taken in the open; a chosen one stays hidden.
                assert_eq!(l.public, drafted, "seed {seed}");
            }
        }
    }
}

#[test]
fn draft_picks_are_told_as_what_they_are_in_both_languages() {
    // The log said "p0 uses took Dione" ("p0 utilise took Dione"): a draft pick is its own event.
    let o = Options { players: 2, edition: sylvan_mystic_vale::setup::Edition::Essential, ..wild() };
    let mut g = MysticVale::new(&o, 11).unwrap_or_else(|e| panic!("{e}"));
    let mut l = Vec::new();
    g.legal_actions(&mut l);
    let Some(&pick) = l.iter().find(|a| matches!(a, Action::TakeLeader(_))) else { panic!("{l:?}") };
    let Action::TakeLeader(id) = pick else { panic!("a leader") };
    let title = g.db.leader(id).title.clone();
    let seat = Seat(g.current);
    let mut log = sylvan_engine::EventLog::new();
    g.try_apply(pick, &mut log).unwrap_or_else(|e| panic!("{e}"));
    let e = log.public().last().cloned().unwrap_or_else(|| panic!("an event"));
    assert_eq!(e.to_string(), format!("{seat} takes the leader {title}"));
    assert_eq!(MysticVale::event_text(&e, sylvan_engine::Lang::Fr), format!("{seat} prend le meneur {title}"));
}

#[test]
fn a_leader_is_hidden_until_its_card_is_revealed() {
    // MV22: others see which card carries a leader, not which leader, until it is shown.
    let o = Options { leaders: Leaders::Random, ..wild() };
    let g = MysticVale::new(&o, 9).unwrap_or_else(|e| panic!("{e}"));
    for (i, p) in g.players.iter().enumerate() {
        let l = p.leader.unwrap_or_else(|| panic!("a leader"));
        let shown = p.on_deck == Some(l.card) || p.field.contains(&l.card);
        let seen = g.view(Seat(1 - i as u8)).players[i].leader.unwrap_or_else(|| panic!("the card"));
        assert_eq!(seen.card, 19);
        assert_eq!(seen.id.is_some(), shown, "seat {i}");
        assert_eq!(g.view(Seat(i as u8)).players[i].leader.and_then(|x| x.id), Some(l.id), "its owner knows");
    }
}

#[test]
fn ashae_gains_vp_from_the_box() {
    // EN:1580-1584: 2 VP from the box, the pool (the game's clock) untouched.
    let p = with_leader(player(&[&[CL]], &[0, 19], Some(1), &[2]), "ashae");
    let mut g = wild_game(p);
    let pool = g.pool;
    act(&mut g, "pass");
    act(&mut g, "done");
    assert_eq!(g.players[0].vp, 2);
    assert_eq!(g.pool, pool);
}

#[test]
fn upgrading_a_leader_takes_a_buy_and_its_side_counts_from_the_next_harvest() {
    // EN:846-856: pay the upgrade cost in the Harvest Phase with the leader in the field; it counts as one of
    // the two buys; the upgraded side is not usable in that harvest, the starting side is.
    let p = with_leader(player(&[&[CL], &[CL], &[CL], &[CL], &[CL]], &[0, 1, 2, 3, 4, 19], Some(5), &[6, 7]), "ashae");
    let mut g = game_with(&wild(), p, commons(&["podlings", "bonecaster"], &[], &[]), None);
    act(&mut g, "pass");
    assert!(legal(&g).contains(&"upgrade".to_string()));
    act(&mut g, "upgrade");
    assert!(g.players[0].leader.is_some_and(|l| l.upgraded));
    assert_eq!(g.turn.box_vp_total, 2, "the starting side still counts this harvest");
    let podlings = legal(&g).contains(&"buy 1.1".to_string());
    if podlings {
        act(&mut g, "buy 1.1");
    }
    assert!(!legal(&g).iter().any(|a| a.starts_with("buy")), "one buy left, used");
    act(&mut g, "done");
    if podlings {
        assert!(!legal(&g).contains(&"sleeve c19".to_string()), "no advancement on a leader (EN:836)");
    }
}

#[test]
fn ashae_upgraded_counts_the_decay_in_the_field() {
    // EN:1586-1590: 1 VP from the box per decay in the field, cancelled ones too.
    let mut p = with_leader(player(&[&[CL], &["storm-elemental", CL]], &[0, 1, 19], Some(2), &[3]), "ashae");
    p.leader_upgraded = true;
    let mut g = wild_game(p);
    act(&mut g, "pass");
    // Cursed Land 1 + Storm Elemental's card 2 printed (1 + 1, cancelled).
    assert_eq!(g.turn.box_vp_total, 3);
}

#[test]
fn dione_upgraded_uses_the_neighbours_on_deck_card() {
    // EN:1614-1621 (MV23): in a 2-player game the opponent's on-deck card counts once.
    let mut p0 = with_leader(player(&[], &[19], Some(0), &[1]), "dione");
    p0.leader_upgraded = true;
    let p1 = player(&[&[CL, CL, CL]], &[], Some(0), &(1..20).collect::<Vec<u8>>());
    let mut g = two(p0, p1);
    act(&mut g, "pass");
    assert_eq!(g.turn.mana_total, 3, "the opponent's on-deck card: 3 mana");
}

fn adv_id(g: &MysticVale, key: &str) -> u8 {
    g.db.advancements.iter().position(|a| a.key == key).unwrap_or_else(|| panic!("no advancement {key}")) as u8
}

#[test]
fn cyrilla_adds_a_guardian_to_a_field_or_on_deck_card_for_the_turn() {
    // EN:1592-1598: Totem Chief on an otherwise blank card with Cyrilla's +1 "has 2" and gives 2 (MV51).
    let p = with_leader(player(&[&["totem-chief"]], &[0, 19], Some(1), &[2]), "cyrilla");
    let mut g = wild_game(p);
    act(&mut g, "pass");
    let forest = g.spirits_left()[1];
    assert_eq!(forest, 1, "Totem Chief: 1 guardian, 1 forest");
    for c in ["ability c0", "ability c1", "ability c19"] {
        assert!(legal(&g).contains(&c.to_string()), "{c}: a field or the on-deck card");
    }
    act(&mut g, "ability c0");
    assert_eq!(g.spirits_left()[1], 2, "2 guardians: 2 forest");
    assert!(!legal(&g).iter().any(|a| a.starts_with("ability")), "once a turn");
}

#[test]
fn dione_starting_side_chooses_one_of_two_gains() {
    // EN:1608-1612: "gain 1 X or 1 Y" (both icons lost: mana or a wild spirit, MV52).
    let p = with_leader(player(&[], &[19], Some(0), &[1]), "dione");
    let mut g = wild_game(p);
    act(&mut g, "pass");
    assert_eq!((g.mana_left(), g.spirits_left()), (0, [0; 4]), "nothing before the choice");
    let mut h = g.clone();
    act(&mut g, "ability 1");
    assert_eq!((g.mana_left(), g.spirits_left()), (1, [0; 4]));
    act(&mut h, "ability 2");
    assert_eq!((h.mana_left(), h.spirits_left()), (0, [0, 0, 0, 1]));
    assert!(!legal(&g).iter().any(|a| a.starts_with("ability")), "one of the two, once");
}

#[test]
fn gingan_replaces_the_on_deck_card_without_spoiling() {
    // EN:1623-1629: discard the on-deck card, reveal another; the harvest has begun, no spoil.
    let p = with_leader(player(&[&[CL, CL, CL], &[CL, CL, CL]], &[19], Some(0), &[1, 2]), "gingan");
    let mut g = wild_game(p);
    act(&mut g, "pass");
    act(&mut g, "ability c0");
    assert_eq!(g.players[0].on_deck, Some(1));
    assert!(g.players[0].discard.contains(&0));
    assert_eq!(g.phase, Phase::Harvest, "3 decay on-deck in the harvest: no spoil");
    assert!(!legal(&g).iter().any(|a| a.starts_with("ability")), "once a turn");
}

#[test]
fn guilduin_upgraded_also_has_another_field_cards_symbols_and_abilities() {
    // EN:1647-1651: he gets the chosen card's symbols and text effects, keeping his own.
    let mut p = with_leader(player(&[&["totem-chief", FS]], &[0, 19], Some(1), &[2]), "guilduin");
    p.leader_upgraded = true;
    let mut g = wild_game(p);
    act(&mut g, "pass");
    let (mana, forest) = (g.mana_left(), g.spirits_left()[1]);
    assert!(!legal(&g).contains(&"ability c19".to_string()), "another card");
    act(&mut g, "ability c0");
    let fs = g.db.adv(adv_id(&g, FS)).symbols.mana;
    assert_eq!(g.mana_left(), mana + fs, "the copied card's mana once more");
    assert_eq!(g.spirits_left()[1], forest + 1, "and its ability");
}

#[test]
fn hempero_upgraded_removes_up_to_three_level_2_or_3_commons_then_refills() {
    // EN:1653-1659: level 2 or 3 only, out of the game, the commons refilled at once.
    let mut p = with_leader(player(&[], &[19], Some(0), &[1]), "hempero");
    p.leader_upgraded = true;
    let c = commons(
        &["podlings", "podlings", "podlings"],
        &["hawk", "plow", "moon-wolf"],
        &["stag", "aurora", "magic-seed"],
    );
    let mut g = game_with(&wild(), p, c, None);
    act(&mut g, "pass");
    let offered: Vec<String> = legal(&g).into_iter().filter(|a| a.starts_with("ability")).collect();
    assert_eq!(offered.len(), 6, "no level-1 advancement: {offered:?}");
    act(&mut g, "ability 2.1");
    assert_eq!(legal(&g)[0], "decline", "more choices, or stop");
    assert!(!legal(&g).contains(&"done".to_string()));
    act(&mut g, "ability 3.2");
    assert_eq!(g.commons[1][0], EMPTY, "refilled after the last choice");
    act(&mut g, "decline");
    assert_eq!(g.removed_advs, vec![adv_id(&g, "hawk"), adv_id(&g, "aurora")]);
    assert_ne!(g.commons[1][0], EMPTY);
    assert_ne!(g.commons[2][1], EMPTY);
    assert!(!legal(&g).iter().any(|a| a.starts_with("ability")), "once a turn");
    // Three choices end it by themselves.
    let mut p = with_leader(player(&[], &[19], Some(0), &[1]), "hempero");
    p.leader_upgraded = true;
    let c = commons(&["podlings"], &["hawk", "plow", "moon-wolf"], &["stag"]);
    let mut g = game_with(&wild(), p, c, None);
    act(&mut g, "pass");
    for a in ["ability 2.1", "ability 2.2", "ability 3.1"] {
        act(&mut g, a);
    }
    assert!(legal(&g).contains(&"done".to_string()));
    assert_eq!(g.removed_advs.len(), 3);
}

#[test]
fn nepeto_sleeves_a_fertile_soil_from_the_supply_without_a_purchase() {
    // EN:1678-1684: any field card, not a purchase; its symbols count at once (MV54).
    let p = with_leader(player(&[], &[0, 19], Some(1), &[2]), "nepeto");
    let mut g = wild_game(p);
    act(&mut g, "pass");
    let (mana, soil) = (g.mana_left(), g.soil);
    assert!(legal(&g).contains(&"ability soil.top c0".to_string()));
    assert!(!legal(&g).iter().any(|a| a.starts_with("ability") && a.ends_with("c19")), "not on the leader");
    act(&mut g, "ability soil.top c0");
    assert_eq!(g.soil[0], soil[0] - 1);
    assert_eq!(g.players[0].cards[0].slots[0], g.db.soil[0]);
    assert_eq!(g.mana_left(), mana + g.db.adv(g.db.soil[0]).symbols.mana);
    assert!(g.turn.bought.is_empty(), "not a purchase");
}

#[test]
fn nepeto_upgraded_buys_a_third_advancement_two_cheaper() {
    // EN:1686-1690: a third purchase, and only the third costs 2 less.
    let mut p = with_leader(
        player(&[&[FS], &[FS], &[FS], &[FS], &[FS], &[FS], &[FS], &[FS]], &[0, 1, 2, 3, 4, 5, 6, 7, 19], Some(8), &[9]),
        "nepeto",
    );
    p.leader_upgraded = true;
    let mut g = game_with(&wild(), p, commons(&["podlings", "podlings", "podlings"], &[], &[]), None);
    act(&mut g, "pass");
    let cost = g.db.adv(adv_id(&g, "podlings")).cost;
    let m0 = g.mana_left();
    act(&mut g, "buy 1.1");
    act(&mut g, "buy 1.2");
    assert_eq!(g.mana_left(), m0 - 2 * cost, "the first two at full price");
    let m2 = g.mana_left();
    act(&mut g, "buy 1.3");
    assert_eq!(g.mana_left(), m2 - cost.saturating_sub(2), "the third 2 cheaper");
}

#[test]
fn leader_sides_without_text_are_marked_provisional_in_both_languages() {
    // The books give no text for Guilduin's and Hempero's starting sides nor for either side of Taeda
    // (EN:1580-1690 skip them, the lore EN:2147-2209 gives no rule; MV55): symbols only, and shown so.
    let db = wild().validate().unwrap_or_else(|e| panic!("{e}"));
    let marked: Vec<(String, bool)> = db
        .leaders
        .iter()
        .flat_map(|l| [false, true].into_iter().filter(|&up| l.symbols_only(up)).map(|up| (l.key.clone(), up)))
        .collect();
    let want = [("guilduin", false), ("hempero", false), ("taeda", false), ("taeda", true)];
    assert_eq!(marked, want.map(|(k, up)| (k.to_owned(), up)).to_vec());
    let of = |key: &str| db.leaders.iter().find(|l| l.key == key).unwrap_or_else(|| panic!("{key}"));
    let en = |key: &str, up: bool| sylvan_mystic_vale::words::leader_summary(of(key), up, sylvan_engine::Locale::En);
    assert!(en("taeda", true).ends_with("(provisional: no ability, symbols only)"));
    let fr = sylvan_mystic_vale::words::leader_summary(of("guilduin"), false, sylvan_engine::Lang::Fr);
    assert!(fr.ends_with("(provisoire : aucune capacité, symboles seulement)"), "{fr}");
    assert!(!en("guilduin", true).contains("provisional"), "the upgraded side has its text");
    assert!(!en("cyrilla", false).contains("provisional"));
    let listing = sylvan_mystic_vale::words::card_listing(&db, None, sylvan_engine::Locale::En);
    assert!(listing.contains("  Taeda (wild), upgraded side: neither side is described"), "{listing}");
    assert!(listing.contains("  Hempero (wild), starting side: the starting side is not described"), "{listing}");
    assert!(
        !sylvan_mystic_vale::words::card_listing(&db, Some("rulebook"), sylvan_engine::Locale::En)
            .contains("symbols only")
    );
}

#[test]
fn a_leader_card_must_be_blank_in_a_setup() {
    let p = with_leader(player(&[], &[], Some(0), &[1]), "nobody");
    let setup = Setup { players: vec![p, quiet()], ..Setup::default() };
    let e = MysticVale::from_setup(&wild(), &setup, 1).err().unwrap_or_else(|| panic!("accepted"));
    assert!(e.message.contains("nobody"), "{e}");
}

// ---------------------------------------------------------------- setups the rules forbid (issue 13)

fn rejected(setup: &Setup, needle: &str) {
    let e = MysticVale::from_setup(&wild(), setup, 1).err().unwrap_or_else(|| panic!("accepted: {setup:?}"));
    assert!(e.to_string().contains(needle), "{e}");
}

#[test]
fn issue_13_five_vales_in_a_row() {
    let row: Vec<String> = ["azure-lake"; 5].iter().map(|s| s.to_string()).collect();
    rejected(&Setup { vales: Some([row, Vec::new()]), ..Setup::default() }, "at most 4");
}

#[test]
fn issue_13_level_two_vale_in_the_level_one_row() {
    rejected(&Setup { vales: Some([vec!["pool-of-light".into()], Vec::new()]), ..Setup::default() }, "level-1 vale");
}

#[test]
fn issue_13_cursed_land_in_the_commons() {
    rejected(&Setup { commons: Some([vec![CL.into()], Vec::new(), Vec::new()]), ..Setup::default() }, "starting card");
}

#[test]
fn issue_13_empty_pool() {
    rejected(&Setup { pool: Some(0), ..Setup::default() }, "pool");
}

#[test]
fn issue_13_vp_that_would_overflow() {
    let mut p = player(&[], &[], Some(0), &(1..20).collect::<Vec<u8>>());
    p.vp = 65_535;
    rejected(&Setup { players: vec![p, quiet()], ..Setup::default() }, "overflow");
}

#[test]
fn issue_13_unknown_fields_in_a_setup_are_refused() {
    for text in [r#"{"start": 0, "colour": 1}"#, r#"{"players": [{"cards": [], "hand": []}]}"#] {
        assert!(serde_json::from_str::<Setup>(text).is_err(), "{text}");
    }
    assert!(serde_json::from_str::<Options>(r#"{"players": 2, "colour": 1}"#).is_err());
}

/// Three explicit players, p0 to move.
fn three(p0: SetupPlayer, p1: SetupPlayer, p2: SetupPlayer) -> MysticVale {
    let setup = Setup { start: 0, players: vec![p0, p1, p2], ..Setup::default() };
    MysticVale::from_setup(&Options { players: 3, ..wild() }, &setup, 7).unwrap_or_else(|e| panic!("setup: {e}"))
}

fn upgraded(mut p: SetupPlayer) -> SetupPlayer {
    p.leader_upgraded = true;
    p
}

#[test]
fn gingan_upgraded_lets_the_left_then_the_right_neighbour_discard_their_on_deck_card() {
    // EN:1631-1635: the player to the left (next seat) decides, then the player to the right; each
    // discard gives the owner 1 VP from the box, not the pool (MV55).
    let p0 = upgraded(with_leader(player(&[], &[19], Some(0), &[1]), "gingan"));
    let p1 = player(&[&[CL]], &[], Some(0), &[1, 2]);
    let p2 = player(&[], &[], Some(5), &[6, 7]);
    let mut g = three(p0, p1, p2);
    let pool = g.pool;
    act(&mut g, "pass");
    assert_eq!(g.phase, Phase::NeighbourDiscard { seat: 1, next: Some(2) });
    assert_eq!(g.to_move(), Some(Seat(1)), "the left neighbour decides");
    assert_eq!(g.current, 0, "during p0's turn");
    assert_eq!(legal(&g), ["decline", "discard c0"]);
    let view = g.view(Seat(1));
    let text = MysticVale::view_text(&view, sylvan_engine::Lang::En);
    assert!(text.contains("may discard the on-deck card c0"), "{text}");
    let fr = MysticVale::view_text(&view, sylvan_engine::Lang::Fr);
    assert!(fr.contains("peut défausser sa carte on-deck c0"), "{fr}");
    assert!(MysticVale::describe_action(&view, "discard c0".parse().unwrap_or(Action::Done)).contains("1 VP"));
    act(&mut g, "discard c0");
    assert!(g.players[1].discard.contains(&0));
    assert_eq!(g.players[1].on_deck, Some(1), "a new on-deck card");
    assert_eq!(g.to_move(), Some(Seat(2)), "then the right neighbour");
    assert_eq!(legal(&g), ["decline", "discard c5"]);
    act(&mut g, "decline");
    assert_eq!(g.players[2].on_deck, Some(5));
    assert_eq!((g.phase, g.to_move()), (Phase::Harvest, Some(Seat(0))));
    assert_eq!(g.players[0].vp, 1, "one discard, 1 VP from the box, at once");
    act(&mut g, "done");
    assert_eq!(g.players[0].vp, 1);
    assert_eq!(g.pool, pool, "the pool is untouched");
}

#[test]
fn gingan_upgraded_asks_the_single_opponent_once_and_skips_a_seat_without_on_deck_card() {
    // EN:1637: with two players the effect does not repeat.
    let p0 = upgraded(with_leader(player(&[], &[19], Some(0), &[1]), "gingan"));
    let mut g = two(p0, player(&[], &[], Some(3), &[4]));
    act(&mut g, "pass");
    assert_eq!(g.phase, Phase::NeighbourDiscard { seat: 1, next: None });
    act(&mut g, "discard c3");
    assert_eq!((g.phase, g.players[0].vp), (Phase::Harvest, 1));
    // A neighbour without an on-deck card is not asked.
    let p0 = upgraded(with_leader(player(&[], &[19], Some(0), &[1]), "gingan"));
    let p1 = player(&[], &[], None, &[]);
    let p2 = player(&[], &[], Some(5), &[6]);
    let mut g = three(p0, p1, p2);
    act(&mut g, "pass");
    assert_eq!(g.phase, Phase::NeighbourDiscard { seat: 2, next: None });
    // The upgraded side counts from the next harvest (EN:854): the starting side this turn.
    let p0 = with_leader(player(&[], &[19], Some(0), &[1]), "gingan");
    let mut g = two(p0, player(&[], &[], Some(3), &[4]));
    g.turn.mana_total = 10;
    act(&mut g, "pass");
    assert_eq!(g.phase, Phase::Harvest, "starting side: no neighbour asked");
}

#[test]
fn gingan_upgraded_neighbour_who_reveals_too_much_decay_spoils_as_its_planting_begins() {
    // EN:699: no Spoil outside the Planting and Prep Phases; EN:448: 4 or more decay showing at any time in
    // the Planting Phase spoil, so as it begins (MV55).
    let p0 = upgraded(with_leader(player(&[], &[19], Some(0), &[1, 2, 3, 4, 5, 6]), "gingan"));
    let p1 = player(&[&[CL], &[CL], &[CL], &[], &[CL]], &[0, 1, 2], Some(3), &[4, 5, 6]);
    let mut g = two(p0, p1);
    act(&mut g, "pass");
    act(&mut g, "discard c3");
    assert_eq!(g.players[1].on_deck, Some(4), "4 decay show, no Spoil in p0's Harvest");
    assert!(!g.players[1].token_active);
    act(&mut g, "done");
    // p0 finishes its turn (Discard and Prep Phases); p1's turn begins with a Spoil, before any decision
    // of p1's: its harvest is skipped, its field discarded, its token turned active.
    let mut guard = 0;
    while !g.players[1].token_active && guard < 20 {
        assert_eq!(g.to_move(), Some(Seat(0)), "p1 never decides in that Planting Phase");
        let mut l = Vec::new();
        g.legal_actions(&mut l);
        let a = if l.contains(&Action::Decline) { Action::Decline } else { l[0] };
        g.apply_unchecked(a, &mut sylvan_engine::NoEvents);
        guard += 1;
    }
    assert!(g.players[1].token_active, "spoiled as the Planting Phase began");
    assert!(g.players[1].discard.contains(&4) || !g.players[1].field.contains(&0), "p1's field was discarded");
    assert!(!g.players[1].fx.neighbours_discard.revealed_outside);
}

#[test]
fn cyrilla_upgraded_adds_a_neighbours_ability_to_the_chosen_card() {
    // EN:1600-1606: Totem Chief on an otherwise blank card, the player to the right has Pack Leader in
    // the field: card 1 has 2 guardians, Totem Chief's and Pack Leader's abilities: 2 forest and 2 animal.
    let p0 = upgraded(with_leader(player(&[&["totem-chief"]], &[0, 19], Some(1), &[2]), "cyrilla"));
    let p1 = player(&[], &[4], Some(0), &[1, 2]);
    let p2 = player(&[&[], &["pack-leader"]], &[1], Some(0), &[2, 3]);
    let mut g = three(p0, p1, p2);
    act(&mut g, "pass");
    assert_eq!(g.spirits_left(), [0, 1, 0, 0], "Totem Chief: 1 guardian, 1 forest");
    act(&mut g, "ability c0");
    assert_eq!(g.spirits_left(), [0, 2, 0, 0], "+1 guardian: 2 forest");
    let offered = legal(&g);
    assert!(offered.contains(&"ability p2 c1 middle".to_string()), "the right neighbour's Pack Leader: {offered:?}");
    assert!(offered.contains(&"decline".to_string()));
    assert!(!offered.iter().any(|a| a.starts_with("ability p0 c0")), "a different second card");
    assert!(!offered.iter().any(|a| a.starts_with("buy") || a == "done"), "the choice comes first");
    let mut declined = g.clone();
    act(&mut g, "ability p2 c1 middle");
    assert_eq!(g.spirits_left(), [2, 2, 0, 0], "2 forest and 2 animal");
    assert!(!legal(&g).iter().any(|a| a.starts_with("ability")), "once a turn");
    act(&mut declined, "decline");
    assert_eq!(declined.spirits_left(), [0, 2, 0, 0], "the guardian alone");
    // Only the guardian when nothing can be copied (as the starting side).
    let p0 = upgraded(with_leader(player(&[&["totem-chief"]], &[0, 19], Some(1), &[2]), "cyrilla"));
    let mut g = two(p0, player(&[], &[], Some(3), &[4]));
    act(&mut g, "pass");
    act(&mut g, "ability c0");
    assert_eq!(g.turn.ability_open, None, "no second choice without another ability");
}

#[test]
fn dione_after_gingan_counts_the_on_deck_card_the_neighbour_revealed() {
    // EN:1631-1635 (GinGan upgraded: a neighbour discards its on-deck card and reveals a new one), then
    // EN:1614-1621 (Dione upgraded: both neighbours' on-deck cards as if in the field, MV23): Dione's
    // harvest reads the card revealed, not the one discarded.
    let p0 = upgraded(with_leader(player(&[], &[19], Some(0), &[1, 2, 3]), "gingan"));
    let p1 = upgraded(with_leader(player(&[], &[19], Some(0), &(1..19).collect::<Vec<u8>>()), "dione"));
    let p2 = player(&[&[], &[CL, CL, CL]], &[], Some(0), &[1, 2, 3]);
    let mut g = three(p0, p1, p2);
    act(&mut g, "pass");
    assert_eq!(g.phase, Phase::NeighbourDiscard { seat: 1, next: Some(2) });
    act(&mut g, "decline");
    act(&mut g, "discard c0");
    assert_eq!(g.players[2].on_deck, Some(1), "p2 revealed its Cursed Lands card");
    act(&mut g, "done");
    while g.current == 0 {
        let l = legal(&g);
        act(&mut g, &l[0]);
    }
    assert_eq!(g.current, 1);
    act(&mut g, "pass");
    assert_eq!(g.phase, Phase::Harvest);
    assert_eq!(g.turn.mana_total, 3, "the revealed card's 3 Cursed Lands count for Dione");
}
