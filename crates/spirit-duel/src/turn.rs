//! The turn (PHASE DE PRÉPARATION, PHASE DE COMBAT, PHASE DE FIN DE TOUR), attack resolution (ATTAQUER),
//! Soutien cards, Recyclage, the IMPORTANT section (empty pile, destroyed spirits, caps, round 8), and
//! the Robot's turn and defence in solo mode (MODE SOLO, A SAVOIR POUR JOUER LE ROBOT).

use sylvan_engine::{Audience, EventSink, Seat, SeatSet};

use crate::actions::Action;
use crate::cards::{Ability, Card, Cond, Effect, Spirit, Targets, cards_of, kw};
use crate::events::Event;
use crate::state::{CRIT, HAND_TARGET, LAST_ROUND, MAX_PM, Outcome, PM_GAIN, Pending, Phase, Source, SpiritDuel};

/// PV the Robot's spirits lose when it reshuffles its discard pile.
pub const ROBOT_RESHUFFLE_LOSS: u8 = 5;
/// PV healed on the Robot's charged spirits at the end of its turn.
pub const ROBOT_HEAL: u8 = 2;
/// The Robot refills to this many PM.
pub const ROBOT_PM: u8 = 4;

/// Whether a card's effect applies in the current cycle (Tour Diurne, Tour Nocturne).
fn cycle_ok(a: &Ability, day: bool) -> bool {
    !(a.has(kw::DIURNE) && !day || a.has(kw::NOCTURNE) && day)
}

/// Power after criticals (+4) and weaknesses (-4) against an element mask bit.
fn crit_adjust(power: i16, criticals: u8, weaknesses: u8, element_bit: u8) -> i16 {
    let mut p = power;
    if criticals & element_bit != 0 {
        p += CRIT;
    }
    if weaknesses & element_bit != 0 {
        p -= CRIT;
    }
    p
}

/// The `k`-th card (in id order) of a mask.
fn nth_card(mask: u32, k: u32) -> Card {
    let mut m = mask;
    for _ in 0..k {
        m &= m - 1;
    }
    Card(m.trailing_zeros() as u8)
}

impl SpiritDuel {
    /// Whether the game is over.
    pub fn over(&self) -> bool {
        matches!(self.phase, Phase::Over(_))
    }

    fn finish<S: EventSink<Event>>(&mut self, outcome: Outcome, ev: &mut S) {
        if !self.over() {
            self.phase = Phase::Over(outcome);
            if S::ENABLED {
                ev.emit(Audience::Everyone, Event::GameOver { outcome });
            }
        }
    }

    /// Writes the legal actions of the seat to move, sorted.
    pub(crate) fn legal(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.phase {
            Phase::Combat => {
                let me = self.current as usize;
                let s = &self.sides[me];
                let foe = &self.sides[1 - me];
                out.push(Action::End);
                for c in cards_of(s.hand) {
                    let a = c.data();
                    if a.has(kw::ATTAQUE) && a.cost <= s.pm {
                        for t in foe.spirits.iter().filter(|t| t.alive) {
                            out.push(Action::Attack(c, t.id));
                        }
                    }
                }
                for sp in s.spirits.iter().filter(|x| x.alive && x.charged) {
                    if sp.id.data().attack_cost <= s.pm {
                        for t in foe.spirits.iter().filter(|t| t.alive) {
                            out.push(Action::Strike(sp.id, t.id));
                        }
                    }
                }
                for c in cards_of(s.hand) {
                    let a = c.data();
                    if a.has(kw::SOUTIEN) && a.cost <= s.pm {
                        let side = match a.effect.targets() {
                            Targets::None => {
                                out.push(Action::Support(c, None));
                                continue;
                            }
                            Targets::Own => s,
                            Targets::Enemy => foe,
                        };
                        for t in side.spirits.iter().filter(|t| t.alive) {
                            out.push(Action::Support(c, Some(t.id)));
                        }
                    }
                }
                if !self.recycled {
                    for c in cards_of(s.hand) {
                        out.push(Action::Recycle(c));
                    }
                }
            }
            Phase::Defend(_) => {
                let s = &self.sides[1 - self.current as usize];
                for c in cards_of(s.hand) {
                    let a = c.data();
                    if a.has(kw::DEFENSE) && a.cost <= s.pm {
                        out.push(Action::Defend(c));
                    }
                }
                out.push(Action::Take);
            }
            Phase::Over(_) => {}
        }
    }

    /// Applies a legal action, then lets the Robot play until a human decision is needed.
    pub(crate) fn apply<S: EventSink<Event>>(&mut self, action: Action, ev: &mut S) {
        self.moves += 1;
        let me = self.current as usize;
        match action {
            Action::End => self.end_turn(ev),
            Action::Attack(c, t) => {
                let cost = c.data().cost;
                let s = &mut self.sides[me];
                s.pm = s.pm.saturating_sub(cost);
                s.hand &= !c.bit();
                let slot = self.sides[1 - me].slot_of(t).unwrap_or(0);
                self.in_play = Some(c);
                self.begin_attack(Source::Card(c), slot as u8, false, ev);
            }
            Action::Strike(sp, t) => {
                let slot = self.sides[me].slot_of(sp).unwrap_or(0);
                let s = &mut self.sides[me];
                s.pm = s.pm.saturating_sub(sp.data().attack_cost);
                s.spirits[slot].charged = false;
                if S::ENABLED {
                    ev.emit(Audience::Everyone, Event::Exhausted { spirit: sp });
                }
                let tslot = self.sides[1 - me].slot_of(t).unwrap_or(0);
                self.begin_attack(Source::Spirit(sp), tslot as u8, false, ev);
            }
            Action::Support(c, t) => {
                let slot = t.and_then(|t| self.sides[me].slot_of(t).or(self.sides[1 - me].slot_of(t)));
                self.play_support(c, slot.map(|s| s as u8), ev);
            }
            Action::Recycle(c) => self.recycle(c, ev),
            Action::Defend(c) => self.resolve(Some(c), ev),
            Action::Take => self.resolve(None, ev),
        }
        self.run_robot(ev);
    }

    /// The Robot plays while it is its turn and nobody else must decide.
    fn run_robot<S: EventSink<Event>>(&mut self, ev: &mut S) {
        while self.phase == Phase::Combat && self.is_robot(self.current as usize) {
            self.robot_step(ev);
        }
    }

    /// Rolls the die for `side`; the active player's Chance bonus is added.
    fn roll<S: EventSink<Event>>(&mut self, side: usize, ev: &mut S) -> u8 {
        let bonus = if side == self.current as usize { self.die_bonus } else { 0 };
        let r = 1 + self.rng.below(6) as u8 + bonus;
        if S::ENABLED {
            ev.emit(Audience::Everyone, Event::Rolled { seat: Seat(side as u8), result: r });
        }
        r
    }

    /// Steps 1-2 of ATTAQUER (cost already paid): criticals and weaknesses by the target's element, the
    /// attack's effects; then step 3, the defender's answer (asked, or automatic for the Robot or when the
    /// defender has no playable Défense).
    fn begin_attack<S: EventSink<Event>>(&mut self, source: Source, target: u8, zone_reuse: bool, ev: &mut S) {
        let me = self.current as usize;
        let foe = 1 - me;
        let robot = self.is_robot(me);
        let tgt = self.sides[foe].spirits[target as usize];
        let tbit = tgt.id.data().element.bit();
        let (mut power, element, effect, self_pv) = match source {
            Source::Card(c) => {
                let a = c.data();
                let p = crit_adjust(a.power as i16, a.criticals, a.weaknesses, tbit);
                let e = if !cycle_ok(a, self.day) {
                    Effect::None
                } else if robot {
                    a.robot_effect
                } else {
                    a.effect
                };
                (p, a.element, e, 0)
            }
            Source::Spirit(s) => {
                let d = s.data();
                let p = crit_adjust(d.attack_power as i16, d.criticals, d.weaknesses, tbit);
                let pv = self.sides[me].slot_of(s).map_or(0, |k| self.sides[me].spirits[k].pv);
                (p, d.element, d.attack_effect, pv)
            }
        };
        match effect {
            Effect::Bonus(n, cond) => {
                let holds = match cond {
                    Cond::Always => true,
                    Cond::DealtDamage => self.dealt_damage,
                    Cond::TargetExhausted => !tgt.charged,
                    Cond::SelfHp11 => self_pv >= 11,
                    Cond::DefenderLow => tgt.pv <= 10,
                };
                if holds {
                    power += n as i16;
                }
            }
            Effect::Die { n, threshold, extra } => {
                let r = self.roll(me, ev);
                power += n as i16 + if r >= threshold { extra as i16 } else { 0 };
            }
            Effect::Chance(n) => self.die_bonus = self.die_bonus.saturating_add(n),
            Effect::ExhaustTarget => {
                self.sides[foe].spirits[target as usize].charged = false;
                if S::ENABLED {
                    ev.emit(Audience::Everyone, Event::Exhausted { spirit: tgt.id });
                }
            }
            _ => {}
        }
        if S::ENABLED {
            let (card, spirit) = match source {
                Source::Card(c) => (Some(c), None),
                Source::Spirit(s) => (None, Some(s)),
            };
            ev.emit(Audience::Everyone, Event::Attacked { seat: Seat(me as u8), card, spirit, target: tgt.id, power });
        }
        let pending = Pending { source, target, power, element, zone_reuse };
        self.phase = Phase::Defend(pending);
        if self.is_robot(foe) {
            let choice = self.robot_defence(ev);
            self.resolve(choice, ev);
        } else if self.options.rules < 2 {
            // Rules revision 1 (older records) asked only a defender that could pay for a Défense, which
            // told the attacker so; revision 2 always asks, `take` being then the only answer (SD-6).
            let s = &self.sides[foe];
            let can = cards_of(s.hand).any(|c| c.data().has(kw::DEFENSE) && c.data().cost <= s.pm);
            if !can {
                self.resolve(None, ev);
            }
        }
    }

    /// Step 3 (the Défense and its effects), the damage, step 4 (discard; Zone reuse; Ultime).
    fn resolve<S: EventSink<Event>>(&mut self, defence: Option<Card>, ev: &mut S) {
        let Phase::Defend(p) = self.phase else { return };
        let me = self.current as usize;
        let foe = 1 - me;
        let robot = self.is_robot(foe);
        let t = p.target as usize;
        let damage = match defence {
            Some(c) => {
                let a = c.data();
                let s = &mut self.sides[foe];
                s.pm = s.pm.saturating_sub(a.cost);
                s.hand &= !c.bit();
                let mut power = crit_adjust(a.power as i16, a.criticals, a.weaknesses, p.element.bit());
                let effect = if !cycle_ok(a, self.day) {
                    Effect::None
                } else if robot {
                    a.robot_effect
                } else {
                    a.effect
                };
                match effect {
                    Effect::Bonus(n, cond) => {
                        let holds = match cond {
                            Cond::Always => true,
                            Cond::DefenderLow => self.sides[foe].spirits[t].pv <= 10,
                            Cond::TargetExhausted => !self.sides[foe].spirits[t].charged,
                            _ => false,
                        };
                        if holds {
                            power += n as i16;
                        }
                    }
                    Effect::Die { n, threshold, extra } => {
                        let r = self.roll(foe, ev);
                        power += n as i16 + if r >= threshold { extra as i16 } else { 0 };
                    }
                    Effect::Heal(n) => self.heal(foe, t, n, ev),
                    _ => {}
                }
                if S::ENABLED {
                    ev.emit(Audience::Everyone, Event::Defended { seat: Seat(foe as u8), card: c, power });
                }
                self.discard_used(foe, c, ev);
                (p.power - power).max(0)
            }
            None => {
                if S::ENABLED {
                    ev.emit(Audience::Everyone, Event::NoDefence { seat: Seat(foe as u8) });
                }
                p.power.max(0)
            }
        };
        self.phase = Phase::Combat;
        if damage > 0 {
            self.dealt_damage = true;
            self.damage(foe, t, damage.min(255) as u8, ev);
        }
        if self.over() {
            return;
        }
        if let Source::Card(c) = p.source {
            let other = 1 - t;
            if c.data().has(kw::ZONE) && !p.zone_reuse && self.sides[foe].spirits[other].alive {
                if S::ENABLED {
                    ev.emit(Audience::Everyone, Event::ZoneReuse { card: c });
                }
                self.begin_attack(p.source, other as u8, true, ev);
                return;
            }
            self.in_play = None;
            self.discard_used(me, c, ev);
        }
    }

    /// A used card goes to the discard pile, or out of the game if it is Ultime.
    fn discard_used<S: EventSink<Event>>(&mut self, side: usize, c: Card, ev: &mut S) {
        if c.data().has(kw::ULTIME) {
            self.sides[side].removed |= c.bit();
            if S::ENABLED {
                ev.emit(Audience::Everyone, Event::Removed { card: c });
            }
        } else {
            self.sides[side].discard |= c.bit();
        }
    }

    fn heal<S: EventSink<Event>>(&mut self, side: usize, slot: usize, n: u8, ev: &mut S) {
        let sp = &mut self.sides[side].spirits[slot];
        if !sp.alive {
            return;
        }
        let max = sp.id.data().pv;
        let before = sp.pv;
        sp.pv = sp.pv.saturating_add(n).min(max);
        if S::ENABLED && sp.pv > before {
            ev.emit(Audience::Everyone, Event::Healed { spirit: sp.id, amount: sp.pv - before, pv: sp.pv });
        }
    }

    /// Damage to a spirit; at 0 PV it is destroyed (IMPORTANT: it leaves, its attached cards are
    /// discarded, its bound abilities go to its owner's hand).
    fn damage<S: EventSink<Event>>(&mut self, side: usize, slot: usize, n: u8, ev: &mut S) {
        let sp = &mut self.sides[side].spirits[slot];
        if !sp.alive || n == 0 {
            return;
        }
        let amount = n.min(sp.pv);
        sp.pv -= amount;
        let id = sp.id;
        if S::ENABLED {
            ev.emit(Audience::Everyone, Event::Damaged { spirit: id, amount, pv: sp.pv });
        }
        if sp.pv == 0 {
            sp.alive = false;
            sp.charged = false;
            let (bound, attached) = (sp.bound, sp.attached);
            sp.bound = 0;
            sp.attached = 0;
            let s = &mut self.sides[side];
            s.discard |= attached;
            s.hand |= bound;
            if S::ENABLED {
                ev.emit(Audience::Everyone, Event::Destroyed { spirit: id, bound_to_hand: bound.count_ones() as u8 });
            }
            if s.defeated() {
                self.finish(Outcome::Destroyed(Seat(1 - side as u8)), ev);
            }
        }
    }

    /// A Soutien card: paid (the Robot may go below its PM, down to 0), its effect applied (Zone: once
    /// more on the other enemy spirit), then discarded, attached, or removed (Ultime).
    fn play_support<S: EventSink<Event>>(&mut self, c: Card, target: Option<u8>, ev: &mut S) {
        let me = self.current as usize;
        let robot = self.is_robot(me);
        let a = c.data();
        let s = &mut self.sides[me];
        s.pm = s.pm.saturating_sub(a.cost);
        s.hand &= !c.bit();
        let effect = if robot { a.robot_effect } else { a.effect };
        if S::ENABLED {
            let spirit = target.map(|t| {
                let side = if effect.targets() == Targets::Enemy { 1 - me } else { me };
                self.sides[side].spirits[t as usize].id
            });
            ev.emit(Audience::Everyone, Event::Supported { seat: Seat(me as u8), card: c, target: spirit });
        }
        let mut attached = false;
        if cycle_ok(a, self.day) {
            attached = self.support_effect(effect, target, c, ev);
            if a.has(kw::ZONE)
                && !self.over()
                && effect.targets() == Targets::Enemy
                && let Some(t) = target
                && self.sides[1 - me].spirits[1 - t as usize].alive
            {
                if S::ENABLED {
                    ev.emit(Audience::Everyone, Event::ZoneReuse { card: c });
                }
                self.support_effect(effect, Some(1 - t), c, ev);
            }
        }
        if !attached {
            self.discard_used(me, c, ev);
        }
    }

    /// Applies a Soutien effect for the active side; returns whether the card was attached.
    fn support_effect<S: EventSink<Event>>(&mut self, e: Effect, target: Option<u8>, c: Card, ev: &mut S) -> bool {
        let me = self.current as usize;
        let t = target.unwrap_or(0) as usize;
        match e {
            Effect::Heal(n) => self.heal(me, t, n, ev),
            Effect::GainPm(n) => self.gain_pm(me, n, ev),
            Effect::Draw(n) => self.draw(me, n as u32, ev),
            Effect::ExhaustEnemy => {
                let sp = &mut self.sides[1 - me].spirits[t];
                if sp.alive && sp.charged {
                    sp.charged = false;
                    if S::ENABLED {
                        ev.emit(Audience::Everyone, Event::Exhausted { spirit: sp.id });
                    }
                }
            }
            Effect::Recharge => {
                let sp = &mut self.sides[me].spirits[t];
                if sp.alive && !sp.charged {
                    sp.charged = true;
                    if S::ENABLED {
                        ev.emit(Audience::Everyone, Event::Recharged { spirit: sp.id });
                    }
                }
            }
            Effect::Damage(n) if self.sides[1 - me].spirits[t].alive => {
                self.dealt_damage = true;
                self.damage(1 - me, t, n, ev);
            }
            Effect::AttachHeal(_) | Effect::AttachPm(_) => {
                let sp = &mut self.sides[me].spirits[t];
                if sp.alive {
                    sp.attached |= c.bit();
                    if S::ENABLED {
                        ev.emit(Audience::Everyone, Event::Attached { card: c, spirit: sp.id });
                    }
                    return true;
                }
            }
            _ => {}
        }
        false
    }

    fn gain_pm<S: EventSink<Event>>(&mut self, side: usize, n: u8, ev: &mut S) {
        let s = &mut self.sides[side];
        s.pm = s.pm.saturating_add(n).min(MAX_PM);
        if S::ENABLED {
            ev.emit(Audience::Everyone, Event::Mana { seat: Seat(side as u8), pm: s.pm });
        }
    }

    fn recycle<S: EventSink<Event>>(&mut self, c: Card, ev: &mut S) {
        let me = self.current as usize;
        let s = &mut self.sides[me];
        s.hand &= !c.bit();
        s.deck.insert(0, c);
        s.known_bottom += 1;
        self.recycled = true;
        if S::ENABLED {
            let seat = Seat(me as u8);
            ev.emit(Audience::Only(SeatSet::only(seat)), Event::Recycled { seat, card: Some(c) });
            ev.emit(Audience::AllBut(SeatSet::only(seat)), Event::Recycled { seat, card: None });
        }
        self.draw(me, 1, ev);
    }

    fn emit_drew<S: EventSink<Event>>(&self, side: usize, drawn: u32, ev: &mut S) {
        if !S::ENABLED || drawn == 0 {
            return;
        }
        let seat = Seat(side as u8);
        let count = drawn.count_ones() as u8;
        if self.is_robot(side) {
            ev.emit(Audience::Everyone, Event::DrewCount { seat, count });
        } else {
            ev.emit(Audience::Only(SeatSet::only(seat)), Event::Drew { seat, cards: cards_of(drawn).collect() });
            ev.emit(Audience::AllBut(SeatSet::only(seat)), Event::DrewCount { seat, count });
        }
    }

    /// Draws `n` cards; the moment the pile is empty, the discard pile is reshuffled (IMPORTANT).
    fn draw<S: EventSink<Event>>(&mut self, side: usize, n: u32, ev: &mut S) {
        self.draw_upto(side, n, u32::MAX, ev);
    }

    /// Draws `n` cards, stopping early once the hand holds `upto` (the Robot's reshuffle may destroy a
    /// spirit mid-draw and put its bound cards in its hand, ruling SD-8).
    fn draw_upto<S: EventSink<Event>>(&mut self, side: usize, n: u32, upto: u32, ev: &mut S) {
        let mut drawn = 0u32;
        for _ in 0..n {
            if self.sides[side].hand.count_ones() >= upto {
                break;
            }
            // The Robot's pile may have been left empty (empty discard pile, ruling SD-8): it reshuffles
            // when it must draw again.
            if self.sides[side].deck.is_empty() && self.is_robot(side) && self.sides[side].discard != 0 {
                self.pile_emptied(side, ev);
                if self.over() {
                    return;
                }
            }
            let s = &mut self.sides[side];
            let Some(c) = s.deck.pop() else { break };
            s.hand |= c.bit();
            drawn |= c.bit();
            s.known_bottom = s.known_bottom.min(s.deck.len() as u8);
            if s.deck.is_empty() {
                self.emit_drew(side, drawn, ev);
                drawn = 0;
                self.pile_emptied(side, ev);
                if self.over() {
                    return;
                }
            }
        }
        self.emit_drew(side, drawn, ev);
    }

    /// The pile just became empty: reshuffle the discard pile at once and turn the PM card over; the
    /// second time, that player loses. The Robot instead loses 5 PV on each spirit and never loses so.
    fn pile_emptied<S: EventSink<Event>>(&mut self, side: usize, ev: &mut S) {
        let robot = self.is_robot(side);
        if robot && self.sides[side].discard == 0 {
            return;
        }
        if !robot && self.sides[side].reshuffled {
            self.finish(Outcome::Exhausted(Seat(1 - side as u8)), ev);
            return;
        }
        let s = &mut self.sides[side];
        s.reshuffled = true;
        let discard = s.discard;
        s.discard = 0;
        s.known_bottom = 0;
        s.deck.extend(cards_of(discard));
        self.rng.shuffle(&mut self.sides[side].deck);
        if S::ENABLED {
            ev.emit(Audience::Everyone, Event::Reshuffled { seat: Seat(side as u8), robot_penalty: robot });
        }
        if robot {
            for k in 0..2 {
                self.damage(side, k, ROBOT_RESHUFFLE_LOSS, ev);
            }
        } else if self.sides[side].deck.is_empty() {
            // Ruling SD-7: an empty discard pile gives an empty new pile, which is empty a second time.
            self.finish(Outcome::Exhausted(Seat(1 - side as u8)), ev);
        }
    }

    /// Draws up to [`HAND_TARGET`] cards in hand. The Robot counts its hand as it draws (from Robot
    /// revision 3, ruling SD-8): a spirit its reshuffle destroys puts its bound cards in its hand.
    fn refill_hand<S: EventSink<Event>>(&mut self, side: usize, ev: &mut S) {
        let have = self.sides[side].hand.count_ones();
        if have < HAND_TARGET {
            let upto = if self.is_robot(side) && self.options.robot >= 3 { HAND_TARGET } else { u32::MAX };
            self.draw_upto(side, HAND_TARGET - have, upto, ev);
        }
    }

    /// PM of the preparation and end phases: +4 (at most 8); the Robot refills to 4.
    fn turn_mana<S: EventSink<Event>>(&mut self, side: usize, ev: &mut S) {
        if self.is_robot(side) {
            let s = &mut self.sides[side];
            s.pm = s.pm.max(ROBOT_PM);
            if S::ENABLED {
                ev.emit(Audience::Everyone, Event::Mana { seat: Seat(side as u8), pm: s.pm });
            }
        } else {
            self.gain_pm(side, PM_GAIN, ev);
        }
    }

    /// Effects of attached cards of `side` that trigger now (`start` or end of its turn). Every such
    /// effect of the card set commutes (capped heals, capped PM), so their order needs no decision
    /// (ruling SD-9).
    fn attached_effects<S: EventSink<Event>>(&mut self, side: usize, start: bool, ev: &mut S) {
        let robot = self.is_robot(side);
        for k in 0..2 {
            let sp = self.sides[side].spirits[k];
            if !sp.alive {
                continue;
            }
            for c in cards_of(sp.attached) {
                let a = c.data();
                let e = if robot { a.robot_effect } else { a.effect };
                if !cycle_ok(a, self.day) {
                    continue;
                }
                match (e, start) {
                    (Effect::AttachHeal(n), true) => self.heal(side, k, n, ev),
                    (Effect::AttachPm(n), false) => self.gain_pm(side, n, ev),
                    _ => {}
                }
            }
        }
    }

    /// PHASE DE FIN DE TOUR, then the next player's turn.
    fn end_turn<S: EventSink<Event>>(&mut self, ev: &mut S) {
        let me = self.current as usize;
        self.attached_effects(me, false, ev);
        self.turn_mana(me, ev);
        self.refill_hand(me, ev);
        if self.over() {
            return;
        }
        if self.is_robot(me) {
            for k in 0..2 {
                if self.sides[me].spirits[k].charged {
                    self.heal(me, k, ROBOT_HEAL, ev);
                }
            }
        }
        for sp in self.sides[me].spirits.iter_mut().filter(|s| s.alive) {
            sp.charged = true;
        }
        if self.current != self.first && self.round >= LAST_ROUND {
            self.finish(Outcome::Draw, ev);
            return;
        }
        self.current = 1 - self.current;
        self.start_turn(ev);
    }

    /// PHASE DE PRÉPARATION (never on the first player's first turn, which starts in combat).
    fn start_turn<S: EventSink<Event>>(&mut self, ev: &mut S) {
        self.dealt_damage = false;
        self.recycled = false;
        self.die_bonus = 0;
        let me = self.current as usize;
        if self.current == self.first {
            self.round += 1;
            self.day = !self.day;
        }
        if S::ENABLED {
            ev.emit(Audience::Everyone, Event::TurnStarted { seat: Seat(me as u8), round: self.round, day: self.day });
        }
        self.attached_effects(me, true, ev);
        self.turn_mana(me, ev);
        self.refill_hand(me, ev);
        if !self.over() {
            self.phase = Phase::Combat;
        }
    }

    /// Whether the Robot can use `c` now with a positive effect (A SAVOIR: otherwise it is unusable).
    fn robot_usable(&self, c: Card) -> bool {
        let a = c.data();
        if a.has(kw::ATTAQUE) {
            return self.options.robot < 2 || self.robot_attack_targets(c) != [false, false];
        }
        if !a.has(kw::SOUTIEN) || !cycle_ok(a, self.day) {
            return false;
        }
        let me = &self.sides[self.current as usize];
        let foe = &self.sides[1 - self.current as usize];
        match a.robot_effect {
            Effect::Heal(_) => me.spirits.iter().any(|s| s.alive && s.pv < s.id.data().pv),
            Effect::Recharge => me.spirits.iter().any(|s| s.alive && !s.charged),
            Effect::ExhaustEnemy => foe.spirits.iter().any(|s| s.alive && s.charged),
            Effect::Damage(_) | Effect::AttachHeal(_) | Effect::AttachPm(_) => true,
            Effect::GainPm(_) => true,
            Effect::Draw(_) => !me.deck.is_empty() || me.discard != 0,
            _ => false,
        }
    }

    /// The enemy spirits the Robot's Attaque `c` may target (those with the fewest PV, FR:225) on which it
    /// can have a positive effect (FR:224, ruling SD-12): damage through its power after criticals,
    /// weaknesses and a bonus that holds, at best on the die, or the exhaustion of a charged spirit. With
    /// Zone, the other living spirit is hit too: a positive effect there counts.
    fn robot_attack_targets(&self, c: Card) -> [bool; 2] {
        let me = self.current as usize;
        let a = c.data();
        let foe = &self.sides[1 - me].spirits;
        let min = foe.iter().filter(|x| x.alive).map(|x| x.pv).min().unwrap_or(0);
        let effect = if cycle_ok(a, self.day) { a.robot_effect } else { Effect::None };
        let positive = |k: usize| {
            let t = foe[k];
            if !t.alive {
                return false;
            }
            let mut power = crit_adjust(a.power as i16, a.criticals, a.weaknesses, t.id.data().element.bit());
            match effect {
                Effect::Bonus(n, cond) => {
                    let holds = match cond {
                        Cond::Always => true,
                        Cond::DealtDamage => self.dealt_damage,
                        Cond::TargetExhausted => !t.charged,
                        // A card is never its spirit: the Robot's cards have no attacker's PV.
                        Cond::SelfHp11 => false,
                        Cond::DefenderLow => t.pv <= 10,
                    };
                    if holds {
                        power += n as i16;
                    }
                }
                Effect::Die { n, extra, .. } => power += n as i16 + extra as i16,
                Effect::ExhaustTarget if t.charged => return true,
                Effect::Chance(_) => return true,
                _ => {}
            }
            power > 0
        };
        let hit = [positive(0), positive(1)];
        let zone = a.has(kw::ZONE) && foe[0].alive && foe[1].alive;
        [0, 1].map(|k| foe[k].alive && foe[k].pv == min && (hit[k] || (zone && hit[1 - k])))
    }

    /// Whether the Robot's Défense `c` can have a positive effect against the pending attack (FR:224,
    /// ruling SD-11): it lowers damage the attack would deal (its power after criticals, weaknesses and a
    /// bonus that holds, at best on the die), or heals the defended spirit below its PV maximum.
    fn robot_defence_positive(&self, c: Card) -> bool {
        let Phase::Defend(p) = self.phase else { return false };
        let side = 1 - self.current as usize;
        let t = self.sides[side].spirits[p.target as usize];
        let a = c.data();
        let mut power = crit_adjust(a.power as i16, a.criticals, a.weaknesses, p.element.bit());
        let effect = if cycle_ok(a, self.day) { a.robot_effect } else { Effect::None };
        match effect {
            Effect::Bonus(n, cond) => {
                let holds = match cond {
                    Cond::Always => true,
                    Cond::DefenderLow => t.pv <= 10,
                    Cond::TargetExhausted => !t.charged,
                    _ => false,
                };
                if holds {
                    power += n as i16;
                }
            }
            Effect::Die { n, extra, .. } => power += n as i16 + extra as i16,
            Effect::Heal(_) if t.pv < t.id.data().pv => return true,
            _ => {}
        }
        p.power > 0 && power > 0
    }

    /// A random choice of the Robot among the slots for which `ok` holds (by the die, as the rulebook's
    /// ASTUCE: one option, no roll).
    fn robot_pick(&mut self, ok: [bool; 2]) -> Option<u8> {
        match ok {
            [true, true] => Some(self.rng.below(2) as u8),
            [true, false] => Some(0),
            [false, true] => Some(1),
            [false, false] => None,
        }
    }

    /// One flip of the Robot's PHASE DE COMBAT, or the end of its turn.
    fn robot_step<S: EventSink<Event>>(&mut self, ev: &mut S) {
        let me = self.current as usize;
        let s = &self.sides[me];
        if s.pm == 0 || s.hand == 0 {
            self.end_turn(ev);
            return;
        }
        let c = nth_card(s.hand, self.rng.below(s.hand.count_ones()));
        let usable = self.robot_usable(c);
        if S::ENABLED {
            ev.emit(Audience::Everyone, Event::RobotFlipped { card: c, usable });
        }
        if !usable {
            let s = &mut self.sides[me];
            s.hand &= !c.bit();
            s.discard |= c.bit();
            return;
        }
        let a = c.data();
        if a.has(kw::ATTAQUE) {
            // It targets your spirit with the fewest PV (ties by the die).
            let foe = &self.sides[1 - me].spirits;
            let min = foe.iter().filter(|x| x.alive).map(|x| x.pv).min().unwrap_or(0);
            let ok = if self.options.robot < 2 {
                [foe[0].alive && foe[0].pv == min, foe[1].alive && foe[1].pv == min]
            } else {
                // Of the spirits with the fewest PV, one it can affect (ruling SD-12).
                self.robot_attack_targets(c)
            };
            let t = self.robot_pick(ok).unwrap_or(0);
            let s = &mut self.sides[me];
            s.pm = s.pm.saturating_sub(a.cost);
            s.hand &= !c.bit();
            self.in_play = Some(c);
            self.begin_attack(Source::Card(c), t, false, ev);
            return;
        }
        let (mine, foe) = (&self.sides[me].spirits, &self.sides[1 - me].spirits);
        let ok = match a.robot_effect {
            Effect::Heal(_) => [0, 1].map(|k| mine[k].alive && mine[k].pv < mine[k].id.data().pv),
            Effect::Recharge => [0, 1].map(|k| mine[k].alive && !mine[k].charged),
            Effect::AttachHeal(_) | Effect::AttachPm(_) => [0, 1].map(|k| mine[k].alive),
            Effect::ExhaustEnemy => [0, 1].map(|k| foe[k].alive && foe[k].charged),
            Effect::Damage(_) => [0, 1].map(|k| foe[k].alive),
            _ => [false, false],
        };
        let target = if a.robot_effect.targets() == Targets::None { None } else { self.robot_pick(ok) };
        self.play_support(c, target, ev);
    }

    /// The Robot's defence: with at least 1 PM it flips cards until a Défense, which it plays even over
    /// its PM; the flipped cards it cannot use are discarded (ruling SD-11).
    fn robot_defence<S: EventSink<Event>>(&mut self, ev: &mut S) -> Option<Card> {
        let side = 1 - self.current as usize;
        if self.sides[side].pm == 0 {
            return None;
        }
        loop {
            let hand = self.sides[side].hand;
            if hand == 0 {
                return None;
            }
            let c = nth_card(hand, self.rng.below(hand.count_ones()));
            let usable = c.data().has(kw::DEFENSE) && (self.options.robot < 2 || self.robot_defence_positive(c));
            if S::ENABLED {
                ev.emit(Audience::Everyone, Event::RobotFlipped { card: c, usable });
            }
            if usable {
                return Some(c);
            }
            let s = &mut self.sides[side];
            s.hand &= !c.bit();
            s.discard |= c.bit();
        }
    }

    /// The spirit of `side` in `slot`.
    pub fn spirit_at(&self, side: usize, slot: usize) -> Spirit {
        self.sides[side].spirits[slot].id
    }
}
