//! What one seat may see, read in place from the state ([`Seen`]): the fields of its [`View`](crate::view::View), one
//! accessor each, without building the view (for observation tensors written straight from the state).
//! Nothing hidden from the seat is reachable through it: the public parts of both sides, the seat's own
//! hand (unless it is the Robot's) and the cards it put at the bottom of its own pile.

use sylvan_engine::Seat;

use crate::cards::Card;
use crate::state::{Phase, SpiritDuel};
use crate::view::SpiritView;

/// One seat's view of a game, read from the state on demand: each accessor returns what the field of
/// the same name of [`View`](crate::view::View) holds.
#[derive(Clone, Copy, Debug)]
pub struct Seen<'a> {
    state: &'a SpiritDuel,
    seat: Seat,
}

/// One side as everybody sees it, read in place ([`crate::view::SideView`]'s fields).
#[derive(Clone, Copy, Debug)]
pub struct SeenSide<'a> {
    side: &'a crate::state::Side,
}

impl SpiritDuel {
    /// What `seat` may see of this game, read in place (the [`View`](crate::view::View) of `seat`, field by field).
    pub fn seen(&self, seat: Seat) -> Seen<'_> {
        Seen { state: self, seat }
    }
}

impl<'a> Seen<'a> {
    /// Whose view.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// Whether the game is the solo mode.
    pub fn solo(&self) -> bool {
        self.state.options.solo
    }

    /// The first player.
    pub fn first(&self) -> Seat {
        Seat(self.state.first)
    }

    /// The side whose turn it is.
    pub fn current(&self) -> Seat {
        Seat(self.state.current)
    }

    /// The turn counter.
    pub fn round(&self) -> u8 {
        self.state.round
    }

    /// Day (Diurne) or Night (Nocturne).
    pub fn day(&self) -> bool {
        self.state.day
    }

    /// Where the turn stands (the pending attack is public).
    pub fn phase(&self) -> Phase {
        self.state.phase
    }

    /// The active player already dealt damage this turn.
    pub fn dealt_damage(&self) -> bool {
        self.state.dealt_damage
    }

    /// The active player already recycled this turn.
    pub fn recycled(&self) -> bool {
        self.state.recycled
    }

    /// Bonus to the active player's die results.
    pub fn die_bonus(&self) -> u8 {
        self.state.die_bonus
    }

    /// The Attaque card being used.
    pub fn in_play(&self) -> Option<Card> {
        self.state.in_play
    }

    /// Actions applied.
    pub fn moves(&self) -> u32 {
        self.state.moves
    }

    /// Side `i` (0 or 1) as everybody sees it.
    pub fn side(&self, i: usize) -> SeenSide<'a> {
        SeenSide { side: &self.state.sides[i.min(1)] }
    }

    /// This seat's hand (card mask), if it may see it (not the Robot's).
    pub fn hand(&self) -> Option<u32> {
        let i = self.seat.index().min(1);
        (!self.state.is_robot(i)).then_some(self.state.sides[i].hand)
    }

    /// The cards at the bottom of this seat's pile that it put there, bottom first.
    pub fn known_bottom(&self) -> &'a [Card] {
        let own = &self.state.sides[self.seat.index().min(1)];
        own.deck.get(..usize::from(own.known_bottom)).unwrap_or(&own.deck)
    }
}

impl SeenSide<'_> {
    /// Spirit `k` (0 or 1) as everybody sees it.
    pub fn spirit(&self, k: usize) -> SpiritView {
        let x = &self.side.spirits[k.min(1)];
        SpiritView {
            id: x.id,
            pv: x.pv,
            alive: x.alive,
            charged: x.charged,
            bound: x.bound.count_ones() as u8,
            attached: x.attached,
        }
    }

    /// PM.
    pub fn pm(&self) -> u8 {
        self.side.pm
    }

    /// Cards in hand.
    pub fn hand_count(&self) -> u8 {
        self.side.hand.count_ones() as u8
    }

    /// Cards in the pile.
    pub fn deck_len(&self) -> u8 {
        self.side.deck.len() as u8
    }

    /// The discard pile (mask).
    pub fn discard(&self) -> u32 {
        self.side.discard
    }

    /// Cards out of the game (mask).
    pub fn removed(&self) -> u32 {
        self.side.removed
    }

    /// The PM card is turned over.
    pub fn reshuffled(&self) -> bool {
        self.side.reshuffled
    }
}
