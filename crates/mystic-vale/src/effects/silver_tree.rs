//! Silver Tree (EN:1448-1454): each time its owner Evokes their token or amulet, they may put their
//! on-deck card or a card of their field into their discard pile (`discard c7`, or `decline`), after
//! the amulet's own effect. A new on-deck card is then revealed at once, as every effect of the game
//! that discards the on-deck card does (ruling MV73). In the Harvest Phase a field card that a purchase
//! needs as its place may not go (ruling MV21).

use sylvan_engine::EventSink;

use super::Module;
use crate::actions::Action;
use crate::cards::{Effect, Timing};
use crate::events::Event;
use crate::state::{MysticVale, Phase};

/// You may discard your on-deck card or a card of your field.
pub const MODULE: Module = Module { ..Module::new("discard-on-evoke", &[Timing::OnEvoke]) };

impl MysticVale {
    /// After an Evoke: Silver Tree's decision waits if the player has a usable one and a card to discard.
    pub(crate) fn silver_tree_on_evoke(&mut self) {
        let p = self.cur();
        if self.turn.usable & Effect::Unique.bit() == 0 || (p.field.is_empty() && p.on_deck.is_none()) {
            return;
        }
        self.turn.fx.discard_on_evoke.waiting = self.usable_vales().iter().any(|&v| {
            let ab = self.db.hot_vale(v).ability;
            ab.timing == Timing::OnEvoke && super::is_unique(ab, &MODULE)
        });
    }

    /// Silver Tree's decision: `decline`, or a field or on-deck card to discard.
    pub(crate) fn legal_silver_tree(&self, out: &mut Vec<Action>) {
        out.push(Action::Decline);
        let p = self.cur();
        let harvest = self.phase == Phase::Harvest;
        let field =
            p.field.iter().fold(0u32, |m, &c| if !harvest || self.purchases_fit_without(c) { m | 1 << c } else { m });
        crate::turn::push_cards(out, field | p.on_deck.map_or(0, |c| 1 << c), Action::Discard);
    }

    /// Applies Silver Tree's decision, then goes on with what the Evoke interrupted.
    pub(crate) fn apply_silver_tree<S: EventSink<Event>>(&mut self, action: Action, ev: &mut S) {
        self.turn.fx.discard_on_evoke.waiting = false;
        let i = self.current as usize;
        if let Action::Discard(c) = action {
            let on_deck = self.players[i].on_deck == Some(c);
            if on_deck {
                self.players[i].discard_on_deck();
            } else {
                self.players[i].discard_from_field(c);
            }
            if S::ENABLED {
                ev.emit(
                    sylvan_engine::Audience::Everyone,
                    Event::AbilityDiscard(
                        sylvan_engine::Seat(self.current),
                        Some(self.card_ref(self.current as usize, c)),
                    ),
                );
            }
            if on_deck {
                self.reveal(ev);
            }
        }
        match self.phase {
            Phase::Planting => self.check_spoil(false, ev),
            Phase::SpoilPrompt { prep } => self.check_spoil(prep, ev),
            Phase::Harvest => {
                self.count_places();
                self.recount();
            }
            Phase::DiscardEvoke => self.enter_discard_after_evoke(ev),
            _ => {}
        }
    }
}

/// What this ability keeps per turn (reset with the turn): one field of [`crate::effects::TurnStates`], held by
/// [`crate::state::Turn`] (serialized under the keys the state always had).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct TurnState {
    /// The discard waits for its decision after an Evoke (Silver Tree, EN:1448-1454).
    #[serde(rename = "silver_tree")]
    pub waiting: bool,
}
