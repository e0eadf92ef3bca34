//! An ability's decision names its source (issue 33, [`Action::Use`]): each card's ability once a turn
//! (EN:675; FR:520), so two cards with the same ability are two actions, and the player says which
//! one acts. The card-named actions this replaces (`druid`, `arbor`, `mill`, `sow`, `conclave cN`,
//! `aerie KIND`) still parse; [`legacy`](MysticVale::legacy_use) gives the action each meant, the
//! source the rules of the time chose, so every old record replays.

use super::*;
use crate::actions::{Choice, Held};
use crate::cards::Ability;

impl MysticVale {
    /// Whether the game plays rules revision 4 ([`Options::rules`](crate::Options)): an ability's decision
    /// names its card (ruling MV89).
    #[inline]
    pub(crate) fn names_sources(&self) -> bool {
        self.options.rules >= 4
    }

    /// Whether the game plays rules revision 5: Hatchery, Pool of Visions, Bramble Spire and Aether Tree
    /// decide as [`Action::Use`] too, naming their card or vale (ruling MV90).
    #[inline]
    pub(crate) fn names_keepers(&self) -> bool {
        self.options.rules >= 5
    }

    /// The ids of the usable vales whose ability has this timing and effect (a bit per id).
    fn vale_ids(&self, timing: Timing, effect: Effect) -> u128 {
        if self.turn.usable & effect.bit() == 0 {
            return 0;
        }
        self.usable_vales().iter().fold(0u128, |m, &v| {
            let a = self.db.hot_vale(v).ability;
            if a.timing == timing && a.effect == effect { m | 1 << v } else { m }
        })
    }

    /// The index (in the player's vales) of the usable vale with id `v` whose ability has this timing and
    /// effect.
    pub(crate) fn vale_use_id(&self, timing: Timing, effect: Effect, v: u8) -> Option<usize> {
        self.vale_use(timing, effect)?;
        self.usable_vales().iter().position(|&x| {
            let a = self.db.hot_vale(x).ability;
            x == v && a.timing == timing && a.effect == effect
        })
    }

    /// Pushes `use vV cN` for each vale of `ids` and each card of `mask`, vale by vale.
    fn push_vale_cards(mut ids: u128, mask: u32, out: &mut Vec<Action>) {
        while ids != 0 {
            let v = ids.trailing_zeros() as u8;
            ids &= ids - 1;
            let mut m = mask;
            while m != 0 {
                out.push(Action::Use { card: Held::Vale(v), choice: Choice::Card(m.trailing_zeros() as u8) });
                m &= m - 1;
            }
        }
    }

    /// The Discard Phase's keeping decisions of revision 5 (EN:677, 874, 1037-1043, 1427-1431): each
    /// Hatchery card of `hatch` keeps itself (`use cN SLOT`), each Pool of Visions keeps a card of `pool`
    /// (`use vV cN`).
    pub(super) fn push_keeps(&self, hatch: u32, pool: u32, out: &mut Vec<Action>) {
        self.push_card_uses(hatch, Timing::Discard, Effect::KeepInField, out);
        if pool != 0 {
            Self::push_vale_cards(self.vale_ids(Timing::Discard, Effect::KeepInField), pool, out);
        }
    }

    /// The spoil prompt's decay cancelling of revision 5: Bramble Spire on each card of `bramble`, Aether
    /// Tree on each card of `aether` (EN:1232, 1529), each vale named; the Uses already pushed from
    /// `from` on are sorted with them.
    pub(super) fn push_cancels(&self, bramble: u32, aether: u32, from: usize, out: &mut Vec<Action>) {
        if bramble != 0 {
            Self::push_vale_cards(self.vale_ids(Timing::WouldSpoil, Effect::CancelDecayOn), bramble, out);
        }
        if aether != 0 {
            Self::push_vale_cards(self.vale_ids(Timing::WouldSpoil, Effect::CancelDecayCard), aether, out);
        }
        if out.len() - from > 1 {
            out[from..].sort_unstable();
        }
    }

    /// Rules revisions 1-3: the legal list in their card-named actions (`druid`, `arbor`, `mill`, `sow`,
    /// `conclave cN`, `aerie KIND`), one for all the cards that offer it, sorted.
    pub(super) fn old_forms(&self, out: &mut Vec<Action>) {
        let mut changed = false;
        for a in out.iter_mut() {
            if let Some(old) = self.old_form(*a) {
                *a = old;
                changed = true;
            }
        }
        if changed {
            out.sort_unstable();
            out.dedup();
        }
    }

    /// The card-named action of rules revisions 1-3 that stands for `a` here, if one does.
    fn old_form(&self, a: Action) -> Option<Action> {
        match (self.phase, a) {
            (_, Action::Use { card: Held::Vale(_), choice: Choice::Card(t) }) => Some(Action::Conclave(t)),
            (_, Action::Use { card: Held::Vale(_), choice: Choice::Spirit(s) }) => Some(Action::Aerie(s)),
            (Phase::SpoilPrompt { .. }, Action::Use { .. }) => Some(Action::Druid),
            (Phase::SpoilPrompt { .. }, Action::UseVale(v)) if self.db.hot_vale(v).ability.effect == Effect::Gain => {
                Some(Action::Arbor)
            }
            (Phase::Harvest, Action::Use { .. }) => Some(Action::Sow),
            (Phase::WhenPlayed { .. }, Action::Use { .. }) | (Phase::Look { .. }, Action::UseVale(_)) => {
                Some(Action::Mill)
            }
            _ => None,
        }
    }

    /// Where field card `c`'s ability with this timing and effect is printed: its slot (0-2), else 3
    /// (its leader side, or the ability Cyrilla added to it).
    pub(crate) fn ability_at(&self, c: u8, timing: Timing, effect: Effect) -> Option<u8> {
        let p = self.cur();
        let fits = |a: Ability| a.timing == timing && a.effect == effect;
        let s = p.cards[c as usize];
        if let Some(k) = (0..3).find(|&k| s.slots[k] != EMPTY && fits(self.db.hot(s.slots[k]).ability)) {
            return Some(k as u8);
        }
        let face = crate::state::leader_face(&self.db, p.leader, c).map(|f| f.ability);
        face.into_iter().chain(p.boost_on(c).and_then(|b| b.ability)).any(fits).then_some(3)
    }

    /// The field cards whose "about to spoil" discard (Peacekeeper Druid, Algeni) is unused this turn
    /// (a bit per card).
    pub(super) fn druid_mask(&self) -> u32 {
        let p = self.cur();
        if p.fx.spoil_discard.used != 0 && !self.ordered() {
            // Rules revision 1: once a turn for all such cards.
            return 0;
        }
        p.field.iter().fold(0, |m, &c| {
            let usable = p.fx.spoil_discard.used & (1 << c) == 0
                && p.stats[c as usize].has(Effect::DiscardOnDeck)
                && self.card_ability(c, Timing::WouldSpoil, Effect::DiscardOnDeck).is_some();
            if usable { m | 1 << c } else { m }
        })
    }

    /// Pushes `use cN SLOT` for each card of `mask` whose ability has this timing and effect.
    fn push_card_uses(&self, mut mask: u32, timing: Timing, effect: Effect, out: &mut Vec<Action>) {
        while mask != 0 {
            let c = mask.trailing_zeros() as u8;
            mask &= mask - 1;
            if let Some(at) = self.ability_at(c, timing, effect) {
                out.push(Action::Use { card: Held::Card(c, at), choice: Choice::Nothing });
            }
        }
    }

    /// The about-to-spoil decisions that name a card: each unused discard (Peacekeeper Druid, Algeni),
    /// then the Conclave of Ents guardians. Pushed last: [`Action::Use`] sorts last.
    pub(super) fn push_spoil_uses(&self, out: &mut Vec<Action>) {
        self.push_card_uses(self.druid_mask(), Timing::WouldSpoil, Effect::DiscardOnDeck, out);
        self.push_conclave(out);
    }

    /// The id of the Conclave of Ents that may add a guardian now, if one may.
    pub(crate) fn conclave_vale(&self) -> Option<u8> {
        if self.turn.usable & Effect::PlusGuardian.bit() == 0 || !self.conclave_usable() {
            return None;
        }
        self.vale_use(Timing::AnyTime, Effect::PlusGuardian).map(|k| self.cur().vales[k])
    }

    /// Conclave of Ents: +1 guardian on a field or on-deck card (EN:1291-1299), each vale once a turn.
    /// Inlined: most turns have no Conclave of Ents, and the test of the turn's vale effects costs less
    /// than the call (every Planting and Harvest decision lists this).
    #[inline]
    pub(super) fn push_conclave(&self, out: &mut Vec<Action>) {
        if self.turn.usable & Effect::PlusGuardian.bit() != 0 {
            self.push_conclave_now(out);
        }
    }

    /// [`push_conclave`](MysticVale::push_conclave) when a usable vale has Conclave of Ents' effect.
    #[inline(never)]
    fn push_conclave_now(&self, out: &mut Vec<Action>) {
        if let Some(v) = self.conclave_vale() {
            let p = self.cur();
            let mut mask = p.field_mask() | p.on_deck.map_or(0, |c| 1 << c);
            while mask != 0 {
                let t = mask.trailing_zeros() as u8;
                mask &= mask - 1;
                out.push(Action::Use { card: Held::Vale(v), choice: Choice::Card(t) });
            }
        }
    }

    /// The Harvest decisions that name a card, sorted, at the end of the list: each exchange ability
    /// the mana pays (Seed Sowers), the Conclave of Ents guardians, each vale turning a spirit wild
    /// (Sunstone Aerie, Stormcaller).
    pub(super) fn push_harvest_uses(&self, left: [u8; 4], out: &mut Vec<Action>) {
        let start = out.len();
        if self.turn.fx.exchange.in_field {
            self.push_exchanges(out);
        }
        self.push_conclave(out);
        // Nothing to convert without an animal, forest or sky spirit left: `convert_vale` is not asked.
        if self.turn.usable & Effect::ConvertToWild.bit() != 0
            && left[..3] != [0; 3]
            && (self.ordered() || self.turn.fx.convert_to_wild.converted == [0; 3])
        {
            self.push_conversions(left, out);
        }
        if out.len() - start > 1 {
            crate::decisions::sort_actions(&mut out[start..]);
        }
    }

    /// The exchange abilities of the field the mana pays (Seed Sowers), as `use cN`. Out of the Harvest
    /// listing's line (only with such a card in the field).
    #[inline(never)]
    fn push_exchanges(&self, out: &mut Vec<Action>) {
        let mana = self.mana_left();
        let p = self.cur();
        let mask = p.field.iter().fold(0u32, |m, &c| {
            let pays = p.stats[c as usize].has(Effect::Exchange)
                && self.card_ability(c, Timing::Harvest, Effect::Exchange).is_some_and(|ab| ab.amount <= mana);
            if pays { m | 1 << c } else { m }
        });
        self.push_card_uses(mask, Timing::Harvest, Effect::Exchange, out);
    }

    /// The converting vales' `use vV KIND` (Sunstone Aerie, Stormcaller), `left` holding an animal,
    /// forest or sky spirit. Out of the Harvest listing's line (only with such a vale usable).
    #[inline(never)]
    fn push_conversions(&self, left: [u8; 4], out: &mut Vec<Action>) {
        if let Some(k) = self.convert_vale() {
            let vales = self.usable_vales();
            let mana = self.mana_left();
            // The vale that would act first, and every other kind of converting vale the mana pays.
            let mut ids: u128 = 1 << vales[k];
            for &v in vales {
                let x = self.db.hot_vale(v);
                let converts = x.ability.timing == Timing::Harvest && x.ability.effect == Effect::ConvertToWild;
                if converts && x.remove_self && x.ability.amount <= mana {
                    ids |= 1 << v;
                }
            }
            while ids != 0 {
                let v = ids.trailing_zeros() as u8;
                ids &= ids - 1;
                for s in [Spirit::Animal, Spirit::Forest, Spirit::Sky] {
                    if left[s as usize] > 0 {
                        out.push(Action::Use { card: Held::Vale(v), choice: Choice::Spirit(s) });
                    }
                }
            }
        }
    }

    /// The index (in the player's vales) of the converting vale with id `v` that a `use vV KIND` uses:
    /// the one [`convert_vale`](MysticVale::convert_vale) names when it has this id, else a usable one that
    /// leaves the game.
    pub(super) fn convert_vale_with(&self, v: u8) -> Option<usize> {
        if let Some(k) = self.convert_vale()
            && self.usable_vales()[k] == v
        {
            return Some(k);
        }
        let mana = self.mana_left();
        self.usable_vales().iter().position(|&x| {
            let h = self.db.hot_vale(x);
            x == v
                && h.remove_self
                && h.ability.timing == Timing::Harvest
                && h.ability.effect == Effect::ConvertToWild
                && h.ability.amount <= mana
        })
    }

    /// The action an old card-named notation meant here, with the source the rules of the time chose
    /// (the first usable card or vale, in the player's order): `None` for any other action. `keep cN`
    /// means Hatchery's card keeping itself when it may, else Pool of Visions; `cancel cN` Bramble Spire
    /// when it can act on the card, else Aether Tree; `cancel cN not-cursed` Aether Tree (ruling MV47). In
    /// rules revision 7, `portal cA SLOT cB` means the destination `use vV cB` of a Wayfarer Portal move
    /// that named that advancement (ruling MV90).
    pub(crate) fn legacy_use(&self, action: Action) -> Option<Action> {
        let nothing = |card| Action::Use { card, choice: Choice::Nothing };
        match (self.phase, action) {
            (Phase::SpoilPrompt { .. }, Action::Druid) => {
                let c = self.druid_card()?;
                Some(nothing(Held::Card(c, self.ability_at(c, Timing::WouldSpoil, Effect::DiscardOnDeck)?)))
            }
            (Phase::SpoilPrompt { .. }, Action::Arbor) => {
                self.growth_vale().map(|k| Action::UseVale(self.cur().vales[k]))
            }
            (_, Action::Conclave(t)) => {
                let k = self.vale_use(Timing::AnyTime, Effect::PlusGuardian)?;
                Some(Action::Use { card: Held::Vale(self.cur().vales[k]), choice: Choice::Card(t) })
            }
            (Phase::Harvest, Action::Aerie(s)) => {
                let k = self.convert_vale()?;
                Some(Action::Use { card: Held::Vale(self.usable_vales()[k]), choice: Choice::Spirit(s) })
            }
            (Phase::Harvest, Action::Sow) => {
                let (c, _) = self.sow_card()?;
                Some(nothing(Held::Card(c, self.ability_at(c, Timing::Harvest, Effect::Exchange)?)))
            }
            (Phase::WhenPlayed { card, slot, .. }, Action::Mill) => Some(nothing(Held::Card(card, slot))),
            (Phase::Look { .. }, Action::Mill) => self.cur().vales.last().map(|&v| Action::UseVale(v)),
            (Phase::Hatch { first, kept }, Action::Keep(c)) if self.keep_targets(first, kept) & (1 << c) != 0 => {
                Some(nothing(Held::Card(c, self.ability_at(c, Timing::Discard, Effect::KeepInField)?)))
            }
            (Phase::Hatch { .. } | Phase::Keep, Action::Keep(c)) => {
                let k = self.vale_use(Timing::Discard, Effect::KeepInField)?;
                Some(Action::Use { card: Held::Vale(self.cur().vales[k]), choice: Choice::Card(c) })
            }
            (Phase::SpoilPrompt { .. }, Action::CancelDecay(c)) => {
                // Bramble Spire when it can act on the card, else Aether Tree (ruling MV47).
                let bramble = self
                    .vale_use(Timing::WouldSpoil, Effect::CancelDecayOn)
                    .filter(|_| self.cur().stats[c as usize].decay > 0);
                let k = bramble.or_else(|| self.vale_use(Timing::WouldSpoil, Effect::CancelDecayCard))?;
                Some(Action::Use { card: Held::Vale(self.cur().vales[k]), choice: Choice::Card(c) })
            }
            // Rules revision 7 (MV90): `portal cA SLOT cB` is the destination once the move names that
            // advancement; elsewhere it stands for several decisions and maps to none.
            (Phase::Harvest, Action::Portal(a, s, b)) if self.portal_steps() => {
                let p = self.turn.fx.move_advancement.pending?;
                (p.from == Some((a, s))).then_some(Action::Use { card: Held::Vale(p.vale), choice: Choice::Card(b) })
            }
            (Phase::SpoilPrompt { .. }, Action::CancelNotCursed(c)) => {
                let k = self.vale_use(Timing::WouldSpoil, Effect::CancelDecayCard)?;
                Some(Action::Use { card: Held::Vale(self.cur().vales[k]), choice: Choice::Card(c) })
            }
            _ => None,
        }
    }
}
