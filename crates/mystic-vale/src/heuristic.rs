//! The heuristic player: pushes while the spoil probability from the known remaining deck is below a
//! threshold, buys vales by VP and advancements by a value estimate, sleeves away from decay.

use sylvan_engine::GameRng;

use crate::actions::{Action, Source};
use crate::cards::Spirit;
use crate::state::{EMPTY, Phase};
use crate::view::View;

/// Push while the chance of spoiling is below this.
pub const PUSH_THRESHOLD: f64 = 0.3;

fn adv_of(view: &View, s: Source) -> u8 {
    match s {
        Source::Common(l, k) => view.commons[l as usize][k as usize],
        Source::Soil(slot) => view.db.soil[slot as usize],
    }
}

/// A value estimate for an advancement: its cost, plus its VP and level.
fn adv_value(view: &View, a: u8) -> i32 {
    if a == EMPTY {
        return 0;
    }
    let x = view.db.adv(a);
    i32::from(x.cost) * 2 + i32::from(x.symbols.vp_end) * 2 + i32::from(x.symbols.vp_harvest) * 3
        - i32::from(x.symbols.decay) * 4
        + i32::from(x.level)
}

/// Picks an action for the seat of `view`.
pub fn choose(view: &View, legal: &[Action], rng: &mut GameRng) -> Action {
    let me = view.seat.index();
    let p = &view.players[me];
    let db = &*view.db;
    let has = |a: Action| legal.contains(&a);
    let fallback = legal[rng.index(legal.len())];
    match view.phase {
        Phase::Planting => {
            if has(Action::Push) && view.spoil_risk().unwrap_or(1.0) < PUSH_THRESHOLD {
                Action::Push
            } else {
                Action::Pass
            }
        }
        Phase::SpoilPrompt { .. } => {
            for a in [Action::Druid, Action::Arbor] {
                if has(a) {
                    return a;
                }
            }
            legal.iter().copied().find(|a| matches!(a, Action::Conclave(_))).unwrap_or(Action::Spoil)
        }
        Phase::WhenPlayed { .. } => {
            if has(Action::Mill) {
                let top = view.peek.map(|c| p.cards[c as usize].decay(db)).unwrap_or(0);
                return if top > 0 { Action::Mill } else { Action::Decline };
            }
            legal
                .iter()
                .copied()
                .filter_map(|a| match a {
                    Action::Discard(c) => Some((p.cards[c as usize].decay(db), a)),
                    _ => None,
                })
                .filter(|(d, _)| *d > 0)
                .max_by_key(|(d, _)| *d)
                .map(|(_, a)| a)
                .unwrap_or(Action::Decline)
        }
        Phase::Harvest => {
            // Vales first, by VP.
            if let Some(a) = legal.iter().copied().filter(|a| matches!(a, Action::Vale(..))).max_by_key(|a| match a {
                Action::Vale(l, k, _) => db.vale(view.vale_row[*l as usize][*k as usize]).vp,
                _ => 0,
            }) {
                return a;
            }
            let best = legal
                .iter()
                .copied()
                .filter_map(|a| match a {
                    Action::Buy(s) | Action::BuyOn(s, _) => Some((adv_value(view, adv_of(view, s)), a)),
                    _ => None,
                })
                .max_by_key(|(v, _)| *v);
            if let Some((_, a)) = best {
                return a;
            }
            if has(Action::Token) && view.turn.bought.len() < 2 {
                let left = (view.turn.mana_total).saturating_sub(view.turn.mana_spent) + 1;
                let affordable = view.commons.iter().flatten().any(|&a| a != EMPTY && db.adv(a).cost == left);
                if affordable {
                    return Action::Token;
                }
            }
            if let Some(a) = legal
                .iter()
                .copied()
                .find(|a| matches!(a, Action::Aerie(Spirit::Animal | Spirit::Forest | Spirit::Sky)))
            {
                let _ = a;
            }
            if has(Action::Done) { Action::Done } else { fallback }
        }
        Phase::Sleeve => legal
            .iter()
            .copied()
            .min_by_key(|a| match a {
                Action::Sleeve(c) => {
                    let s = p.cards[*c as usize];
                    (s.decay(db), 3 - s.free_slots())
                }
                _ => (99, 99),
            })
            .unwrap_or(fallback),
        Phase::Over => fallback,
    }
}

/// Describes an action for a human.
pub fn describe(view: &View, a: Action) -> String {
    let db = &*view.db;
    match a {
        Action::Buy(s) | Action::BuyOn(s, _) => {
            let x = adv_of(view, s);
            if x == EMPTY {
                return a.to_string();
            }
            let adv = db.adv(x);
            format!("{a}: {} ({} mana, {}, level {})", adv.title, adv.cost, adv.slot.name(), adv.level)
        }
        Action::Vale(l, k, _) => {
            let v = view.vale_row[l as usize][k as usize];
            if v == EMPTY { a.to_string() } else { format!("{a}: {} ({} VP)", db.vale(v).title, db.vale(v).vp) }
        }
        Action::Sleeve(c) | Action::Discard(c) | Action::Conclave(c) => {
            let p = &view.players[view.current as usize];
            format!("{a}: {}", view.card_text(p.cards[c as usize]))
        }
        _ => a.to_string(),
    }
}
