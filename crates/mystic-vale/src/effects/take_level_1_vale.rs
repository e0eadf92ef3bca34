//! Sunwell Temple (EN:1507-1511): when bought, take the top card of the level-1 vale deck into your
//! vales. It is not a purchase (it uses none of the two vale buys), its text cannot be used this turn
//! and its own "when bought" effect gives nothing. With the level-1 vale deck empty it gives nothing
//! (ruling MV46).

use super::Module;
use crate::cards::Timing;
use crate::state::MysticVale;

/// The module.
pub const MODULE: Module = Module {
    when_bought: Some(when_bought),
    ..Module::new("take-level-1-vale", "take the top card of the level-1 vale deck", &[Timing::WhenBought])
};

fn when_bought(game: &mut MysticVale, seat: usize) {
    if let Some(v) = game.vale_decks[0].pop() {
        game.players[seat].vales.push(v);
        game.turn.vales_taken = game.turn.vales_taken.saturating_add(1);
    }
}
