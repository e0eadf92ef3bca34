//! Whether an action may be taken back (undo, as Board Game Arena offers it), decided generically for
//! every game from the states before and after it.
//!
//! An action may be undone when taking it back hides nothing anybody has learned:
//! - it drew no chance: every [`GameRng`](crate::GameRng) in the state is where it was (otherwise the
//!   player would know the draw before choosing again);
//! - it revealed nothing hidden to any seat: for each seat, in full states it cannot tell apart from
//!   the real one (determinizations of its view before the action), the same action is legal and leaves
//!   that seat the same view as in the real game. What a seat sees change was then fixed by what it saw
//!   already (a public move, a choice among public options), and forgetting it hides nothing.
//!
//! The test samples `samples` twins per seat, so a reveal that only a rare twin would show can pass
//! unnoticed; the rulings file of the server says so.

use crate::{Game, GameRng, NoEvents, Seat};

/// Whether `action`, which turned `before` into `after`, may be taken back (see the module docs).
pub fn undoable<G: Game>(before: &G, action: G::Action, after: &G, samples: usize, rng: &mut GameRng) -> bool {
    if drew_chance(before, after) {
        return false;
    }
    for seat in Seat::all(before.num_seats()) {
        let view = before.view(seat);
        let seen = after.view(seat);
        for _ in 0..samples {
            let mut twin = G::determinize(&view, rng);
            if !twin.is_legal(action) {
                return false;
            }
            twin.apply_unchecked(action, &mut NoEvents);
            if twin.view(seat) != seen {
                return false;
            }
        }
    }
    true
}

/// Whether some generator in the state moved between `before` and `after`: the generators are found
/// in the states' JSON by their serialized position field (`"word_pos"`), which moves with every draw.
pub fn drew_chance<G: Game>(before: &G, after: &G) -> bool {
    let (Ok(a), Ok(b)) = (serde_json::to_string(before), serde_json::to_string(after)) else { return true };
    !positions(&a).eq(positions(&b))
}

/// The serialized stream positions of the generators in a state's JSON text, in document order.
#[doc(hidden)]
pub fn positions(json: &str) -> impl Iterator<Item = &str> {
    json.split("\"word_pos\":\"").skip(1).map(|rest| rest.split('"').next().unwrap_or(""))
}
