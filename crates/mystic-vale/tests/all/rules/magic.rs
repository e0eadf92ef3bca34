//! Vale of Magic: one test per ability, from explicit setups (the clarifications' examples first).
//! Provisional readings (lost icons) are rulings MV40-MV46 in `docs/rulings/mystic-vale.md`.

use crate::common::*;
use sylvan_engine::{Game, Seat};
use sylvan_mystic_vale::{MysticVale, Options, Phase, Setup, SetupPlayer};

fn magic() -> Options {
    Options { sets: "base,magic".into(), ..Options::default() }
}

fn mgame(p0: SetupPlayer, commons: Option<[Vec<String>; 3]>, vales: Option<[Vec<String>; 2]>) -> MysticVale {
    game_with(&magic(), p0, commons, vales)
}

// ---------------------------------------------------------------- the set

#[test]
fn the_set_has_the_card_list_counts() {
    // EN:1928-1969: 18 / 21 / 15 advancements, 9 + 9 vales, ids after the base set's.
    let db = magic().validate().unwrap_or_else(|e| panic!("{e}"));
    let base = Options::default().validate().unwrap_or_else(|e| panic!("{e}"));
    for (a, b) in base.advancements.iter().zip(&db.advancements) {
        assert_eq!(a.key, b.key, "base ids never shift");
    }
    let copies = |lvl: u8| -> u32 {
        db.advancements.iter().filter(|a| a.set == "magic" && a.level == lvl).map(|a| u32::from(a.copies)).sum()
    };
    assert_eq!((copies(1), copies(2), copies(3)), (18, 21, 15));
    assert_eq!(db.advancements.iter().filter(|a| a.set == "magic").count(), 18);
    let vales = |lvl: u8| -> u32 {
        db.vales.iter().filter(|v| v.set == "magic" && v.level == lvl).map(|v| u32::from(v.copies)).sum()
    };
    assert_eq!((vales(1), vales(2)), (9, 9));
    assert_eq!(db.vales.iter().filter(|v| v.set == "magic").count(), 12);
    assert_eq!(db.set, "base,magic");
    assert_ne!(db.content_hash, base.content_hash);
}

#[test]
fn both_expansions_load_together() {
    let o = Options { sets: "base,magic,wild".into(), ..Options::default() };
    let db = o.validate().unwrap_or_else(|e| panic!("{e}"));
    assert!(db.advancements.iter().any(|a| a.key == "hatchery"));
}

// ---------------------------------------------------------------- advancements

#[test]
fn canopy_explorer_takes_the_cards_under_the_on_deck_card() {
    // EN:919: two counted symbols (guardians, MV41) take exactly the top two face-down cards, not the
    // on-deck card; EN:921: 4 decay in the field then does not spoil.
    let cl: &[&str] = &[CL];
    let p = player(&[&[], &["canopy-explorer", "sentry"], cl, cl, cl, cl, cl], &[1, 4, 5, 6], Some(0), &[2, 3, 7]);
    let mut g = mgame(p, None, None);
    assert_eq!(g.net_decay(0), 2, "3 Cursed Lands, Sentry's growth");
    act(&mut g, "pass");
    assert_eq!(g.phase, Phase::Harvest, "4 net decay in the harvest: no spoil");
    assert_eq!(g.net_decay(0), 4);
    assert_eq!(g.players[0].field, vec![1, 4, 5, 6, 2, 3]);
    assert_eq!(g.players[0].on_deck, Some(0));
    assert_eq!(g.players[0].deck, vec![7]);
}

#[test]
fn canopy_explorer_cards_count_in_the_harvest() {
    // The added cards' mana counts (its only use: growth and "when played" are wasted, EN:921-923).
    let p = player(&[&["canopy-explorer"], &["wellspring"]], &[0], Some(2), &[1, 3]);
    let mut g = mgame(p, None, None);
    act(&mut g, "pass");
    assert_eq!(g.players[0].field, vec![0, 1]);
    assert_eq!(g.turn.mana_total, 2, "Wellspring's 2 mana");
}

#[test]
fn canopy_explorer_reshuffles_an_empty_deck() {
    // EN:925: not enough cards: the discard pile becomes the deck, then the effect completes.
    let p = player(&[&[], &["canopy-explorer", "sentry"]], &[1], Some(0), &[2]);
    let mut g = mgame(p, None, None);
    let discarded = g.players[0].discard.len();
    act(&mut g, "pass");
    assert_eq!(g.players[0].field.len(), 3, "two cards: the deck's one, then one after the reshuffle");
    assert_eq!(g.players[0].field[1], 2);
    assert_eq!(g.players[0].deck.len() + 1, discarded);
}

#[test]
fn goldenwing_gryphon_turns_the_token_face_up() {
    // EN:1023: a face-down token may be turned face up when the card is played.
    let p = player(&[&[], &["goldenwing-gryphon"]], &[0], Some(1), &[2, 3]);
    let mut g = mgame(p, None, None);
    assert!(!g.players[0].token_active);
    act(&mut g, "push");
    assert!(g.players[0].token_active);
    act(&mut g, "pass");
    assert!(legal(&g).contains(&"token".to_string()));
}

#[test]
fn hatchery_keeps_its_card_as_the_first_of_the_next_field() {
    // EN:1041: not the first card: it may stay and becomes the leftmost card of the next field.
    let p = player(&[&[], &["hatchery"], &[CL], &[CL], &[CL], &[CL]], &[0, 1, 2], Some(3), &[4, 5, 6]);
    let mut g = mgame(p, None, None);
    act(&mut g, "pass");
    act(&mut g, "done");
    assert!(matches!(g.phase, Phase::Hatch { .. }));
    // Revision 5 names the card whose ability keeps it (its bottom slot); `keep c1` still replays.
    assert_eq!(legal(&g), vec!["decline", "use c1 bottom"]);
    act(&mut g, "keep c1");
    assert_eq!(g.current, 1, "the Prep Phase is over");
    let p = &g.players[0];
    assert_eq!(p.field[0], 1, "Hatchery's card is the leftmost card");
    assert!(p.discard.contains(&0) && p.discard.contains(&2));
    assert!(!p.discard.contains(&1));
}

#[test]
fn hatchery_as_the_first_card_is_discarded() {
    // EN:1041: the leftmost card is discarded as normal.
    let p = player(&[&["hatchery"], &[], &[CL], &[CL], &[CL]], &[0, 1], Some(2), &[3, 4, 5]);
    let mut g = mgame(p, None, None);
    act(&mut g, "pass");
    act(&mut g, "done");
    assert_eq!(g.current, 1, "no choice: straight to the Prep Phase");
    assert!(g.players[0].discard.contains(&0));
}

#[test]
fn hatchery_may_be_declined() {
    let p = player(&[&[], &["hatchery"], &[CL], &[CL], &[CL]], &[0, 1], Some(2), &[3, 4, 5]);
    let mut g = mgame(p, None, None);
    act(&mut g, "pass");
    act(&mut g, "done");
    act(&mut g, "decline");
    assert!(g.players[0].discard.contains(&1));
    assert_eq!(g.players[0].field[0], 2, "the Prep Phase starts from an empty field");
}

#[test]
fn two_hatcheries_in_the_chosen_order() {
    // EN:1041-1043: the order is the player's; the second card stays for two extra turns.
    let p = player(&[&[], &["hatchery"], &["hatchery"], &[CL], &[CL], &[CL]], &[0, 1, 2], Some(3), &[4, 5, 6, 7]);
    let mut g = mgame(p, None, None);
    act(&mut g, "pass");
    act(&mut g, "done");
    act(&mut g, "use c2 bottom");
    assert_eq!(legal(&g), vec!["decline", "use c1 bottom"]);
    act(&mut g, "use c1 bottom");
    // The one resolved later ends leftmost (EN:874).
    assert_eq!(&g.players[0].field[..2], &[1, 2]);
    // Player 1 passes its turn; back to player 0, whose leftmost card is now card 2.
    while g.current != 0 {
        let a = if legal(&g).contains(&"pass".to_string()) { "pass" } else { "done" };
        act(&mut g, a);
    }
    act(&mut g, "pass");
    act(&mut g, "done");
    assert_eq!(legal(&g), vec!["decline", "use c2 bottom"], "card 1 is leftmost: only card 2 may stay again");
}

#[test]
fn ley_line_overflow_doubles_the_mana_and_the_token() {
    // EN:1049-1051: count the cards' mana, the token and the harvest effects, then double the total.
    let mut p = player(&[&["ley-line-overflow"], &["wellspring"]], &[0, 1], Some(2), &[3]);
    p.token_active = true;
    let mut g = mgame(p, None, None);
    act(&mut g, "pass");
    let llo = g.db.advancements.iter().find(|a| a.key == "ley-line-overflow").map_or(0, |a| a.symbols.mana);
    assert_eq!(g.turn.mana_total, 2 * (llo + 2));
    act(&mut g, "token");
    assert_eq!(g.mana_left(), 2 * (llo + 2) + 2, "the token's mana is doubled too");
}

#[test]
fn two_ley_line_overflows_quadruple() {
    // EN:1053-1055.
    let p = player(&[&["ley-line-overflow"], &["ley-line-overflow"], &["wellspring"]], &[0, 1, 2], Some(3), &[4]);
    let mut g = mgame(p, None, None);
    act(&mut g, "pass");
    let llo = g.db.advancements.iter().find(|a| a.key == "ley-line-overflow").map_or(0, |a| a.symbols.mana);
    assert_eq!(g.turn.mana_total, 4 * (2 * llo + 2));
}

#[test]
fn ley_line_overflow_then_grassland() {
    // Grassland takes 1 from the total of symbols and abilities, Ley Line Overflow's included (MV42).
    let p = player(&[&["ley-line-overflow"], &["wellspring"], &["grassland"]], &[0, 1, 2], Some(3), &[4]);
    let mut g = mgame(p, None, None);
    act(&mut g, "pass");
    let llo = g.db.advancements.iter().find(|a| a.key == "ley-line-overflow").map_or(0, |a| a.symbols.mana);
    assert_eq!(g.turn.mana_total, 2 * (llo + 2) - 1);
}

#[test]
fn lifetap_oracle_searches_once_per_symbol_then_shuffles() {
    // EN:1067-1069: two counted symbols (guardians, MV41): two cards may go, then one shuffle.
    let p = player(&[&[], &["lifetap-oracle", "sentry"], &[CL], &[CL], &[]], &[0], Some(1), &[2, 3, 4, 5]);
    let mut g = mgame(p, None, None);
    act(&mut g, "push");
    assert!(matches!(g.phase, Phase::WhenPlayed { .. }));
    act(&mut g, "discard c2");
    assert!(matches!(g.phase, Phase::WhenPlayed { .. }), "a second search");
    assert!(legal(&g).contains(&"discard c3".to_string()));
    act(&mut g, "discard c3");
    let p = &g.players[0];
    assert!(p.discard.contains(&2) && p.discard.contains(&3));
    assert_eq!(p.deck.len() + usize::from(p.on_deck.is_some()), 2, "cards 4 and 5 left, one revealed");
}

#[test]
fn lifetap_oracle_with_one_symbol_searches_once() {
    let p = player(&[&[], &["lifetap-oracle"], &[CL], &[CL]], &[0], Some(1), &[2, 3, 4]);
    let mut g = mgame(p, None, None);
    act(&mut g, "push");
    act(&mut g, "discard c2");
    assert!(!matches!(g.phase, Phase::WhenPlayed { .. }));
    assert!(!g.players[0].discard.contains(&3));
}

#[test]
fn lifetap_oracle_may_stop_early_and_reshuffles_an_empty_deck() {
    // EN:1069: played from the bottom of the deck: the discard pile is shuffled in first.
    let p = player(&[&[], &["lifetap-oracle", "sentry"], &[CL]], &[0], Some(1), &[]);
    let mut g = mgame(p, None, None);
    act(&mut g, "push");
    assert!(matches!(g.phase, Phase::WhenPlayed { .. }));
    assert!(legal(&g).contains(&"discard c2".to_string()), "the reshuffled discard pile is searched");
    act(&mut g, "decline");
    assert!(!matches!(g.phase, Phase::WhenPlayed { .. }));
}

#[test]
fn sporeling_reclaimer_counts_the_symbols_on_every_advancement_owned() {
    // EN:1174: all the advancements owned, wherever they are (guardians, MV41).
    let with = player(&[&["sporeling-reclaimer"], &["stag"], &["sentry"]], &[1], Some(3), &[4]);
    let without = player(&[&[], &["stag"], &["sentry"]], &[1], Some(3), &[4]);
    let (a, b) = (mgame(with, None, None), mgame(without, None, None));
    let sp =
        a.db.advancements.iter().find(|x| x.key == "sporeling-reclaimer").map_or(0, |x| i32::from(x.symbols.vp_end));
    assert_eq!(a.score(0) - b.score(0), sp + 3, "Stag's 2 guardians (in the field) and Sentry's 1 (discarded)");
}

// ---------------------------------------------------------------- vales

#[test]
fn aether_tree_cancels_the_decay_but_a_cursed_lands() {
    // EN:1234: on-deck card with 2 decay, one from a Cursed Land: Aether Tree cancels the other one.
    let mut p = player(&[&[CL], &[CL], &[], &[CL, "creeping-mold"]], &[0, 1], Some(2), &[3, 4]);
    p.vales = vec!["aether-tree".into()];
    let mut g = mgame(p, None, None);
    act(&mut g, "push");
    assert!(matches!(g.phase, Phase::SpoilPrompt { prep: false }), "2 + 2 decay");
    let l = legal(&g);
    let v = vale_no(&g, "aether-tree");
    assert!(l.contains(&format!("use v{v} c3")), "{l:?}");
    assert!(l.contains(&format!("use v{v} c0")), "any card (EN:1232); on a bare Cursed Land nothing is canceled");
    act(&mut g, &format!("use v{v} c3"));
    assert_eq!(g.phase, Phase::Planting, "3 decay: the turn goes on");
    assert!(g.players[0].vales.is_empty(), "out of the game");
    assert_eq!(g.removed_vales.len(), 1);
    assert_eq!(g.net_decay(0), 3);
    // It lasts until the next Prep Phase.
    act(&mut g, "pass");
    assert_eq!(g.players[0].fx.cancel_decay.until_prep, Some(3));
    act(&mut g, "done");
    assert_eq!(g.players[0].fx.cancel_decay.until_prep, None);
}

#[test]
fn token_vales_turn_the_token_face_up_when_bought() {
    // EN:1239-1241: spend the token, buy the vale, turn it face up, spend it again.
    for key in ["amberwood", "direwolf-burrow", "shimmercliff-rookery"] {
        let p = &[&["limbthresher", "sentry"][..], &["giant-toad"], &["wood-sprite"], &["wood-sprite"]];
        let mut p = player(p, &[0, 1, 2, 3], Some(4), &[5]);
        p.token_active = true;
        let mut g = mgame(p, None, vales(&[key], &[]));
        act(&mut g, "pass");
        let before = g.mana_left();
        act(&mut g, "token");
        assert_eq!(g.mana_left(), before + 1, "{key}");
        assert!(!g.players[0].token_active);
        act(&mut g, "vale 1.1");
        assert!(g.players[0].token_active, "{key}");
        act(&mut g, "token");
        assert_eq!(g.mana_left(), before + 2, "{key}: a second mana");
    }
}

#[test]
fn manadew_meadow_counts_the_best_field_card() {
    // EN:1397-1399: one field card; 1 mana for each mana on it (provisional symbols, MV44).
    let mut p = player(&[&["wellspring"], &["arbor-overseer"]], &[0, 1], Some(2), &[3]);
    p.vales = vec!["manadew-meadow".into()];
    let mut g = mgame(p, None, None);
    act(&mut g, "pass");
    let mana = |k: &str| g.db.advancements.iter().find(|x| x.key == k).map_or(0, |x| x.symbols.mana);
    let (w, a) = (mana("wellspring"), mana("arbor-overseer"));
    assert_eq!(g.turn.mana_total, w + a + w.max(a));
}

#[test]
fn earth_cradle_counts_every_vale_owned_itself_included() {
    // EN:1339: each vale owned, Earth Cradle and the other vales bought this turn included (VP, MV45).
    let mut p = player(
        &[&["chromatic-wyvern"], &["chromatic-wyvern"], &["grove-guardian"], &["wood-sprite"]],
        &[0, 1, 2, 3],
        Some(4),
        &[5],
    );
    p.vales = vec!["roost".into()];
    let mut g = mgame(p, None, vales(&["amberwood"], &["earth-cradle"]));
    act(&mut g, "pass");
    let buy = legal(&g).into_iter().find(|a| a.starts_with("vale 1.1")).unwrap_or_else(|| panic!("{:?}", legal(&g)));
    act(&mut g, &buy);
    let (vp, pool) = (g.players[0].vp, g.pool);
    let buy = legal(&g).into_iter().find(|a| a.starts_with("vale 2.1")).unwrap_or_else(|| panic!("{:?}", legal(&g)));
    act(&mut g, &buy);
    assert_eq!(g.players[0].vp, vp + 3, "Roost, Amberwood, Earth Cradle");
    assert_eq!(g.pool, pool - 3, "from the pool");
}

#[test]
fn fauna_hollow_gives_two_mana_to_spend_this_turn() {
    // EN:1345.
    let p = player(&[&["giant-toad"], &["giant-toad"], &["arbor-overseer"]], &[0, 1, 2], Some(3), &[4]);
    let mut g = mgame(p, None, vales(&[], &["fauna-hollow"]));
    act(&mut g, "pass");
    let before = g.mana_left();
    act(&mut g, "vale 2.1");
    assert_eq!(g.mana_left(), before + 2);
}

#[test]
fn sunwell_temple_takes_the_top_level_1_vale_without_its_effects() {
    // EN:1509-1511: the top card of the level-1 vale deck; no "when bought" effect; not a purchase.
    let cards: &[&[&str]] =
        &[&["giant-toad"], &["arbor-overseer"], &["wood-sprite"], &["wood-sprite"], &["giant-toad"]];
    let mut p = player(cards, &[0, 1, 2, 3, 4], Some(5), &[6]);
    p.token_active = true;
    let setup = Setup {
        start: 0,
        players: vec![p, quiet()],
        vales: vales(&["roost"], &["sunwell-temple"]),
        vale_decks: Some([vec!["amberwood".into(), "aether-tree".into()], vec![]]),
        ..Setup::default()
    };
    let mut g = MysticVale::from_setup(&magic(), &setup, 7).unwrap_or_else(|e| panic!("{e}"));
    act(&mut g, "pass");
    act(&mut g, "token");
    act(&mut g, "vale 2.1");
    let keys: Vec<&str> = g.players[0].vales.iter().map(|&v| g.db.vale(v).key.as_str()).collect();
    assert_eq!(keys, vec!["sunwell-temple", "amberwood"]);
    assert!(!g.players[0].token_active, "Amberwood's \"when bought\" gives nothing");
    assert_eq!(g.turn.vales_bought, 1);
    assert!(legal(&g).iter().any(|a| a.starts_with("vale 1.1")), "a second vale may still be bought");
}

#[test]
fn vale_of_magic_gives_one_every_harvest() {
    // EN:1535: once every Harvest Phase, mandatory (VP, MV45).
    let mut p = player(&[], &[0], Some(1), &[2]);
    p.vales = vec!["vale-of-magic".into()];
    let mut g = mgame(p, None, None);
    let pool = g.pool;
    act(&mut g, "pass");
    assert_eq!(g.turn.vp_total, 1);
    act(&mut g, "done");
    assert_eq!(g.pool, pool - 1);
}

#[test]
fn wood_sprite_hoard_looks_at_the_top_three() {
    // EN:1554-1556: the three face-down cards under the on-deck card; any may go; the rest keep order.
    let p = player(
        &[&["chromatic-wyvern"], &["chromatic-wyvern"], &[CL], &[], &[CL], &[]],
        &[0, 1],
        Some(6),
        &[2, 3, 4, 5],
    );
    let mut g = mgame(p, None, vales(&[], &["wood-sprite-hoard"]));
    act(&mut g, "pass");
    let buy = legal(&g).into_iter().find(|a| a.starts_with("vale 2.1")).unwrap_or_else(|| panic!("{:?}", legal(&g)));
    act(&mut g, &buy);
    assert_eq!(g.peek, Some(2));
    assert_eq!(legal(&g), vec!["decline".to_string(), format!("use v{}", vale_no(&g, "wood-sprite-hoard"))]);
    // The looking player sees the card; the other does not.
    assert_eq!(g.view(Seat(0)).peek, Some(2));
    assert_eq!(g.view(Seat(1)).peek, None);
    // All three are seen before the first decision (issue 12), by their owner only.
    assert_eq!(g.view(Seat(0)).looking, vec![3, 4]);
    assert!(g.view(Seat(1)).looking.is_empty());
    act(&mut g, "mill");
    assert_eq!(g.peek, Some(3));
    assert_eq!(g.view(Seat(0)).looking, vec![4]);
    act(&mut g, "decline");
    assert_eq!(g.peek, Some(4));
    act(&mut g, "mill");
    assert_eq!(g.phase, Phase::Harvest);
    let p = &g.players[0];
    assert_eq!(p.deck, vec![5, 3], "card 3 back on top, in order");
    assert!(p.discard.contains(&2) && p.discard.contains(&4));
}

#[test]
fn wood_sprite_hoard_with_a_short_deck_looks_at_all() {
    // EN:1556: with fewer than three cards, look at all of them.
    let p = player(&[&["chromatic-wyvern"], &["chromatic-wyvern"], &[CL]], &[0, 1], Some(3), &[2]);
    let mut g = mgame(p, None, vales(&[], &["wood-sprite-hoard"]));
    act(&mut g, "pass");
    let buy = legal(&g).into_iter().find(|a| a.starts_with("vale 2.1")).unwrap_or_else(|| panic!("{:?}", legal(&g)));
    act(&mut g, &buy);
    act(&mut g, "mill");
    assert_eq!(g.phase, Phase::Harvest);
    assert!(g.players[0].deck.is_empty());
}

#[test]
fn symbols_only_cards_have_no_ability() {
    // MV18: the titles no clarification describes play with their symbols only.
    let db = magic().validate().unwrap_or_else(|e| panic!("{e}"));
    let plain = [
        "arbor-overseer",
        "giant-toad",
        "limbthresher",
        "sentry",
        "wood-sprite",
        "heartwood-healer",
        "sunshard-custodian",
        "water-weaver",
        "chromatic-wyvern",
        "creeping-mold",
        "grove-guardian",
        "overgrowth",
    ];
    for a in db.advancements.iter().filter(|a| a.set == "magic") {
        assert_eq!(
            sylvan_mystic_vale::words::ability_text(a.ability, sylvan_engine::Locale::En).is_empty(),
            plain.contains(&a.key.as_str()),
            "{}",
            a.key
        );
    }
    for v in db.vales.iter().filter(|v| v.set == "magic") {
        assert_eq!(
            sylvan_mystic_vale::words::vale_text(v, sylvan_engine::Locale::En).is_empty(),
            ["roost", "sunshard-savanna"].contains(&v.key.as_str()),
            "{}",
            v.key
        );
    }
}

// ---------------------------------------------------------------- with Vale of the Wild

fn both() -> Options {
    Options { sets: "base,magic,wild".into(), ..Options::default() }
}

#[test]
fn hatchery_before_pool_of_visions() {
    // MV48: Hatchery resolved first, then Pool of Visions keeps one more, which ends leftmost (EN:874).
    let cl: &[&str] = &[CL];
    let mut p = player(&[&[], &["hatchery"], &[], cl, cl, cl], &[0, 1, 2], Some(3), &[4, 5]);
    p.vales = vec!["pool-of-visions".into()];
    let mut g = game_with(&both(), p, None, None);
    act(&mut g, "pass");
    act(&mut g, "done");
    assert!(matches!(g.phase, Phase::Hatch { .. }));
    act(&mut g, "keep c1");
    assert_eq!(g.phase, Phase::Keep, "then the vale");
    act(&mut g, "keep c2");
    assert_eq!(&g.players[0].field[..2], &[2, 1]);
    assert!(g.players[0].discard.contains(&0));
}

#[test]
fn one_cancel_for_bramble_spire_and_aether_tree() {
    // MV47 (rules revisions 1-4): with both vales, `cancel` uses Bramble Spire; Aether Tree stays.
    let mut p = player(&[&[CL], &[CL], &[], &[CL, "creeping-mold"]], &[0, 1], Some(2), &[3, 4]);
    p.vales = vec!["aether-tree".into(), "bramble-spire".into()];
    let mut g = game_with(&Options { rules: 4, ..both() }, p, None, None);
    act(&mut g, "push");
    assert!(legal(&g).contains(&"cancel c3".to_string()));
    act(&mut g, "cancel c3");
    let keys: Vec<&str> = g.players[0].vales.iter().map(|&v| g.db.vale(v).key.as_str()).collect();
    assert_eq!(keys, vec!["aether-tree"]);
    assert_eq!(g.players[0].fx.cancel_decay.until_prep, None);
}

#[test]
fn bramble_spire_or_aether_tree_is_the_players_choice() {
    // MV47 (rules revisions 1-4): when both can act on the card, `cancel c3 not-cursed` uses Aether
    // Tree; Bramble Spire stays.
    let mut p = player(&[&[CL], &[CL], &[], &[CL, "creeping-mold"]], &[0, 1], Some(2), &[3, 4]);
    p.vales = vec!["aether-tree".into(), "bramble-spire".into()];
    let mut g = game_with(&Options { rules: 4, ..both() }, p, None, None);
    act(&mut g, "push");
    assert!(legal(&g).contains(&"cancel c3 not-cursed".to_string()));
    assert!(legal(&g).contains(&"cancel c0 not-cursed".to_string()), "Aether Tree may choose any card (EN:1232)");
    act(&mut g, "cancel c3 not-cursed");
    let keys: Vec<&str> = g.players[0].vales.iter().map(|&v| g.db.vale(v).key.as_str()).collect();
    assert_eq!(keys, vec!["bramble-spire"]);
    assert_eq!(g.players[0].fx.cancel_decay.until_prep, Some(3));
}

#[test]
fn aether_tree_in_a_prep_phase_spoil_lasts_until_the_next_prep_phase() {
    // EN:1232: usable on a Prep Phase spoil, "to cancel decay until your next Prep Phase".
    let cl: &[&str] = &[CL];
    let mut p = player(&[&[], &[], cl, cl, &[CL, "creeping-mold"]], &[0], Some(1), &[2, 3, 4, 5]);
    p.vales = vec!["aether-tree".into()];
    let mut g = mgame(p, None, None);
    act(&mut g, "pass");
    act(&mut g, "done");
    assert_eq!(g.phase, Phase::SpoilPrompt { prep: true }, "2 Cursed Lands played, then 2 decay revealed");
    act(&mut g, "cancel c4");
    assert_eq!(g.current, 1, "3 decay: the Prep Phase ends, no spoil");
    assert!(!g.players[0].skip_next);
    assert_eq!(g.players[0].fx.cancel_decay.until_prep, Some(4));
    assert_eq!(g.net_decay(0), 3);
}

#[test]
fn sunwell_temple_with_an_empty_level_1_vale_deck_gives_nothing() {
    // MV46.
    let cards: &[&[&str]] = &[&["giant-toad"], &["arbor-overseer"], &["wood-sprite"]];
    let p = player(cards, &[0, 1, 2], Some(3), &[4]);
    let setup = Setup {
        start: 0,
        players: vec![p, quiet()],
        vales: vales(&[], &["sunwell-temple"]),
        vale_decks: Some([vec![], vec![]]),
        ..Setup::default()
    };
    let mut g = MysticVale::from_setup(&magic(), &setup, 7).unwrap_or_else(|e| panic!("{e}"));
    act(&mut g, "pass");
    act(&mut g, "vale 2.1");
    assert_eq!(g.players[0].vales.len(), 1, "only Sunwell Temple");
    assert_eq!(g.phase, Phase::Harvest);
}

#[test]
fn wolf_rider_counts_before_canopy_explorer_and_aurora_after() {
    // MV41: the player orders the harvest (EN:462, 677): Wolf Rider's shortfall before Canopy Explorer's
    // cards join, Aurora's pairs after.
    let p = player(
        &[&["wolf-rider"], &["canopy-explorer", "sentry"], &["aurora"], &[], &[]],
        &[0, 1, 2],
        Some(5),
        &[3, 4, 6],
    );
    let mut g = game_with(&both(), p, None, None);
    act(&mut g, "pass");
    assert_eq!(g.players[0].field.len(), 5);
    let ab = |k: &str| g.db.advancements.iter().find(|a| a.key == k).map_or(0, |a| u16::from(a.ability.amount));
    // Wolf Rider: 7 - 3 cards; Aurora: 5 cards / 2. Both VP here (provisional rewards).
    let (wolf, aurora) = (ab("wolf-rider") * 4, ab("aurora") * 2);
    let db = &g.db;
    let reward = |k: &str| db.advancements.iter().find(|a| a.key == k).map(|a| a.ability.reward);
    let vp = [("wolf-rider", wolf), ("aurora", aurora)]
        .iter()
        .filter(|(k, _)| reward(k).is_some_and(|r| r.key() == "vp"))
        .map(|(_, n)| n)
        .sum::<u16>();
    let mana = [("wolf-rider", wolf), ("aurora", aurora)]
        .iter()
        .filter(|(k, _)| reward(k).is_some_and(|r| r.key() == "mana"))
        .map(|(_, n)| n)
        .sum::<u16>();
    assert_eq!(g.turn.vp_total, vp);
    let printed: u16 = g.players[0].field.iter().map(|&c| u16::from(g.players[0].stats[c as usize].mana)).sum();
    assert_eq!(u16::from(g.turn.mana_total), printed + mana);
}
