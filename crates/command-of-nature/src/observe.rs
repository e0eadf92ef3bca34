//! What one seat may see, read in place from the state ([`Seen`]): the fields of its
//! [`View`](crate::view::View), one accessor each, without building the view (for observation tensors
//! written straight from the state). Nothing hidden from the seat is reachable through it: a hand only
//! for the seat itself and its partner, deck and unseen hands only as the unordered cards whose places
//! the seat cannot see, market decks only as their contents.

use sylvan_engine::Seat;

use crate::cards::Card;
use crate::state::{Attack, CommandOfNature, Formation, Phase, Player, Question, Step};

/// One seat's view of a game, read from the state on demand: each accessor returns what the field of
/// the same name of [`View`](crate::view::View) holds (lists of cards in any order where the view sorts
/// them).
#[derive(Clone, Copy, Debug)]
pub struct Seen<'a> {
    state: &'a CommandOfNature,
    seat: Seat,
}

/// One seat as the viewer sees it ([`SeatView`](crate::view::SeatView)'s fields).
#[derive(Clone, Copy, Debug)]
pub struct SeenSeat<'a> {
    player: &'a Player,
    visible: bool,
}

impl CommandOfNature {
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

    /// Whether sides are teams of two.
    pub fn teams(&self) -> bool {
        self.state.options.teams
    }

    /// The turn limit (an option).
    pub fn turn_limit(&self) -> u32 {
        self.state.options.turn_limit
    }

    /// The number of seats.
    pub fn num_seats(&self) -> usize {
        self.state.players.len()
    }

    /// Seat `s` as this seat sees it.
    pub fn seat_view(&self, s: usize) -> Option<SeenSeat<'a>> {
        let me = self.seat.0;
        let player = self.state.players.get(s)?;
        let visible = s == usize::from(me) || s == usize::from(self.state.partner(me));
        Some(SeenSeat { player, visible })
    }

    /// Both formations.
    pub fn formations(&self) -> &'a [Formation; 2] {
        &self.state.formations
    }

    /// Gold per side.
    pub fn gold(&self) -> [u8; 2] {
        self.state.gold
    }

    /// Market faces.
    pub fn market(&self) -> &'a [[Option<Card>; 3]; 2] {
        &self.state.market
    }

    /// Market deck `k`'s contents, in no particular order (their order is hidden).
    pub fn market_deck(&self, k: usize) -> impl Iterator<Item = Card> + 'a {
        self.state.market_decks.get(k).into_iter().flatten().copied()
    }

    /// Side to play.
    pub fn side(&self) -> u8 {
        self.state.side
    }

    /// Acting seat.
    pub fn actor(&self) -> Seat {
        Seat(self.state.actor)
    }

    /// Phase.
    pub fn phase(&self) -> Phase {
        self.state.phase
    }

    /// AP left.
    pub fn ap(&self) -> u8 {
        self.state.ap
    }

    /// Hand-overs this turn.
    pub fn handovers(&self) -> u8 {
        self.state.handovers
    }

    /// Turns played.
    pub fn turns(&self) -> u32 {
        self.state.turns
    }

    /// The attack being resolved.
    pub fn attack(&self) -> Option<Attack> {
        self.state.attack
    }

    /// The question asked now.
    pub fn question(&self) -> Option<Question> {
        self.state.question
    }

    /// Pending work.
    pub fn stack(&self) -> &'a [Step] {
        &self.state.stack
    }

    /// Actions so far.
    pub fn moves(&self) -> u32 {
        self.state.moves
    }

    /// The number of distinct cards of the game's card table.
    pub fn num_cards(&self) -> usize {
        self.state.cards.cards.len()
    }
}

impl<'a> SeenSeat<'a> {
    /// Sage pack index.
    pub fn pack(&self) -> u8 {
        self.player.pack
    }

    /// The hand, in no particular order, when the viewer may see it.
    pub fn hand(&self) -> Option<&'a [Card]> {
        self.visible.then_some(&self.player.hand[..])
    }

    /// Cards in hand.
    pub fn hand_count(&self) -> u8 {
        self.player.hand.len() as u8
    }

    /// Cards in the deck.
    pub fn deck_count(&self) -> u8 {
        self.player.deck.len() as u8
    }

    /// The deck and (if unseen) the hand together, in no particular order: the cards whose places the
    /// viewer cannot see.
    pub fn unseen(&self) -> impl Iterator<Item = Card> + 'a {
        let hand: &'a [Card] = if self.visible { &[] } else { &self.player.hand };
        self.player.deck.iter().chain(hand).copied()
    }

    /// The discard pile, top last.
    pub fn discard(&self) -> &'a [Card] {
        &self.player.discard
    }

    /// Level.
    pub fn level(&self) -> u8 {
        self.player.level
    }

    /// Sage in play.
    pub fn sage_alive(&self) -> bool {
        self.player.sage_alive
    }

    /// Faction action used this turn.
    pub fn faction_used(&self) -> bool {
        self.player.faction_used
    }
}
