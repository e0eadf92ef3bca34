//! Harpy Canyon (EN:1379-1385): once a turn, at a decision point of its owner's Planting Phase, one
//! "when played" ability of a card in the field resolves again as if the card had just been played
//! (`replay c7 top`, or `replay c7 leader` for a leader side's). Optional: the owner may never use it
//! (ruling MV72). Nothing is revealed afterwards; the Planting Phase goes on.

use sylvan_engine::EventSink;

use super::Module;
use crate::actions::Action;
use crate::cards::{Effect, Timing};
use crate::events::Event;
use crate::heuristic::Outlook;
use crate::state::{EMPTY, MysticVale, Phase};
use crate::view::View;

/// Resolve one \"when played\" ability of a card in your field again.
pub const MODULE: Module = Module { decide: Some(decide), ..Module::new("replay-when-played", &[Timing::Planting]) };

impl MysticVale {
    /// Whether the active player may use Harpy Canyon now: a usable vale with it, not used this turn.
    fn replay_usable(&self) -> bool {
        !self.turn.fx.replay_when_played.replayed
            && self.turn.usable & Effect::Unique.bit() != 0
            && self.usable_vales().iter().any(|&v| {
                let ab = self.db.hot_vale(v).ability;
                ab.timing == Timing::Planting && super::is_unique(ab, &MODULE)
            })
    }

    /// Pushes `replay cN SLOT` for every "when played" ability in the field (sorted).
    pub(crate) fn push_replays(&self, out: &mut Vec<Action>) {
        if !self.replay_usable() {
            return;
        }
        let p = self.cur();
        let mut m = p.field_mask();
        while m != 0 {
            let c = m.trailing_zeros() as u8;
            m &= m - 1;
            if !p.stats[c as usize].acts(Timing::WhenPlayed) {
                continue;
            }
            let sleeve = p.cards[c as usize];
            for (slot, &a) in sleeve.slots.iter().enumerate() {
                if a != EMPTY && self.db.hot(a).ability.timing == Timing::WhenPlayed {
                    out.push(Action::Replay(c, slot as u8));
                }
            }
            if crate::state::leader_face(&self.db, p.leader, c).is_some_and(|f| f.ability.timing == Timing::WhenPlayed)
            {
                out.push(Action::Replay(c, 3));
            }
        }
    }

    /// Resolves card `c`'s "when played" ability in `slot` again (3: its leader side).
    pub(crate) fn replay<S: EventSink<Event>>(&mut self, c: u8, slot: u8, ev: &mut S) {
        self.turn.fx.replay_when_played.replayed = true;
        if S::ENABLED {
            ev.emit(
                sylvan_engine::Audience::Everyone,
                Event::UsedAbility(sylvan_engine::Seat(self.current), self.card_ref(self.current as usize, c), None),
            );
        }
        if slot == 3 {
            self.leader_when_played(c, ev);
        } else if !self.start_ability(c, u32::from(slot), super::REPLAY, false, ev) {
            self.phase = Phase::Planting;
        }
    }
}

/// What this ability keeps per turn (reset with the turn): one field of [`crate::effects::TurnStates`], held by
/// [`crate::state::Turn`] (serialized under the keys the state always had).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct TurnState {
    /// A "when played" ability was resolved again this turn (Harpy Canyon).
    pub replayed: bool,
}

/// The default bot in the Planting Phase: a replay worth taking before the push or pass.
fn decide(view: &View, legal: &[Action], _out: Outlook) -> Option<Action> {
    if view.phase != Phase::Planting {
        return None;
    }
    pick(view, legal)
}

/// The replay to take: a leader's gain, a used token turned active, a deck search or
/// look (their own choices may still decline); a field discard only when a field card's decay outweighs
/// its growth.
fn pick(view: &View, legal: &[Action]) -> Option<Action> {
    let db = &*view.db;
    let p = &view.players[view.seat.index()];
    legal
        .iter()
        .copied()
        .filter_map(|a| {
            let Action::Replay(c, slot) = a else { return None };
            if slot == 3 {
                return Some((4, a));
            }
            let adv = p.cards[c as usize].slot(usize::from(slot))?;
            let rank = match db.adv(adv).ability.effect {
                Effect::RefreshToken if !p.token_active => 3,
                Effect::SearchDeckDiscard | Effect::LookTopDiscard if p.deck_count > 0 => 2,
                Effect::DiscardOtherField
                    if p.field
                        .iter()
                        .any(|&x| x != c && p.cards[x as usize].decay(db) > p.cards[x as usize].growth(db, 0)) =>
                {
                    1
                }
                _ => return None,
            };
            Some((rank, a))
        })
        .max_by_key(|x| x.0)
        .map(|x| x.1)
}

crate::effects::cleared_each_turn!(TurnState);
