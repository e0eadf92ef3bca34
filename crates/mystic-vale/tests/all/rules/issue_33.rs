//! Issue 33, Mystic Vale defects 1-10: abilities resolved one at a time in the player's order, each
//! gain banked at once (EN:462, 478, 677, 695), and abilities limited per card (EN:675). One test per
//! defect, citing the rulebook lines (the Essential Edition's English file).

use sylvan_engine::Game;
use sylvan_mystic_vale::{MysticVale, Options, Phase, SetupPlayer};

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

fn with_amulet(mut p: SetupPlayer, key: &str, active: bool) -> SetupPlayer {
    p.amulet = Some(key.into());
    p.token_active = active;
    p
}

fn vale_id(g: &MysticVale, key: &str) -> u8 {
    g.db.vales.iter().position(|v| v.key == key).unwrap_or_else(|| panic!("no vale {key}")) as u8
}

fn adv_mana(g: &MysticVale, key: &str) -> u8 {
    g.db.advancements.iter().find(|a| a.key == key).map_or(0, |a| a.symbols.mana)
}

// ---------------------------------------------------------------- 1. Ley Line Overflow reads the banked total

#[test]
fn issue_33_ley_line_overflow_doubles_a_gain_resolved_before_it() {
    // EN:1049-1055: "gain [mana] from Harvest effects on your cards and your vales. Then, lastly use Ley
    // Line Overflow's ability to double whatever that total was." Crystal Cavern's 3 mana, taken
    // first, are doubled with the field's.
    let mut g = storm_game(owns(player(&[&["ley-line-overflow"]], &[0], Some(1), &[2]), &["crystal-cavern"]));
    act(&mut g, "pass");
    let llo = adv_mana(&g, "ley-line-overflow");
    assert_eq!(g.mana_left(), 2 * llo);
    let v = vale_id(&g, "crystal-cavern");
    act(&mut g, &format!("use v{v}"));
    assert_eq!(g.mana_left(), 2 * (llo + 3), "field mana and Crystal Cavern's, then doubled");
}

// ---------------------------------------------------------------- 2. a gain taken stays

#[test]
fn issue_33_ashae_box_vp_stay_after_deepriver_crystal_moves_her_card() {
    // EN:478 (use the ability at any time), EN:695 (VP gained are placed in your play area), EN:1781.
    let p =
        with_amulet(with_leader(player(&[&[]], &[0, 19], Some(1), &[2]), "ashae", false), "deepriver-crystal", true);
    let mut g = storm_game(p);
    act(&mut g, "pass");
    let box_vp = g.turn.box_vp_total;
    assert!(box_vp >= 2, "Ashae's starting side: 2 VP from the box");
    act(&mut g, "evoke c19");
    assert!(!g.players[0].field.contains(&19));
    assert_eq!(g.turn.box_vp_total, box_vp, "gained before the card left");
    let vp = g.players[0].vp;
    act(&mut g, "done");
    assert_eq!(g.players[0].vp, vp + box_vp);
}

#[test]
fn issue_33_wolf_rider_mana_stays_after_summoner_stone_adds_a_card() {
    // EN:478, EN:1797: a card joins the field; Wolf Rider's shortfall, resolved before, stays. Revision 2
    // keeps it at its best; revision 3 asks (`decisions.rs`).
    let p = with_amulet(player(&[&["wolf-rider"], &[], &[], &[]], &[0, 1], Some(2), &[3]), "summoner-stone", true);
    let mut g = game_with(&Options { rules: 2, ..storm() }, p, None, None);
    act(&mut g, "pass");
    let mana = g.mana_left();
    act(&mut g, "evoke");
    assert_eq!(g.players[0].field.len(), 3, "the bottom card joined");
    assert_eq!(g.mana_left(), mana, "Wolf Rider's mana, taken with 2 cards in the field, stays");
}

#[test]
fn issue_33_forest_song_vp_stay_after_silver_tree_discards_its_card() {
    // EN:478, EN:1448-1454: the VP were gained before Silver Tree discarded the card.
    let mut p = owns(player(&[&["forest-song"], &[]], &[0, 1], Some(2), &[3]), &["silver-tree"]);
    p.token_active = true;
    let mut g = storm_game(p);
    act(&mut g, "pass");
    let vp = g.turn.vp_total;
    assert!(vp >= 1);
    act(&mut g, "token");
    act(&mut g, "discard c0");
    assert!(!g.players[0].field.contains(&0));
    assert_eq!(g.turn.vp_total, vp);
}

// ---------------------------------------------------------------- 3. Canopy Explorer in the player's order

#[test]
fn issue_33_canopy_explorer_takes_a_card_for_a_guardian_added_during_the_harvest() {
    // EN:919: "for each guardian on this card you may take the top card of your deck"; EN:462, 478:
    // the player resolves it after Conclave of Ents gave the card a guardian.
    let o = Options { sets: "base,magic".into(), ..Options::default() };
    let p = owns(player(&[&["canopy-explorer"]], &[0], Some(1), &[2, 3, 4, 5]), &["conclave-of-ents"]);
    let mut g = game_with(&o, p, None, None);
    act(&mut g, "pass");
    let n = g.players[0].field.len();
    assert_eq!(n, 2, "one printed guardian: one card");
    act(&mut g, "conclave c0");
    assert_eq!(g.players[0].field.len(), n + 1, "the Conclave's guardian: one more card");
}

// ---------------------------------------------------------------- 4. VP taken at once

#[test]
fn issue_33_buy_vp_takes_from_the_pool_at_once() {
    // EN:1831 (3 spirits gain 1 VP), EN:609 (the pool runs out: the game ends after the round),
    // EN:1505: Sunweaver Copse bought afterwards has no effect.
    let o = Options { buy_vp: true, sets: "base,manastorm".into(), ..Options::default() };
    let w = "will-o-the-wisp";
    let given: &[&[&str]] = &[&["bear-totem", "podlings"], &[w], &[w], &[w]];
    let p = player(given, &[0, 1, 2, 3], Some(4), &[5]);
    let mut g = game_with(&o, p, None, None);
    g.pool = 1;
    act(&mut g, "pass");
    let vp = g.players[0].vp;
    act(&mut g, "vp wild,wild,wild");
    assert_eq!(g.players[0].vp, vp + 1, "in the play area at once (EN:695)");
    assert_eq!(g.pool, 0);
    assert!(g.ending, "the pool ran out");
}

#[test]
fn issue_33_seed_sowers_vp_leave_the_pool_before_sunweaver_copse_is_bought() {
    // EN:1505: "If this ability is resolved after the pool of VP has already been reduced to zero and the
    // end of the game has been triggered, then this ability has no effect."
    let o = Options { sets: "base,wild,manastorm".into(), ..Options::default() };
    let given: &[&[&str]] = &[&["seed-sowers"], &["bear-totem", "podlings"], &["pridelord"], &["ent-guard"]];
    let p = player(given, &[0, 1, 2, 3], Some(4), &[5]);
    let mut g = game_with(&o, p, None, vales(&[], &["sunweaver-copse"]));
    g.pool = 1;
    act(&mut g, "pass");
    g.turn.mana_extra = 20;
    act(&mut g, "sow");
    assert_eq!(g.pool, 0, "the exchange's VP taken at once");
    assert!(g.ending);
    if legal(&g).contains(&"vale 2.1".to_string()) {
        act(&mut g, "vale 2.1");
        assert_eq!(g.pool, 0, "Sunweaver Copse: no effect once the pool is empty");
    }
}

// ---------------------------------------------------------------- 5. Hatchery and Pool of Visions

fn hatchery_and_pool() -> MysticVale {
    let cl: &[&str] = &[CL];
    let o = Options { sets: "base,magic,wild".into(), ..Options::default() };
    let p = owns(player(&[&[], &["hatchery"], &[], cl, cl, cl], &[0, 1, 2], Some(3), &[4, 5]), &["pool-of-visions"]);
    let mut g = game_with(&o, p, None, None);
    act(&mut g, "pass");
    act(&mut g, "done");
    g
}

#[test]
fn issue_33_pool_of_visions_may_resolve_before_hatchery() {
    // EN:677: two abilities resolving at the same time, the active player orders them; EN:874: the one
    // resolved later ends leftmost.
    let mut g = hatchery_and_pool();
    assert!(matches!(g.phase, Phase::Hatch { .. }), "{:?}", g.phase);
    let v = vale_id(&g, "pool-of-visions");
    let l = legal(&g);
    assert!(l.contains(&format!("use v{v} c2")), "Pool of Visions first: {l:?}");
    assert!(l.contains(&"use c1 bottom".to_string()), "or Hatchery first: {l:?}");
    act(&mut g, &format!("use v{v} c2"));
    act(&mut g, "use c1 bottom");
    assert_eq!(&g.players[0].field[..2], &[1, 2], "Hatchery resolved later: its card leftmost");
    assert!(g.players[0].discard.contains(&0));
}

#[test]
fn issue_33_hatchery_then_pool_of_visions_puts_the_pools_card_leftmost() {
    // EN:874: the effect resolved later puts its card leftmost.
    let mut g = hatchery_and_pool();
    act(&mut g, "keep c1");
    assert_eq!(g.phase, Phase::Keep, "then the vale");
    act(&mut g, "keep c2");
    assert_eq!(&g.players[0].field[..2], &[2, 1]);
}

// ---------------------------------------------------------------- 6. once a turn per card

#[test]
fn issue_33_sunstone_aerie_and_stormcaller_each_convert_once() {
    // EN:675: "Each ability on an advancement or vale card can only be used once per turn"; FR:520.
    let o = Options { sets: "base,wild".into(), ..Options::default() };
    let p = owns(player(&[&["bear-totem", "podlings"]], &[0], Some(1), &[2]), &["sunstone-aerie", "stormcaller"]);
    let mut g = game_with(&o, p, None, None);
    act(&mut g, "pass");
    g.turn.mana_extra = 10;
    assert_eq!(g.spirits_left(), [2, 1, 0, 0]);
    let (aerie, storm) = (vale_id(&g, "sunstone-aerie"), vale_id(&g, "stormcaller"));
    // Two vales, two actions naming them (ruling MV89).
    let mut both = vec![
        format!("use v{aerie} animal"),
        format!("use v{aerie} forest"),
        format!("use v{storm} animal"),
        format!("use v{storm} forest"),
    ];
    both.sort_by_key(|a| a.split(' ').nth(1).and_then(|v| v[1..].parse::<u8>().ok()));
    assert_eq!(vale_uses(&g), both);
    act(&mut g, &format!("use v{storm} animal"));
    assert!(g.players[0].vales.len() == 1, "Stormcaller chosen, and it leaves the game");
    assert_eq!(
        vale_uses(&g),
        [format!("use v{aerie} animal"), format!("use v{aerie} forest")],
        "the other vale converts too"
    );
    act(&mut g, &format!("use v{aerie} animal"));
    assert_eq!(g.spirits_left(), [0, 1, 0, 2]);
    assert!(vale_uses(&g).is_empty(), "each once");
}

#[test]
fn issue_33_two_stormcallers_or_two_sunstone_aeries_each_convert_once() {
    // EN:675: "Each ability on an advancement or vale card can only be used once per turn"; FR:520
    // « Chaque capacité d'une Évolution ou d'une carte Val ne peut être utilisée qu'une seule fois par
    // tour »: two copies of one vale are two abilities, two conversions (issue 33 defect 6).
    let o = Options { sets: "base,wild".into(), ..Options::default() };
    for key in ["stormcaller", "sunstone-aerie"] {
        let p = owns(player(&[&["bear-totem", "podlings"]], &[0], Some(1), &[2]), &[key, key]);
        let mut g = game_with(&o, p, None, None);
        act(&mut g, "pass");
        g.turn.mana_extra = 10;
        assert_eq!(g.spirits_left(), [2, 1, 0, 0]);
        let first = g.players[0].vales[0];
        act(&mut g, &format!("use v{first} animal"));
        let left = vale_uses(&g);
        assert_eq!(left.len(), 2, "{key}: the other copy still converts: {left:?}");
        act(&mut g, &left[0]);
        assert_eq!(g.spirits_left()[3], 2, "{key}: two conversions");
        assert!(vale_uses(&g).is_empty(), "{key}: each copy once");
    }
}

#[test]
fn issue_33_algeni_and_peacekeeper_druid_each_discard() {
    // EN:675: each ability once a turn, so Algeni's and Peacekeeper Druid's are two discards.
    let cl: &[&str] = &[CL];
    let mut given: Vec<&[&str]> = vec![cl, cl, cl, &[], cl, cl, &[], &[], &[], &[], &["peacekeeper-druid"]];
    given.resize(11, &[]);
    let p = player(&given, &[0, 1, 2, 10, 19], Some(3), &[4, 5, 6, 7]);
    let mut g = storm_game(with_leader(p, "algeni", false));
    act(&mut g, "push");
    assert!(matches!(g.phase, Phase::SpoilPrompt { .. }), "{:?}", g.phase);
    // Two cards, two actions naming them (ruling MV89): Algeni's leader side on card 19 is chosen first.
    assert_eq!(legal(&g), ["spoil", "use c10 top", "use c19 leader"]);
    act(&mut g, "use c19 leader");
    assert!(
        matches!(g.phase, Phase::SpoilPrompt { .. }),
        "the next card spoils too, and a choice remains: {:?}",
        g.phase
    );
    assert_eq!(legal(&g), ["spoil", "use c10 top"], "the second card's ability");
    act(&mut g, "use c10 top");
    assert_eq!(g.phase, Phase::Planting);
}

fn algeni_and_druid(rules: u8) -> MysticVale {
    let cl: &[&str] = &[CL];
    let mut given: Vec<&[&str]> = vec![cl, cl, cl, &[], cl, cl, &[], &[], &[], &[], &["peacekeeper-druid"]];
    given.resize(11, &[]);
    let p = player(&given, &[0, 1, 2, 10, 19], Some(3), &[4, 5, 6, 7]);
    let mut g = game_with(&Options { rules, ..storm() }, with_leader(p, "algeni", false), None, None);
    act(&mut g, "push");
    g
}

#[test]
fn issue_33_use_names_the_card_and_old_words_mean_the_first_card() {
    // Ruling MV89 (EN:675): revision 4 names each card's ability; the word of revisions 1-3, `druid`,
    // still read in a revision-4 game, means the first usable card in the field's order (card 10).
    use sylvan_mystic_vale::{Action, Choice, Held};
    let g = algeni_and_druid(4);
    let druid: Action = "druid".parse().unwrap_or_else(|e| panic!("{e}"));
    assert!(!g.is_legal(druid));
    assert_eq!(g.legacy_action(druid), Some(Action::Use { card: Held::Card(10, 0), choice: Choice::Nothing }));
    assert_eq!(g.legacy_action(druid).map(|a| a.to_string()).as_deref(), Some("use c10 top"));
    // Revision 3 lists its card-named action once for both cards, and its records replay as written.
    let mut old = algeni_and_druid(3);
    assert_eq!(legal(&old), ["spoil", "druid"]);
    act(&mut old, "druid");
    assert_eq!(legal(&old), ["spoil", "druid"], "the second card's");
    act(&mut old, "druid");
    assert_eq!(old.phase, Phase::Planting);
}

#[test]
fn issue_33_use_describes_the_ability_by_its_card() {
    // The front ends' words name the advancement, leader side or vale whose ability acts, never `c19`.
    use sylvan_mystic_vale::Action;
    let g = algeni_and_druid(4);
    let view = g.view(sylvan_engine::Seat(0));
    let say = |text: &str| {
        let a: Action = text.parse().unwrap_or_else(|e| panic!("{e}"));
        <MysticVale as Game>::describe_action_in(&view, a, sylvan_engine::Lang::En)
    };
    let druid = say("use c10 top");
    assert!(druid.starts_with("Peacekeeper Druid: "), "{druid}");
    let algeni = say("use c19 leader");
    assert!(algeni.starts_with("Algeni: "), "{algeni}");
    assert!(!druid.contains("c10") && !algeni.contains("c19"));
    let fr = <MysticVale as Game>::describe_action_in(
        &view,
        "use c10 top".parse().unwrap_or_else(|e| panic!("{e}")),
        sylvan_engine::Lang::Fr,
    );
    assert!(fr.starts_with("Druide Pacificateur : "), "{fr}");
}

// ---------------------------------------------------------------- 7. Medusa Grotto and text VP

#[test]
fn issue_33_medusa_grotto_doubles_gaias_outcasts_six() {
    // EN:1407: "This includes the regular printed value ... and additional value the VP with an asterisk
    // (*) from text effects."
    let o = Options { sets: "base,wild,manastorm".into(), ..Options::default() };
    let rich = || player(&[&["gaias-outcast"], &[CL]], &[0], Some(1), &[2, 3]);
    let setup = |p: SetupPlayer| sylvan_mystic_vale::Setup {
        start: 0,
        players: vec![p, player(&[&[CL]], &[0], Some(1), &[2, 3])],
        ..sylvan_mystic_vale::Setup::default()
    };
    let plain = MysticVale::from_setup(&o, &setup(rich()), 7).unwrap_or_else(|e| panic!("{e}"));
    let medusa =
        MysticVale::from_setup(&o, &setup(owns(rich(), &["medusa-grotto"])), 7).unwrap_or_else(|e| panic!("{e}"));
    let grotto = i32::from(medusa.db.vales[vale_id(&medusa, "medusa-grotto") as usize].vp);
    assert!(plain.score(0) >= 6);
    assert_eq!(medusa.score(0), 2 * plain.score(0) + grotto, "the +6 doubled with the printed VP");
}

// ---------------------------------------------------------------- 8. Darksoul Ember frees no buy

#[test]
fn issue_33_darksoul_ember_does_not_free_a_buy() {
    // EN:1771: "this does not give you the ability to buy an extra advancement; you may still only buy 2".
    let p = with_amulet(player(&[&[FS], &[FS], &[FS]], &[0, 1, 2], Some(3), &[4]), "darksoul-ember", true);
    let mut g = game_with(&storm(), p, commons(&["frostbane", "seedling", "sentry"], &[], &[]), None);
    act(&mut g, "pass");
    g.turn.mana_extra = 30;
    act(&mut g, "buy 1.1");
    act(&mut g, "buy 1.2");
    act(&mut g, "evoke c0");
    assert!(!legal(&g).iter().any(|a| a.starts_with("buy")), "two buys made: {:?}", legal(&g));
}

// ---------------------------------------------------------------- 9. Argent Owl, then Hatchery

#[test]
fn issue_33_hatchery_resolves_after_argent_owl() {
    // EN:874: "the Hatchery effect resolves after the Argent Owl effect, so Hatchery's card would still
    // end up as the leftmost card."
    let p = player(&[&["hatchery"], &[CL], &[CL], &["argent-owl"], &[CL], &[CL]], &[1, 0, 2, 3], Some(4), &[5, 6]);
    let mut g = storm_game(p);
    act(&mut g, "push");
    assert!(g.players[0].token_active, "a spoil");
    assert_eq!(legal(&g), vec!["decline", "use c0 bottom"]);
    act(&mut g, "use c0 bottom");
    assert_eq!(&g.players[0].field[..2], &[0, 3], "Hatchery's card first, the owl's second");
}

// ---------------------------------------------------------------- 10. Aether Tree, any card

#[test]
fn issue_33_aether_tree_may_choose_any_field_card() {
    // EN:1232: "choose a card in your field; all decay on that card, other than decay from a Cursed Land,
    // is canceled": a card whose only decay is a Cursed Land's may be chosen (nothing is canceled).
    let o = Options { sets: "base,magic".into(), ..Options::default() };
    let p = owns(player(&[&[CL], &[CL], &[CL], &[], &[CL], &[]], &[0, 1, 2], Some(3), &[4, 5]), &["aether-tree"]);
    let mut g = game_with(&o, p, None, None);
    act(&mut g, "push");
    assert!(matches!(g.phase, Phase::SpoilPrompt { .. }), "{:?}", g.phase);
    let l = legal(&g);
    let v = vale_id(&g, "aether-tree");
    assert!(l.contains(&format!("use v{v} c0")), "{l:?}");
    assert!(l.contains(&format!("use v{v} c3")), "a blank card too: {l:?}");
    act(&mut g, "cancel c0");
    assert!(g.players[0].vales.is_empty(), "Aether Tree leaves the game");
    assert!(g.players[0].token_active, "nothing was canceled: the player spoiled");
}

#[test]
fn issue_33_dawnsinger_mana_stays_after_wayfarer_portal_moves_stag_champion() {
    // EN:478, 695: Dawnsinger's mana per guardian on its card, taken with Stag Champion's guardian there,
    // stays when Wayfarer Portal moves Stag Champion to another card (revision 2; revision 3 asks,
    // `decisions.rs`).
    let o = Options { sets: "base,wild".into(), rules: 2, ..Options::default() };
    let p = owns(player(&[&["dawnsinger", "stag-champion"], &[]], &[0, 1], Some(2), &[3]), &["wayfarer-portal"]);
    let mut g = game_with(&o, p, None, None);
    act(&mut g, "pass");
    let mana = g.mana_left();
    act(&mut g, "portal c0 bottom c1");
    assert_eq!(g.cur().cards[1].advs().count(), 1, "Stag Champion moved");
    assert_eq!(g.mana_left(), mana, "Dawnsinger's mana was taken with two guardians");
}

#[test]
fn issue_33_two_conclaves_of_ents_give_two_guardians() {
    // EN:675: each vale's ability once a turn: two Conclaves of Ents, two guardians.
    let mut g = game(owns(player(&[&[]], &[0], Some(1), &[2]), &["conclave-of-ents", "conclave-of-ents"]), None, None);
    act(&mut g, "pass");
    let v = vale_id(&g, "conclave-of-ents");
    act(&mut g, &format!("use v{v} c0"));
    assert!(legal(&g).contains(&format!("use v{v} c0")), "the second vale: {:?}", legal(&g));
    act(&mut g, &format!("use v{v} c0"));
    assert_eq!(g.cur().bonus(0), 2);
    assert!(vale_uses(&g).is_empty(), "each once");
}

// ---------------------------------------------------------------- the rules revision

#[test]
fn issue_33_records_without_a_rules_revision_replay_with_the_first() {
    // Options read from a record written before issue 33 (no `rules`) play revision 1; new games play
    // revision 2; other revisions are refused with the option's name.
    let old: Options = serde_json::from_value(serde_json::json!({"players": 2})).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(old.rules, 1);
    assert_eq!(Options::default().rules, sylvan_mystic_vale::RULES);
    let bad = Options { rules: sylvan_mystic_vale::RULES + 1, ..Options::default() };
    let err = MysticVale::from_setup(&bad, &sylvan_mystic_vale::Setup::default(), 1).err().map(|e| e.to_string());
    assert!(err.is_some_and(|e| e.contains("rules")));
    // Revision 1: Crystal Cavern's mana was not doubled by Ley Line Overflow.
    let first = Options { rules: 1, ..storm() };
    let p = owns(player(&[&["ley-line-overflow"]], &[0], Some(1), &[2]), &["crystal-cavern"]);
    let mut g = game_with(&first, p, None, None);
    act(&mut g, "pass");
    let llo = adv_mana(&g, "ley-line-overflow");
    let v = vale_id(&g, "crystal-cavern");
    act(&mut g, &format!("use v{v}"));
    assert_eq!(g.mana_left(), 2 * llo + 3);
}
