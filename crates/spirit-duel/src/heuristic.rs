//! Two players that see only a [`View`]: the `heuristic` rule of thumb, and the rulebook's Robot policy
//! ([`robot_policy`], the `robot` bot spec through [`Heuristic::named_policy`]), so that other bots can
//! be measured against it in the 1v1 game.

use sylvan_engine::{GameRng, Heuristic};

use crate::actions::Action;
use crate::cards::{Card, Cond, Effect, Spirit, kw};
use crate::state::{Phase, SpiritDuel};
use crate::view::{SpiritView, View};

fn spirit_of(view: &View, s: Spirit) -> Option<(usize, SpiritView)> {
    (0..2).find_map(|i| view.sides[i].spirits.iter().find(|x| x.id == s).map(|x| (i, *x)))
}

/// Expected power of an attack with these stats against `target`.
#[allow(clippy::too_many_arguments)]
fn attack_power(
    view: &View,
    base: u8,
    crit: u8,
    weak: u8,
    effect: Effect,
    gated: bool,
    self_pv: u8,
    t: &SpiritView,
) -> f64 {
    let bit = t.id.data().element.bit();
    let mut p = base as f64;
    if crit & bit != 0 {
        p += 4.0;
    }
    if weak & bit != 0 {
        p -= 4.0;
    }
    if !gated {
        return p;
    }
    match effect {
        Effect::Bonus(n, c) => {
            let holds = match c {
                Cond::Always => true,
                Cond::DealtDamage => view.dealt_damage,
                Cond::TargetExhausted => !t.charged,
                Cond::SelfHp11 => self_pv >= 11,
                Cond::DefenderLow => t.pv <= 10,
            };
            if holds {
                p += n as f64;
            }
        }
        Effect::Die { n, threshold, extra } => {
            let hits = (7.0 - (threshold as f64 - view.die_bonus as f64).max(1.0)).clamp(0.0, 6.0);
            p += n as f64 + extra as f64 * hits / 6.0;
        }
        _ => {}
    }
    p
}

fn gated(c: Card, day: bool) -> bool {
    let a = c.data();
    !(a.has(kw::DIURNE) && !day || a.has(kw::NOCTURNE) && day)
}

/// The heuristic's score of an action (higher is better; `End` scores 0).
pub fn score(view: &View, a: Action) -> f64 {
    let me = view.current.index();
    let pm = view.sides[me].pm as f64;
    let kill_bonus = |t: &SpiritView, p: f64| if p >= t.pv as f64 { 25.0 } else { (20.0 - t.pv as f64) * 0.2 };
    match a {
        Action::End | Action::Take => 0.0,
        Action::Attack(c, t) => {
            let Some((_, t)) = spirit_of(view, t) else { return -1.0 };
            let d = c.data();
            let p = attack_power(view, d.power, d.criticals, d.weaknesses, d.effect, gated(c, view.day), 0, &t);
            p - d.cost as f64 * 0.8 + kill_bonus(&t, p) + if d.has(kw::ZONE) { 4.0 } else { 0.0 }
        }
        Action::Strike(s, t) => {
            let (Some((_, me_s)), Some((_, t))) = (spirit_of(view, s), spirit_of(view, t)) else { return -1.0 };
            let d = s.data();
            let p = attack_power(view, d.attack_power, d.criticals, d.weaknesses, d.attack_effect, true, me_s.pv, &t);
            p - d.attack_cost as f64 * 0.8 + kill_bonus(&t, p)
        }
        Action::Support(c, t) => {
            let d = c.data();
            if !gated(c, view.day) {
                return -5.0;
            }
            let t = t.and_then(|t| spirit_of(view, t)).map(|x| x.1);
            let v = match (d.effect, t) {
                (Effect::Heal(n), Some(t)) => (n.min(t.id.data().pv - t.pv)) as f64 * 1.2,
                (Effect::GainPm(n), _) => (n as f64).min(8.0 - pm + d.cost as f64) * 0.8,
                (Effect::Draw(n), _) => n as f64 * 1.5,
                (Effect::ExhaustEnemy, Some(t)) if t.charged => 3.0,
                (Effect::Recharge, Some(t)) if !t.charged => 3.0,
                (Effect::Damage(n), Some(t)) => n as f64 + kill_bonus(&t, n as f64),
                (Effect::AttachHeal(n), Some(t)) => 2.0 + n as f64 * if t.pv < 15 { 1.0 } else { 0.5 },
                (Effect::AttachPm(n), Some(_)) => 2.0 + n as f64,
                _ => 0.0,
            };
            v - d.cost as f64 * 0.6 + if d.has(kw::ZONE) { 2.0 } else { 0.0 }
        }
        Action::Recycle(c) => {
            // Recycle a card that cannot be played now (too dear, or gated by the cycle).
            let d = c.data();
            if d.cost as f64 > pm || !gated(c, view.day) { 0.5 } else { -1.0 }
        }
        Action::Defend(c) => {
            let Phase::Defend(p) = view.phase else { return -1.0 };
            let d = c.data();
            let mut def = d.power as f64;
            if d.criticals & p.element.bit() != 0 {
                def += 4.0;
            }
            if d.weaknesses & p.element.bit() != 0 {
                def -= 4.0;
            }
            if gated(c, view.day) {
                match d.effect {
                    Effect::Bonus(n, _) => def += n as f64 * 0.7,
                    Effect::Die { n, extra, .. } => def += n as f64 + extra as f64 * 0.5,
                    Effect::Heal(n) => def += n as f64,
                    _ => {}
                }
            }
            let prevented = def.min(p.power as f64).max(0.0);
            let target = view.sides[1 - view.current.index()].spirits[p.target as usize];
            let lethal = if p.power as f64 >= target.pv as f64 { 10.0 } else { 0.0 };
            prevented - d.cost as f64 * 0.7 + lethal - 1.0
        }
    }
}

impl Heuristic for SpiritDuel {
    fn named_policy(name: &str) -> Option<sylvan_engine::Policy<Self>> {
        (name == "robot").then_some(robot_policy as sylvan_engine::Policy<Self>)
    }

    fn policy_names() -> &'static [&'static str] {
        &["robot"]
    }

    fn heuristic_action(view: &View, legal: &[Action], rng: &mut GameRng) -> Action {
        let mut best = legal[0];
        let mut best_score = f64::MIN;
        for &a in legal {
            // A tiny random tie-break so that equal options are not always taken in id order.
            let s = score(view, a) + rng.below(100) as f64 * 1e-4;
            if s > best_score {
                best = a;
                best_score = s;
            }
        }
        best
    }
}

/// The Robot's policy in a 1v1 game: in its combat phase it plays a random usable card from its hand
/// (attacks at the enemy spirit with the fewest PV; Soutien cards only with a positive effect), never
/// attacks with its spirits nor recycles, and ends its turn when nothing is usable; attacked, it
/// defends with a random playable Défense. It plays by the 1v1 rules (no play over budget).
pub fn robot_policy(view: &View, legal: &[Action], rng: &mut GameRng) -> Action {
    let me = view.current.index();
    match view.phase {
        Phase::Defend(_) => {
            let n = legal.iter().filter(|a| matches!(a, Action::Defend(_))).count();
            if n == 0 { Action::Take } else { legal[rng.index(n)] }
        }
        _ => {
            let foe = &view.sides[1 - me].spirits;
            let min = foe.iter().filter(|x| x.alive).map(|x| x.pv).min().unwrap_or(0);
            let mut picks = [Action::End; 64];
            let mut n = 0;
            for &a in legal {
                let ok = match a {
                    Action::Attack(_, t) => spirit_of(view, t).is_some_and(|(_, t)| t.pv == min),
                    Action::Support(c, t) => {
                        gated(c, view.day)
                            && match (c.data().effect, t.and_then(|t| spirit_of(view, t)).map(|x| x.1)) {
                                (Effect::Heal(_), Some(t)) => t.pv < t.id.data().pv,
                                (Effect::Recharge, Some(t)) => !t.charged,
                                (Effect::ExhaustEnemy, Some(t)) => t.charged,
                                (Effect::None, _) => false,
                                _ => true,
                            }
                    }
                    _ => false,
                };
                if ok && n < picks.len() {
                    picks[n] = a;
                    n += 1;
                }
            }
            if n == 0 { Action::End } else { picks[rng.index(n)] }
        }
    }
}

/// A readable description of an action, in English ([`crate::words::describe_in`] in any locale).
pub fn describe(view: &View, a: Action) -> String {
    crate::words::describe_in(view, a, sylvan_engine::Locale::En)
}
