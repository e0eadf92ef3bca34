//! Many games of one kind stepped together, for learning code (the Python package's `VectorGame`): one
//! slot per game, each restarted from the next seed as soon as it ends, so every slot always holds a game
//! in progress. Each call writes flat row-major buffers: the observation of each slot's seat to move, its
//! legal-action mask, the seat, the returns of a game that ended on this call, and `done`.
//!
//! The mask of slot `i` is written from slot `i`'s legal list after the slot's action (and its restart,
//! if the game ended) in the same pass, so a mask always belongs to the game the slot holds when the call
//! returns.
//!
//! The buffers are reused from call to call and updated in place ([`VectorGames::step_into`]): each
//! observation is written straight from the slot's state into its row ([`ObserveState`], through
//! [`Tensor`]: no view, no copy), and a row is changed only where the old or the new observation (or
//! legal mask) is nonzero ([`Written`] remembers where), so a step costs the values its tensor sets, not
//! its length. Resident sections ([`Tensor::with_memory`]: card sets, table cells, units) are changed
//! only where they differ from what the row's last write left there.

use serde_json::Value;
use sylvan_engine::erased::{DynGame, Erased};
use sylvan_engine::{Game, GameRng, Seat, Start};

use crate::Entry;
use crate::observe::{ObserveState, Tensor};

/// Builds the games of a batch ([`typed_slots`]).
pub(crate) type SlotsFn = fn(&Value, usize, u64) -> Result<Box<dyn Slots>, String>;

/// The games of a batch, typed inside, so that each observation is written from the state.
pub trait Slots: Send + Sync {
    /// The number of games.
    fn len(&self) -> usize;
    /// Whether there is no game.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The game in slot `i` (`i` below [`len`](Slots::len)).
    fn game(&self, i: usize) -> &dyn DynGame;
    /// The game in slot `i`, to change.
    fn game_mut(&mut self, i: usize) -> &mut dyn DynGame;
    /// Writes the observation of `seat` in slot `i`'s game into `out`.
    fn observe(&self, i: usize, seat: Seat, out: &mut Tensor<'_>);
}

struct TypedSlots<G: Game> {
    games: Vec<Erased<G>>,
}

impl<G: ObserveState> Slots for TypedSlots<G>
where
    G::View: 'static,
{
    fn len(&self) -> usize {
        self.games.len()
    }

    fn game(&self, i: usize) -> &dyn DynGame {
        &self.games[i]
    }

    fn game_mut(&mut self, i: usize) -> &mut dyn DynGame {
        &mut self.games[i]
    }

    fn observe(&self, i: usize, seat: Seat, out: &mut Tensor<'_>) {
        self.games[i].state().observe_state(seat, out);
    }
}

/// `num_games` games of `G` with `options`, game `i` dealt from `seed + i`, without events.
pub(crate) fn typed_slots<G: ObserveState>(
    options: &Value,
    num_games: usize,
    seed: u64,
) -> Result<Box<dyn Slots>, String>
where
    G::View: 'static,
{
    let typed: G::Options = serde_json::from_value(options.clone()).map_err(|e| format!("options: {e}"))?;
    let mut games = Vec::with_capacity(num_games);
    for i in 0..num_games as u64 {
        let s = seed.wrapping_add(i);
        let state = G::new(&typed, s).map_err(|e| format!("seed {s}: {e}"))?;
        let mut g = Erased::new(state, typed.clone(), Start::Seed { seed: s });
        g.keep_events(false);
        games.push(g);
    }
    Ok(Box::new(TypedSlots { games }))
}

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

/// Row-major output buffers that a call writes into, `n` rows each (the lengths of [`Batch`]).
#[derive(Debug)]
pub struct BatchMut<'a> {
    /// Observations, `n × obs_len`.
    pub obs: &'a mut [f32],
    /// Legal masks, `n × actions`.
    pub mask: &'a mut [i8],
    /// The seat to move in each slot.
    pub player: &'a mut [i64],
    /// The returns of a game that ended on this call, `n × seats`.
    pub rewards: &'a mut [f32],
    /// Whether the slot's game ended on this call.
    pub done: &'a mut [bool],
}

impl Batch {
    /// The buffers of this batch, to write into.
    pub fn as_mut(&mut self) -> BatchMut<'_> {
        BatchMut {
            obs: &mut self.obs,
            mask: &mut self.mask,
            player: &mut self.player,
            rewards: &mut self.rewards,
            done: &mut self.done,
        }
    }
}

/// Where a set of output buffers may hold nonzero observation values and mask entries: what the last
/// call wrote into them. It belongs with the buffers: pass the same one with the same buffers each call.
/// A new one (or one whose call failed) knows nothing, and the next call clears whole rows.
#[derive(Clone, Debug, Default)]
pub struct Written {
    obs: Vec<Vec<(u32, u32)>>,
    /// What the resident sections of each row hold ([`Tensor::with_memory`]).
    memory: Vec<Vec<u64>>,
    mask: Vec<Vec<u32>>,
    valid: bool,
}

/// `n` games of one game, stepped together (see the module docs).
pub struct VectorGames {
    entry: &'static Entry,
    games: Box<dyn Slots>,
    next_seed: u64,
    obs_len: usize,
    actions: usize,
    seats: usize,
    finished: u64,
    /// The legal action ids of each slot's game as last listed (by the last write, or by a check), what
    /// [`step_into`](VectorGames::step_into) checks actions against without listing them again.
    legal: Vec<Vec<usize>>,
    /// Whether `legal[i]` is the list of slot `i`'s game as it is now.
    legal_known: Vec<bool>,
    /// The index in `legal[i]` of the action a step applies to slot `i` (found by its check).
    nth: Vec<usize>,
    /// The buffers behind [`observe`](VectorGames::observe) and [`step`](VectorGames::step).
    out: Batch,
    out_written: Written,
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
        let games = entry
            .slots(options, num_games, seed)
            .ok_or_else(|| format!("{} has no observation tensor", entry.name()))?
            .map_err(|e| format!("{} {e}", entry.name()))?;
        let seats = games.game(0).num_seats();
        Ok(VectorGames {
            entry,
            games,
            next_seed: seed.wrapping_add(num_games as u64),
            obs_len,
            actions: entry.game().num_distinct_actions(),
            seats,
            finished: 0,
            legal: vec![Vec::new(); num_games],
            legal_known: vec![false; num_games],
            nth: vec![0; num_games],
            out: Batch::default(),
            out_written: Written::default(),
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
        (i < self.games.len()).then(|| self.games.game(i))
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

    /// A zeroed batch of this size.
    pub fn zeroed(&self) -> Batch {
        let n = self.games.len();
        Batch {
            obs: vec![0.0; n * self.obs_len],
            mask: vec![0; n * self.actions],
            player: vec![0; n],
            rewards: vec![0.0; n * self.seats],
            done: vec![false; n],
        }
    }

    /// Checks the lengths of `b` against this batch's size.
    fn check_lengths(&self, b: &BatchMut<'_>) -> Result<(), String> {
        let n = self.games.len();
        let want = [n * self.obs_len, n * self.actions, n, n * self.seats, n];
        let have = [b.obs.len(), b.mask.len(), b.player.len(), b.rewards.len(), b.done.len()];
        if want != have {
            return Err(format!("output buffers of lengths {have:?}, not {want:?} (obs, mask, player, rewards, done)"));
        }
        Ok(())
    }

    /// Writes slot `i`'s observation (of its seat to move), legal mask and seat into `b`, changing the
    /// rows only where `written` (what they held) or the new values are nonzero.
    fn write(&mut self, i: usize, b: &mut BatchMut<'_>, written: &mut Written) -> Result<(), String> {
        let g = self.games.game(i);
        let seat = g.to_move().ok_or_else(|| format!("game {i}: a finished game was not restarted"))?;
        let row = &mut b.obs[i * self.obs_len..(i + 1) * self.obs_len];
        let spans = &mut written.obs[i];
        for &(a, z) in spans.iter() {
            row[a as usize..z as usize].fill(0.0);
        }
        let mut t = Tensor::with_memory(row, spans, &mut written.memory[i]);
        self.games.observe(i, seat, &mut t);
        t.finish()
            .map_err(|e| format!("game {i}: {e} ({} seat {seat}, move {})", self.entry.name(), g.move_number()))?;
        let legal = &mut self.legal[i];
        g.legal_ids(legal);
        self.legal_known[i] = true;
        let row = &mut b.mask[i * self.actions..(i + 1) * self.actions];
        let old = &mut written.mask[i];
        for &k in old.iter() {
            row[k as usize] = 0;
        }
        old.clear();
        write_mask(legal, row)
            .map_err(|e| format!("game {i} ({} seat {seat}, move {}): {e}", self.entry.name(), g.move_number()))?;
        old.extend(legal.iter().map(|&id| id as u32));
        b.player[i] = i64::from(seat.0);
        Ok(())
    }

    /// Restarts slot `i` if its game is over, after writing its returns into `b`; returns whether it did.
    fn finish(&mut self, i: usize, b: &mut BatchMut<'_>) -> Result<bool, String> {
        let g = self.games.game_mut(i);
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

    /// Readies `b` and `written` for a call: rewards and `done` cleared, and whole rows cleared when
    /// `written` does not know what they hold.
    fn begin(&self, b: &mut BatchMut<'_>, written: &mut Written) -> Result<(), String> {
        self.check_lengths(b)?;
        let n = self.games.len();
        if !written.valid || written.obs.len() != n || written.mask.len() != n || written.memory.len() != n {
            b.obs.fill(0.0);
            b.mask.fill(0);
            written.obs = vec![Vec::new(); n];
            written.memory = vec![Vec::new(); n];
            written.mask = vec![Vec::new(); n];
        }
        // Until this call succeeds, the rows may hold values that `written` does not list.
        written.valid = false;
        b.rewards.fill(0.0);
        b.done.fill(false);
        Ok(())
    }

    /// Writes the observations, masks and seats of every slot into `b`, zero rewards and no `done`,
    /// changing no game. `written` must be what the last call with these buffers left (or new).
    pub fn observe_into(&mut self, mut b: BatchMut<'_>, written: &mut Written) -> Result<(), String> {
        self.begin(&mut b, written)?;
        for i in 0..self.games.len() {
            self.write(i, &mut b, written)?;
        }
        written.valid = true;
        Ok(())
    }

    /// [`step`](VectorGames::step), written into `b` (see [`observe_into`](VectorGames::observe_into)).
    pub fn step_into(&mut self, actions: &[i64], mut b: BatchMut<'_>, written: &mut Written) -> Result<(), String> {
        if actions.len() != self.games.len() {
            return Err(format!("{} actions for {} games", actions.len(), self.games.len()));
        }
        for (i, &a) in actions.iter().enumerate() {
            let g = self.games.game(i);
            let id = usize::try_from(a).map_err(|_| format!("game {i}: no action id {a}"))?;
            // The list the last call wrote into the mask, unless something else moved the game since.
            let legal = &mut self.legal[i];
            if !self.legal_known[i] {
                g.legal_ids(legal);
                self.legal_known[i] = true;
            }
            let Some(k) = legal.iter().position(|&x| x == id) else {
                // The engine's own message (notation and why it is illegal), on a copy.
                let reason = g.clone_box().apply_id(id).err().map_or_else(|| "not legal".to_owned(), |e| e.to_string());
                return Err(format!("game {i}: {reason}"));
            };
            self.nth[i] = k;
        }
        self.begin(&mut b, written)?;
        for i in 0..actions.len() {
            // Checked above: the action is the `nth[i]`-th of the game's legal list (in the game's legal
            // order, as `legal_ids` lists them), applied as such: no id to decode, no search.
            self.legal_known[i] = false;
            self.games.game_mut(i).apply_nth(self.nth[i]).map_err(|e| format!("game {i}: {e}"))?;
            self.finish(i, &mut b)?;
            self.write(i, &mut b, written)?;
        }
        written.valid = true;
        Ok(())
    }

    /// Runs `f` on the owned buffers behind [`observe`](VectorGames::observe) and
    /// [`step`](VectorGames::step), and returns a copy of them.
    fn owned(
        &mut self,
        f: impl FnOnce(&mut VectorGames, BatchMut<'_>, &mut Written) -> Result<(), String>,
    ) -> Result<Batch, String> {
        let mut out = std::mem::take(&mut self.out);
        let mut written = std::mem::take(&mut self.out_written);
        if out.player.len() != self.games.len() {
            out = self.zeroed();
            written = Written::default();
        }
        let r = f(self, out.as_mut(), &mut written);
        let copy = out.clone();
        self.out = out;
        self.out_written = written;
        r.map(|()| copy)
    }

    /// The observations, masks and seats of every slot, zero rewards and no `done`, changing nothing.
    pub fn observe(&mut self) -> Result<Batch, String> {
        self.owned(|v, b, w| v.observe_into(b, w))
    }

    /// Applies `actions[i]` (an action id) to slot `i` for its seat to move, restarts the games that
    /// ended, and returns what [`observe`](VectorGames::observe) would. Every action is checked before
    /// any is applied, so an illegal one is an error naming its slot that leaves every game unchanged.
    pub fn step(&mut self, actions: &[i64]) -> Result<Batch, String> {
        self.owned(|v, b, w| v.step_into(actions, b, w))
    }

    /// Plays `steps` uniformly random actions in every slot (drawn from a generator seeded with `seed`),
    /// restarting the games that end; returns the number of actions applied. Writes no observation.
    pub fn random_steps(&mut self, steps: u64, seed: u64) -> Result<u64, String> {
        let mut rng = GameRng::new(seed);
        let mut b = self.zeroed();
        let mut applied = 0u64;
        for _ in 0..steps {
            for i in 0..self.games.len() {
                let n = self.games.game(i).num_legal();
                if n == 0 {
                    return Err(format!("game {i}: no legal action"));
                }
                self.legal_known[i] = false;
                self.games.game_mut(i).apply_nth(rng.index(n)).map_err(|e| format!("game {i}: {e}"))?;
                applied += 1;
                self.finish(i, &mut b.as_mut())?;
            }
        }
        Ok(applied)
    }
}
