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
use crate::heuristic::Outlook;
use crate::state::{MysticVale, Phase};
use crate::view::View;

/// You may discard your on-deck card or a card of your field.
pub const MODULE: Module = Module {
    decide: Some(decide),
    view_note: Some(|view| view.turn.fx.discard_on_evoke.waiting.then_some("view-silver-tree")),
    ..Module::new("discard-on-evoke", &[Timing::OnEvoke])
};

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

/// The default bot, while the discard waits after an Evoke.
fn decide(view: &View, legal: &[Action], _out: Outlook) -> Option<Action> {
    view.turn.fx.discard_on_evoke.waiting.then(|| pick(view, legal))
}

/// The on-deck card when its decay outweighs its growth; about to spoil,
/// the card whose decay stops the spoil (the one with the most); else nothing.
fn pick(view: &View, legal: &[Action]) -> Action {
    let db = &*view.db;
    let me = view.seat.index();
    let p = &view.players[me];
    let net = |c: u8| {
        let s = p.cards[c as usize];
        i32::from(s.decay(db)) - i32::from(s.growth(db, 0))
    };
    if let Some(c) = p.on_deck
        && net(c) > 0
        && legal.contains(&Action::Discard(c))
    {
        return Action::Discard(c);
    }
    if matches!(view.phase, Phase::SpoilPrompt { .. }) {
        let (d, g) = view.decay_growth(me);
        let best = legal
            .iter()
            .copied()
            .filter_map(|a| match a {
                Action::Discard(c) if d - g - net(c) < 4 => Some((net(c), a)),
                _ => None,
            })
            .max_by_key(|x| x.0);
        if let Some((_, a)) = best {
            return a;
        }
    }
    Action::Decline
}

crate::effects::cleared_each_turn!(TurnState);
