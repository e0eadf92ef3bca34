//! Abilities that turn spirits wild (`convert-to-wild`: Sunstone Aerie, Stormcaller): what was converted, and which vales were used (each once, EN:675).
//! The rules act on it in `crate::turn`; this module declares the state it needs.

/// What this ability keeps per turn (reset with the turn): one field of [`crate::effects::TurnStates`], held by
/// [`crate::state::Turn`] (serialized under the keys the state always had).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct TurnState {
    /// Spirits turned wild this turn (Sunstone Aerie, Stormcaller), per kind: animal, forest, sky.
    pub converted: [u8; 3],
    /// Vales that stay in play (Sunstone Aerie) whose conversion was used this turn: each once (EN:675).
    #[serde(rename = "converters_used")]
    pub vales_used: u8,
}

crate::effects::cleared_each_turn!(TurnState);
