//! Rules revision 7 (issue 33, ruling MV90's "Wayfarer Portal reconsidered"): Wayfarer Portal's move is a
//! sequence of `use` decisions. Revision 6 plays the same games as before.

use sylvan_engine::{Game, GameRng, Heuristic, NoEvents, Seat};
use sylvan_mystic_vale::{Action, MysticVale, Options, Phase};

use crate::common::*;

/// Uniform random games of revision 6 with every set, as written before revision 7 existed (one line
/// per game: the seed, then every action's notation).
const RULES_6_GAMES: &str = include_str!("../../fixtures/rules-6-random-games.txt");

#[test]
fn issue_33_rules_6_plays_the_same_games_as_before_revision_7() {
    let games = replay_fixture(RULES_6_GAMES, &every_set(6), 0x0007);
    let portal = games.iter().flatten().filter(|a| a.starts_with("portal c")).count();
    assert!(portal > 0, "the fixture moves advancements with Wayfarer Portal");
}

/// Writes the fixture (run once, before revision 7: `SYLVAN_WRITE_RULES_6=1`).
#[test]
fn write_rules_6_fixture() {
    write_fixture("SYLVAN_WRITE_RULES_6", "rules-6-random-games.txt", &every_set(6), 0x0007, 40);
}

/// Player 0's Harvest with Wayfarer Portal: Pack Leader (+1 animal per guardian on its card) on card 0,
/// Stag (2 guardians) on card 1, three Cursed Lands on card 2 (EN:1543-1549).
fn portal_game(rules: u8) -> MysticVale {
    let cl = "cursed-land";
    let mut p = player(&[&["pack-leader"], &["stag"], &[cl, cl, cl]], &[0, 1, 2], Some(3), &[4]);
    p.vales = vec!["wayfarer-portal".into()];
    let o = Options { sets: "base,wild".into(), rules, ..Options::default() };
    let mut g = game_with(&o, p, None, None);
    act(&mut g, "pass");
    g
}

/// Revision 6's whole moves legal here, as `(card, slot, card)` words.
fn whole_moves(g: &MysticVale) -> Vec<(String, String, String)> {
    let mut six = g.clone();
    six.options.rules = 6;
    legal(&six)
        .into_iter()
        .filter_map(|a| {
            let w: Vec<&str> = a.split(' ').collect();
            (w[0] == "portal").then(|| (w[1].to_owned(), w[2].to_owned(), w[3].to_owned()))
        })
        .collect()
}

/// The decisions of revision 7's move named after the Portal: the advancements that have a destination,
/// each once, in order.
fn named(moves: &[(String, String, String)]) -> Vec<String> {
    let mut out = vec!["decline".to_owned()];
    for (a, s, _) in moves {
        let w = format!("use {a} {s}");
        if out.last() != Some(&w) {
            out.push(w);
        }
    }
    out
}

/// Checks, at a Harvest decision where the Portal may be opened (revision 7), that each of revision 6's
/// moves is made by its three decisions and leaves the same players and turn as revision 6's one action,
/// and that the lists offered at each step are revision 6's moves. Returns how many moves were checked.
fn sequence_matches_revision_6(g: &MysticVale, portal: u8) -> usize {
    let moves = whole_moves(g);
    assert!(!moves.is_empty(), "`use v{portal}` is offered only when a move exists");
    let mut open = g.clone();
    act(&mut open, &format!("use v{portal}"));
    assert_eq!(legal(&open), named(&moves));
    for (a, s, b) in &moves {
        let mut seven = open.clone();
        act(&mut seven, &format!("use {a} {s}"));
        let mut want = vec!["decline".to_owned()];
        want.extend(moves.iter().filter(|m| (&m.0, &m.1) == (a, s)).map(|m| format!("use v{portal} {}", m.2)));
        assert_eq!(legal(&seven), want);
        act(&mut seven, &format!("use v{portal} {b}"));
        let mut six = g.clone();
        six.options.rules = 6;
        act(&mut six, &format!("portal {a} {s} {b}"));
        assert_eq!(seven.players, six.players, "portal {a} {s} {b}");
        // Rules revision 8 (MV91): a resolved Call of the Hunt keeps its resolution on the card it moved
        // to; revision 6 keeps no such state.
        six.turn.fx.deck_to_field = seven.turn.fx.deck_to_field;
        assert_eq!(seven.turn, six.turn, "portal {a} {s} {b}");
        assert!((seven.pool, seven.ending) == (six.pool, six.ending));
        assert!(!legal(&seven).contains(&format!("use v{portal}")), "once a turn");
    }
    moves.len()
}

#[test]
fn revision_7_the_portal_move_is_three_use_decisions() {
    // MV90 ("Wayfarer Portal reconsidered"): `use v3` opens the move, `use c1 top` names the advancement,
    // `use v3 c2` the destination; the move is the one revision 6's `portal c1 top c2` made (EN:1543-1549).
    let g = portal_game(7);
    let v = vale_no(&g, "wayfarer-portal");
    let l = legal(&g);
    assert!(l.contains(&format!("use v{v}")), "{l:?}");
    assert!(!l.iter().any(|a| a.starts_with("portal")), "no whole move in revision 7: {l:?}");
    assert_eq!(sequence_matches_revision_6(&g, v), 2, "{:?}", whole_moves(&g));
    let mut g = g;
    act(&mut g, &format!("use v{v}"));
    act(&mut g, "use c1 bottom");
    assert_eq!(legal(&g), vec!["decline".to_owned(), format!("use v{v} c0")]);
    act(&mut g, &format!("use v{v} c0"));
    assert_eq!(g.spirits_left()[0], 3, "Pack Leader counts Stag's 2 guardians on its card");
    assert!(legal(&g).contains(&"done".to_owned()));
}

#[test]
fn revision_7_decline_backs_out_before_the_destination() {
    // MV90: `decline` before the destination leaves every advancement where it was; the Portal is then
    // spent for the turn (offered again, the move could be opened and declined without end).
    let g = portal_game(7);
    let v = vale_no(&g, "wayfarer-portal");
    for steps in [vec![format!("use v{v}")], vec![format!("use v{v}"), "use c0 middle".to_owned()]] {
        let mut d = g.clone();
        for s in &steps {
            act(&mut d, s);
            assert!(!legal(&d).contains(&"done".to_owned()), "the move is under way: {:?}", legal(&d));
        }
        act(&mut d, "decline");
        assert_eq!(d.players, g.players, "{steps:?}");
        assert_eq!((d.turn.spirits, d.turn.mana_total), (g.turn.spirits, g.turn.mana_total));
        assert!(d.turn.fx.move_advancement.pending.is_none());
        let l = legal(&d);
        assert!(l.contains(&"done".to_owned()) && !l.contains(&format!("use v{v}")), "{l:?}");
    }
}

#[test]
fn revision_7_the_portal_is_offered_only_when_a_move_exists() {
    // One card in the field: no advancement can move (EN:1543: "to another card in your field").
    let mut p = player(&[&["pack-leader"]], &[0], Some(1), &[2]);
    p.vales = vec!["wayfarer-portal".into()];
    for rules in [6, 7] {
        let o = Options { sets: "base,wild".into(), rules, ..Options::default() };
        let mut g = game_with(&o, p.clone(), None, None);
        act(&mut g, "pass");
        let v = vale_no(&g, "wayfarer-portal");
        let l = legal(&g);
        assert!(!l.contains(&format!("use v{v}")) && !l.iter().any(|a| a.starts_with("portal")), "{rules}: {l:?}");
    }
}

#[test]
fn revision_7_an_old_portal_word_means_the_destination_once_the_advancement_is_named() {
    // `legacy_action` maps one action to one: `portal c0 middle c1` is the destination of a move that
    // named card 0's middle advancement; before that it would stand for several decisions and maps to none.
    let g = portal_game(7);
    let v = vale_no(&g, "wayfarer-portal");
    let old: Action = "portal c0 middle c1".parse().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.legacy_action(old), None);
    let mut g = g;
    act(&mut g, &format!("use v{v}"));
    assert_eq!(g.legacy_action(old), None);
    act(&mut g, "use c0 middle");
    assert_eq!(g.legacy_action(old).map(|a| a.to_string()), Some(format!("use v{v} c1")));
    let other: Action = "portal c1 bottom c0".parse().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.legacy_action(other), None, "another advancement than the one named");
    act(&mut g, "portal c0 middle c1");
    assert_ne!(g.players[0].cards[1].slots[1], sylvan_mystic_vale::state::EMPTY);
}

#[test]
fn revision_7_random_games_make_each_move_as_revision_6() {
    // Uniform random games of every set at 2 to 4 players: wherever the Portal may be opened, every
    // move of revision 6 is offered step by step and gives revision 6's state.
    let (mut points, mut moves, mut made) = (0, 0, 0);
    for players in 2..=4 {
        let options = Options { players, sets: "base,wild,magic,manastorm".into(), ..Options::default() };
        for seed in 0..16u64 {
            let mut g = MysticVale::new(&options, seed).unwrap_or_else(|e| panic!("{e}"));
            let portal = g.db.vales.iter().position(|x| x.key == "wayfarer-portal").map(|k| k as u8);
            let mut rng = GameRng::new(seed + 707);
            let mut legal = Vec::new();
            while g.to_move().is_some() {
                g.legal_actions(&mut legal);
                if let Some(v) = portal
                    && g.phase == Phase::Harvest
                    && legal.contains(&Action::UseVale(v))
                {
                    points += 1;
                    moves += sequence_matches_revision_6(&g, v);
                }
                let a = legal[rng.index(legal.len())];
                if let Action::Use { card: sylvan_mystic_vale::Held::Vale(x), .. } = a
                    && Some(x) == portal
                {
                    made += 1;
                }
                g.apply_unchecked(a, &mut NoEvents);
            }
        }
    }
    assert!(points >= 50 && moves >= 1000 && made >= 3, "{points} harvests, {moves} moves, {made} made");
}

#[test]
fn revision_7_bots_make_the_move_step_by_step() {
    // The heuristic and the rollout policy pick the move one decision at a time: Stag onto Pack Leader's
    // card, or Pack Leader onto Stag's (3 animal instead of 1), as they picked the whole move in revision 6.
    let start = portal_game(7);
    for bot in ["heuristic", "rollout"] {
        let mut g = start.clone();
        let mut rng = GameRng::new(1);
        let mut list = Vec::new();
        for _ in 0..4 {
            g.legal_actions(&mut list);
            let a = if bot == "heuristic" {
                <MysticVale as Heuristic>::heuristic_action(&g.view(Seat(0)), &list, &mut rng)
            } else {
                <MysticVale as Heuristic>::rollout_action(&g, &list, &mut rng)
            };
            if a == Action::Done {
                break;
            }
            g.apply_unchecked(a, &mut NoEvents);
            if g.turn.fx.move_advancement.used {
                break;
            }
        }
        assert!(g.turn.fx.move_advancement.used && g.turn.fx.move_advancement.pending.is_none(), "{bot}");
        assert_eq!(g.spirits_left()[0], 3, "{bot}: the two share a card");
    }
}

#[test]
fn revision_7_the_move_half_made_is_said() {
    // The view says the question while the move is half made, and each decision what it does.
    use sylvan_engine::Locale;
    use sylvan_mystic_vale::words::describe_in;
    let mut g = portal_game(7);
    let v = vale_no(&g, "wayfarer-portal");
    act(&mut g, &format!("use v{v}"));
    let view = g.view(Seat(0));
    assert!(view.render(Locale::En).contains("Wayfarer Portal: choose the advancement to move"));
    assert!(view.render(Locale::Fr).contains("Wayfarer Portal : choisissez l'Évolution à déplacer"));
    let from: Action = "use c0 middle".parse().unwrap_or_else(|e| panic!("{e}"));
    assert!(describe_in(&view, from, Locale::En).starts_with("move Pack Leader (middle) from"));
    assert!(describe_in(&view, Action::Decline, Locale::En).contains("the Portal is spent"));
    act(&mut g, "use c0 middle");
    let view = g.view(Seat(0));
    assert!(
        view.render(Locale::En).contains("move Pack Leader from card 0 onto which card"),
        "{}",
        view.render(Locale::En)
    );
    let to: Action = format!("use v{v} c1").parse().unwrap_or_else(|e| panic!("{e}"));
    assert!(describe_in(&view, to, Locale::En).starts_with("move Pack Leader onto"));
    assert!(describe_in(&view, to, Locale::Fr).starts_with("déplacer Pack Leader sur"));
}
