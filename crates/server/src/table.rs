//! A game at the server's table: any registered game, erased, with the generator the undo test
//! samples from ([`DynGame::apply_id_undoable`], built on [`sylvan_engine::undo`]).

use serde_json::Value;
use sylvan_engine::erased::{DynError, DynGame};
use sylvan_engine::{GameRng, SetupError};
use sylvan_registry::Entry;

/// Twins sampled per seat by the undo test.
const UNDO_SAMPLES: usize = 8;

/// A game in progress on the server.
#[derive(Clone)]
pub struct Table {
    game: Box<dyn DynGame>,
    rng: GameRng,
}

impl Table {
    /// A table of `game`, dealt from `seed` (the undo test's generator is seeded from it too).
    pub fn new(game: Box<dyn DynGame>, seed: u64) -> Table {
        Table { game, rng: GameRng::new(seed ^ 0x00d0) }
    }

    /// A new table of the registered game `entry` with these options (JSON), dealt from `seed`.
    pub fn deal(entry: &Entry, options: &Value, seed: u64) -> Result<Table, SetupError> {
        Ok(Table::new(entry.game().new_game(options, seed)?, seed))
    }

    /// The game, erased.
    pub fn game(&self) -> &dyn DynGame {
        &*self.game
    }

    /// The game, erased, to change its event log.
    pub fn game_mut(&mut self) -> &mut dyn DynGame {
        &mut *self.game
    }

    /// Applies the legal action `id`; with `check_undo`, returns whether it may be undone (without,
    /// `false`).
    pub fn apply(&mut self, id: usize, check_undo: bool) -> Result<bool, DynError> {
        if check_undo {
            self.game.apply_id_undoable(id, UNDO_SAMPLES, &mut self.rng)
        } else {
            self.game.apply_id(id).map(|()| false)
        }
    }

    /// Takes back the last action.
    pub fn undo_last(&mut self) -> Result<(), DynError> {
        self.game.undo_last()
    }
}
