//! A simple, sensible Equinox player (the `heuristic` bot) and readable action descriptions.
//!
//! It backs the creatures it bets on and attacks the others: it predicts on the creature where its hand
//! is strongest, plays its high cards on creatures carrying its stones and its low cards (and
//! chameleons) on creatures carrying only other players' stones, uses powers when they help, and
//! discards dead cards to refresh its hand. It sees only its [`View`].

use sylvan_engine::{GameRng, Heuristic, Seat};

use crate::actions::{Action, StoneSpot};
use crate::cards::{Card, CardSet, Creature};
use crate::state::{Equinox, Phase, ROUNDS};
use crate::view::View;

fn col_of(view: &View, c: Creature) -> Option<usize> {
    view.champions.iter().position(|&x| x == c)
}

/// My stake (+) and the others' (−) in a column, in prestige.
fn stake(view: &View, col: usize) -> (i32, i32) {
    let me = view.seat.0;
    let (mut mine, mut theirs) = (0, 0);
    for s in 0..view.options.players as u8 {
        if view.revealed[col].contains(Seat(s)) {
            if s == me { mine += 5 } else { theirs += 5 }
        }
    }
    for r in 0..ROUNDS {
        if let Some(Seat(s)) = view.stones[r][col] {
            let v = 4 - r as i32 + 1;
            if s == me { mine += v } else { theirs += v }
        }
    }
    if view.secret.and_then(Card::creature) == Some(view.champions[col]) {
        mine += 5;
    }
    (mine, theirs)
}

/// How much I like a creature's chances: the strength of my cards of it.
fn hand_strength(view: &View, c: Creature) -> i32 {
    view.hand.and(CardSet::of_creature(c)).iter().map(|x| x.strength() as i32 + 2).sum()
}

fn play_value(view: &View, strength: i32, col: usize) -> i32 {
    let (mine, theirs) = stake(view, col);
    if mine > 0 && mine >= theirs {
        2 * strength + mine
    } else if theirs > 0 {
        2 * (10 - strength) + theirs
    } else {
        5 - (strength - 5).abs()
    }
}

impl Heuristic for Equinox {
    fn heuristic_action(view: &View, legal: &[Action], rng: &mut GameRng) -> Action {
        let random = |rng: &mut GameRng| legal[rng.index(legal.len())];
        let best_by = |f: &dyn Fn(Action) -> i32| -> Option<Action> { legal.iter().copied().max_by_key(|&a| f(a)) };
        match view.phase {
            Phase::Predict => {
                if view.round == 1
                    && legal.iter().any(|a| matches!(a, Action::Secret(_)))
                    && let Some(c) = Creature::ALL.iter().copied().max_by_key(|&c| hand_strength(view, c))
                    && view.hand.and(CardSet::of_creature(c)).len() >= 3
                    && let Some(card) = view.hand.and(CardSet::of_creature(c)).first()
                {
                    return Action::Secret(card);
                }
                if view.round <= 3 {
                    let pick = best_by(&|a| match a {
                        Action::Predict(c) => hand_strength(view, c),
                        _ => 8,
                    });
                    if let Some(a) = pick {
                        return a;
                    }
                }
                Action::SkipPrediction
            }
            Phase::Play { .. } => best_by(&|a| match a {
                Action::Play(card) => card
                    .creature()
                    .and_then(|c| col_of(view, c))
                    .map_or(0, |col| play_value(view, card.strength() as i32, col)),
                Action::PlayChameleon(cam, c) => {
                    col_of(view, c).map_or(0, |col| play_value(view, cam.strength() as i32, col) - 1)
                }
                Action::PlayTree(_) => 6,
                _ => -100,
            })
            .unwrap_or_else(|| random(rng)),
            Phase::Discard => legal
                .iter()
                .copied()
                .find(|a| match a {
                    Action::Discard(c) => c.creature().and_then(|cr| col_of(view, cr)).is_some_and(|col| {
                        view.eliminated_in[col].is_some() || stake(view, col).0 == 0 && c.strength() <= 3
                    }),
                    _ => false,
                })
                .unwrap_or(Action::EndDiscard),
            Phase::Power { creature: Creature::Lichen, .. } => legal
                .iter()
                .copied()
                .find(|a| match a {
                    Action::Retrieve(StoneSpot::At(_, c)) => {
                        col_of(view, *c).is_some_and(|col| view.eliminated_in[col].is_some())
                    }
                    _ => false,
                })
                .unwrap_or(Action::Decline),
            Phase::Power { .. } => best_by(&|a| match a {
                Action::Decline => 0,
                Action::Remove(c) | Action::Name(c) => {
                    col_of(view, c).map_or(1, |col| 1 + stake(view, col).1 - stake(view, col).0)
                }
                Action::PlaceStone(r, c) => {
                    col_of(view, c).map_or(1, |col| 10 - r as i32 + hand_strength(view, c) / 4 + stake(view, col).0 / 3)
                }
                Action::Take(_, _) | Action::UsePower | Action::Target(_) | Action::Borrow(_) => 5,
                _ => 1 + rng_free_tiebreak(a),
            })
            .unwrap_or_else(|| random(rng)),
            Phase::Give { .. } => best_by(&|a| match a {
                Action::Give(c) => 10 - c.strength() as i32,
                _ => 0,
            })
            .unwrap_or_else(|| random(rng)),
            Phase::Keep { .. } => best_by(&|a| match a {
                Action::Keep(c) => c.strength() as i32 + if c.tree().is_some() { 8 } else { 0 },
                _ => 0,
            })
            .unwrap_or_else(|| random(rng)),
            _ => random(rng),
        }
    }
}

/// A fixed, seat-independent preference among otherwise equal options.
fn rng_free_tiebreak(a: Action) -> i32 {
    (crate::actions::action_id(a) % 3) as i32
}

/// A readable description of an action for the seat of `view`, in English.
pub fn describe(view: &View, a: Action) -> String {
    crate::words::describe_in(view, a, sylvan_engine::Locale::En)
}
