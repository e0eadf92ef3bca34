//! Rules revision 6 (issue 33, ruling MV83): the field's VP are scored when the player decides (`score`),
//! where the order can change something; elsewhere as the Harvest ends. Revision 5 plays the same games as
//! before.

use sylvan_engine::{Game, GameRng, NoEvents};
use sylvan_mystic_vale::{Action, MysticVale, Options, Phase};

use crate::common::*;

/// Uniform random games of revision 5 with every set, as written before revision 6 existed (one line
/// per game: the seed, then every action's notation).
const RULES_5_GAMES: &str = include_str!("../../fixtures/rules-5-random-games.txt");

#[test]
fn issue_33_rules_5_plays_the_same_games_as_before_revision_6() {
    replay_fixture(RULES_5_GAMES, &every_set(5), 0x0006);
}

/// Writes the fixture (run once, before revision 6: `SYLVAN_WRITE_RULES_5=1`).
#[test]
fn write_rules_5_fixture() {
    write_fixture("SYLVAN_WRITE_RULES_5", "rules-5-random-games.txt", &every_set(5), 0x0006, 12);
}

/// Player 0's Harvest with field VP (Magic Seed) and the spirits for Sunweaver Copse (vale 2.1), the pool
/// holding exactly the field's VP (`extra` more).
fn copse_harvest(rules: u8, extra: u16, row: &[&str]) -> MysticVale {
    let given: &[&[&str]] =
        &[&["pridelord"], &["nightvale-emissary"], &["ent-guard"], &["magic-mushroom"], &["magic-seed"]];
    let p = player(given, &[0, 1, 2, 3, 4], Some(5), &[6]);
    let o = Options { sets: "base,wild,magic,manastorm".into(), rules, ..Options::default() };
    let mut g = game_with(&o, p, None, vales(&[], row));
    act(&mut g, "pass");
    assert!(g.turn.vp_total > 0, "Magic Seed gives VP");
    g.pool = g.turn.vp_total + extra;
    g
}

#[test]
fn revision_6_the_player_scores_before_or_after_buying_sunweaver_copse() {
    // EN:460-462 (FR:323 « dans n'importe quel ordre, selon votre choix »): scoring is one of the Harvest's
    // steps the player orders; EN:1505: Sunweaver Copse "resolved after the pool of VP has already been
    // reduced to zero and the end of the game has been triggered ... has no effect" (ruling MV83).
    let copse = &["sunweaver-copse"];
    let g = copse_harvest(6, 0, copse);
    let vp = g.turn.vp_total;
    let l = legal(&g);
    assert!(l.contains(&"score".to_string()) && l.contains(&"vale 2.1".to_string()), "{l:?}");
    // Scored first: the pool runs out, the end is triggered, the Copse adds nothing.
    let mut first = g.clone();
    let before = first.players[0].vp;
    act(&mut first, "score");
    assert_eq!((first.players[0].vp, first.pool), (before + vp, 0));
    assert!(first.ending);
    assert!(!legal(&first).contains(&"score".to_string()), "scored once");
    act(&mut first, "vale 2.1");
    assert_eq!(first.pool, 0, "the Copse has no effect");
    act(&mut first, "done");
    assert_eq!(first.players[0].vp, before + vp, "the field's VP are not scored twice");
    // Bought first: the pool is refilled, the field's VP are scored as the Harvest ends, the game goes on.
    let mut later = g.clone();
    act(&mut later, "vale 2.1");
    assert!(!legal(&later).contains(&"score".to_string()), "the VP no longer empty the pool");
    act(&mut later, "done");
    assert_eq!((later.players[0].vp, later.pool), (before + vp, 6));
    assert!(!later.ending);
    // Revision 5: no decision, the Copse always refills the pool.
    let g5 = copse_harvest(5, 0, copse);
    assert!(!legal(&g5).contains(&"score".to_string()));
}

#[test]
fn revision_6_offers_score_only_where_the_order_matters() {
    // EN:1505 is the one ability that reads the pool: with VP that leave some of it, or no Copse to buy,
    // scoring earlier or at the end gives the same game, and nothing is asked (ruling MV83).
    let has_score = |g: &MysticVale| legal(g).contains(&"score".to_string());
    assert!(!has_score(&copse_harvest(6, 1, &["sunweaver-copse"])), "the pool does not run out");
    assert!(!has_score(&copse_harvest(6, 0, &[])), "no vale refills the pool");
    let mut g = copse_harvest(6, 0, &["sunweaver-copse"]);
    g.turn.spirits = [0; 4];
    assert!(!has_score(&g), "the Copse cannot be bought");
}

#[test]
fn revision_6_scoring_early_where_it_is_not_offered_changes_nothing() {
    // The fast path (the field's VP scored as the Harvest ends) where no ordering choice exists: in random
    // revision-6 games of every set, at a Harvest decision without `score`, scoring then (as the player
    // could, EN:462) and playing the same Harvest gives the same VP, pool and end as scoring at the end (a
    // Harvest where `score` is offered later is left out: there the order is the player's choice). Taken
    // where no card waits for revision 3's `use cN`: `score` resolves the cards whose VP it scores, as
    // `use cN` would (a card that then leaves keeps them), which the player could do anyway.
    let (mut checked, mut with_vp, mut offered, mut skipped) = (0, 0, 0, 0);
    for players in 2..=4 {
        let options = Options { players, sets: "base,wild,magic,manastorm".into(), ..Options::default() };
        for seed in 0..8u64 {
            let mut g = MysticVale::new(&options, seed).unwrap_or_else(|e| panic!("{e}"));
            let mut rng = GameRng::new(seed + 606);
            let mut legal = Vec::new();
            let mut early: Option<MysticVale> = None;
            while g.to_move().is_some() {
                g.legal_actions(&mut legal);
                let score = legal.contains(&Action::Score);
                offered += usize::from(score);
                if score && early.take().is_some() {
                    // An ordering choice came up later in this Harvest: not the fast path's case.
                    skipped += 1;
                }
                if early.is_none()
                    && g.phase == Phase::Harvest
                    && g.turn.fx.vale_choice.waiting.is_none()
                    && g.turn.ability_open.is_none()
                    && g.turn.open == 0
                    && !score
                    && rng.below(3) == 0
                {
                    let mut e = g.clone();
                    e.apply_unchecked(Action::Score, &mut NoEvents);
                    with_vp += usize::from(e.players != g.players);
                    early = Some(e);
                }
                let mut a = legal[rng.index(legal.len())];
                if a == Action::Score {
                    a = legal[0];
                }
                let done = g.phase == Phase::Harvest && a == Action::Done;
                g.apply_unchecked(a, &mut NoEvents);
                if let Some(e) = early.as_mut() {
                    assert!(e.is_legal(a), "{a} legal in both");
                    e.apply_unchecked(a, &mut NoEvents);
                    if done {
                        assert_eq!(e.players, g.players, "seed {seed}");
                        assert_eq!((e.pool, e.ending), (g.pool, g.ending), "seed {seed}");
                        checked += 1;
                        early = None;
                    }
                }
            }
        }
    }
    assert!(checked > 100 && with_vp > 20, "{checked} harvests, {with_vp} with field VP scored early");
    assert!(skipped <= offered, "{skipped} {offered}");
}

#[test]
fn revision_6_bots_score_first_when_they_lead() {
    // The heuristic and the rollout policy: ending the game sooner (scoring, then the Copse adds nothing)
    // favours the player ahead; behind, the Copse keeps the game going.
    use sylvan_engine::{Heuristic, Seat};
    for (lead, want) in [(40u16, true), (0, false)] {
        let mut g = copse_harvest(6, 0, &["sunweaver-copse"]);
        g.players[0].vp = lead;
        g.players[1].vp = 40 - lead;
        let mut v = Vec::new();
        g.legal_actions(&mut v);
        assert_eq!(v.last(), Some(&Action::Score));
        let mut rng = GameRng::new(1);
        let h = <MysticVale as Heuristic>::heuristic_action(&g.view(Seat(0)), &v, &mut rng);
        let r = <MysticVale as Heuristic>::rollout_action(&g, &v, &mut rng);
        assert_eq!((h == Action::Score, r == Action::Score), (want, want), "ahead {lead}: {h} {r}");
    }
}

#[test]
fn mv91_call_of_the_hunt_resolves_before_canopy_explorer_in_every_ordered_revision() {
    // EN:903 ("if it is in your field, it resolves during your Harvest phase"), EN:462 and 478 (any order,
    // at any time of the Harvest), EN:905 (until exactly 8 cards), EN:919 (a card per guardian): resolved
    // as the Harvest begins, before Canopy Explorer, the order that leaves the most cards (ruling MV91).
    // Revision 3 asks no `use` for it: it is not a unit the player resolves later.
    for rules in [3, 5, 6] {
        let p = player(&[&["call-of-the-hunt"], &["canopy-explorer"]], &[0, 1], Some(2), &(3..20).collect::<Vec<u8>>());
        let o = Options { sets: "base,wild,magic".into(), rules, ..Options::default() };
        let mut g = game_with(&o, p, None, None);
        act(&mut g, "pass");
        assert_eq!(g.players[0].field.len(), 9, "rules {rules}: 8 by Call of the Hunt, then 1 by the Explorer");
        assert!(!legal(&g).contains(&"use c0".to_string()), "rules {rules}: not waiting for the player");
    }
}
