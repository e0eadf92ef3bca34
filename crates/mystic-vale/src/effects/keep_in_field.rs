//! Abilities that keep a field card for the next field (`keep-in-field`: Hatchery, Pool of Visions), in the Discard Phase.
//! The rules act on it in `crate::turn`; this module declares the state it needs.

/// What this ability keeps per turn (reset with the turn): one field of [`crate::effects::TurnStates`], held by
/// [`crate::state::Turn`] (serialized under the keys the state always had).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct TurnState {
    /// Field cards an advancement kept for the next field (Hatchery; the first ones of the field), in this Discard Phase.
    pub kept: u8,
    /// A vale kept a card this Discard Phase (Pool of Visions).
    #[serde(rename = "pool_kept")]
    pub vale_kept: bool,
}

impl crate::effects::NewTurn for TurnState {
    /// The pool's keep is once a turn; the cards kept are counted and cleared by the Discard Phase.
    fn new_turn(&mut self, _rules: u8) {
        self.vale_kept = false;
    }
}
