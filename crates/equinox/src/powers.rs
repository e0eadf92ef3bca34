//! The 14 creature powers (appendix "Pouvoir des créatures") and when they trigger.
//!
//! A power triggers only when the controller of a creature plays one of its creature cards from hand,
//! and not when that card is played directly on a visible chameleon. It is optional: the decision
//! always offers `decline`. A power that could do nothing is skipped without a decision.

use sylvan_engine::{Audience, EventSink, Seat, SeatSet};

use crate::actions::{Action, StoneSpot};
use crate::cards::{Card, CardSet, Creature};
use crate::events::Event;
use crate::state::{Equinox, NO_STONE, Phase, ROUNDS};
use crate::turn::emit;

impl Equinox {
    /// Starts the decision on `creature`'s power triggered in `col`, or skips it if it can do nothing.
    pub(crate) fn start_power<S: EventSink<Event>>(&mut self, creature: Creature, col: usize, ev: &mut S) {
        let mut any = false;
        self.power_options(creature, col, &mut |_| {
            any = true;
            false
        });
        if any {
            self.phase = Phase::Power { creature, column: col as u8 };
        } else {
            self.after_play(ev);
        }
    }

    /// Calls `f` with each way to use `creature`'s power (triggered by a card in `col`), sorted, until
    /// `f` returns false. `decline` is not included.
    pub(crate) fn power_options(&self, creature: Creature, col: usize, f: &mut impl FnMut(Action) -> bool) {
        let cur = self.current;
        let others = (0..self.n() as u8).map(Seat).filter(move |&s| s != cur);
        match creature {
            Creature::Gruyere => {
                f(Action::UsePower);
            }
            Creature::Lichen => {
                for r in 0..=ROUNDS as u8 {
                    for c in self.cols_in_creature_order() {
                        let mine =
                            if r == 0 { self.revealed[c] & (1 << cur.0) != 0 } else { self.stone(r, c) == Some(cur) };
                        if mine && !f(Action::Retrieve(StoneSpot::At(r, self.champions[c]))) {
                            return;
                        }
                    }
                }
                if self.secret[cur.index()].is_some() {
                    f(Action::Retrieve(StoneSpot::Secret));
                }
            }
            Creature::Panache => {
                for s in others {
                    if !f(Action::Target(s)) {
                        return;
                    }
                }
            }
            Creature::Griso => {
                if self.stones_left[cur.index()] == 0 {
                    return;
                }
                for r in 1..=self.round {
                    for c in self.cols_in_creature_order() {
                        if self.in_play(c) && self.cell_free(r, c) && !f(Action::PlaceStone(r, self.champions[c])) {
                            return;
                        }
                    }
                }
            }
            Creature::Bicephale => {
                if !self.turn.bicephale_used && self.has_playable(cur) {
                    f(Action::UsePower);
                }
            }
            Creature::Duc => {
                for s in others {
                    for c in self.cols_in_creature_order() {
                        if self.in_play(c) && !f(Action::Ask(s, self.champions[c])) {
                            return;
                        }
                    }
                }
            }
            Creature::Carmen => {
                if !self.turn.carmen {
                    f(Action::UsePower);
                }
            }
            Creature::Bolet => {
                for c in self.cols_in_creature_order() {
                    let cr = self.champions[c];
                    if !self.in_play(c) && cr != Creature::Bolet && cr != Creature::Ursus && !f(Action::Borrow(cr)) {
                        return;
                    }
                }
            }
            Creature::Sabot => {
                for s in others {
                    if self.hand(s).len() >= 3 && !f(Action::Target(s)) {
                        return;
                    }
                }
            }
            Creature::Croc => {
                // The played creature's own visible cards in earlier rows (Bolet's, through Bolet).
                let played = self.champions[col];
                for r in 1..self.round {
                    if let Some(top) = self.stack(r, col).top()
                        && top.is_creature()
                        && !f(Action::Take(r, played))
                    {
                        return;
                    }
                }
            }
            Creature::Rainette => {
                for c in self.cols_in_creature_order() {
                    if !self.in_play(c) {
                        continue;
                    }
                    for r1 in 1..=self.round {
                        if !self.stack(r1, c).top().is_some_and(Card::is_creature) {
                            continue;
                        }
                        for r2 in r1 + 1..=self.round {
                            if self.stack(r2, c).top().is_some_and(Card::is_creature)
                                && !f(Action::Swap(self.champions[c], r1, r2))
                            {
                                return;
                            }
                        }
                    }
                }
            }
            Creature::Plume => {
                for c in self.cols_in_creature_order() {
                    if c != col
                        && self.in_play(c)
                        && !self.stack(self.round, c).is_empty()
                        && !f(Action::Remove(self.champions[c]))
                    {
                        return;
                    }
                }
            }
            Creature::Ursus => {}
            Creature::Pelerin => self.visible_takes(Card::is_chameleon, f),
        }
    }

    /// Applies a decision on `creature`'s power triggered in `col`.
    pub(crate) fn apply_power<S: EventSink<Event>>(&mut self, creature: Creature, col: usize, a: Action, ev: &mut S) {
        let cur = self.current;
        let everyone = Audience::Everyone;
        if a == Action::Decline {
            emit(ev, everyone, || Event::PowerDeclined { seat: cur, creature });
            self.after_play(ev);
            return;
        }
        emit(ev, everyone, || Event::PowerUsed { seat: cur, creature });
        match a {
            Action::UsePower => match creature {
                Creature::Gruyere => {
                    // Exactly three cards; emptying the pile this way ends the game at once.
                    self.draw(cur, 3, ev);
                    self.after_play(ev);
                }
                Creature::Bicephale => {
                    self.turn.bicephale_used = true;
                    self.phase = Phase::Play { extra: true };
                }
                _ => {
                    self.turn.carmen = true;
                    self.after_play(ev);
                }
            },
            Action::Retrieve(spot) => {
                match spot {
                    StoneSpot::Secret => {
                        if let Some(card) = self.secret[cur.index()].take() {
                            self.put_in_discard(card, false, cur);
                        }
                        emit(ev, everyone, || Event::StoneRetrieved { seat: cur, creature: None, row: None });
                    }
                    StoneSpot::At(r, c) => {
                        if let Some(cc) = self.col(c) {
                            if r == 0 {
                                self.revealed[cc] &= !(1 << cur.0);
                            } else {
                                self.stones[r as usize - 1][cc] = NO_STONE;
                            }
                        }
                        emit(ev, everyone, || Event::StoneRetrieved { seat: cur, creature: Some(c), row: Some(r) });
                    }
                }
                self.stones_left[cur.index()] += 1;
                self.after_play(ev);
            }
            Action::Target(victim) if creature == Creature::Panache => {
                let hand = self.hand(victim);
                let k = hand.len().div_ceil(2);
                let mut left = hand;
                for _ in 0..k {
                    if let Some(card) = left.nth(self.rng.index(left.len())) {
                        left.remove(card);
                        self.aside[victim.index()].insert(card);
                    }
                }
                self.hands[victim.index()] = left;
                emit(ev, everyone, || Event::SetAside { victim, count: k as u8 });
                self.after_play(ev);
            }
            Action::Target(victim) => {
                // Sabot: three cards at random from the victim's hand (not the set-aside ones).
                let mut drawn = [Card(0); 3];
                for d in drawn.iter_mut() {
                    let hand = self.hand(victim);
                    if let Some(card) = hand.nth(self.rng.index(hand.len().max(1))) {
                        self.take_from_hand(victim, card);
                        *d = card;
                    }
                }
                let both = SeatSet::only(cur).with(victim);
                emit(ev, Audience::Only(both), || Event::SabotDrew { seat: cur, victim, cards: Some(drawn.to_vec()) });
                emit(ev, Audience::AllBut(both), || Event::SabotDrew { seat: cur, victim, cards: None });
                self.phase = Phase::Keep { victim, drawn };
            }
            Action::PlaceStone(r, c) => {
                if let Some(cc) = self.col(c) {
                    self.stones[r as usize - 1][cc] = cur.0;
                    self.stones_left[cur.index()] -= 1;
                }
                emit(ev, everyone, || Event::StonePlaced { seat: cur, creature: c, row: r });
                self.after_play(ev);
            }
            Action::Ask(victim, c) => {
                emit(ev, everyone, || Event::Asked { seat: cur, victim, creature: c });
                let hand = self.hand(victim);
                if hand.and(CardSet::of_creature(c)).is_empty() {
                    // No such card: the hand is shown to the asker alone.
                    self.known[cur.index()][victim.index()] = self.known[cur.index()][victim.index()].or(hand);
                    let me = SeatSet::only(cur);
                    emit(ev, Audience::Only(me), || Event::HandShown {
                        from: victim,
                        to: cur,
                        hand: Some(hand.iter().collect()),
                    });
                    emit(ev, Audience::AllBut(me), || Event::HandShown { from: victim, to: cur, hand: None });
                    self.after_play(ev);
                } else {
                    self.phase = Phase::Give { victim, creature: c };
                }
            }
            Action::Borrow(c) => self.start_power(c, col, ev),
            Action::Take(r, c) => self.take_visible(r, c, ev),
            Action::Swap(c, r1, r2) => {
                if let Some(cc) = self.col(c)
                    && let (Some(a1), Some(a2)) = (self.stack(r1, cc).top(), self.stack(r2, cc).top())
                {
                    self.stack_mut(r1, cc).set_top(a2);
                    self.stack_mut(r2, cc).set_top(a1);
                }
                emit(ev, everyone, || Event::Swapped { column: c, rows: (r1, r2) });
                self.after_play(ev);
            }
            Action::Remove(c) => {
                let round = self.round;
                if let Some(cc) = self.col(c)
                    && let Some(card) = self.stack_mut(round, cc).pop()
                {
                    self.put_in_discard(card, true, cur);
                    emit(ev, everyone, || Event::Removed { card, column: c });
                }
                self.after_play(ev);
            }
            _ => self.after_play(ev),
        }
    }
}
