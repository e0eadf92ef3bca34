//! Sunwell Temple (EN:1507-1511): when bought, take the top card of the level-1 vale deck into your
//! vales. It is not a purchase (it uses none of the two vale buys), its text cannot be used this turn
//! and its own "when bought" effect gives nothing. With the level-1 vale deck empty it gives nothing
//! (ruling MV46).

use super::Module;
use crate::cards::Timing;
use crate::state::MysticVale;

/// Take the top card of the level-1 vale deck.
pub const MODULE: Module =
    Module { when_bought: Some(when_bought), ..Module::new("take-level-1-vale", &[Timing::WhenBought]) };

fn when_bought(game: &mut MysticVale, seat: usize) {
    if let Some(v) = game.vale_decks[0].pop() {
        game.players[seat].vales.push(v);
        game.turn.fx.take_level_1_vale.vales_taken = game.turn.fx.take_level_1_vale.vales_taken.saturating_add(1);
    }
}

/// What this ability keeps per turn (reset with the turn): one field of [`crate::effects::TurnStates`], held by
/// [`crate::state::Turn`] (serialized under the keys the state always had).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct TurnState {
    /// Vales taken this turn without buying them (Sunwell Temple): like the vales bought, the last ones of the player's list and not usable this turn, but not one of the two vale buys.
    pub vales_taken: u8,
}

crate::effects::cleared_each_turn!(TurnState);
