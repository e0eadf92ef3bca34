//! The rule-of-thumb player: attacks with its strongest elementals at the weakest (or the Sage when it
//! can fall), always defends with its instants, uses every daybreak effect, summons, buys the dearest
//! elemental it can afford, and keeps its hand. It sees only its [`View`].

use sylvan_engine::{GameRng, Heuristic};

use crate::actions::Action;
use crate::cards::Class;
use crate::state::{Ask, CommandOfNature, Phase};
use crate::view::View;

fn score(view: &View, a: Action) -> i32 {
    let me = view.seat.0;
    let side = me & 1;
    let enemy = 1 - side;
    let hp_left = |sd: u8, s| view.at(sd, s).map_or(0, |u| u.card.info().health as i32 - u.dmg as i32);
    if let Some(q) = &view.question {
        return match (q.ask, a) {
            (_, Action::Aim(s)) => {
                let Some(u) = view.at(enemy, s) else { return 0 };
                let sage = u.card.class() == Class::Sage;
                100 - hp_left(enemy, s) + if sage { 20 } else { 0 }
            }
            (Ask::Attacker { .. }, Action::Pick(s)) => {
                view.at(side, s).map_or(0, |u| u.card.info().strength as i32 + u.boosts as i32)
            }
            (Ask::Place { .. }, Action::Pick(s)) => -(s as i32),
            (_, Action::Pick(s)) => view.at(side, s).map_or(0, |u| u.card.info().strength as i32),
            (Ask::Instants, Action::Instant(_)) => 10,
            (Ask::Intercept { .. }, Action::Use) => 1,
            (_, Action::Amount(k)) => k as i32,
            (Ask::FromDiscard { .. }, Action::Choose(c)) => c.info().cost.unwrap_or(3) as i32 + 5,
            (Ask::Discards { .. }, Action::Choose(c)) => -(c.info().cost.unwrap_or(1) as i32),
            (
                Ask::Discards { .. } | Ask::Tokens { .. } | Ask::FromDiscard { .. } | Ask::Target2 { .. },
                Action::Done,
            ) => -50,
            _ => 0,
        };
    }
    let gold = view.gold[side as usize] as i32;
    match (view.phase, a) {
        (Phase::Daybreak, Action::Dawn(_)) => 10,
        (Phase::Actions, Action::Play(c)) => 20 + c.info().delta as i32,
        (Phase::Actions, Action::Faction(l)) => 15 + l as i32,
        (Phase::Actions, Action::Summon(c)) => 12 + c.info().strength as i32,
        (Phase::Actions, Action::Draw) => 5,
        (Phase::Actions, Action::Swap(a, b)) => {
            // Bring a stronger, healthier non-Sage elemental forward.
            let power = |s| {
                view.at(side, s).map_or(0, |u| {
                    let sage = u.card.class() == Class::Sage;
                    if sage { -20 } else { u.card.info().strength as i32 + u.boosts as i32 + hp_left(side, s) / 2 }
                })
            };
            if a / 6 < b / 6 { 3 * (power(b) - power(a)) - 8 } else { -20 }
        }
        (Phase::Actions | Phase::Market, Action::Partner) => -20,
        (Phase::Market, Action::Buy(i)) => {
            let c = view.market[(i / 3) as usize][(i % 3) as usize];
            c.map_or(0, |c| 2 * c.info().cost.unwrap_or(0) as i32 - gold / 4)
        }
        (Phase::Market, Action::BuyPlace(i)) => {
            view.market[0][i as usize].map_or(0, |c| c.info().cost.unwrap_or(0) as i32)
        }
        (Phase::Market, Action::Sell(_)) => -10,
        (Phase::Market, Action::Refresh(_)) => -3,
        (Phase::Reset(_), Action::Discard(c)) => {
            if view.hand().len() > 5 {
                10 - c.info().cost.unwrap_or(2) as i32
            } else {
                -10
            }
        }
        _ => 0,
    }
}

impl Heuristic for CommandOfNature {
    fn heuristic_action(view: &View, legal: &[Action], rng: &mut GameRng) -> Action {
        let mut best = legal[0];
        let mut best_score = i32::MIN;
        for &a in legal {
            let s = score(view, a) * 16 + rng.below(16) as i32;
            if s > best_score {
                best_score = s;
                best = a;
            }
        }
        best
    }
}

/// A readable description of an action for the seat of `view` (card names and effects spelled out).
pub fn describe(view: &View, a: Action) -> String {
    let me = view.seat.0;
    let side = me & 1;
    let unit = |sd: u8, s| view.at(sd, s).map_or("empty slot".to_owned(), |u| u.card.name().to_owned());
    match a {
        Action::Pick(s) => unit(side, s),
        Action::Aim(s) => format!("opposing {}", unit(1 - side, s)),
        Action::Dawn(s) => {
            format!("{}: {}", unit(side, s), view.at(side, s).map_or("", |u| u.card.info().text.as_str()))
        }
        Action::Play(c) | Action::Instant(c) => format!("{}: {}", c.name(), c.info().text),
        Action::Summon(c) => {
            let i = c.info();
            format!("summon {} {}/{}", i.name, i.strength, i.health)
        }
        Action::Choose(c) | Action::Sell(c) | Action::Discard(c) => c.name().to_owned(),
        Action::Buy(i) | Action::BuyPlace(i) => {
            let c = view.market[(i / 3) as usize][(i % 3) as usize];
            c.map_or("-".to_owned(), |c| format!("{} ({} gold)", c.name(), c.info().cost.unwrap_or(0)))
        }
        Action::Refill(x, y) => format!("{} to {}", unit(side, x), crate::actions::slot_name(y)),
        Action::Swap(x, y) => format!("{} <-> {}", unit(side, x), unit(side, y)),
        _ => a.to_string(),
    }
}
