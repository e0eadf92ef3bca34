//! The vale that gives a card +1 guardian (`plus-guardian`, Conclave of Ents): which card, and which vales were used this turn (each once, EN:675).
//! The rules act on it in `crate::turn`; this module declares the state it needs.

/// What this ability keeps per player: one field of [`crate::effects::PlayerStates`], held by
/// [`crate::state::Player`] (serialized under the keys the state always had).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct PlayerState {
    /// The card given +1 guardian by a vale (Conclave of Ents), and whether it was given in a Prep Phase (then it lasts through the next Planting Phase).
    #[serde(rename = "conclave")]
    pub first: Option<(u8, bool)>,
    /// A second such vale's guardian, as `first`: each vale once a turn (EN:675).
    #[serde(rename = "conclave2")]
    pub second: Option<(u8, bool)>,
}

/// What this ability keeps per turn (reset with the turn): one field of [`crate::effects::TurnStates`], held by
/// [`crate::state::Turn`] (serialized under the keys the state always had).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct TurnState {
    /// A +1 guardian vale was used this turn.
    #[serde(rename = "conclave_used")]
    pub used: bool,
    /// The +1 guardian vales used this turn (each once, EN:675).
    #[serde(rename = "conclaves_used")]
    pub vales_used: u8,
}

crate::effects::cleared_each_turn!(TurnState);
