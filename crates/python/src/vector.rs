//! `VectorGame`: many games of one kind stepped together, the GIL released while Rust works. Finished
//! games restart at once from the next seed, so every slot always holds a game in progress.

use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::prelude::*;
use sylvan_engine::GameRng;
use sylvan_engine::erased::DynGame;
use sylvan_registry::{Entry, Observation};

use crate::err;
use crate::game::{Game, State, observe, read_actions};

/// `num_games` games of one game, stepped together. Game `i` starts from `seed + i`; each game that ends
/// restarts from the next unused seed (`seed + num_games`, `seed + num_games + 1`, ... in order of
/// slot).
#[pyclass(module = "sylvan._sylvan")]
pub struct VectorGame {
    entry: &'static Entry,
    games: Vec<Box<dyn DynGame>>,
    next_seed: u64,
    obs_len: usize,
    actions: usize,
    seats: usize,
    finished: u64,
}

/// What one call gives back, before it becomes numpy arrays.
struct Batch {
    obs: Vec<f32>,
    mask: Vec<i8>,
    player: Vec<i64>,
    rewards: Vec<f32>,
    done: Vec<bool>,
}

type Arrays<'py> = (
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray2<i8>>,
    Bound<'py, PyArray1<i64>>,
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray1<bool>>,
);

impl VectorGame {
    /// Writes slot `i`'s observation (of its seat to move) and legal mask into the batch.
    fn write(&self, i: usize, b: &mut Batch, obs: &mut Observation, legal: &mut Vec<usize>) -> Result<(), String> {
        let g = &self.games[i];
        let seat = g.to_move().ok_or("a finished game was not restarted")?;
        observe(self.entry, &**g, seat, obs)?;
        b.obs[i * self.obs_len..(i + 1) * self.obs_len].copy_from_slice(obs.values());
        g.legal_ids(legal);
        for &id in legal.iter() {
            if id < self.actions {
                b.mask[i * self.actions + id] = 1;
            }
        }
        b.player[i] = i64::from(seat.0);
        Ok(())
    }

    fn batch(&self) -> Batch {
        let n = self.games.len();
        Batch {
            obs: vec![0.0; n * self.obs_len],
            mask: vec![0; n * self.actions],
            player: vec![0; n],
            rewards: vec![0.0; n * self.seats],
            done: vec![false; n],
        }
    }

    /// Restarts slot `i` if its game is over, after recording its returns; returns whether it did.
    fn finish(&mut self, i: usize, b: &mut Batch) -> Result<bool, String> {
        let g = &mut self.games[i];
        if !g.is_terminal() {
            return Ok(false);
        }
        if let Some(o) = g.outcome() {
            for (k, r) in o.returns().iter().enumerate().take(self.seats) {
                b.rewards[i * self.seats + k] = *r as f32;
            }
        }
        b.done[i] = true;
        self.finished += 1;
        let seed = self.next_seed;
        self.next_seed = self.next_seed.wrapping_add(1);
        g.restart(seed).map_err(|e| format!("{} seed {seed}: {e}", self.entry.name()))?;
        Ok(true)
    }

    fn arrays<'py>(&self, py: Python<'py>, b: Batch) -> PyResult<Arrays<'py>> {
        let n = self.games.len();
        Ok((
            PyArray1::from_vec(py, b.obs).reshape([n, self.obs_len])?,
            PyArray1::from_vec(py, b.mask).reshape([n, self.actions])?,
            PyArray1::from_vec(py, b.player),
            PyArray1::from_vec(py, b.rewards).reshape([n, self.seats])?,
            PyArray1::from_vec(py, b.done),
        ))
    }
}

#[pymethods]
impl VectorGame {
    #[new]
    #[pyo3(signature = (game, num_games, seed=0))]
    fn py_new(game: &Game, num_games: usize, seed: u64) -> PyResult<VectorGame> {
        if num_games == 0 {
            return Err(err("num_games must be at least 1"));
        }
        let obs_len = game.observation_tensor_size_checked()?;
        let mut games = Vec::with_capacity(num_games);
        for i in 0..num_games as u64 {
            let mut g = game.entry.game().new_game(&game.options, seed.wrapping_add(i)).map_err(err)?;
            g.keep_events(false);
            games.push(g);
        }
        let seats = games[0].num_seats();
        Ok(VectorGame {
            entry: game.entry,
            games,
            next_seed: seed.wrapping_add(num_games as u64),
            obs_len,
            actions: game.entry.game().num_distinct_actions(),
            seats,
            finished: 0,
        })
    }

    /// The number of games.
    fn __len__(&self) -> usize {
        self.games.len()
    }

    /// A copy of the game in slot `i`, to inspect or continue on its own.
    fn state(&self, i: usize) -> PyResult<State> {
        let g = self.games.get(i).ok_or_else(|| err(format!("no game {i} of {}", self.games.len())))?;
        Ok(State::new(self.entry, g.clone_box()))
    }

    /// Games finished so far.
    #[getter]
    fn games_finished(&self) -> u64 {
        self.finished
    }

    /// The observations `[n, obs]` (of each game's seat to move), legal masks `[n, actions]`, seats to
    /// move `[n]`, zero rewards `[n, players]` and no `done` `[n]`, without changing anything.
    fn observe<'py>(&mut self, py: Python<'py>) -> PyResult<Arrays<'py>> {
        let this = &*self;
        let b = py
            .detach(|| -> Result<Batch, String> {
                let mut b = this.batch();
                let (mut obs, mut legal) = (Observation::new(), Vec::new());
                for i in 0..this.games.len() {
                    this.write(i, &mut b, &mut obs, &mut legal)?;
                }
                Ok(b)
            })
            .map_err(err)?;
        self.arrays(py, b)
    }

    /// Applies one action id per game (each for its seat to move), restarts the games that ended, and
    /// returns `(observation, legal_mask, current_player, rewards, done)` as `observe()` does: `rewards`
    /// holds the returns of a game that ended on this step (its slot has `done` set and already holds the
    /// next game). An illegal action is an error naming the slot; the games before it have moved.
    fn step<'py>(&mut self, py: Python<'py>, actions: &Bound<'py, PyAny>) -> PyResult<Arrays<'py>> {
        let actions = read_actions(actions)?;
        if actions.len() != self.games.len() {
            return Err(err(format!("{} actions for {} games", actions.len(), self.games.len())));
        }
        let b = py
            .detach(|| -> Result<Batch, String> {
                let mut b = self.batch();
                let (mut obs, mut legal) = (Observation::new(), Vec::new());
                for (i, &a) in actions.iter().enumerate() {
                    let id = usize::try_from(a).map_err(|_| format!("game {i}: no action id {a}"))?;
                    self.games[i].apply_id(id).map_err(|e| format!("game {i}: {e}"))?;
                    self.finish(i, &mut b)?;
                    self.write(i, &mut b, &mut obs, &mut legal)?;
                }
                Ok(b)
            })
            .map_err(err)?;
        self.arrays(py, b)
    }

    /// Plays `steps` uniformly random actions in every game (moves drawn from a generator seeded with
    /// `seed`), restarting the games that end; returns the number of actions applied. No observation
    /// is written: this is the engine's speed through the erased game.
    #[pyo3(signature = (steps, seed=0))]
    fn random_steps(&mut self, py: Python<'_>, steps: u64, seed: u64) -> PyResult<u64> {
        py.detach(|| -> Result<u64, String> {
            let mut rng = GameRng::new(seed);
            let mut b = self.batch();
            let mut applied = 0u64;
            for _ in 0..steps {
                for i in 0..self.games.len() {
                    let n = self.games[i].num_legal();
                    if n == 0 {
                        return Err(format!("game {i}: no legal action"));
                    }
                    self.games[i].apply_nth(rng.index(n)).map_err(|e| format!("game {i}: {e}"))?;
                    applied += 1;
                    self.finish(i, &mut b)?;
                }
            }
            Ok(applied)
        })
        .map_err(err)
    }
}
