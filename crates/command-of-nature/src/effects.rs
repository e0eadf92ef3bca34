//! Card effects: daybreak effects (phase I), reactions to elementals entering a row or the formation,
//! utility commands, the twelve faction actions, and the questions they ask.

use crate::actions::{Action, Slot};
use crate::cards::{Card, Class, Effect, Faction};
use crate::state::{Area, Ask, CommandOfNature, DiscardUse, Question, Step, SwapKind};

fn hit(dmg: u8, area: Area, left: u8, optional: bool) -> Ask {
    Ask::Hit { dmg, area, left, optional, chosen: 0, obliterate: false }
}

fn tokens(boosts: u8, shields: u8, area: Area) -> Ask {
    Ask::Tokens { boosts, shields, area, left: 0, optional: false, exclude: 0 }
}

impl CommandOfNature {
    fn ask(&mut self, seat: u8, ask: Ask) {
        self.stack.push(Step::Ask(Question { seat, ask }));
    }

    /// Phase I: uses the daybreak effect of the unit at `s` of the side to play.
    pub(crate) fn daybreak(&mut self, s: Slot) {
        let side = self.side;
        let Some(u) = self.at_mut(side, s).as_mut() else { return };
        u.ready = false;
        let u = *u;
        let o = u.owner;
        match u.card.effect() {
            Effect::Sage => self.gain_gold(side, 3),
            Effect::VixVanguard if u.boosts >= 1 => self.effect_draw(o, 1),
            Effect::GraniteRampart if u.shields >= 1 => self.effect_draw(o, 1),
            Effect::StoneDefender => self.gain_gold(side, u.shields),
            Effect::BogBlight => {
                *self.at_mut(side, s) = None;
                self.players[o as usize].discard.push(u.card);
                self.left_formation(side);
                self.stack.push(Step::Refill { side });
                self.ask(o, hit(3, Area::Row12, 1, false));
            }
            Effect::SlumberJack => self.ask(o, tokens(1, 0, Area::Row1)),
            Effect::OnyxBearer => self.ask(o, tokens(0, 1, Area::Row1)),
            Effect::Redstone => self.ask(o, tokens(1, 1, Area::Any)),
            Effect::CamouChameleon => self
                .ask(o, Ask::Tokens { boosts: 1, shields: 0, area: Area::Row2, left: 1, optional: true, exclude: 0 }),
            Effect::TwineFeline => self.ask(o, Ask::Discards { effect: Effect::TwineFeline, done: 0, min: 1, max: 1 }),
            Effect::OakLumbertron => {
                self.ask(o, Ask::Discards { effect: Effect::OakLumbertron, done: 0, min: 0, max: 3 })
            }
            Effect::RubyGuardian => {
                self.ask(o, Ask::Discards { effect: Effect::RubyGuardian, done: 0, min: 0, max: 2 })
            }
            Effect::ForageThumper => {
                self.ask(o, Ask::Discards { effect: Effect::ForageThumper, done: 0, min: 0, max: 3 })
            }
            Effect::ThornFencer => self.ask(o, Ask::BoostOrShield { unit: u.uid }),
            Effect::BambooBerserker => {
                self.ask(o, Ask::FromDiscard { purpose: DiscardUse::ToHand, left: 3, optional: true })
            }
            Effect::RiverRogue => self.ask(o, Ask::SwapFirst { kind: SwapKind::Rows23 }),
            Effect::WhirlWhipper => self.ask(o, Ask::SwapFirst { kind: SwapKind::Rows12 }),
            _ => {}
        }
    }

    /// Whether a utility command can be played by `seat`.
    pub(crate) fn utility_possible(&self, seat: u8, c: Card) -> bool {
        let side = Self::side_of(seat);
        let row = |sd: u8, r: usize| (0..self.width(r)).any(|k| self.at(sd, crate::actions::slot(r, k)).is_some());
        match c.effect() {
            Effect::ElementalIncantation => self.players[seat as usize].hand.len() > 3,
            Effect::ElementalSwap => row(1 - side, 0) && row(1 - side, 1),
            Effect::ExchangeOfNature => row(side, 0) && row(side, 2),
            Effect::Obliterate => self.unit_count(1 - side) > 0,
            _ => false,
        }
    }

    /// Plays a command from hand (already paid; it reaches the discard pile once its effect is over, C17).
    pub(crate) fn play_command(&mut self, seat: u8, c: Card) {
        match c.class() {
            Class::Melee | Class::Ranged => self.ask(seat, Ask::Attacker { cmd: c }),
            _ => match c.effect() {
                Effect::ElementalIncantation => {
                    self.ask(seat, Ask::Discards { effect: Effect::ElementalIncantation, done: 0, min: 3, max: 3 })
                }
                Effect::ElementalSwap => self.ask(seat, Ask::SwapFirst { kind: SwapKind::EnemyRows12 }),
                Effect::ExchangeOfNature => self.ask(seat, Ask::SwapFirst { kind: SwapKind::Rows13 }),
                Effect::Obliterate => self.ask(
                    seat,
                    Ask::Hit { dmg: 2, area: Area::Any, left: 1, optional: false, chosen: 0, obliterate: true },
                ),
                _ => {}
            },
        }
    }

    fn sage_slot(&self, seat: u8) -> Option<Slot> {
        let sage = self.cards.packs[self.players[seat as usize].pack as usize].sage;
        let side = Self::side_of(seat);
        self.slots().find(|&s| self.at(side, s).is_some_and(|u| u.card == sage && u.owner == seat))
    }

    /// Whether faction action `i` (levels 4, 6, 8) of `seat` has an effect now.
    pub(crate) fn faction_possible(&self, seat: u8, i: usize) -> bool {
        let side = Self::side_of(seat);
        let p = &self.players[seat as usize];
        let units = || self.slots().filter_map(move |s| self.at(side, s).map(|u| (s, *u)));
        match (crate::cards::Faction::SAGES[p.pack as usize], i) {
            (Faction::Twig, 0) => self.first_slot_in_row(side, 0).is_some(),
            (Faction::Twig, 1) => true,
            (Faction::Twig, 2) => units().any(|(_, u)| u.boosts > 0),
            (Faction::Pebble, 0) => true,
            (Faction::Pebble, 1) => units().any(|(_, u)| u.shields > 0),
            (Faction::Pebble, 2) => self.sage_slot(seat).and_then(|s| self.at(side, s)).is_some_and(|u| u.shields > 0),
            (Faction::Leaf, 0) => p.discard.iter().any(|&c| c.class().is_attack() && self.attack_possible(side, c)),
            (Faction::Leaf, 1) => !p.discard.is_empty(),
            (Faction::Leaf, 2) => {
                self.sage_slot(seat).is_some_and(|ss| units().any(|(s, _)| self.leaf_sends(side, s, ss)))
            }
            (Faction::Droplet, 0) => true,
            (Faction::Droplet, 1) => units().count() >= 2,
            (Faction::Droplet, 2) => true,
            _ => false,
        }
    }

    /// Performs faction action of level `l`.
    pub(crate) fn faction_action(&mut self, seat: u8, l: u8) {
        let side = Self::side_of(seat);
        let faction = Faction::SAGES[self.players[seat as usize].pack as usize];
        match (faction, l) {
            (Faction::Twig, 4) => self.ask(seat, tokens(2, 0, Area::Row1)),
            (Faction::Twig, _) => self.ask(seat, Ask::FactionPick { level: l }),
            (Faction::Pebble, 4) => {
                if let Some(ss) = self.sage_slot(seat) {
                    let targets: crate::turn::arrayvec_slots::Slots = self
                        .slots()
                        .filter(|&s| {
                            self.at(side, s).is_some_and(|u| u.card.info().faction == Faction::Pebble)
                                && self.connected(side, s, ss)
                        })
                        .collect();
                    for s in targets.iter() {
                        self.give(side, s, 0, 1);
                    }
                }
            }
            (Faction::Pebble, 6) => {
                let mut total: u32 = 0;
                for r in 0..3 {
                    for u in self.formations[side as usize][r].iter_mut().flatten() {
                        total += u.shields as u32;
                        u.shields = 0;
                    }
                }
                if total > 0 {
                    self.ask(seat, Ask::Redistribute { left: total.min(255) as u8 });
                }
            }
            (Faction::Pebble, _) => {
                if let Some(ss) = self.sage_slot(seat)
                    && let Some(u) = self.at(side, ss)
                {
                    let ask = Ask::Spend { unit: u.uid, max: u.shields.min(2), shields: true };
                    self.ask(seat, ask);
                }
            }
            (Faction::Leaf, 4) => {
                self.ask(seat, Ask::FromDiscard { purpose: DiscardUse::Attack, left: 1, optional: false })
            }
            (Faction::Leaf, 6) => {
                self.ask(seat, Ask::FromDiscard { purpose: DiscardUse::ToDeck, left: 1, optional: false })
            }
            (Faction::Leaf, _) => self.ask(seat, Ask::SwapFirst { kind: SwapKind::LeafSend }),
            (Faction::Droplet, 4) => self.effect_draw(seat, 2),
            (Faction::Droplet, 6) => self.ask(seat, Ask::SwapFirst { kind: SwapKind::AnyTwo }),
            (Faction::Droplet, _) => {
                let dmg = match self.sage_slot(seat).map(|s| s / 6) {
                    Some(0) => 4,
                    Some(1) => 3,
                    _ => 2,
                };
                self.ask(seat, hit(dmg, Area::Any, 1, false));
            }
            _ => {}
        }
    }

    /// Reactions to a unit entering `row` (and the formation, when `new`).
    pub(crate) fn entered(&mut self, uid: u16, row: u8, new: bool) {
        let Some((side, s)) = self.find(uid) else { return };
        let Some(u) = self.at(side, s).copied() else { return };
        if s / 6 != row {
            return;
        }
        let faction = u.card.info().faction;
        let works = self.works(&u, s);
        match (u.card.effect(), row) {
            (Effect::PetalMage, 1) if works => {
                self.ask(u.owner, Ask::FromDiscard { purpose: DiscardUse::ToHand, left: 1, optional: false })
            }
            (Effect::RiptideTiger, 0) if works => self.effect_draw(u.owner, 1),
            (Effect::TyphoonFist, 0) if works => self.ask(u.owner, hit(2, Area::Row1, 1, false)),
            (Effect::FrostfallEmperor, 0) if works => self.ask(u.owner, hit(2, Area::Row3, 1, false)),
            _ => {}
        }
        let others: crate::turn::arrayvec_slots::Slots =
            self.slots().filter(|&q| q != s && self.at(side, q).is_some()).collect();
        for q in others.iter() {
            let Some(v) = self.at(side, q).copied() else { continue };
            if !self.works(&v, q) {
                continue;
            }
            match v.card.effect() {
                Effect::AgileAssailant if new => self.give(side, q, 1, 0),
                Effect::BotanicFangs if new => self.gain_gold(side, if faction == Faction::Leaf { 2 } else { 1 }),
                Effect::HummingHerald if new => self.ask(v.owner, tokens(1, 0, Area::Row1)),
                Effect::IguanaGuard if new => self.ask(v.owner, tokens(0, 1, Area::Row1)),
                Effect::CurrentConjurer if row == 1 => self.give(side, s, 1, 0),
                Effect::SurgesphereMonk | Effect::SplashBasilisk if row == 1 => self.give(side, s, 0, 1),
                Effect::CoastalCoyote if row == 1 && faction == Faction::Droplet => self.gain_gold(side, 2),
                _ => {}
            }
        }
    }

    /// After `seat`'s setup choices: the next seat's, or the game begins.
    fn next_deck_warrior(&mut self, seat: u8) {
        if (seat as usize) + 1 < self.n() {
            self.question = Some(Question { seat: seat + 1, ask: Ask::DeckWarrior });
        } else {
            self.begin_play();
        }
    }

    /// Whether Leaf's level-8 action may send the elemental on `side`'s slot `s` to the discard pile: one
    /// connected to the Sage on `sage`, and never a Sage (a partner's, in teams): a Sage leaves its
    /// formation only defeated (ruling C15; rules revisions before 4 allowed it).
    fn leaf_sends(&self, side: u8, s: Slot, sage: Slot) -> bool {
        self.at(side, s).is_some_and(|u| u.card.class() != Class::Sage || self.options.revision < 4)
            && self.connected(side, s, sage)
    }

    /// Sends a unit to its owner's discard pile (Bog Blight, Leaf L8): it leaves the formation.
    fn send_to_discard(&mut self, side: u8, s: Slot) {
        if let Some(u) = self.at_mut(side, s).take() {
            self.players[u.owner as usize].discard.push(u.card);
            self.left_formation(side);
            self.stack.push(Step::Refill { side });
        }
    }

    fn swap_options(&self, seat: u8, kind: SwapKind, first: Option<Slot>, f: &mut dyn FnMut(Action)) {
        let side = Self::side_of(seat);
        let enemy = 1 - side;
        let occ = |sd: u8, r: u8| {
            let g = self;
            move |s: Slot| s / 6 == r && g.at(sd, s).is_some()
        };
        let rows = |a: u8, b: u8, sd: u8, aim: bool, f: &mut dyn FnMut(Action)| {
            let mk = |s| if aim { Action::Aim(s) } else { Action::Pick(s) };
            let (fa, fb) = (occ(sd, a), occ(sd, b));
            match first {
                None => {
                    if self.slots().any(&fb) {
                        self.slots().filter(|&s| fa(s)).for_each(|s| f(mk(s)));
                    }
                }
                Some(_) => self.slots().filter(|&s| fb(s)).for_each(|s| f(mk(s))),
            }
        };
        match kind {
            SwapKind::Rows23 => rows(1, 2, side, false, f),
            SwapKind::Rows12 => rows(0, 1, side, false, f),
            SwapKind::Rows13 => rows(0, 2, side, false, f),
            SwapKind::EnemyRows12 => rows(0, 1, enemy, true, f),
            SwapKind::AnyTwo => {
                for s in self.slots() {
                    if self.at(side, s).is_some() && Some(s) != first {
                        f(Action::Pick(s));
                    }
                }
            }
            SwapKind::Razor(uid) => {
                if let Some((_, rs)) = self.find(uid) {
                    for s in self.slots() {
                        if self.at(side, s).is_some() && self.connected(side, rs, s) {
                            f(Action::Pick(s));
                        }
                    }
                }
            }
            SwapKind::LeafSend => {
                if let Some(ss) = self.sage_slot(seat) {
                    for s in self.slots() {
                        if self.leaf_sends(side, s, ss) {
                            f(Action::Pick(s));
                        }
                    }
                }
            }
        }
    }

    /// The answers to a question.
    pub(crate) fn for_answers(&self, q: &Question, f: &mut dyn FnMut(Action)) {
        let seat = q.seat;
        let side = Self::side_of(seat);
        let enemy = 1 - side;
        let p = &self.players[seat as usize];
        let own = |area: Area, f: &mut dyn FnMut(Action), exclude: u16| {
            for s in self.slots() {
                if area.has((s / 6) as usize) && self.at(side, s).is_some_and(|u| u.uid != exclude) {
                    f(Action::Pick(s));
                }
            }
        };
        match q.ask {
            Ask::DeckWarrior => {
                for w in self.cards.packs[p.pack as usize].warriors {
                    f(Action::Choose(w));
                }
            }
            Ask::Place { owner, .. } => {
                let side = Self::side_of(owner);
                if let Some(r) = self.first_open_row(side) {
                    for c in 0..self.width(r) {
                        let s = crate::actions::slot(r, c);
                        if self.at(side, s).is_none() {
                            f(Action::Pick(s));
                        }
                    }
                }
            }
            Ask::Attacker { cmd } => {
                for s in self.slots() {
                    if self.can_attack_from(side, s, cmd) {
                        f(Action::Pick(s));
                    }
                }
            }
            Ask::Target { cmd, attacker } => {
                if let Some((_, a)) = self.find(attacker) {
                    for t in self.slots() {
                        if self.at(enemy, t).is_some() && self.can_target(cmd, (a / 6) as usize, (t / 6) as usize) {
                            f(Action::Aim(t));
                        }
                    }
                }
            }
            Ask::Target2 { first, .. } => {
                f(Action::Done);
                for t in self.slots() {
                    if t != first && t / 6 == 1 && self.at(enemy, t).is_some() {
                        f(Action::Aim(t));
                    }
                }
            }
            Ask::Instants => {
                f(Action::Done);
                for &c in &p.hand {
                    if self.instant_playable(seat, c) {
                        f(Action::Instant(c));
                    }
                }
            }
            Ask::CharmTarget { attacked, .. } => own(Area::Any, f, attacked),
            Ask::Intercept { .. } => {
                f(Action::Done);
                f(Action::Use);
            }
            Ask::Tokens { area, optional, exclude, .. } => {
                if optional {
                    f(Action::Done);
                }
                own(area, f, exclude);
            }
            Ask::Discards { done, min, max, effect } => {
                if done >= min {
                    f(Action::Done);
                }
                // The first discard of a card that needs several must be possible in full.
                let enough = done > 0 || min as usize <= p.hand.len();
                if done < max && enough {
                    let _ = effect;
                    for &c in &p.hand {
                        f(Action::Choose(c));
                    }
                }
            }
            Ask::BoostOrShield { .. } => {
                f(Action::Amount(1));
                f(Action::Amount(2));
            }
            Ask::FromDiscard { purpose, optional, .. } => {
                if optional {
                    f(Action::Done);
                }
                let open = self.first_open_row(side).is_some();
                for &c in &p.discard {
                    let ok = match purpose {
                        DiscardUse::ToHand | DiscardUse::ToDeck => true,
                        DiscardUse::Attack => c.class().is_attack() && self.attack_possible(side, c),
                        DiscardUse::Formation => c.class().is_elemental() && open,
                    };
                    if ok {
                        f(Action::Choose(c));
                    }
                }
            }
            Ask::Hit { area, optional, chosen, .. } => {
                if optional {
                    f(Action::Done);
                }
                for t in self.slots() {
                    if area.has((t / 6) as usize) && chosen & (1 << t) == 0 && self.at(enemy, t).is_some() {
                        f(Action::Aim(t));
                    }
                }
            }
            Ask::SwapFirst { kind } => self.swap_options(seat, kind, None, f),
            Ask::SwapSecond { kind, first } => self.swap_options(seat, kind, Some(first), f),
            Ask::Spend { max, .. } => {
                for k in 1..=max.min(3) {
                    f(Action::Amount(k));
                }
            }
            Ask::FactionPick { level } => {
                for s in self.slots() {
                    if self.at(side, s).is_some_and(|u| level != 8 || u.boosts > 0) {
                        f(Action::Pick(s));
                    }
                }
            }
            Ask::Redistribute { .. } => own(Area::Any, f, 0),
            Ask::Refill => self.refill_moves(side, &mut |a, b| f(Action::Refill(a, b))),
            Ask::InnerWarrior => {
                for s in self.warrior_slots(seat) {
                    if let Some(u) = self.at(side, s) {
                        f(Action::Choose(u.card));
                    }
                }
            }
        }
    }

    /// Applies the answer to a question.
    pub(crate) fn answer<S: sylvan_engine::EventSink<crate::events::Event>>(
        &mut self,
        q: Question,
        action: Action,
        ev: &mut S,
    ) {
        let seat = q.seat;
        let side = Self::side_of(seat);
        let enemy = 1 - side;
        match (q.ask, action) {
            (Ask::DeckWarrior, Action::Choose(w)) => {
                self.place_pack(seat, w);
                if self.teams() && self.options.revision >= 4 {
                    // « placez-les … de part et d'autre de votre Sage » (FR:109): in teams, which side
                    // is a choice (ruling C5).
                    self.question = Some(Question { seat, ask: Ask::InnerWarrior });
                } else {
                    self.next_deck_warrior(seat);
                }
            }
            (Ask::InnerWarrior, Action::Choose(w)) => {
                let [outer, inner] = self.warrior_slots(seat);
                if self.at(side, outer).is_some_and(|u| u.card == w) {
                    self.swap_units(side, outer, inner);
                }
                self.next_deck_warrior(seat);
            }
            (Ask::Place { card, owner }, Action::Pick(s)) => self.place_new(Self::side_of(owner), s, card, owner),
            (Ask::Attacker { cmd }, Action::Pick(s)) => {
                if let Some(u) = self.at(side, s) {
                    let attacker = u.uid;
                    self.ask(seat, Ask::Target { cmd, attacker });
                }
            }
            (Ask::Target { cmd, attacker }, Action::Aim(t)) => {
                let Some(tu) = self.at(enemy, t).map(|u| u.uid) else { return };
                let more = self.cards.info(cmd).reach == crate::cards::Reach::Row2
                    && self.slots().any(|x| x != t && x / 6 == 1 && self.at(enemy, x).is_some());
                if more {
                    self.ask(seat, Ask::Target2 { cmd, attacker, first: t });
                } else {
                    self.declare_attack(seat, cmd, attacker, [tu, 0], 1);
                }
            }
            (Ask::Target2 { cmd, attacker, first }, a) => {
                let Some(t1) = self.at(enemy, first).map(|u| u.uid) else { return };
                match a {
                    Action::Aim(t) => {
                        let t2 = self.at(enemy, t).map_or(0, |u| u.uid);
                        self.declare_attack(seat, cmd, attacker, [t1, t2], 2);
                    }
                    _ => self.declare_attack(seat, cmd, attacker, [t1, 0], 1),
                }
            }
            (Ask::Instants, Action::Instant(c)) => self.play_instant(seat, c, ev),
            (Ask::Instants, _) => {}
            (Ask::CharmTarget { boost, .. }, Action::Pick(s)) => {
                if boost {
                    self.give(side, s, 1, 0)
                } else {
                    self.give(side, s, 0, 1)
                }
            }
            (Ask::Intercept { interceptor }, a) => self.intercept(interceptor, a == Action::Use),
            (Ask::Tokens { boosts, shields, area, left, optional, .. }, Action::Pick(s)) => {
                let uid = self.at(side, s).map_or(0, |u| u.uid);
                self.give(side, s, boosts, shields);
                if left > 0 {
                    self.ask(seat, Ask::Tokens { boosts, shields, area, left: left - 1, optional, exclude: uid });
                }
            }
            (Ask::Tokens { .. }, _) => {}
            (Ask::Discards { effect, done, min, max }, Action::Choose(c)) => {
                self.take_from_hand(seat, c);
                self.players[seat as usize].discard.push(c);
                let done = done + 1;
                if done < max {
                    self.ask(seat, Ask::Discards { effect, done, min, max });
                } else {
                    self.after_discards(seat, effect, done);
                }
            }
            (Ask::Discards { effect, done, .. }, _) => self.after_discards(seat, effect, done),
            (Ask::BoostOrShield { unit }, Action::Amount(k)) => {
                if let Some((sd, s)) = self.find(unit) {
                    if k == 1 { self.give(sd, s, 1, 0) } else { self.give(sd, s, 0, 1) }
                }
            }
            (Ask::FromDiscard { purpose, left, optional }, Action::Choose(c)) => {
                let p = &mut self.players[seat as usize];
                match purpose {
                    DiscardUse::Attack => {
                        // Out of the pile for its attack, then back (« it goes back to the discard
                        // afterwards », ruling C19), like any command in play (C17).
                        if self.options.revision >= 2 {
                            if let Some(i) = p.discard.iter().rposition(|&x| x == c) {
                                p.discard.remove(i);
                            }
                            self.stack.push(Step::Discard { seat, card: c });
                        }
                        self.ask(seat, Ask::Attacker { cmd: c });
                        return;
                    }
                    _ => {
                        if let Some(i) = p.discard.iter().rposition(|&x| x == c) {
                            p.discard.remove(i);
                        }
                    }
                }
                match purpose {
                    DiscardUse::ToHand => p.hand.push(c),
                    DiscardUse::ToDeck => p.deck.push(c),
                    DiscardUse::Formation => self.ask(seat, Ask::Place { card: c, owner: seat }),
                    DiscardUse::Attack => {}
                }
                if left > 1 && purpose == DiscardUse::ToHand {
                    self.ask(seat, Ask::FromDiscard { purpose, left: left - 1, optional });
                }
            }
            (Ask::FromDiscard { .. }, _) => {}
            (Ask::Hit { dmg, area, left, optional, chosen, obliterate }, Action::Aim(t)) => {
                let Some(u) = self.at_mut(enemy, t).as_mut() else { return };
                let uid = u.uid;
                if left > 1 {
                    let chosen = chosen | (1 << t);
                    self.stack.push(Step::Damage { uid, amount: dmg.into(), attack: false, by: seat, asked: 0 });
                    self.ask(seat, Ask::Hit { dmg, area, left: left - 1, optional, chosen, obliterate });
                    return;
                }
                if obliterate {
                    u.boosts = 0;
                    let had = u.shields > 0;
                    u.shields = 0;
                    if had {
                        self.stack.push(Step::ShieldsLost { side: enemy });
                    }
                }
                self.stack.push(Step::Damage { uid, amount: dmg.into(), attack: false, by: seat, asked: 0 });
            }
            (Ask::Hit { .. }, _) => {}
            (Ask::SwapFirst { kind }, Action::Pick(s) | Action::Aim(s)) => match kind {
                SwapKind::Razor(uid) => {
                    if let Some((sd, rs)) = self.find(uid) {
                        self.swap_units(sd, rs, s);
                    }
                }
                SwapKind::LeafSend => {
                    self.send_to_discard(side, s);
                    self.ask(seat, hit(3, Area::Any, 1, false));
                }
                _ => self.ask(seat, Ask::SwapSecond { kind, first: s }),
            },
            (Ask::SwapSecond { kind, first }, Action::Pick(s) | Action::Aim(s)) => {
                let sd = if kind == SwapKind::EnemyRows12 { enemy } else { side };
                self.swap_units(sd, first, s);
            }
            (Ask::Spend { unit, shields, .. }, Action::Amount(k)) => {
                let Some((sd, s)) = self.find(unit) else { return };
                if let Some(u) = self.at_mut(sd, s).as_mut() {
                    if shields {
                        u.shields -= k.min(u.shields);
                        self.stack.push(Step::ShieldsLost { side: sd });
                        self.ask(seat, hit(2 * k, Area::Any, 1, false));
                    } else {
                        u.boosts -= k.min(u.boosts);
                        self.ask(seat, hit([1, 3, 5][(k as usize - 1).min(2)], Area::Any, 1, false));
                    }
                }
            }
            (Ask::FactionPick { level }, Action::Pick(s)) => {
                if level == 6 {
                    let n = self
                        .slots()
                        .filter(|&q| {
                            self.at(side, q).is_some_and(|u| u.card.info().faction == Faction::Twig)
                                && self.connected(side, q, s)
                        })
                        .count() as u8;
                    self.give(side, s, n, 0);
                } else if let Some(u) = self.at(side, s) {
                    let ask = Ask::Spend { unit: u.uid, max: u.boosts.min(3), shields: false };
                    self.ask(seat, ask);
                }
            }
            (Ask::Redistribute { left }, Action::Pick(s)) => {
                if let Some(u) = self.at_mut(side, s).as_mut() {
                    u.shields = u.shields.saturating_add(1);
                }
                if left > 1 {
                    self.ask(seat, Ask::Redistribute { left: left - 1 });
                }
            }
            // The Refill step below runs again and asks again while a front slot can be filled.
            (Ask::Refill, Action::Refill(a, b)) => self.move_unit(side, a, b, ev),
            _ => {}
        }
    }

    fn after_discards(&mut self, seat: u8, effect: Effect, n: u8) {
        if n == 0 {
            return;
        }
        match effect {
            Effect::TwineFeline => self.ask(seat, tokens(2, 0, Area::Any)),
            Effect::OakLumbertron => self.ask(seat, tokens(n, 0, Area::Row1)),
            Effect::RubyGuardian => self.ask(seat, tokens(0, 2 * n, Area::Any)),
            Effect::ForageThumper => self.ask(seat, hit(n, Area::Row1, 1, false)),
            Effect::ElementalIncantation => self.ask(seat, hit(1, Area::Any, 6, true)),
            _ => {}
        }
    }
}
