//! Events: what each action tells the table.

use std::fmt;

use serde::{Deserialize, Serialize};
use sylvan_engine::Seat;

/// Something that happened. Card numbers are the owner's `c0..c19`; advancements and vales are titles.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub enum Event {
    /// A turn begins.
    TurnStart(Seat),
    /// A card went from on-deck to the field.
    Played(Seat, u8),
    /// A new on-deck card was revealed.
    Revealed(Seat, u8),
    /// The discard pile was shuffled into a new deck.
    Reshuffled(Seat),
    /// The player spoiled (in the Prep Phase when true).
    Spoiled(Seat, bool),
    /// A card was discarded by an ability (Deadwood Harvester, Mindful Owl, Peacekeeper Druid, Cleansing
    /// Rain, Calm Weather); `None` when the others may not see which.
    AbilityDiscard(Seat, Option<u8>),
    /// The player looked at the top card of the deck (Calm Weather); the card is told only to the player.
    Peeked(Seat, Option<u8>),
    /// An advancement was bought.
    Bought(Seat, String),
    /// A vale was bought.
    BoughtVale(Seat, String),
    /// An advancement was sleeved on a card.
    Sleeved(Seat, String, u8),
    /// VP tokens gained.
    GainedVp(Seat, u16),
    /// A vale was used.
    UsedVale(Seat, String),
    /// The pool ran out: the round is finished.
    PoolEmpty,
    /// The game is over.
    GameOver,
    /// A unique ability on card `c` was used with this choice (the Vale of the Wild leaders).
    UsedAbility(Seat, u8, crate::actions::Action),
    /// The setup draft: this leader was taken from the table.
    TookLeader(Seat, String),
    /// The setup draft: this amulet was taken from the table.
    TookAmulet(Seat, String),
    /// At setup, the amulet was traded for a regular mana token.
    TradedAmulet(Seat),
    /// This amulet was Evoked.
    Evoked(Seat, String),
    /// This leader was turned to its upgraded side.
    Upgraded(Seat, String),
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Event::*;
        match self {
            TurnStart(s) => write!(f, "{s}'s turn"),
            Played(s, c) => write!(f, "{s} plays c{c}"),
            Revealed(s, c) => write!(f, "{s} reveals c{c} on-deck"),
            Reshuffled(s) => write!(f, "{s} shuffles the discard pile into a new deck"),
            Spoiled(s, prep) => write!(f, "{s} spoils{}", if *prep { " in the Prep Phase" } else { "" }),
            AbilityDiscard(s, Some(c)) => write!(f, "{s} discards c{c}"),
            AbilityDiscard(s, None) => write!(f, "{s} discards a card"),
            Peeked(s, Some(c)) => write!(f, "{s} looks at the top card: c{c}"),
            Peeked(s, None) => write!(f, "{s} looks at the top card of the deck"),
            Bought(s, t) => write!(f, "{s} buys {t}"),
            BoughtVale(s, t) => write!(f, "{s} buys the vale {t}"),
            Sleeved(s, t, c) => write!(f, "{s} sleeves {t} on c{c}"),
            GainedVp(s, v) => write!(f, "{s} gains {v} VP"),
            UsedVale(s, t) => write!(f, "{s} uses {t}"),
            PoolEmpty => f.write_str("the VP pool is empty: the round is finished"),
            GameOver => f.write_str("the game is over"),
            UsedAbility(s, c, a) => write!(f, "{s} uses the ability of c{c}: {a}"),
            TookLeader(s, t) => write!(f, "{s} takes the leader {t}"),
            TookAmulet(s, t) => write!(f, "{s} takes the amulet {t}"),
            TradedAmulet(s) => write!(f, "{s} trades the amulet for a regular mana token"),
            Evoked(s, t) => write!(f, "{s} evokes {t}"),
            Upgraded(s, t) => write!(f, "{s} turns {t} to the upgraded side"),
        }
    }
}
