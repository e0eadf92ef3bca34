//! A vale that moves an advancement (`move-advancement`, Wayfarer Portal): once a turn.
//! The rules act on it in `crate::turn`; this module declares the state it needs.

/// What this ability keeps per turn (reset with the turn): one field of [`crate::effects::TurnStates`], held by
/// [`crate::state::Turn`] (serialized under the keys the state always had).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct TurnState {
    /// A vale moved an advancement this turn (Wayfarer Portal, once a turn).
    #[serde(rename = "portal_used")]
    pub used: bool,
}
