//! Rules revision 3 (issue 33, ruling MV87): the Harvest Phase as the player's decisions.
//!
//! The book lets the player resolve each Harvest ability once, at any time of the Harvest Phase, its gain
//! taken then (EN:462, 478, 480, 695). A field card (or the player's vales, as one) is a *unit*:
//! - A unit whose gain cannot change with the field (symbols, fixed gains, Ley Line Overflow's factor)
//!   is resolved at once: there is one sensible order. Its gain is banked in `Turn::banked` from the first
//!   change of the field on, and never re-derived.
//! - A unit with an ability whose gain counts something the field may change (a card count, guardians, a
//!   unique effect reading the table) is *open* (`Turn::open`): it is counted as the field is now until
//!   the player resolves it with `use c7` (`use vales`), which banks what it gives then.
//! - An action that may change the field and spends nothing (Wayfarer Portal, Conclave of Ents, an Evoke,
//!   Darksoul Ember's sleeving, Silver Tree's discard, a leader's choice) leaves open units open: the
//!   player chose to resolve them after it; but if what was spent before it needs their gains, they are
//!   resolved first (they paid). A purchase changes no gain, so that is checked only before a change.
//!   `done` resolves every open unit.
//! - A card that gets new content during the Harvest (an advancement sleeved or moved onto it) has new
//!   abilities: what it gives beyond its banked part is open again (or banked at once when fixed). A card
//!   that joins the field is a new unit.
//!
//! `use` is offered only where it can matter: an open unit in the field, while an action that may change
//! the field is legal. Where none is, nothing is asked and the totals are the fast path's.

use crate::actions::{Action, Choice, Held, USE_VALES};
use crate::cards::{Ability, Count, Effect, Timing};
use crate::harvest::Parts;
use crate::state::{MysticVale, NUM_CARDS, Sleeve};

/// A player's cards as far as new abilities go (see [`MysticVale::content`]).
pub(crate) type Content = ([Sleeve; NUM_CARDS], Option<crate::state::Boost>, Option<u8>);

/// The vales' bit in `Turn::open` and `Turn::seen`.
pub(crate) const VALES_BIT: u32 = 1 << NUM_CARDS;

/// Whether a Harvest ability's gain can change with the field.
pub(crate) fn varies(ab: Ability) -> bool {
    ab.timing == Timing::Harvest
        && match ab.effect {
            Effect::Gain | Effect::FillField => ab.per != Count::One,
            Effect::Unique => crate::effects::module(ab.module).is_some_and(|m| m.harvest.is_some()),
            _ => false,
        }
}

/// Sorts part of a legal list. Out of line: the lists are short, and a listing that sorts only now and
/// then does not carry its own copy of the sort.
#[inline(never)]
pub(crate) fn sort_actions(list: &mut [Action]) {
    list.sort_unstable();
}

/// The most actions [`merge_sorted`] inserts one by one; past that it sorts the whole list.
const MERGE_MAX: usize = 64;

/// Makes `out` sorted without duplicates, given that `out[..from]` already is (sorted, no duplicates) and `out[from..]` holds
/// a few actions in any order: each of those is inserted where a binary search puts it (skipped if
/// already there). The fast path of `out.sort_unstable(); out.dedup()` (the reference, which gives the
/// same list: checked in a debug assertion), for lists that grow by a few actions after their sorted
/// part (the waiting Calls of the Hunt): a few comparisons per action instead of a pass of
/// out-of-line comparisons over the whole list.
#[inline(never)]
pub(crate) fn merge_sorted(out: &mut Vec<Action>, from: usize) {
    let n = out.len() - from.min(out.len());
    #[cfg(debug_assertions)]
    let reference = {
        let mut r = out.clone();
        r.sort_unstable();
        r.dedup();
        r
    };
    // The sorted part is not checked here (that is as many comparisons as the sort's): the debug
    // assertion below compares with the reference.
    if n > MERGE_MAX {
        out.sort_unstable();
        out.dedup();
    } else {
        let mut tail = [Action::Pass; MERGE_MAX];
        tail[..n].copy_from_slice(&out[from..]);
        out.truncate(from);
        for &a in &tail[..n] {
            if let Err(k) = out.binary_search(&a) {
                out.insert(k, a);
            }
        }
    }
    #[cfg(debug_assertions)]
    debug_assert_eq!(*out, reference, "merge_sorted: the list as sort and dedup make it");
}

/// Whether an action may change the field and spends nothing: open units stay open through it.
pub(crate) fn defers(a: Action) -> bool {
    matches!(
        a,
        Action::Portal(..)
            | Action::Conclave(_)
            | Action::Use { card: Held::Vale(_), choice: Choice::Card(_) }
            | Action::Evoke
            | Action::EvokeOn(_)
            | Action::EvokeBought(..)
            | Action::AbilityCard(_)
            | Action::AbilityGraft(..)
            | Action::AbilityCommon(..)
            | Action::AbilitySoil(..)
            | Action::AbilityTake(_)
    )
}

/// The bits of a mask, lowest first.
fn bits(mut m: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let k = m.trailing_zeros() as usize;
            m &= m - 1;
            k
        })
    })
}

impl MysticVale {
    /// Whether the game plays rules revision 3: the Harvest's variable abilities resolved by the
    /// player's decisions ([`Options::rules`](crate::Options), ruling MV87).
    #[inline]
    pub(crate) fn decisions(&self) -> bool {
        self.options.rules >= 3
    }

    /// The units among `mask` (field cards; [`VALES_BIT`]: the usable vales) with a Harvest ability whose
    /// gain can change with the field.
    pub(crate) fn variable_units(&self, mask: u32) -> u32 {
        let p = self.cur();
        let db = &*self.db;
        // The leader's card (its side as the Harvest Phase reads it) and the card given an ability:
        // only they have abilities beyond their sleeve's.
        let leader = self.harvest_leader();
        let graft = p.fx.guardian_and_graft.boost.and_then(|b| b.ability.map(|ab| (b.card, ab)));
        let lead = leader.map_or(crate::state::EMPTY, |l| l.card);
        let grafted = graft.map_or(crate::state::EMPTY, |g| g.0);
        let mut out = 0;
        for &c in p.field.iter() {
            if mask & (1 << c) == 0 {
                continue;
            }
            let st = &p.stats[c as usize];
            let special = c == lead || c == grafted;
            if st.spirits_per_guardian != [0; 4] {
                out |= 1 << c;
                continue;
            }
            if !st.acts(Timing::Harvest) && !special {
                continue;
            }
            // The abilities in `ability_list`'s order, read in place (the sleeve's slots, then the
            // leader side's and the one given): fewer instructions as every Harvest Phase begins.
            let slots = p.cards[c as usize].slots;
            let varying = slots.iter().any(|&a| a != crate::state::EMPTY && varies(db.hot_ref(a).ability))
                || (c == lead && leader.is_some_and(|l| varies(l.face(db).ability)))
                || (c == grafted && graft.is_some_and(|g| varies(g.1)));
            if varying {
                out |= 1 << c;
            }
        }
        if mask & VALES_BIT != 0
            && self.usable_vales().iter().any(|&v| {
                let x = self.db.hot_vale(v);
                !x.remove_self && varies(x.ability)
            })
        {
            out |= VALES_BIT;
        }
        out
    }

    /// The Harvest Phase begins (revision 3): the units whose gain can change wait for the player.
    pub(crate) fn open_units(&mut self) {
        let var = if self.decisions() && self.may_defer() {
            self.variable_units(self.cur().field_mask() | VALES_BIT)
        } else {
            0
        };
        self.turn.variable = var;
        self.turn.open = var;
    }

    /// [`open_units`](MysticVale::open_units) with the variable units `var` already found (the recount's
    /// walk, `recount_begin`): asked only where `open_units` would ask.
    pub(crate) fn open_units_as(&mut self, var: u32) {
        self.turn.variable = var;
        self.turn.open = var;
    }

    /// Whether an action that may change the field can come in this Harvest Phase (a Conclave of Ents or
    /// Wayfarer Portal usable, an amulet, a leader, a unique ability): else no order can matter and nothing
    /// is asked.
    pub(crate) fn may_defer(&self) -> bool {
        let p = self.cur();
        self.turn.usable & (Effect::PlusGuardian.bit() | Effect::MoveAdvancement.bit()) != 0
            || p.amulet.is_some()
            || p.leader.is_some()
            || p.field.iter().any(|&c| p.stats[c as usize].has(Effect::Unique))
    }

    /// Resolves the open units of `mask`: each banks what it gives now (the most of that and what it
    /// banked before new content reopened it) and is closed. The totals do not change.
    pub(crate) fn resolve_units(&mut self, mask: u32) {
        self.resolve_units_with(mask, None);
    }

    /// [`resolve_units`](MysticVale::resolve_units) with the field's gains `known` when the caller
    /// already has them ([`card_gains`](MysticVale::card_gains) of this very state).
    fn resolve_units_with(&mut self, mask: u32, known: Option<&Parts>) {
        let mask = mask & self.turn.open;
        if mask == 0 {
            return;
        }
        if self.turn.banking {
            let computed;
            let parts = match known {
                Some(parts) => parts,
                None => {
                    computed = self.card_gains();
                    &computed
                }
            };
            for k in bits(mask) {
                self.turn.banked[k].keep_max(&parts[k]);
            }
        }
        self.turn.open &= !mask;
    }

    /// Before an action of the Harvest Phase (revision 3, units open): `use` resolves its unit, `done` all
    /// of them. Before an action that may change the field, the waiting units whose gains paid what was
    /// spent so far are resolved ([`settle_spending`](MysticVale::settle_spending)); a purchase changes no
    /// gain, so checking there, not at each purchase, gives the same.
    pub(crate) fn before_harvest_action(&mut self, action: Action) {
        match action {
            Action::Bank(c) => {
                let bit = if c == USE_VALES { VALES_BIT } else { 1 << c };
                self.resolve_units(bit);
            }
            Action::Done => self.resolve_units(u32::MAX),
            Action::Score => {
                // Rules revision 6 (MV83): the units whose VP are scored now resolve, banking them.
                let parts = self.card_gains();
                let scored = bits(self.turn.open).filter(|&k| parts[k].vp > 0 || parts[k].box_vp > 0);
                let mask = scored.fold(0u32, |m, k| m | 1 << k);
                self.resolve_units_with(mask, Some(&parts));
            }
            // Rules revision 7 (MV90): opening a Wayfarer Portal move, naming its advancement or backing
            // out changes nothing; its destination (`use v3 c2`) is the move.
            Action::Decline if self.turn.fx.move_advancement.pending.is_some() => {}
            a if defers(a)
                || matches!(
                    a,
                    Action::AbilityPick(_)
                        | Action::AbilitySpirit(_)
                        | Action::Workshop(..)
                        | Action::Discard(_)
                        | Action::Decline
                        | Action::UseOnDeck(..)
                )
                || self.resolves_hunt(a) =>
            {
                // The field's gains read there are still the field's: the banking an action that
                // changes the field starts takes them, not a second walk.
                if let Some(parts) = self.settle_spending()
                    && !self.turn.banking
                    && self.changes_field(a)
                {
                    self.begin_banking(Some(&parts));
                }
            }
            _ => {}
        }
    }

    /// Before a field change (revision 3): what was spent must have been gained. If the units resolved
    /// so far and the gains of actions do not pay for what was spent, the open units are resolved now
    /// (their gains paid it; a player may `use` first to choose). Returns the field's gains when it read
    /// them (resolving units changes no gain).
    pub(crate) fn settle_spending(&mut self) -> Option<Parts> {
        if self.turn.open == 0 || (self.turn.mana_spent == 0 && self.turn.spirit_spent == [0; 4]) {
            return None;
        }
        let parts = self.card_gains();
        let (mut mana, mut spirits) = (0u32, [0u32; 4]);
        for k in bits(self.turn.open) {
            let (now, b) = (&parts[k], &self.turn.banked[k]);
            mana += u32::from(now.mana.saturating_sub(b.mana));
            for x in 0..4 {
                spirits[x] += u32::from(now.spirits[x].saturating_sub(b.spirits[x]));
            }
        }
        let t = &self.turn;
        let have = (u32::from(t.mana_total) + u32::from(t.mana_extra))
            .saturating_sub(mana * u32::from(t.fx.multiply_mana.factor.max(1)));
        let over = have < u32::from(t.mana_spent)
            || (0..4).any(|x| u32::from(t.spirits[x]).saturating_sub(spirits[x]) < u32::from(t.spirit_spent[x]));
        if over {
            self.resolve_units_with(u32::MAX, Some(&parts));
        }
        Some(parts)
    }

    /// The first change of the field in this Harvest Phase (revision 3): the closed units bank what they
    /// give now, the open ones nothing yet. `known`: the field's gains if the caller read them on this
    /// state (`settle_spending`).
    pub(crate) fn start_banking(&mut self, known: Option<&Parts>) {
        self.turn.banked = match known {
            Some(parts) => {
                debug_assert_eq!(*parts, self.card_gains(), "the gains settle_spending read");
                *parts
            }
            None => self.card_gains(),
        };
        // The open units (a few bits) bank nothing yet: cleared one by one, not a test per unit.
        for k in bits(self.turn.open & ((VALES_BIT << 1) - 1)) {
            self.turn.banked[k] = Default::default();
        }
    }

    /// After a field change (revision 3): a card with an advancement sleeved or moved onto it, an ability
    /// given (Cyrilla) or copied (Guilduin) has new abilities: if its gain can change, it is open again
    /// for what it gives beyond its banked part. (A fixed card banks any growth at every recount.)
    pub(crate) fn reopen_changed(&mut self, before: &Content) {
        let p = self.cur();
        let boost = |b: Option<crate::state::Boost>| b.and_then(|b| b.ability.map(|a| (b.card, a)));
        let mut changed =
            p.field.iter().fold(0u32, |m, &c| if p.cards[c as usize] != before.0[c as usize] { m | 1 << c } else { m });
        if boost(p.fx.guardian_and_graft.boost) != boost(before.1) {
            changed |= p.fx.guardian_and_graft.boost.map_or(0, |b| 1 << b.card);
        }
        if self.turn.fx.copy_card.card != before.2 {
            changed |= self.turn.fx.copy_card.card.map_or(0, |c| 1 << c);
        }
        let changed = changed & p.field_mask();
        if changed == 0 {
            // No field card has new content (most changes of the field): `variable_units` of none is
            // none, and its walk of the field is skipped (checked in debug builds).
            debug_assert_eq!(self.variable_units(0), 0, "reopen_changed: the variable units of no card");
            return;
        }
        let var = self.variable_units(changed);
        if var == 0 {
            return;
        }
        self.turn.variable |= var;
        self.turn.open |= var;
        self.recount();
    }

    /// What [`reopen_changed`](MysticVale::reopen_changed) compares: the sleeves, Cyrilla's boost and
    /// Guilduin's copy.
    pub(crate) fn content(&self) -> Content {
        (self.cur().cards, self.cur().fx.guardian_and_graft.boost, self.turn.fx.copy_card.card)
    }

    /// Pushes `use c7` (`use vales`) for each open unit still in the field, when an action that may change
    /// the field is legal (`out`, sorted; `Use` sorts last). (Whether it gives something now is not
    /// checked: that would cost a walk of the field per decision.) The actions of `out` before `from`
    /// never defer (the caller knows which of its parts may): only the rest is searched.
    pub(crate) fn push_uses(&self, from: usize, out: &mut Vec<Action>) {
        debug_assert!(!out[..from].iter().any(|&a| defers(a)), "a deferring action before {from}: {out:?}");
        // Conclave of Ents' `use vN cN` (pushed after these) defers too.
        if !out[from..].iter().any(|&a| defers(a)) && self.conclave_vale().is_none() {
            return;
        }
        let open = self.turn.open & (self.cur().field_mask() | VALES_BIT);
        out.extend(bits(open).map(|k| Action::Bank(k as u8)));
    }
}
