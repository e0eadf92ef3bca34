//! Combat: attack commands (melee, ranged by distance), the defenders' instant windows, damage with
//! boosts, cuts and shields, interceptions (King Crustacean, Terrain Tumbler), defeat, levels, and the
//! mandatory refill of the front rows.

use sylvan_engine::EventSink;

use crate::actions::{Slot, slot};
use crate::cards::{Card, Class, Effect, Faction, Reach};
use crate::events::Event;
use crate::state::{Ask, Attack, CommandOfNature, Phase, Question, Step, Unit};

impl CommandOfNature {
    /// The target row (0-based) of an attack with `reach` from attacker row `r` (0-based), if any; `None`
    /// also for reaches covering several rows (see [`Self::can_target`]).
    pub fn target_row(reach: Reach, r: usize) -> Option<usize> {
        match reach {
            Reach::Melee => (r == 0).then_some(0),
            Reach::Away(n) => {
                let t = n as i32 - (r as i32 + 1) + 1;
                (1..=3).contains(&t).then(|| (t - 1) as usize)
            }
            Reach::Row2 => Some(1),
            Reach::Any => None,
        }
    }

    /// Whether an attacker in row `ar` may target row `tr` with `cmd`.
    pub fn can_target(&self, cmd: Card, ar: usize, tr: usize) -> bool {
        Self::reaches(self.cards.info(cmd).reach, ar, tr)
    }

    /// Whether an attack of `reach` from row `ar` may target row `tr`.
    pub fn reaches(reach: Reach, ar: usize, tr: usize) -> bool {
        match reach {
            Reach::Any => true,
            reach => Self::target_row(reach, ar) == Some(tr),
        }
    }

    /// Whether the unit at `s` of `side` may attack with `cmd` (row, not yet attacked, some target).
    pub fn can_attack_from(&self, side: u8, s: Slot, cmd: Card) -> bool {
        let Some(u) = self.at(side, s) else { return false };
        let r = (s / 6) as usize;
        if u.attacked || self.cards.info(cmd).attacker_rows & (1 << r) == 0 {
            return false;
        }
        let enemy = 1 - side;
        self.slots().any(|t| self.at(enemy, t).is_some() && self.can_target(cmd, r, (t / 6) as usize))
    }

    /// Whether `side` can play the attack command `cmd` now.
    pub fn attack_possible(&self, side: u8, cmd: Card) -> bool {
        self.slots().any(|s| self.can_attack_from(side, s, cmd))
    }

    /// Declares an attack: "on attacking" and "being attacked" reactions, then the instant windows,
    /// damage and aftermath.
    pub(crate) fn declare_attack(&mut self, seat: u8, cmd: Card, attacker: u16, targets: [u16; 2], count: u8) {
        let side = Self::side_of(seat);
        let enemy = 1 - side;
        let mut a = Attack { cmd, seat, attacker, targets, count, ..Attack::default() };
        let info = self.cards.info(cmd);
        let ranged = info.class == Class::Ranged;
        if let Some((_, s)) = self.find(attacker)
            && let Some(u) = self.at_mut(side, s).as_mut()
        {
            u.attacked = true;
            let uc = *u;
            if cmd.effect() == Effect::FocusedFury && uc.shields > 0 {
                a.fury = uc.shields;
                if let Some(u) = self.at_mut(side, s).as_mut() {
                    u.shields = 0;
                }
                self.stack.push(Step::ShieldsLost { side });
            }
            // On attacking.
            if uc.card.effect() == Effect::AcornSquire && self.works(&uc, s) {
                self.gain_gold(side, self.cards.info(uc.card).strength.max(0) as u8);
            }
            if ranged && uc.card.info().faction == Faction::Twig {
                let t = self.cards.clone();
                for q in self.slots().collect::<crate::turn::arrayvec_slots::Slots>().iter() {
                    if let Some(v) = self.at_mut(side, q).as_mut()
                        && v.uid != attacker
                        && v.card.effect() == Effect::QuillThornback
                        && t.works(v, q)
                    {
                        v.boosts += 1;
                    }
                }
            }
        }
        // Being attacked.
        for &tid in &targets[..count as usize] {
            let Some((_, ts)) = self.find(tid) else { continue };
            let Some(t) = self.at(enemy, ts).copied() else { continue };
            if t.card.effect() == Effect::TideTurner && self.works(&t, ts) {
                self.draw_one(t.owner);
            }
            let weasels = self.with_effect(enemy, Effect::GeoWeasel).count() as u8;
            if weasels > 0 {
                let per = if t.card.info().faction == Faction::Pebble { 2 } else { 1 };
                self.gain_gold(enemy, per * weasels);
            }
        }
        self.attack = Some(a);
        self.stack.push(Step::AttackAfter);
        self.stack.push(Step::AttackDamage);
        self.stack.push(Step::InstantWindow { index: 0 });
    }

    /// The attack's damage per target.
    pub(crate) fn attack_damage(&mut self) {
        let Some(a) = self.attack else { return };
        let Some(att) = self.unit(a.attacker) else { return };
        let Some((side, as_)) = self.find(a.attacker) else { return };
        let enemy = 1 - side;
        let info = self.cards.info(a.cmd);
        let melee = info.class == Class::Melee;
        let basic = att.card.class() == Class::Basic;
        let mut base = self.cards.info(att.card).strength as i32 + att.boosts as i32 + info.delta as i32;
        match a.cmd.effect() {
            Effect::NaturesWrath if basic => base += 2,
            Effect::PrimitiveStrike if basic => base += 1,
            Effect::FocusedFury => base += a.fury as i32,
            _ => {}
        }
        if melee && as_ / 6 == 0 {
            for (_, p) in self.with_effect(side, Effect::PineSnapper) {
                base += p.dmg as i32;
            }
        }
        for i in (0..a.count as usize).rev() {
            let Some((_, ts)) = self.find(a.targets[i]) else { continue };
            let mut d = base - a.cut as i32;
            if !melee {
                d -= 2 * self.with_effect(enemy, Effect::CackleRipclaw).count() as i32;
            }
            if melee && ts / 6 == 0 && self.with_effect(enemy, Effect::RunePuma).next().is_some() {
                d = 0;
            }
            self.stack.push(Step::Damage {
                uid: a.targets[i],
                // At least 0; stats come from card files, so never truncated (issue 13).
                amount: u16::try_from(d.max(0)).unwrap_or(u16::MAX),
                attack: true,
                by: a.seat,
                asked: 0,
            });
        }
    }

    /// After the attack: the target's shields and the attacker's boosts leave; attacker reactions.
    pub(crate) fn attack_after(&mut self) {
        let Some(a) = self.attack.take() else { return };
        for i in 0..a.count as usize {
            if let Some((side, s)) = self.find(a.targets[i])
                && let Some(u) = self.at_mut(side, s).as_mut()
                && u.shields > 0
            {
                u.shields = 0;
                self.stack.push(Step::ShieldsLost { side });
            }
            if let Some(seat) = a.droplet[i]
                && a.defeated[i]
            {
                self.draw_one(seat);
            }
        }
        let dealt = a.dealt.iter().any(|&d| d > 0);
        let defeated = a.defeated.iter().any(|&d| d);
        let Some((side, s)) = self.find(a.attacker) else { return };
        let Some(u) = self.at(side, s).copied() else { return };
        let works = self.works(&u, s);
        let e = u.card.effect();
        if let Some(m) = self.at_mut(side, s).as_mut() {
            if !(e == Effect::CalamityLeopard && works) {
                m.boosts = 0;
            }
            if e == Effect::SplinterStinger && works && dealt {
                m.boosts += 1;
            }
            if e == Effect::HornedHollow && works && defeated {
                m.dmg = 0;
            }
        }
        if a.cmd.effect() == Effect::ReinforcedImpact {
            self.give(side, s, 0, 2);
        }
        if e == Effect::JadeTitan && works && dealt {
            let sage = self.cards.packs[self.players[u.owner as usize].pack as usize].sage;
            let found = self.slots().find(|&q| self.at(side, q).is_some_and(|v| v.card == sage && v.owner == u.owner));
            if let Some(ss) = found {
                self.give(side, ss, 0, 1);
            }
        }
        let q = |ask| Step::Ask(Question { seat: u.owner, ask });
        if e == Effect::KomodoKin && works && defeated {
            self.stack.push(q(Ask::FromDiscard {
                purpose: crate::state::DiscardUse::Formation,
                left: 1,
                optional: true,
            }));
        }
        if e == Effect::RoamingRazor && works && dealt {
            self.stack.push(q(Ask::SwapFirst { kind: crate::state::SwapKind::Razor(u.uid) }));
        }
        if e == Effect::LumberClaw && works && a.cmd.class() == Class::Melee {
            self.stack.push(q(Ask::Hit {
                dmg: 1,
                area: crate::state::Area::Row2,
                left: 2,
                optional: true,
                chosen: 0,
                obliterate: false,
            }));
        }
    }

    /// Deals damage to a unit, offering interceptions first.
    pub(crate) fn damage<S: EventSink<Event>>(
        &mut self,
        uid: u16,
        amount: u16,
        attack: bool,
        by: u8,
        asked: u8,
        ev: &mut S,
    ) {
        let Some((side, s)) = self.find(uid) else { return };
        if amount > 0 {
            let tumbler = self.with_effect(side, Effect::TerrainTumbler).find(|(_, t)| t.uid != uid);
            let king = self
                .with_effect(side, Effect::KingCrustacean)
                .find(|(ks, k)| k.uid != uid && self.connected(side, *ks, s));
            if asked & 1 == 0
                && s / 6 == 0
                && let Some((_, t)) = tumbler
            {
                self.stack.push(Step::Damage { uid, amount, attack, by, asked: asked | 1 });
                self.stack.push(Step::Ask(Question { seat: t.owner, ask: Ask::Intercept { interceptor: t.uid } }));
                return;
            }
            if asked & 2 == 0
                && let Some((_, k)) = king
            {
                self.stack.push(Step::Damage { uid, amount, attack, by, asked: asked | 2 });
                self.stack.push(Step::Ask(Question { seat: k.owner, ask: Ask::Intercept { interceptor: k.uid } }));
                return;
            }
        }
        let Some(health) = self.at(side, s).map(|u| self.cards.info(u.card).health) else { return };
        let Some(u) = self.at_mut(side, s).as_mut() else { return };
        let dealt = amount.saturating_sub(u.shields.into());
        let lost = amount > 0 && u.shields > 0;
        if lost {
            u.shields = 0;
        }
        // Counters stop at 255, at or above any health (a `u8`): the unit falls either way.
        let counters = u8::try_from(dealt).unwrap_or(u8::MAX);
        u.dmg = u.dmg.saturating_add(counters);
        let dead = u.dmg >= health;
        let card = u.card;
        crate::events::public(ev, || Event::Damaged {
            side,
            slot: s,
            card,
            amount,
            shielded: amount - dealt,
            dealt,
            by: sylvan_engine::Seat(by),
            attack,
        });
        if attack
            && let Some(a) = self.attack.as_mut()
            && let Some(i) = a.targets[..a.count as usize].iter().position(|&t| t == uid)
        {
            a.dealt[i] = a.dealt[i].saturating_add(counters);
        }
        // Defeated at once (« À tout moment », FR:414): the defeat resolves before the side answers the
        // shields it lost (Oxen Avenger, ruling C14), so a fallen Sage ends the game first. Rules
        // revisions before 4 answered first.
        let defeat_first = self.options.revision >= 4;
        if lost && defeat_first {
            self.stack.push(Step::ShieldsLost { side });
        }
        if dead {
            self.stack.push(Step::Defeat { uid, by });
        }
        if lost && !defeat_first {
            self.stack.push(Step::ShieldsLost { side });
        }
    }

    /// Answers an interception offer.
    pub(crate) fn intercept(&mut self, interceptor: u16, accept: bool) {
        if !accept {
            return;
        }
        let Some(Step::Damage { uid, amount, attack, by, asked }) = self.stack.pop() else { return };
        let Some(int) = self.unit(interceptor) else {
            self.stack.push(Step::Damage { uid, amount, attack, by, asked });
            return;
        };
        if int.card.effect() == Effect::KingCrustacean
            && let (Some((side, ks)), Some((_, ts))) = (self.find(interceptor), self.find(uid))
        {
            self.swap_units(side, ks, ts);
        }
        if let Some(a) = self.attack.as_mut()
            && let Some(i) = a.targets[..a.count as usize].iter().position(|&t| t == uid)
        {
            a.targets[i] = interceptor;
        }
        self.stack.push(Step::Damage { uid: interceptor, amount, attack, by, asked: 3 });
    }

    /// A unit with damage ≥ health leaves the game; levels, champions, leaving reactions, refill, end.
    pub(crate) fn defeat<S: EventSink<Event>>(&mut self, uid: u16, by: u8, ev: &mut S) {
        let Some((side, s)) = self.find(uid) else { return };
        let Some(u) = self.at(side, s).copied() else { return };
        if u.dmg < self.cards.info(u.card).health {
            return;
        }
        *self.at_mut(side, s) = None;
        crate::events::public(ev, || Event::Defeated { side, slot: s, card: u.card, by: sylvan_engine::Seat(by) });
        if let Some(a) = self.attack.as_mut()
            && let Some(i) = a.targets[..a.count as usize].iter().position(|&t| t == uid)
        {
            a.defeated[i] = true;
        }
        if u.card.effect() == Effect::MossViper && self.works(&u, s) {
            self.players[u.owner as usize].hand.push(u.card);
        }
        if Self::side_of(by) != side {
            self.level_up(by, ev);
        }
        if u.card.class() == Class::Sage {
            self.players[u.owner as usize].sage_alive = false;
            crate::events::public(ev, || Event::SageFallen { seat: sylvan_engine::Seat(u.owner) });
            let seats = self.seats_of(side);
            if seats.iter().all(|&q| !self.players[q as usize].sage_alive) {
                self.phase = Phase::Over(Some(1 - side));
                return;
            }
        }
        self.left_formation(side);
        self.stack.push(Step::Refill { side });
    }

    /// Reactions to an elemental leaving `side`'s formation (Agile Assailant, Shrub Beetle).
    pub(crate) fn left_formation(&mut self, side: u8) {
        for s in self.slots().collect::<crate::turn::arrayvec_slots::Slots>().iter() {
            let Some(u) = self.at(side, s).copied() else { continue };
            if !self.works(&u, s) {
                continue;
            }
            match u.card.effect() {
                Effect::AgileAssailant => self.give(side, s, 0, 1),
                Effect::ShrubBeetle => self.give(side, s, 1, 1),
                _ => {}
            }
        }
    }

    /// The refill moves possible now on `side`: (from, to) pairs, written into `f`.
    pub(crate) fn refill_moves(&self, side: u8, f: &mut dyn FnMut(Slot, Slot)) {
        for r in 0..2usize {
            let empty = (0..self.width(r)).any(|c| self.at(side, slot(r, c)).is_none());
            if !empty {
                continue;
            }
            let Some(src) = (r + 1..3).find(|&q| (0..self.width(q)).any(|c| self.at(side, slot(q, c)).is_some()))
            else {
                return;
            };
            let dest = src - 1;
            for fc in 0..self.width(src) {
                if self.at(side, slot(src, fc)).is_none() {
                    continue;
                }
                for tc in 0..self.width(dest) {
                    if self.at(side, slot(dest, tc)).is_none() {
                        f(slot(src, fc), slot(dest, tc));
                    }
                }
            }
            return;
        }
    }

    /// Fills the front rows: automatic when only one move is possible, else asks the side.
    pub(crate) fn refill<S: EventSink<Event>>(&mut self, side: u8, ev: &mut S) {
        let (mut count, mut only) = (0, (0, 0));
        self.refill_moves(side, &mut |a, b| {
            count += 1;
            only = (a, b);
        });
        match count {
            0 => {}
            1 => {
                self.stack.push(Step::Refill { side });
                self.move_unit(side, only.0, only.1, ev);
            }
            _ => {
                self.stack.push(Step::Refill { side });
                let seat = self.side_decider(side);
                self.stack.push(Step::Ask(Question { seat, ask: Ask::Refill }));
            }
        }
    }

    /// Moves a unit forward into an empty slot (it enters its new row).
    pub(crate) fn move_unit<S: EventSink<Event>>(&mut self, side: u8, from: Slot, to: Slot, ev: &mut S) {
        let u = self.at_mut(side, from).take();
        if let Some(u) = u {
            crate::events::public(ev, || Event::Refilled { side, from, to, card: u.card });
            *self.at_mut(side, to) = Some(u);
            self.stack.push(Step::Entered { uid: u.uid, row: to / 6, new: false });
        }
    }

    /// Puts tokens on a unit; a Boulderhide Brute receiving shields takes a boost.
    pub(crate) fn give(&mut self, side: u8, s: Slot, boosts: u8, shields: u8) {
        let brute = shields > 0
            && self.at(side, s).is_some_and(|u| u.card.effect() == Effect::BoulderhideBrute && self.cards.works(u, s));
        if let Some(u) = self.at_mut(side, s).as_mut() {
            u.boosts = u.boosts.saturating_add(boosts);
            u.shields = u.shields.saturating_add(shields);
            if brute {
                u.boosts = u.boosts.saturating_add(1);
            }
        }
    }

    /// Oxen Avenger: each of `side`'s Avengers deals 1 damage to an opposing elemental.
    pub(crate) fn shields_lost(&mut self, side: u8) {
        let mut owners = [0u8; 12];
        let mut n = 0;
        for (_, u) in self.with_effect(side, Effect::OxenAvenger) {
            owners[n] = u.owner;
            n += 1;
        }
        for &o in &owners[..n] {
            self.stack.push(Step::Ask(Question {
                seat: o,
                ask: Ask::Hit {
                    dmg: 1,
                    area: crate::state::Area::Any,
                    left: 1,
                    optional: false,
                    chosen: 0,
                    obliterate: false,
                },
            }));
        }
    }

    /// Whether `seat` may play instant `c` in the current attack's window.
    pub(crate) fn instant_playable(&self, seat: u8, c: Card) -> bool {
        let Some(a) = &self.attack else { return false };
        if c.class() != Class::Instant {
            return false;
        }
        let side = Self::side_of(seat);
        let melee = a.cmd.class() == Class::Melee;
        let target_of = |f: Faction| -> Option<Unit> {
            a.targets[..a.count as usize].iter().filter_map(|&t| self.unit(t)).find(|u| u.card.info().faction == f)
        };
        let others = |t: Unit| self.slots().any(|s| self.at(side, s).is_some_and(|v| v.uid != t.uid));
        match c.effect() {
            Effect::NaturalRestoration | Effect::NaturalDefense => true,
            Effect::MeleeShield => melee,
            Effect::RangedBarrier => !melee,
            Effect::TwigCharm => target_of(Faction::Twig).is_some_and(others),
            Effect::PebbleCharm => target_of(Faction::Pebble).is_some_and(others),
            Effect::LeafCharm => target_of(Faction::Leaf).is_some(),
            Effect::DropletCharm => target_of(Faction::Droplet).is_some(),
            _ => false,
        }
    }

    /// Plays an instant while defending.
    pub(crate) fn play_instant<S: EventSink<Event>>(&mut self, seat: u8, c: Card, ev: &mut S) {
        self.take_from_hand(seat, c);
        // Its effect lasts through the attack (cuts at the damage, Droplet Charm's second card after it):
        // the instant waits under the attack's aftermath and only then reaches the discard pile (C17), so
        // its own draw can never shuffle it back into a hand.
        let discard = Step::Discard { seat, card: c };
        match self.stack.iter().rposition(|s| *s == Step::AttackAfter) {
            Some(i) if self.options.revision >= 2 => self.stack.insert(i, discard),
            _ => self.discard_after_effect(seat, c),
        }
        self.stack.push(Step::Ask(Question { seat, ask: Ask::Instants }));
        let Some(a) = self.attack else { return };
        let find = |g: &Self, f: Faction| {
            a.targets[..a.count as usize].iter().position(|&t| g.unit(t).is_some_and(|u| u.card.info().faction == f))
        };
        match c.effect() {
            Effect::NaturalRestoration | Effect::NaturalDefense => {
                self.cut(1);
                crate::events::public(ev, || Event::Cut { seat: sylvan_engine::Seat(seat), card: c, amount: 1 });
            }
            Effect::MeleeShield | Effect::RangedBarrier => {
                self.cut(2);
                crate::events::public(ev, || Event::Cut { seat: sylvan_engine::Seat(seat), card: c, amount: 2 });
            }
            Effect::TwigCharm | Effect::PebbleCharm => {
                let boost = c.effect() == Effect::TwigCharm;
                let f = if boost { Faction::Twig } else { Faction::Pebble };
                if let Some(i) = find(self, f) {
                    let attacked = a.targets[i];
                    self.stack.push(Step::Ask(Question { seat, ask: Ask::CharmTarget { boost, attacked } }));
                }
            }
            Effect::LeafCharm => {
                self.stack.push(Step::Damage { uid: a.attacker, amount: 1, attack: false, by: seat, asked: 0 });
            }
            Effect::DropletCharm => {
                self.draw_one(seat);
                let marks: [bool; 2] = [0, 1].map(|i| {
                    i < a.count as usize
                        && self.unit(a.targets[i]).is_some_and(|u| u.card.info().faction == Faction::Droplet)
                });
                if let Some(at) = self.attack.as_mut() {
                    for (i, m) in marks.iter().enumerate() {
                        if *m && at.droplet[i].is_none() {
                            at.droplet[i] = Some(seat);
                        }
                    }
                }
            }
            _ => {}
        }
    }

    fn cut(&mut self, n: u8) {
        if let Some(a) = self.attack.as_mut() {
            a.cut = a.cut.saturating_add(n);
        }
    }
}
