//! Exchange abilities (`exchange`, Seed Sowers): whether one is in the field this Harvest Phase.
//! The rules act on it in `crate::turn`; this module declares the state it needs.

/// What this ability keeps per turn (reset with the turn): one field of [`crate::effects::TurnStates`], held by
/// [`crate::state::Turn`] (serialized under the keys the state always had).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct TurnState {
    /// An exchange ability is in the field (set when the Harvest Phase begins).
    #[serde(rename = "sow")]
    pub in_field: bool,
}

impl crate::effects::NewTurn for TurnState {
    /// Kept: set again as each Harvest Phase begins, before it is read.
    fn new_turn(&mut self, _rules: u8) {}
}
