//! The full state of a game: table, hands, piles, and where the turn stands.

use std::fmt;

use serde::{Deserialize, Serialize};
use sylvan_engine::{GameRng, Seat};

use crate::actions::Row;
use crate::cards::{Card, CardSet, Creature};
use crate::events::EndReason;
use crate::setup::Options;

/// The most players.
pub const MAX_PLAYERS: usize = 5;
/// Champions in a game.
pub const COLUMNS: usize = 8;
/// Rounds (and rows of the table).
pub const ROUNDS: usize = 5;
/// Hand size drawn to in phase 4.
pub const HAND_SIZE: usize = 8;
/// Stones per player.
pub const STONES: u8 = 5;
/// The most cards one cell can hold: 11 creature cards and 11 chameleons.
pub const STACK_CAPACITY: usize = 22;
/// Marker for "no stone" in a cell.
pub const NO_STONE: u8 = u8::MAX;
/// Marker for "creature not in this game" in the column table.
pub const NO_COLUMN: u8 = u8::MAX;

/// The cards of one cell (row × column), bottom first; the last is the visible card.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Stack {
    cards: [Card; STACK_CAPACITY],
    len: u8,
}

impl Default for Stack {
    fn default() -> Self {
        Stack { cards: [Card(0); STACK_CAPACITY], len: 0 }
    }
}

impl Stack {
    /// The visible card.
    #[inline]
    pub fn top(&self) -> Option<Card> {
        // One bounds check: an empty cell's index wraps past the end.
        self.cards.get((self.len as usize).wrapping_sub(1)).copied()
    }

    /// The cards, bottom first.
    #[inline]
    pub fn cards(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }

    /// Whether the cell holds no card.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Puts a card on top (returns false if the cell is full, which the rules cannot reach).
    #[inline]
    pub fn push(&mut self, c: Card) -> bool {
        if (self.len as usize) < STACK_CAPACITY {
            self.cards[self.len as usize] = c;
            self.len += 1;
            true
        } else {
            false
        }
    }

    /// Takes the visible card away, revealing the one beneath.
    #[inline]
    pub fn pop(&mut self) -> Option<Card> {
        let c = self.top()?;
        self.len -= 1;
        Some(c)
    }

    /// Replaces the visible card.
    #[inline]
    pub fn set_top(&mut self, c: Card) {
        if self.len > 0 {
            self.cards[self.len as usize - 1] = c;
        }
    }
}

/// A pile of distinct cards in a fixed array (the draw pile, top last), so that cloning or sampling a
/// state never allocates. It holds at most [`Card::COUNT`] cards, every card of the game once; it
/// serializes as the list of its cards, as the `Vec` it replaced did.
#[derive(Clone, Copy)]
pub struct Pile {
    cards: [Card; Card::COUNT],
    len: u8,
}

impl Default for Pile {
    fn default() -> Self {
        Pile { cards: [Card(0); Card::COUNT], len: 0 }
    }
}

impl Pile {
    /// The cards, bottom first.
    #[inline]
    pub fn as_slice(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }

    /// The cards, bottom first, mutable (for shuffling).
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Card] {
        &mut self.cards[..self.len as usize]
    }

    /// How many cards the pile holds.
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the pile is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Puts a card on top (returns false when full, which a pile of distinct cards cannot be).
    #[inline]
    pub fn push(&mut self, c: Card) -> bool {
        match self.cards.get_mut(self.len as usize) {
            Some(slot) => {
                *slot = c;
                self.len += 1;
                true
            }
            None => false,
        }
    }

    /// Takes the top card.
    #[inline]
    pub fn pop(&mut self) -> Option<Card> {
        self.len = self.len.checked_sub(1)?;
        Some(self.cards[self.len as usize])
    }

    /// Takes the card at `i`, moving the top card into its place (as [`Vec::swap_remove`]).
    #[inline]
    pub fn swap_remove(&mut self, i: usize) -> Option<Card> {
        let last = self.len.checked_sub(1)? as usize;
        if i > last {
            return None;
        }
        let c = self.cards[i];
        self.cards[i] = self.cards[last];
        self.len -= 1;
        Some(c)
    }

    /// Reverses the order of the cards.
    pub fn reverse(&mut self) {
        self.as_mut_slice().reverse();
    }
}

/// Two piles are equal when they hold the same cards in the same order (whatever lies past the top).
impl PartialEq for Pile {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for Pile {}

impl FromIterator<Card> for Pile {
    /// The cards in order; cards past [`Card::COUNT`] are dropped (a pile of distinct cards has fewer).
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Self {
        let mut p = Pile::default();
        for c in iter {
            if !p.push(c) {
                break;
            }
        }
        p
    }
}

impl fmt::Debug for Pile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl Serialize for Pile {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.as_slice().serialize(s)
    }
}

impl<'de> Deserialize<'de> for Pile {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let cards = Vec::<Card>::deserialize(d)?;
        if cards.len() > Card::COUNT {
            return Err(serde::de::Error::custom(format!(
                "a pile of {} cards: the game has {} cards",
                cards.len(),
                Card::COUNT
            )));
        }
        Ok(cards.into_iter().collect())
    }
}

/// Where the turn stands: whose decision, and of what kind.
///
/// `Drawn` is what Sabot's three drawn cards are: the cards in the full state, and
/// `Option<[Card; 3]>` in a seat's view ([`ViewPhase`](crate::view::ViewPhase)), `None` for the seats
/// not involved.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Phase<Drawn = [Card; 3]> {
    /// Phase 1 of the current player.
    Predict,
    /// Phase 2 (`extra`: the second card granted by Bicéphale).
    Play {
        /// Whether this is Bicéphale's extra play.
        extra: bool,
    },
    /// The current player decides on a creature's power, triggered by a card played in `column`
    /// (Bolet's column when Bolet borrows the power).
    Power {
        /// The creature whose power is used.
        creature: Creature,
        /// The column of the card that triggered it.
        column: u8,
    },
    /// The Dryade just played: take a visible creature card.
    Dryade,
    /// L'Ancêtre just played: name a creature in play.
    Ancetre,
    /// L'Ancêtre named `creature`: the seats in `pending` reveal, in turn order from the current player.
    Reveals {
        /// The named creature.
        creature: Creature,
        /// Seats still to reveal (bit mask).
        pending: u8,
    },
    /// Le Duc asked `victim` for a card of `creature`, which the victim chooses.
    Give {
        /// The asked player.
        victim: Seat,
        /// The named creature.
        creature: Creature,
    },
    /// Sabot drew three cards from `victim`'s hand; the current player keeps one.
    Keep {
        /// The player drawn from.
        victim: Seat,
        /// The three cards drawn.
        drawn: Drawn,
    },
    /// Phase 3 of the current player.
    Discard,
    /// The game is over.
    Over(EndReason),
}

impl<Drawn> Phase<Drawn> {
    /// The same phase with Sabot's drawn cards replaced by `f(victim, drawn)`.
    pub fn map_drawn<To>(self, f: impl FnOnce(Seat, Drawn) -> To) -> Phase<To> {
        match self {
            Phase::Predict => Phase::Predict,
            Phase::Play { extra } => Phase::Play { extra },
            Phase::Power { creature, column } => Phase::Power { creature, column },
            Phase::Dryade => Phase::Dryade,
            Phase::Ancetre => Phase::Ancetre,
            Phase::Reveals { creature, pending } => Phase::Reveals { creature, pending },
            Phase::Give { victim, creature } => Phase::Give { victim, creature },
            Phase::Keep { victim, drawn } => Phase::Keep { victim, drawn: f(victim, drawn) },
            Phase::Discard => Phase::Discard,
            Phase::Over(r) => Phase::Over(r),
        }
    }
}

/// What has happened so far in the current player's turn.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct TurnFlags {
    /// Bicéphale's power was used (once per turn).
    pub bicephale_used: bool,
    /// Carmen's power is active for phase 3.
    pub carmen: bool,
    /// Cards discarded in phase 3.
    pub discards: u8,
    /// The player passed in phase 2 (for the stall rule E9).
    pub passed: bool,
}

/// A game of Equinox in progress: the full state, hidden cards included.
///
/// Build one with [`Game::new`](sylvan_engine::Game::new) or
/// [`Game::from_setup`](sylvan_engine::Game::from_setup); give bots [`view`](sylvan_engine::Game::view)s.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Equinox {
    pub(crate) options: Options,
    pub(crate) players: u8,
    pub(crate) champions: [Creature; COLUMNS],
    /// Column of each creature, or [`NO_COLUMN`].
    pub(crate) column_of: [u8; Creature::COUNT],
    /// Every card of this game.
    pub(crate) universe: CardSet,
    /// The columns sorted by creature (the order in which actions are listed).
    pub(crate) order: [u8; COLUMNS],
    /// Creature cards of the creatures in play (derived from `eliminated_in`, kept for speed).
    pub(crate) live_cards: CardSet,
    /// Creature cards of eliminated creatures (derived from `eliminated_in`, kept for speed).
    pub(crate) dead_cards: CardSet,
    /// Rows 1..=5 at index 0..5.
    pub(crate) stacks: [[Stack; COLUMNS]; ROUNDS],
    /// The stone (a seat) on each cell, or [`NO_STONE`].
    pub(crate) stones: [[u8; COLUMNS]; ROUNDS],
    /// Revealed secret predictions on each champion card (seat bit mask).
    pub(crate) revealed: [u8; COLUMNS],
    /// Round in which each column's creature was eliminated, 0 while in play.
    pub(crate) eliminated_in: [u8; COLUMNS],
    pub(crate) hands: [CardSet; MAX_PLAYERS],
    /// Cards set aside face down by Panache.
    pub(crate) aside: [CardSet; MAX_PLAYERS],
    /// Each player's unrevealed secret prediction card.
    pub(crate) secret: [Option<Card>; MAX_PLAYERS],
    /// Players who have made their one secret prediction (bit mask).
    pub(crate) secret_used: u8,
    pub(crate) stones_left: [u8; MAX_PLAYERS],
    /// `known[a][b]`: cards `a` knows to be held (in hand or set aside) by `b`.
    pub(crate) known: [[CardSet; MAX_PLAYERS]; MAX_PLAYERS],
    /// The draw pile, top last.
    pub(crate) deck: Pile,
    /// The discard pile (as a set: nobody may look through it).
    pub(crate) discard: CardSet,
    /// Discarded cards everybody saw.
    pub(crate) discard_public: CardSet,
    /// Cards each player discarded without showing them.
    pub(crate) discard_hidden: [CardSet; MAX_PLAYERS],
    pub(crate) round: u8,
    pub(crate) current: Seat,
    pub(crate) phase: Phase,
    pub(crate) turn: TurnFlags,
    /// Consecutive turns in which the player passed and drew nothing; from rules revision 2, also
    /// discarded nothing and got no set-aside card back (ruling E9).
    pub(crate) stall: u8,
    pub(crate) moves: u32,
    pub(crate) rng: GameRng,
}

impl Equinox {
    /// Number of players.
    #[inline]
    pub(crate) fn n(&self) -> usize {
        self.players as usize
    }

    /// The column of a creature, if it is in this game.
    #[inline]
    pub(crate) fn col(&self, c: Creature) -> Option<usize> {
        let col = self.column_of[c.index()];
        (col != NO_COLUMN).then_some(col as usize)
    }

    /// Whether the creature of `col` is still in play.
    #[inline]
    pub(crate) fn in_play(&self, col: usize) -> bool {
        self.eliminated_in[col] == 0
    }

    /// Whether a creature is in this game and still in play.
    #[inline]
    pub(crate) fn creature_in_play(&self, c: Creature) -> bool {
        self.col(c).is_some_and(|col| self.in_play(col))
    }

    /// The columns of the game's creatures in creature order (the order actions are listed in).
    #[inline]
    pub(crate) fn cols_in_creature_order(&self) -> impl Iterator<Item = usize> + '_ {
        self.order.iter().map(|&c| c as usize)
    }

    /// Recomputes the tables derived from the champions and eliminations.
    pub(crate) fn derive_tables(&mut self) {
        let mut order = [0u8; COLUMNS];
        for (i, o) in order.iter_mut().enumerate() {
            *o = i as u8;
        }
        order.sort_unstable_by_key(|&c| self.champions[c as usize]);
        self.order = order;
        self.live_cards = CardSet::EMPTY;
        self.dead_cards = CardSet::EMPTY;
        for col in 0..COLUMNS {
            let cards = CardSet::of_creature(self.champions[col]);
            if self.in_play(col) {
                self.live_cards = self.live_cards.or(cards);
            } else {
                self.dead_cards = self.dead_cards.or(cards);
            }
        }
    }

    /// The cell of row `r` (1..=5) and column `col`.
    #[inline]
    pub(crate) fn stack(&self, r: Row, col: usize) -> &Stack {
        &self.stacks[r as usize - 1][col]
    }

    /// The cell of row `r` (1..=5) and column `col`, mutable.
    #[inline]
    pub(crate) fn stack_mut(&mut self, r: Row, col: usize) -> &mut Stack {
        &mut self.stacks[r as usize - 1][col]
    }

    /// The stone on a cell, if any.
    #[inline]
    pub(crate) fn stone(&self, r: Row, col: usize) -> Option<Seat> {
        let s = self.stones[r as usize - 1][col];
        (s != NO_STONE).then_some(Seat(s))
    }

    /// Whether the game is over.
    #[inline]
    pub(crate) fn over(&self) -> bool {
        matches!(self.phase, Phase::Over(_))
    }

    /// The cards `seat` can use: its hand without the cards Panache set aside (those are kept apart).
    #[inline]
    pub(crate) fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat.index()]
    }

    /// Prestige of a stone on row `r` (0 = champion row): 5, 4, 3, 2, 1, 0.
    #[inline]
    pub(crate) fn row_value(r: Row) -> u32 {
        5 - r as u32
    }

    /// Whether `seat` controls column `col`: its total of prestige placed there (revealed secrets
    /// counting 5, unrevealed ones nothing) is the single highest, and above 0 (on a tie nobody
    /// controls).
    pub(crate) fn controls(&self, col: usize, seat: Seat) -> bool {
        let mut total = [0u8; 8];
        let mut rev = self.revealed[col];
        while rev != 0 {
            total[(rev.trailing_zeros() & 7) as usize] += 5;
            rev &= rev - 1;
        }
        // A cell without a stone (NO_STONE) adds to slot 7, which no seat uses: no branch.
        for (r, row) in self.stones.iter().enumerate() {
            total[usize::from(row[col] & 7)] += 4 - r as u8;
        }
        total[7] = 0;
        let mine = std::mem::take(&mut total[seat.index() & 7]);
        mine > 0 && total.iter().fold(0, |m, &t| m.max(t)) < mine
    }

    /// Removes a card from `seat`'s holdings and forgets it in everyone's knowledge.
    #[inline]
    pub(crate) fn take_from_hand(&mut self, seat: Seat, c: Card) {
        self.hands[seat.index()].remove(c);
        for k in 0..self.n() {
            self.known[k][seat.index()].remove(c);
        }
    }

    /// Adds a card to `seat`'s hand; `public` when everybody saw it arrive.
    #[inline]
    pub(crate) fn give_to_hand(&mut self, seat: Seat, c: Card, public: bool) {
        self.hands[seat.index()].insert(c);
        if public {
            for k in 0..self.n() {
                self.known[k][seat.index()].insert(c);
            }
        }
    }

    /// Puts a card on the discard pile; `shown_to_all` when everybody saw it, otherwise only `owner` knows.
    #[inline]
    pub(crate) fn put_in_discard(&mut self, c: Card, shown_to_all: bool, owner: Seat) {
        self.discard.insert(c);
        if shown_to_all {
            self.discard_public.insert(c);
        } else {
            self.discard_hidden[owner.index()].insert(c);
        }
    }
}
