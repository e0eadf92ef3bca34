//! Mana Storm abilities played by a decision (issue 16, part 2): Nightvale Pathfinder, Silver Tree,
//! Harpy Canyon, Borderwatch Bog, Old Bakarab's Workshop. One test each from an explicit setup.

use sylvan_engine::{Game, Seat};
use sylvan_mystic_vale::{MysticVale, Options, Phase, SetupPlayer};

use crate::common::*;

fn storm() -> Options {
    Options { sets: "base,magic,wild,manastorm".into(), ..Options::default() }
}

fn owns(mut p: SetupPlayer, vales: &[&str]) -> SetupPlayer {
    p.vales = vales.iter().map(|s| s.to_string()).collect();
    p
}

fn adv_id(g: &MysticVale, key: &str) -> u8 {
    g.db.advancements.iter().position(|a| a.key == key).unwrap_or_else(|| panic!("no advancement {key}")) as u8
}

fn has(g: &MysticVale, a: &str) -> bool {
    legal(g).iter().any(|x| x == a)
}

#[test]
fn nightvale_pathfinder_claims_a_second_advancement_without_a_buy() {
    // EN:1109-1116: when bought, claim another advancement of the commons costing 1-6 (Fertile Soils
    // included) as if bought: sleeved in the Discard Phase, its own "when bought" fires, no buy used.
    let given: &[&[&str]] = &[&["wellspring", "plow"], &["wellspring"]];
    let p = player(given, &[0, 1, 2], Some(3), &[4, 5]);
    let rows = commons(
        &["nightvale-pathfinder", "nightvale-pathfinder", "seedling"],
        &["plow", "hawk", "mindful-owl"],
        &["calm-weather", "aurora", "stag"],
    );
    let mut g = game_with(&storm(), p, rows, None);
    act(&mut g, "pass");
    assert_eq!(g.mana_left(), 6);
    act(&mut g, "buy 1.1");
    // Only the claim's decision: cost 1-6 (calm weather 6 yes, aurora 7 no), Fertile Soils included.
    let l = legal(&g);
    assert_eq!(l[0], "decline");
    for yes in ["claim 1.2", "claim 1.3", "claim 2.1", "claim 3.1", "claim soil.top"] {
        assert!(l.contains(&yes.to_string()), "{yes}: {l:?}");
    }
    for no in ["claim 3.2", "claim 3.3", "done", "buy 1.3"] {
        assert!(!l.contains(&no.to_string()), "{no}: {l:?}");
    }
    // A second Pathfinder claimed: its own "when bought" fires, another claim waits.
    act(&mut g, "claim 1.2");
    assert_eq!(g.turn.fx.claim_advancement.claims, 1);
    act(&mut g, "claim 2.1");
    assert_eq!(g.turn.fx.claim_advancement.claims, 0);
    assert_eq!(g.commons[1][0], sylvan_mystic_vale::state::EMPTY, "refilled at the Discard Phase");
    assert_eq!(g.turn.bought.len(), 3);
    assert_eq!(g.mana_left(), 2, "claims cost nothing");
    // The two claims use no buy: a second purchase is still allowed.
    assert!(has(&g, "buy 1.3"), "{:?}", legal(&g));
    act(&mut g, "buy 1.3");
    assert!(!legal(&g).iter().any(|a| a.starts_with("buy")), "two buys used");
    act(&mut g, "done");
    while g.phase == Phase::Sleeve {
        let l = legal(&g);
        act(&mut g, &l[0]);
    }
    let plow = adv_id(&g, "plow");
    let path = adv_id(&g, "nightvale-pathfinder");
    let owned: Vec<u8> = g.players[0].cards.iter().flat_map(|s| s.advs()).collect();
    assert_eq!(owned.iter().filter(|&&a| a == path).count(), 2);
    assert_eq!(owned.iter().filter(|&&a| a == plow).count(), 2, "the claimed Plow is sleeved");
    assert_ne!(g.commons[1][0], sylvan_mystic_vale::state::EMPTY);
    // Declining claims nothing.
    let p = player(given, &[0, 1, 2], Some(3), &[4, 5]);
    let mut g = game_with(&storm(), p, commons(&["nightvale-pathfinder"], &["plow"], &["stag"]), None);
    act(&mut g, "pass");
    act(&mut g, "buy 1.1");
    act(&mut g, "decline");
    assert_eq!(g.turn.bought.len(), 1);
    assert!(has(&g, "done"));
}

#[test]
fn silver_tree_discards_the_on_deck_or_a_field_card_when_the_token_is_evoked() {
    // EN:1448-1454: on an Evoke (a regular token too), optionally discard the on-deck card or a field
    // card; a new on-deck card is revealed (ruling MV73).
    let mut p = owns(player(&[&[], &[], &[CL]], &[0, 1], Some(2), &[3, 4]), &["silver-tree"]);
    p.token_active = true;
    let mut g = game_with(&storm(), p.clone(), None, None);
    act(&mut g, "pass");
    act(&mut g, "token");
    assert_eq!(legal(&g), vec!["decline", "discard c0", "discard c1", "discard c2"]);
    act(&mut g, "discard c2");
    let pl = &g.players[0];
    assert!(pl.discard.contains(&2));
    assert_eq!(pl.on_deck, Some(3), "a new on-deck card");
    assert_eq!(g.mana_left(), 1, "the token's mana");
    assert!(has(&g, "done"));
    // Declining changes nothing.
    let mut g = game_with(&storm(), p, None, None);
    act(&mut g, "pass");
    act(&mut g, "token");
    act(&mut g, "decline");
    assert_eq!(g.players[0].on_deck, Some(2));
    // With an amulet, about to spoil: the Evoke's growth, then the spoiling card discarded.
    let mut p =
        owns(player(&[&[CL], &[CL], &[CL], &[], &[CL], &[CL]], &[0, 1, 2], Some(3), &[4, 6, 5]), &["silver-tree"]);
    p.amulet = Some("rootwood-charm".into());
    p.token_active = true;
    let mut g = game_with(&storm(), p, None, None);
    act(&mut g, "push");
    assert!(matches!(g.phase, Phase::SpoilPrompt { .. }));
    act(&mut g, "evoke");
    assert!(g.turn.fx.discard_on_evoke.waiting, "the decision waits before the spoil is checked again");
    act(&mut g, "discard c4");
    assert_eq!(g.players[0].on_deck, Some(6));
    assert_eq!(g.phase, Phase::Planting, "3 decay, 1 growth: no spoil");
}

#[test]
fn harpy_canyon_resolves_a_when_played_ability_again() {
    // EN:1379-1385: in the Planting Phase, one When Played ability of a field card resolves again;
    // optional (ruling MV72); nothing is revealed after it.
    let given: &[&[&str]] = &[&["deadwood-harvester"], &[CL], &["magic-mushroom"]];
    let p = owns(player(given, &[0, 1, 2], Some(3), &[4, 5]), &["harpy-canyon"]);
    let mut g = game_with(&storm(), p, None, None);
    let l = legal(&g);
    assert!(l.contains(&"pass".to_string()), "optional");
    assert!(l.contains(&"replay c0 bottom".to_string()) && l.contains(&"replay c2 bottom".to_string()), "{l:?}");
    act(&mut g, "replay c0 bottom");
    assert_eq!(legal(&g), vec!["decline", "discard c1", "discard c2"]);
    act(&mut g, "discard c1");
    assert_eq!(g.phase, Phase::Planting);
    assert_eq!(g.players[0].on_deck, Some(3), "nothing revealed");
    assert!(g.players[0].discard.contains(&1));
    assert!(!legal(&g).iter().any(|a| a.starts_with("replay")), "once a turn");
    // Magic Mushroom again: a used token turns active.
    let p = owns(player(given, &[0, 1, 2], Some(3), &[4, 5]), &["harpy-canyon"]);
    let mut g = game_with(&storm(), p, None, None);
    assert!(!g.players[0].token_active);
    act(&mut g, "replay c2 bottom");
    assert!(g.players[0].token_active);
    assert_eq!(g.phase, Phase::Planting);
    // A vale bought this turn does not act yet (EN:518): no replay without an owned one.
    let mut g = game_with(&storm(), player(given, &[0, 1, 2], Some(3), &[4, 5]), None, None);
    assert!(!legal(&g).iter().any(|a| a.starts_with("replay")));
    act(&mut g, "pass");
}

/// Player 0 owns Borderwatch Bog: blanks in the field, a Cursed Land on-deck, then Cursed Land, Cursed
/// Land, blank, Cursed Land on the deck. The pool is out: this round is the last.
fn bog_game() -> MysticVale {
    let given: &[&[&str]] = &[&[], &[], &[CL], &[CL], &[CL], &[], &[CL]];
    let p = owns(player(given, &[0, 1], Some(2), &[3, 4, 5, 6]), &["borderwatch-bog"]);
    let mut g = game_with(&storm(), p, None, None);
    g.ending = true;
    act(&mut g, "pass");
    act(&mut g, "done");
    // Prep Phase: c2 and c3 planted, c4 on-deck (3 decay). Then player 1's last turn.
    assert_eq!(g.current, 1);
    act(&mut g, "pass");
    act(&mut g, "done");
    g
}

#[test]
fn borderwatch_bog_plays_one_more_planting_phase_after_the_game() {
    // EN:1264-1276: after the last turn (and the Prep Phase), one more Planting Phase; -8 and +1 per field
    // card if it ends without a Spoil, -8 and 0 if it spoils. Only push and pass (ruling MV74).
    let mut g = bog_game();
    assert_eq!(g.phase, Phase::Bog);
    assert_eq!(g.current, 0);
    assert_eq!(g.players[0].field, vec![2, 3]);
    assert_eq!(legal(&g), vec!["pass", "push"]);
    act(&mut g, "push");
    assert_eq!(g.players[0].on_deck, Some(5));
    act(&mut g, "pass");
    assert_eq!(g.players[0].fx.bog_planting.placed, Some(3));
    assert!(g.over());
    let kept = g.score(0);
    assert!(
        sylvan_engine::Game::breakdown(&g, sylvan_engine::Lang::En)
            .is_some_and(|b| b.notes.iter().any(|n| n.contains("p0 placed 3 cards")))
    );
    // Pushing into the fourth decay spoils it: 0.
    let mut g = bog_game();
    act(&mut g, "push");
    act(&mut g, "push");
    assert_eq!(g.players[0].fx.bog_planting.placed, Some(0));
    assert!(g.over());
    assert_eq!(kept - g.score(0), 3);
    // Without a Borderwatch Bog the game ends after the last turn.
    let mut g = game_with(&storm(), player(&[], &[0], Some(1), &[2]), None, None);
    g.ending = true;
    for a in ["pass", "done", "pass", "done"] {
        act(&mut g, a);
    }
    assert!(g.over());
    assert_eq!(g.players[0].fx.bog_planting.placed, None);
}

#[test]
fn borderwatch_bog_owned_by_the_last_player_plays_its_prep_phase_first() {
    // EN:1270: "If you've already done a Prep Phase (which you should have done at the end of your last
    // turn)": the last seat's turn ends the game before its Prep Phase, so it plays one first.
    let given: &[&[&str]] = &[&[], &[], &[], &[CL], &[CL], &[CL]];
    let p1 = owns(player(given, &[], Some(0), &[1, 2, 3, 4, 5]), &["borderwatch-bog"]);
    let setup = sylvan_mystic_vale::Setup { start: 0, players: vec![quiet(), p1], ..Default::default() };
    let mut g = match <MysticVale as sylvan_engine::Game>::from_setup(&storm(), &setup, 7) {
        Ok(g) => g,
        Err(e) => panic!("{e}"),
    };
    g.ending = true;
    for a in ["pass", "done", "pass", "done"] {
        act(&mut g, a);
    }
    assert_eq!(g.phase, Phase::Bog);
    assert_eq!(g.current, 1);
    // The Prep Phase planted cards until 3 decay showed: c0-c4 in the field, c5 on-deck.
    assert_eq!(g.players[1].field, vec![0, 1, 2, 3, 4]);
    assert_eq!(g.players[1].on_deck, Some(5));
    act(&mut g, "pass");
    assert_eq!(g.players[1].fx.bog_planting.placed, Some(5));
    assert!(g.over());
}

fn bakarab(p: SetupPlayer, upgraded: bool, workshop: &[&str]) -> SetupPlayer {
    SetupPlayer {
        leader: Some("old-bakarab".into()),
        leader_upgraded: upgraded,
        workshop: workshop.iter().map(|s| s.to_string()).collect(),
        ..p
    }
}

#[test]
fn old_bakarab_takes_an_advancement_into_the_workshop_unowned_and_unbought() {
    // EN:1694-1704: choose any advancement of the commons (Fertile Soils included), put it face up in the
    // workshop, free; not a purchase; the place refills in the Discard Phase; Dawnfire Dragon ignores it.
    let p = bakarab(player(&[&[], &["dawnfire-dragon"]], &[0, 1, 19], Some(2), &[3, 4]), false, &[]);
    let rows = commons(&["seedling"], &["plow"], &["stag", "aurora"]);
    let mut g = game_with(&storm(), p, rows, None);
    act(&mut g, "pass");
    let l = legal(&g);
    for yes in ["ability 1.1", "ability 2.1", "ability 3.2", "ability soil.top", "ability soil.bottom"] {
        assert!(l.contains(&yes.to_string()), "{yes}: {l:?}");
    }
    let score = g.score(0);
    let mana = g.mana_left();
    act(&mut g, "ability 3.1");
    let stag = adv_id(&g, "stag");
    assert_eq!(g.players[0].fx.workshop.pile, vec![stag]);
    assert_eq!(g.commons[2][0], sylvan_mystic_vale::state::EMPTY);
    assert_eq!(g.mana_left(), mana, "free");
    assert!(g.turn.bought.is_empty(), "not bought");
    assert_eq!(g.score(0), score, "not owned: Dawnfire Dragon counts no level-3 advancement more");
    assert!(!legal(&g).iter().any(|a| a.starts_with("ability")), "once a turn");
    act(&mut g, "done");
    assert_ne!(g.commons[2][0], sylvan_mystic_vale::state::EMPTY, "refilled in the Discard Phase");
    assert_eq!(g.players[0].fx.workshop.pile, vec![stag], "it stays there");
    // A Fertile Soil from the supply.
    let p = bakarab(player(&[], &[0, 19], Some(1), &[2]), false, &[]);
    let mut g = game_with(&storm(), p, None, None);
    act(&mut g, "pass");
    let left = g.soil[0];
    act(&mut g, "ability soil.top");
    assert_eq!(g.soil[0], left - 1);
    assert_eq!(g.players[0].fx.workshop.pile.len(), 1);
}

#[test]
fn old_bakarab_upgraded_sleeves_workshop_advancements_on_a_card_that_goes_under_the_deck() {
    // EN:1706-1716: sleeve workshop advancements onto one field card (normal rules), which then goes to the
    // bottom of the deck, unused; at least one; the rest stay; pay 1 to turn back, besides.
    let p = bakarab(player(&[], &[0, 1, 19], Some(2), &[3, 4]), true, &["plow", "seedling", "wellspring"]);
    let mut g = game_with(&storm(), p.clone(), None, None);
    act(&mut g, "pass");
    let mana = g.mana_left();
    let l = legal(&g);
    assert!(l.contains(&"ability 1".to_string()) && l.contains(&"workshop 1 c0".to_string()), "{l:?}");
    assert!(!l.iter().any(|a| a.starts_with("workshop") && a.ends_with("c19")), "never on the leader's card");
    act(&mut g, "workshop 1 c0");
    // Then only onto the same card.
    let l = legal(&g);
    assert!(l.contains(&"workshop 1 c0".to_string()) && !l.contains(&"workshop 1 c1".to_string()), "{l:?}");
    act(&mut g, "workshop 1 c0");
    act(&mut g, "decline");
    let pl = &g.players[0];
    let (plow, seedling, well) = (adv_id(&g, "plow"), adv_id(&g, "seedling"), adv_id(&g, "wellspring"));
    assert_eq!(pl.cards[0].advs().collect::<Vec<_>>(), vec![plow, seedling]);
    assert_eq!(pl.fx.workshop.pile, vec![well], "the rest stays in the workshop");
    assert_eq!(pl.deck[0], 0, "under the deck");
    assert!(!pl.field.contains(&0));
    assert_eq!(g.mana_left(), mana, "its new advancements are not used");
    assert!(pl.leader.is_some_and(|l| l.upgraded));
    // Paying 1 mana turns the leader back to its starting side.
    let mut g = game_with(&storm(), p, None, None);
    act(&mut g, "pass");
    act(&mut g, "ability 1");
    act(&mut g, "decline");
    assert_eq!(g.mana_left(), mana - 1);
    assert!(g.players[0].leader.is_some_and(|l| l.upgraded), "its side counts in this Harvest");
    act(&mut g, "done");
    assert!(g.players[0].leader.is_some_and(|l| !l.upgraded), "turned back as the Harvest ends");
    assert_eq!(g.players[0].fx.workshop.pile.len(), 3);
    assert!(g.players[0].field.contains(&0));
}

#[test]
fn a_chosen_set_with_one_named_conclave_is_played_and_the_round_limit_ends_it() {
    // EN:751: "select 6 conclaves (randomly or otherwise)"; EN:757 only recommends 2 of the nine (ruling
    // MV76): an explicit set with one is the user's choice; a game that never empties the pool ends by the
    // round limit (MV14). `random` always holds 2 (tested in `conclaves.rs`).
    let weak = "early-harvest,nightvale-watch,wellsprings-of-mana,tides-and-storms,gaias-children,hidden-paths";
    // Rules revision 2: the legal lists these seeds were chosen with (revision 3 adds `use` choices).
    let o = Options { players: 2, conclaves: weak.into(), rules: 2, ..Options::default() };
    let mut legal = Vec::new();
    let (mut by_pool, mut by_limit) = (0, 0);
    for seed in 0..300u64 {
        let mut g = match <MysticVale as sylvan_engine::Game>::new(&o, seed) {
            Ok(g) => g,
            Err(e) => panic!("{e}"),
        };
        let mut rng = sylvan_engine::GameRng::new(seed);
        while !g.over() {
            sylvan_engine::Game::legal_actions(&g, &mut legal);
            let a = legal[rng.index(legal.len())];
            sylvan_engine::Game::apply_unchecked(&mut g, a, &mut sylvan_engine::NoEvents);
        }
        assert!(g.rounds <= sylvan_mystic_vale::turn::MAX_ROUNDS, "seed {seed}: {} rounds", g.rounds);
        if g.pool == 0 { by_pool += 1 } else { by_limit += 1 }
    }
    assert!(by_pool > 250, "most end by the pool: {by_pool} of 300");
    assert!(by_limit > 0, "some random games of this set need the round limit");
}

/// The vale actions the heuristic takes in player 0's Harvest Phase, with Borderwatch Bog alone in the
/// vale row and 2 forest and 2 sky to pay for it; `cursed` cards of the deck are Cursed Lands.
fn heuristic_vales_with_bog_on_offer(cursed: usize) -> Vec<String> {
    let mut given: Vec<&[&str]> = vec![&["plow"], &["plow"], &["hawk"], &["hawk"]];
    given.extend(std::iter::repeat_n(&[CL][..], cursed));
    let p = player(&given, &[0, 1, 2, 3], Some(19), &(4..19).collect::<Vec<u8>>());
    let mut g = game_with(&storm(), p, None, vales(&[], &["borderwatch-bog"]));
    act(&mut g, "pass");
    let mut taken = Vec::new();
    let mut rng = sylvan_engine::GameRng::new(1);
    while g.phase == Phase::Harvest && g.current == 0 {
        let mut v = Vec::new();
        g.legal_actions(&mut v);
        let a = <MysticVale as sylvan_engine::Heuristic>::heuristic_action(&g.view(Seat(0)), &v, &mut rng);
        if a.to_string().starts_with("vale") {
            taken.push(a.to_string());
        }
        act(&mut g, &a.to_string());
    }
    taken
}

#[test]
fn issue_16_the_heuristic_buys_borderwatch_bog_for_a_deck_that_fills_its_field() {
    // Borderwatch Bog is -8 VP and 1 VP per card its owner's extra Planting Phase places (EN:1266-1276):
    // worth buying with a deck of little decay, not with one of Cursed Lands.
    assert_eq!(heuristic_vales_with_bog_on_offer(0), vec!["vale 2.1"]);
    assert!(heuristic_vales_with_bog_on_offer(12).is_empty());
}

/// The rollout policy's choices in `g` over 20 seeds of its generator (one each).
fn rollout_choices(g: &MysticVale) -> Vec<String> {
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    let mut out: Vec<String> = (0..20)
        .map(|seed| {
            let mut rng = sylvan_engine::GameRng::new(seed);
            <MysticVale as sylvan_engine::Heuristic>::rollout_action(g, &v, &mut rng).to_string()
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

#[test]
fn issue_16_rollouts_choose_silver_tree_claims_and_the_workshop_by_rule() {
    // Silver Tree after an Evoke: a Cursed Land on-deck goes; a blank one stays.
    let mut p = owns(player(&[&[], &[], &[CL]], &[0, 1], Some(2), &[3, 4]), &["silver-tree"]);
    p.token_active = true;
    let mut g = game_with(&storm(), p, None, None);
    act(&mut g, "pass");
    act(&mut g, "token");
    assert_eq!(rollout_choices(&g), vec!["discard c2"]);
    let mut p = owns(player(&[&[], &[], &[]], &[0, 1], Some(2), &[3, 4]), &["silver-tree"]);
    p.token_active = true;
    let mut g = game_with(&storm(), p, None, None);
    act(&mut g, "pass");
    act(&mut g, "token");
    assert_eq!(rollout_choices(&g), vec!["decline"]);
    // About to spoil: the card with the most net decay goes.
    let mut p =
        owns(player(&[&[CL], &[CL], &[CL], &[], &[CL, CL], &[CL]], &[0, 1, 2], Some(3), &[4, 6, 5]), &["silver-tree"]);
    p.amulet = Some("rootwood-charm".into());
    p.token_active = true;
    let mut g = game_with(&storm(), p, None, None);
    act(&mut g, "push");
    act(&mut g, "evoke");
    assert_eq!(rollout_choices(&g), vec!["discard c4"]);
    // Nightvale Pathfinder: the claim from the highest level.
    let given: &[&[&str]] = &[&["wellspring", "plow"], &["wellspring"]];
    let rows = commons(&["nightvale-pathfinder", "seedling"], &["plow", "hawk"], &["calm-weather", "aurora"]);
    let mut g = game_with(&storm(), player(given, &[0, 1, 2], Some(3), &[4, 5]), rows, None);
    act(&mut g, "pass");
    act(&mut g, "buy 1.1");
    assert_eq!(rollout_choices(&g), vec!["claim 3.1"]);
    // Old Bakarab's starting side takes from the highest level.
    let p = bakarab(player(&[], &[0, 1, 19], Some(2), &[3, 4]), false, &[]);
    let rows = commons(&["seedling"], &["plow"], &["stag", "aurora"]);
    let mut g = game_with(&storm(), p, rows, None);
    act(&mut g, "pass");
    assert!(rollout_choices(&g).iter().all(|a| a.starts_with("ability 3.")), "{:?}", rollout_choices(&g));
    // Its upgraded side sleeves the highest-level advancement first (Plow, level 2), then the rest on the
    // same card (Seedling), and does not pay to turn back.
    let p = bakarab(player(&[], &[0, 1, 19], Some(2), &[3, 4]), true, &["seedling", "plow"]);
    let mut g = game_with(&storm(), p, None, None);
    act(&mut g, "pass");
    let first = rollout_choices(&g);
    assert!(first.iter().all(|a| a.starts_with("workshop 2 ")), "{first:?}");
    act(&mut g, &first[0]);
    let second = rollout_choices(&g);
    assert!(second.iter().all(|a| a.starts_with("workshop 1 ")), "{second:?}");
    act(&mut g, &second[0]);
    assert_eq!(rollout_choices(&g), vec!["decline"]);
}
