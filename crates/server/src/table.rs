//! A game at the server's table: the erased game plus what the server needs of the typed one (the
//! undo test of [`sylvan_engine::undo`]).

use serde_json::Value;
use sylvan_engine::erased::{DynError, DynGame, Erased};
use sylvan_engine::{Game, GameRng, SetupError, SetupErrorKind, Start, undo};

/// Twins sampled per seat by the undo test.
const UNDO_SAMPLES: usize = 8;

/// A game in progress on the server.
pub trait Table: Send + Sync {
    /// The game, erased.
    fn game(&self) -> &dyn DynGame;
    /// The game, erased, to change its event log.
    fn game_mut(&mut self) -> &mut dyn DynGame;
    /// Applies the legal action `id`; with `check_undo`, returns whether it may be undone.
    fn apply(&mut self, id: usize, check_undo: bool) -> Result<bool, DynError>;
    /// A copy of the table.
    fn clone_table(&self) -> Box<dyn Table>;
}

/// [`Table`] for game `G`.
#[derive(Clone)]
struct TypedTable<G: Game> {
    inner: Erased<G>,
    rng: GameRng,
}

impl<G: Game> Table for TypedTable<G>
where
    G::View: 'static,
{
    fn game(&self) -> &dyn DynGame {
        &self.inner
    }

    fn game_mut(&mut self) -> &mut dyn DynGame {
        &mut self.inner
    }

    fn apply(&mut self, id: usize, check_undo: bool) -> Result<bool, DynError> {
        let action =
            G::action_from_id(id).ok_or(DynError::UnknownId { game: G::NAME, id, max: G::NUM_DISTINCT_ACTIONS })?;
        let before = check_undo.then(|| self.inner.state().clone());
        self.inner.apply_id(id)?;
        Ok(match before {
            Some(before) => undo::undoable(&before, action, self.inner.state(), UNDO_SAMPLES, &mut self.rng),
            None => false,
        })
    }

    fn clone_table(&self) -> Box<dyn Table> {
        Box::new(self.clone())
    }
}

/// A new table of game `G` with these options (JSON), dealt from `seed`.
pub fn new_table<G: Game>(options: &Value, seed: u64) -> Result<Box<dyn Table>, SetupError>
where
    G::View: 'static,
{
    let options: G::Options = serde_json::from_value(options.clone())
        .map_err(|e| SetupError::of_kind(SetupErrorKind::BadValue, "options", e.to_string()))?;
    let state = G::new(&options, seed)?;
    let inner = Erased::new(state, options, Start::Seed { seed });
    Ok(Box::new(TypedTable { inner, rng: GameRng::new(seed ^ 0x00d0) }))
}

/// A table of an already built typed state (for tests that build twins).
pub fn table_of<G: Game>(state: G, seed: u64) -> Box<dyn Table>
where
    G::View: 'static,
{
    let options = state.options().clone();
    Box::new(TypedTable { inner: Erased::new(state, options, Start::Seed { seed }), rng: GameRng::new(seed ^ 0x00d0) })
}

/// A table of any erased game: played through [`DynGame`], never undoable.
struct ErasedTable(Box<dyn DynGame>);

impl Table for ErasedTable {
    fn game(&self) -> &dyn DynGame {
        &*self.0
    }

    fn game_mut(&mut self) -> &mut dyn DynGame {
        &mut *self.0
    }

    fn apply(&mut self, id: usize, _check_undo: bool) -> Result<bool, DynError> {
        self.0.apply_id(id).map(|()| false)
    }

    fn clone_table(&self) -> Box<dyn Table> {
        Box::new(ErasedTable(self.0.clone_box()))
    }
}

/// A table of an erased game (no undo).
pub fn erased_table(game: Box<dyn DynGame>) -> Result<Box<dyn Table>, SetupError> {
    Ok(Box::new(ErasedTable(game)))
}
