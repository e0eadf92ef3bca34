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
        use Event::*;
        let sp = |s: &Spirit| s.data().name.clone();
        let cd = |c: &Card| c.data().name.clone();
        match self {
            TurnStarted { seat, round, day } => {
                write!(f, "— {seat}'s turn, round {round}, {}", if *day { "Day (Diurne)" } else { "Night (Nocturne)" })
            }
            Mana { seat, pm } => write!(f, "{seat} now has {pm} PM"),
            Drew { seat, cards } => {
                write!(f, "{seat} draws {}", cards.iter().map(cd).collect::<Vec<_>>().join(", "))
            }
            DrewCount { seat, count } => write!(f, "{seat} draws {count} card(s)"),
            Reshuffled { seat, robot_penalty: false } => {
                write!(f, "{seat}'s pile is empty: the discard pile is shuffled into a new pile (PM card turned over)")
            }
            Reshuffled { seat, robot_penalty: true } => {
                write!(f, "{seat} (Robot) reshuffles its discard pile: its spirits lose 5 PV")
            }
            Attacked { seat, card, spirit, target, power } => {
                let what = card.as_ref().map(cd).or(spirit.as_ref().map(sp)).unwrap_or_default();
                write!(f, "{seat} attacks {} with {what}: power {power}", sp(target))
            }
            Rolled { seat, result } => write!(f, "{seat} rolls the die: {result}"),
            Defended { seat, card, power } => write!(f, "{seat} defends with {}: power {power}", cd(card)),
            NoDefence { seat } => write!(f, "{seat} does not defend"),
            Damaged { spirit, amount, pv } => write!(f, "{} takes {amount} damage ({pv} PV left)", sp(spirit)),
            Healed { spirit, amount, pv } => write!(f, "{} heals {amount} PV ({pv} PV)", sp(spirit)),
            Exhausted { spirit } => write!(f, "{} is exhausted", sp(spirit)),
            Recharged { spirit } => write!(f, "{} is recharged", sp(spirit)),
            Supported { seat, card, target: Some(t) } => write!(f, "{seat} plays {} on {}", cd(card), sp(t)),
            Supported { seat, card, target: None } => write!(f, "{seat} plays {}", cd(card)),
            Attached { card, spirit } => write!(f, "{} is attached to {}", cd(card), sp(spirit)),
            Recycled { seat, card: Some(c) } => write!(f, "{seat} puts {} under the pile and draws", cd(c)),
            Recycled { seat, card: None } => write!(f, "{seat} puts a card under the pile and draws"),
            RobotFlipped { card, usable: true } => write!(f, "the Robot flips {} and plays it", cd(card)),
            RobotFlipped { card, usable: false } => write!(f, "the Robot flips {}: unusable, discarded", cd(card)),
            Removed { card } => write!(f, "{} is removed from the game (Ultime)", cd(card)),
            Destroyed { spirit, bound_to_hand } => {
                write!(f, "{} is destroyed; {bound_to_hand} bound abilit(ies) go to its owner's hand", sp(spirit))
            }
            ZoneReuse { card } => write!(f, "Zone: {} is used again for free", cd(card)),
            GameOver { outcome: Outcome::Destroyed(s) } => write!(f, "game over: {s} destroyed every enemy spirit"),
            GameOver { outcome: Outcome::Exhausted(s) } => {
                write!(f, "game over: {s} wins, the other pile was emptied a second time")
            }
            GameOver { outcome: Outcome::Draw } => write!(f, "game over: draw at the end of round 8"),
        }
    }
}
