//! The server's games in memory: the lobby (create, join, list), play (actions, undo, bots, clock)
//! and the subscribers of each game. The full state of a game exists only here; everything sent out
//! is built by [`seat_update`] from what the receiving seat may see.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, RwLock};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use sylvan_bots::{BotSpec, DynBot};
use sylvan_engine::erased::{DynEvent, DynGame, DynView};
use sylvan_engine::{Lang, Seat};
use sylvan_registry::{Entry, Registry, analysis};
use thiserror::Error;
use tokio::sync::mpsc;

use crate::protocol::{ServerMessage, seat_update_in};
use crate::store::{SeatKind, Store, StoreError, StoredGame, StoredSeat};
use crate::table::Table;
use crate::token;

/// A refused request: what the client is told (and the HTTP status it maps to).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ApiError {
    /// The request is malformed or not allowed now.
    #[error("{0}")]
    Bad(String),
    /// No such game or seat.
    #[error("{0}")]
    NotFound(String),
    /// Missing or wrong token.
    #[error("{0}")]
    Forbidden(String),
    /// The request came too late or conflicts with another one (a stale move, a taken seat).
    #[error("{0}")]
    Conflict(String),
    /// The server failed (storage); nothing changed.
    #[error("{0}")]
    Internal(String),
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> ApiError {
        ApiError::Internal(format!("storage failed, nothing changed: {e}"))
    }
}

impl From<getrandom::Error> for ApiError {
    fn from(e: getrandom::Error) -> ApiError {
        ApiError::Internal(format!("no random bits from the system: {e}"))
    }
}

/// Limits that protect the server from clients.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The largest WebSocket message or HTTP body accepted, in bytes.
    pub max_message: usize,
    /// Messages a connection may send per second, on average.
    pub rate_per_sec: f64,
    /// Messages a connection may send in a burst.
    pub burst: f64,
    /// Games the server holds at most.
    pub max_games: usize,
    /// Messages queued for a connection before it is cut as too slow.
    pub queue: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits { max_message: 16 * 1024, rate_per_sec: 20.0, burst: 40.0, max_games: 100_000, queue: 256 }
    }
}

/// A seat asked for when creating a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum SeatRequest {
    /// Left open for anyone to join.
    Open,
    /// Played by the server's bot of this spec (`heuristic`, `ismcts:ms=500`...).
    Bot {
        /// The bot spec.
        spec: String,
    },
    /// Taken by the creator, who gets its token.
    Taken {
        /// An optional display name.
        #[serde(default)]
        name: Option<String>,
    },
}

/// A request to create a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateRequest {
    /// The game's name.
    pub game: String,
    /// The number of seats (the game's minimum by default).
    #[serde(default)]
    pub players: Option<usize>,
    /// Options as `NAME=VALUE`.
    #[serde(default)]
    pub options: Vec<String>,
    /// One entry per seat (all open when empty).
    #[serde(default)]
    pub seats: Vec<SeatRequest>,
    /// The seed of the deal (random by default).
    #[serde(default)]
    pub seed: Option<u64>,
    /// A per-move clock for people, in milliseconds: when it runs out the server plays the heuristic
    /// move for the seat.
    #[serde(default)]
    pub clock_ms: Option<u64>,
    /// Every seat may ask for hints (the analysis bot's advice), even against people: whoever takes
    /// a seat of such a game agrees. Without it, only a seat whose opponents are all bots may.
    #[serde(default)]
    pub hints: bool,
}

/// A seat's token, given once.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ticket {
    /// The seat.
    pub seat: Seat,
    /// Its token: the only way to act for it.
    pub token: String,
}

/// A request to join a game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JoinRequest {
    /// The seat wanted (the first open one by default).
    #[serde(default)]
    pub seat: Option<usize>,
    /// An optional display name.
    #[serde(default)]
    pub name: Option<String>,
}

/// One seat in a game's summary.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatSummary {
    /// The seat.
    pub seat: Seat,
    /// `open`, `bot`, `taken` or `automated`.
    pub kind: String,
    /// The bot spec, for a bot seat.
    pub bot: Option<String>,
    /// The display name, if any.
    pub name: Option<String>,
}

/// A game as the lobby lists it (nothing hidden).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameSummary {
    /// The game's id.
    pub id: String,
    /// The game's name.
    pub game: String,
    /// The options.
    pub options: Value,
    /// The seats.
    pub seats: Vec<SeatSummary>,
    /// The number of actions played.
    #[serde(rename = "move")]
    pub move_number: usize,
    /// The seat to move.
    pub to_move: Option<Seat>,
    /// `open` (a seat is open), `running` or `finished`.
    pub status: String,
    /// The per-move clock, in milliseconds.
    pub clock_ms: Option<u64>,
    /// Every seat may ask for hints (the game was created with `hints`).
    pub hints: bool,
    /// Seconds since the Unix epoch when it was created.
    pub created: u64,
}

/// A connection's end of a game: its seat and the messages for it.
pub struct Subscription {
    /// The game.
    pub room: Arc<Room>,
    /// The seat (`None`: a spectator).
    pub seat: Option<Seat>,
    /// The messages (JSON text) for the connection.
    pub rx: mpsc::Receiver<Arc<str>>,
    /// The same queue, for the connection's own replies (errors).
    pub tx: mpsc::Sender<Arc<str>>,
    /// The language of the texts sent to the connection.
    pub lang: Lang,
    id: u64,
}

struct Subscriber {
    id: u64,
    seat: Option<Seat>,
    lang: Lang,
    tx: mpsc::Sender<Arc<str>>,
}

/// One game on the server.
pub struct Room {
    id: String,
    game: String,
    options: Value,
    seed: u64,
    created: u64,
    clock_ms: Option<u64>,
    hints: bool,
    /// An analysis (a hint or a chart) is running: one at a time per game.
    analyzing: AtomicBool,
    /// The analysis of the finished game, once made.
    analysis: Mutex<Option<Arc<Value>>>,
    state: Mutex<RoomState>,
}

struct RoomState {
    table: Table,
    seats: Vec<StoredSeat>,
    bots: Vec<Option<Box<dyn DynBot>>>,
    /// Per action: its id, who played it, whether it may be undone.
    history: Vec<(usize, Seat, bool)>,
    subs: Vec<Subscriber>,
    bots_running: bool,
    finished_saved: bool,
    deadline: Option<Instant>,
}

impl Room {
    /// The game's id.
    pub fn id(&self) -> &str {
        &self.id
    }

    fn lock(&self) -> MutexGuard<'_, RoomState> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The server: the registry of games, the store, and every game in memory.
pub struct Server {
    catalog: Registry,
    store: Box<dyn Store>,
    rooms: RwLock<BTreeMap<String, Arc<Room>>>,
    limits: Limits,
    next_sub: AtomicU64,
}

fn now_secs() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

fn seat_ok(n: usize) -> Seat {
    Seat(u8::try_from(n).unwrap_or(u8::MAX))
}

impl Server {
    /// A server over `store`, with every stored game loaded and replayed to its current move. Call
    /// [`resume`](Server::resume) inside the runtime to let bots and clocks go on.
    pub fn open(catalog: Registry, store: Box<dyn Store>, limits: Limits) -> Result<Arc<Server>, String> {
        let server =
            Server { catalog, store, rooms: RwLock::new(BTreeMap::new()), limits, next_sub: AtomicU64::new(1) };
        let games = server.store.load_all().map_err(|e| e.to_string())?;
        let mut rooms = BTreeMap::new();
        for g in games {
            let room = server.restore(g)?;
            rooms.insert(room.id.clone(), Arc::new(room));
        }
        *server.rooms.write().unwrap_or_else(PoisonError::into_inner) = rooms;
        Ok(Arc::new(server))
    }

    /// The limits in force.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// The games offered: every game of the registry.
    pub fn catalog(&self) -> &Registry {
        &self.catalog
    }

    fn entry(&self, name: &str) -> Result<&Entry, ApiError> {
        self.catalog.get(name).map_err(|_| {
            let known: Vec<&str> = self.catalog.listed().map(|e| e.game().name()).collect();
            ApiError::NotFound(format!("unknown game `{name}` (known games: {})", known.join(", ")))
        })
    }

    fn restore(&self, g: StoredGame) -> Result<Room, String> {
        let bad = |m: String| format!("stored game {} ({}): {m}", g.id, g.game);
        let entry = self.entry(&g.game).map_err(|e| bad(e.to_string()))?;
        let options: Value = serde_json::from_str(&g.options).map_err(|e| bad(format!("options: {e}")))?;
        let mut table = Table::deal(entry, &options, g.seed).map_err(|e| bad(e.to_string()))?;
        table.game_mut().keep_events(false);
        let mut history = Vec::with_capacity(g.actions.len());
        for (n, (text, undoable)) in g.actions.iter().enumerate() {
            let seat = table.game().to_move().ok_or_else(|| bad(format!("action {n} `{text}` after the end")))?;
            let id = table.game().action_id(text).map_err(|e| bad(format!("action {n}: {e}")))?;
            // A game stored by an older version may use an older notation.
            let id = table.game().legacy_id(id).unwrap_or(id);
            table.apply(id, false).map_err(|e| bad(format!("action {n}: {e}")))?;
            history.push((id, seat, *undoable));
        }
        table.game_mut().keep_events(true);
        let bots = self.build_bots(entry, &g.seats, g.seed).map_err(bad)?;
        Ok(Room {
            id: g.id,
            game: g.game,
            options,
            seed: g.seed,
            created: g.created,
            clock_ms: g.clock_ms,
            hints: g.hints,
            analyzing: AtomicBool::new(false),
            analysis: Mutex::new(None),
            state: Mutex::new(RoomState {
                table,
                seats: g.seats,
                bots,
                history,
                subs: Vec::new(),
                bots_running: false,
                finished_saved: g.record.is_some(),
                deadline: None,
            }),
        })
    }

    fn build_bots(
        &self,
        entry: &Entry,
        seats: &[StoredSeat],
        seed: u64,
    ) -> Result<Vec<Option<Box<dyn DynBot>>>, String> {
        seats
            .iter()
            .enumerate()
            .map(|(i, s)| match &s.kind {
                SeatKind::Bot(spec) => {
                    let spec: BotSpec = spec.parse().map_err(|e| format!("seat {i}: {e}"))?;
                    let bot_seed = sylvan_bots::bot_seed(seed, 0, i);
                    entry.bot(&spec, bot_seed).map(Some).map_err(|e| format!("seat {i}: {e}"))
                }
                _ => Ok(None),
            })
            .collect()
    }

    /// Lets every game go on after a start: bots to move play, clocks run.
    pub fn resume(self: &Arc<Self>) {
        for room in self.rooms().into_iter() {
            let mut st = room.lock();
            self.schedule(&room, &mut st);
        }
    }

    fn rooms(&self) -> Vec<Arc<Room>> {
        self.rooms.read().unwrap_or_else(PoisonError::into_inner).values().cloned().collect()
    }

    /// The game with this id.
    pub fn room(&self, id: &str) -> Result<Arc<Room>, ApiError> {
        self.rooms
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .get(id)
            .cloned()
            .ok_or_else(|| ApiError::NotFound(format!("no game `{id}`")))
    }

    /// Creates a game; returns its id and the tokens of the seats taken by the creator.
    pub fn create(self: &Arc<Self>, req: &CreateRequest) -> Result<(String, Vec<Ticket>), ApiError> {
        if self.rooms.read().unwrap_or_else(PoisonError::into_inner).len() >= self.limits.max_games {
            return Err(ApiError::Bad("the server holds as many games as it may".into()));
        }
        let entry = self.entry(&req.game)?;
        if let Some(o) = req.options.iter().find(|o| o.split('=').next().is_some_and(|n| n.trim() == "cards")) {
            return Err(ApiError::Bad(format!("option `{o}`: card files cannot be chosen through the server")));
        }
        let options = entry.game().options(req.players, &req.options).map_err(|e| ApiError::Bad(e.to_string()))?;
        let seed = match req.seed {
            Some(s) => s,
            None => token::new_seed()?,
        };
        let mut table = Table::deal(entry, &options, seed).map_err(|e| ApiError::Bad(e.to_string()))?;
        let n = table.game().num_seats();
        let asked: Vec<SeatRequest> = if req.seats.is_empty() { vec![SeatRequest::Open; n] } else { req.seats.clone() };
        if asked.len() != n {
            return Err(ApiError::Bad(format!("{} seats given for a table of {n}", asked.len())));
        }
        if req.clock_ms.is_some_and(|c| c < 100) {
            return Err(ApiError::Bad("clock_ms: at least 100".into()));
        }
        let mut seats = Vec::with_capacity(n);
        let mut tickets = Vec::new();
        for (i, s) in asked.iter().enumerate() {
            if table.game().automated_seat(seat_ok(i)).is_some() {
                seats.push(StoredSeat { kind: SeatKind::Automated, token_hash: None, name: None });
                continue;
            }
            seats.push(match s {
                SeatRequest::Open => StoredSeat { kind: SeatKind::Open, token_hash: None, name: None },
                SeatRequest::Bot { spec } => {
                    let parsed: BotSpec = spec.parse().map_err(|e| ApiError::Bad(format!("seat {i}: {e}")))?;
                    entry.bot(&parsed, 0).map_err(|e| ApiError::Bad(format!("seat {i}: {e}")))?;
                    StoredSeat { kind: SeatKind::Bot(parsed.to_string()), token_hash: None, name: None }
                }
                SeatRequest::Taken { name } => {
                    let t = token::new_token()?;
                    let hash = token::hash_token(&t);
                    tickets.push(Ticket { seat: seat_ok(i), token: t });
                    StoredSeat { kind: SeatKind::Taken, token_hash: Some(hash), name: clean_name(name.as_deref())? }
                }
            });
        }
        let id = token::new_game_id()?;
        let stored = StoredGame {
            id: id.clone(),
            game: entry.game().name().to_owned(),
            options: options.to_string(),
            seed,
            clock_ms: req.clock_ms,
            created: now_secs(),
            seats: seats.clone(),
            actions: Vec::new(),
            record: None,
            hints: req.hints,
        };
        self.store.create(&stored)?;
        let bots = self.build_bots(entry, &seats, seed).map_err(ApiError::Bad)?;
        table.game_mut().keep_events(true);
        let room = Arc::new(Room {
            id: id.clone(),
            game: stored.game,
            options,
            seed,
            created: stored.created,
            clock_ms: req.clock_ms,
            hints: req.hints,
            analyzing: AtomicBool::new(false),
            analysis: Mutex::new(None),
            state: Mutex::new(RoomState {
                table,
                seats,
                bots,
                history: Vec::new(),
                subs: Vec::new(),
                bots_running: false,
                finished_saved: false,
                deadline: None,
            }),
        });
        self.rooms.write().unwrap_or_else(PoisonError::into_inner).insert(id.clone(), room.clone());
        let mut st = room.lock();
        self.schedule(&room, &mut st);
        drop(st);
        Ok((id, tickets))
    }

    /// Takes an open seat (the first one when none is named); returns its ticket.
    pub fn join(&self, id: &str, req: &JoinRequest) -> Result<Ticket, ApiError> {
        let room = self.room(id)?;
        let mut st = room.lock();
        let open = |i: usize| st.seats.get(i).is_some_and(|s| s.kind == SeatKind::Open);
        let seat = match req.seat {
            Some(i) if i >= st.seats.len() => {
                return Err(ApiError::NotFound(format!("seat {i} does not exist (seats 0 to {})", st.seats.len() - 1)));
            }
            Some(i) if !open(i) => return Err(ApiError::Conflict(format!("seat {i} is not open"))),
            Some(i) => i,
            None => (0..st.seats.len()).find(|&i| open(i)).ok_or_else(|| ApiError::Conflict("no open seat".into()))?,
        };
        if st.table.game().is_terminal() {
            return Err(ApiError::Conflict("the game is over".into()));
        }
        let name = clean_name(req.name.as_deref())?;
        let t = token::new_token()?;
        let hash = token::hash_token(&t);
        if !self.store.take_seat(id, seat, &hash, name.as_deref())? {
            return Err(ApiError::Conflict(format!("seat {seat} is not open")));
        }
        st.seats[seat] = StoredSeat { kind: SeatKind::Taken, token_hash: Some(hash), name };
        Ok(Ticket { seat: seat_ok(seat), token: t })
    }

    /// The games, optionally only those of one status (`open`, `running`, `finished`).
    pub fn list(&self, status: Option<&str>) -> Vec<GameSummary> {
        self.rooms().iter().map(|r| summary(r, &r.lock())).filter(|s| status.is_none_or(|w| s.status == w)).collect()
    }

    /// One game's summary.
    pub fn summary(&self, id: &str) -> Result<GameSummary, ApiError> {
        let room = self.room(id)?;
        let st = room.lock();
        Ok(summary(&room, &st))
    }

    /// The record of a finished game (the JSON `sylvan replay` reads). A running game's record would
    /// tell its seed, so it is refused.
    pub fn record(&self, id: &str) -> Result<Value, ApiError> {
        let room = self.room(id)?;
        let st = room.lock();
        if !st.table.game().is_terminal() {
            return Err(ApiError::Conflict("the record of a game is given once it is over".into()));
        }
        Ok(record_of(&room, &st))
    }

    /// The record so far of a game (in progress or over) and the seat `token` holds (`None`: a
    /// spectator), for the log a page shows on (re)connecting. The record stays on the server: callers
    /// send only what the seat saw of it.
    pub fn record_for(&self, id: &str, token: Option<&str>) -> Result<(Value, Option<Seat>), ApiError> {
        let room = self.room(id)?;
        let st = room.lock();
        let seat = match token {
            None => None,
            Some(t) => Some(
                st.seats
                    .iter()
                    .position(|s| s.token_hash.as_deref().is_some_and(|h| token::token_matches(t, h)))
                    .map(seat_ok)
                    .ok_or_else(|| ApiError::Forbidden("this token holds no seat of this game".into()))?,
            ),
        };
        Ok((record_of(&room, &st), seat))
    }

    /// Connects to a game: with a token, as its seat; without, as a spectator. The first message
    /// (the current state) is already queued.
    pub fn subscribe(&self, id: &str, token: Option<&str>) -> Result<Subscription, ApiError> {
        self.subscribe_in(id, token, Lang::En)
    }

    /// [`subscribe`](Server::subscribe), with the texts the connection gets in `lang`.
    pub fn subscribe_in(&self, id: &str, token: Option<&str>, lang: Lang) -> Result<Subscription, ApiError> {
        let room = self.room(id)?;
        let mut st = room.lock();
        let seat = match token {
            None => None,
            Some(t) => {
                let i = st
                    .seats
                    .iter()
                    .position(|s| s.token_hash.as_deref().is_some_and(|h| token::token_matches(t, h)))
                    .ok_or_else(|| ApiError::Forbidden("this token holds no seat of this game".into()))?;
                Some(seat_ok(i))
            }
        };
        let (tx, rx) = mpsc::channel(self.limits.queue);
        let sid = self.next_sub.fetch_add(1, Ordering::Relaxed);
        let msg = message_for(&room, &st, seat, Vec::new(), lang);
        // A new queue has room for its first message.
        let _ = tx.try_send(msg);
        st.subs.push(Subscriber { id: sid, seat, lang, tx: tx.clone() });
        drop(st);
        Ok(Subscription { room, seat, rx, tx, lang, id: sid })
    }

    /// Queues the current state for a connection again (no events).
    pub fn resync(&self, sub: &Subscription) -> Result<(), ApiError> {
        let st = sub.room.lock();
        let msg = message_for(&sub.room, &st, sub.seat, Vec::new(), sub.lang);
        sub.tx.try_send(msg).map_err(|_| ApiError::Conflict("too many messages queued".into()))
    }

    /// Forgets a connection.
    pub fn unsubscribe(&self, sub: &Subscription) {
        sub.room.lock().subs.retain(|s| s.id != sub.id);
    }

    /// Plays an action for `seat`, answering move `move_number`: by notation or by id.
    pub fn act(
        self: &Arc<Self>,
        room: &Arc<Room>,
        seat: Seat,
        move_number: usize,
        action: Option<&str>,
        id: Option<usize>,
    ) -> Result<(), ApiError> {
        let mut st = room.lock();
        let game = st.table.game();
        decision_at(game, seat, move_number)?;
        let id = match (action, id) {
            (Some(text), None) => game.action_id(text).map_err(|e| ApiError::Bad(e.to_string()))?,
            (None, Some(id)) => id,
            _ => return Err(ApiError::Bad("give the action as `action` (notation) or `id`, not both".into())),
        };
        let mut legal = Vec::new();
        game.legal_ids(&mut legal);
        if !legal.contains(&id) {
            let what = game.notation(id).map_err(|e| ApiError::Bad(e.to_string()))?;
            return Err(ApiError::Bad(format!("`{what}` is not a legal action now")));
        }
        self.commit(room, &mut st, seat, id, true)
    }

    /// Stores then applies a legal action, and tells everybody.
    fn commit(
        self: &Arc<Self>,
        room: &Arc<Room>,
        st: &mut RoomState,
        seat: Seat,
        id: usize,
        person: bool,
    ) -> Result<(), ApiError> {
        let game = st.table.game();
        let n = game.move_number();
        let notation = game.notation(id).map_err(|e| ApiError::Bad(e.to_string()))?;
        // Whether it may be undone is known once applied; it is applied to a copy first, and the copy
        // replaces the game only once the action is stored.
        let mut next = st.table.clone();
        let undoable = next.apply(id, person).map_err(|e| ApiError::Internal(e.to_string()))?;
        self.store.append(&room.id, n, &notation, undoable)?;
        st.table = next;
        st.history.push((id, seat, undoable));
        self.changed(room, st, None);
        Ok(())
    }

    /// Takes back `seat`'s last action, answering move `move_number`.
    pub fn undo(self: &Arc<Self>, room: &Arc<Room>, seat: Seat, move_number: usize) -> Result<(), ApiError> {
        let mut st = room.lock();
        if st.table.game().is_terminal() {
            return Err(ApiError::Conflict("the game is over".into()));
        }
        if move_number != st.table.game().move_number() {
            return Err(ApiError::Conflict(format!(
                "stale undo: this answers move {move_number}, the game is at move {}",
                st.table.game().move_number()
            )));
        }
        if !can_undo(&st, seat) {
            return Err(ApiError::Conflict(format!("{seat} cannot take back the last action")));
        }
        let n = st.history.len() - 1;
        let mut table = st.table.clone();
        table.undo_last().map_err(|e| ApiError::Internal(e.to_string()))?;
        let taken_back = st.table.game().notation(st.history[n].0).unwrap_or_default();
        self.store.truncate(&room.id, n)?;
        st.table = table;
        st.history.pop();
        let note = DynEvent {
            text: format!("{seat} took back `{taken_back}`"),
            json: json!({ "undo": { "seat": seat, "action": taken_back } }),
        };
        self.changed(room, &mut st, Some(note));
        Ok(())
    }

    /// After a change: tell every subscriber, keep the record of a finished game, let bots and the
    /// clock go on.
    fn changed(self: &Arc<Self>, room: &Arc<Room>, st: &mut RoomState, note: Option<DynEvent>) {
        let mut dead = Vec::new();
        // Each seat's message (and the spectators' one) is built once, whoever many connections it has.
        let mut built: Vec<(Recipient, Arc<str>)> = Vec::new();
        for sub in &st.subs {
            let msg = match built.iter().find(|(key, _)| *key == (sub.seat, sub.lang)) {
                Some((_, msg)) => msg.clone(),
                None => {
                    let mut events = st.table.game().events_in(sub.seat, sub.lang);
                    events.extend(note.clone());
                    let msg = message_for(room, st, sub.seat, events, sub.lang);
                    built.push(((sub.seat, sub.lang), msg.clone()));
                    msg
                }
            };
            if sub.tx.try_send(msg).is_err() {
                dead.push(sub.id);
            }
        }
        // A connection that cannot keep up is cut; it may reconnect and get the state afresh.
        st.subs.retain(|s| !dead.contains(&s.id));
        st.table.game_mut().clear_events();
        if st.table.game().is_terminal() && !st.finished_saved {
            let record = record_of(room, st).to_string();
            match self.store.finish(&room.id, &record) {
                Ok(()) => st.finished_saved = true,
                Err(e) => eprintln!("sylvan-server: game {}: keeping the record failed: {e}", room.id),
            }
        }
        self.schedule(room, st);
    }

    /// Starts the bots when one is to move, and the clock when a person is.
    fn schedule(self: &Arc<Self>, room: &Arc<Room>, st: &mut RoomState) {
        let Some(seat) = st.table.game().to_move() else { return };
        let n = st.table.game().move_number();
        if st.bots.get(seat.index()).is_some_and(Option::is_some) {
            if !st.bots_running {
                st.bots_running = true;
                tokio::spawn(run_bots(self.clone(), room.clone()));
            }
        } else if let Some(ms) = room.clock_ms {
            st.deadline = Some(Instant::now() + Duration::from_millis(ms));
            let (server, room) = (self.clone(), room.clone());
            tokio::spawn(async move {
                tokio::time::sleep(Duration::from_millis(ms)).await;
                server.clock_ran_out(&room, n);
            });
        }
    }

    /// Prepares a hint for the seat holding `token`, at move `move_number`: the analysis bot's
    /// preferred move and its win probability from the seat's view only. Refused for a seat that may
    /// not have hints ([`hints_allowed`]), when it is not its decision, and while another analysis of
    /// the game runs. Run the returned job on a blocking thread.
    pub fn hint(&self, id: &str, token: &str, move_number: usize, lang: Lang) -> Result<HintJob, ApiError> {
        let room = self.room(id)?;
        let st = room.lock();
        let seat = st
            .seats
            .iter()
            .position(|s| s.token_hash.as_deref().is_some_and(|h| token::token_matches(token, h)))
            .map(seat_ok)
            .ok_or_else(|| ApiError::Forbidden("this token holds no seat of this game".into()))?;
        if !hints_allowed(&room, &st, seat) {
            return Err(ApiError::Forbidden(
                "hints are given only to a seat whose opponents are all bots, or in a game created with \
                 `hints` (every seat agreed)"
                    .into(),
            ));
        }
        let game = st.table.game();
        decision_at(game, seat, move_number)?;
        let entry = self.entry(&room.game)?;
        let spec: BotSpec = HINT_BOT.parse().map_err(|e| ApiError::Internal(format!("{HINT_BOT}: {e}")))?;
        let bot = entry
            .judge(&spec, room.seed ^ ((move_number as u64) << 8) ^ seat.index() as u64)
            .map_err(|e| ApiError::Internal(e.to_string()))?;
        let mut legal = Vec::new();
        game.legal_ids(&mut legal);
        let view = game.view(seat).map_err(|e| ApiError::Internal(e.to_string()))?;
        let notations = legal.iter().map(|&a| game.notation(a).unwrap_or_default()).collect();
        let busy = Busy::take(&room)?;
        drop(st);
        Ok(HintJob { busy, bot, view, legal, notations, seat, move_number, lang })
    }

    /// The win-probability analysis of a finished game (`sylvan analyze --json`'s `decisions`, every
    /// seat), made once with a small budget per decision and a time cap, then kept. Run on a blocking
    /// thread.
    pub fn analysis(&self, id: &str) -> Result<Arc<Value>, ApiError> {
        let room = self.room(id)?;
        if let Some(done) = room.analysis.lock().unwrap_or_else(PoisonError::into_inner).clone() {
            return Ok(done);
        }
        let record = self.record(id)?;
        let _busy = Busy::take(&room)?;
        let entry = self.entry(&room.game)?;
        let spec: BotSpec = CHART_BOT.parse().map_err(|e| ApiError::Internal(format!("{CHART_BOT}: {e}")))?;
        let mut bot = entry.judge(&spec, room.seed).map_err(|e| ApiError::Internal(e.to_string()))?;
        let text = record.to_string();
        let actions: Vec<&str> =
            record.get("actions").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str).collect();
        let seats: Vec<Seat> = room.lock().seats.iter().enumerate().map(|(i, _)| seat_ok(i)).collect();
        let deadline = Instant::now() + CHART_TIME;
        let a = analysis::analyze(entry.game(), &text, &actions, &seats, &mut *bot, Some(deadline))
            .map_err(|e| ApiError::Internal(format!("analysis: {e}")))?;
        let report = Arc::new(json!({
            "game": room.game, "players": seats.len(), "bot": spec.to_string(),
            "plays": entry.levels().resolve(&spec).to_string(), "seed": room.seed, "seats": seats,
            "moves": actions.len(), "forced": a.forced, "complete": a.complete, "decisions": a.decisions,
        }));
        *room.analysis.lock().unwrap_or_else(PoisonError::into_inner) = Some(report.clone());
        Ok(report)
    }

    fn clock_ran_out(self: &Arc<Self>, room: &Arc<Room>, n: usize) {
        let mut st = room.lock();
        let game = st.table.game();
        let Some(seat) = game.to_move() else { return };
        // A timer of an earlier turn at the same move (the move was taken back since) is not this one.
        if game.move_number() != n || st.deadline.is_some_and(|d| Instant::now() < d) {
            return;
        }
        let Ok(entry) = self.entry(&room.game) else { return };
        let Ok(mut bot) = entry.bot(&BotSpec::Heuristic, room.seed ^ n as u64) else { return };
        let mut legal = Vec::new();
        game.legal_ids(&mut legal);
        let Ok(view) = game.view(seat) else { return };
        let id = bot.choose(&*view, &legal).ok().filter(|id| legal.contains(id)).or(legal.first().copied());
        if let Some(id) = id
            && let Err(e) = self.commit(room, &mut st, seat, id, false)
        {
            eprintln!("sylvan-server: game {}: clock move failed: {e}", room.id);
        }
    }
}

/// The analysis bot of hints: the `hard` level with a small budget (a hint answers within a second);
/// `expert`'s search where `hard` does not search ([`Entry::judge`](sylvan_registry::Entry::judge)).
pub const HINT_BOT: &str = "hard:iters=3000:ms=1000";
/// The analysis bot of a finished game's chart, per decision.
pub const CHART_BOT: &str = "hard:iters=300:ms=200";
/// The most time a chart's analysis takes; the decisions after it are left out (`complete: false`).
pub const CHART_TIME: Duration = Duration::from_secs(20);

/// Refuses a request for `seat` answering move `move_number` unless the game is still on and waits for
/// exactly that seat at exactly that move.
fn decision_at(game: &dyn DynGame, seat: Seat, move_number: usize) -> Result<(), ApiError> {
    if game.is_terminal() {
        return Err(ApiError::Conflict("the game is over".into()));
    }
    if move_number != game.move_number() {
        return Err(ApiError::Conflict(format!(
            "stale move: this answers move {move_number}, the game is at move {}",
            game.move_number()
        )));
    }
    if game.to_move() != Some(seat) {
        return Err(ApiError::Conflict(format!("it is not {seat}'s decision")));
    }
    Ok(())
}

/// Whether `seat` may ask for hints: the game was created with `hints`, or every other seat is a bot
/// (or played by the game). An open seat counts as a person to come.
fn hints_allowed(room: &Room, st: &RoomState, seat: Seat) -> bool {
    room.hints
        || st
            .seats
            .iter()
            .enumerate()
            .all(|(i, s)| i == seat.index() || matches!(s.kind, SeatKind::Bot(_) | SeatKind::Automated))
}

/// A game's analysis in progress: while it lives, no other analysis of the game starts.
pub struct Busy(Arc<Room>);

impl Busy {
    fn take(room: &Arc<Room>) -> Result<Busy, ApiError> {
        if room.analyzing.swap(true, Ordering::AcqRel) {
            return Err(ApiError::Conflict("an analysis of this game is running: ask again when it ends".into()));
        }
        Ok(Busy(room.clone()))
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.analyzing.store(false, Ordering::Release);
    }
}

/// A hint to compute (from [`Server::hint`]): the seat's view, its legal moves and the analysis bot.
pub struct HintJob {
    busy: Busy,
    bot: Box<dyn DynBot>,
    view: Box<dyn DynView>,
    legal: Vec<usize>,
    notations: Vec<String>,
    seat: Seat,
    move_number: usize,
    lang: Lang,
}

impl HintJob {
    /// Searches (within [`HINT_BOT`]'s budget) and answers `{move, seat, id, notation, description,
    /// win, iterations, bot}`: the preferred move and its estimated win probability for the seat.
    pub fn run(mut self) -> Result<Value, ApiError> {
        let values = self
            .bot
            .action_values(&*self.view, &self.legal)
            .map_err(|e| ApiError::Internal(e.to_string()))?
            .ok_or_else(|| ApiError::Internal(format!("`{HINT_BOT}` gives no estimates")))?;
        let n = values.len().min(self.legal.len());
        if n == 0 {
            return Err(ApiError::Internal("no legal move to advise".into()));
        }
        let best = analysis::preferred(&values[..n]);
        let id = self.legal[best];
        drop(self.busy);
        Ok(json!({
            "move": self.move_number, "seat": self.seat, "id": id, "notation": self.notations[best],
            "description": self.view.describe_in(id, self.lang).unwrap_or_default(), "win": values[best].1,
            "iterations": values.iter().map(|v| v.0).sum::<u64>(), "bot": HINT_BOT,
        }))
    }
}

/// Plays the bots of a game while one of them is to move, each decision on the blocking pool.
async fn run_bots(server: Arc<Server>, room: Arc<Room>) {
    loop {
        let (mut bot, view, legal, seat, n) = {
            let mut st = room.lock();
            let game = st.table.game();
            let Some(seat) = game.to_move() else {
                st.bots_running = false;
                return;
            };
            let n = game.move_number();
            let mut legal = Vec::new();
            game.legal_ids(&mut legal);
            let view = game.view(seat);
            let bot = st.bots.get_mut(seat.index()).and_then(Option::take);
            match (bot, view) {
                (Some(bot), Ok(view)) => (bot, view, legal, seat, n),
                (bot, _) => {
                    if let Some(b) = bot {
                        st.bots[seat.index()] = Some(b);
                    }
                    st.bots_running = false;
                    return;
                }
            }
        };
        let chosen = tokio::task::spawn_blocking(move || {
            let id = bot.choose(&*view, &legal).ok().filter(|id| legal.contains(id)).or(legal.first().copied());
            (bot, id)
        })
        .await;
        let mut st = room.lock();
        let Ok((bot, id)) = chosen else {
            st.bots_running = false;
            eprintln!("sylvan-server: game {}: a bot failed", room.id);
            return;
        };
        st.bots[seat.index()] = Some(bot);
        if st.table.game().move_number() != n {
            continue;
        }
        let Some(id) = id else {
            st.bots_running = false;
            return;
        };
        if let Err(e) = server.commit(&room, &mut st, seat, id, false) {
            st.bots_running = false;
            eprintln!("sylvan-server: game {}: bot move failed: {e}", room.id);
            return;
        }
    }
}

/// The game's record, with the options it was created with (a game may fill in options at its deal,
/// such as Command of Nature's Sages, which would replay as another deal).
fn record_of(room: &Room, st: &RoomState) -> Value {
    let mut record = st.table.game().record();
    record["options"] = room.options.clone();
    record
}

fn can_undo(st: &RoomState, seat: Seat) -> bool {
    !st.table.game().is_terminal() && st.history.last().is_some_and(|&(_, s, ok)| s == seat && ok)
}

/// Who a message is built for: a seat (`None`: the spectators) reading in a language.
type Recipient = (Option<Seat>, Lang);

fn message_for(room: &Room, st: &RoomState, seat: Option<Seat>, events: Vec<DynEvent>, lang: Lang) -> Arc<str> {
    let can_undo = seat.is_some_and(|s| can_undo(st, s));
    let mut update = seat_update_in(&room.id, st.table.game(), seat, events, can_undo, lang);
    update.hints = seat.is_some_and(|s| hints_allowed(room, st, s));
    if let Some(d) = st.deadline
        && room.clock_ms.is_some()
        && !update.over
    {
        update.clock_ms = Some(d.saturating_duration_since(Instant::now()).as_millis() as u64);
    }
    serde_json::to_string(&ServerMessage::State(Box::new(update))).unwrap_or_default().into()
}

fn summary(room: &Room, st: &RoomState) -> GameSummary {
    let game = st.table.game();
    let seats: Vec<SeatSummary> = st
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let (kind, bot) = match &s.kind {
                SeatKind::Open => ("open", None),
                SeatKind::Bot(spec) => ("bot", Some(spec.clone())),
                SeatKind::Taken => ("taken", None),
                SeatKind::Automated => ("automated", None),
            };
            SeatSummary { seat: seat_ok(i), kind: kind.to_owned(), bot, name: s.name.clone() }
        })
        .collect();
    let status = if game.is_terminal() {
        "finished"
    } else if st.seats.iter().any(|s| s.kind == SeatKind::Open) {
        "open"
    } else {
        "running"
    };
    GameSummary {
        id: room.id.clone(),
        game: room.game.clone(),
        options: room.options.clone(),
        seats,
        move_number: game.move_number(),
        to_move: game.to_move(),
        status: status.to_owned(),
        clock_ms: room.clock_ms,
        hints: room.hints,
        created: room.created,
    }
}

/// A display name: at most 40 characters, no control characters; empty means none.
fn clean_name(name: Option<&str>) -> Result<Option<String>, ApiError> {
    let Some(name) = name.map(str::trim).filter(|n| !n.is_empty()) else { return Ok(None) };
    if name.chars().count() > 40 || name.chars().any(char::is_control) {
        return Err(ApiError::Bad("name: at most 40 characters, no control characters".into()));
    }
    Ok(Some(name.to_owned()))
}
