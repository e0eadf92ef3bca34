//! The rule-of-thumb player. It sees only its [`View`]. Attacks: kill shots first (the Sage's above all),
//! then the most damage, with the attacker and target that give it (boosts, shields and the command's
//! bonuses counted); damage effects aim the same way. Defends with every instant, uses every daybreak
//! effect and faction action, summons, puts boosts on units that can still attack and shields on the
//! Sage or hurt front units, brings stronger non-Sage elementals forward (swaps, refills), and buys the
//! best value per gold. In teams the lead hands over to the partner once when the partner holds attacks
//! or elementals.

use sylvan_engine::{GameRng, Heuristic};

use crate::actions::{Action, Slot};
use crate::cards::{Card, Cards, Class, Effect};
use crate::state::{Ask, CommandOfNature, Phase, Unit};
use crate::view::View;

/// Every slot of a side in this view's layout.
fn slots(view: &View) -> impl Iterator<Item = Slot> + '_ {
    let w = view.w();
    (0..3usize).flat_map(move |r| (0..(r + 1) * w).map(move |c| crate::actions::slot(r, c)))
}

fn find(view: &View, uid: u16) -> Option<(u8, Slot, Unit)> {
    (0..2u8).find_map(|sd| slots(view).find_map(|s| view.at(sd, s).filter(|u| u.uid == uid).map(|u| (sd, s, *u))))
}

fn hp_left(t: &Cards, u: &Unit) -> i32 {
    t.info(u.card).health as i32 - u.dmg as i32
}

/// How much an opposing elemental is worth removing: the Sage above all, then strength and health.
fn worth(t: &Cards, u: &Unit) -> i32 {
    let i = t.info(u.card);
    if i.class == Class::Sage { 400 } else { 10 + 3 * i.strength as i32 + i.health as i32 + 2 * u.boosts as i32 }
}

/// The value of dealing `dmg` (before shields) to the opposing unit `u`: a kill shot first (the Sage's
/// above all), otherwise damage dealt, more on the Sage and on units close to falling.
fn hit_value(t: &Cards, u: &Unit, dmg: i32) -> i32 {
    let dealt = (dmg - u.shields as i32).max(0);
    let left = hp_left(t, u);
    if dealt >= left {
        1000 + worth(t, u)
    } else if dealt == 0 {
        -5
    } else {
        let sage = if u.card.class() == Class::Sage { 60 } else { 0 };
        20 * dealt + sage - 2 * (left - dealt)
    }
}

/// The attack damage of `att` with `cmd` against any target (before shields and instants).
fn attack_damage(view: &View, att: &Unit, attacker_row: usize, cmd: Card) -> i32 {
    let info = view.cards.info(cmd);
    let basic = att.card.class() == Class::Basic;
    let mut d = view.cards.info(att.card).strength as i32 + att.boosts as i32 + info.delta as i32;
    match cmd.effect() {
        Effect::NaturesWrath if basic => d += 2,
        Effect::PrimitiveStrike if basic => d += 1,
        Effect::FocusedFury => d += att.shields as i32,
        _ => {}
    }
    if info.class == Class::Melee && attacker_row == 0 {
        let side = view.seat.0 & 1;
        for s in slots(view) {
            if let Some(p) = view.at(side, s)
                && p.card.effect() == Effect::PineSnapper
                && view.cards.works(p, s)
            {
                d += p.dmg as i32;
            }
        }
    }
    d
}

/// The best value of attacking with the unit at `from` using `cmd`, over its targets.
fn best_attack_from(view: &View, from: Slot, cmd: Card) -> Option<i32> {
    let side = view.seat.0 & 1;
    let att = view.at(side, from)?;
    if att.attacked || view.cards.info(cmd).attacker_rows & (1 << (from / 6)) == 0 {
        return None;
    }
    let r = (from / 6) as usize;
    let d = attack_damage(view, att, r, cmd);
    slots(view)
        .filter(|&t| view.can_target(cmd, r, (t / 6) as usize))
        .filter_map(|t| view.at(1 - side, t).map(|u| hit_value(&view.cards, u, d)))
        .max()
}

/// The best value of playing attack command `cmd` now.
fn best_attack(view: &View, cmd: Card) -> Option<i32> {
    slots(view).filter_map(|s| best_attack_from(view, s, cmd)).max()
}

/// How useful a unit of ours is in front: strength, boosts and health left; the Sage stays behind.
fn front_power(view: &View, side: u8, s: Slot) -> i32 {
    view.at(side, s).map_or(0, |u| {
        if u.card.class() == Class::Sage {
            -100
        } else {
            2 * (view.cards.info(u.card).strength as i32 + u.boosts as i32) + hp_left(&view.cards, u) + u.shields as i32
        }
    })
}

/// The value of a card in the market or in hand, per gold for buying.
fn card_value(t: &Cards, c: Card) -> i32 {
    let i = t.info(c);
    match i.class {
        Class::Melee | Class::Ranged => 14 + 3 * i.delta as i32,
        Class::Instant => 8,
        Class::Utility => 9,
        _ => 2 * i.strength as i32 + i.health as i32 + if i.effect == Effect::None { 0 } else { 3 },
    }
}

fn score(view: &View, a: Action) -> i32 {
    let me = view.seat.0;
    let side = me & 1;
    let enemy = 1 - side;
    if let Some(q) = &view.question {
        return match (q.ask, a) {
            (Ask::Target { cmd, attacker } | Ask::Target2 { cmd, attacker, .. }, Action::Aim(t)) => {
                let (Some((_, from, att)), Some(u)) = (find(view, attacker), view.at(enemy, t)) else { return 0 };
                hit_value(&view.cards, u, attack_damage(view, &att, (from / 6) as usize, cmd))
            }
            (Ask::Hit { dmg, .. }, Action::Aim(t)) => {
                view.at(enemy, t).map_or(0, |u| hit_value(&view.cards, u, dmg as i32))
            }
            (_, Action::Aim(t)) => view.at(enemy, t).map_or(0, |u| worth(&view.cards, u)),
            (Ask::Attacker { cmd }, Action::Pick(s)) => best_attack_from(view, s, cmd).unwrap_or(-100),
            (Ask::Place { .. }, Action::Pick(s)) => -(s as i32),
            (Ask::Tokens { boosts, .. }, Action::Pick(s)) => {
                // Boosts on a strong unit that can still attack; shields on the Sage or a hurt front unit.
                view.at(side, s).map_or(0, |u| {
                    if boosts > 0 {
                        view.cards.info(u.card).strength as i32 + if u.attacked { 0 } else { 10 } - (s / 6) as i32
                    } else if u.card.class() == Class::Sage {
                        30
                    } else {
                        20 - 3 * (s / 6) as i32 - hp_left(&view.cards, u)
                    }
                })
            }
            (Ask::Redistribute { .. } | Ask::CharmTarget { boost: false, .. }, Action::Pick(s)) => {
                view.at(side, s).map_or(0, |u| if u.card.class() == Class::Sage { 30 } else { 10 - 3 * (s / 6) as i32 })
            }
            (Ask::Refill, Action::Refill(from, _)) => front_power(view, side, from),
            (_, Action::Pick(s)) => {
                view.at(side, s).map_or(0, |u| view.cards.info(u.card).strength as i32 + u.boosts as i32)
            }
            (Ask::Instants, Action::Instant(_)) => 10,
            (Ask::Intercept { .. }, Action::Use) => 1,
            (Ask::Spend { .. }, Action::Amount(k)) => k as i32,
            (Ask::BoostOrShield { .. }, Action::Amount(k)) => k as i32,
            (_, Action::Amount(k)) => k as i32,
            (Ask::FromDiscard { .. }, Action::Choose(c)) => card_value(&view.cards, c),
            (Ask::Discards { .. }, Action::Choose(c)) => -card_value(&view.cards, c),
            (Ask::DeckWarrior, Action::Choose(c)) => -card_value(&view.cards, c),
            // The stronger warrior beside the partner: connected to both halves of the formation.
            (Ask::InnerWarrior, Action::Choose(c)) => card_value(&view.cards, c),
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
        (Phase::Actions, Action::Play(c)) if c.class().is_attack() => match best_attack(view, c) {
            Some(v) if v >= 1000 => 100 + v / 10,
            Some(v) if v > 0 => 30 + v / 10,
            _ => 2,
        },
        (Phase::Actions, Action::Play(_)) => 18,
        (Phase::Actions, Action::Faction(l)) => 25 + l as i32,
        (Phase::Actions, Action::Summon(c)) => 20 + view.cards.info(c).strength as i32,
        (Phase::Actions, Action::Draw) => 8,
        (Phase::Actions, Action::Swap(x, y)) => {
            // Bring a stronger, healthier non-Sage elemental forward.
            let (front, back) = if x / 6 <= y / 6 { (x, y) } else { (y, x) };
            if front / 6 == back / 6 {
                return -20;
            }
            let gain = front_power(view, side, back) - front_power(view, side, front);
            if gain > 4 { 6 + gain } else { -20 }
        }
        (Phase::Actions, Action::Partner) => {
            let partner = view.seats.get((me ^ 2) as usize).and_then(|p| p.hand.as_ref());
            let useful = partner.is_some_and(|h| h.iter().any(|c| c.class().is_attack() || c.class().is_elemental()));
            if view.handovers == 0 && view.ap > 0 && useful { 9 } else { -20 }
        }
        (Phase::Market, Action::Partner) => -20,
        (Phase::Market, Action::Buy(i)) => {
            let c = view.market[(i / 3) as usize][(i % 3) as usize];
            c.map_or(0, |c| {
                let cost = view.cards.info(c).cost.unwrap_or(0).max(1) as i32;
                4 + 6 * card_value(&view.cards, c) / cost + cost - gold / 4
            })
        }
        (Phase::Market, Action::BuyPlace(i)) => view.market[0][i as usize].map_or(0, |c| {
            let cost = view.cards.info(c).cost.unwrap_or(0) as i32 + 2;
            6 + 6 * card_value(&view.cards, c) / cost + cost
        }),
        (Phase::Market, Action::Sell(_)) => -10,
        (Phase::Market, Action::Refresh(_)) => -3,
        (Phase::Reset(_), Action::Discard(c)) => {
            if view.hand().len() > 5 {
                10 - card_value(&view.cards, c)
            } else {
                -10
            }
        }
        _ => 0,
    }
}

/// A projected lead (in material points, see [`material`]) that counts as clear: a side this far ahead is
/// valued about 0.88 in [`estimated_returns`].
pub const CLEAR_LEAD: f64 = 12.0;

/// One side's material: each living Sage counts four times its health left plus shields (losing every
/// Sage loses the game), every other elemental in the formation twice its strength with boosts plus its
/// health left and shields, and each seat's level on the track (champions to come) twice.
pub fn material(g: &CommandOfNature, side: u8) -> f64 {
    let t = &g.cards;
    let mut m = 0i32;
    for u in g.formations[usize::from(side & 1)].iter().flatten().flatten() {
        let i = t.info(u.card);
        let hp = hp_left(t, u).max(0);
        m += if i.class == Class::Sage {
            4 * (hp + i32::from(u.shields))
        } else {
            2 * (i32::from(i.strength).max(0) + i32::from(u.boosts)) + hp + i32::from(u.shields)
        };
    }
    for (seat, p) in g.players.iter().enumerate() {
        if CommandOfNature::side_of(seat as u8) == side & 1 {
            m += 2 * i32::from(p.level);
        }
    }
    f64::from(m)
}

/// The estimate of [`returns`](sylvan_engine::Game::returns) for search playouts cut short
/// ([`Heuristic::evaluate`](sylvan_engine::Heuristic::evaluate)): side 0's material lead squashed into
/// 0..1 by `0.5 + 0.5 · tanh(lead / CLEAR_LEAD)`, and one minus that for side 1 (partners alike). Only
/// between steps — no attack, question or pending work — in the Daybreak, Actions or Market phase; `None`
/// elsewhere.
pub fn estimated_returns(g: &CommandOfNature) -> Option<Vec<f64>> {
    if !matches!(g.phase, Phase::Daybreak | Phase::Actions | Phase::Market)
        || g.attack.is_some()
        || g.question.is_some()
        || !g.stack.is_empty()
    {
        return None;
    }
    let v0 = 0.5 + 0.5 * ((material(g, 0) - material(g, 1)) / CLEAR_LEAD).tanh();
    Some((0..g.n()).map(|s| if CommandOfNature::side_of(s as u8) == 0 { v0 } else { 1.0 - v0 }).collect())
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

    fn evaluate(state: &CommandOfNature) -> Option<Vec<f64>> {
        estimated_returns(state)
    }
}

/// A readable description of an action for the seat of `view` (card names and effects spelled out).
pub fn describe(view: &View, a: Action) -> String {
    crate::words::describe_in(view, a, sylvan_engine::Locale::En)
}
