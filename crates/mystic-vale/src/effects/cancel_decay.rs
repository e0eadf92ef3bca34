//! Vales that cancel a card's decay (`cancel-decay-on`, Bramble Spire, EN:1278-1284; `cancel-decay-card`, Aether Tree, EN:1232): the card, until the next Discard or Prep Phase.
//! The rules act on it in `crate::turn`; this module declares the state it needs.

/// What this ability keeps per player: one field of [`crate::effects::PlayerStates`], held by
/// [`crate::state::Player`] (serialized under the keys the state always had).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct PlayerState {
    /// A card whose decay does not count until the next Discard Phase (Bramble Spire, `cancel-decay-on`).
    #[serde(rename = "decay_cancel")]
    pub until_discard: Option<u8>,
    /// The card whose decay (but a Cursed Land's) is cancelled until the next Prep Phase (Aether Tree, `cancel-decay-card`).
    #[serde(rename = "aether")]
    pub until_prep: Option<u8>,
}
