//! Abilities that add deck cards to the field as the Harvest Phase begins (`deck-to-field`, `fill-field`: Call of the Hunt, Canopy Explorer).
//! The rules act on it in `crate::turn`; this module declares the state it needs.

/// What this ability keeps per turn (reset with the turn): one field of [`crate::effects::TurnStates`], held by
/// [`crate::state::Turn`] (serialized under the keys the state always had).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct TurnState {
    /// Cards that joined the end of the field as the Harvest Phase began (Call of the Hunt, Canopy Explorer).
    pub added: u8,
}
