//! A vale that gives growth instead of spoiling (`gain` at `would-spoil`, Blooming Arbor, EN:1255-1262): the growth it gave, until the next Prep Phase.
//! The rules act on it in `crate::turn`; this module declares the state it needs.

/// What this ability keeps per player: one field of [`crate::effects::PlayerStates`], held by
/// [`crate::state::Player`] (serialized under the keys the state always had).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct PlayerState {
    /// Growth a vale gave instead of spoiling (Blooming Arbor), until the next Prep Phase.
    #[serde(rename = "arbor_growth")]
    pub growth: u8,
}
