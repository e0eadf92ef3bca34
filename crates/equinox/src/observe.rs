//! What one seat may see, read in place from the state ([`Seen`]): the fields of its
//! [`View`](crate::view::View), one accessor each, without building the view (for observation tensors
//! written straight from the state). Nothing hidden from the seat is reachable through it: the table,
//! the counts of every seat, the seat's own hand, set-aside cards, secret and hidden discards, the
//! cards it knows others to hold, and Sabot's drawn cards only for the current player and the victim.

use sylvan_engine::{Seat, SeatSet};

use crate::cards::{Card, CardSet, Creature};
use crate::state::{COLUMNS, Equinox, NO_STONE, ROUNDS, Stack, TurnFlags};
use crate::view::ViewPhase;

/// One seat's view of a game, read from the state on demand: each accessor returns what the field of
/// the same name of [`View`](crate::view::View) holds (per-seat fields take the seat, `None`-free: 0 or
/// empty past the players).
#[derive(Clone, Copy, Debug)]
pub struct Seen<'a> {
    state: &'a Equinox,
    seat: Seat,
}

impl Equinox {
    /// What `seat` may see of this game, read in place.
    pub fn seen(&self, seat: Seat) -> Seen<'_> {
        Seen { state: self, seat }
    }
}

impl<'a> Seen<'a> {
    /// Whose view.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The number of players (the option).
    pub fn players(&self) -> usize {
        self.state.options.players
    }

    /// The 8 champions in column order.
    pub fn champions(&self) -> &'a [Creature; COLUMNS] {
        &self.state.champions
    }

    /// Every card of the game.
    pub fn universe(&self) -> CardSet {
        self.state.universe
    }

    /// The table: rows 1..=5 at index 0..5.
    pub fn stacks(&self) -> &'a [[Stack; COLUMNS]; ROUNDS] {
        &self.state.stacks
    }

    /// The stone on table cell (`row`, `column`), by its seat.
    pub fn stone(&self, row: usize, column: usize) -> Option<Seat> {
        let s = self.state.stones[row][column];
        (s != NO_STONE).then_some(Seat(s))
    }

    /// The stone on each table cell, row by row (index `row * COLUMNS + column`), by its seat.
    pub fn stone_cells(&self) -> impl Iterator<Item = Option<Seat>> + 'a {
        self.state.stones.iter().flatten().map(|&s| (s != NO_STONE).then_some(Seat(s)))
    }

    /// The seats whose secret prediction is revealed on column `column`'s champion.
    pub fn revealed(&self, column: usize) -> SeatSet {
        SeatSet(u32::from(self.state.revealed[column]))
    }

    /// Round of elimination of column `column`'s creature (`None`: in play).
    pub fn eliminated_in(&self, column: usize) -> Option<u8> {
        let r = self.state.eliminated_in[column];
        (r != 0).then_some(r)
    }

    /// The current round.
    pub fn round(&self) -> u8 {
        self.state.round
    }

    /// The player whose turn it is.
    pub fn current(&self) -> Seat {
        self.state.current
    }

    /// Where the turn stands (Sabot's drawn cards only for the current player and the victim).
    pub fn phase(&self) -> ViewPhase {
        let (seat, current) = (self.seat, self.state.current);
        self.state.phase.map_drawn(|victim, drawn| (seat == current || seat == victim).then_some(drawn))
    }

    /// This seat's hand.
    pub fn hand(&self) -> CardSet {
        self.state.hands.get(self.seat.index()).copied().unwrap_or(CardSet::EMPTY)
    }

    /// This seat's cards set aside by Panache.
    pub fn aside(&self) -> CardSet {
        self.state.aside.get(self.seat.index()).copied().unwrap_or(CardSet::EMPTY)
    }

    /// This seat's unrevealed secret prediction card.
    pub fn secret(&self) -> Option<Card> {
        self.state.secret.get(self.seat.index()).copied().flatten()
    }

    /// Whether `s` is a seat of this game.
    fn playing(&self, s: usize) -> bool {
        s < self.state.n()
    }

    /// The hand size of seat `s`.
    pub fn hand_count(&self, s: usize) -> u8 {
        if self.playing(s) { self.state.hands[s].len() as u8 } else { 0 }
    }

    /// The set-aside count of seat `s`.
    pub fn aside_count(&self, s: usize) -> u8 {
        if self.playing(s) { self.state.aside[s].len() as u8 } else { 0 }
    }

    /// Whether seat `s` holds an unrevealed secret prediction.
    pub fn has_secret(&self, s: usize) -> bool {
        self.playing(s) && self.state.secret[s].is_some()
    }

    /// Whether seat `s` made its secret prediction.
    pub fn secret_used(&self, s: usize) -> bool {
        s < 8 && self.state.secret_used & (1 << s) != 0
    }

    /// The stones in seat `s`'s supply.
    pub fn stones_left(&self, s: usize) -> u8 {
        self.state.stones_left.get(s).copied().unwrap_or(0)
    }

    /// The cards this seat knows seat `s` to hold (empty for itself).
    pub fn known(&self, s: usize) -> CardSet {
        let me = self.seat.index();
        if s == me {
            return CardSet::EMPTY;
        }
        self.state.known.get(me).and_then(|k| k.get(s)).copied().unwrap_or(CardSet::EMPTY)
    }

    /// Cards left in the draw pile.
    pub fn deck_len(&self) -> u8 {
        self.state.deck.len() as u8
    }

    /// Discarded cards everybody saw.
    pub fn discard_public(&self) -> CardSet {
        self.state.discard_public
    }

    /// Cards this seat discarded without showing them.
    pub fn my_hidden_discard(&self) -> CardSet {
        self.state.discard_hidden.get(self.seat.index()).copied().unwrap_or(CardSet::EMPTY)
    }

    /// How many cards seat `s` discarded without showing them.
    pub fn hidden_discard_count(&self, s: usize) -> u8 {
        if self.playing(s) { self.state.discard_hidden[s].len() as u8 } else { 0 }
    }

    /// What has happened in the current player's turn.
    pub fn turn(&self) -> TurnFlags {
        self.state.turn
    }

    /// Consecutive passing turns that changed nothing (ruling E9: no draw; from rules revision 2, no discard
    /// and no set-aside card back either).
    pub fn stall(&self) -> u8 {
        self.state.stall
    }

    /// Actions applied so far.
    pub fn moves(&self) -> u32 {
        self.state.moves
    }
}
