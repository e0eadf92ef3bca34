//! `Game`, `State` and `Bot`: one game with its options, one game in progress, and a bot by spec.

use std::sync::Mutex;

use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use serde_json::Value;
use sylvan_bots::{BotSpec, DynBot};
use sylvan_engine::Seat;
use sylvan_engine::erased::DynGame;
use sylvan_registry::runs::vector::write_mask;
use sylvan_registry::{Entry, Observation};

use crate::{entry, err, json};

/// `current_player()` once the game is over (OpenSpiel's `PlayerId.TERMINAL`).
pub const TERMINAL: i64 = -4;

/// A game with its options: made by `sylvan.load_game(name, players=None, **options)`.
#[pyclass(module = "sylvan._sylvan", frozen)]
pub struct Game {
    pub(crate) entry: &'static Entry,
    pub(crate) options: Value,
    players: usize,
    max_length: usize,
    obs_len: Option<usize>,
}

/// A realistic bound on the actions of one game, for sizing buffers: about twice the longest game
/// measured over thousands of random and heuristic games (`docs/measurements/python.md`), never above
/// the engine's proven `bound`. Command of Nature's scales with its turn limit.
fn realistic_max_length(name: &str, options: &Value, seats: usize, bound: usize) -> usize {
    let measured = match name {
        // Longest seen: 221 (2 players, random); 187 (3, heuristic).
        "equinox" => 500,
        // Longest seen: 72 (random); 53 (heuristic).
        "spirit-duel" => 150,
        // Longest seen at the default 60 turns: 1,288 (4 players, teams, random); 1,017 (heuristic).
        "command-of-nature" => {
            let limit = options.get("turn_limit").and_then(Value::as_u64).unwrap_or(60);
            let per_turn = if seats > 2 { 45 } else { 35 };
            usize::try_from(limit).unwrap_or(usize::MAX).saturating_mul(per_turn).saturating_add(seats)
        }
        // Longest seen: 1,005 (4 players, essential edition, random); 699 (4 players, base).
        "mystic-vale" => 2_500,
        _ => bound,
    };
    measured.min(bound)
}

impl Game {
    /// The game `name` for `players` seats (the minimum when `None`) with `NAME=VALUE` overrides.
    pub fn load(name: &str, players: Option<usize>, overrides: &[String]) -> PyResult<Game> {
        let entry = entry(name)?;
        let options = entry.game().options(players, overrides).map_err(err)?;
        let probe = entry.game().new_game(&options, 0).map_err(err)?;
        let obs_len = entry.observation_layout(&options).map_err(err)?.map(|o| o.values().len());
        let max_length = realistic_max_length(entry.name(), &options, probe.num_seats(), probe.max_game_length());
        Ok(Game { entry, options, players: probe.num_seats(), max_length, obs_len })
    }

    fn state(&self, inner: Box<dyn DynGame>) -> State {
        State::new(self.entry, inner)
    }

    /// The game `name` with options given as JSON (as `Game.options_json()` writes them).
    pub fn from_options(name: &str, options: &str) -> PyResult<Game> {
        let entry = entry(name)?;
        let options: Value = serde_json::from_str(options).map_err(|e| err(format!("options: {e}")))?;
        let probe = entry.game().new_game(&options, 0).map_err(err)?;
        let obs_len = entry.observation_layout(&options).map_err(err)?.map(|o| o.values().len());
        let max_length = realistic_max_length(entry.name(), &options, probe.num_seats(), probe.max_game_length());
        Ok(Game { entry, options, players: probe.num_seats(), max_length, obs_len })
    }
}

/// A seed nobody chose: different on every call (std's per-process random keys, and a counter).
fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(COUNTER.fetch_add(1, Ordering::Relaxed));
    h.finish()
}

/// `Game.__reduce__`'s constructor: the game `name` with options as JSON text.
#[pyfunction]
pub fn game_from_options(name: &str, options: &str) -> PyResult<Game> {
    Game::from_options(name, options)
}

#[pymethods]
impl Game {
    #[new]
    #[pyo3(signature = (name, players=None, overrides=Vec::new()))]
    fn py_new(name: &str, players: Option<usize>, overrides: Vec<String>) -> PyResult<Game> {
        Game::load(name, players, &overrides)
    }

    /// The game's name.
    #[getter]
    fn name(&self) -> &'static str {
        self.entry.name()
    }

    /// The options, as a dict.
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json::to_py(py, &self.options)
    }

    /// The number of seats.
    fn num_players(&self) -> usize {
        self.players
    }

    /// The number of distinct action ids (the length of `legal_actions_mask()`).
    fn num_distinct_actions(&self) -> usize {
        self.entry.game().num_distinct_actions()
    }

    /// A realistic bound on the number of actions of one game, for sizing buffers: about twice the
    /// longest game measured over thousands of random and heuristic games, never above the engine's
    /// proven bound (Mystic Vale's is 688,137, useless for buffers). No measured game came near it; a
    /// test plays more games against it.
    fn max_game_length(&self) -> usize {
        self.max_length
    }

    /// Facts about the game, with the names of OpenSpiel's `GameType`: every Sylvan game is sequential,
    /// with chance sampled inside the state (`sampled_stochastic`: no chance nodes; the deal and draws come
    /// from the state's seeded generator), imperfect information, general-sum returns in `[0, 1]` (a win
    /// 1, a victory shared by k seats 1/k each, a team's victory 1 for each partner, a draw the game's
    /// value for every seat) given at the end only.
    fn get_type<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let (lo, hi) = self.entry.game().player_range();
        let facts = serde_json::json!({
            "short_name": format!("sylvan_{}", self.entry.name().replace('-', "_")),
            "long_name": format!("Sylvan {}", self.entry.name()),
            "dynamics": "sequential",
            "chance_mode": "sampled_stochastic",
            "information": "imperfect_information",
            "utility": "general_sum",
            "reward_model": "terminal",
            "min_num_players": lo,
            "max_num_players": hi,
            "num_players": self.players,
            "min_utility": 0.0,
            "max_utility": 1.0,
            "max_game_length": self.max_length,
            "num_distinct_actions": self.entry.game().num_distinct_actions(),
            "provides_information_state_string": true,
            "provides_information_state_tensor": self.obs_len.is_some(),
            "provides_observation_string": true,
            "provides_observation_tensor": self.obs_len.is_some(),
        });
        json::to_py(py, &facts)
    }

    /// The length of `information_state_tensor()`: the observation tensor and one count per action id.
    fn information_state_tensor_size(&self) -> PyResult<usize> {
        Ok(self.obs_size()? + self.entry.game().num_distinct_actions())
    }

    /// The shape of `observation_tensor()`: `[length]`.
    fn observation_tensor_shape(&self) -> PyResult<Vec<usize>> {
        Ok(vec![self.obs_size()?])
    }

    /// The length of `observation_tensor()`.
    fn observation_tensor_size(&self) -> PyResult<usize> {
        self.obs_size()
    }

    /// The named sections of the observation tensor: `(name, offset, length)` in order.
    fn observation_layout(&self) -> PyResult<Vec<(&'static str, usize, usize)>> {
        let layout = self.entry.observation_layout(&self.options).map_err(err)?;
        let layout = layout.ok_or_else(|| err(format!("{} has no observation tensor", self.entry.name())))?;
        Ok(layout.sections().iter().map(|s| (s.name, s.offset, s.len)).collect())
    }

    /// A new game dealt from `seed`; without one, from a fresh random seed (so code written for
    /// OpenSpiel, which calls `new_initial_state()` once per episode, gets a new deal every time; the
    /// seed is in `to_record()`).
    #[pyo3(signature = (seed=None))]
    fn new_initial_state(&self, seed: Option<u64>) -> PyResult<State> {
        let seed = seed.unwrap_or_else(fresh_seed);
        Ok(self.state(self.entry.game().new_game(&self.options, seed).map_err(err)?))
    }

    /// The options as JSON text (what pickling keeps).
    fn options_json(&self) -> String {
        self.options.to_string()
    }

    fn __reduce__(slf: &Bound<'_, Self>) -> PyResult<(Py<PyAny>, (String, String))> {
        let py = slf.py();
        let f = py.import("sylvan._sylvan")?.getattr("game_from_options")?.unbind();
        let g = slf.get();
        Ok((f, (g.entry.name().to_owned(), g.options.to_string())))
    }

    /// A new game from an explicit setup (the JSON text of the game's setup), with `seed` for what the
    /// setup leaves to chance.
    #[pyo3(signature = (setup, seed=0))]
    fn new_state_from_setup(&self, setup: &str, seed: u64) -> PyResult<State> {
        let setup: Value = serde_json::from_str(setup).map_err(|e| err(format!("setup: {e}")))?;
        Ok(self.state(self.entry.game().with_setup(&self.options, &setup, seed).map_err(err)?))
    }

    fn __repr__(&self) -> String {
        format!("sylvan.load_game({:?}, players={})", self.entry.name(), self.players)
    }
}

impl Game {
    /// The length of the observation tensor (an error for a game without one).
    fn obs_size(&self) -> PyResult<usize> {
        self.obs_len.ok_or_else(|| err(format!("{} has no observation tensor", self.entry.name())))
    }
}

/// Replays a record (JSON text) of game `name`, checking every action; with `upto`, only its first
/// `upto` actions.
#[pyfunction]
#[pyo3(signature = (name, record, upto=None))]
pub fn replay(name: &str, record: &str, upto: Option<usize>) -> PyResult<State> {
    let entry = entry(name)?;
    let inner = entry.game().replay(record, upto).map_err(err)?;
    let history = replay_history(entry, record, upto);
    let mut state = State::new(entry, inner);
    state.history = history;
    Ok(state)
}

/// Who played which action id in the first `upto` (default: all) actions of a record (for the
/// information state), found by stepping its actions from the start; `None` when the record's notation
/// cannot be stepped that way (an older notation the replay translates).
fn replay_history(entry: &Entry, record: &str, upto: Option<usize>) -> Option<History> {
    let value: Value = serde_json::from_str(record).ok()?;
    let actions = value.get("actions")?.as_array()?;
    let mut g = entry.game().replay(record, Some(0)).ok()?;
    g.keep_events(false);
    let moves = upto.unwrap_or(actions.len()).min(actions.len());
    let mut entries = Vec::with_capacity(moves);
    for a in actions.iter().take(moves) {
        let seat = g.to_move()?;
        let id = g.apply_notation(a.as_str()?).ok()?;
        entries.push((seat.0, id));
    }
    Some(History { entries })
}

/// The actions played so far and by whom, for the information state. A state sampled for one seat
/// knows that seat's past actions and every action played since the sample; the other seats' actions
/// before the sample are what the seat could not know, so their information state starts at the sample.
#[derive(Clone, Debug)]
pub(crate) struct History {
    entries: Vec<(u8, usize)>,
}

/// One game in progress. Methods follow OpenSpiel's `pyspiel.State`.
#[pyclass(module = "sylvan._sylvan")]
pub struct State {
    pub(crate) entry: &'static Entry,
    pub(crate) inner: Box<dyn DynGame>,
    obs: Observation,
    legal: Vec<usize>,
    /// Who played what, when known (`None` for a state taken out of a `VectorGame`).
    history: Option<History>,
    /// Drawn by `resample_from_infostate` for this seat: not the real game, so it has no record.
    sampled_for: Option<u8>,
    /// Given a fresh generator by `clone(reseed=...)` with this seed: its chance is not the game's, so it
    /// has no record.
    reseeded: Option<u64>,
}

impl State {
    pub(crate) fn new(entry: &'static Entry, mut inner: Box<dyn DynGame>) -> State {
        inner.keep_events(false);
        let history = (inner.move_number() == 0).then(|| History { entries: Vec::new() });
        State { entry, inner, obs: Observation::new(), legal: Vec::new(), history, sampled_for: None, reseeded: None }
    }

    /// A state from a `VectorGame` slot, whose history is not kept.
    pub(crate) fn without_history(entry: &'static Entry, inner: Box<dyn DynGame>) -> State {
        let mut s = State::new(entry, inner);
        s.history = None;
        s
    }

    fn copy(&self) -> State {
        State {
            entry: self.entry,
            inner: self.inner.clone_box(),
            obs: Observation::new(),
            legal: Vec::new(),
            history: self.history.clone(),
            sampled_for: self.sampled_for,
            reseeded: self.reseeded,
        }
    }

    fn note(&mut self, seat: Option<Seat>, id: usize) {
        if let (Some(h), Some(s)) = (&mut self.history, seat) {
            h.entries.push((s.0, id));
        }
    }

    /// The ids `seat` played, in order (an error when this state does not know them).
    fn own_actions(&self, seat: Seat) -> PyResult<Vec<usize>> {
        let h = self.history.as_ref().ok_or_else(|| {
            err("this state does not know its history (taken from a VectorGame): replay its record to get one")
        })?;
        Ok(h.entries.iter().filter(|(s, _)| *s == seat.0).map(|&(_, id)| id).collect())
    }

    fn seat(&self, seat: Option<i64>) -> PyResult<Seat> {
        let n = self.inner.num_seats();
        match seat {
            Some(s) if s >= 0 && (s as usize) < n => Ok(Seat(s as u8)),
            Some(s) => Err(err(format!("seat {s} does not exist at a table of {n}"))),
            None => self.inner.to_move().ok_or_else(|| err("the game is over: name a seat")),
        }
    }
}

/// Writes the observation of `seat` of `game` into `obs`.
pub(crate) fn observe(entry: &Entry, game: &dyn DynGame, seat: Seat, obs: &mut Observation) -> Result<(), String> {
    let view = game.view(seat).map_err(|e| e.to_string())?;
    match entry.observe(&*view, obs) {
        Some(r) => r.map_err(|e| e.to_string()),
        None => Err(format!("{} has no observation tensor", entry.name())),
    }
}

#[pymethods]
impl State {
    /// The game's name.
    #[getter]
    fn game(&self) -> &'static str {
        self.entry.name()
    }

    /// The seat to move, or `sylvan.TERMINAL` (-4) once the game is over.
    fn current_player(&self) -> i64 {
        self.inner.to_move().map_or(TERMINAL, |s| i64::from(s.0))
    }

    /// The number of seats.
    fn num_players(&self) -> usize {
        self.inner.num_seats()
    }

    /// The number of actions applied so far.
    fn move_number(&self) -> usize {
        self.inner.move_number()
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.inner.is_terminal()
    }

    /// The ids of the legal actions, ascending (empty once the game is over).
    fn legal_actions(&mut self) -> Vec<usize> {
        self.inner.legal_ids(&mut self.legal);
        let mut ids = self.legal.clone();
        ids.sort_unstable();
        ids
    }

    /// A 0/1 `int8` array over every action id, 1 for the legal ones.
    fn legal_actions_mask<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i8>>> {
        self.inner.legal_ids(&mut self.legal);
        let mut mask = vec![0i8; self.entry.game().num_distinct_actions()];
        write_mask(&self.legal, &mut mask).map_err(err)?;
        Ok(PyArray1::from_vec(py, mask))
    }

    /// Applies the action with this id (an error, leaving the state unchanged, if it is not legal).
    fn apply_action(&mut self, action: usize) -> PyResult<()> {
        let seat = self.inner.to_move();
        self.inner.apply_id(action).map_err(err)?;
        self.note(seat, action);
        Ok(())
    }

    /// Applies the action written `text`; returns its id.
    fn apply_action_string(&mut self, text: &str) -> PyResult<usize> {
        let seat = self.inner.to_move();
        let id = self.inner.apply_notation(text).map_err(err)?;
        self.note(seat, id);
        Ok(id)
    }

    /// The notation of an action: `action_to_string(action)` or OpenSpiel's
    /// `action_to_string(player, action)`.
    #[pyo3(signature = (a, b=None))]
    fn action_to_string(&self, a: usize, b: Option<usize>) -> PyResult<String> {
        self.inner.notation(b.unwrap_or(a)).map_err(err)
    }

    /// The id of the action written `text`: `string_to_action(text)` or `string_to_action(player, text)`.
    #[pyo3(signature = (a, b=None))]
    fn string_to_action(&self, a: &Bound<'_, PyAny>, b: Option<&str>) -> PyResult<usize> {
        let text: String = match b {
            Some(t) => t.to_owned(),
            None => a.extract()?,
        };
        self.inner.action_id(&text).map_err(err)
    }

    /// The legal actions as `(id, notation, description)`, in the game's order.
    fn legal_actions_described(&self) -> Vec<(usize, String, String)> {
        self.inner.legal_actions().into_iter().map(|a| (a.id, a.notation, a.description)).collect()
    }

    /// Each seat's return: the game's result (win 1, loss 0 or the game's own scale) once it is over,
    /// zeros before.
    fn returns(&self) -> Vec<f64> {
        match self.inner.outcome() {
            Some(o) => o.returns().to_vec(),
            None => vec![0.0; self.inner.num_seats()],
        }
    }

    /// Each seat's score as the rulebook counts it.
    fn scores(&self) -> Vec<f64> {
        self.inner.scores()
    }

    /// The winning seats once the game is over (several on a shared win; empty on a draw or before).
    fn winners(&self) -> Vec<usize> {
        self.inner.outcome().map(|o| o.winners().iter().map(|s| s.index()).collect()).unwrap_or_default()
    }

    /// What `seat` (default: the seat to move) may see, as a dict.
    #[pyo3(signature = (seat=None))]
    fn view<'py>(&self, py: Python<'py>, seat: Option<i64>) -> PyResult<Bound<'py, PyAny>> {
        let view = self.inner.view(self.seat(seat)?).map_err(err)?;
        json::to_py(py, &view.to_json())
    }

    /// What `seat` (default: the seat to move) may see, as the terminal shows it.
    #[pyo3(signature = (seat=None))]
    fn observation_string(&self, seat: Option<i64>) -> PyResult<String> {
        Ok(self.inner.view(self.seat(seat)?).map_err(err)?.text())
    }

    /// The observation tensor of `seat` (default: the seat to move): a `float32` array of the game's
    /// fixed length, written from that seat's view only.
    #[pyo3(signature = (seat=None))]
    fn observation_tensor<'py>(&mut self, py: Python<'py>, seat: Option<i64>) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let seat = self.seat(seat)?;
        observe(self.entry, &*self.inner, seat, &mut self.obs).map_err(err)?;
        Ok(PyArray1::from_slice(py, self.obs.values()))
    }

    /// An exact copy of the game: every hidden card **and the future draws** (the generator) included,
    /// as OpenSpiel's `clone()`. A search must not play on it for a seat: it would see the future. Use
    /// `resample_from_infostate(seat, seed)` for a state consistent with what that seat knows.
    ///
    /// `clone(reseed=s)`: the same copy, but all chance from now on (shuffles, dice rolls, random picks)
    /// comes from a fresh generator seeded with `s`, so two reseeds give two futures: what a search that
    /// may see the whole present (a perfect-information search, or one run on a `resample_from_infostate`
    /// sample) uses to sample unseen chance. Cards already in order in the state (a draw pile shuffled
    /// earlier) stay in that order: to sample those, use `resample_from_infostate`. A reseeded copy is not
    /// the real game: it has no record (`to_record` and pickling are errors).
    #[pyo3(signature = (reseed=None))]
    fn clone(&self, reseed: Option<u64>) -> PyResult<State> {
        let mut copy = self.copy();
        if let Some(seed) = reseed {
            copy.inner = self.entry.reseed(&*self.inner, seed).map_err(err)?;
            copy.inner.keep_events(false);
            copy.reseeded = Some(seed);
        }
        Ok(copy)
    }

    /// The seed given to `clone(reseed=...)` for this state (or the state it was copied from), else `None`.
    fn reseeded(&self) -> Option<u64> {
        self.reseeded
    }

    fn __copy__(&self) -> State {
        self.copy()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> State {
        self.copy()
    }

    /// A full state consistent with what `player` may see now, drawn with `seed` (a fresh random seed
    /// when `None`): the cards hidden from `player` and every future draw are sampled (the engine's
    /// `determinize`), so `resample_from_infostate(p, s).observation_tensor(p)` equals
    /// `observation_tensor(p)`. The sample has no record; its information state for `player` is the real
    /// one, for the other seats it counts their actions from the sample on.
    #[pyo3(signature = (player, seed=None))]
    fn resample_from_infostate(&self, player: i64, seed: Option<u64>) -> PyResult<State> {
        let seat = self.seat(Some(player))?;
        let inner = self.inner.determinize(seat, seed.unwrap_or_else(fresh_seed)).map_err(err)?;
        let mut s = State::new(self.entry, inner);
        s.history = match self.own_actions(seat) {
            Ok(ids) => Some(History { entries: ids.into_iter().map(|id| (seat.0, id)).collect() }),
            Err(_) => None,
        };
        s.sampled_for = Some(seat.0);
        Ok(s)
    }

    /// The seat this state was sampled for by `resample_from_infostate`, else `None`.
    fn sampled_for(&self) -> Option<u8> {
        self.sampled_for
    }

    /// What `seat` knows: its view as text, then the notation of every action it played, in order.
    #[pyo3(signature = (seat=None))]
    fn information_state_string(&self, seat: Option<i64>) -> PyResult<String> {
        let seat = self.seat(seat)?;
        let mut text = self.inner.view(seat).map_err(err)?.text();
        let own = self.own_actions(seat)?;
        let played: Vec<String> =
            own.iter().map(|&id| self.inner.notation(id)).collect::<Result<_, _>>().map_err(err)?;
        text.push_str(&format!("\n{seat} played ({}): {}\n", played.len(), played.join(" ")));
        Ok(text)
    }

    /// What `seat` knows, as numbers: its observation tensor followed by how many times it played each
    /// action id (`num_distinct_actions()` counts), `float32` of `information_state_tensor_size()`.
    #[pyo3(signature = (seat=None))]
    fn information_state_tensor<'py>(
        &mut self,
        py: Python<'py>,
        seat: Option<i64>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let seat = self.seat(seat)?;
        let own = self.own_actions(seat)?;
        observe(self.entry, &*self.inner, seat, &mut self.obs).map_err(err)?;
        let n = self.entry.game().num_distinct_actions();
        let mut out = Vec::with_capacity(self.obs.values().len() + n);
        out.extend_from_slice(self.obs.values());
        let base = out.len();
        out.resize(base + n, 0.0);
        for id in own {
            if let Some(c) = out.get_mut(base + id) {
                *c += 1.0;
            }
        }
        Ok(PyArray1::from_vec(py, out))
    }

    /// The game's record (JSON text): options, start, every action, and the scores once it is over.
    /// A sampled state (`resample_from_infostate`) has none: an error.
    fn to_record(&self) -> PyResult<String> {
        if let Some(s) = self.sampled_for {
            return Err(err(format!("this state was sampled for seat {s}: it is not a game with a record")));
        }
        if let Some(seed) = self.reseeded {
            return Err(err(format!("this state was reseeded (seed {seed}): it is not a game with a record")));
        }
        Ok(self.inner.record().to_string())
    }

    fn __reduce__(slf: &Bound<'_, Self>) -> PyResult<(Py<PyAny>, (String, String))> {
        let py = slf.py();
        let s = slf.borrow();
        let record = s.to_record()?;
        let f = py.import("sylvan._sylvan")?.getattr("replay")?.unbind();
        Ok((f, (s.entry.name().to_owned(), record)))
    }

    /// Who plays `seat` when the game plays it itself (the solo Robot), else `None`.
    fn automated_seat(&self, seat: i64) -> PyResult<Option<String>> {
        let who = self.inner.automated_seat(self.seat(Some(seat))?);
        Ok(who.map(|m| self.inner.message_text(&m, sylvan_engine::Locale::En).unwrap_or_else(|| m.id.to_owned())))
    }

    fn __repr__(&self) -> String {
        format!("<sylvan.State {} move {}>", self.entry.name(), self.inner.move_number())
    }
}

/// A bot by spec (`random`, `heuristic`, `ismcts:iters=1000`, ...): it chooses from the view of the seat
/// to move and the legal ids, never from the full state. It binds to the first game it plays.
#[pyclass(module = "sylvan._sylvan", frozen)]
pub struct Bot {
    spec: BotSpec,
    seed: u64,
    built: Mutex<Option<(&'static str, Box<dyn DynBot>)>>,
}

#[pymethods]
impl Bot {
    #[new]
    #[pyo3(signature = (spec, seed=0))]
    fn py_new(spec: &str, seed: u64) -> PyResult<Bot> {
        let spec: BotSpec = spec.parse().map_err(err)?;
        Ok(Bot { spec, seed, built: Mutex::new(None) })
    }

    /// The spec, as text.
    #[getter]
    fn spec(&self) -> String {
        self.spec.to_string()
    }

    /// The id of the action this bot plays in `state`, for the seat to move (the GIL is released while it
    /// thinks).
    fn step(&self, py: Python<'_>, state: &State) -> PyResult<usize> {
        self.with_bot(py, state, |bot, view, legal| bot.choose(view, legal))
    }

    /// What a searching bot thinks of `state` for the seat to move, without playing: per legal id (in
    /// `legal_actions()` order), `(id, visits, mean return of the seat to move)` from one search at the
    /// bot's budget; `None` for bots that do not search. The GIL is released while it thinks.
    fn action_values(&self, py: Python<'_>, state: &State) -> PyResult<Option<Vec<(usize, u64, f64)>>> {
        let values = self.with_bot(py, state, |bot, view, legal| {
            Ok(bot.action_values(view, legal)?.map(|v| legal.iter().zip(v).map(|(&id, (n, q))| (id, n, q)).collect()))
        })?;
        Ok(values)
    }

    fn __repr__(&self) -> String {
        format!("sylvan.Bot({:?}, seed={})", self.spec.to_string(), self.seed)
    }
}

impl Bot {
    /// Runs `f` on this bot (built for `state`'s game on first use) with the view of the seat to move
    /// and its legal ids, the GIL released.
    fn with_bot<T: Send>(
        &self,
        py: Python<'_>,
        state: &State,
        f: impl FnOnce(
            &mut dyn DynBot,
            &dyn sylvan_engine::erased::DynView,
            &[usize],
        ) -> Result<T, sylvan_engine::erased::DynError>
        + Send,
    ) -> PyResult<T> {
        let seat = state.inner.to_move().ok_or_else(|| err("the game is over"))?;
        let view = state.inner.view(seat).map_err(err)?;
        let mut legal = Vec::new();
        state.inner.legal_ids(&mut legal);
        let game = state.entry.name();
        let mut guard = self.built.lock().map_err(|_| err("the bot failed in another thread"))?;
        if guard.is_none() {
            *guard = Some((game, state.entry.bot(&self.spec, self.seed).map_err(err)?));
        }
        let Some((bound, bot)) = guard.as_mut() else { return Err(err("the bot could not be built")) };
        if *bound != game {
            return Err(err(format!("this bot plays {bound}, not {game}")));
        }
        let bot: &mut dyn DynBot = &mut **bot;
        py.detach(|| f(bot, &*view, &legal)).map_err(err)
    }
}

/// The action ids of a `VectorGame.step`: an `int64` array of any strides, or any sequence of ints.
pub(crate) fn read_actions(actions: &Bound<'_, PyAny>) -> PyResult<Vec<i64>> {
    if let Ok(a) = actions.cast::<PyArray1<i64>>() {
        let a = a.readonly();
        // Any strides: a column `a[:, 0]` or a reversed view is read element by element.
        return Ok(match a.as_slice() {
            Ok(s) => s.to_vec(),
            Err(_) => a.as_array().iter().copied().collect(),
        });
    }
    actions.extract::<Vec<i64>>()
}
