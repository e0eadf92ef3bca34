//! What happens at the table, for narration: every decision publicly, hands privately to their owner
//! and partner (with the count to everyone else), and what the decisions cause on the public table
//! (damage and what reduced it, defeats, levels, champions and faction actions, refills, the markets,
//! fallen Sages, the end of the game). Only hand contents are private (ruling C21): every other event is
//! for everyone.

use std::fmt;

use serde::{Deserialize, Serialize};
use sylvan_engine::Seat;

use crate::actions::{Action, Slot};
use crate::cards::Card;

/// One event.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub enum Event {
    /// A seat took a decision (public: every action of this game is made in the open, instants included).
    Acted {
        /// Who.
        seat: Seat,
        /// What.
        action: Action,
    },
    /// A hand changed: its new content (to the seat and its partner).
    Hand {
        /// Whose hand.
        seat: Seat,
        /// The cards, sorted.
        cards: Vec<Card>,
    },
    /// The redacted twin of `Hand`: how many cards.
    HandCount {
        /// Whose hand.
        seat: Seat,
        /// How many cards.
        count: u8,
    },
    /// An instant cut the damage of the attack being resolved.
    Cut {
        /// Who played it.
        seat: Seat,
        /// The instant.
        card: Card,
        /// Damage it cuts (per target).
        amount: u8,
    },
    /// Damage reached an elemental: `amount` before shields, `shielded` absorbed by its shields (which then
    /// all leave it), `dealt` counters added.
    Damaged {
        /// The side of the damaged elemental.
        side: u8,
        /// Its slot.
        slot: Slot,
        /// The elemental.
        card: Card,
        /// The damage before shields (after boosts, instants and other cuts).
        amount: u16,
        /// Damage absorbed by shields.
        shielded: u16,
        /// Damage counters put on it.
        dealt: u16,
        /// The seat whose attack, command, effect or faction action dealt it.
        by: Seat,
        /// Whether it is an attack's damage.
        attack: bool,
    },
    /// An elemental was defeated and leaves the game.
    Defeated {
        /// Its side.
        side: u8,
        /// The slot it stood in.
        slot: Slot,
        /// The elemental.
        card: Card,
        /// The seat that defeated it.
        by: Seat,
    },
    /// A Sage fell (its seat neither levels nor uses faction actions any more).
    SageFallen {
        /// The Sage's seat.
        seat: Seat,
    },
    /// A seat's level rose.
    LevelUp {
        /// Who.
        seat: Seat,
        /// The new level.
        level: u8,
    },
    /// A level threshold moved the champion to the top of the discard pile.
    ChampionToDiscard {
        /// Whose.
        seat: Seat,
        /// The champion.
        card: Card,
    },
    /// A level threshold unlocked a faction action.
    FactionUnlocked {
        /// Whose.
        seat: Seat,
        /// The action's level (4, 6 or 8).
        level: u8,
    },
    /// An elemental moved forward to fill an emptied front slot.
    Refilled {
        /// The side.
        side: u8,
        /// From.
        from: Slot,
        /// To.
        to: Slot,
        /// The elemental.
        card: Card,
    },
    /// A card was bought (to the discard pile, or `placed` into the formation for 2 more gold).
    Bought {
        /// Who.
        seat: Seat,
        /// The card.
        card: Card,
        /// Gold paid.
        gold: u8,
        /// Placed into the formation.
        placed: bool,
    },
    /// A card was sold from hand (it leaves the game).
    Sold {
        /// Who.
        seat: Seat,
        /// The card.
        card: Card,
        /// Gold gained (after the cap).
        gold: u8,
    },
    /// A market was refreshed for 1 gold (its faces went under its deck).
    Refreshed {
        /// Who.
        seat: Seat,
        /// 0: elementals, 1: commands.
        market: u8,
    },
    /// A market face was turned up (after a buy or a refresh); `None` when the market deck ran out.
    MarketFace {
        /// 0: elementals, 1: commands.
        market: u8,
        /// The face (0..3).
        index: u8,
        /// The card.
        card: Option<Card>,
    },
    /// The game is over.
    GameOver {
        /// The winning side (0: seats 0 and 2; 1: seats 1 and 3), or `None` for a draw.
        winning_side: Option<u8>,
    },
}

/// Emits a public event when the sink records events (the event is built only then).
#[inline]
pub(crate) fn public<S: sylvan_engine::EventSink<Event>>(ev: &mut S, e: impl FnOnce() -> Event) {
    if S::ENABLED {
        ev.emit(sylvan_engine::Audience::Everyone, e());
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::words::event_text(self, sylvan_engine::Locale::En))
    }
}
