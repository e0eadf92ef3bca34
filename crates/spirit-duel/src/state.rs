//! The full state of a game: both sides (spirits, PM, hand, pile, discard), the turn counter and cycle,
//! and where the turn stands ([`Phase`]).

use serde::{Deserialize, Serialize};
use sylvan_engine::{GameRng, Seat};

use crate::cards::{Card, Element, Spirit};
use crate::setup::Options;

/// The last round: at its end, without a winner, the game is drawn.
pub const LAST_ROUND: u8 = 8;
/// Most PM a player may have.
pub const MAX_PM: u8 = 8;
/// PM gained at each preparation and end of turn.
pub const PM_GAIN: u8 = 4;
/// The hand is refilled to this many cards.
pub const HAND_TARGET: u32 = 4;
/// Power gained on a critical, lost on a weakness.
pub const CRIT: i16 = 4;

/// One spirit on the field.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SpiritState {
    /// Which spirit.
    pub id: Spirit,
    /// Its Points de Vie (0 once destroyed).
    pub pv: u8,
    /// Whether it is still on the field.
    pub alive: bool,
    /// Charged (upright) or exhausted.
    pub charged: bool,
    /// Its bound abilities (face down, unseen by everybody), as a card mask.
    pub bound: u32,
    /// Abilities attached to it, as a card mask.
    pub attached: u32,
}

/// One side of the table (a player, or the Robot in solo mode).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Side {
    /// Its two spirits, by ascending id.
    pub spirits: [SpiritState; 2],
    /// Points de Mana.
    pub pm: u8,
    /// The hand (card mask).
    pub hand: u32,
    /// The draw pile, bottom first (the top card is the last).
    pub deck: Vec<Card>,
    /// How many cards at the bottom of the pile the owner knows (placed there by Recyclage).
    pub known_bottom: u8,
    /// The discard pile (card mask; it is public).
    pub discard: u32,
    /// Cards removed from the game (Ultime).
    pub removed: u32,
    /// Whether the pile has already been empty once (the PM card is turned over).
    pub reshuffled: bool,
}

impl Side {
    /// Both spirits destroyed.
    pub fn defeated(&self) -> bool {
        !self.spirits[0].alive && !self.spirits[1].alive
    }

    /// The slot of a spirit of this side.
    pub fn slot_of(&self, s: Spirit) -> Option<usize> {
        self.spirits.iter().position(|x| x.id == s)
    }
}

/// Where an attack comes from.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Source {
    /// An Attaque card.
    Card(Card),
    /// A spirit's own Attack.
    Spirit(Spirit),
}

/// An attack waiting for the defender's answer.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Pending {
    /// What attacks.
    pub source: Source,
    /// The targeted spirit's slot on the defending side.
    pub target: u8,
    /// The attack's power after criticals, weaknesses and effects.
    pub power: i16,
    /// The attack's element (the card's, or the spirit's).
    pub element: Element,
    /// Whether this is the free reuse of a Zone card.
    pub zone_reuse: bool,
}

/// How the game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Outcome {
    /// Every spirit of the other side was destroyed.
    Destroyed(Seat),
    /// The other side's pile was emptied a second time.
    Exhausted(Seat),
    /// The end of round 8 was reached.
    Draw,
}

/// Where the turn stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Phase {
    /// The active player's combat phase.
    Combat,
    /// The defender decides whether to play a Défense.
    Defend(Pending),
    /// The game is over.
    Over(Outcome),
}

/// A game of the spirit duel.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct SpiritDuel {
    /// The options.
    pub(crate) options: Options,
    /// Side 0 is seat p0 (team `options.team`), side 1 seat p1 (the other team; the Robot in solo).
    pub(crate) sides: [Side; 2],
    /// The first player (side).
    pub(crate) first: u8,
    /// The side whose turn it is.
    pub(crate) current: u8,
    /// The turn counter (1..=8).
    pub(crate) round: u8,
    /// The cycle: Day (Diurne) or Night (Nocturne).
    pub(crate) day: bool,
    /// Where the turn stands.
    pub(crate) phase: Phase,
    /// The active player already dealt damage this turn.
    pub(crate) dealt_damage: bool,
    /// The active player already recycled this turn.
    pub(crate) recycled: bool,
    /// Bonus to the active player's die results until the end of the turn (Chance).
    pub(crate) die_bonus: u8,
    /// A Zone card being used (it reaches the discard pile after its reuse).
    pub(crate) in_play: Option<Card>,
    /// Actions applied.
    pub(crate) moves: u32,
    /// The generator of all chance (shuffles, dice).
    pub(crate) rng: GameRng,
}

impl SpiritDuel {
    /// The options.
    pub fn opts(&self) -> &Options {
        &self.options
    }

    /// A side.
    pub fn side(&self, i: usize) -> &Side {
        &self.sides[i]
    }

    /// Where the turn stands.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The turn counter.
    pub fn round(&self) -> u8 {
        self.round
    }

    /// Whether it is a Day (Diurne) turn.
    pub fn is_day(&self) -> bool {
        self.day
    }

    /// The side whose turn it is.
    pub fn current(&self) -> usize {
        self.current as usize
    }

    /// Whether side `i` is played by the game itself (the Robot of the solo mode).
    pub fn is_robot(&self, i: usize) -> bool {
        self.options.solo && i == 1
    }

    /// The seat that decides now, if any.
    pub(crate) fn decider(&self) -> Option<Seat> {
        match self.phase {
            Phase::Combat => Some(Seat(self.current)),
            Phase::Defend(_) => Some(Seat(1 - self.current)),
            Phase::Over(_) => None,
        }
    }
}
