//! The turn: phases I–IV, the main decisions of the side to play, the resolution loop, and the answers to
//! every question (effects and combat live in `effects.rs` and `combat.rs`).

use sylvan_engine::{Audience, EventSink, Seat, SeatSet};

use crate::actions::{Action, Slot, slot};
use crate::cards::{Card, Class};
use crate::events::Event;
use crate::state::{Ask, CommandOfNature, HAND_SIZE, Phase, Question, Step};

/// Most hand-overs between partners in one team turn under rules revisions 1 and 2 (records before
/// issue 33, ruling C22).
pub const OLD_MAX_HANDOVERS: u8 = 4;

impl CommandOfNature {
    /// Whether the acting partner may hand the turn over: as often as the team likes (FR:180 « en
    /// répartissant les PA comme vous le souhaitez », FR:186), but never straight back, which would be no
    /// move at all (ruling C22). Rules revisions before 3 allowed at most [`OLD_MAX_HANDOVERS`] a turn.
    fn may_hand_over(&self) -> bool {
        if self.options.revision >= 3 { !self.handed } else { self.handovers < OLD_MAX_HANDOVERS }
    }

    /// Action points of a turn: 4 (2 players) or 6 (a team).
    pub fn turn_ap(&self) -> u8 {
        if self.teams() { 6 } else { 4 }
    }

    /// Runs pending work until a decision is needed or the game ends.
    pub(crate) fn run<S: EventSink<Event>>(&mut self, ev: &mut S) {
        loop {
            if let Phase::Over(_) = self.phase {
                self.stack.clear();
                self.question = None;
                self.attack = None;
                return;
            }
            if self.question.is_some() {
                return;
            }
            match self.stack.pop() {
                Some(step) => self.step(step, ev),
                None => {
                    if !self.auto_advance() {
                        return;
                    }
                }
            }
        }
    }

    /// Moves on without a decision where only `done` would be possible; true if something changed.
    fn auto_advance(&mut self) -> bool {
        match self.phase {
            Phase::Daybreak => {
                let side = self.side;
                if !self.slots().any(|s| self.at(side, s).is_some_and(|u| u.ready)) {
                    self.end_daybreak();
                    return true;
                }
                false
            }
            Phase::Actions if self.ap == 0 => {
                self.phase = Phase::Market;
                true
            }
            _ => false,
        }
    }

    fn end_daybreak(&mut self) {
        for side in 0..2 {
            for r in 0..3 {
                for u in self.formations[side][r].iter_mut().flatten() {
                    u.ready = false;
                }
            }
        }
        self.phase = Phase::Actions;
    }

    fn step<S: EventSink<Event>>(&mut self, step: Step, ev: &mut S) {
        match step {
            Step::Ask(q) => {
                if self.has_answer(&q) {
                    self.question = Some(q);
                }
            }
            Step::StartTurn => self.start_turn(),
            Step::Discard { seat, card } => self.players[seat as usize].discard.push(card),
            Step::Damage { uid, amount, attack, by, asked } => self.damage(uid, amount, attack, by, asked, ev),
            Step::Defeat { uid, by } => self.defeat(uid, by, ev),
            Step::Refill { side } => self.refill(side, ev),
            Step::Entered { uid, row, new } => self.entered(uid, row, new),
            Step::ShieldsLost { side } => self.shields_lost(side),
            Step::AttackDamage => self.attack_damage(),
            Step::AttackAfter => self.attack_after(),
            Step::InstantWindow { index } => {
                let def = 1 - self.side;
                let seats = self.seats_of(def);
                let count = if self.teams() { 2 } else { 1 };
                if (index as usize) < count {
                    self.stack.push(Step::InstantWindow { index: index + 1 });
                    self.stack.push(Step::Ask(Question { seat: seats[index as usize], ask: Ask::Instants }));
                }
            }
        }
    }

    fn start_turn(&mut self) {
        for side in 0..2 {
            for r in 0..3 {
                for u in self.formations[side][r].iter_mut().flatten() {
                    u.attacked = false;
                    u.ready = false;
                }
            }
        }
        for p in &mut self.players {
            p.faction_used = false;
        }
        self.ap = self.turn_ap();
        self.handovers = 0;
        self.handed = false;
        self.phase = Phase::Daybreak;
        self.actor = self.seats_of(self.side)[0];
        let side = self.side;
        let t = self.cards.clone();
        for s in self.slots().collect::<arrayvec_slots::Slots>().iter() {
            if let Some(u) = self.at_mut(side, s).as_mut()
                && t.info(u.card).daybreak
                && t.works(u, s)
            {
                u.ready = true;
            }
        }
    }

    /// A played command reaches the discard pile once its effect is over (ruling C17): a step under the
    /// ones its effect pushes. Rules revision 1 (records before 0.2.0) discarded it at once.
    pub(crate) fn discard_after_effect(&mut self, seat: u8, card: Card) {
        if self.options.revision >= 2 {
            self.stack.push(Step::Discard { seat, card });
        } else {
            self.players[seat as usize].discard.push(card);
        }
    }

    fn end_turn(&mut self) {
        self.turns += 1;
        if self.turns >= self.options.turn_limit {
            self.phase = Phase::Over(None);
            return;
        }
        self.side = 1 - self.side;
        self.stack.push(Step::StartTurn);
    }

    /// Whether a question has at least one answer.
    pub(crate) fn has_answer(&self, q: &Question) -> bool {
        let mut any = false;
        self.for_answers(q, &mut |_| any = true);
        any
    }

    /// The legal actions now, sorted and unique.
    pub(crate) fn legal(&self, out: &mut Vec<Action>) {
        out.clear();
        if let Phase::Over(_) = self.phase {
            return;
        }
        if let Some(q) = self.question {
            self.for_answers(&q, &mut |a| out.push(a));
        } else {
            self.for_main(&mut |a| out.push(a));
        }
        out.sort_unstable();
        out.dedup();
    }

    /// Whether `action` is legal now, without building the list.
    pub(crate) fn contains_legal(&self, action: Action) -> bool {
        if let Phase::Over(_) = self.phase {
            return false;
        }
        let mut found = false;
        match self.question {
            Some(q) => self.for_answers(&q, &mut |a| found |= a == action),
            None => {
                // Phase II swaps are checked directly; other actions do not need the swap enumeration.
                if let (Phase::Actions, Action::Swap(a, b)) = (self.phase, action) {
                    let side = self.side;
                    let ok = |s: Slot| (s / 6) < 3 && ((s % 6) as usize) < self.width((s / 6) as usize);
                    return self.ap > 0
                        && a < b
                        && ok(a)
                        && ok(b)
                        && self.at(side, a).is_some()
                        && self.at(side, b).is_some()
                        && self.connected(side, a, b);
                }
                self.for_main_filtered(false, &mut |a| found |= a == action)
            }
        }
        found
    }

    /// The main decisions of the acting seat in phases I–IV.
    fn for_main(&self, f: &mut dyn FnMut(Action)) {
        self.for_main_filtered(true, f)
    }

    /// The main decisions; phase II swaps only with `swaps`.
    fn for_main_filtered(&self, swaps: bool, f: &mut dyn FnMut(Action)) {
        let seat = self.actor;
        let side = self.side;
        let p = &self.players[seat as usize];
        match self.phase {
            Phase::Daybreak => {
                f(Action::Done);
                for s in self.slots() {
                    if self.at(side, s).is_some_and(|u| u.ready) {
                        f(Action::Dawn(s));
                    }
                }
            }
            Phase::Actions => {
                f(Action::Done);
                if self.teams() && self.may_hand_over() {
                    f(Action::Partner);
                }
                if self.ap == 0 {
                    return;
                }
                let open = self.first_open_row(side).is_some();
                for &c in &p.hand {
                    match c.class() {
                        k if k.is_elemental() && open => f(Action::Summon(c)),
                        k if k.is_attack() && self.attack_possible(side, c) => f(Action::Play(c)),
                        Class::Utility if self.utility_possible(seat, c) => f(Action::Play(c)),
                        _ => {}
                    }
                }
                if swaps {
                    self.connected_pairs(side, &mut |a, b| f(Action::Swap(a, b)));
                }
                if !p.deck.is_empty() || !p.discard.is_empty() {
                    f(Action::Draw);
                }
                if p.sage_alive && !p.faction_used {
                    for (i, l) in [4u8, 6, 8].into_iter().enumerate() {
                        if p.level >= l && self.faction_possible(seat, i) {
                            f(Action::Faction(l));
                        }
                    }
                }
            }
            Phase::Market => {
                f(Action::Done);
                if self.teams() && self.may_hand_over() {
                    f(Action::Partner);
                }
                let gold = self.gold[side as usize];
                let open = self.first_open_row(side).is_some();
                for m in 0..2 {
                    for i in 0..3 {
                        if let Some(c) = self.market[m][i] {
                            let cost = self.cards.info(c).cost.unwrap_or(0);
                            if gold >= cost {
                                f(Action::Buy((m * 3 + i) as u8));
                            }
                            if m == 0 && open && gold >= cost + 2 {
                                f(Action::BuyPlace(i as u8));
                            }
                        }
                    }
                    if gold >= 1 && self.market[m].iter().any(Option::is_some) {
                        f(Action::Refresh(m as u8));
                    }
                }
                for &c in &p.hand {
                    f(Action::Sell(c));
                }
            }
            Phase::Reset(_) => {
                if p.hand.len() <= HAND_SIZE {
                    f(Action::Done);
                }
                for &c in &p.hand {
                    f(Action::Discard(c));
                }
            }
            Phase::Setup | Phase::Over(_) => {}
        }
    }

    /// Applies a legal action and runs on to the next decision.
    pub(crate) fn apply<S: EventSink<Event>>(&mut self, action: Action, ev: &mut S) {
        let seat = match self.question {
            Some(q) => q.seat,
            None => self.actor,
        };
        if S::ENABLED {
            ev.emit(Audience::Everyone, Event::Acted { seat: sylvan_engine::Seat(seat), action });
        }
        let hands_before: Option<Vec<Vec<Card>>> =
            if S::ENABLED { Some(self.players.iter().map(|p| p.hand.clone()).collect()) } else { None };
        self.moves += 1;
        match self.question.take() {
            Some(q) => self.answer(q, action, ev),
            None => self.main_action(action, ev),
        }
        self.run(ev);
        if let Some(before) = hands_before {
            for (s, b) in before.iter().enumerate() {
                let now = &self.players[s].hand;
                if b != now {
                    let s8 = s as u8;
                    let who = SeatSet::only(sylvan_engine::Seat(s8)).with(sylvan_engine::Seat(self.partner(s8)));
                    let mut cards = now.clone();
                    cards.sort_unstable();
                    ev.emit(Audience::Only(who), Event::Hand { seat: sylvan_engine::Seat(s8), cards });
                    ev.emit(
                        Audience::AllBut(who),
                        Event::HandCount { seat: sylvan_engine::Seat(s8), count: now.len() as u8 },
                    );
                }
            }
            if let Phase::Over(winning_side) = self.phase {
                ev.emit(Audience::Everyone, Event::GameOver { winning_side });
            }
        }
    }

    fn main_action<S: EventSink<Event>>(&mut self, action: Action, ev: &mut S) {
        let seat = self.actor;
        let side = self.side;
        // Any decision but a hand-over lets the partner be handed the turn again (ruling C22).
        self.handed = false;
        match (self.phase, action) {
            (Phase::Daybreak, Action::Done) => self.end_daybreak(),
            (Phase::Daybreak, Action::Dawn(s)) => self.daybreak(s),
            (Phase::Actions, Action::Done) => self.phase = Phase::Market,
            (Phase::Actions | Phase::Market, Action::Partner) => {
                self.handovers = self.handovers.saturating_add(1);
                self.handed = true;
                self.actor = self.partner(seat);
            }
            (Phase::Actions, Action::Summon(c)) => {
                self.ap -= 1;
                self.take_from_hand(seat, c);
                self.stack.push(Step::Ask(Question { seat, ask: Ask::Place { card: c, owner: seat } }));
            }
            (Phase::Actions, Action::Play(c)) => {
                self.ap -= 1;
                self.take_from_hand(seat, c);
                self.discard_after_effect(seat, c);
                self.play_command(seat, c);
            }
            (Phase::Actions, Action::Swap(a, b)) => {
                self.ap -= 1;
                self.swap_units(side, a, b);
            }
            (Phase::Actions, Action::Draw) => {
                self.ap -= 1;
                self.draw_one(seat);
            }
            (Phase::Actions, Action::Faction(l)) => {
                self.ap -= 1;
                self.players[seat as usize].faction_used = true;
                self.faction_action(seat, l);
            }
            (Phase::Market, Action::Done) => {
                self.phase = Phase::Reset(0);
                self.actor = self.seats_of(side)[0];
            }
            (Phase::Market, Action::Buy(i) | Action::BuyPlace(i)) => {
                let (m, k) = ((i / 3) as usize, (i % 3) as usize);
                if let Some(c) = self.market[m][k] {
                    let place = matches!(action, Action::BuyPlace(_));
                    let cost = self.cards.info(c).cost.unwrap_or(0) + if place { 2 } else { 0 };
                    self.gold[side as usize] -= cost;
                    self.market[m][k] = self.market_decks[m].pop();
                    let face = self.market[m][k];
                    crate::events::public(ev, || Event::Bought {
                        seat: Seat(seat),
                        card: c,
                        gold: cost,
                        placed: place,
                    });
                    crate::events::public(ev, || Event::MarketFace { market: m as u8, index: k as u8, card: face });
                    if place {
                        self.stack.push(Step::Ask(Question { seat, ask: Ask::Place { card: c, owner: seat } }));
                    } else {
                        self.players[seat as usize].discard.push(c);
                    }
                }
            }
            (Phase::Market, Action::Sell(c)) => {
                self.take_from_hand(seat, c);
                let before = self.gold[side as usize];
                self.gain_gold(side, self.cards.sale_price(c));
                let gold = self.gold[side as usize] - before;
                crate::events::public(ev, || Event::Sold { seat: Seat(seat), card: c, gold });
            }
            (Phase::Market, Action::Refresh(m)) => {
                let m = m as usize;
                self.gold[side as usize] -= 1;
                for k in 0..3 {
                    if let Some(c) = self.market[m][k].take() {
                        self.market_decks[m].insert(0, c);
                    }
                }
                crate::events::public(ev, || Event::Refreshed { seat: Seat(seat), market: m as u8 });
                for k in 0..3 {
                    self.market[m][k] = self.market_decks[m].pop();
                    let face = self.market[m][k];
                    crate::events::public(ev, || Event::MarketFace { market: m as u8, index: k as u8, card: face });
                }
            }
            (Phase::Reset(_), Action::Discard(c)) => {
                self.take_from_hand(seat, c);
                self.players[seat as usize].discard.push(c);
            }
            (Phase::Reset(k), Action::Done) => {
                while self.players[seat as usize].hand.len() < HAND_SIZE {
                    if self.draw_one(seat).is_none() {
                        break;
                    }
                }
                if self.teams() && k == 0 {
                    self.phase = Phase::Reset(1);
                    self.actor = self.partner(seat);
                } else {
                    self.end_turn();
                }
            }
            _ => {}
        }
    }

    /// Every connected pair `(a, b)` of elementals of `side` with `a < b` (ruling C6), without testing
    /// every pair: in a row only the nearest elemental to the right is connected, and across rows only the
    /// two slots under a slot (see [`CommandOfNature::connected`], which agrees).
    pub fn connected_pairs(&self, side: u8, f: &mut dyn FnMut(Slot, Slot)) {
        let occupied = |r: usize, c: usize| self.formations[side as usize][r][c].is_some();
        for r in 0..3 {
            for c in 0..self.width(r) {
                if !occupied(r, c) {
                    continue;
                }
                if let Some(c2) = (c + 1..self.width(r)).find(|&k| occupied(r, k)) {
                    f(slot(r, c), slot(r, c2));
                }
                if r < 2 {
                    let base = c / (r + 1) * (r + 2) + c % (r + 1);
                    for bc in [base, base + 1] {
                        if occupied(r + 1, bc) {
                            f(slot(r, c), slot(r + 1, bc));
                        }
                    }
                }
            }
        }
    }

    /// Places a new elemental in a slot (it enters the formation).
    pub(crate) fn place_new(&mut self, side: u8, s: Slot, card: Card, owner: u8) {
        let uid = self.uid();
        *self.at_mut(side, s) = Some(crate::state::Unit { uid, ..crate::state::Unit::new(card, owner) });
        self.stack.push(Step::Entered { uid, row: s / 6, new: true });
    }

    /// Swaps two slots of a side (either may be empty); units changing rows enter their new row.
    pub(crate) fn swap_units(&mut self, side: u8, a: Slot, b: Slot) {
        let ua = self.at_mut(side, a).take();
        let ub = self.at_mut(side, b).take();
        *self.at_mut(side, a) = ub;
        *self.at_mut(side, b) = ua;
        if a / 6 != b / 6 {
            if let Some(u) = ua {
                self.stack.push(Step::Entered { uid: u.uid, row: b / 6, new: false });
            }
            if let Some(u) = ub {
                self.stack.push(Step::Entered { uid: u.uid, row: a / 6, new: false });
            }
        }
    }

    /// The seat deciding for a side outside its own turn (the lead), or the acting seat.
    pub fn side_decider(&self, side: u8) -> u8 {
        if side == self.side { self.actor } else { self.seats_of(side)[0] }
    }

    /// Whether the seat's side has a unit of `card`'s faction... (helper for charms).
    pub(crate) fn first_slot_in_row(&self, side: u8, r: usize) -> Option<Slot> {
        (0..self.width(r)).map(|c| slot(r, c)).find(|&s| self.at(side, s).is_some())
    }

    /// Pushes the "draw" of an effect for `seat`.
    pub(crate) fn effect_draw(&mut self, seat: u8, n: u8) {
        for _ in 0..n {
            self.draw_one(seat);
        }
    }

    /// Levels `seat` up after it defeated an opposing elemental (ruling C9); unlocks champions.
    pub fn level_up<S: EventSink<Event>>(&mut self, seat: u8, ev: &mut S) {
        let p = &mut self.players[seat as usize];
        if !p.sage_alive || p.level >= 8 {
            return;
        }
        p.level += 1;
        let l = p.level;
        crate::events::public(ev, || Event::LevelUp { seat: Seat(seat), level: l });
        if let Some(i) = [4u8, 6, 8].iter().position(|&x| x == l) {
            let champ = self.cards.packs[p.pack as usize].champions[i];
            p.discard.push(champ);
            crate::events::public(ev, || Event::ChampionToDiscard { seat: Seat(seat), card: champ });
            crate::events::public(ev, || Event::FactionUnlocked { seat: Seat(seat), level: l });
        }
    }
}

/// A tiny fixed list of slots, so that iterating slots while mutating does not allocate.
pub(crate) mod arrayvec_slots {
    use crate::actions::Slot;

    /// Up to 12 slots.
    pub struct Slots {
        items: [Slot; 12],
        len: usize,
    }

    impl FromIterator<Slot> for Slots {
        fn from_iter<I: IntoIterator<Item = Slot>>(iter: I) -> Self {
            let mut s = Slots { items: [0; 12], len: 0 };
            for x in iter {
                if s.len < 12 {
                    s.items[s.len] = x;
                    s.len += 1;
                }
            }
            s
        }
    }

    impl Slots {
        /// The slots.
        pub fn iter(&self) -> impl Iterator<Item = Slot> + '_ {
            self.items[..self.len].iter().copied()
        }
    }
}
