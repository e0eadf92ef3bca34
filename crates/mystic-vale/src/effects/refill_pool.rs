//! Sunweaver Copse (EN:1499-1505): when bought, `amount` VP tokens go from the box into the pool that
//! times the game; once the pool has run out and the end is triggered it does nothing.

use super::Module;
use crate::cards::Timing;
use crate::state::MysticVale;

/// VP tokens from the box go into the pool.
pub const MODULE: Module =
    Module { when_bought: Some(when_bought), reads_pool: true, ..Module::new("refill-pool", &[Timing::WhenBought]) };

fn when_bought(game: &mut MysticVale, seat: usize) {
    if game.ending {
        return;
    }
    let n = game.players[seat].vales.last().map_or(0, |&v| game.db.hot_vale(v).ability.amount);
    game.pool = game.pool.saturating_add(u16::from(n));
}
