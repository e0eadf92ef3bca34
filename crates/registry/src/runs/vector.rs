//! Many games of one kind stepped together, for learning code (the Python package's `VectorGame`): one
//! slot per game, each restarted from the next seed as soon as it ends, so every slot always holds a game
//! in progress. Each call writes flat row-major buffers: the observation of each slot's seat to move, its
//! legal-action mask, the seat, the returns of a game that ended on this call, and `done`.
//!
//! The mask of slot `i` is written from slot `i`'s legal list after the slot's action (and its restart,
//! if the game ended) in the same pass, so a mask always belongs to the game the slot holds when the call
//! returns.

use serde_json::Value;
use sylvan_engine::GameRng;
use sylvan_engine::erased::DynGame;

use crate::{Entry, Observation};

/// What one call gives back: row-major buffers, `n` rows each.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Batch {
    /// Observations, `n × obs_len`.
    pub obs: Vec<f32>,
    /// Legal masks (1 for each legal action id), `n × actions`.
    pub mask: Vec<i8>,
    /// The seat to move in each slot.
    pub player: Vec<i64>,
    /// The returns of a game that ended on this call, `n × seats` (0 elsewhere).
    pub rewards: Vec<f32>,
    /// Whether the slot's game ended on this call (the slot then holds the next game).
    pub done: Vec<bool>,
}

/// `n` games of one game, stepped together (see the module docs).
pub struct VectorGames {
    entry: &'static Entry,
    games: Vec<Box<dyn DynGame>>,
    next_seed: u64,
    obs_len: usize,
    actions: usize,
    seats: usize,
    finished: u64,
    legal: Vec<usize>,
    obs: Observation,
}

/// Sets `row[id]` for each legal id; an id past the row (more ids than the game declares) is an error, not
/// a silently missing action.
pub fn write_mask(legal: &[usize], row: &mut [i8]) -> Result<(), String> {
    let len = row.len();
    for &id in legal {
        let cell = row
            .get_mut(id)
            .ok_or_else(|| format!("legal action id {id} is not below the game's number of action ids ({len})"))?;
        *cell = 1;
    }
    Ok(())
}

impl VectorGames {
    /// `num_games` games with `options`, game `i` dealt from `seed + i`; games that end restart from
    /// `seed + num_games`, `seed + num_games + 1`, ... in the order they end (by slot within a call).
    pub fn new(entry: &'static Entry, options: &Value, num_games: usize, seed: u64) -> Result<VectorGames, String> {
        if num_games == 0 {
            return Err("num_games must be at least 1".to_owned());
        }
        let obs_len = entry
            .observation_layout(options)
            .map_err(|e| format!("{}: {e}", entry.name()))?
            .map(|o| o.values().len())
            .ok_or_else(|| format!("{} has no observation tensor", entry.name()))?;
        let mut games = Vec::with_capacity(num_games);
        for i in 0..num_games as u64 {
            let s = seed.wrapping_add(i);
            let mut g = entry.game().new_game(options, s).map_err(|e| format!("{} seed {s}: {e}", entry.name()))?;
            g.keep_events(false);
            games.push(g);
        }
        let seats = games[0].num_seats();
        Ok(VectorGames {
            entry,
            games,
            next_seed: seed.wrapping_add(num_games as u64),
            obs_len,
            actions: entry.game().num_distinct_actions(),
            seats,
            finished: 0,
            legal: Vec::new(),
            obs: Observation::new(),
        })
    }

    /// The game's registry entry.
    pub fn entry(&self) -> &'static Entry {
        self.entry
    }

    /// The number of games.
    pub fn len(&self) -> usize {
        self.games.len()
    }

    /// Always false: there is at least one game.
    pub fn is_empty(&self) -> bool {
        self.games.is_empty()
    }

    /// The game in slot `i`.
    pub fn game(&self, i: usize) -> Option<&dyn DynGame> {
        self.games.get(i).map(|g| &**g)
    }

    /// Games finished so far.
    pub fn finished(&self) -> u64 {
        self.finished
    }

    /// The length of one observation row.
    pub fn obs_len(&self) -> usize {
        self.obs_len
    }

    /// The length of one mask row (the game's number of action ids).
    pub fn num_actions(&self) -> usize {
        self.actions
    }

    /// The number of seats (the length of one rewards row).
    pub fn seats(&self) -> usize {
        self.seats
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

    /// Writes slot `i`'s observation (of its seat to move), legal mask and seat into `b`.
    fn write(&mut self, i: usize, b: &mut Batch) -> Result<(), String> {
        let g = &self.games[i];
        let seat = g.to_move().ok_or_else(|| format!("game {i}: a finished game was not restarted"))?;
        let view = g.view(seat).map_err(|e| format!("game {i}: {e}"))?;
        match self.entry.observe(&*view, &mut self.obs) {
            Some(r) => r.map_err(|e| format!("game {i}: {e}"))?,
            None => return Err(format!("{} has no observation tensor", self.entry.name())),
        }
        let values = self.obs.values();
        if values.len() != self.obs_len {
            return Err(format!(
                "game {i}: an observation of {} values, not {} ({} seat {seat}, move {})",
                values.len(),
                self.obs_len,
                self.entry.name(),
                g.move_number()
            ));
        }
        b.obs[i * self.obs_len..(i + 1) * self.obs_len].copy_from_slice(values);
        g.legal_ids(&mut self.legal);
        write_mask(&self.legal, &mut b.mask[i * self.actions..(i + 1) * self.actions])
            .map_err(|e| format!("game {i} ({} seat {seat}, move {}): {e}", self.entry.name(), g.move_number()))?;
        b.player[i] = i64::from(seat.0);
        Ok(())
    }

    /// Restarts slot `i` if its game is over, after writing its returns into `b`; returns whether it did.
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

    /// The observations, masks and seats of every slot, zero rewards and no `done`, changing nothing.
    pub fn observe(&mut self) -> Result<Batch, String> {
        let mut b = self.batch();
        for i in 0..self.games.len() {
            self.write(i, &mut b)?;
        }
        Ok(b)
    }

    /// Applies `actions[i]` (an action id) to slot `i` for its seat to move, restarts the games that
    /// ended, and returns what [`observe`](VectorGames::observe) would. Every action is checked before
    /// any is applied, so an illegal one is an error naming its slot that leaves every game unchanged.
    pub fn step(&mut self, actions: &[i64]) -> Result<Batch, String> {
        if actions.len() != self.games.len() {
            return Err(format!("{} actions for {} games", actions.len(), self.games.len()));
        }
        let mut ids = Vec::with_capacity(actions.len());
        for (i, (&a, g)) in actions.iter().zip(&self.games).enumerate() {
            let id = usize::try_from(a).map_err(|_| format!("game {i}: no action id {a}"))?;
            g.legal_ids(&mut self.legal);
            if !self.legal.contains(&id) {
                // The engine's own message (notation and why it is illegal), on a copy.
                let reason = g.clone_box().apply_id(id).err().map_or_else(|| "not legal".to_owned(), |e| e.to_string());
                return Err(format!("game {i}: {reason}"));
            }
            ids.push(id);
        }
        let mut b = self.batch();
        for (i, id) in ids.into_iter().enumerate() {
            self.games[i].apply_id(id).map_err(|e| format!("game {i}: {e}"))?;
            self.finish(i, &mut b)?;
            self.write(i, &mut b)?;
        }
        Ok(b)
    }

    /// Plays `steps` uniformly random actions in every slot (drawn from a generator seeded with `seed`),
    /// restarting the games that end; returns the number of actions applied. Writes no observation.
    pub fn random_steps(&mut self, steps: u64, seed: u64) -> Result<u64, String> {
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
    }
}
