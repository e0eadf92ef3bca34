//! Rules revision 8, the default (ruling MV23): Dione's upgraded side uses the neighbours' on-deck cards
//! "as if those cards were in your field" (EN:1617), so their Harvest abilities apply too; and ruling
//! MV92 (the places of the cards Canopy Explorer takes after a Harvest guardian). Revision 7 counts the
//! on-deck cards' symbols only; its games are pinned from before revision 8 existed.

use sylvan_engine::{Game, GameRng, Heuristic, NoEvents, Seat};
use sylvan_mystic_vale::Action;
use sylvan_mystic_vale::cards::Timing;
use sylvan_mystic_vale::setup::Leaders;
use sylvan_mystic_vale::{MysticVale, Options, Phase, Setup, SetupPlayer};

use crate::common::*;

/// The revision-7 fixture's options: every set, random leaders (Dione among them), 4 players (two
/// different neighbours).
fn rules_7_leaders() -> Options {
    Options { players: 4, leaders: Leaders::Random, ..every_set(7) }
}

/// The fixture's salt (its random players' choices).
const SALT: u64 = 0x0008;

/// Uniform random games of revision 7 with every set and leaders, as written before revision 8 existed
/// (one line per game: the seed, then every action's notation).
const RULES_7_GAMES: &str = include_str!("../../fixtures/rules-7-random-games.txt");

/// Replays game `seed` of the fixture and counts the Harvest Phases in which Dione's upgraded side is in
/// the active player's field while a neighbour's on-deck card has a Harvest ability: the moments where
/// revision 8 will differ.
fn dione_moments(options: &Options, seed: u64) -> usize {
    harvest_moments(options, seed, SALT, dione_moment)
}

/// Whether the active player harvests with Dione's upgraded side in the field while a neighbour's on-deck
/// card carries a Harvest ability (an advancement's, or a leader side's).
fn dione_moment(g: &MysticVale) -> bool {
    let seat = g.current as usize;
    let p = &g.players[seat];
    let dione = p.leader.is_some_and(|l| l.upgraded && g.db.leader(l.id).key == "dione" && p.field.contains(&l.card));
    let n = g.players.len();
    dione
        && [(seat + 1) % n, (seat + n - 1) % n].into_iter().any(|i| {
            let q = &g.players[i];
            q.on_deck.is_some_and(|c| {
                let sleeve = q.cards[c as usize];
                let advancement = sleeve.advs().any(|a| g.db.adv(a).ability.timing == Timing::Harvest);
                let leader = q.leader.is_some_and(|l| l.card == c && l.face(&g.db).ability.timing == Timing::Harvest);
                advancement || leader
            })
        })
}

#[test]
fn issue_33_rules_7_plays_the_same_games_as_before_revision_8() {
    let games = replay_fixture(RULES_7_GAMES, &rules_7_leaders(), SALT);
    let moments: usize = (1..=games.len() as u64).map(|seed| dione_moments(&rules_7_leaders(), seed)).sum();
    assert!(moments > 0, "the fixture harvests with Dione's upgraded side beside an on-deck Harvest ability");
}

/// Writes the fixture (run once, before revision 8: `SYLVAN_WRITE_RULES_7=1`).
#[test]
fn write_rules_7_fixture() {
    write_fixture("SYLVAN_WRITE_RULES_7", "rules-7-random-games.txt", &rules_7_leaders(), SALT, 40);
}

/// Player 0 with Dione's upgraded side on card 19 in the field; player 1 (to the left) with Forest Song
/// (1 forest symbol; Harvest: gain 1 VP, EN:1182) on its on-deck card; player 2 quiet.
fn forest_song_beside_dione(rules: u8) -> MysticVale {
    let mut p0 = player(&[], &[19], Some(0), &[1, 2, 3]);
    p0.leader = Some("dione".into());
    p0.leader_upgraded = true;
    let p1: SetupPlayer = player(&[&["forest-song"]], &[], Some(0), &[1, 2]);
    let p2 = player(&[], &[], Some(5), &[6, 7]);
    let setup = Setup { start: 0, players: vec![p0, p1, p2], ..Setup::default() };
    let o = Options { players: 3, rules, ..every_set(rules) };
    MysticVale::from_setup(&o, &setup, 7).unwrap_or_else(|e| panic!("setup: {e}"))
}

#[test]
fn revision_7_dione_counts_a_neighbours_on_deck_symbols_not_its_harvest_abilities() {
    // EN:1617 "as if those cards were in your field"; revision 7 adds the on-deck card's symbols (its
    // forest) but not its Harvest ability (Forest Song's VP): MV23 decides they apply, from revision 8.
    let mut alone = forest_song_beside_dione(7);
    alone.players[1].on_deck = None;
    act(&mut alone, "pass");
    let mut g = forest_song_beside_dione(7);
    act(&mut g, "pass");
    assert_eq!(g.phase, Phase::Harvest);
    assert_eq!(g.turn.spirits[1], alone.turn.spirits[1] + 1, "Forest Song's forest symbol counts");
    assert_eq!(g.turn.vp_total, alone.turn.vp_total, "revision 7: Forest Song's Harvest VP does not");
}

// Rules revision 8 (ruling MV23): these games are made with revision 7, then set to `DIONE_RULES`
// before the Harvest, so that each is compared with revision 7 on the same deal.

/// A 3-player Harvest of player 0 with Dione's upgraded side on card 19: player 0's cards `mine` on
/// cards 0.. in the field with card 19 (card 9 on-deck, 10-18 the deck); player 1 (to the left) with
/// `left` on its on-deck card 0 (none if `left` is `None`); player 2 (to the right) with `right` on its
/// on-deck card 5 (none if `None`). Played under `rules`, up to the Harvest.
fn dione_harvest(rules: u8, mine: &[&[&str]], left: Option<&[&str]>, right: Option<&[&str]>) -> MysticVale {
    let mut field: Vec<u8> = (0..mine.len() as u8).collect();
    field.push(19);
    let mut p0 = player(mine, &field, Some(9), &[10, 11, 12, 13, 14, 15, 16, 17, 18]);
    p0.leader = Some("dione".into());
    p0.leader_upgraded = true;
    let p1 = player(&[left.unwrap_or(&[])], &[], left.map(|_| 0), &[1, 2]);
    let mut right_cards: Vec<&[&str]> = vec![&[]; 5];
    right_cards.push(right.unwrap_or(&[]));
    let p2 = player(&right_cards, &[], right.map(|_| 5), &[6, 7]);
    let setup = Setup { start: 0, players: vec![p0, p1, p2], ..Setup::default() };
    let o = Options { players: 3, ..every_set(7) };
    let mut g = MysticVale::from_setup(&o, &setup, 7).unwrap_or_else(|e| panic!("setup: {e}"));
    g.options.rules = rules;
    act(&mut g, "pass");
    assert_eq!(g.phase, Phase::Harvest);
    g
}

/// Revision 8.
const R8: u8 = sylvan_mystic_vale::setup::DIONE_RULES;

#[test]
fn revision_8_dione_brings_a_used_cards_harvest_gain() {
    // EN:1617 "as if those cards were in your field" and EN:478 "you must resolve 'Harvest' abilities on
    // cards in your field": Forest Song's 1 VP (EN:1182) comes with its forest symbol.
    let without = dione_harvest(R8, &[], None, None);
    let g = dione_harvest(R8, &[], Some(&["forest-song"]), None);
    assert_eq!(g.turn.vp_total, without.turn.vp_total + 1, "Forest Song's Harvest VP");
    assert_eq!(g.turn.spirits[1], without.turn.spirits[1] + 1, "its forest symbol");
    let seven = dione_harvest(7, &[], Some(&["forest-song"]), None);
    assert_eq!(seven.turn.vp_total, without.turn.vp_total, "revision 7: the symbols only");
}

#[test]
fn revision_8_a_used_magic_seed_counts_the_users_field_with_the_used_cards() {
    // EN:1083: Magic Seed gives a mana for "the number of other cards in your field": player 0's three
    // (two blanks and Dione's card) and the two used cards (the right neighbour's blank on-deck card
    // too), less itself: 4.
    let blank: &[&str] = &[];
    let without = dione_harvest(R8, &[blank, blank], None, Some(blank));
    let g = dione_harvest(R8, &[blank, blank], Some(&["magic-seed"]), Some(blank));
    assert_eq!(g.turn.mana_total, without.turn.mana_total + 4);
    assert_eq!(g.turn.vp_total, without.turn.vp_total + 2, "its 2 printed Harvest VP");
}

#[test]
fn revision_8_the_users_own_aurora_counts_the_used_cards() {
    // EN:878: Aurora gains 1 for each pair of cards in your field. Player 0's field: Aurora and Dione's
    // card, 1 pair; with the two used blank cards, 2 pairs. Revision 7 counts 1.
    let blank: &[&str] = &[];
    let g = dione_harvest(R8, &[&["aurora"]], Some(blank), Some(blank));
    let seven = dione_harvest(7, &[&["aurora"]], Some(blank), Some(blank));
    assert_eq!(g.turn.vp_total, seven.turn.vp_total + 1);
    // The user's own Wolf Rider (7 − field cards, EN:1210-1216) is resolved before Dione's cards join
    // (the player's order, EN:462, 478, MV41): the used cards do not shrink it.
    let wolf = dione_harvest(R8, &[&["wolf-rider"]], Some(blank), Some(blank));
    let wolf7 = dione_harvest(7, &[&["wolf-rider"]], Some(blank), Some(blank));
    assert_eq!(wolf.turn.mana_total, wolf7.turn.mana_total);
}

#[test]
fn revision_8_stag_champion_on_a_used_card_doubles_its_vp() {
    // EN:1182: Stag Champion doubles the VP of the abilities on its card (Forest Song's 1 VP).
    let stag = dione_harvest(R8, &[], Some(&["stag-champion"]), None);
    let both = dione_harvest(R8, &[], Some(&["forest-song", "stag-champion"]), None);
    assert_eq!(both.turn.vp_total, stag.turn.vp_total + 2);
}

#[test]
fn revision_8_ley_line_overflow_on_a_used_card_doubles_and_grassland_takes_one_after() {
    // EN:1049-1055: Ley Line Overflow doubles the harvest's mana; EN:1029 (MV42): Grassland takes 1 when
    // the mana is counted, after the doubling. Overflow prints 1 mana, Grassland none.
    let without = dione_harvest(R8, &[], None, None);
    let m = without.turn.mana_total;
    let overflow = dione_harvest(R8, &[], Some(&["ley-line-overflow"]), None);
    assert_eq!(overflow.turn.mana_total, 2 * (m + 1));
    let mut both = dione_harvest(R8, &[], Some(&["ley-line-overflow"]), Some(&["grassland"]));
    assert_eq!(both.turn.mana_total, 2 * (m + 1), "Grassland's card waits for the player's decision");
    act(&mut both, "use p2 c5");
    assert_eq!(both.turn.mana_total, 2 * (m + 1) - 1);
    let seven = dione_harvest(7, &[], Some(&["ley-line-overflow"]), Some(&["grassland"]));
    assert_eq!(seven.turn.mana_total, m + 1, "revision 7: Overflow's printed mana only");
}

#[test]
fn revision_8_canopy_explorer_on_a_used_card_takes_the_users_deck_card() {
    // EN:919: "the top card of your deck" for each guardian on the card (one printed, MV41): the user's
    // deck, into the user's field.
    let without = dione_harvest(R8, &[], None, None);
    let g = dione_harvest(R8, &[], Some(&["canopy-explorer"]), None);
    assert_eq!(g.players[0].field.len(), without.players[0].field.len() + 1);
    assert_eq!(g.players[0].field.last(), Some(&10), "the top of player 0's deck");
    assert_eq!(g.players[1].deck, without.players[1].deck, "the owner's deck is untouched");
    let seven = dione_harvest(7, &[], Some(&["canopy-explorer"]), None);
    assert_eq!(seven.players[0].field.len(), without.players[0].field.len());
}

#[test]
fn revision_8_call_of_the_hunt_on_a_used_card_fills_the_users_field() {
    // EN:903: cards from the top of your deck until your field holds 8; the two used cards are in it.
    let blank: &[&str] = &[];
    let g = dione_harvest(R8, &[], Some(&["call-of-the-hunt"]), Some(blank));
    assert_eq!(g.players[0].field.len(), 6, "6 of player 0's cards and the 2 used ones");
    assert_eq!(g.players[0].field[1..], [10, 11, 12, 13, 14]);
    let seven = dione_harvest(7, &[], Some(&["call-of-the-hunt"]), Some(blank));
    assert_eq!(seven.players[0].field.len(), 1);
}

#[test]
fn revision_8_earthchant_chorus_on_a_used_card_does_nothing() {
    // EN:967: its discount is for an advancement "sleeved on the same card" in your Discard Phase; you
    // cannot sleeve on another player's card. Its printed mana counts.
    let without = dione_harvest(R8, &[], None, None);
    let g = dione_harvest(R8, &[], Some(&["earthchant-chorus"]), None);
    assert!(!g.turn.fx.discount_on_card.in_field);
    assert_eq!(g.turn.mana_total, without.turn.mana_total + 1);
    assert!(legal(&g).iter().any(|a| a.starts_with("buy ")) == legal(&without).iter().any(|a| a.starts_with("buy ")));
}

#[test]
fn revision_8_a_neighbours_leader_card_brings_its_showing_sides_harvest_gain() {
    // EN:834: "abilities and symbols on your leader work the same as all other effects": Ashae's
    // starting side (2 VP from the box each Harvest, EN:1580-1584) on the left neighbour's on-deck
    // leader card applies as player 0's.
    let blank: &[&str] = &[];
    let make = |rules: u8, ashae: bool| {
        let mut p0 = player(&[], &[19], Some(9), &[10, 11, 12]);
        p0.leader = Some("dione".into());
        p0.leader_upgraded = true;
        let mut p1 = player(&[blank], &[], Some(19), &[1, 2]);
        if ashae {
            p1.leader = Some("ashae".into());
        }
        let p2 = player(&[], &[], None, &[6, 7]);
        let setup = Setup { start: 0, players: vec![p0, p1, p2], ..Setup::default() };
        let o = Options { players: 3, ..every_set(7) };
        let mut g = MysticVale::from_setup(&o, &setup, 7).unwrap_or_else(|e| panic!("setup: {e}"));
        g.options.rules = rules;
        act(&mut g, "pass");
        g
    };
    assert_eq!(make(R8, true).turn.box_vp_total, make(R8, false).turn.box_vp_total + 2);
    assert_eq!(make(7, true).turn.box_vp_total, make(7, false).turn.box_vp_total);
}

#[test]
fn revision_8_used_cards_cannot_make_the_user_spoil() {
    // EN:1619: "If this effect causes you to have more than 3 [decay], you don't Spoil": a used card of
    // three Cursed Lands (3 decay) beside player 0's field of one (1 decay) leaves the Harvest going on.
    let cl = "cursed-land";
    let g = dione_harvest(R8, &[&[cl]], Some(&[cl, cl, cl]), Some(&[cl, cl, cl]));
    assert_eq!(g.phase, Phase::Harvest);
    assert!(legal(&g).iter().any(|a| a == "done"), "the Harvest Phase's decisions, not a spoil");
    // Their printed mana counts (Cursed Land shows 1).
    let without = dione_harvest(R8, &[&[cl]], None, None);
    assert_eq!(g.turn.mana_total, without.turn.mana_total + 6);
}

#[test]
fn revision_8_two_players_use_the_single_opponents_card_once() {
    // EN:1621: "you only get to use the on-deck card of your single opponent; you cannot use that card
    // twice": Forest Song's VP once.
    let make = |song: bool| {
        let mut p0 = player(&[], &[19], Some(9), &[10, 11, 12]);
        p0.leader = Some("dione".into());
        p0.leader_upgraded = true;
        let given: &[&[&str]] = if song { &[&["forest-song"]] } else { &[&[]] };
        let p1 = player(given, &[], Some(0), &[1, 2]);
        let setup = Setup { start: 0, players: vec![p0, p1], ..Setup::default() };
        let mut g = MysticVale::from_setup(&every_set(7), &setup, 7).unwrap_or_else(|e| panic!("setup: {e}"));
        g.options.rules = R8;
        act(&mut g, "pass");
        g
    };
    assert_eq!(make(true).turn.vp_total, make(false).turn.vp_total + 1);
}

#[test]
fn revision_8_using_a_card_that_can_cost_is_the_players_decision() {
    // EN:1617 "you may choose to use" the on-deck cards; with an ability that can cost (Grassland: 1 mana
    // less, EN:1029) the player decides (`use p2 c5`, ruling MV23); a card that cannot cost is used at
    // once. Player 0's Cursed Land shows 1 mana, enough to pay Grassland.
    let cl: &[&str] = &["cursed-land"];
    let mut g = dione_harvest(R8, &[cl], Some(&["forest-song"]), Some(&["grassland"]));
    let l = legal(&g);
    assert_eq!(l.last().map(String::as_str), Some("use p2 c5"), "{l:?}");
    assert!(!l.iter().any(|a| a == "use p1 c0"), "Forest Song cannot cost: used at once");
    let (mana, spirits) = (g.turn.mana_total, g.turn.spirits);
    act(&mut g, "use p2 c5");
    assert_eq!(g.turn.mana_total, mana - 1);
    assert_eq!(g.turn.spirits[0], spirits[0] + 1, "Grassland's animal");
    assert_eq!(g.turn.spirits[1], spirits[1] + 1, "and forest");
    assert!(!legal(&g).iter().any(|a| a.starts_with("use p")), "once a Harvest Phase");
    // Not offered when the mana left cannot pay it, nor in revision 7.
    let mut poor = dione_harvest(R8, &[cl], None, Some(&["grassland"]));
    assert!(legal(&poor).iter().any(|a| a == "use p2 c5"));
    poor.turn.mana_spent = poor.turn.mana_total;
    assert!(!legal(&poor).iter().any(|a| a.starts_with("use p")));
    let seven = dione_harvest(7, &[cl], None, Some(&["grassland"]));
    assert!(!legal(&seven).iter().any(|a| a.starts_with("use p")));
    // The notation and id round trip, after every older action's id.
    let a: Action = "use p2 c5".parse().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(a.to_string(), "use p2 c5");
    assert_eq!(sylvan_mystic_vale::actions::action_from_id(sylvan_mystic_vale::actions::action_id(a)), Some(a));
    let score: Action = "score".parse().unwrap_or_else(|e| panic!("{e}"));
    assert!(sylvan_mystic_vale::actions::action_id(a) > sylvan_mystic_vale::actions::action_id(score));
}

#[test]
fn revision_8_the_heuristic_and_the_rollout_use_grassland_when_its_spirits_buy_a_vale() {
    // Grassland's animal and forest pay Nectar Colony (1 animal, 1 forest) for the 1 mana it takes: both
    // bots use it.
    let cl: &[&str] = &["cursed-land"];
    let make = |vale: &str| {
        let mut p0 = player(&[cl], &[0, 19], Some(9), &[10, 11, 12]);
        p0.leader = Some("dione".into());
        p0.leader_upgraded = true;
        let p1 = player(&[], &[], None, &[1, 2]);
        let mut right: Vec<&[&str]> = vec![&[]; 5];
        right.push(&["grassland"]);
        let p2 = player(&right, &[], Some(5), &[6, 7]);
        let vales = Some([vec![vale.to_string()], vec![]]);
        let setup = Setup { start: 0, players: vec![p0, p1, p2], vales, ..Setup::default() };
        let o = Options { players: 3, ..every_set(7) };
        let mut g = MysticVale::from_setup(&o, &setup, 7).unwrap_or_else(|e| panic!("setup: {e}"));
        g.options.rules = R8;
        act(&mut g, "pass");
        g
    };
    let g = make("nectar-colony");
    let mut list = Vec::new();
    g.legal_actions(&mut list);
    let mut rng = GameRng::new(1);
    let use_it: Action = "use p2 c5".parse().unwrap_or_else(|e| panic!("{e}"));
    assert!(list.contains(&use_it), "{list:?}");
    assert_eq!(<MysticVale as Heuristic>::heuristic_action(&g.view(Seat(0)), &list, &mut rng), use_it);
    assert_eq!(<MysticVale as Heuristic>::rollout_action(&g, &list, &mut rng), use_it);
}

#[test]
fn revision_8_magpie_on_a_used_card_shuffles_the_users_discard_pile() {
    // EN:1089: Magpie shuffles cards of "your discard pile" into your deck: the user's, once in the user's
    // Harvest Phase (EN:480). Player 0's discard pile holds cards 0-8.
    let mut g = dione_harvest(R8, &[], Some(&["magpie"]), None);
    let theirs = (g.players[1].deck, g.players[1].discard);
    assert!(legal(&g).iter().any(|a| a == "ability c3"), "{:?}", legal(&g));
    act(&mut g, "ability c3");
    assert!(g.players[0].deck.contains(&3) && !g.players[0].discard.contains(&3));
    act(&mut g, "decline");
    assert_eq!(g.players[0].deck.len(), 10, "the 9 cards of the deck and card 3");
    assert_eq!((g.players[1].deck, g.players[1].discard), theirs, "the owner's piles untouched");
    assert!(!legal(&g).iter().any(|a| a.starts_with("ability c")), "once a Harvest Phase");
    let seven = dione_harvest(7, &[], Some(&["magpie"]), None);
    assert!(!legal(&seven).iter().any(|a| a.starts_with("ability c")), "revision 7: symbols only");
}

#[test]
fn revision_8_a_neighbours_leader_card_brings_its_sides_choice() {
    // EN:834: the left neighbour's on-deck leader card, Cyrilla's starting side (+1 guardian on a card of
    // your field or on-deck card, EN:1592-1598, MV51), acts as player 0's: +1 guardian on player 0's Dawnsinger (1 mana a
    // guardian, EN:955).
    let make = |rules: u8| {
        let mut p0 = player(&[&["dawnsinger"]], &[0, 19], Some(9), &[10, 11, 12]);
        p0.leader = Some("dione".into());
        p0.leader_upgraded = true;
        let mut p1 = player(&[], &[], Some(19), &[1, 2]);
        p1.leader = Some("cyrilla".into());
        let p2 = player(&[], &[], None, &[6, 7]);
        let setup = Setup { start: 0, players: vec![p0, p1, p2], ..Setup::default() };
        let o = Options { players: 3, ..every_set(7) };
        let mut g = MysticVale::from_setup(&o, &setup, 7).unwrap_or_else(|e| panic!("setup: {e}"));
        g.options.rules = rules;
        act(&mut g, "pass");
        g
    };
    let mut g = make(R8);
    let mana = g.turn.mana_total;
    assert!(legal(&g).iter().any(|a| a == "ability c0"), "{:?}", legal(&g));
    act(&mut g, "ability c0");
    assert_eq!(g.turn.mana_total, mana + 1, "Dawnsinger's second guardian");
    assert!(!legal(&g).iter().any(|a| a.starts_with("ability c")), "once a Harvest Phase");
    assert!(!legal(&make(7)).iter().any(|a| a.starts_with("ability c")));
}

#[test]
fn revision_8_random_games_keep_the_rules_consistent() {
    // The revision-7 fixture's options (4 players, every set, random leaders), set to revision 8 after
    // the deal (the same deals), played by uniform random moves (`random_games_keep_the_rules_consistent`:
    // the bots' picks legal, notation and ids round trip, the words written, the events, the used cards
    // named as their owners', logged); Dione's upgraded side meets a used Harvest ability.
    let moments = random_games_keep_the_rules_consistent(&rules_7_leaders(), R8, SALT, 40, dione_moment);
    assert!(moments > 0, "Dione's upgraded side beside a used Harvest ability");
}

#[test]
fn revision_8_seed_sowers_on_a_used_card_spends_the_users_mana() {
    // EN:1160: Seed Sowers exchanges mana for its reward (2 for 1 VP): on a used card, the user's mana
    // (`use p1 c0 middle`, ruling MV23). Player 0's three Cursed Lands show 3 mana, Seed Sowers 2 more.
    let cl: &[&str] = &["cursed-land"];
    let mut g = dione_harvest(R8, &[cl, cl, cl], Some(&["seed-sowers"]), None);
    let l = legal(&g);
    assert!(l.iter().any(|a| a == "use p1 c0 middle"), "{l:?}");
    let (left, vp, theirs) = (g.mana_left(), g.players[0].vp, g.players[1].vp);
    act(&mut g, "use p1 c0 middle");
    assert_eq!(g.mana_left(), left - 2);
    assert_eq!(g.players[0].vp, vp + 1, "taken at once, by the user (EN:695)");
    assert_eq!(g.players[1].vp, theirs);
    let seven = dione_harvest(7, &[cl, cl, cl], Some(&["seed-sowers"]), None);
    assert!(!legal(&seven).iter().any(|a| a.starts_with("use p")));
}

/// A 3-player Harvest of player 0 under rules revision 8, Dione's upgraded side on card 19 in the field
/// with player 0's cards `mine` on cards 0.. (card 9 on-deck, `on_deck` sleeved on it; 10-18 the deck,
/// the rest discarded); player 1 (to the left) shows its leader `key` (upgraded if `up`) on its on-deck
/// card 19; player 2 has no on-deck card. The commons and vales are `commons` and `vales` if given.
fn used_leader(
    key: &str,
    up: bool,
    mine: &[&[&str]],
    on_deck: &[&str],
    commons: Option<[Vec<String>; 3]>,
) -> MysticVale {
    let mut given: Vec<&[&str]> = mine.to_vec();
    given.resize(9, &[]);
    given.push(on_deck);
    let mut field: Vec<u8> = (0..mine.len() as u8).collect();
    field.push(19);
    let mut p0 = player(&given, &field, Some(9), &[10, 11, 12, 13, 14, 15, 16, 17, 18]);
    p0.leader = Some("dione".into());
    p0.leader_upgraded = true;
    let mut p1 = player(&[], &[], Some(19), &[1, 2]);
    p1.leader = Some(key.into());
    p1.leader_upgraded = up;
    let p2 = player(&[], &[], None, &[6, 7]);
    let setup = Setup { start: 0, players: vec![p0, p1, p2], commons, ..Setup::default() };
    let o = Options { players: 3, ..every_set(7) };
    let mut g = MysticVale::from_setup(&o, &setup, 7).unwrap_or_else(|e| panic!("setup: {e}"));
    g.options.rules = R8;
    act(&mut g, "pass");
    assert_eq!(g.phase, Phase::Harvest);
    g
}

/// The legal actions a unique ability's choice takes (`ability …`, `workshop …`).
fn ability_choices(g: &MysticVale) -> Vec<String> {
    legal(g).into_iter().filter(|a| a.starts_with("ability ") || a.starts_with("workshop ")).collect()
}

#[test]
fn revision_8_a_used_leader_sides_choices_name_the_leader_and_its_owner() {
    // Ruling MV23: "decisions of a used card name it by its owner". Each leader side whose Harvest
    // ability makes a choice (MV51 Cyrilla, MV53 Guilduin, MV54 Nepeto, MV55 GinGan, Hempero EN:1653,
    // Old Bakarab MV75), shown on player 1's on-deck card and used by player 0's Dione: every choice
    // it offers reads as a sentence naming the leader and player 1, in each catalog language.
    use sylvan_engine::Locale;
    let sides = [
        ("cyrilla", false),
        ("cyrilla", true),
        ("gingan", false),
        ("guilduin", true),
        ("hempero", true),
        ("nepeto", false),
        ("old-bakarab", false),
        ("old-bakarab", true),
    ];
    for (key, up) in sides {
        let g = used_leader(key, up, &[&["dawnsinger"]], &[CL], None);
        let choices = ability_choices(&g);
        assert!(!choices.is_empty(), "{key} {up}: a choice");
        let view = g.view(Seat(0));
        for a in &choices {
            let action: Action = a.parse().unwrap_or_else(|e| panic!("{e}"));
            for locale in Locale::ALL {
                let text = sylvan_mystic_vale::words::describe_in(&view, action, locale);
                let title =
                    g.db.leaders.iter().find(|l| l.key == key).map(|l| sylvan_mystic_vale::words::title(l, locale));
                let title = title.unwrap_or_else(|| panic!("{key}"));
                assert!(text.contains(&title) && text.contains("p1"), "{key} {up} {a} in {locale:?}: {text}");
                assert!(text.len() > a.len() + 20 && !text.contains(a.as_str()), "{key} {up} {a}: {text}");
            }
        }
    }
    // A used advancement's choice names its card: Magpie (EN:1089) on player 1's on-deck card.
    let g = dione_harvest(R8, &[], Some(&["magpie"]), None);
    let text = sylvan_mystic_vale::words::describe_in(
        &g.view(Seat(0)),
        "ability c3".parse().unwrap_or(Action::Done),
        Locale::En,
    );
    assert!(
        text.starts_with("p1's on-deck card [") && text.contains("Magpie") && text.contains("your discard pile"),
        "{text}"
    );
    // `use p2 c5` names the card that can cost and its owner (Grassland, EN:1029).
    let g = dione_harvest(R8, &[&[CL]], None, Some(&["grassland"]));
    let use_it: Action = "use p2 c5".parse().unwrap_or_else(|e| panic!("{e}"));
    for locale in Locale::ALL {
        let text = sylvan_mystic_vale::words::describe_in(&g.view(Seat(0)), use_it, locale);
        let grassland =
            g.db.advancements
                .iter()
                .find(|a| a.key == "grassland")
                .map(|a| sylvan_mystic_vale::words::title(a, locale));
        assert!(text.contains("p2") && grassland.is_some_and(|t| text.contains(&t)), "{locale:?}: {text}");
    }
    // Revision 7 offers none of these: the user's own choices keep their words.
    let mut seven = used_leader("cyrilla", false, &[&["dawnsinger"]], &[CL], None);
    seven.options.rules = 7;
    assert!(ability_choices(&seven).is_empty());
}

#[test]
fn revision_8_a_used_cyrillas_upgraded_side_grafts_onto_the_users_card() {
    // EN:1600-1606, MV51: +1 guardian on a card of your field or on-deck, then another card's Harvest
    // ability added to it; used by Dione (MV23), "your" is the user's: Dawnsinger (1 mana a guardian,
    // EN:955) gets a guardian, then Forest Song's 1 VP (EN:1182) from player 0's other field card.
    let mut g = used_leader("cyrilla", true, &[&["dawnsinger"], &["forest-song"]], &[], None);
    let (mana, vp) = (g.turn.mana_total, g.turn.vp_total);
    act(&mut g, "ability c0");
    assert_eq!(g.turn.mana_total, mana + 1, "the guardian on Dawnsinger");
    assert!(legal(&g).iter().any(|a| a == "ability p0 c1 top"), "{:?}", legal(&g));
    act(&mut g, "ability p0 c1 top");
    assert_eq!(g.turn.vp_total, vp + 1, "Forest Song's VP once more, on Dawnsinger's card");
    assert!(ability_choices(&g).is_empty(), "once a Harvest Phase");
}

#[test]
fn revision_8_a_used_gingans_starting_side_redraws_the_users_on_deck_card() {
    // EN:1623-1629: "you may place your current on-deck card into your discard pile, then reveal a new
    // on-deck card": used by Dione (MV23), player 0's on-deck card, not player 1's.
    let mut g = used_leader("gingan", false, &[], &[CL], None);
    assert_eq!(ability_choices(&g), ["ability c9"]);
    act(&mut g, "ability c9");
    assert!(g.players[0].discard.contains(&9));
    assert_eq!(g.players[0].on_deck, Some(10), "the top of player 0's deck");
    assert_eq!(g.players[1].on_deck, Some(19), "player 1's leader card stays on-deck");
    assert!(ability_choices(&g).is_empty(), "once a Harvest Phase");
}

#[test]
fn revision_8_a_used_guilduins_copy_counts_the_users_card_again() {
    // EN:1647-1651, MV53: Guilduin takes "all the same symbols, powers" of another card of your field:
    // the chosen card's symbols and Harvest abilities count a second time. Used by Dione (MV23): a card
    // of player 0's field, Dawnsinger (1 mana, 1 animal, 1 guardian; 1 mana a guardian).
    let mut g = used_leader("guilduin", true, &[&["dawnsinger"]], &[], None);
    let blank = used_leader("guilduin", true, &[&[]], &[], None);
    let (mana, animal) = (g.turn.mana_total, g.turn.spirits[0]);
    act(&mut g, "ability c0");
    assert_eq!(g.turn.mana_total - mana, mana - blank.turn.mana_total, "Dawnsinger's mana again");
    assert_eq!(g.turn.spirits[0] - animal, animal - blank.turn.spirits[0], "and its animal");
    assert!(ability_choices(&g).is_empty(), "once a Harvest Phase");
}

#[test]
fn revision_8_a_used_hemperos_upgraded_side_clears_the_commons() {
    // EN:1653-1659: up to three level-2 or level-3 advancements of the commons go out of the game, then
    // the commons are refilled; used by Dione (MV23) once in player 0's Harvest Phase.
    let mut g = used_leader("hempero", true, &[], &[], None);
    let ent = g.commons[1][0];
    assert!(legal(&g).iter().any(|a| a == "ability 2.1"), "{:?}", legal(&g));
    assert!(!legal(&g).iter().any(|a| a == "ability 1.1"), "not level 1");
    act(&mut g, "ability 2.1");
    act(&mut g, "decline");
    assert!(g.removed_advs.contains(&ent), "out of the game");
    assert!(ability_choices(&g).is_empty(), "once a Harvest Phase");
}

#[test]
fn revision_8_a_used_nepetos_sides_sleeve_a_soil_and_give_a_third_buy() {
    // EN:1678-1684, MV54: a Fertile Soil of the supply sleeved on a card of your field, not a purchase;
    // used by Dione (MV23), on player 0's card. EN:1686-1690: the upgraded side's third purchase.
    let mut g = used_leader("nepeto", false, &[&[]], &[], None);
    let soil = g.soil;
    let bought = g.turn.bought.len();
    act(&mut g, "ability soil.middle c0");
    assert_eq!(g.players[0].cards[0].slots[1], g.db.soil[1], "a Fertile Soil on player 0's card 0");
    assert_eq!(g.soil[1], soil[1] - 1, "from the supply");
    assert_eq!(g.turn.bought.len(), bought, "not a purchase");
    assert!(ability_choices(&g).is_empty(), "once a Harvest Phase");
    let up = used_leader("nepeto", true, &[&[]], &[], None);
    assert_eq!(up.turn.ability_buys.0, 1, "a third advancement purchase");
    assert_eq!(used_leader("nepeto", false, &[&[]], &[], None).turn.ability_buys.0, 0);
}

#[test]
fn revision_8_a_used_ashaes_upgraded_side_counts_the_users_decay() {
    // EN:1586-1590: 1 VP from the box for each decay symbol on the cards in your field; used by Dione
    // (MV23), player 0's field with the used cards in it: a Cursed Land more, 1 VP more.
    let cursed = used_leader("ashae", true, &[&[CL]], &[], None);
    let blank = used_leader("ashae", true, &[&[]], &[], None);
    assert_eq!(cursed.turn.box_vp_total, blank.turn.box_vp_total + 1);
    // Dione's own starting side is never a neighbour's: each leader is dealt once (EN:812).
}

#[test]
fn revision_8_the_heuristic_takes_a_used_leader_sides_choice_when_it_pays() {
    // Cyrilla's guardian (MV51) used by Dione goes on player 0's Dawnsinger (1 mana a guardian), as the
    // module's own pick; on a field of blank cards a guardian brings nothing and it is declined.
    let pick = |g: &MysticVale| {
        let mut list = Vec::new();
        g.legal_actions(&mut list);
        <MysticVale as Heuristic>::heuristic_action(&g.view(Seat(0)), &list, &mut GameRng::new(1)).to_string()
    };
    assert_eq!(pick(&used_leader("cyrilla", false, &[&["dawnsinger"]], &[], None)), "ability c0");
    assert!(!pick(&used_leader("cyrilla", false, &[&[]], &[], None)).starts_with("ability"));
    // GinGan's redraw (EN:1623-1629) of player 0's on-deck card: a Cursed Land (decay, no growth) goes,
    // a blank card stays.
    assert_eq!(pick(&used_leader("gingan", false, &[], &[CL], None)), "ability c9");
    assert!(!pick(&used_leader("gingan", false, &[], &[], None)).starts_with("ability"));
    // Guilduin's copy (MV53): Dawnsinger, the card that brings most.
    assert_eq!(pick(&used_leader("guilduin", true, &[&[], &["dawnsinger"], &[]], &[], None)), "ability c1");
}

#[test]
fn revision_8_the_rollout_takes_a_used_leader_sides_choice_that_pays_and_not_one_that_costs() {
    let pick = |g: &MysticVale, seed: u64| {
        let mut list = Vec::new();
        g.legal_actions(&mut list);
        <MysticVale as Heuristic>::rollout_action(g, &list, &mut GameRng::new(seed)).to_string()
    };
    // Guilduin's copy (MV53) of Dawnsinger leaves more to spend than a copy of a blank card or of
    // Dione's card.
    let g = used_leader("guilduin", true, &[&[], &["dawnsinger"], &[]], &[], None);
    for seed in 0..8 {
        assert_eq!(pick(&g, seed), "ability c1", "seed {seed}");
    }
    // Cyrilla's upgraded side (MV51): the guardian on Dawnsinger (1 mana), then Forest Song's 1 VP added
    // to it rather than another card's ability or none.
    let mut g = used_leader("cyrilla", true, &[&["dawnsinger"], &["forest-song"], &["stag"]], &[], None);
    for seed in 0..8 {
        assert_eq!(pick(&g, seed), "ability c0", "seed {seed}");
    }
    act(&mut g, "ability c0");
    assert!(legal(&g).len() > 2, "{:?}", legal(&g));
    for seed in 0..8 {
        assert_eq!(pick(&g, seed), "ability p0 c1 top", "seed {seed}");
    }
    // Old Bakarab's upgraded side (MV75) offers to pay 1 mana to turn back: used by Dione it turns no
    // leader of player 0's, so the rollout leaves it.
    let g = used_leader("old-bakarab", true, &[&[CL], &[CL]], &[], None);
    assert!(legal(&g).iter().any(|a| a == "ability 1"), "{:?}", legal(&g));
    for seed in 0..8 {
        assert_ne!(pick(&g, seed), "ability 1", "seed {seed}");
    }
}

/// Player 0 with Dione's upgraded side on card 19 in the field; player 1 (to the left) with GinGan's
/// upgraded side showing on its on-deck leader card 19 and Forest Song on card 1, the top of its deck;
/// player 2 (to the right) with a blank on-deck card 5. Played under `rules`, up to the Harvest.
fn gingan_beside_dione(rules: u8) -> MysticVale {
    let mut p0 = player(&[], &[19], Some(9), &[10, 11, 12]);
    p0.leader = Some("dione".into());
    p0.leader_upgraded = true;
    let mut p1 = player(&[&[], &["forest-song"]], &[], Some(19), &[1, 2]);
    p1.leader = Some("gingan".into());
    p1.leader_upgraded = true;
    let p2 = player(&[], &[], Some(5), &[6, 7]);
    let setup = Setup { start: 0, players: vec![p0, p1, p2], ..Setup::default() };
    let o = Options { players: 3, ..every_set(7) };
    let mut g = MysticVale::from_setup(&o, &setup, 7).unwrap_or_else(|e| panic!("setup: {e}"));
    g.options.rules = rules;
    act(&mut g, "pass");
    g
}

#[test]
fn revision_8_a_used_gingan_side_asks_the_users_neighbours_as_the_harvest_begins() {
    // EN:834 (a leader's abilities work as all others), EN:1617 (the on-deck cards as if in your field):
    // GinGan's upgraded side on the left neighbour's on-deck leader card acts for player 0 (ruling MV23):
    // "the player seated to your left may choose to discard their on-deck card then reveal a new on-deck
    // card ... you gain 1 [VP] from the game box. Then the player to you right may make the same choice"
    // (EN:1631-1635). The left neighbour discards the GinGan card itself: the card it reveals (Forest
    // Song, 1 VP, EN:1182) is the one Dione uses from then on.
    let mut g = gingan_beside_dione(R8);
    assert_eq!(g.phase, Phase::NeighbourDiscard { seat: 1, next: Some(2) }, "player 0's left neighbour first");
    assert_eq!(g.to_move(), Some(Seat(1)));
    let (vp, field_vp) = (g.players[0].vp, g.turn.vp_total);
    act(&mut g, "discard c19");
    assert_eq!(g.players[1].on_deck, Some(1), "player 1 revealed Forest Song's card");
    assert_eq!(g.players[0].vp, vp + 1, "1 VP from the box for player 0, the user");
    assert_eq!(g.turn.vp_total, field_vp + 1, "the revealed card's Harvest VP count for player 0");
    assert_eq!(g.phase, Phase::NeighbourDiscard { seat: 2, next: None }, "then the right one");
    act(&mut g, "decline");
    assert_eq!((g.phase, g.to_move()), (Phase::Harvest, Some(Seat(0))));
    assert_eq!(g.players[0].vp, vp + 1);
    // Once in the Harvest Phase; revision 7 counts the GinGan card's symbols only and asks nobody.
    assert!(!legal(&g).iter().any(|a| a.starts_with("discard")));
    let seven = gingan_beside_dione(7);
    assert_eq!(seven.phase, Phase::Harvest);
}

#[test]
fn revision_8_the_users_manadew_meadow_may_choose_a_used_card() {
    // EN:1397-1399: Manadew Meadow: "choose 1 card in your field. For each [mana] on that card you may
    // gain 1" (the card with the most, MV44). A used card is "as if in your field" (EN:1617): the left
    // neighbour's three Cursed Lands show 3 mana against player 0's best card's 1 (ruling MV23).
    let make = |rules: u8, meadow: bool| {
        let mut p0 = player(&[&["cursed-land"]], &[0, 19], Some(9), &[10, 11, 12]);
        p0.leader = Some("dione".into());
        p0.leader_upgraded = true;
        if meadow {
            p0.vales = vec!["manadew-meadow".into()];
        }
        let cl = "cursed-land";
        let p1 = player(&[&[cl, cl, cl]], &[], Some(0), &[1, 2]);
        let p2 = player(&[], &[], None, &[6, 7]);
        let setup = Setup { start: 0, players: vec![p0, p1, p2], ..Setup::default() };
        let o = Options { players: 3, ..every_set(7) };
        let mut g = MysticVale::from_setup(&o, &setup, 7).unwrap_or_else(|e| panic!("setup: {e}"));
        g.options.rules = rules;
        act(&mut g, "pass");
        g
    };
    assert_eq!(make(R8, true).turn.mana_total, make(R8, false).turn.mana_total + 3, "the used card's 3");
    assert_eq!(make(7, true).turn.mana_total, make(7, false).turn.mana_total + 1, "revision 7: player 0's card's 1");
}

#[test]
fn revision_8_the_users_beastbrother_hunter_is_resolved_before_the_used_cards_join() {
    // EN:886-888: Beastbrother Hunter gains "the difference between 7 and the number of cards in your
    // field"; the Harvest is resolved in any order (EN:462, 478) and a gain once taken stays (MV83), so
    // the player resolves it before using Dione's ability (ruling MV23): the two used cards do not shrink
    // it. A Beastbrother Hunter on a used card counts the whole field (player 0's two cards, the two used
    // ones: 3).
    let blank: &[&str] = &[];
    let hunter = dione_harvest(R8, &[&["beastbrother-hunter"]], Some(blank), Some(blank));
    let seven = dione_harvest(7, &[&["beastbrother-hunter"]], Some(blank), Some(blank));
    assert_eq!(hunter.turn.vp_total, seven.turn.vp_total, "7 − 2 either way");
    let without = dione_harvest(R8, &[blank], Some(blank), Some(blank));
    let used = dione_harvest(R8, &[blank], Some(&["beastbrother-hunter"]), Some(blank));
    assert_eq!(used.turn.vp_total, without.turn.vp_total + 3, "7 − 4 on a used card");
}

/// Player 0 with Cyrilla's starting side (+1 guardian, EN:1592-1598) on card 19 and Canopy Explorer
/// (one guardian: one card from the deck, EN:919) on card 0 filled with two Cursed Lands, in the field;
/// blank cards 10 and 11 on top of the deck, 20 mana to spend. The Harvest begins: Explorer took card 10.
fn explorer_with_cyrilla(rules: u8) -> MysticVale {
    let cl = "cursed-land";
    let mut p = player(&[&["canopy-explorer", cl, cl]], &[0, 19], Some(9), &[10, 11, 12]);
    p.leader = Some("cyrilla".into());
    let mut g = game_with(&every_set(7), p, None, None);
    g.options.rules = rules;
    g.turn.mana_extra = 20;
    act(&mut g, "pass");
    g
}

#[test]
fn revision_8_a_card_canopy_explorer_takes_after_a_guardian_gives_its_places() {
    // Ruling MV92: Cyrilla's guardian on Canopy Explorer's card takes one more card into the field
    // (EN:462, 919; MV41); its empty slots are places a purchase may be sleeved on (EN:532, 556; MV21).
    // Revision 7 left them out of the count until something else recounted it, refusing a purchase
    // that fits; revision 8 counts them at once.
    for rules in [7, R8] {
        let mut g = explorer_with_cyrilla(rules);
        assert_eq!(g.players[0].field[..], [0, 19, 10], "Explorer's card");
        act(&mut g, "ability c0");
        assert_eq!(g.players[0].field[..], [0, 19, 10, 11], "one more guardian, one more card");
        // Two blank cards: two top places (card 0's are full, a leader's card takes none, EN:836).
        act(&mut g, "buy soil.top");
        let again = legal(&g).iter().any(|a| a == "buy soil.top");
        assert_eq!(again, rules >= R8, "rules {rules}: a second purchase has card 11's place");
    }
}

/// The active player's places as counted from the field now ([`MysticVale::count_places`]'s sum).
fn fresh_places(g: &MysticVale) -> [[u8; 3]; 3] {
    let p = &g.players[g.current as usize];
    let sum: u64 = p.field.iter().map(|&c| p.stats[c as usize].places).sum();
    std::array::from_fn(|k| std::array::from_fn(|x| ((sum >> (7 * (3 * k + x))) & 0x7f) as u8))
}

#[test]
fn revision_8_the_places_counted_match_the_field_after_every_action() {
    // Ruling MV92: wherever a purchase's place is checked (the Harvest, the Sleeve step) and no unique
    // ability is midway (Old Bakarab's Workshop sleeves before its card leaves), `turn.places` is the
    // field's count, in random games of every set with leaders and amulets, the Essential edition, and
    // three sets with leaders, 2 to 4 players. Revision 7 is left as it played (its games are pinned).
    use sylvan_mystic_vale::setup::{Amulets, Edition};
    let mut checked = 0usize;
    for players in 2..=4usize {
        for seed in 0..30u64 {
            let o = match seed % 3 {
                0 => Options { players, leaders: Leaders::Random, amulets: Amulets::Random, ..every_set(7) },
                1 => {
                    Options { players, sets: "base,magic,wild".into(), leaders: Leaders::Random, ..Options::default() }
                }
                _ => Options { players, edition: Edition::Essential, ..Options::default() },
            };
            let mut g = MysticVale::new(&o, seed).unwrap_or_else(|e| panic!("{e}"));
            g.options.rules = R8;
            let mut rng = GameRng::new(seed);
            let mut legal = Vec::new();
            let mut moves = 0;
            while g.to_move().is_some() {
                g.legal_actions(&mut legal);
                let a = legal[rng.index(legal.len())];
                g.apply_unchecked(a, &mut NoEvents);
                moves += 1;
                if matches!(g.phase, Phase::Harvest | Phase::Sleeve) && g.turn.ability_open.is_none() {
                    assert_eq!(g.turn.places, fresh_places(&g), "{players} players, game {seed}, move {moves}: {a}");
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 10_000, "{checked}");
}
