//! What one seat may see, read in place from the state ([`Seen`]): the fields of its
//! [`View`](crate::view::View) that observation tensors read, one accessor each, without building the
//! view (which also computes every player's card statistics and the spoil odds). Nothing hidden from
//! the seat is reachable through it: every player's sleeved cards, field, on-deck card and counts are
//! public; a discard pile, a leader offer and the top card of the deck (Calm Weather) only for their
//! own seat (the top card only while it is the current player); a leader's identity only for its owner
//! or once public.

use sylvan_engine::Seat;

use crate::cards::DbRef;
use crate::draft::DraftTable;
use crate::setup::Options;
use crate::state::{EMPTY, MysticVale, Phase, Player, Sleeve, Turn};

/// One seat's view of a game, read from the state on demand: each accessor returns what the field of
/// the same name of [`View`](crate::view::View) holds.
#[derive(Clone, Copy, Debug)]
pub struct Seen<'a> {
    state: &'a MysticVale,
    seat: Seat,
}

/// One player as the viewer sees it ([`PlayerView`](crate::view::PlayerView)'s fields).
#[derive(Clone, Copy, Debug)]
pub struct SeenPlayer<'a> {
    player: &'a Player,
    own: bool,
}

/// A leader card as the viewer sees it ([`LeaderView`](crate::view::LeaderView)'s fields).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeenLeader {
    /// The leader, when the viewer may know it.
    pub id: Option<u8>,
    /// On its upgraded side.
    pub upgraded: bool,
    /// Played at least once: every seat knows it.
    pub public: bool,
}

impl MysticVale {
    /// What `seat` may see of this game, read in place.
    pub fn seen(&self, seat: Seat) -> Seen<'_> {
        Seen { state: self, seat }
    }
}

fn face(x: u8) -> Option<u8> {
    (x != EMPTY).then_some(x)
}

impl<'a> Seen<'a> {
    /// Whose view.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The options.
    pub fn options(&self) -> &'a Options {
        &self.state.options
    }

    /// The card database.
    pub fn db(&self) -> &'a DbRef {
        &self.state.db
    }

    /// The number of players.
    pub fn num_players(&self) -> usize {
        self.state.players.len()
    }

    /// Player `i` as this seat sees it.
    pub fn player(&self, i: usize) -> Option<SeenPlayer<'a>> {
        let player = self.state.players.get(i)?;
        Some(SeenPlayer { player, own: i == self.seat.index() })
    }

    /// The starting player.
    pub fn start(&self) -> u8 {
        self.state.start
    }

    /// The player whose turn it is.
    pub fn current(&self) -> u8 {
        self.state.current
    }

    /// Where the turn stands.
    pub fn phase(&self) -> Phase {
        self.state.phase
    }

    /// The commons face at level `level`, position `k`.
    pub fn commons(&self, level: usize, k: usize) -> Option<u8> {
        face(self.state.commons[level][k])
    }

    /// Copies stacked under each commons face.
    pub fn commons_stack(&self) -> &'a [[u8; 3]; 3] {
        &self.state.commons_stack
    }

    /// Cards left in advancement deck `level`.
    pub fn adv_deck_count(&self, level: usize) -> u8 {
        self.state.adv_decks[level].len() as u8
    }

    /// Fertile soil left per slot.
    pub fn soil(&self) -> [u8; 3] {
        self.state.soil
    }

    /// The vale row face at level `level`, position `k`.
    pub fn vale_row(&self, level: usize, k: usize) -> Option<u8> {
        face(self.state.vale_row[level][k])
    }

    /// Cards left in vale deck `level`.
    pub fn vale_deck_count(&self, level: usize) -> u8 {
        self.state.vale_decks[level].len() as u8
    }

    /// Vales out of the game.
    pub fn removed_vales(&self) -> &'a [u8] {
        &self.state.removed_vales
    }

    /// The VP pool.
    pub fn pool(&self) -> u16 {
        self.state.pool
    }

    /// The game ends at the end of this round.
    pub fn ending(&self) -> bool {
        self.state.ending
    }

    /// The current turn.
    pub fn turn(&self) -> &'a Turn {
        &self.state.turn
    }

    /// The top card of this seat's deck, seen through Calm Weather (only while it is its turn).
    pub fn peek(&self) -> Option<u8> {
        if self.seat.0 == self.state.current { self.state.peek } else { None }
    }

    /// The draft table.
    pub fn draft(&self) -> Option<&'a DraftTable> {
        self.state.draft.as_ref()
    }

    /// The six conclaves the decks were built from.
    pub fn conclaves(&self) -> Option<[u8; crate::conclaves::PICK]> {
        self.state.conclaves
    }

    /// Rounds played.
    pub fn rounds(&self) -> u16 {
        self.state.rounds
    }

    /// Actions so far.
    pub fn moves(&self) -> u32 {
        self.state.moves
    }
}

impl<'a> SeenPlayer<'a> {
    /// The sleeves of the player's cards, by card number (public).
    pub fn cards(&self) -> &'a [Sleeve] {
        &self.player.cards
    }

    /// Cards in the deck.
    pub fn deck_count(&self) -> u8 {
        self.player.deck.len() as u8
    }

    /// The on-deck card.
    pub fn on_deck(&self) -> Option<u8> {
        self.player.on_deck
    }

    /// The field.
    pub fn field(&self) -> &'a [u8] {
        &self.player.field
    }

    /// The discard pile, for its owner only.
    pub fn discard(&self) -> Option<&'a [u8]> {
        self.own.then_some(&self.player.discard[..])
    }

    /// Cards in the discard pile.
    pub fn discard_count(&self) -> u8 {
        self.player.discard.len() as u8
    }

    /// The mana token is active.
    pub fn token_active(&self) -> bool {
        self.player.token_active
    }

    /// VP tokens.
    pub fn vp(&self) -> u16 {
        self.player.vp
    }

    /// Vales owned.
    pub fn vales(&self) -> &'a [u8] {
        &self.player.vales
    }

    /// Skips its next turn.
    pub fn skip_next(&self) -> bool {
        self.player.skip_next
    }

    /// The leader card, its identity only when the viewer may know it.
    pub fn leader(&self) -> Option<SeenLeader> {
        let p = self.player;
        p.leader.map(|l| SeenLeader {
            id: (p.leader_offer.is_none() && (self.own || l.public)).then_some(l.id),
            upgraded: l.upgraded,
            public: l.public,
        })
    }

    /// The leaders offered to choose from, for the owner only.
    pub fn leader_offer(&self) -> Option<[u8; 2]> {
        if self.own { self.player.leader_offer } else { None }
    }

    /// Arbor growth.
    pub fn arbor_growth(&self) -> u8 {
        self.player.fx.spoil_growth.growth
    }

    /// Whether the player has a conclave card.
    pub fn has_conclave(&self) -> bool {
        self.player.fx.plus_guardian.first.is_some()
    }

    /// A druid was used this turn.
    pub fn druid_used(&self) -> bool {
        self.player.fx.spoil_discard.used != 0
    }

    /// The amulet.
    pub fn amulet(&self) -> Option<u8> {
        self.player.amulet
    }

    /// Mana waiting to be gained.
    pub fn pending_mana(&self) -> u8 {
        self.player.pending_mana
    }

    /// Borderwatch Bog's result.
    pub fn bog(&self) -> Option<u8> {
        self.player.fx.bog_planting.placed
    }

    /// Old Bakarab's workshop.
    pub fn workshop(&self) -> &'a [u8] {
        &self.player.fx.workshop.pile
    }
}
