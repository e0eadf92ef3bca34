//! The "about to spoil" discard (`discard-on-deck` at `would-spoil`: Peacekeeper Druid, Algeni): each card once a turn (EN:675, ruling MV89).
//! The rules act on it in `crate::turn`; this module declares the state it needs.

/// What this ability keeps per player: one field of [`crate::effects::PlayerStates`], held by
/// [`crate::state::Player`] (serialized under the keys the state always had).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct PlayerState {
    /// The cards whose "about to spoil" discard (Peacekeeper Druid, Algeni) was used this turn: each card once (EN:675), a bit per card.
    #[serde(rename = "druid_used")]
    pub used: u32,
    /// The cards whose discard was used in the last Prep Phase (not again in the next Planting Phase).
    #[serde(rename = "druid_prep")]
    pub prep: u32,
}
