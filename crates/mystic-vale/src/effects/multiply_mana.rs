//! The Harvest's mana multiplier (`multiply-mana`, Ley Line Overflow, EN:1049-1055; ruling MV42).
//! The rules act on it in `crate::turn`; this module declares the state it needs.

/// What this ability keeps per turn (reset with the turn): one field of [`crate::effects::TurnStates`], held by
/// [`crate::state::Turn`] (serialized under the keys the state always had).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct TurnState {
    /// What the Harvest's mana and the token are multiplied by (Ley Line Overflow; 1 without).
    #[serde(rename = "mana_factor")]
    pub factor: u8,
    /// Rules revision 5 (ruling MV42): the cards whose multiplier left the field in this Harvest Phase (bit per card), its doubling taken as it left and never again.
    #[serde(rename = "overflow_left")]
    pub left: u32,
    /// Rules revision 5: the mana those doublings added (what was banked when each left, doubled).
    #[serde(rename = "overflow_kept")]
    pub kept: u8,
    /// Rules revision 5: the Harvest's mana before the multiplier at the last recount (what a multiplier leaving now doubles).
    pub raw_mana: u8,
}

impl crate::effects::NewTurn for TurnState {
    /// Cleared, the mana factor back to 1.
    fn new_turn(&mut self, _rules: u8) {
        *self = Self { factor: 1, ..Self::default() };
    }
}
