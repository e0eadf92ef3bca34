//! Xanos, upgraded (EN:1718-1730): at the end of each Harvest Phase its owner completes with her in the
//! field (not after a Spoil, not in the harvest she was upgraded in), she turns back to her starting
//! side. Her upgraded side's own ability is not given by the books (ruling MV60).

use super::Module;
use crate::cards::Timing;
use crate::state::MysticVale;

/// Turns back to the starting side at the end of each completed Harvest Phase.
pub const MODULE: Module = Module { harvest_done: Some(harvest_done), ..Module::new("flip-back", &[Timing::Harvest]) };

fn harvest_done(game: &mut MysticVale, seat: usize) {
    turn_leader_back(game, seat);
}

/// Turns `seat`'s leader back to its starting side (Xanos here, Old Bakarab's paid flip in `workshop`).
pub(super) fn turn_leader_back(game: &mut MysticVale, seat: usize) {
    let db = game.db.clone();
    let p = &mut game.players[seat];
    if let Some(l) = &mut p.leader {
        l.upgraded = false;
        let c = usize::from(l.card);
        p.refresh(&db, c);
    }
}
