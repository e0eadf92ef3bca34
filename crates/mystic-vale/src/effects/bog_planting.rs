//! Borderwatch Bog (EN:1264-1276): when the last turn is over, each owner (in seat order from the
//! starting player) plays one more Planting Phase (`Phase::Bog`: `push` or `pass`), after a Prep Phase
//! if their last turn did not end with one. Only the field's size matters: "when played" and every other
//! ability are ignored, and so are the "instead of spoiling" options (ruling MV74). The vale is worth its
//! printed -8 plus the number of field cards if that Planting Phase ends without a Spoil, plus 0 if it
//! Spoils; a Spoil in the last Prep Phase counts as one.

use sylvan_engine::{Audience, EventSink};

use super::Module;
use crate::actions::Action;
use crate::cards::CardDb;
use crate::cards::{Effect, Timing};
use crate::events::Event;
use crate::harvest::Table;
use crate::heuristic::Outlook;
use crate::state::{MysticVale, NUM_CARDS, Phase, Sleeve};
use crate::view::View;

/// After the game, one more Planting Phase: +1 VP per card in your field if you do not spoil.
pub const MODULE: Module = Module {
    end_points: Some(end_points),
    decide: Some(decide),
    end_worth: Some(cards_placed),
    view_note: Some(|view| (view.phase == Phase::Bog).then_some("view-bog")),
    end_note: Some(|game, seat| game.players[seat].fx.bog_planting.placed.map(|n| ("bog-note", n))),
    ..Module::new("bog-planting", &[Timing::EndOfGame])
};

fn end_points(t: &dyn Table, seat: usize, _amount: u8) -> i32 {
    t.bog(seat).map_or(0, i32::from)
}

impl MysticVale {
    /// Whether player `i` owns a Borderwatch Bog.
    pub(crate) fn owns_bog(&self, i: usize) -> bool {
        self.players[i].vales.iter().any(|&v| {
            let ab = self.db.hot_vale(v).ability;
            ab.timing == Timing::EndOfGame && super::is_unique(ab, &MODULE)
        })
    }

    /// The next owner whose extra Planting Phase is still to play, in seat order from the starting
    /// player: makes it the active player in [`Phase::Bog`] and returns `true`; `false` when none is left.
    pub(crate) fn bog_next<S: EventSink<Event>>(&mut self, ev: &mut S) -> bool {
        let n = self.n();
        for k in 0..n {
            let i = (usize::from(self.start) + k) % n;
            if self.players[i].fx.bog_planting.placed.is_some() || !self.owns_bog(i) {
                continue;
            }
            self.current = i as u8;
            if self.players[i].skip_next {
                // Spoiled in the last Prep Phase: that Planting Phase would be skipped (EN:580).
                self.bog_over(i, 0, ev);
                continue;
            }
            if self.bog_spoils(i) {
                self.bog_over(i, 0, ev);
                continue;
            }
            self.phase = Phase::Bog;
            return true;
        }
        false
    }

    /// 4 or more net decay showing, and the on-deck card does not cancel it (Unicorn).
    fn bog_spoils(&self, i: usize) -> bool {
        self.net_decay(i) >= 4 && !self.on_deck_has(Timing::WouldSpoil, Effect::CancelSpoil)
    }

    fn bog_over<S: EventSink<Event>>(&mut self, i: usize, cards: u8, ev: &mut S) {
        self.players[i].fx.bog_planting.placed = Some(cards);
        if S::ENABLED {
            ev.emit(Audience::Everyone, Event::GainedVp(sylvan_engine::Seat(i as u8), u16::from(cards)));
        }
    }

    /// `push` or `pass` in the extra Planting Phase; when it ends, the next owner's, or the game ends.
    pub(crate) fn apply_bog<S: EventSink<Event>>(&mut self, action: Action, ev: &mut S) {
        let i = self.current as usize;
        let over = match action {
            Action::Push => {
                let p = &mut self.players[i];
                if let Some(c) = p.on_deck.take() {
                    p.field.push(c);
                    if S::ENABLED {
                        ev.emit(Audience::Everyone, Event::Played(sylvan_engine::Seat(i as u8), self.card_ref(i, c)));
                    }
                }
                self.reveal(ev);
                if self.bog_spoils(i) {
                    if S::ENABLED {
                        ev.emit(Audience::Everyone, Event::Spoiled(sylvan_engine::Seat(i as u8), false));
                    }
                    Some(0)
                } else {
                    None
                }
            }
            _ => Some(self.players[i].field.len().min(usize::from(u8::MAX)) as u8),
        };
        if let Some(cards) = over {
            self.bog_over(i, cards, ev);
            if !self.bog_next(ev) {
                self.game_over(ev);
            }
        }
    }
}

/// What this ability keeps per player: one field of [`crate::effects::PlayerStates`], held by
/// [`crate::state::Player`] (serialized under the keys the state always had).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct PlayerState {
    /// The extra Planting Phase after the game: cards placed without spoiling (0 after a Spoil), once it is over (EN:1264-1276, ruling MV74).
    #[serde(rename = "bog")]
    pub placed: Option<u8>,
}

/// What this ability keeps per turn (reset with the turn): one field of [`crate::effects::TurnStates`], held by
/// [`crate::state::Turn`] (serialized under the keys the state always had).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct TurnState {
    /// The last Prep Phase of the game, played before the extra Planting Phase (ruling MV74).
    pub last_prep: bool,
}

/// The default bot in the extra Planting Phase: one more card against losing every card counted (MV74).
fn decide(view: &View, legal: &[Action], _out: Outlook) -> Option<Action> {
    if view.phase != Phase::Bog {
        return None;
    }
    let n = view.players[view.seat.index()].field.len() as f64;
    let push = legal.contains(&Action::Push) && (1.0 - crate::heuristic::push_risk(view)) * (n + 1.0) > n;
    Some(if push { Action::Push } else { Action::Pass })
}

/// Cards in the field after a Prep Phase and a Planting Phase from a deck of `cards` (this vale's
/// X, ruling MV74), expected: cards drawn one at a time with replacement (each card's decay less its
/// growth), the Prep Phase filling the field up to 3 net decay, the next card on-deck, 4 net decay
/// spoiling (no card counted), and the Planting Phase pushing while that pays on average.
pub(crate) fn cards_placed(db: &CardDb, cards: &[Sleeve; NUM_CARDS]) -> f64 {
    // Net decay from LOW to 3 (lower values clamped), field sizes 0..=NUM_CARDS.
    const LOW: i32 = -6;
    const NETS: usize = (3 - LOW + 1) as usize;
    let mut deltas = [0i32; NUM_CARDS];
    for (d, s) in deltas.iter_mut().zip(cards) {
        *d = i32::from(s.decay(db)) - i32::from(s.growth(db, 0));
    }
    let p = 1.0 / NUM_CARDS as f64;
    let at = |net: i32| (net.max(LOW) - LOW) as usize;
    // planting[x][net]: expected cards counted when the field holds x cards of net decay `net` and the
    // next on-deck card is still to be revealed; prep[x][net] likewise during the Prep Phase.
    let mut planting = [[0.0f64; NETS]; NUM_CARDS + 2];
    let mut prep = [[0.0f64; NETS]; NUM_CARDS + 2];
    for x in (0..=NUM_CARDS).rev() {
        for net in LOW..=3 {
            let (mut plant, mut fill) = (0.0, 0.0);
            for &d in &deltas {
                if net + d >= 4 {
                    continue;
                }
                // On-deck card `d`: pass with x cards, or push it and reveal the next.
                let push = if x < NUM_CARDS { planting[x + 1][at(net + d)] } else { 0.0 };
                plant += p * (x as f64).max(push);
                // Prep Phase: the card joins the field, until 3 net decay shows.
                fill += p * if net + d >= 3 { planting[x + 1][at(net + d)] } else { prep[x + 1][at(net + d)] };
            }
            planting[x][at(net)] = plant;
            prep[x][at(net)] = if x < NUM_CARDS { fill } else { x as f64 };
        }
    }
    prep[0][at(0)]
}

crate::effects::cleared_each_turn!(TurnState);
