//! `VectorGame`: many games of one kind stepped together, the GIL released while Rust works. Finished
//! games restart at once from the next seed, so every slot always holds a game in progress. The stepping
//! itself is [`sylvan_registry::runs::vector`], tested in Rust.

use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::PyTypeCheck;
use pyo3::prelude::*;
use sylvan_registry::runs::vector::{BatchMut, VectorGames, Written};

use crate::err;
use crate::game::{Game, State, read_actions};

/// `num_games` games of one game, stepped together. Game `i` starts from `seed + i`; each game that ends
/// restarts from the next unused seed (`seed + num_games`, `seed + num_games + 1`, ... in order of
/// slot).
///
/// The observation and mask arrays are preallocated once and updated in place by Rust (only where the
/// old or the new values are nonzero). With `copy=True` (the default) each call returns fresh copies of
/// them; with `copy=False` it returns read-only views of the buffers themselves (the same two arrays
/// every call), overwritten by the next call (copy what you keep): the fast path, no large allocation
/// and no flag set per call. The small arrays (seats, rewards,
/// `done`) are fresh every call.
#[pyclass(module = "sylvan._sylvan")]
pub struct VectorGame {
    inner: VectorGames,
    copy: bool,
    /// The buffers Rust writes into (writeable, never handed out).
    obs: Py<PyArray2<f32>>,
    mask: Py<PyArray2<i8>>,
    /// Read-only views of them, made once: what a call returns (or copies), so that a call sets no
    /// flags.
    obs_view: Py<PyArray2<f32>>,
    mask_view: Py<PyArray2<i8>>,
    written: Written,
}

type Arrays<'py> = (
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray2<i8>>,
    Bound<'py, PyArray1<i64>>,
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray1<bool>>,
);

/// A read-only view of `a` (the same memory: it shows every later write into `a`).
fn read_only<'py, T: PyTypeCheck>(a: &Bound<'py, T>) -> PyResult<Bound<'py, T>> {
    let view = a.as_any().call_method0("view")?;
    view.call_method1("setflags", (false,))?;
    Ok(view.cast_into::<T>()?)
}

/// A fresh copy of `a` (`copy=True`), else `a`.
fn out<'py, T: PyTypeCheck>(a: Bound<'py, T>, copy: bool) -> PyResult<Bound<'py, T>> {
    if !copy {
        return Ok(a);
    }
    Ok(a.as_any().call_method0("copy")?.cast_into::<T>()?)
}

impl VectorGame {
    /// Runs `f` (the GIL released) on the buffers, read-only again afterwards, and returns them (or
    /// copies).
    fn run<'py>(
        &mut self,
        py: Python<'py>,
        f: impl FnOnce(&mut VectorGames, BatchMut<'_>, &mut Written) -> Result<(), String> + Send,
    ) -> PyResult<Arrays<'py>> {
        let (obs, mask) = (self.obs.bind(py), self.mask.bind(py));
        let n = self.inner.len();
        let mut player = vec![0i64; n];
        let mut rewards = vec![0f32; n * self.inner.seats()];
        let mut done = vec![false; n];
        let result = {
            let (mut o, mut m) = (obs.try_readwrite()?, mask.try_readwrite()?);
            let slice = |e: numpy::AsSliceError| err(format!("a VectorGame buffer is not contiguous: {e}"));
            let b = BatchMut {
                obs: o.as_slice_mut().map_err(slice)?,
                mask: m.as_slice_mut().map_err(slice)?,
                player: &mut player,
                rewards: &mut rewards,
                done: &mut done,
            };
            let (inner, written) = (&mut self.inner, &mut self.written);
            py.detach(|| f(inner, b, written))
        };
        result.map_err(err)?;
        let copy = self.copy;
        Ok((
            out(self.obs_view.bind(py).clone(), copy)?,
            out(self.mask_view.bind(py).clone(), copy)?,
            PyArray1::from_vec(py, player),
            PyArray1::from_vec(py, rewards).reshape([n, self.inner.seats()])?,
            PyArray1::from_vec(py, done),
        ))
    }
}

#[pymethods]
impl VectorGame {
    #[new]
    #[pyo3(signature = (game, num_games, seed=0, copy=true))]
    fn py_new(py: Python<'_>, game: &Game, num_games: usize, seed: u64, copy: bool) -> PyResult<VectorGame> {
        let inner = VectorGames::new(game.entry, &game.options, num_games, seed).map_err(err)?;
        let n = inner.len();
        let obs = PyArray2::<f32>::zeros(py, [n, inner.obs_len()], false);
        let mask = PyArray2::<i8>::zeros(py, [n, inner.num_actions()], false);
        let (obs_view, mask_view) = (read_only(&obs)?.unbind(), read_only(&mask)?.unbind());
        Ok(VectorGame {
            inner,
            copy,
            obs: obs.unbind(),
            mask: mask.unbind(),
            obs_view,
            mask_view,
            written: Written::default(),
        })
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

    /// Whether each call returns fresh copies of the arrays (`True`) or the reused read-only buffers.
    #[getter]
    fn copy(&self) -> bool {
        self.copy
    }

    /// Games finished so far.
    #[getter]
    fn games_finished(&self) -> u64 {
        self.inner.finished()
    }

    /// The observations `[n, obs]` (of each game's seat to move), legal masks `[n, actions]`, seats to
    /// move `[n]`, zero rewards `[n, players]` and no `done` `[n]`, without changing anything.
    fn observe<'py>(&mut self, py: Python<'py>) -> PyResult<Arrays<'py>> {
        self.run(py, |v, b, w| v.observe_into(b, w))
    }

    /// Applies one action id per game (each for its seat to move), restarts the games that ended, and
    /// returns `(observation, legal_mask, current_player, rewards, done)` as `observe()` does: `rewards`
    /// holds the returns of a game that ended on this step (its slot has `done` set and already holds the
    /// next game). Every action is checked first: an illegal one is an error naming its slot, and then no
    /// game has moved (the masks in hand stay true).
    fn step<'py>(&mut self, py: Python<'py>, actions: &Bound<'py, PyAny>) -> PyResult<Arrays<'py>> {
        let actions = read_actions(actions)?;
        self.run(py, |v, b, w| v.step_into(&actions, b, w))
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
