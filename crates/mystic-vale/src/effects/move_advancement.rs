//! A vale that moves an advancement (`move-advancement`, Wayfarer Portal): once a turn.
//! The rules act on it in `crate::turn`; this module declares the state it needs.
//!
//! Rules revision 7 (ruling MV90, "Wayfarer Portal reconsidered"): the move is a sequence of decisions,
//! `use v3` (the Portal) opens it, `use c1 top` names the advancement, `use v3 c2` the destination;
//! `decline` backs out before the destination. [`Pending`] is the move half made.

use crate::cards::Slot;

/// What this ability keeps per turn (reset with the turn): one field of [`crate::effects::TurnStates`], held by
/// [`crate::state::Turn`] (serialized under the keys the state always had).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct TurnState {
    /// A vale moved an advancement this turn (Wayfarer Portal, once a turn), or its move was opened and
    /// declined (rules revision 7).
    #[serde(rename = "portal_used")]
    pub used: bool,
    /// Rules revision 7: the move opened and not yet made or declined.
    #[serde(rename = "portal_pending", skip_serializing_if = "Option::is_none")]
    pub pending: Option<Pending>,
}

/// A Wayfarer Portal move half made (rules revision 7): the vale that opened it and, once named, the
/// advancement it moves.
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pending {
    /// The id of the vale that opened the move (`use v3`).
    pub vale: u8,
    /// The field card and slot of the advancement named (`use c1 top`), if named yet.
    pub from: Option<(u8, Slot)>,
}

impl crate::effects::NewTurn for TurnState {
    /// Wayfarer Portal's use is once a turn; a move half made is answered in its Harvest (kept as it is).
    fn new_turn(&mut self, _rules: u8) {
        self.used = false;
    }
}
