//! Rules revision 5 (issue 33): Hatchery, Pool of Visions, Bramble Spire and Aether Tree decide as
//! `use`, naming the card or vale whose ability acts. Revision 4 keeps its card-named actions and plays
//! the same games as before.

use sylvan_engine::Game;
use sylvan_mystic_vale::{Action, Choice, Held, MysticVale, Options, Phase};

use crate::common::*;

const CL: &str = "cursed-land";

/// Uniform random games of revision 4 with every set, as written before revision 5 existed (one line
/// per game: the seed, then every action's notation).
const RULES_4_GAMES: &str = include_str!("../../fixtures/rules-4-random-games.txt");

#[test]
fn issue_33_rules_4_plays_the_same_games_as_before_revision_5() {
    let games = replay_fixture(RULES_4_GAMES, &every_set(4), 0x0005);
    let named = games.iter().flatten().filter(|a| a.starts_with("keep c") || a.starts_with("cancel c")).count();
    assert!(named > 0, "the games use keep or cancel, which revision 5 writes as use");
}

/// Writes the fixture (run once, before revision 5: `SYLVAN_WRITE_RULES_4=1`).
#[test]
fn write_rules_4_fixture() {
    write_fixture("SYLVAN_WRITE_RULES_4", "rules-4-random-games.txt", &every_set(4), 0x0005, 12);
}

/// Player 0 about to spoil with 2 + 2 decay (card 3 holds a Cursed Land and Creeping Mold), owning
/// Aether Tree and Bramble Spire.
fn both_cancels(rules: u8) -> MysticVale {
    let mut p = player(&[&[CL], &[CL], &[], &[CL, "creeping-mold"]], &[0, 1], Some(2), &[3, 4]);
    p.vales = vec!["aether-tree".into(), "bramble-spire".into()];
    let o = Options { sets: "base,magic,wild".into(), rules, ..Options::default() };
    let mut g = game_with(&o, p, None, None);
    act(&mut g, "push");
    assert!(matches!(g.phase, Phase::SpoilPrompt { .. }), "{:?}", g.phase);
    g
}

#[test]
fn revision_5_names_bramble_spire_or_aether_tree() {
    // EN:1232 (Aether Tree: any field card, its decay but a Cursed Land's), EN:1278-1284 (Bramble Spire:
    // a card's decay), EN:675: each vale's ability is its own decision, so the player names the vale and
    // no `not-cursed` form is needed (ruling MV90; MV47 for revisions 1-4).
    let mut g = both_cancels(5);
    let (aether, bramble) = (vale_no(&g, "aether-tree"), vale_no(&g, "bramble-spire"));
    let l = legal(&g);
    assert!(l.contains(&format!("use v{bramble} c3")) && l.contains(&format!("use v{aether} c3")), "{l:?}");
    assert!(l.contains(&format!("use v{aether} c0")), "Aether Tree: any card: {l:?}");
    assert!(!l.contains(&format!("use v{bramble} c2")), "Bramble Spire: a card with decay: {l:?}");
    assert!(!l.iter().any(|a| a.starts_with("cancel")), "{l:?}");
    act(&mut g, &format!("use v{aether} c3"));
    assert_eq!(g.players[0].fx.cancel_decay.until_prep, Some(3));
    assert_eq!(g.players[0].vales, vec![bramble], "Bramble Spire stays");
    // The old words mean what they meant: `cancel c3` Bramble Spire, `not-cursed` Aether Tree.
    let g = both_cancels(5);
    let meant = |a: &str| g.legacy_action(a.parse().unwrap_or_else(|e| panic!("{e}"))).map(|a| a.to_string());
    assert_eq!(meant("cancel c3"), Some(format!("use v{bramble} c3")));
    assert_eq!(meant("cancel c3 not-cursed"), Some(format!("use v{aether} c3")));
    assert_eq!(meant("cancel c2"), Some(format!("use v{aether} c2")), "no decay: only Aether Tree acts");
}

#[test]
fn revision_5_pool_of_visions_may_keep_a_hatchery_card() {
    // EN:677: the player orders Hatchery and Pool of Visions; Pool of Visions' "a card in your field"
    // (EN:1427-1431) may be Hatchery's own card. Revision 4's `keep c1` meant Hatchery only.
    let cl: &[&str] = &[CL];
    let p = player(&[&[], &["hatchery"], &[], cl, cl, cl], &[0, 1, 2], Some(3), &[4, 5]);
    let mut p = p;
    p.vales = vec!["pool-of-visions".into()];
    let o = Options { sets: "base,magic,wild".into(), ..Options::default() };
    let mut g = game_with(&o, p, None, None);
    act(&mut g, "pass");
    act(&mut g, "done");
    let v = vale_no(&g, "pool-of-visions");
    let l = legal(&g);
    let pools = (0..3).map(|c| format!("use v{v} c{c}"));
    let expected: Vec<String> = ["decline".to_string(), "use c1 bottom".into()].into_iter().chain(pools).collect();
    assert_eq!(l, expected, "the vale may keep any field card, Hatchery's too");
    let pool = Action::Use { card: Held::Vale(v), choice: Choice::Card(1) };
    assert_eq!(
        g.legacy_action("keep c1".parse().unwrap_or(Action::Pass)),
        Some(Action::Use { card: Held::Card(1, 2), choice: Choice::Nothing })
    );
    act(&mut g, &pool.to_string());
    assert_eq!(g.current, 1, "Hatchery's card is kept already and the vale used: nothing left to decide");
    assert_eq!(g.players[0].field.first(), Some(&1), "kept by the vale");
    assert!(g.players[0].discard.contains(&0) && g.players[0].discard.contains(&2));
}

#[test]
fn max_actions_per_turn_counts_each_druid_card_and_each_staying_vale() {
    // EN:675 (MV89): each card's "about to spoil" discard once a turn, so one turn holds as many as the
    // cards carrying it; the bound counts `N` of them, not one (`turn::MAX_ACTIONS_PER_TURN`).
    let cl: &[&str] = &[CL];
    let druid: &[&str] = &["peacekeeper-druid"];
    let given: Vec<&[&str]> = vec![cl, cl, cl, &[], cl, cl, cl, cl, cl, cl, druid, druid, druid];
    let p = player(&given, &[0, 1, 2, 10, 11, 12], Some(3), &[4, 5, 6, 7, 8, 9]);
    let mut g = game(p, None, None);
    let mut uses = 0;
    let mut n = 0;
    while g.current == 0 {
        let l = legal(&g);
        let a = l.iter().find(|a| a.starts_with("use c")).or_else(|| l.iter().find(|a| *a == "push"));
        uses += usize::from(a.is_some_and(|a| a.starts_with("use c")));
        act(&mut g, a.unwrap_or(&l[0]));
        n += 1;
    }
    assert_eq!(uses, 3, "three druid cards, three discards in one turn");
    assert!(n <= sylvan_mystic_vale::turn::MAX_ACTIONS_PER_TURN);
    // The vales that stay when used (Conclave of Ents, Sunstone Aerie) act once a turn each: the game's
    // bound counts one use per such vale card every turn.
    let o = Options { sets: "base,wild,magic,manastorm".into(), ..Options::default() };
    let db = o.validate().unwrap_or_else(|e| panic!("{e}"));
    let staying: usize = db.vales.iter().filter(|v| !v.remove_self).map(|v| usize::from(v.copies)).sum();
    assert!(staying > 1);
    let turns = sylvan_mystic_vale::turn::MAX_ROUNDS as usize * o.players;
    assert!(MysticVale::max_game_length(&o) >= turns * (sylvan_mystic_vale::turn::MAX_ACTIONS_PER_TURN + staying));
}
