//! An advancement whose purchases must go on its card (`discount-on-card`, Earthchant Chorus).
//! The rules act on it in `crate::turn`; this module declares the state it needs.

/// What this ability keeps per turn (reset with the turn): one field of [`crate::effects::TurnStates`], held by
/// [`crate::state::Turn`] (serialized under the keys the state always had).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct TurnState {
    /// A card whose purchases must go on it is in the field (Earthchant Chorus; set when the Harvest Phase begins).
    #[serde(rename = "chorus")]
    pub in_field: bool,
}

crate::effects::cleared_each_turn!(TurnState);
