//! What happens at the table, for narration. Private facts are emitted to their audience only, with a
//! redacted twin for the others (see [`sylvan_engine::EventSink`]).

use serde::{Deserialize, Serialize};
use sylvan_engine::Seat;

use crate::actions::Row;
use crate::cards::{Card, Creature};

/// Why the game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum EndReason {
    /// The fifth round ended with an elimination.
    FiveRounds,
    /// The last card of the draw pile was taken.
    DeckExhausted,
    /// A whole table turn passed with every player passing and nobody drawing (ruling E9).
    Stalled,
}

impl EndReason {
    /// Every reason.
    pub const ALL: [EndReason; 3] = [EndReason::FiveRounds, EndReason::DeckExhausted, EndReason::Stalled];
}

/// One event. Field names are uniform: `seat` is the acting player, `victim` the player acted upon,
/// `to` the receiving player, `row` a table row (0 = champion row), `column` a creature's column.
#[allow(missing_docs)] // the fields are described by the uniform names above
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub enum Event {
    /// A player's turn begins.
    TurnStarted { seat: Seat, round: u8 },
    /// A normal prediction.
    Predicted { seat: Seat, creature: Creature, row: Row },
    /// A secret prediction; the card is shown to its owner only.
    SecretPlaced { seat: Seat, card: Option<Card> },
    /// A secret prediction is revealed (by choice, by L'Ancêtre, or at the end).
    SecretRevealed { seat: Seat, card: Card },
    /// No prediction this turn.
    PredictionSkipped { seat: Seat },
    /// A card is played in a column (or a tree is played).
    Played { seat: Seat, card: Card, column: Option<Creature> },
    /// A player cannot play and shows the hand.
    PassedShowingHand { seat: Seat, hand: Vec<Card> },
    /// A creature's power is used.
    PowerUsed { seat: Seat, creature: Creature },
    /// A power is declined.
    PowerDeclined { seat: Seat, creature: Creature },
    /// A card discarded from hand; `None` to those who may not see it (Carmen, Lichen).
    Discarded { seat: Seat, card: Option<Card> },
    /// A card from the table or a tree goes to the discard pile.
    CardToDiscard { card: Card },
    /// Cards drawn from the pile; shown to the drawer only.
    Drew { seat: Seat, cards: Vec<Card> },
    /// The redacted twin of `Drew`.
    DrewCount { seat: Seat, count: u8 },
    /// A stone taken back (Lichen).
    StoneRetrieved { seat: Seat, creature: Option<Creature>, row: Option<Row> },
    /// A stone placed by Griso.
    StonePlaced { seat: Seat, creature: Creature, row: Row },
    /// Panache sets cards of `victim` aside face down.
    SetAside { victim: Seat, count: u8 },
    /// Set-aside cards go back to the hand in phase 3.
    AsideReturned { seat: Seat, count: u8 },
    /// Le Duc asks a player.
    Asked { seat: Seat, victim: Seat, creature: Creature },
    /// A card given to Le Duc (private to both; `None` for the others).
    Gave { victim: Seat, to: Seat, card: Option<Card> },
    /// A hand shown privately to one player (`None` for the others).
    HandShown { from: Seat, to: Seat, hand: Option<Vec<Card>> },
    /// Sabot draws three cards from a hand (cards private to both players).
    SabotDrew { seat: Seat, victim: Seat, cards: Option<Vec<Card>> },
    /// Sabot keeps one (private to both players).
    SabotKept { seat: Seat, victim: Seat, card: Option<Card> },
    /// A visible card is taken from the table into a hand.
    Took { seat: Seat, card: Card, row: Row, column: Creature },
    /// Rainette swaps two cards.
    Swapped { column: Creature, rows: (Row, Row) },
    /// Plume de velours discards a visible card.
    Removed { card: Card, column: Creature },
    /// L'Ancêtre names a creature.
    Named { seat: Seat, creature: Creature },
    /// A creature is eliminated.
    Eliminated { creature: Creature, round: u8 },
    /// The game is over.
    GameOver { reason: EndReason, scores: Vec<f64> },
}
