//! A vale that makes the next advancement of a level free (`free-buy`, Eagle's Cry Peak).
//! The rules act on it in `crate::turn`; this module declares the state it needs.

/// What this ability keeps per turn (reset with the turn): one field of [`crate::effects::TurnStates`], held by
/// [`crate::state::Turn`] (serialized under the keys the state always had).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct TurnState {
    /// A vale made the next advancement of this level bought this turn free (Eagle's Cry Peak).
    pub free_level: Option<u8>,
}

crate::effects::cleared_each_turn!(TurnState);
