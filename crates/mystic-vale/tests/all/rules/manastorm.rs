//! Mana Storm: one test per ability, from explicit setups, the clarifications' examples first. Values
//! marked provisional in `data/manastorm.toml` are used as data (MV60).

use sylvan_engine::Game;
use sylvan_mystic_vale::scoring::card_points;
use sylvan_mystic_vale::{MysticVale, Options, Phase, Setup, SetupPlayer};

use crate::common::*;

fn storm() -> Options {
    Options { sets: "base,magic,wild,manastorm".into(), ..Options::default() }
}

fn storm_game(p0: SetupPlayer) -> MysticVale {
    game_with(&storm(), p0, None, None)
}

fn owns(mut p: SetupPlayer, vales: &[&str]) -> SetupPlayer {
    p.vales = vales.iter().map(|s| s.to_string()).collect();
    p
}

fn with_leader(mut p: SetupPlayer, key: &str, upgraded: bool) -> SetupPlayer {
    p.leader = Some(key.into());
    p.leader_upgraded = upgraded;
    p
}

/// Field: three Cursed Lands (3 decay), a blank on-deck, then `spoiler` on top of the deck.
fn spoiling(spoiler: &[&str]) -> SetupPlayer {
    player(&[&[CL], &[CL], &[CL], &[], spoiler, &[CL], &[CL], &[CL]], &[0, 1, 2], Some(3), &[4, 5, 6, 7, 8, 9])
}

fn adv_id(g: &MysticVale, key: &str) -> u8 {
    g.db.advancements.iter().position(|a| a.key == key).unwrap_or_else(|| panic!("no advancement {key}")) as u8
}

#[test]
fn mana_storm_cards_follow_the_card_list_after_the_other_sets() {
    // EN:2026-2082: 48 advancements (7 + 5 + 4 titles x 3), 18 vales, 8 leaders.
    let three =
        Options { sets: "base,magic,wild".into(), ..Options::default() }.validate().unwrap_or_else(|e| panic!("{e}"));
    let all = storm().validate().unwrap_or_else(|e| panic!("{e}"));
    for (a, b) in three.advancements.iter().zip(&all.advancements) {
        assert_eq!(a.key, b.key, "ids never shift");
    }
    for (a, b) in three.vales.iter().zip(&all.vales) {
        assert_eq!(a.key, b.key, "vale ids never shift");
    }
    let ms = |s: &str| s == "manastorm";
    let advs: Vec<u32> = (1..=3)
        .map(|l| all.advancements.iter().filter(|a| ms(&a.set) && a.level == l).map(|a| u32::from(a.copies)).sum())
        .collect();
    assert_eq!(advs, vec![21, 15, 12]);
    let vales: Vec<u32> = (1..=2)
        .map(|l| all.vales.iter().filter(|v| ms(&v.set) && v.level == l).map(|v| u32::from(v.copies)).sum())
        .collect();
    assert_eq!(vales, vec![10, 8]);
    assert_eq!(all.leaders.iter().filter(|l| ms(&l.set)).count(), 8);
    assert_eq!(all.leaders.len(), 16);
}

#[test]
fn magic_mushroom_turns_a_used_token_active() {
    // EN:1071-1077.
    let mut g = storm_game(player(&[&[], &["magic-mushroom"]], &[0], Some(1), &[2]));
    assert!(!g.players[0].token_active);
    act(&mut g, "push");
    assert!(g.players[0].token_active);
}

#[test]
fn argent_owl_stays_as_the_leftmost_card_after_a_spoil() {
    // EN:868-874: in the field when you Spoil, its card is not discarded and opens the next field.
    let p = player(&[&[CL], &[CL], &["argent-owl"], &[CL], &[CL]], &[0, 1, 2], Some(3), &[4, 5, 6]);
    let mut g = storm_game(p);
    act(&mut g, "push");
    assert!(g.players[0].token_active, "a spoil");
    assert_eq!(&g.players[0].field[..1], &[2], "the owl's card is the leftmost of the next field");
    assert!(!g.players[0].discard.contains(&2));
}

#[test]
fn argent_owl_does_nothing_without_a_spoil() {
    let given: &[&[&str]] = &[&[], &["argent-owl"], &[], &[CL], &[CL], &[CL]];
    let mut g = storm_game(player(given, &[0, 1], Some(2), &[3, 4, 5, 6, 7]));
    act(&mut g, "pass");
    act(&mut g, "done");
    assert!(g.players[0].discard.contains(&1), "discarded as usual");
}

#[test]
fn moss_troll_gives_vp_per_guardian_and_leaves_the_on_deck_spot() {
    // EN:1101-1107: its card on-deck makes you Spoil: 2 VP per counted symbol on it (1 guardian), then the
    // card goes to the discard pile and a new on-deck card is revealed; the Spoil goes on.
    let mut g = storm_game(spoiling(&["moss-troll"]));
    let pool = g.pool;
    act(&mut g, "push");
    assert_eq!(g.players[0].vp, 2);
    assert_eq!(g.pool, pool - 2);
    assert!(g.players[0].token_active, "the spoil is normal");
    assert!(g.players[0].discard.contains(&4) || g.players[0].field.contains(&4) || g.players[0].deck.contains(&4));
    assert_ne!(g.players[0].on_deck, Some(4), "a new on-deck card");
}

#[test]
fn dawnfire_dragon_counts_covered_level_3_eclipse_advancements() {
    // EN:943-949: +1 VP per level-3 advancement owned, itself and a covered eclipse one included; the covered
    // one's own end VP do not count (EN:783).
    let g = storm_game(player(&[&["dawnfire-dragon"], &["nightvale-custodians", "moss-troll"]], &[0], Some(1), &[2]));
    let p = &g.players[0];
    assert_ne!(p.cards[1].covered, [sylvan_mystic_vale::state::EMPTY; 3], "the custodians are covered");
    let dragon = i32::from(g.db.adv(adv_id(&g, "dawnfire-dragon")).symbols.vp_end);
    let troll = i32::from(g.db.adv(adv_id(&g, "moss-troll")).symbols.vp_end);
    assert_eq!(card_points(&g.db, &p.cards, None), dragon + troll + 2);
}

#[test]
fn gaias_kin_scores_by_totally_blank_cards() {
    // EN:993-1008: 3-4 blank cards give 3.
    let mut given: Vec<&[&str]> = vec![&["gaias-kin"]];
    given.extend(std::iter::repeat_n(&[CL][..], 15));
    let g = storm_game(player(&given, &[0], Some(1), &[2]));
    let kin = i32::from(g.db.adv(adv_id(&g, "gaias-kin")).symbols.vp_end);
    assert_eq!(card_points(&g.db, &g.players[0].cards, None), kin + 3, "4 blanks");
    let g = storm_game(player(&[&["gaias-kin"]], &[0], Some(1), &[2]));
    assert_eq!(card_points(&g.db, &g.players[0].cards, None), kin + 13, "19 blanks");
}

#[test]
fn ent_guard_adds_one_per_level_1_advancement_on_its_card() {
    // EN:969-975: Fertile Soil counts as level 1.
    let g = storm_game(player(&[&["ent-guard", FS, "magic-mushroom"], &["ent-guard"]], &[0, 1], Some(2), &[3]));
    let base = |c: usize| g.players[0].cards[c].advs().map(|a| g.db.adv(a).symbols.guardian).sum::<u8>();
    assert_eq!(g.players[0].stats[0].guardians, base(0) + 2);
    assert_eq!(g.players[0].stats[1].guardians, base(1));
}

#[test]
fn pridelord_scores_the_guardians_on_its_card() {
    // EN:1823 (count provisional, MV60).
    let g = storm_game(player(&[&["pridelord"]], &[0], Some(1), &[2]));
    let x = g.db.adv(adv_id(&g, "pridelord"));
    let expect = i32::from(x.symbols.vp_end) + i32::from(x.symbols.guardian);
    assert_eq!(card_points(&g.db, &g.players[0].cards, None), expect);
}

#[test]
fn gaias_tears_scores_minus_three_plus_one_per_vale() {
    // EN:1357-1363: 6 vales net +3.
    let p = owns(
        quiet(),
        &["gaias-tears", "hallowed-ground", "howling-peak", "split-rock", "sunshard-beacon", "silver-tree"],
    );
    let g = storm_game(p);
    let vale_vp: i32 = g.players[0].vales.iter().map(|&v| i32::from(g.db.vale(v).vp)).sum();
    assert_eq!(g.score(0) - card_points(&g.db, &g.players[0].cards, None), vale_vp + 6);
    assert_eq!(vale_vp + 6 - (vale_vp + 3), 3);
}

#[test]
fn medusa_grotto_doubles_the_advancements_end_vp() {
    // EN:1401-1411: advancements' end VP (printed and text) twice; the vale itself is worth -14.
    let p = owns(player(&[&["dawnfire-dragon"], &["ley-line-augur"]], &[0], Some(1), &[2]), &["medusa-grotto"]);
    let g = storm_game(p);
    let advs = card_points(&g.db, &g.players[0].cards, None);
    assert!(advs > 0);
    assert_eq!(g.score(0), 2 * advs - 14);
}

#[test]
fn sunweaver_copse_puts_six_vp_into_the_pool() {
    // EN:1499-1505.
    let given: &[&[&str]] = &[&["pridelord"], &["nightvale-emissary"], &["ent-guard"], &["magic-mushroom"]];
    let p = player(given, &[0, 1, 2, 3], Some(4), &[5]);
    let mut g = game_with(&storm(), p, None, vales(&[], &["sunweaver-copse"]));
    act(&mut g, "pass");
    let pool = g.pool;
    act(&mut g, "vale 2.1");
    assert_eq!(g.pool, pool + 6);
}

#[test]
fn crystal_cavern_gives_three_mana_and_goes_on_top_of_the_level_1_vale_deck() {
    // EN:1301-1311.
    let mut g = storm_game(owns(player(&[&[]], &[0], Some(1), &[2]), &["crystal-cavern"]));
    // The explicit setup deals the vales as if nobody owned one: the single copy is the one owned.
    let cc = g.players[0].vales[0];
    g.vale_decks[0].retain(|&x| x != cc);
    for x in g.vale_row.iter_mut().flatten().filter(|x| **x == cc) {
        *x = g.vale_decks[0].pop().unwrap_or(u8::MAX);
    }
    act(&mut g, "pass");
    let mana = g.mana_left();
    let v = g.players[0].vales[0];
    act(&mut g, &format!("use v{v}"));
    assert_eq!(g.mana_left(), mana + 3);
    assert!(g.players[0].vales.is_empty());
    assert_eq!(g.vale_decks[0].last(), Some(&v), "face down on top of the level-1 vale deck");
    // Every seat saw it go there: it stays the known top card through determinization (MV66).
    for seat in 0..2 {
        let view = g.view(sylvan_engine::Seat(seat));
        assert_eq!(view.vale_top, Some(v));
        for seed in 0..10 {
            let d = MysticVale::determinize(&view, &mut sylvan_engine::GameRng::new(seed));
            assert_eq!(d.vale_decks[0].last(), Some(&v), "seat {seat}, seed {seed}");
            assert_eq!(d.vale_decks[0].len(), g.vale_decks[0].len());
            assert_eq!(d.view(sylvan_engine::Seat(seat)), view);
        }
    }
    // The terminal shows it in both languages, to every seat.
    let view = g.view(sylvan_engine::Seat(1));
    let en = MysticVale::view_text(&view, sylvan_engine::Lang::En);
    assert!(en.contains("top of the deck (every seat saw it go there): Crystal Cavern"), "{en}");
    let fr = MysticVale::view_text(&view, sylvan_engine::Lang::Fr);
    assert!(fr.contains("dessus de la pioche (vue de tous quand elle y a été posée) : Crystal Cavern"), "{fr}");
    // Once drawn it is no longer the deck's known top.
    let mut h = g.clone();
    h.vale_decks[0].pop();
    assert_eq!(h.view(sylvan_engine::Seat(1)).vale_top, None);
    assert!(
        !MysticVale::view_text(&h.view(sylvan_engine::Seat(1)), sylvan_engine::Lang::En).contains("top of the deck")
    );
}

#[test]
fn frostcrown_crest_and_sundial_savanna_give_mana_when_the_token_is_evoked() {
    // EN:1347-1355, 1482-1489: in the Harvest Phase, at once.
    let mut p = owns(player(&[&[]], &[0], Some(1), &[2]), &["frostcrown-crest", "sundial-savanna"]);
    p.token_active = true;
    let mut g = storm_game(p);
    act(&mut g, "pass");
    let mana = g.mana_left();
    act(&mut g, "token");
    assert_eq!(g.mana_left(), mana + 1 + 2 + 1);
}

// ---------------------------------------------------------------- leaders

#[test]
fn algeni_discards_a_spoiling_on_deck_card() {
    // EN:1560-1568: as Peacekeeper Druid.
    let mut p = spoiling(&[CL]);
    p.field = vec![0, 1, 2, 19];
    p.discard.retain(|&c| c != 19);
    let mut g = storm_game(with_leader(p, "algeni", false));
    act(&mut g, "push");
    assert_eq!(legal(&g), ["spoil", "use c19 leader"], "Algeni's side, on card 19");
}

#[test]
fn algeni_upgraded_gains_box_vp_per_blank_card_in_the_field_when_played() {
    // EN:1570-1578: counted when played, from the box.
    let p = with_leader(player(&[&[CL]], &[0, 5, 6], Some(19), &[1, 2]), "algeni", true);
    let mut g = storm_game(p);
    let pool = g.pool;
    act(&mut g, "push");
    assert_eq!(g.players[0].vp, 2, "two blank cards in the field (the leader's card is not blank)");
    assert_eq!(g.pool, pool);
}

#[test]
fn morlok_upgraded_gains_mana_per_blank_field_card() {
    // EN:1670-1676.
    let p = with_leader(player(&[&[CL]], &[0, 5, 6, 19], Some(1), &[2]), "morlok", true);
    let mut g = storm_game(p);
    act(&mut g, "pass");
    let leader = g.db.leaders.iter().find(|l| l.key == "morlok").map_or(0, |l| l.sides[1].symbols.mana);
    let cl = g.db.adv(g.db.cursed_land).symbols.mana;
    assert_eq!(g.mana_left(), cl + leader + 2);
}

#[test]
fn kirath_upgraded_spoil_gives_three_vp_and_an_extra_turn() {
    // EN:1661-1668.
    let mut p = spoiling(&[]);
    p.deck = vec![19, 5, 6];
    p.discard = (0..20).filter(|c| ![0, 1, 2, 3, 19, 5, 6].contains(c)).collect();
    p.cards[3] = vec![CL.to_string()];
    let mut g = storm_game(with_leader(p, "kirath", true));
    act(&mut g, "push");
    assert_eq!(g.players[0].vp, 3);
    assert_eq!(g.current, 0, "an extra turn");
}

#[test]
fn xanos_turns_back_after_a_completed_harvest_and_costs_forty_when_upgraded() {
    // EN:1718-1730.
    let p = with_leader(player(&[&[]], &[0, 19], Some(1), &[2]), "xanos", true);
    let mut g = storm_game(p);
    let up = g.score(0);
    act(&mut g, "pass");
    act(&mut g, "done");
    assert!(g.players[0].leader.is_some_and(|l| !l.upgraded));
    assert_eq!(g.score(0) - up, 40, "-40 only while upgraded");
}

#[test]
fn yaquei_gains_per_card_below_seven_and_upgraded_fills_to_nine() {
    // EN:1732-1739: 4 cards in the field: 3 more mana.
    let p = with_leader(player(&[&[]], &[0, 1, 2, 19], Some(3), &[4, 5, 6, 7, 8, 9, 10, 11]), "yaquei", false);
    let mut g = storm_game(p);
    act(&mut g, "pass");
    assert_eq!(g.mana_left(), 3);
    // EN:1741-1755: upgraded, the field is filled to 9 from the deck.
    let p = with_leader(player(&[&[]], &[0, 1, 2, 19], Some(3), &[4, 5, 6, 7, 8, 9, 10, 11]), "yaquei", true);
    let mut g = storm_game(p);
    act(&mut g, "pass");
    // Rules revision 8 (MV91): the player resolves the fill.
    act(&mut g, "use c19 leader");
    assert_eq!(g.players[0].field.len(), 9);
    // EN:1741: "in addition to the effect from its starting side": 3 mana, counted before the fill (MV65).
    assert_eq!(g.mana_left(), 3, "the starting side's gain, from the field of 4 before the fill");
    // A field of 8: 0 below 7 before the fill, nothing gained; the fill adds one card.
    let p = with_leader(player(&[&[]], &[0, 1, 2, 4, 5, 6, 7, 19], Some(3), &[8, 9, 10]), "yaquei", true);
    let mut g = storm_game(p);
    act(&mut g, "pass");
    act(&mut g, "use c19 leader");
    assert_eq!((g.players[0].field.len(), g.mana_left()), (9, 0));
}

#[test]
fn glorus_upgraded_scores_three_plus_vale_cost_symbols() {
    // EN:1639-1645 (kind provisional: forest, any counting too).
    let p = owns(with_leader(player(&[&[]], &[0], Some(1), &[2]), "glorus", true), &["sunshard-beacon", "split-rock"]);
    let g = storm_game(p);
    let vale_vp: i32 = g.players[0].vales.iter().map(|&v| i32::from(g.db.vale(v).vp)).sum();
    // Sunshard Beacon costs 2 forest, Split Rock 1 animal + 1 any.
    assert_eq!(g.score(0), vale_vp + 3 + 2 + 1);
    let _ = Phase::Harvest;
    let _ = Setup::default();
}

// ---------------------------------------------------------------- amulets

fn with_amulet(mut p: SetupPlayer, key: &str, active: bool) -> SetupPlayer {
    p.amulet = Some(key.into());
    p.token_active = active;
    p
}

fn amulet_game(p0: SetupPlayer) -> MysticVale {
    storm_game(p0)
}

#[test]
fn an_amulet_replaces_the_token_and_a_spoil_turns_it_active() {
    // EN:804, 822-826: it starts used; a Spoil turns it active; with no plain `token` action.
    let mut g = amulet_game(with_amulet(spoiling(&[CL]), "moon-stone", false));
    act(&mut g, "push");
    assert!(g.players[0].token_active, "active after the spoil");
    let mut g = amulet_game(with_amulet(player(&[&[]], &[0], Some(1), &[2]), "moon-stone", true));
    act(&mut g, "pass");
    let l = legal(&g);
    assert!(!l.contains(&"token".to_string()) && l.contains(&"evoke".to_string()), "{l:?}");
    let mana = g.mana_left();
    act(&mut g, "evoke");
    assert_eq!(g.mana_left(), mana + 1);
    assert!(!g.players[0].token_active, "evoked: its used side");
    assert!(!legal(&g).contains(&"evoke".to_string()), "once");
}

#[test]
fn an_active_amulet_stays_active_on_a_spoil_with_no_other_reward() {
    // EN:826.
    let mut g = amulet_game(with_amulet(spoiling(&[CL]), "twilight-shard", true));
    act(&mut g, "push");
    assert!(g.players[0].token_active);
    assert_eq!(g.players[0].vp, 0);
}

#[test]
fn magic_mushroom_turns_a_used_amulet_active() {
    // EN:1077: amulets count as the token.
    let mut g = amulet_game(with_amulet(player(&[&[], &["magic-mushroom"]], &[0], Some(1), &[2]), "moon-stone", false));
    act(&mut g, "push");
    assert!(g.players[0].token_active);
}

#[test]
fn rootwood_charm_gives_growth_instead_of_spoiling() {
    // EN:1783-1789.
    let mut g = amulet_game(with_amulet(spoiling(&[CL]), "rootwood-charm", true));
    act(&mut g, "push");
    assert!(matches!(g.phase, Phase::SpoilPrompt { .. }), "{:?}", g.phase);
    act(&mut g, "evoke");
    assert_eq!(g.phase, Phase::Planting, "the growth stops the spoil");
    assert!(!g.players[0].token_active);
}

#[test]
fn deepriver_crystal_puts_a_field_card_under_the_deck_also_after_a_spoil() {
    // EN:1775-1781: Harvest or Discard Phase, so also after a Spoil.
    let mut g = amulet_game(with_amulet(spoiling(&[CL]), "deepriver-crystal", true));
    act(&mut g, "push");
    assert_eq!(g.phase, Phase::DiscardEvoke);
    act(&mut g, "evoke c1");
    assert!(g.players[0].deck.contains(&1) || g.players[0].field.contains(&1) || g.players[0].on_deck == Some(1));
    assert!(!g.players[0].discard.contains(&1));
}

#[test]
fn summoner_stone_brings_the_bottom_card_of_the_deck_into_the_field() {
    // EN:1791-1803.
    let mut g = amulet_game(with_amulet(
        player(&[&[], &[], &[], &["podlings"]], &[0], Some(1), &[2, 3]),
        "summoner-stone",
        true,
    ));
    act(&mut g, "pass");
    act(&mut g, "evoke");
    assert_eq!(g.players[0].field.last(), Some(&3), "the bottom card joins the right end");
}

#[test]
fn darksoul_ember_sleeves_a_purchase_now_and_its_used_side_forbids_passing_before_a_push() {
    // EN:1759-1773.
    let mut g = amulet_game(with_amulet(player(&[&[], &[]], &[0], Some(1), &[2]), "darksoul-ember", false));
    assert!(!legal(&g).contains(&"pass".to_string()), "used side: push first");
    act(&mut g, "push");
    assert!(legal(&g).contains(&"pass".to_string()));
    let p = with_amulet(player(&[&[FS], &[FS]], &[0, 1], Some(2), &[3]), "darksoul-ember", true);
    let mut g = game_with(&storm(), p, commons(&["frostbane"], &[], &[]), None);
    act(&mut g, "pass");
    g.turn.mana_spent = 0;
    let before = g.mana_left();
    assert!(before >= 2, "two Fertile Soils");
    act(&mut g, "buy 1.1");
    act(&mut g, "evoke c0");
    let frost = adv_id(&g, "frostbane");
    assert!(g.players[0].cards[0].advs().any(|a| a == frost), "sleeved at once");
    assert!(g.turn.bought.is_empty());
}

#[test]
fn darksoul_ember_sleeves_the_purchase_the_player_chooses() {
    // EN:1761: "take one advancement you've bought this Harvest Phase": any of them (MV62).
    let p = with_amulet(player(&[&[FS], &[FS], &[FS]], &[0, 1, 2], Some(3), &[4]), "darksoul-ember", true);
    let mut g = game_with(&storm(), p, commons(&["frostbane", "seedling"], &[], &[]), None);
    act(&mut g, "pass");
    g.turn.mana_spent = 0;
    g.turn.mana_total = 20;
    act(&mut g, "buy 1.1");
    act(&mut g, "buy 1.2");
    let (first, second) = (g.turn.bought[0].adv, g.turn.bought[1].adv);
    assert_ne!(first, second);
    let offered = legal(&g);
    assert!(offered.contains(&"evoke c0".to_string()), "the first purchase: {offered:?}");
    assert!(offered.contains(&"evoke c0 purchase 2".to_string()), "the second one: {offered:?}");
    assert!(!offered.iter().any(|a| a.ends_with("purchase 1")), "the first is `evoke cN`");
    act(&mut g, "evoke c1 purchase 2");
    assert!(g.players[0].cards[1].advs().any(|a| a == second), "the second purchase is sleeved on c1");
    assert_eq!(g.turn.bought.iter().map(|b| b.adv).collect::<Vec<_>>(), vec![first], "the first still waits");
    assert!(!legal(&g).iter().any(|a| a.starts_with("evoke")), "once a turn");
}

#[test]
fn twilight_shard_gains_then_lands_on_a_random_side() {
    // EN:1805-1813: not usable again this turn whatever side lands up.
    let mut sides = [0; 2];
    for seed in 0..20 {
        let p = with_amulet(player(&[&[]], &[0], Some(1), &[2]), "twilight-shard", true);
        let setup = Setup { start: 0, players: vec![p, quiet()], ..Setup::default() };
        let mut g = MysticVale::from_setup(&storm(), &setup, seed).unwrap_or_else(|e| panic!("{e}"));
        act(&mut g, "pass");
        act(&mut g, "evoke");
        sides[usize::from(g.players[0].token_active)] += 1;
        assert!(!legal(&g).contains(&"evoke".to_string()));
    }
    assert!(sides[0] > 0 && sides[1] > 0, "{sides:?}");
}

#[test]
fn wildfire_ember_outside_the_harvest_gives_mana_next_harvest_lost_on_a_spoil() {
    // EN:1815-1823 with the deferred gain of EN:1355.
    let mut g = amulet_game(with_amulet(player(&[&[]], &[0], Some(1), &[2]), "wildfire-ember", true));
    act(&mut g, "evoke");
    assert_eq!(g.players[0].pending_mana, 1);
    act(&mut g, "pass");
    assert_eq!(g.mana_left(), 1);
    let mut g = amulet_game(with_amulet(spoiling(&[CL]), "wildfire-ember", true));
    act(&mut g, "evoke");
    act(&mut g, "push");
    assert_eq!(g.players[0].pending_mana, 0, "the skipped harvest's gain is lost");
}

#[test]
fn wildfire_ember_raises_what_moss_troll_counts_in_reaction() {
    // EN:1823: used before Moss Troll resolves, its 2 symbols count.
    let mut g = amulet_game(with_amulet(spoiling(&["moss-troll"]), "wildfire-ember", true));
    act(&mut g, "push");
    assert!(matches!(g.phase, Phase::SpoilPrompt { .. }));
    act(&mut g, "evoke c4");
    if matches!(g.phase, Phase::SpoilPrompt { .. }) {
        act(&mut g, "spoil");
    }
    assert_eq!(g.players[0].vp, 2 * 3, "1 printed + 2 guardians, 2 VP each");
}

#[test]
fn frostcrown_crest_gain_outside_the_harvest_waits_for_it() {
    // EN:1351-1355.
    let p = owns(with_amulet(player(&[&[]], &[0], Some(1), &[2]), "wildfire-ember", true), &["frostcrown-crest"]);
    let mut g = amulet_game(p);
    act(&mut g, "evoke");
    assert_eq!(g.players[0].pending_mana, 1 + 2);
}

#[test]
fn amulet_vp_score_at_the_end() {
    // EN:828-830: grey add, red subtract.
    let g = amulet_game(with_amulet(quiet(), "darksoul-ember", false));
    let vp = i32::from(g.db.amulets.iter().find(|a| a.key == "darksoul-ember").map_or(0, |a| a.vp));
    assert!(vp < 0);
    assert_eq!(g.score(0), card_points(&g.db, &g.players[0].cards, None) + vp);
}

// ---------------------------------------------------------------- the draft

#[test]
fn the_draft_takes_one_of_each_kind_in_snake_order_then_amulets_may_be_traded() {
    // EN:810-816: 1 + players of each on the table; seat order, then reverse order for the other kind.
    let o = Options { players: 3, edition: sylvan_mystic_vale::setup::Edition::Essential, ..Options::default() };
    let mut g = MysticVale::new(&o, 11).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.phase, Phase::Draft { first: true });
    let t = g.draft.clone().unwrap_or_default();
    assert_eq!((t.leaders.len(), t.amulets.len()), (4, 4));
    let s = g.start as usize;
    let order: Vec<usize> = vec![s, (s + 1) % 3, (s + 2) % 3, (s + 2) % 3, (s + 1) % 3, s];
    for (k, &seat) in order.iter().enumerate() {
        assert_eq!(g.current as usize, seat, "pick {k}");
        let l = legal(&g);
        if k < 3 {
            assert!(l.iter().any(|x| x.starts_with("take leader")) && l.iter().any(|x| x.starts_with("take amulet")));
            let a = if k == 0 { l.iter().find(|x| x.starts_with("take amulet")) } else { l.first() };
            act(&mut g, &a.cloned().unwrap_or_default());
        } else {
            let kinds: Vec<bool> = l.iter().map(|x| x.starts_with("take leader")).collect();
            assert!(kinds.iter().all(|&k| k) || kinds.iter().all(|&k| !k), "only the other kind: {l:?}");
            act(&mut g, &l[0]);
        }
    }
    assert!(g.players.iter().all(|p| p.leader.is_some() && p.amulet.is_some()));
    assert_eq!(g.phase, Phase::AmuletTrade);
    assert_eq!(legal(&g), vec!["decline", "trade"]);
    act(&mut g, "trade");
    assert_eq!(g.players[s].amulet, None, "a regular token instead");
    act(&mut g, "decline");
    act(&mut g, "decline");
    assert_eq!(g.phase, Phase::Planting);
    assert!(g.players.iter().all(|p| !p.token_active || p.amulet.is_none()), "amulets start used (EN:818)");
}

#[test]
fn no_options_play_the_base_game_and_the_edition_plays_every_set() {
    let base = MysticVale::new(&Options::default(), 3).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(base.db.set, "base");
    assert_eq!(base.phase, Phase::Planting);
    let all = Options { sets: "all".into(), ..Options::default() };
    let g = MysticVale::new(&all, 3).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.db.set, "base,magic,wild,manastorm");
    assert_eq!(g.phase, Phase::Draft { first: true });
    let bad = Options {
        sets: "base,manastorm".into(),
        leaders: sylvan_mystic_vale::setup::Leaders::Draft,
        ..Options::default()
    };
    assert!(bad.validate().is_err(), "the draft needs amulets=draft too");
}

#[test]
fn moss_troll_in_the_field_is_not_a_peacekeeper_druid() {
    // Its ability acts on-deck after a Spoil (EN:1101-1107), not as a way out of one.
    let mut p = spoiling(&[CL]);
    p.cards[0] = vec![CL.to_string(), "moss-troll".to_string()];
    let mut g = storm_game(p);
    act(&mut g, "push");
    assert!(card_uses(&g).is_empty(), "{:?}", legal(&g));
}

/// Field: 2 forest + 1 growth, 3 sky, 3 growth (4 growth in all, no decay).
fn garden_field() -> SetupPlayer {
    let given: &[&[&str]] =
        &[&["ent-elder", "field-of-flowers"], &["wayfinder", "hawk"], &["lifebloom-orchids", "druid-s-song"]];
    player(given, &[0, 1, 2], Some(3), &[4])
}

#[test]
fn sky_garden_may_trade_itself_for_2_vp_per_growth() {
    // EN:1456-1466: optional when bought; 2 VP per growth (4 growth: 8 VP, 10 at most), then out of the game.
    let mut g = game_with(&storm(), garden_field(), None, vales(&[], &["sky-garden"]));
    act(&mut g, "pass");
    let vp = g.players[0].vp;
    act(&mut g, "vale 2.1");
    assert_eq!(legal(&g), vec!["decline", "ability 1"], "the decision waits, nothing else");
    act(&mut g, "ability 1");
    assert_eq!(g.players[0].vp, vp + 8);
    assert!(g.players[0].vales.is_empty(), "resolved: out of the game");
    assert_eq!(g.removed_vales.len(), 1);
    assert!(legal(&g).contains(&"done".to_string()), "the Harvest goes on");
    // Declining keeps it, worth its end VP.
    let mut g = game_with(&storm(), garden_field(), None, vales(&[], &["sky-garden"]));
    act(&mut g, "pass");
    act(&mut g, "vale 2.1");
    act(&mut g, "decline");
    assert_eq!(g.players[0].vp, vp);
    assert_eq!(g.players[0].vales.len(), 1);
}

#[test]
fn halo_mountain_spends_more_spirits_for_2_vp_each() {
    // EN:1365-1377: bought with 4 animal; then up to 5 more spirits, 2 VP each, and out of the game.
    let given: &[&[&str]] = &[&["bear-totem"], &["bear-totem"], &["dreadcoil-cobra"], &["wayfinder", "hawk"]];
    let field = player(given, &[0, 1, 2, 3], Some(4), &[5]);
    let mut g = game_with(&storm(), field.clone(), None, vales(&[], &["halo-mountain"]));
    act(&mut g, "pass");
    let vp = g.players[0].vp;
    act(&mut g, "vale 2.1");
    // 6 animal and 3 sky: 2 animal and 3 sky are left.
    assert_eq!(g.spirits_left(), [2, 0, 3, 0]);
    // The player picks the kind (ruling MV70): only kinds left are offered.
    assert_eq!(legal(&g), vec!["decline", "ability animal", "ability sky"]);
    act(&mut g, "ability animal");
    assert_eq!(g.spirits_left(), [1, 0, 3, 0], "the kind chosen, not the one with the most left");
    act(&mut g, "ability sky");
    assert_eq!(g.spirits_left(), [1, 0, 2, 0]);
    assert_eq!(g.players[0].vp, vp + 4);
    act(&mut g, "decline");
    assert!(g.players[0].vales.is_empty(), "a spirit was spent: out of the game");
    assert_eq!(g.spirits_left().iter().sum::<u8>(), 3, "the rest stays to spend");
    // Five at most: the decision closes by itself.
    let mut g = game_with(&storm(), field.clone(), None, vales(&[], &["halo-mountain"]));
    act(&mut g, "pass");
    act(&mut g, "vale 2.1");
    for kind in ["animal", "animal", "sky", "sky", "sky"] {
        act(&mut g, &format!("ability {kind}"));
    }
    assert_eq!(g.spirits_left(), [0; 4]);
    assert_eq!(g.players[0].vp, vp + 10);
    assert_eq!(g.turn.fx.vale_choice.waiting, None);
    // Declining at once keeps it, worth its 4 VP.
    let mut g = game_with(&storm(), field, None, vales(&[], &["halo-mountain"]));
    act(&mut g, "pass");
    act(&mut g, "vale 2.1");
    act(&mut g, "decline");
    assert_eq!(g.players[0].vales.len(), 1);
    assert_eq!(g.players[0].vp, vp);
}

#[test]
fn magpie_shuffles_chosen_discards_into_the_deck() {
    // EN:1087-1093: any cards of the discard pile, shuffled into the deck; the on-deck card stays.
    let p = player(&[&["magpie"]], &[0], Some(1), &[2, 3]);
    let mut g = storm_game(p);
    act(&mut g, "pass");
    let discard: Vec<u8> = g.players[0].discard.to_vec();
    assert_eq!(discard.len(), 16);
    assert!(legal(&g).contains(&"ability c4".to_string()), "{:?}", legal(&g));
    act(&mut g, "ability c4");
    act(&mut g, "ability c9");
    assert_eq!(g.turn.ability_open, Some(0), "more may be chosen");
    act(&mut g, "decline");
    let p = &g.players[0];
    assert_eq!(p.on_deck, Some(1), "the on-deck card stays");
    let mut deck = p.deck.to_vec();
    deck.sort_unstable();
    assert_eq!(deck, vec![2, 3, 4, 9]);
    assert_eq!(p.discard.len(), 14);
    assert!(!p.discard.contains(&4) && !p.discard.contains(&9));
    // Used once a turn.
    assert!(!legal(&g).iter().any(|a| a.starts_with("ability")));
}
