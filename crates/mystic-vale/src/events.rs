//! Events: what each action tells the table, as data; their words (and their `Display`, in English) are
//! the catalogs', through the words layer ([`crate::words::event_text`]).

use serde::{Deserialize, Serialize};
use sylvan_engine::Seat;

/// A player's card as the log names it: by what is on it (the leader's title first, then its visible
/// advancements, top to bottom), never by its number alone, which means nothing to the table.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Card {
    /// The owner's card number (`c0..c19`), for programs.
    pub id: u8,
    /// The titles on it (English); none on a blank card.
    pub titles: Vec<String>,
}

impl crate::state::MysticVale {
    /// Player `i`'s card `c` as the log names it.
    pub(crate) fn card_ref(&self, i: usize, c: u8) -> Card {
        let p = &self.players[i];
        let leader = p.leader.filter(|l| l.card == c).map(|l| self.db.leader(l.id).title.clone());
        let advs = p.cards[c as usize].slots.iter().filter(|&&x| x != crate::state::EMPTY);
        Card { id: c, titles: leader.into_iter().chain(advs.map(|&x| self.db.adv(x).title.clone())).collect() }
    }
}

/// Something that happened. Cards are named by what is on them ([`Card`]); advancements and vales are titles.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub enum Event {
    /// A turn begins.
    TurnStart(Seat),
    /// A card went from on-deck to the field.
    Played(Seat, Card),
    /// A new on-deck card was revealed.
    Revealed(Seat, Card),
    /// The discard pile was shuffled into a new deck.
    Reshuffled(Seat),
    /// The player spoiled (in the Prep Phase when true).
    Spoiled(Seat, bool),
    /// A card was discarded by an ability (Deadwood Harvester, Mindful Owl, Peacekeeper Druid, Cleansing
    /// Rain, Calm Weather); `None` when the others may not see which.
    AbilityDiscard(Seat, Option<Card>),
    /// The player looked at the top card of the deck (Calm Weather); the card is told only to the player.
    Peeked(Seat, Option<Card>),
    /// An advancement was bought.
    Bought(Seat, String),
    /// A vale was bought.
    BoughtVale(Seat, String),
    /// An advancement was sleeved on a card.
    Sleeved(Seat, String, Card),
    /// VP tokens gained.
    GainedVp(Seat, u16),
    /// A vale was used.
    UsedVale(Seat, String),
    /// The pool ran out: the round is finished.
    PoolEmpty,
    /// The game is over.
    GameOver,
    /// A unique ability on this card was used (the Vale of the Wild leaders), on the second card when it
    /// chooses one of the player's cards.
    UsedAbility(Seat, Card, Option<Card>),
    /// Rules revision 3: the Harvest abilities of this card whose gain could still change were resolved
    /// now (`use c7`, ruling MV87).
    ResolvedNow(Seat, Card),
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
