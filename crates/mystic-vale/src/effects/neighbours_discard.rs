//! GinGan, upgraded side (EN:1631-1637): in the Harvest Phase, the player seated to the left (the next
//! seat) may discard their on-deck card and reveal a new one; if they do, the leader's owner gains
//! `amount` VP from the box. Then the player to the right (the previous seat) may do the same; with two
//! players the single opponent decides once. Each choice is that seat's own decision
//! ([`Phase::NeighbourDiscard`]: `discard cN` or `decline`), asked as the Harvest Phase begins; a seat
//! without an on-deck card is not asked (ruling MV55).

use sylvan_engine::{Audience, EventSink, Seat};

use super::Module;
use crate::actions::Action;
use crate::cards::{Reward, Timing};
use crate::events::Event;
use crate::state::{MysticVale, Phase};

/// Each neighbour may discard their on-deck card and reveal another; +1 VP from the box for each.
pub const MODULE: Module =
    Module { harvest_begin: Some(begin), ..Module::new("neighbours-discard", &[Timing::Harvest]) };

/// As the Harvest Phase begins: asks the left neighbour, then the right one.
fn begin(game: &mut MysticVale) {
    let n = game.n() as u8;
    let left = (game.current + 1) % n;
    let right = (game.current + n - 1) % n;
    ask(game, Some(left), (right != left).then_some(right));
}

/// Asks `seat` (then `next`), skipping a seat without an on-deck card; back to the Harvest Phase when
/// nobody is left to ask.
fn ask(game: &mut MysticVale, seat: Option<u8>, next: Option<u8>) {
    let (mut seat, mut next) = (seat, next);
    while let Some(s) = seat {
        if game.players[usize::from(s)].on_deck.is_some() {
            game.phase = Phase::NeighbourDiscard { seat: s, next };
            return;
        }
        (seat, next) = (next, None);
    }
    game.phase = Phase::Harvest;
}

/// The choices of `seat`: keep the on-deck card (`decline`) or discard it (`discard cN`).
pub(crate) fn legal(game: &MysticVale, seat: u8, out: &mut Vec<Action>) {
    out.push(Action::Decline);
    if let Some(c) = game.players[usize::from(seat)].on_deck {
        out.push(Action::Discard(c));
    }
}

/// Applies `seat`'s choice, then asks `next`.
pub(crate) fn answer<S: EventSink<Event>>(game: &mut MysticVale, seat: u8, next: Option<u8>, a: Action, ev: &mut S) {
    if let Action::Discard(_) = a {
        // The VP of GinGan's side: the owner's leader, or the copy Cyrilla's upgraded side gave a card, or
        // (rules revision 8) a neighbour's on-deck leader card used with Dione's upgraded side, read before
        // that card may be the one discarded; the book's 1 otherwise.
        let own = game.harvest_leader().map(|l| l.face(&game.db).ability);
        let copied = game.cur().fx.guardian_and_graft.boost.and_then(|b| b.ability);
        let amount = match own.into_iter().chain(copied).find(|&ab| super::is_unique(ab, &MODULE)) {
            Some(ab) => ab.amount,
            None if game.options.rules >= crate::setup::DIONE_RULES => {
                super::neighbour_on_deck::used_amount(game, &MODULE).unwrap_or(1)
            }
            None => 1,
        };
        let i = usize::from(seat);
        let c = game.players[i].discard_on_deck();
        if S::ENABLED {
            ev.emit(Audience::Everyone, Event::AbilityDiscard(Seat(seat), c.map(|c| game.card_ref(i, c))));
        }
        // The new card is revealed outside its owner's Planting and Prep Phases: no Spoil now (EN:699).
        if game.players[i].deck.is_empty() {
            game.reshuffle_seat(i, ev);
        }
        if let Some(c) = game.players[i].reveal_top()
            && S::ENABLED
        {
            ev.emit(Audience::Everyone, Event::Revealed(Seat(seat), game.card_ref(i, c)));
        }
        game.players[i].fx.neighbours_discard.revealed_outside = true;
        if game.options.rules >= crate::setup::DIONE_RULES {
            // The new on-deck card is the one Dione's upgraded side uses from now on (rules revision 8).
            super::neighbour_on_deck::after_reveal(game, i);
        }
        game.gain_now(Reward::BoxVp, amount);
    }
    ask(game, next, None);
}

/// What this ability keeps per player: one field of [`crate::effects::PlayerStates`], held by
/// [`crate::state::Player`] (serialized under the keys the state always had).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct PlayerState {
    /// Revealed an on-deck card outside its turn (GinGan's upgraded side): its next Planting Phase checks for a Spoil as it begins (ruling MV55).
    pub revealed_outside: bool,
}
