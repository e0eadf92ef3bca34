//! What happens at the table, for narration: every decision publicly, hands privately to their owner
//! and partner (with the count to everyone else), and the end of the game.

use std::fmt;

use serde::{Deserialize, Serialize};
use sylvan_engine::Seat;

use crate::actions::Action;
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
    /// The game is over.
    GameOver {
        /// The winning side (0: seats 0 and 2; 1: seats 1 and 3), or `None` for a draw.
        winning_side: Option<u8>,
    },
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Acted { seat, action } => write!(f, "{seat}: {action}"),
            Event::Hand { seat, cards } => {
                let names: Vec<&str> = cards.iter().map(|c| c.name()).collect();
                write!(f, "{seat}'s hand: {}", names.join(", "))
            }
            Event::HandCount { seat, count } => write!(f, "{seat} holds {count} card(s)"),
            Event::GameOver { winning_side: Some(s) } => write!(f, "game over: side {s} wins"),
            Event::GameOver { winning_side: None } => write!(f, "game over: draw (turn limit)"),
        }
    }
}
