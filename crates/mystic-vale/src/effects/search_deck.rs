//! The deck search (`search-deck-discard`, Lifetap Oracle): searches left in the ability resolving.
//! The rules act on it in `crate::turn`; this module declares the state it needs.

/// What this ability keeps per turn (reset with the turn): one field of [`crate::effects::TurnStates`], held by
/// [`crate::state::Turn`] (serialized under the keys the state always had).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct TurnState {
    /// Deck searches left in the ability resolving (Lifetap Oracle).
    pub searches_left: u8,
}

crate::effects::cleared_each_turn!(TurnState);
