//! A player's turn, phase by phase: 1 predict or reveal, 2 play a card, 3 discard, 4 draw back to 8,
//! 5 elimination and the next round. Powers and trees are in [`crate::powers`].

use sylvan_engine::{Audience, EventSink, GameRng, Seat, SeatSet};

use crate::actions::{Action, Row};
use crate::cards::{Card, CardSet, Creature, TreeKind};
use crate::events::{EndReason, Event};
use crate::state::{COLUMNS, Equinox, HAND_SIZE, NO_STONE, Phase, TurnFlags};

/// Emits an event only when the sink wants events (so simulation builds none).
#[inline(always)]
pub(crate) fn emit<S: EventSink<Event>>(ev: &mut S, audience: Audience, make: impl FnOnce() -> Event) {
    if S::ENABLED {
        ev.emit(audience, make());
    }
}

/// The tree cards of one kind.
#[inline]
pub(crate) fn tree_cards(k: TreeKind) -> CardSet {
    match k {
        TreeKind::Ancetre => CardSet::ANCESTORS,
        TreeKind::Dryade => CardSet::DRYADS,
    }
}

/// Every chameleon.
#[inline]
pub(crate) fn chameleons() -> CardSet {
    CardSet::CHAMELEONS
}

impl Equinox {
    /// The creature cards of the creatures still in play.
    #[inline]
    pub(crate) fn in_play_creature_cards(&self) -> CardSet {
        self.live_cards
    }

    /// The creature cards of eliminated creatures.
    #[inline]
    pub(crate) fn eliminated_creature_cards(&self) -> CardSet {
        self.dead_cards
    }

    /// Whether `seat` holds a card it may play in phase 2.
    pub(crate) fn has_playable(&self, seat: Seat) -> bool {
        let h = self.hand(seat);
        !h.and(self.in_play_creature_cards()).is_empty()
            || !h.and(chameleons()).is_empty()
            || !h.and(CardSet::TREES).is_empty()
    }

    /// The cards the current player may discard in phase 3: creature cards of eliminated creatures,
    /// or any creature card under Carmen's power.
    pub(crate) fn discardable(&self) -> CardSet {
        let h = self.hand(self.current);
        if self.turn.carmen { h.and(CardSet::all_creature_cards()) } else { h.and(self.eliminated_creature_cards()) }
    }

    /// The seat whose decision it is.
    #[inline]
    pub(crate) fn decider(&self) -> Option<Seat> {
        match self.phase {
            Phase::Over(_) => None,
            Phase::Give { victim, .. } => Some(victim),
            Phase::Reveals { pending, .. } => {
                let mut s = self.current;
                for _ in 0..self.n() {
                    if pending & (1 << s.0) != 0 {
                        return Some(s);
                    }
                    s = s.next(self.n());
                }
                None
            }
            _ => Some(self.current),
        }
    }

    /// Writes the legal actions, sorted.
    pub(crate) fn legal(&self, out: &mut Vec<Action>) {
        out.clear();
        let cur = self.current;
        match self.phase {
            Phase::Over(_) => {}
            Phase::Predict => {
                out.push(Action::SkipPrediction);
                let left = self.stones_left[cur.index()] > 0;
                if left {
                    for col in self.cols_in_creature_order() {
                        if self.in_play(col) && self.cell_free(self.round, col) {
                            out.push(Action::Predict(self.champions[col]));
                        }
                    }
                    if self.round == 1 && self.secret_used & (1 << cur.0) == 0 {
                        self.hand(cur)
                            .and(CardSet::all_creature_cards())
                            .for_each(|card| out.push(Action::Secret(card)));
                    }
                }
                if self.secret[cur.index()].is_some() {
                    out.push(Action::Reveal);
                }
            }
            Phase::Play { .. } => self.play_actions(out),
            Phase::Discard => {
                self.discardable().for_each(|card| out.push(Action::Discard(card)));
                out.push(Action::EndDiscard);
            }
            Phase::Power { creature, column } => {
                out.push(Action::Decline);
                self.power_options(creature, column as usize, &mut |a| {
                    out.push(a);
                    true
                });
            }
            Phase::Dryade => self.visible_takes(|card| card.is_creature(), &mut |a| {
                out.push(a);
                true
            }),
            Phase::Ancetre => {
                for &c in &Creature::ALL {
                    if self.creature_in_play(c) {
                        out.push(Action::Name(c));
                    }
                }
            }
            Phase::Reveals { .. } => out.push(Action::Reveal),
            Phase::Give { victim, creature } => {
                for card in self.hand(victim).and(CardSet::of_creature(creature)).iter() {
                    out.push(Action::Give(card));
                }
            }
            Phase::Keep { drawn, .. } => {
                for d in drawn {
                    out.push(Action::Keep(d.canonical()));
                }
                out.sort_unstable();
                out.dedup();
            }
        }
    }

    /// The columns whose byte in `blocked` (one byte per column) is zero: how many, and the `k`-th of
    /// them in creature order. Counting needs no loop and no branch.
    #[inline]
    fn open_cols(&self, blocked: u64) -> (usize, impl Fn(usize) -> usize + '_) {
        const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
        // The high bit of each zero byte, then the sum of those bits.
        let zero = !(((blocked & LOW7) + LOW7) | blocked | LOW7);
        let n = ((zero >> 7).wrapping_mul(0x0101_0101_0101_0101) >> 56) as usize;
        let kth = move |k: usize| {
            let mut left = k;
            for &c in &self.order {
                if (blocked >> (8 * c)) & 0xff == 0 {
                    if left == 0 {
                        return usize::from(c);
                    }
                    left -= 1;
                }
            }
            0
        };
        (n, kth)
    }

    /// One byte per column, zero where the creature is in play.
    #[inline]
    fn eliminated_bytes(&self) -> u64 {
        u64::from_le_bytes(self.eliminated_in)
    }

    /// A uniformly random legal action: the one [`legal`](Equinox::legal) lists at `rng.index(len)`,
    /// with that same single draw. In phases 1 to 3 (most of a playout) it counts the actions and
    /// finds the drawn one without writing the list; in the others it lists into `scratch`. `None` when
    /// there is no legal action (the game is over).
    pub(crate) fn random_legal(&self, rng: &mut GameRng, scratch: &mut Vec<Action>) -> Option<Action> {
        let cur = self.current;
        match self.phase {
            Phase::Predict => {
                let left = self.stones_left[cur.index()] > 0;
                // A column is open to a prediction when its creature is in play and its cell of this
                // row has no stone (NO_STONE is 0xff).
                let stones = self.stones.get(usize::from(self.round).wrapping_sub(1)).copied().unwrap_or([0; COLUMNS]);
                let (free, kth) = self.open_cols(!u64::from_le_bytes(stones) | self.eliminated_bytes());
                let free = if left { free } else { 0 };
                let secrets = if left && self.round == 1 && self.secret_used & (1 << cur.0) == 0 {
                    self.hand(cur).and(CardSet::all_creature_cards())
                } else {
                    CardSet::EMPTY
                };
                let counts = secrets.counts();
                let n_secrets = counts.iter().sum::<usize>();
                let reveal = self.secret[cur.index()].is_some();
                let k = rng.index(1 + free + n_secrets + usize::from(reveal));
                Some(if k == 0 {
                    Action::SkipPrediction
                } else if k <= free {
                    Action::Predict(self.champions[kth(k - 1)])
                } else if k <= free + n_secrets {
                    secrets.nth_counted(counts, k - 1 - free).map_or(Action::Reveal, Action::Secret)
                } else {
                    Action::Reveal
                })
            }
            Phase::Play { .. } => {
                let h = self.hand(cur);
                let creatures = h.and(self.in_play_creature_cards());
                let chameleons = h.and(chameleons());
                let (live, kth) = self.open_cols(self.eliminated_bytes());
                let mut trees = [TreeKind::Ancetre; 2];
                let mut n_trees = 0;
                for k in TreeKind::ALL {
                    trees[n_trees] = k;
                    n_trees += usize::from(!h.and(tree_cards(k)).is_empty());
                }
                let counts = creatures.counts();
                let n_creatures = counts.iter().sum::<usize>();
                let n_chameleons = chameleons.len() * live;
                let len = n_creatures + n_chameleons + n_trees;
                if len == 0 {
                    rng.index(1);
                    return Some(Action::Pass);
                }
                let k = rng.index(len);
                if k < n_creatures {
                    return creatures.nth_counted(counts, k).map(Action::Play);
                }
                let k = k - n_creatures;
                if k < n_chameleons {
                    let col = kth(k % live);
                    return chameleons.nth(k / live).map(|cam| Action::PlayChameleon(cam, self.champions[col]));
                }
                Some(Action::PlayTree(trees[k - n_chameleons]))
            }
            Phase::Discard => {
                let d = self.discardable();
                let counts = d.counts();
                let n = counts.iter().sum::<usize>();
                let k = rng.index(n + 1);
                Some(if k < n {
                    d.nth_counted(counts, k).map_or(Action::EndDiscard, Action::Discard)
                } else {
                    Action::EndDiscard
                })
            }
            _ => {
                self.legal(scratch);
                (!scratch.is_empty()).then(|| scratch[rng.index(scratch.len())])
            }
        }
    }

    /// Phase 2 actions: every playable card of the hand, or `pass` if there is none.
    fn play_actions(&self, out: &mut Vec<Action>) {
        let h = self.hand(self.current);
        h.and(self.in_play_creature_cards()).for_each(|card| out.push(Action::Play(card)));
        h.and(chameleons()).for_each(|cam| {
            for col in self.cols_in_creature_order() {
                if self.in_play(col) {
                    out.push(Action::PlayChameleon(cam, self.champions[col]));
                }
            }
        });
        for k in TreeKind::ALL {
            if !h.and(tree_cards(k)).is_empty() {
                out.push(Action::PlayTree(k));
            }
        }
        if out.is_empty() {
            out.push(Action::Pass);
        }
    }

    /// Applies a legal action.
    pub(crate) fn apply<S: EventSink<Event>>(&mut self, a: Action, ev: &mut S) {
        self.moves += 1;
        let cur = self.current;
        let everyone = Audience::Everyone;
        match (self.phase, a) {
            (Phase::Predict, Action::SkipPrediction) => {
                emit(ev, everyone, || Event::PredictionSkipped { seat: cur });
                self.phase = Phase::Play { extra: false };
            }
            (Phase::Predict, Action::Predict(c)) => {
                if let Some(col) = self.col(c) {
                    self.stones[self.round as usize - 1][col] = cur.0;
                    self.stones_left[cur.index()] -= 1;
                    let row = self.round;
                    emit(ev, everyone, || Event::Predicted { seat: cur, creature: c, row });
                }
                self.phase = Phase::Play { extra: false };
            }
            (Phase::Predict, Action::Secret(card)) => {
                self.take_from_hand(cur, card);
                self.secret[cur.index()] = Some(card);
                self.secret_used |= 1 << cur.0;
                self.stones_left[cur.index()] -= 1;
                emit(ev, Audience::Only(SeatSet::only(cur)), || Event::SecretPlaced { seat: cur, card: Some(card) });
                emit(ev, Audience::AllBut(SeatSet::only(cur)), || Event::SecretPlaced { seat: cur, card: None });
                self.enter_discard(ev);
            }
            (Phase::Predict, Action::Reveal) => {
                self.reveal_secret(cur, ev);
                self.phase = Phase::Play { extra: false };
            }
            (Phase::Play { .. }, Action::Play(card)) => {
                self.take_from_hand(cur, card);
                let Some(creature) = card.creature() else { return };
                let Some(col) = self.col(creature) else { return };
                let round = self.round;
                let under = self.stack(round, col).top();
                self.stack_mut(round, col).push(card);
                emit(ev, everyone, || Event::Played { seat: cur, card, column: Some(creature) });
                let on_chameleon = under.is_some_and(Card::is_chameleon);
                if !on_chameleon && self.controls(col, cur) {
                    self.start_power(creature, col, ev);
                } else {
                    self.after_play(ev);
                }
            }
            (Phase::Play { .. }, Action::PlayChameleon(cam, c)) => {
                self.take_from_hand(cur, cam);
                if let Some(col) = self.col(c) {
                    let round = self.round;
                    self.stack_mut(round, col).push(cam);
                }
                emit(ev, everyone, || Event::Played { seat: cur, card: cam, column: Some(c) });
                self.after_play(ev);
            }
            (Phase::Play { .. }, Action::PlayTree(k)) => {
                let Some(card) = self.hand(cur).and(tree_cards(k)).first() else { return };
                self.take_from_hand(cur, card);
                self.put_in_discard(card, true, cur);
                emit(ev, everyone, || Event::Played { seat: cur, card, column: None });
                match k {
                    TreeKind::Ancetre => self.phase = Phase::Ancetre,
                    TreeKind::Dryade => {
                        let mut any = false;
                        self.visible_takes(|c| c.is_creature(), &mut |_| {
                            any = true;
                            false
                        });
                        if any { self.phase = Phase::Dryade } else { self.after_play(ev) }
                    }
                }
            }
            (Phase::Play { .. }, Action::Pass) => {
                let hand = self.hand(cur);
                for k in 0..self.n() {
                    self.known[k][cur.index()] = self.known[k][cur.index()].or(hand);
                }
                emit(ev, everyone, || Event::PassedShowingHand { seat: cur, hand: hand.iter().collect() });
                self.turn.passed = true;
                self.enter_discard(ev);
            }
            (Phase::Discard, Action::Discard(card)) => {
                self.take_from_hand(cur, card);
                let shown = !self.turn.carmen;
                self.put_in_discard(card, shown, cur);
                if shown {
                    emit(ev, everyone, || Event::Discarded { seat: cur, card: Some(card) });
                } else {
                    emit(ev, Audience::Only(SeatSet::only(cur)), || Event::Discarded { seat: cur, card: Some(card) });
                    emit(ev, Audience::AllBut(SeatSet::only(cur)), || Event::Discarded { seat: cur, card: None });
                }
                self.turn.discards += 1;
                self.enter_discard(ev);
            }
            (Phase::Discard, Action::EndDiscard) => self.finish_turn(ev),
            (Phase::Reveals { creature, pending }, Action::Reveal) => {
                if let Some(seat) = self.decider() {
                    self.reveal_secret(seat, ev);
                    let pending = pending & !(1 << seat.0);
                    if pending == 0 {
                        self.after_play(ev);
                    } else {
                        self.phase = Phase::Reveals { creature, pending };
                    }
                }
            }
            (Phase::Ancetre, Action::Name(c)) => {
                emit(ev, everyone, || Event::Named { seat: cur, creature: c });
                let mut pending = 0u8;
                for s in 0..self.n() {
                    if self.secret[s].and_then(Card::creature) == Some(c) {
                        pending |= 1 << s;
                    }
                }
                if pending == 0 {
                    self.after_play(ev);
                } else {
                    self.phase = Phase::Reveals { creature: c, pending };
                }
            }
            (Phase::Dryade, Action::Take(r, c)) => self.take_visible(r, c, ev),
            (Phase::Give { victim, .. }, Action::Give(card)) => {
                self.take_from_hand(victim, card);
                self.give_to_hand(cur, card, false);
                self.known[victim.index()][cur.index()].insert(card);
                let both = SeatSet::only(cur).with(victim);
                emit(ev, Audience::Only(both), || Event::Gave { victim, to: cur, card: Some(card) });
                emit(ev, Audience::AllBut(both), || Event::Gave { victim, to: cur, card: None });
                self.after_play(ev);
            }
            (Phase::Keep { victim, drawn }, Action::Keep(kept)) => {
                let i = drawn.iter().position(|d| d.canonical() == kept).unwrap_or(0);
                for (j, &d) in drawn.iter().enumerate() {
                    if j == i {
                        self.give_to_hand(cur, d, false);
                        self.known[victim.index()][cur.index()].insert(d);
                    } else {
                        self.give_to_hand(victim, d, false);
                        self.known[cur.index()][victim.index()].insert(d);
                    }
                }
                let both = SeatSet::only(cur).with(victim);
                let card = drawn[i];
                emit(ev, Audience::Only(both), || Event::SabotKept { seat: cur, victim, card: Some(card) });
                emit(ev, Audience::AllBut(both), || Event::SabotKept { seat: cur, victim, card: None });
                self.after_play(ev);
            }
            (Phase::Power { creature, column }, a) => self.apply_power(creature, column as usize, a, ev),
            _ => {
                // Not reachable from the legal list; the checked path rejects it before.
                self.moves -= 1;
            }
        }
    }

    /// Reveals `seat`'s secret prediction: its stone goes onto the champion card, the card is discarded.
    pub(crate) fn reveal_secret<S: EventSink<Event>>(&mut self, seat: Seat, ev: &mut S) {
        let Some(card) = self.secret[seat.index()].take() else { return };
        if let Some(col) = card.creature().and_then(|c| self.col(c)) {
            self.revealed[col] |= 1 << seat.0;
        }
        self.put_in_discard(card, true, seat);
        emit(ev, Audience::Everyone, || Event::SecretRevealed { seat, card });
    }

    /// After a card (and its power) is played: phase 3 begins.
    pub(crate) fn after_play<S: EventSink<Event>>(&mut self, ev: &mut S) {
        if !self.over() {
            self.enter_discard(ev);
        }
    }

    /// Phase 3: a decision if there is something to discard, otherwise straight on to phase 4.
    pub(crate) fn enter_discard<S: EventSink<Event>>(&mut self, ev: &mut S) {
        if self.turn.discards < 3 && !self.discardable().is_empty() {
            self.phase = Phase::Discard;
        } else {
            self.finish_turn(ev);
        }
    }

    /// Draws up to `k` cards for `seat`; taking the last card of the pile ends the game at once.
    /// Returns how many were drawn.
    pub(crate) fn draw<S: EventSink<Event>>(&mut self, seat: Seat, k: usize, ev: &mut S) -> usize {
        let mut drawn = [Card(0); HAND_SIZE + 3];
        let mut n = 0;
        while n < k {
            let Some(c) = self.deck.pop() else { break };
            self.hands[seat.index()].insert(c);
            if n < drawn.len() {
                drawn[n] = c;
            }
            n += 1;
        }
        if n > 0 {
            let shown = &drawn[..n.min(drawn.len())];
            emit(ev, Audience::Only(SeatSet::only(seat)), || Event::Drew { seat, cards: shown.to_vec() });
            emit(ev, Audience::AllBut(SeatSet::only(seat)), || Event::DrewCount { seat, count: n as u8 });
        }
        if n > 0 && self.deck.is_empty() {
            self.end_game(EndReason::DeckExhausted, ev);
        }
        n
    }

    /// End of phase 3, phase 4 and phase 5, then the next player's turn.
    fn finish_turn<S: EventSink<Event>>(&mut self, ev: &mut S) {
        let cur = self.current;
        let aside = self.aside[cur.index()];
        let returned = !aside.is_empty();
        if returned {
            self.hands[cur.index()] = self.hands[cur.index()].or(aside);
            self.aside[cur.index()] = CardSet::EMPTY;
            emit(ev, Audience::Everyone, || Event::AsideReturned { seat: cur, count: aside.len() as u8 });
        }
        let need = HAND_SIZE.saturating_sub(self.hand(cur).len());
        let drew = self.draw(cur, need, ev);
        if self.over() {
            return;
        }
        // Ruling E9: revision 1 counted every pass without a draw; from revision 2 a turn that discards
        // or gets set-aside cards back changes a hand, so it is no stall.
        let unchanged = self.options.rules < 2 || (self.turn.discards == 0 && !returned);
        if self.turn.passed && drew == 0 && unchanged {
            self.stall += 1;
            if self.stall as usize >= self.n() {
                self.end_game(EndReason::Stalled, ev);
                return;
            }
        } else {
            self.stall = 0;
        }
        self.check_elimination(ev);
        if self.over() {
            return;
        }
        self.current = cur.next(self.n());
        self.phase = Phase::Predict;
        self.turn = TurnFlags::default();
        let (seat, round) = (self.current, self.round);
        emit(ev, Audience::Everyone, || Event::TurnStarted { seat, round });
    }

    /// Phase 5: if every column of a creature in play holds a card in the current row and exactly one
    /// is the weakest, that creature is eliminated and the round ends.
    fn check_elimination<S: EventSink<Event>>(&mut self, ev: &mut S) {
        let r = self.round;
        let mut min = u8::MAX;
        let mut min_col = 0;
        let mut ties = 0;
        let Some(row) = self.stacks.get(usize::from(r).wrapping_sub(1)) else { return };
        for (col, cell) in row.iter().enumerate() {
            if !self.in_play(col) {
                continue;
            }
            let Some(top) = cell.top() else { return };
            let s = top.half_strength();
            if s < min {
                min = s;
                min_col = col;
                ties = 1;
            } else if s == min {
                ties += 1;
            }
        }
        if ties != 1 {
            return;
        }
        self.eliminated_in[min_col] = r;
        let cards = CardSet::of_creature(self.champions[min_col]);
        self.live_cards = self.live_cards.minus(cards);
        self.dead_cards = self.dead_cards.or(cards);
        let creature = self.champions[min_col];
        emit(ev, Audience::Everyone, || Event::Eliminated { creature, round: r });
        if r as usize == crate::state::ROUNDS {
            self.end_game(EndReason::FiveRounds, ev);
        } else {
            self.round += 1;
        }
    }

    /// Ends the game: every remaining secret prediction is revealed.
    pub(crate) fn end_game<S: EventSink<Event>>(&mut self, reason: EndReason, ev: &mut S) {
        for s in 0..self.n() {
            self.reveal_secret(Seat(s as u8), ev);
        }
        self.phase = Phase::Over(reason);
        if S::ENABLED {
            let scores = self.final_scores();
            ev.emit(Audience::Everyone, Event::GameOver { reason, scores });
        }
    }

    /// Takes the visible card of row `r`, column of `c`, into the current player's hand (everyone sees).
    pub(crate) fn take_visible<S: EventSink<Event>>(&mut self, r: Row, c: Creature, ev: &mut S) {
        let cur = self.current;
        if let Some(col) = self.col(c)
            && let Some(card) = self.stack_mut(r, col).pop()
        {
            self.give_to_hand(cur, card, true);
            emit(ev, Audience::Everyone, || Event::Took { seat: cur, card, row: r, column: c });
        }
        self.after_play(ev);
    }

    /// Calls `f` with `Take(r, c)` for each visible card (rows 1..=current, creature order) that `pred`
    /// accepts, until `f` returns false.
    pub(crate) fn visible_takes(&self, pred: impl Fn(Card) -> bool, f: &mut impl FnMut(Action) -> bool) {
        for r in 1..=self.round {
            for col in self.cols_in_creature_order() {
                if let Some(top) = self.stack(r, col).top()
                    && pred(top)
                    && !f(Action::Take(r, self.champions[col]))
                {
                    return;
                }
            }
        }
    }

    /// Whether a cell of the current row has no stone (for predictions).
    #[inline]
    pub(crate) fn cell_free(&self, r: Row, col: usize) -> bool {
        self.stones[r as usize - 1][col] == NO_STONE
    }
}
