//! The fast rollout policy for search playouts ([`Heuristic::rollout_action`](sylvan_engine::Heuristic)):
//! a few rules of thumb read straight from the (sampled) state, at a small fraction of the cost of the
//! view-based heuristic.
//!
//! - Planting: push while the decay showing (net of growth) is at most 2, so that one more decay
//!   symbol cannot spoil; otherwise pass.
//! - About to spoil: save the harvest with Peacekeeper Druid, Blooming Arbor or Aether Tree when offered.
//! - Wood Sprite Hoard: discard a card shown whose decay outweighs its growth; Hatchery: keep a card
//!   whose decay does not; Pool of Visions: keep the field card with the most mana and spirits and no
//!   net decay.
//! - Harvest: first a Wayfarer Portal move the heuristic would make (one that makes the two cards bring
//!   more per play), then (rules revision 8) the choice of a used on-deck card's ability that leaves the
//!   most to spend, if it leaves more (one that leaves less is never taken; one left open, as a used
//!   Cyrilla's second card, is declined unless a choice leaves more), then the leader abilities that add to the harvest (a card, an option, a Fertile Soil;
//!   GinGan's redraw only for an on-deck card whose decay outweighs its growth), then buy the
//!   highest-level vale offered, then the highest-level advancement (the legal list holds only what the
//!   field can pay for), then Hempero's clearing, then end the phase. The mana token is kept.
//! - A neighbour's GinGan: discard the on-deck card when its decay outweighs its growth.
//! - Silver Tree after an Evoke: about to spoil, discard the card with the most net decay; otherwise the
//!   on-deck card when its decay outweighs its growth; else keep every card.
//! - Nightvale Pathfinder: claim from the highest commons level offered (a claim is free).
//! - Old Bakarab's workshop: take from the highest commons level; sleeve the workshop's highest-level
//!   advancement, and more while any fits; never pay to turn back.
//! - Rules revision 8 (ruling MV91): a waiting Call of the Hunt, then a waiting Canopy Explorer, at once.
//! - `score` (rules revision 6, ruling MV83): taken when the player leads (the pool runs out before a vale
//!   refills it), else left.
//! - Everything else (which card to discard or sleeve on, Conclave targets…): uniformly at random.

use sylvan_engine::GameRng;

use crate::actions::{Action, Choice, Held, Source};
use crate::cards::Effect;
use crate::state::{MysticVale, Phase};

/// How much the rollout likes a harvest action (higher first); `None` for actions it leaves to chance.
fn harvest_score(a: Action) -> Option<u32> {
    Some(match a {
        Action::Vale(level, _, _) => 100 + 10 * u32::from(level),
        Action::Buy(Source::Common(level, _)) | Action::BuyOn(Source::Common(level, _), _) => {
            50 + 10 * u32::from(level)
        }
        Action::Buy(Source::Soil(_)) | Action::BuyOn(Source::Soil(_), _) => 45,
        Action::Upgrade => 60,
        // Seed Sowers (a card's exchange ability): before Conclave of Ents and the converting vales.
        Action::Use { card: Held::Card(..), .. } | Action::UseOnDeckAbility(..) => 30,
        Action::Use { card: Held::Vale(_), .. } => 20,
        // Leader abilities (Cyrilla, Dione, Guilduin, Nepeto) add to the harvest: before any purchase.
        Action::AbilityCard(_) | Action::AbilityPick(_) | Action::AbilitySoil(..) => 110,
        // Hempero's clearing changes no harvest of the player's: after the purchases. Old Bakarab takes
        // from the highest level.
        Action::AbilityCommon(level, _) => 15 + u32::from(level),
        Action::AbilityTake(_) => 14,
        // Old Bakarab's workshop onto a field card: scored by the advancement's level (`workshop_level`).
        Action::Workshop(..) => 102,
        Action::Done => 10,
        Action::Token => 0,
        _ => return None,
    })
}

/// Rules revision 7 (MV90): Wayfarer Portal's next decision, as the heuristic's
/// [`best_portal_step`](crate::heuristic::best_portal_step) on the player's field (the leader's card left out).
fn portal_step(g: &MysticVale, legal: &[Action]) -> Option<Action> {
    let p = g.cur();
    let leader = p.leader.map(|l| l.card);
    let field = p.field.iter().filter(|&&c| Some(c) != leader);
    crate::heuristic::best_portal_step(&g.db, &p.cards, field, g.turn.fx.move_advancement.pending, legal)
}

/// The level of the workshop advancement a `workshop K cN` action sleeves (0 for other actions).
fn workshop_level(g: &MysticVale, a: Action) -> u32 {
    match a {
        Action::Workshop(k, _) => {
            g.cur().fx.workshop.pile.get(usize::from(k)).map_or(0, |&x| u32::from(g.db.hot(x).level))
        }
        _ => 0,
    }
}

/// Silver Tree's discard after an Evoke (ruling MV73): about to spoil, the card with the most net decay;
/// otherwise a burdensome on-deck card; else `decline`.
fn silver_tree_choice(g: &MysticVale, legal: &[Action]) -> Action {
    let p = g.cur();
    let net = |c: u8| i32::from(p.stats[c as usize].decay) - i32::from(p.stats[c as usize].growth);
    if matches!(g.phase, Phase::SpoilPrompt { .. }) {
        let worst = legal.iter().filter_map(|&a| if let Action::Discard(c) = a { Some((net(c), a)) } else { None });
        if let Some((n, a)) = worst.max_by_key(|x| x.0)
            && n > 0
        {
            return a;
        }
    }
    match p.on_deck {
        Some(c) if crate::heuristic::on_deck_is_a_burden(p.stats[c as usize]) => Action::Discard(c),
        _ => Action::Decline,
    }
}

/// Rules revision 8 (ruling MV91): a fill or Canopy Explorer waiting for the player, as the heuristic:
/// as soon as offered, the fills first.
fn hunt_unit(g: &MysticVale, legal: &[Action]) -> Option<Action> {
    let state = &g.turn.fx.deck_to_field;
    crate::effects::deck_to_field::first_unit(g.phase, &g.turn, legal, g, |c, at| {
        let fill = state.fill & (1 << c) != 0;
        crate::effects::deck_to_field::place_of(&g.db, *g.cur().cards.get(usize::from(c))?, fill, at)
    })
}

/// What a harvest leaves the player to spend, as the rollout counts it: mana, spirits and twice the VP.
fn harvest_worth(g: &MysticVale) -> i32 {
    let s: i32 = g.spirits_left().iter().map(|&k| i32::from(k)).sum();
    i32::from(g.mana_left()) + s + 2 * i32::from(g.turn.vp_total)
}

/// Rules revision 8 (MV23): the choices the used on-deck cards' unique abilities offer now (their
/// modules' `actions` hooks, as the rules offer them), each tried on a copy of the game ([`try_each`]).
fn used_choices(g: &MysticVale, legal: &[Action]) -> (Option<Action>, Vec<Action>) {
    let mut offered = Vec::new();
    if g.options.rules >= crate::setup::DIONE_RULES && g.turn.ability_open.is_none() {
        crate::effects::neighbour_on_deck::for_each_used_module(g, &mut |key, card, ab, m| {
            if g.turn.ability_used & (1u32 << key) == 0
                && let Some(f) = m.actions
            {
                f(g, card, ab, &mut offered);
            }
        });
    }
    if offered.is_empty() {
        return (None, offered);
    }
    try_each(g, offered.into_iter().filter(|a| legal.binary_search(a).is_ok()))
}

/// Each of `actions` tried on a copy of the game: the one that leaves the most to spend
/// ([`harvest_worth`]) if that is more than now, and those that leave less (a used leader side's option
/// that costs the player mana and gives nothing back).
fn try_each(g: &MysticVale, actions: impl Iterator<Item = Action>) -> (Option<Action>, Vec<Action>) {
    let now = harvest_worth(g);
    let mut best: Option<(i32, Action)> = None;
    let mut worse = Vec::new();
    for a in actions {
        let mut with = g.clone();
        sylvan_engine::Game::apply_unchecked(&mut with, a, &mut sylvan_engine::NoEvents);
        let v = harvest_worth(&with);
        if v < now {
            worse.push(a);
        } else if v > now && best.is_none_or(|(b, _)| v > b) {
            best = Some((v, a));
        }
    }
    (best.map(|(_, a)| a), worse)
}

/// The rollout's choice among `legal` (sorted, non-empty) in `g`.
pub(crate) fn rollout_action(g: &MysticVale, legal: &[Action], rng: &mut GameRng) -> Action {
    let has = |a: Action| legal.binary_search(&a).is_ok();
    if g.turn.fx.discard_on_evoke.waiting {
        return silver_tree_choice(g, legal);
    }
    if let Some(a) = hunt_unit(g, legal) {
        return a;
    }
    match g.phase {
        Phase::Planting if has(Action::Push) && has(Action::Pass) => {
            return if g.net_decay(usize::from(g.current)) <= 2 { Action::Push } else { Action::Pass };
        }
        Phase::SpoilPrompt { .. } => {
            // Peacekeeper Druid or Algeni (`use cN SLOT`), else Blooming Arbor (`use vN`, growth).
            let druid = legal.iter().find(|a| matches!(a, Action::Use { card: Held::Card(..), .. }));
            let arbor = || {
                legal
                    .iter()
                    .find(|a| matches!(a, Action::UseVale(v) if g.db.hot_vale(*v).ability.effect == Effect::Gain))
            };
            if let Some(&a) = druid.or_else(arbor) {
                return a;
            }
            // Aether Tree: on any card whose decay it cancels (the last offered).
            let cancels = |a: &&Action| match a {
                Action::CancelDecay(_) => true,
                // Revision 5: `use vV cN` names Bramble Spire or Aether Tree.
                Action::Use { card: Held::Vale(v), .. } => {
                    matches!(g.db.hot_vale(*v).ability.effect, Effect::CancelDecayOn | Effect::CancelDecayCard)
                }
                _ => false,
            };
            if let Some(&a) = legal.iter().rev().find(cancels) {
                return a;
            }
        }
        Phase::Look { .. } => {
            let p = &g.players[usize::from(g.current)];
            let bad = g.peek.is_some_and(|c| p.stats[c as usize].decay > p.stats[c as usize].growth);
            let hoard = legal.iter().copied().find(|a| matches!(a, Action::UseVale(_)));
            return hoard.filter(|_| bad).unwrap_or(Action::Decline);
        }
        Phase::Hatch { .. } => {
            let p = &g.players[usize::from(g.current)];
            let keep = legal.iter().copied().find(|a| match a {
                Action::Keep(c)
                | Action::Use { card: Held::Card(c, _), choice: Choice::Nothing }
                | Action::Use { card: Held::Vale(_), choice: Choice::Card(c) } => {
                    p.stats[*c as usize].decay <= p.stats[*c as usize].growth
                }
                _ => false,
            });
            return keep.unwrap_or(Action::Decline);
        }
        Phase::Keep => {
            // Pool of Visions: the field card that brings the most with no net decay.
            let p = &g.players[usize::from(g.current)];
            let worth = |c: u8| {
                let st = &p.stats[c as usize];
                let gain = u32::from(st.mana) + st.spirits.iter().map(|&x| u32::from(x)).sum::<u32>();
                (st.decay <= st.growth).then_some(gain)
            };
            let keep = legal
                .iter()
                .filter_map(|&a| match a {
                    Action::Keep(c) | Action::Use { choice: Choice::Card(c), .. } => {
                        worth(c).filter(|&v| v > 0).map(|v| (v, a))
                    }
                    _ => None,
                })
                .max_by_key(|x| x.0);
            return keep.map_or(Action::Decline, |x| x.1);
        }
        Phase::NeighbourDiscard { seat, .. } => {
            let p = &g.players[usize::from(seat)];
            return match p.on_deck {
                Some(c) if crate::heuristic::on_deck_is_a_burden(p.stats[c as usize]) => Action::Discard(c),
                _ => Action::Decline,
            };
        }
        Phase::Harvest if g.turn.fx.claim_advancement.claims > 0 => {
            // Nightvale Pathfinder: a free advancement, from the highest level offered.
            let level = |a: &Action| match a {
                Action::Claim(Source::Common(l, _)) => 2 + i32::from(*l),
                Action::Claim(Source::Soil(_)) => 1,
                _ => 0,
            };
            return legal.iter().copied().max_by_key(level).unwrap_or(Action::Decline);
        }
        Phase::Harvest if g.turn.ability_open.is_some_and(|k| k >= crate::effects::neighbour_on_deck::USED_KEY) => {
            // Rules revision 8 (MV23): a used on-deck card's ability left open (a used Cyrilla's second
            // card): the choice that leaves the most to spend, if it leaves more; else stop.
            let open = legal.iter().copied().filter(|&a| a != Action::Decline);
            if let Some(a) = try_each(g, open).0 {
                return a;
            }
            if has(Action::Decline) {
                return Action::Decline;
            }
        }
        Phase::Harvest if g.turn.ability_open.is_some() && !has(Action::Done) => {
            // Old Bakarab's upgraded side sleeving: the highest-level advancement while one fits, then
            // stop without paying to turn back (its only other choice).
            let sleeve = legal.iter().copied().filter(|a| matches!(a, Action::Workshop(..)));
            if let Some(a) = sleeve.max_by_key(|&a| workshop_level(g, a)) {
                return a;
            }
            if legal == [Action::Decline, Action::AbilityPick(0)] {
                return Action::Decline;
            }
        }
        Phase::Harvest if g.turn.fx.move_advancement.pending.is_some() => {
            // Rules revision 7 (MV90): a Wayfarer Portal move half made, step by step as the heuristic.
            return portal_step(g, legal).unwrap_or(Action::Decline);
        }
        Phase::Harvest if has(Action::Done) => {
            // Wayfarer Portal first, as the heuristic: a move that makes the two cards bring more (rules
            // revision 7: its first decision).
            if !g.turn.fx.move_advancement.used && g.turn.usable & Effect::MoveAdvancement.bit() != 0 {
                let whole = crate::heuristic::best_portal_of(&g.db, &g.cur().cards, legal);
                if let Some(a) = whole.or_else(|| portal_step(g, legal)) {
                    return a;
                }
            }
            if legal.last() == Some(&Action::Score) && crate::heuristic::leads(g, usize::from(g.current)) {
                return Action::Score;
            }
            // Rules revision 8 (MV23): a neighbour's on-deck card that can cost (Grassland, sorted last),
            // used when the harvest it leaves has more to spend (mana, spirits, twice the VP).
            for &a in legal.iter().rev().take_while(|a| matches!(a, Action::UseOnDeck(..))) {
                let mut with = g.clone();
                sylvan_engine::Game::apply_unchecked(&mut with, a, &mut sylvan_engine::NoEvents);
                if harvest_worth(&with) > harvest_worth(g) {
                    return a;
                }
            }
            // Rules revision 8 (MV23): a used on-deck card's choice (a neighbour's leader side, acting as
            // the player's) that leaves more to spend; those that leave less are not taken.
            let (better, worse) = used_choices(g, legal);
            if let Some(a) = better {
                return a;
            }
            let mut best = legal[0];
            let mut best_score = 0;
            let mut ties = 0u32;
            let p = &g.players[usize::from(g.current)];
            // Old Bakarab's upgraded side with advancements to sleeve (`Workshop` sorts last): not paid back
            // to its starting side.
            let sleeving = matches!(legal.last(), Some(Action::Workshop(..)));
            for &a in legal {
                if (sleeving && a == Action::AbilityPick(0)) || worse.contains(&a) {
                    continue;
                }
                // GinGan's starting side names the on-deck card: only a burden is worth redrawing.
                if let Action::AbilityCard(c) = a
                    && p.on_deck == Some(c)
                    && !crate::heuristic::on_deck_is_a_burden(p.stats[c as usize])
                {
                    continue;
                }
                let Some(s) = harvest_score(a).map(|s| s + workshop_level(g, a)) else { continue };
                if s > best_score || ties == 0 {
                    best = a;
                    best_score = s;
                    ties = 1;
                } else if s == best_score {
                    ties += 1;
                    if rng.below(ties) == 0 {
                        best = a;
                    }
                }
            }
            if ties > 0 {
                return best;
            }
        }
        _ => {}
    }
    legal[rng.index(legal.len())]
}

/// The unit tests of this module, run by `tests/all/units.rs` (a `#[cfg(test)]` module would make
/// `cargo test` compile the crate a second time; CONTRIBUTING, "The default run").
#[doc(hidden)]
#[allow(missing_docs)]
pub mod selftest {
    use super::*;
    use sylvan_engine::{Game, Heuristic, NoEvents};

    /// Whole games played by the rollout policy at every seat: every choice is legal, planting follows
    /// the decay rule, a harvest never ends while a vale or an advancement could still be bought, and
    /// the games end within their bound.
    pub fn rollout_games_follow_the_rules_of_thumb() {
        for (players, sets) in (2..=4).flat_map(|p| [(p, "base"), (p, "base,magic")]) {
            let options = crate::setup::Options { players, sets: sets.into(), ..crate::setup::Options::default() };
            for game in 0..30 {
                let Ok(mut g) = MysticVale::new(&options, game) else { panic!("deal") };
                let mut rng = GameRng::new(game);
                let mut legal = Vec::new();
                let mut moves = 0;
                while g.to_move().is_some() {
                    g.legal_actions(&mut legal);
                    let a = MysticVale::rollout_action(&g, &legal, &mut rng);
                    assert!(legal.binary_search(&a).is_ok(), "{a} is not legal");
                    if g.phase == Phase::Planting && legal.contains(&Action::Push) && legal.contains(&Action::Pass) {
                        let push = g.net_decay(usize::from(g.current)) <= 2;
                        assert_eq!(a, if push { Action::Push } else { Action::Pass });
                    }
                    if a == Action::Done {
                        assert!(
                            !legal.iter().any(|b| matches!(b, Action::Vale(..) | Action::Buy(_) | Action::BuyOn(..))),
                            "ended a harvest with a purchase available: {legal:?}"
                        );
                    }
                    g.apply_unchecked(a, &mut NoEvents);
                    moves += 1;
                    assert!(moves <= MysticVale::max_game_length(&options));
                }
            }
        }
    }
}
