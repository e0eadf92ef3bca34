//! What happens at the table, for narration. Private facts (cards drawn, the recycled card) go to their
//! owner only, with a redacted twin for the others; the Robot's face-down hand is seen by nobody.

use std::fmt;

use serde::{Deserialize, Serialize};
use sylvan_engine::Seat;

use crate::cards::{Card, Spirit};
use crate::state::Outcome;

/// One event. `seat` is the acting side (p1 is the Robot in solo mode).
#[allow(missing_docs)] // fields are named uniformly: seat, card, spirit, target, power, pv
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub enum Event {
    /// A turn begins.
    TurnStarted { seat: Seat, round: u8, day: bool },
    /// PM gained (or refilled by the Robot), with the new total.
    Mana { seat: Seat, pm: u8 },
    /// Cards drawn (the owner's view).
    Drew { seat: Seat, cards: Vec<Card> },
    /// Cards drawn (what the others see).
    DrewCount { seat: Seat, count: u8 },
    /// The discard pile becomes the new pile (the Robot's spirits lose 5 PV each on it).
    Reshuffled { seat: Seat, robot_penalty: bool },
    /// An attack: its source (card or spirit), target and power after criticals and effects.
    Attacked { seat: Seat, card: Option<Card>, spirit: Option<Spirit>, target: Spirit, power: i16 },
    /// A die roll (the result after Chance).
    Rolled { seat: Seat, result: u8 },
    /// A Défense card and its power.
    Defended { seat: Seat, card: Card, power: i16 },
    /// No defence.
    NoDefence { seat: Seat },
    /// Damage taken.
    Damaged { spirit: Spirit, amount: u8, pv: u8 },
    /// PV healed.
    Healed { spirit: Spirit, amount: u8, pv: u8 },
    /// A spirit is exhausted.
    Exhausted { spirit: Spirit },
    /// A spirit is recharged by an effect.
    Recharged { spirit: Spirit },
    /// A Soutien card played (with its target).
    Supported { seat: Seat, card: Card, target: Option<Spirit> },
    /// A card attached to a spirit.
    Attached { card: Card, spirit: Spirit },
    /// Recyclage: the card is shown to its owner only.
    Recycled { seat: Seat, card: Option<Card> },
    /// The Robot flips a card of its hand: played, or discarded as unusable.
    RobotFlipped { card: Card, usable: bool },
    /// A card removed from the game (Ultime).
    Removed { card: Card },
    /// A spirit is destroyed; its bound abilities go to its owner's hand (`count` of them).
    Destroyed { spirit: Spirit, bound_to_hand: u8 },
    /// The Zone card is reused for free.
    ZoneReuse { card: Card },
    /// The game is over.
    GameOver { outcome: Outcome },
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::words::event_text(self, sylvan_engine::Locale::En))
    }
}
