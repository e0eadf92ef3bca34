//! The Prep Phase (EN:576-584): the next field prepared, the next player, and the end of the game.

use super::*;

impl MysticVale {
    /// The game is over.
    pub(crate) fn game_over<S: EventSink<Event>>(&mut self, ev: &mut S) {
        self.phase = Phase::Over;
        if S::ENABLED {
            ev.emit(Audience::Everyone, Event::GameOver);
        }
    }

    /// The Prep Phase: play on-deck cards until 3 or more net decay show.
    pub(super) fn prep<S: EventSink<Event>>(&mut self, ev: &mut S) {
        let i = self.current as usize;
        self.players[i].fx.spoil_growth.growth = 0;
        self.players[i].fx.cancel_decay.until_prep = None;
        self.turn.when_played_used = 0;
        if self.players[i].on_deck.is_none() {
            self.reveal(ev);
        }
        if self.players[i].on_deck.is_none() {
            self.next_player(ev);
        } else {
            self.prep_plays(ev);
        }
    }

    /// The Prep Phase goes on while fewer than 3 net decay show (`net`, just counted).
    pub(super) fn continue_prep<S: EventSink<Event>>(&mut self, net: i32, ev: &mut S) {
        let i = self.current as usize;
        if net >= 3 || self.players[i].on_deck.is_none() {
            self.next_player(ev);
        } else {
            self.prep_plays(ev);
        }
    }

    /// Plays on-deck cards until 3 or more net decay show (the deck has an on-deck card): the Prep
    /// Phase's `play_on_deck` → `check_spoil` → `continue_prep` as a loop for the cards with no "when
    /// played" ability (most), the same steps in the same order; a card with one, or a spoil, goes the
    /// way of the Planting Phase's functions.
    fn prep_plays<S: EventSink<Event>>(&mut self, ev: &mut S) {
        let i = self.current as usize;
        // Within the loop only the cards shown change the net decay: the rest is read once.
        let steady = self.steady_growth(i);
        loop {
            let p = &mut self.players[i];
            let c = match p.on_deck {
                Some(c) if !p.stats[c as usize].acts(Timing::WhenPlayed) => c,
                _ => return self.play_on_deck(true, ev),
            };
            p.on_deck = None;
            p.field.push(c);
            let net = match steady {
                // `reveal` in line where it only turns the deck's top card over (no reshuffle, no event,
                // most cards of a Prep Phase), all on the player's state.
                Some(g) if !S::ENABLED && !p.deck.is_empty() => {
                    p.reveal_top();
                    p.shown_net() - g
                }
                _ => {
                    if S::ENABLED {
                        ev.emit(Audience::Everyone, Event::Played(self.seat(), self.card_ref(i, c)));
                    }
                    self.reveal(ev);
                    steady.map_or_else(|| self.net_decay(i), |g| self.players[i].shown_net() - g)
                }
            };
            debug_assert_eq!(net, self.net_decay(i), "the net decay from the steady growth");
            if net >= 4 {
                return self.check_spoil_at(net, true, ev);
            }
            if net >= 3 || self.players[i].on_deck.is_none() {
                return self.next_player(ev);
            }
        }
    }

    pub(super) fn next_player<S: EventSink<Event>>(&mut self, ev: &mut S) {
        if self.turn.fx.bog_planting.last_prep || self.round_ends_in_prep() {
            // The last Prep Phase of the game is over: Borderwatch Bog's Planting Phases.
            if !self.bog_next(ev) {
                self.game_over(ev);
            }
            return;
        }
        if self.turn.extra_turn {
            // An extra turn: the same player plays again (EN:927-933).
            self.begin_turn(ev);
            return;
        }
        let n = self.n() as u8;
        self.current = (self.current + 1) % n;
        if self.current == self.start {
            self.rounds += 1;
        }
        self.begin_turn(ev);
    }

    /// Rules revision 5 (ruling MV13): the pool ran out during the Prep Phase of the round's last seat,
    /// so the round is over (EN:609 "finish playing the current round").
    fn round_ends_in_prep(&self) -> bool {
        self.second_review()
            && self.ending
            && usize::from(self.current) == (usize::from(self.start) + self.n() - 1) % self.n()
    }

    /// Whether the game is over.
    pub fn over(&self) -> bool {
        matches!(self.phase, Phase::Over)
    }
}
