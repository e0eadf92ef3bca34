//! The spirit duel: both sides (the viewer's first), the viewer's hand and the cards it put under its
//! pile, the pending attack, and the turn.

use sylvan_engine::Seat;
use sylvan_spirit_duel::cards::{ABILITIES, SPIRITS};
use sylvan_spirit_duel::observe::SeenSide;
use sylvan_spirit_duel::state::Source;
use sylvan_spirit_duel::view::SideView;
use sylvan_spirit_duel::{Element, Outcome, Phase, SpiritDuel, View};

use super::{Observation, Observe, ObserveState, Tensor};

fn mask(out: &mut Observation, m: u32) {
    out.bits((0..ABILITIES).filter(|&i| m & (1 << i) != 0), ABILITIES);
}

fn side(out: &mut Observation, s: &SideView) {
    for sp in &s.spirits {
        out.one_hot(Some(usize::from(sp.id.0)), SPIRITS);
        out.scaled(f64::from(sp.pv), 10.0);
        out.flag(sp.alive);
        out.flag(sp.charged);
        out.scaled(f64::from(sp.bound), 3.0);
        mask(out, sp.attached);
    }
    out.scaled(f64::from(s.pm), 10.0);
    out.scaled(f64::from(s.hand_count), 6.0);
    out.scaled(f64::from(s.deck_len), 12.0);
    out.flag(s.reshuffled);
    mask(out, s.discard);
    mask(out, s.removed);
}

impl Observe for SpiritDuel {
    fn observe(view: &View, out: &mut Observation) {
        let me = view.seat.index().min(1);
        let rel = |s: usize| usize::from(s != me);
        out.section("solo, first player is the viewer, viewer to play");
        out.flag(view.options.solo);
        out.flag(view.first.index() == me);
        out.flag(view.current.index() == me);
        out.section("round (one-hot, 1 to 8), day");
        out.one_hot(usize::from(view.round).checked_sub(1), 8);
        out.flag(view.day);
        out.section("turn: dealt damage, recycled, die bonus/6");
        out.flag(view.dealt_damage);
        out.flag(view.recycled);
        out.scaled(f64::from(view.die_bonus), 6.0);
        out.section("card in use (ability id)");
        out.one_hot(view.in_play.map(|c| usize::from(c.0)), ABILITIES);
        out.section("phase (combat, defend, over: destroyed, exhausted, draw; winner is the viewer)");
        let (kind, winner) = match view.phase {
            Phase::Combat => (0, None),
            Phase::Defend(_) => (1, None),
            Phase::Over(Outcome::Destroyed(w)) => (2, Some(w)),
            Phase::Over(Outcome::Exhausted(w)) => (3, Some(w)),
            Phase::Over(Outcome::Draw) => (4, None),
        };
        out.one_hot(Some(kind), 5);
        out.flag(winner.is_some_and(|w| w.index() == me));
        out.section("pending attack: source card, source spirit, target slot, power/10, element, zone reuse");
        let pending = match view.phase {
            Phase::Defend(p) => Some(p),
            _ => None,
        };
        out.one_hot(
            pending.and_then(|p| if let Source::Card(c) = p.source { Some(usize::from(c.0)) } else { None }),
            ABILITIES,
        );
        out.one_hot(
            pending.and_then(|p| if let Source::Spirit(s) = p.source { Some(usize::from(s.0)) } else { None }),
            SPIRITS,
        );
        out.one_hot(pending.map(|p| usize::from(p.target)), 2);
        out.scaled(pending.map_or(0.0, |p| f64::from(p.power)), 10.0);
        out.one_hot(pending.and_then(|p| Element::ALL.iter().position(|&e| e == p.element)), Element::ALL.len());
        out.flag(pending.is_some_and(|p| p.zone_reuse));
        for s in [me, 1 - me] {
            out.section(if rel(s) == 0 {
                "own side: 2 x (spirit, pv/10, alive, charged, bound/3, attached), pm/10, hand/6, pile/12, reshuffled, discard, removed"
            } else {
                "other side: the same"
            });
            side(out, &view.sides[s]);
        }
        out.section("own hand (ability id; empty when hidden)");
        mask(out, view.hand.unwrap_or(0));
        out.section("cards known at the bottom of the own pile (ability id)");
        out.bits(view.known_bottom.iter().map(|c| usize::from(c.0)), ABILITIES);
        out.section("moves/200");
        out.scaled(f64::from(view.moves), 200.0);
    }
}

/// The attached, discard, removed and hand masks (ability ids below [`ABILITIES`]).
fn mask_fast(out: &mut Tensor<'_>, m: u32) {
    out.bit_words(&[u64::from(m)], ABILITIES);
}

fn side_fast(out: &mut Tensor<'_>, s: SeenSide<'_>) {
    for k in 0..2 {
        let sp = s.spirit(k);
        out.one_hot(Some(usize::from(sp.id.0)), SPIRITS);
        out.scaled(f64::from(sp.pv), 10.0);
        out.flag(sp.alive);
        out.flag(sp.charged);
        out.scaled(f64::from(sp.bound), 3.0);
        mask_fast(out, sp.attached);
    }
    out.scaled(f64::from(s.pm()), 10.0);
    out.scaled(f64::from(s.hand_count()), 6.0);
    out.scaled(f64::from(s.deck_len()), 12.0);
    out.flag(s.reshuffled());
    mask_fast(out, s.discard());
    mask_fast(out, s.removed());
}

/// [`Observe::observe`] written from what the seat sees of the state ([`Seen`]), section by section.
impl ObserveState for SpiritDuel {
    fn observe_state(&self, seat: Seat, out: &mut Tensor<'_>) {
        let view = self.seen(seat);
        let me = seat.index().min(1);
        out.flag(view.solo());
        out.flag(view.first().index() == me);
        out.flag(view.current().index() == me);
        out.one_hot(usize::from(view.round()).checked_sub(1), 8);
        out.flag(view.day());
        out.flag(view.dealt_damage());
        out.flag(view.recycled());
        out.scaled(f64::from(view.die_bonus()), 6.0);
        out.one_hot(view.in_play().map(|c| usize::from(c.0)), ABILITIES);
        let phase = view.phase();
        let (kind, winner) = match phase {
            Phase::Combat => (0, None),
            Phase::Defend(_) => (1, None),
            Phase::Over(Outcome::Destroyed(w)) => (2, Some(w)),
            Phase::Over(Outcome::Exhausted(w)) => (3, Some(w)),
            Phase::Over(Outcome::Draw) => (4, None),
        };
        out.one_hot(Some(kind), 5);
        out.flag(winner.is_some_and(|w| w.index() == me));
        match phase {
            Phase::Defend(p) => {
                out.one_hot(if let Source::Card(c) = p.source { Some(usize::from(c.0)) } else { None }, ABILITIES);
                out.one_hot(if let Source::Spirit(s) = p.source { Some(usize::from(s.0)) } else { None }, SPIRITS);
                out.one_hot(Some(usize::from(p.target)), 2);
                out.scaled(f64::from(p.power), 10.0);
                out.one_hot(Element::ALL.iter().position(|&e| e == p.element), Element::ALL.len());
                out.flag(p.zone_reuse);
            }
            _ => out.skip(ABILITIES + SPIRITS + 2 + 1 + Element::ALL.len() + 1),
        }
        side_fast(out, view.side(me));
        side_fast(out, view.side(1 - me));
        mask_fast(out, view.hand().unwrap_or(0));
        out.bits(view.known_bottom().iter().map(|c| usize::from(c.0)), ABILITIES);
        out.scaled(f64::from(view.moves()), 200.0);
    }
}
