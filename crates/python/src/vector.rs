//! `VectorGame`: many games of one kind stepped together, the GIL released while Rust works. Finished
//! games restart at once from the next seed, so every slot always holds a game in progress. The stepping
//! itself is [`sylvan_registry::runs::vector`], tested in Rust.

use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::prelude::*;
use sylvan_registry::runs::vector::{Batch, VectorGames};

use crate::err;
use crate::game::{Game, State, read_actions};

/// `num_games` games of one game, stepped together. Game `i` starts from `seed + i`; each game that ends
/// restarts from the next unused seed (`seed + num_games`, `seed + num_games + 1`, ... in order of
/// slot).
#[pyclass(module = "sylvan._sylvan")]
pub struct VectorGame {
    inner: VectorGames,
}

type Arrays<'py> = (
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray2<i8>>,
    Bound<'py, PyArray1<i64>>,
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray1<bool>>,
);

impl VectorGame {
    fn arrays<'py>(&self, py: Python<'py>, b: Batch) -> PyResult<Arrays<'py>> {
        let v = &self.inner;
        let n = v.len();
        Ok((
            PyArray1::from_vec(py, b.obs).reshape([n, v.obs_len()])?,
            PyArray1::from_vec(py, b.mask).reshape([n, v.num_actions()])?,
            PyArray1::from_vec(py, b.player),
            PyArray1::from_vec(py, b.rewards).reshape([n, v.seats()])?,
            PyArray1::from_vec(py, b.done),
        ))
    }
}

#[pymethods]
impl VectorGame {
    #[new]
    #[pyo3(signature = (game, num_games, seed=0))]
    fn py_new(game: &Game, num_games: usize, seed: u64) -> PyResult<VectorGame> {
        Ok(VectorGame { inner: VectorGames::new(game.entry, &game.options, num_games, seed).map_err(err)? })
    }

    /// The number of games.
    fn __len__(&self) -> usize {
        self.inner.len()
    }

    /// A copy of the game in slot `i`, to inspect or continue on its own.
    fn state(&self, i: usize) -> PyResult<State> {
        let entry = self.inner.entry();
        let g = self.inner.game(i).ok_or_else(|| err(format!("no game {i} of {}", self.inner.len())))?;
        Ok(State::without_history(entry, g.clone_box()))
    }

    /// Games finished so far.
    #[getter]
    fn games_finished(&self) -> u64 {
        self.inner.finished()
    }

    /// The observations `[n, obs]` (of each game's seat to move), legal masks `[n, actions]`, seats to
    /// move `[n]`, zero rewards `[n, players]` and no `done` `[n]`, without changing anything.
    fn observe<'py>(&mut self, py: Python<'py>) -> PyResult<Arrays<'py>> {
        let inner = &mut self.inner;
        let b = py.detach(|| inner.observe()).map_err(err)?;
        self.arrays(py, b)
    }

    /// Applies one action id per game (each for its seat to move), restarts the games that ended, and
    /// returns `(observation, legal_mask, current_player, rewards, done)` as `observe()` does: `rewards`
    /// holds the returns of a game that ended on this step (its slot has `done` set and already holds the
    /// next game). Every action is checked first: an illegal one is an error naming its slot, and then no
    /// game has moved (the masks in hand stay true).
    fn step<'py>(&mut self, py: Python<'py>, actions: &Bound<'py, PyAny>) -> PyResult<Arrays<'py>> {
        let actions = read_actions(actions)?;
        let inner = &mut self.inner;
        let b = py.detach(|| inner.step(&actions)).map_err(err)?;
        self.arrays(py, b)
    }

    /// Plays `steps` uniformly random actions in every game (moves drawn from a generator seeded with
    /// `seed`), restarting the games that end; returns the number of actions applied. No observation
    /// is written: this is the engine's speed through the erased game.
    #[pyo3(signature = (steps, seed=0))]
    fn random_steps(&mut self, py: Python<'_>, steps: u64, seed: u64) -> PyResult<u64> {
        let inner = &mut self.inner;
        py.detach(|| inner.random_steps(steps, seed)).map_err(err)
    }
}
