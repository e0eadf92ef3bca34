//! The server's games in memory: the lobby (create, join, list), play (actions, undo, bots, clock)
//! and the subscribers of each game. The full state of a game exists only here; everything sent out
//! is built by [`seat_update`] from what the receiving seat may see.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, RwLock};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use sylvan_bots::{BotSpec, DynBot, SearchConfig};
use sylvan_engine::erased::{DynError, DynEvent, DynGame, DynView, GameType};
use sylvan_engine::{Locale, Seat};
use sylvan_registry::{Entry, Registry, analysis};
use thiserror::Error;
use tokio::sync::mpsc;

use crate::protocol::{ServerMessage, seat_update_in};
use crate::store::{SeatKind, Store, StoreError, StoredGame, StoredSeat};
use crate::table::Table;
use crate::token;
use crate::words::{Msg, MsgArg};

/// A refused request: what the client is told (and the HTTP status it maps to).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ApiError {
    /// The request is malformed or not allowed now.
    #[error("{0}")]
    Bad(Msg),
    /// No such game or seat.
    #[error("{0}")]
    NotFound(Msg),
    /// Missing or wrong token.
    #[error("{0}")]
    Forbidden(Msg),
    /// The request came too late or conflicts with another one (a stale move, a taken seat).
    #[error("{0}")]
    Conflict(Msg),
    /// The server failed (storage); nothing changed.
    #[error("{0}")]
    Internal(Msg),
    /// The body is not JSON (HTTP 415).
    #[error("{0}")]
    Unsupported(Msg),
    /// Too many requests: over a rate limit, or the heavy work's queue is full (HTTP 429). Nothing
    /// changed; ask again later.
    #[error("{0}")]
    Busy(Msg),
}

impl ApiError {
    /// What the client is told, before it is put in the client's language.
    pub fn message(&self) -> &Msg {
        match self {
            ApiError::Bad(m)
            | ApiError::NotFound(m)
            | ApiError::Forbidden(m)
            | ApiError::Conflict(m)
            | ApiError::Internal(m)
            | ApiError::Unsupported(m)
            | ApiError::Busy(m) => m,
        }
    }

    /// What the client is told, in `locale`.
    pub fn text(&self, locale: Locale) -> String {
        self.message().text(locale)
    }
}

/// A bot spec of a seat that does not read or build: the seat and the bots' error.
type SeatBotError = (usize, sylvan_bots::SpecError);

/// A refused setup (the game's own words for the field and the problem, in the request's language).
fn setup_error(game: &dyn GameType, e: &sylvan_engine::SetupError) -> Msg {
    let problem = MsgArg::localized(|l| sylvan_words::engine::setup_problem(game, e, l));
    msg!("invalid-setup", field = e.field.as_str(), message = problem)
}

/// A request the game refused (an action that does not read, an unknown id), in the game's own words
/// and the request's language.
fn game_error(game: &dyn DynGame, e: &DynError) -> Msg {
    msg!("detail", detail = MsgArg::localized(|l| sylvan_words::engine::dyn_error(game, e, l)))
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> ApiError {
        ApiError::Internal(msg!("storage-failed", detail = e.to_string()))
    }
}

impl From<getrandom::Error> for ApiError {
    fn from(e: getrandom::Error) -> ApiError {
        ApiError::Internal(msg!("no-random", detail = e.to_string()))
    }
}

/// Limits that protect the server from clients (`docs/public-server.md` lists them with their flags).
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
    /// Actions a game may hold at most: a game that reaches it goes no further (no action is taken, no
    /// bot plays, no clock runs) and, unfinished and unchanged, expires as others do. Options such as
    /// Command of Nature's `turn_limit` allow games far longer than anybody plays; this bounds the
    /// work and the disk one game may take.
    pub max_moves: usize,
    /// Messages queued for a connection before it is closed as too slow.
    pub queue: usize,
    /// The most milliseconds per decision a client may give a bot (`ms=`); a spec over it is refused.
    pub max_bot_ms: u32,
    /// The most iterations per decision a client may give a bot (`iters=`); a spec over it is refused.
    pub max_bot_iters: u32,
    /// The most threads a client may give a bot (`threads=`); a spec over it is refused.
    pub max_bot_threads: u8,
    /// Replays, analyses and hints computed at once (each on a blocking thread).
    pub heavy_workers: usize,
    /// Replays, analyses and hints waiting for a worker; beyond, a request gets 429.
    pub heavy_queue: usize,
    /// Bot decisions computed at once, over all games (each on a blocking thread); the others wait
    /// their turn, those of games where a person plays or may join first. Without it every game of bots
    /// would hold a thread of its own.
    pub bot_workers: usize,
    /// Time a client has to send a request's headers (and a TLS handshake), in milliseconds.
    pub header_timeout_ms: u64,
    /// Time a client has to send a request's body, in milliseconds.
    pub body_timeout_ms: u64,
    /// Time a WebSocket message may take to be written to a client, in milliseconds: a client that
    /// stops reading is closed after it.
    pub write_timeout_ms: u64,
    /// The server pings each WebSocket this often, in milliseconds; a connection from which nothing
    /// (not even the pong a browser sends by itself) comes for twice as long is closed. A client whose
    /// network went away then gives its connection back.
    pub ping_ms: u64,
    /// Open connections at most (HTTP and WebSocket); further ones are closed at once.
    pub max_connections: usize,
    /// Open connections one client address may hold at most (an IPv6 address counts by its /64);
    /// further ones are closed at once. Not kept behind a reverse proxy (`trust_forwarded`), whose
    /// address every connection has.
    pub max_connections_per_address: usize,
    /// Unfinished games one client address may have created at once (an IPv6 address by its /64):
    /// games with open seats nobody takes would otherwise fill the server until they expire.
    pub max_unfinished_per_address: usize,
    /// Games one client address may create per minute, on average.
    pub creates_per_minute: f64,
    /// Games one client address may create in a burst.
    pub create_burst: f64,
    /// A game not finished with no action (no seat taken, no move) for this many seconds is deleted.
    pub expire_after_secs: u64,
    /// Read the client's address from the last `X-Forwarded-For` entry (only behind a reverse proxy
    /// that sets it), for the creation rate limit.
    pub trust_forwarded: bool,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_message: 16 * 1024,
            rate_per_sec: 20.0,
            burst: 40.0,
            max_games: 100_000,
            max_moves: 20_000,
            queue: 256,
            max_bot_ms: 5_000,
            max_bot_iters: 20_000,
            max_bot_threads: 1,
            heavy_workers: 2,
            heavy_queue: 8,
            bot_workers: 4,
            header_timeout_ms: 10_000,
            body_timeout_ms: 10_000,
            write_timeout_ms: 10_000,
            ping_ms: 30_000,
            max_connections: 1_000,
            max_connections_per_address: 64,
            max_unfinished_per_address: 50,
            creates_per_minute: 10.0,
            create_burst: 30.0,
            expire_after_secs: 7 * 24 * 3600,
            trust_forwarded: false,
        }
    }
}

impl Limits {
    /// Refuses a bot spec whose budget is over the caps (resolved through the game's levels), naming
    /// the cap and the flag that raises it. A search with neither an iteration nor a time budget is
    /// refused too.
    pub fn check_bot(&self, entry: &Entry, spec: &BotSpec) -> Result<(), Msg> {
        let Some(SearchConfig { budget, threads, .. }) = entry.levels().resolve(spec).search() else { return Ok(()) };
        if let Some(ms) = budget.millis
            && ms > self.max_bot_ms
        {
            return Err(msg!("bot-over-ms", ms = ms, cap = self.max_bot_ms));
        }
        if let Some(n) = budget.iterations
            && n > self.max_bot_iters
        {
            return Err(msg!("bot-over-iters", iters = n, cap = self.max_bot_iters));
        }
        if budget.millis.is_none() && budget.iterations.is_none() {
            return Err(msg!("bot-no-budget"));
        }
        if threads > self.max_bot_threads {
            return Err(msg!("bot-over-threads", threads = threads, cap = self.max_bot_threads));
        }
        Ok(())
    }

    /// `spec` with the time cap where its search names iterations only: the search also stops once
    /// `max_bot_ms` have passed (read between iterations, so a decision may run over by the last
    /// iterations' playouts, which in a very long game are long).
    pub fn time_capped(&self, entry: &Entry, spec: BotSpec) -> BotSpec {
        let resolved = entry.levels().resolve(&spec);
        match resolved.search() {
            Some(mut cfg) if cfg.budget.millis.is_none() => {
                cfg.budget.millis = Some(self.max_bot_ms);
                resolved.with_search(cfg)
            }
            _ => spec,
        }
    }

    /// `spec` with its budget brought under the caps (for games stored before the caps, or under higher
    /// ones): what a restarted server plays.
    pub fn cap_bot(&self, entry: &Entry, spec: BotSpec) -> BotSpec {
        let cap = |mut cfg: SearchConfig| {
            cfg.budget.millis = Some(cfg.budget.millis.map_or(self.max_bot_ms, |m| m.min(self.max_bot_ms)));
            cfg.budget.iterations = cfg.budget.iterations.map(|n| n.min(self.max_bot_iters));
            cfg.threads = cfg.threads.clamp(1, self.max_bot_threads.max(1));
            cfg
        };
        if self.check_bot(entry, &spec).is_ok() {
            return spec;
        }
        let spec = entry.levels().resolve(&spec);
        match spec.search() {
            Some(cfg) => spec.with_search(cap(cfg)),
            None => spec,
        }
    }
}

/// The longest per-move clock a game may ask for (`clock_ms`): a day.
pub const MAX_CLOCK_MS: u64 = 24 * 3600 * 1000;

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
    /// The seat to move (none once finished or `stopped`).
    pub to_move: Option<Seat>,
    /// `open` (a seat is open), `running`, `finished`, or `stopped` (unfinished at the cap on actions,
    /// `--max-moves`: it goes no further).
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
    /// The locale of the texts sent to the connection.
    pub lang: Locale,
    /// Set when the server closes the connection (it could not keep up, or its game expired).
    pub kick: Arc<Kick>,
    id: u64,
}

/// Why the server closes a connection: a WebSocket close code and reason, and a way to wait for it.
#[derive(Default)]
pub struct Kick {
    reason: Mutex<Option<(u16, String)>>,
    notify: tokio::sync::Notify,
    /// The language of the reason (the connection's).
    locale: Locale,
}

impl Kick {
    /// A kick for a connection whose texts are in `locale`.
    pub fn new(locale: Locale) -> Kick {
        Kick { locale, ..Kick::default() }
    }

    /// Closes the connection with `code` and `reason`, in the connection's language (the first reason
    /// given wins).
    pub fn close(&self, code: u16, reason: Msg) {
        let mut r = self.reason.lock().unwrap_or_else(PoisonError::into_inner);
        if r.is_none() {
            *r = Some((code, reason.text(self.locale)));
        }
        drop(r);
        self.notify.notify_waiters();
        self.notify.notify_one();
    }

    /// The close code and reason, once given.
    pub fn reason(&self) -> Option<(u16, String)> {
        self.reason.lock().unwrap_or_else(PoisonError::into_inner).clone()
    }

    /// Waits until the connection is to be closed; returns the code and reason.
    pub async fn closed(&self) -> (u16, String) {
        loop {
            let notified = self.notify.notified();
            if let Some(r) = self.reason() {
                return r;
            }
            notified.await;
        }
    }
}

/// The WebSocket close code for a client that does not keep up or breaks a limit (policy violation).
pub const CLOSE_POLICY: u16 = 1008;
/// The WebSocket close code for a message over the size limit.
pub const CLOSE_TOO_BIG: u16 = 1009;
/// The WebSocket close code when the server ends a game's connections (its game expired).
pub const CLOSE_GOING_AWAY: u16 = 1001;

struct Subscriber {
    id: u64,
    seat: Option<Seat>,
    lang: Locale,
    tx: mpsc::Sender<Arc<str>>,
    kick: Arc<Kick>,
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
    /// Seconds since the Unix epoch of the last change (a seat taken, an action, an undo).
    active: AtomicU64,
    /// The address (its key, [`crate::net::address_key`]) that created the game through this process,
    /// for [`Limits::max_unfinished_per_address`]; none for a game loaded at start.
    creator: Option<std::net::IpAddr>,
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
    /// Deleted (expired, or gave way on a full server): no connection may join it any more.
    removed: bool,
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

/// A stored game that could not be loaded: set aside, listed with its error, its data downloadable.
#[derive(Clone, Debug)]
pub struct Broken {
    /// What was stored.
    pub stored: StoredGame,
    /// Why it cannot be loaded.
    pub error: String,
}

/// The server: the registry of games, the store, and every game in memory.
pub struct Server {
    catalog: Registry,
    store: Box<dyn Store>,
    rooms: RwLock<BTreeMap<String, Arc<Room>>>,
    broken: RwLock<BTreeMap<String, Broken>>,
    limits: Limits,
    next_sub: AtomicU64,
    public_url: RwLock<Option<String>>,
    creators: Mutex<Buckets>,
    joiners: Mutex<Buckets>,
    /// Held while a game is added: two creations on a full server make room one after the other.
    adding: Mutex<()>,
    /// Held while the private paths of a game's options are found for a spectator: spectators coming
    /// at once find them once, one set of options at a time.
    preparing: tokio::sync::Mutex<()>,
    pub(crate) heavy: crate::heavy::Heavy,
    /// The seats' logs' own pool (as large as the heavy one): a page's log never waits behind
    /// analyses and replays.
    pub(crate) logs: crate::heavy::Heavy,
    /// A worker per bot decision being computed ([`Limits::bot_workers`]), games with a person first.
    bot_workers: crate::bot_gate::BotGate,
}

/// Each client's token bucket of a rate limit (tokens, and when they were counted).
type Buckets = std::collections::HashMap<std::net::IpAddr, (f64, Instant)>;

fn now_secs() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

fn seat_ok(n: usize) -> Seat {
    Seat(u8::try_from(n).unwrap_or(u8::MAX))
}

impl Server {
    /// A server over `store`, with every stored game loaded and replayed to its current move. Call
    /// [`resume`](Server::resume) inside the runtime to let bots and clocks go on.
    ///
    /// A game that cannot be loaded (its game is no longer offered, an action no longer replays...)
    /// is set aside ([`Server::broken`]) and the others load. From here on this process reads no card
    /// file ([`forbid_files`](sylvan_engine::carddata::forbid_files)): clients choose embedded sets and
    /// the sets offered with [`offer_cards_dir`] only.
    pub fn open(catalog: Registry, store: Box<dyn Store>, limits: Limits) -> Result<Arc<Server>, String> {
        sylvan_engine::carddata::forbid_files();
        let server = Server {
            catalog,
            store,
            rooms: RwLock::new(BTreeMap::new()),
            broken: RwLock::new(BTreeMap::new()),
            limits,
            next_sub: AtomicU64::new(1),
            public_url: RwLock::new(None),
            creators: Mutex::new(Buckets::new()),
            adding: Mutex::new(()),
            preparing: tokio::sync::Mutex::new(()),
            joiners: Mutex::new(Buckets::new()),
            heavy: crate::heavy::Heavy::new(limits.heavy_workers, limits.heavy_queue),
            logs: crate::heavy::Heavy::new(limits.heavy_workers, limits.heavy_queue),
            bot_workers: crate::bot_gate::BotGate::new(limits.bot_workers),
        };
        let games = server.store.load_all().map_err(|e| e.to_string())?;
        let mut rooms = BTreeMap::new();
        let mut broken = BTreeMap::new();
        for g in games {
            let restored = match &g.problem {
                Some(p) => Err(format!("stored game {} ({}): {p}", g.id, g.game)),
                None => server.restore(g.clone()),
            };
            match restored {
                Ok(room) => {
                    rooms.insert(room.id.clone(), Arc::new(room));
                }
                Err(error) => {
                    eprintln!("sylvan-server: set aside (listed as broken): {error}");
                    broken.insert(g.id.clone(), Broken { stored: g, error });
                }
            }
        }
        *server.rooms.write().unwrap_or_else(PoisonError::into_inner) = rooms;
        *server.broken.write().unwrap_or_else(PoisonError::into_inner) = broken;
        Ok(Arc::new(server))
    }

    /// The games set aside at start because they could not be loaded.
    pub fn broken(&self) -> Vec<Broken> {
        self.broken.read().unwrap_or_else(PoisonError::into_inner).values().cloned().collect()
    }

    /// Sets the address the links point to (`https://play.example.org`); never taken from a request.
    pub fn set_public_url(&self, url: &str) {
        *self.public_url.write().unwrap_or_else(PoisonError::into_inner) = Some(url.trim_end_matches('/').to_owned());
    }

    /// The address the links point to (`http://127.0.0.1:8080` until [`set_public_url`](Server::set_public_url)).
    pub fn public_url(&self) -> String {
        self.public_url
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
            .unwrap_or_else(|| "http://127.0.0.1:8080".into())
    }

    /// Counts a game creation by the client at `ip` against its rate ([`Limits::creates_per_minute`],
    /// [`Limits::create_burst`]); refused (429) over it. An IPv6 client counts by its /64.
    pub fn allow_create(&self, ip: std::net::IpAddr) -> Result<(), ApiError> {
        let n = self.limits.creates_per_minute.to_string();
        Self::take_token(&self.creators, &self.limits, ip, || msg!("create-rate", n = n))
    }

    /// Counts a seat taken through `join` by the client at `ip`, at the rate of creations: a script
    /// could otherwise take every open seat of the lobby.
    pub fn allow_join(&self, ip: std::net::IpAddr) -> Result<(), ApiError> {
        let n = self.limits.creates_per_minute.to_string();
        Self::take_token(&self.joiners, &self.limits, ip, || msg!("join-rate", n = n))
    }

    /// Takes a token from the client's bucket (an IPv6 client by its /64), refilled at
    /// [`Limits::creates_per_minute`] up to [`Limits::create_burst`]; `refused` (429) when it is empty.
    fn take_token(
        buckets: &Mutex<Buckets>,
        limits: &Limits,
        ip: std::net::IpAddr,
        refused: impl FnOnce() -> Msg,
    ) -> Result<(), ApiError> {
        let ip = crate::net::address_key(ip);
        let mut buckets = buckets.lock().unwrap_or_else(PoisonError::into_inner);
        let now = Instant::now();
        let (rate, burst) = (limits.creates_per_minute / 60.0, limits.create_burst.max(1.0));
        if buckets.len() > 100_000 {
            // Forget the clients whose bucket is full again.
            buckets.retain(|_, (tokens, at)| *tokens + now.duration_since(*at).as_secs_f64() * rate < burst);
        }
        let (tokens, at) = buckets.entry(ip).or_insert((burst, now));
        *tokens = (*tokens + now.duration_since(*at).as_secs_f64() * rate).min(burst);
        *at = now;
        if *tokens < 1.0 {
            return Err(ApiError::Busy(refused()));
        }
        *tokens -= 1.0;
        Ok(())
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
            ApiError::NotFound(msg!("unknown-game", game = name, known = known.join(", ")))
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
        // The operator's log and the broken list's `error` are in English, as every server log line.
        let bots = self
            .build_bots(entry, &g.seats, g.seed, true)
            .map_err(|(i, e)| bad(format!("seat {i}: {}", sylvan_registry::spec_error_text(&e, Locale::En))))?;
        Ok(Room {
            active: AtomicU64::new(g.active.max(g.created)),
            id: g.id,
            game: g.game,
            options,
            seed: g.seed,
            created: g.created,
            clock_ms: g.clock_ms,
            hints: g.hints,
            analyzing: AtomicBool::new(false),
            analysis: Mutex::new(None),
            creator: None,
            state: Mutex::new(RoomState {
                table,
                seats: g.seats,
                bots,
                history,
                subs: Vec::new(),
                bots_running: false,
                finished_saved: g.record.is_some(),
                deadline: None,
                removed: false,
            }),
        })
    }

    /// The bots of `seats` (`None` for the others), their seeds from `seed`; `cap` plays a stored spec
    /// within today's limits. A spec that does not read or build gives back its seat and the bots'
    /// error, which the caller words: in the request's language for a client, in English for the
    /// operator's log.
    fn build_bots(
        &self,
        entry: &Entry,
        seats: &[StoredSeat],
        seed: u64,
        cap: bool,
    ) -> Result<Vec<Option<Box<dyn DynBot>>>, SeatBotError> {
        seats
            .iter()
            .enumerate()
            .map(|(i, s)| match &s.kind {
                SeatKind::Bot(spec) => {
                    let spec: BotSpec = spec.parse().map_err(|e| (i, e))?;
                    // A game stored before the caps (or under higher ones) plays within them.
                    let spec = if cap { self.limits.cap_bot(entry, spec) } else { spec };
                    let spec = self.limits.time_capped(entry, spec);
                    let bot_seed = sylvan_bots::bot_seed(seed, 0, i);
                    entry.bot(&spec, bot_seed).map(Some).map_err(|e| (i, e))
                }
                _ => Ok(None),
            })
            .collect()
    }

    /// Lets every game go on after a start: bots to move play, clocks run.
    ///
    /// Also starts the sweeper that deletes abandoned games ([`Limits::expire_after_secs`]).
    pub fn resume(self: &Arc<Self>) {
        for room in self.rooms().into_iter() {
            let mut st = room.lock();
            self.schedule(&room, &mut st);
        }
        let every = Duration::from_secs(self.limits.expire_after_secs / 4)
            .clamp(Duration::from_millis(200), Duration::from_secs(600));
        let server = Arc::downgrade(self);
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(every).await;
                let Some(server) = server.upgrade() else { return };
                server.expire(now_secs());
            }
        });
    }

    /// Deletes the games not finished whose last change is older than [`Limits::expire_after_secs`]
    /// at `now` (seconds since the Unix epoch); their connections are closed. Returns how many.
    pub fn expire(&self, now: u64) -> usize {
        let old: Vec<Arc<Room>> = self
            .rooms()
            .into_iter()
            .filter(|r| {
                r.active.load(Ordering::Relaxed).saturating_add(self.limits.expire_after_secs) < now
                    && !r.lock().table.game().is_terminal()
            })
            .collect();
        old.iter().filter(|room| self.delete_room(room, msg!("close-expired"))).count()
    }

    /// Deletes a game from the database and the server, closing its connections with `reason`; whether
    /// it was.
    fn delete_room(&self, room: &Arc<Room>, reason: Msg) -> bool {
        if let Err(e) = self.store.delete(&room.id) {
            eprintln!("sylvan-server: game {}: deleting the game failed: {e}", room.id);
            return false;
        }
        self.rooms.write().unwrap_or_else(PoisonError::into_inner).remove(&room.id);
        let mut st = room.lock();
        st.removed = true;
        for sub in &st.subs {
            sub.kick.close(CLOSE_GOING_AWAY, reason.clone());
        }
        st.subs.clear();
        true
    }

    /// When the server holds [`Limits::max_games`]: the game finished longest ago gives way (finished
    /// games never expire, and games of bots finish in seconds: otherwise anyone could fill the
    /// server for good). Whether there is room now.
    fn make_room(&self) -> bool {
        match self.room_for_one_more() {
            Some(None) => true,
            Some(Some(oldest)) => self.delete_room(&oldest, msg!("close-made-room")),
            None => false,
        }
    }

    /// Where one more game fits: `Some(None)` while the server holds fewer than [`Limits::max_games`],
    /// `Some(finished)` for the game finished longest ago that may give way, `None` if none may.
    fn room_for_one_more(&self) -> Option<Option<Arc<Room>>> {
        if self.rooms.read().unwrap_or_else(PoisonError::into_inner).len() < self.limits.max_games {
            return Some(None);
        }
        let oldest = self
            .rooms()
            .into_iter()
            .filter(|r| r.lock().table.game().is_terminal())
            .min_by_key(|r| (r.active.load(Ordering::Relaxed), r.id.clone()));
        oldest.map(Some)
    }

    fn rooms(&self) -> Vec<Arc<Room>> {
        self.rooms.read().unwrap_or_else(PoisonError::into_inner).values().cloned().collect()
    }

    /// Refuses a request that would move, undo, advise or seat a game stopped at the cap on actions
    /// (ruling S14).
    fn not_stopped(&self, st: &RoomState) -> Result<(), ApiError> {
        if stopped(st, self.limits.max_moves) {
            return Err(ApiError::Conflict(msg!("move-cap", max = self.limits.max_moves)));
        }
        Ok(())
    }

    /// The game with this id.
    pub fn room(&self, id: &str) -> Result<Arc<Room>, ApiError> {
        self.rooms
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .get(id)
            .cloned()
            .ok_or_else(|| ApiError::NotFound(msg!("no-game", id = id)))
    }

    /// Creates a game; returns its id and the tokens of the seats taken by the creator.
    pub fn create(self: &Arc<Self>, req: &CreateRequest) -> Result<(String, Vec<Ticket>), ApiError> {
        self.create_by(req, None)
    }

    /// [`create`](Server::create) for the client at `client`, which may hold at most
    /// [`Limits::max_unfinished_per_address`] unfinished games it created.
    pub fn create_by(
        self: &Arc<Self>,
        req: &CreateRequest,
        client: Option<std::net::IpAddr>,
    ) -> Result<(String, Vec<Ticket>), ApiError> {
        let entry = self.entry(&req.game)?;
        card_sources(entry, &req.options)?;
        let mut names: Vec<&str> = req.options.iter().map(|o| o.split('=').next().unwrap_or("").trim()).collect();
        names.sort_unstable();
        if let Some(w) = names.windows(2).find(|w| w[0] == w[1]) {
            return Err(ApiError::Bad(msg!("option-twice", option = w[0])));
        }
        let options = entry
            .game()
            .options(req.players, &req.options)
            .map_err(|e| ApiError::Bad(setup_error(entry.game(), &e)))?;
        let seed = match req.seed {
            Some(s) => s,
            None => token::new_seed()?,
        };
        let mut table = Table::deal(entry, &options, seed).map_err(|e| ApiError::Bad(setup_error(entry.game(), &e)))?;
        let n = table.game().num_seats();
        let asked: Vec<SeatRequest> = if req.seats.is_empty() { vec![SeatRequest::Open; n] } else { req.seats.clone() };
        if asked.len() != n {
            return Err(ApiError::Bad(msg!("seats-count", given = asked.len(), seats = n)));
        }
        // A clock of at most a day: the database keeps it as a signed 64-bit number.
        if req.clock_ms.is_some_and(|c| !(100..=MAX_CLOCK_MS).contains(&c)) {
            return Err(ApiError::Bad(msg!("clock-range", max = MAX_CLOCK_MS)));
        }
        // A deal its creator chose is a deal its creator knows: every hidden card, every shuffle. A
        // stranger who takes an open seat must not play against that, so an open seat takes the
        // system's random bits (the seats the creator holds, bots, and automated seats may be seeded).
        let open_seat = |(i, s): (usize, &SeatRequest)| {
            matches!(s, SeatRequest::Open) && table.game().automated_seat(seat_ok(i)).is_none()
        };
        if req.seed.is_some() && asked.iter().enumerate().any(open_seat) {
            return Err(ApiError::Bad(msg!("seed-with-open-seat")));
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
                    // In the bots' own words (`bots.ftl`), in the request's language.
                    let seat_error = |e: sylvan_bots::SpecError| {
                        let words = MsgArg::localized(|l| sylvan_registry::spec_error_text(&e, l));
                        ApiError::Bad(msg!("seat-error", seat = i, detail = words))
                    };
                    let parsed: BotSpec = spec.parse().map_err(seat_error)?;
                    entry.bot(&parsed, 0).map_err(seat_error)?;
                    self.limits.check_bot(entry, &parsed).map_err(|e| {
                        ApiError::Bad(msg!("seat-bot-over", seat = i, spec = spec.as_str(), detail = e))
                    })?;
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
            active: now_secs(),
            seats: seats.clone(),
            actions: Vec::new(),
            record: None,
            hints: req.hints,
            problem: None,
        };
        // Checked above, seat by seat; should a spec still fail, in the bots' words and the request's language.
        let bots = self.build_bots(entry, &seats, seed, false).map_err(|(i, e)| {
            let words = MsgArg::localized(|l| sylvan_registry::spec_error_text(&e, l));
            ApiError::Bad(msg!("seat-error", seat = i, detail = words))
        })?;
        // Room is made only for a request found good and stored (a finished game may give way), one
        // creation at a time: two on a full server would both see the same free place.
        let adding = self.adding.lock().unwrap_or_else(PoisonError::into_inner);
        let creator = client.map(crate::net::address_key);
        if let Some(key) = creator {
            // A game stopped at the cap on actions never finishes: it no longer counts.
            let unfinished = self
                .rooms()
                .iter()
                .filter(|r| {
                    let st = r.lock();
                    r.creator == Some(key) && !st.table.game().is_terminal() && !stopped(&st, self.limits.max_moves)
                })
                .count();
            if unfinished >= self.limits.max_unfinished_per_address {
                let (n, hours) = (self.limits.max_unfinished_per_address, self.limits.expire_after_secs / 3600);
                return Err(ApiError::Busy(msg!("too-many-unfinished", n = n, hours = hours)));
            }
        }
        // Refused before anything is written when no place can be made: a full server of unfinished
        // games costs a stranger's creation no write and no delete (and leaves no row, should the
        // delete fail).
        if self.room_for_one_more().is_none() {
            return Err(ApiError::Bad(msg!("server-full")));
        }
        self.store.create(&stored)?;
        if !self.make_room() {
            if let Err(e) = self.store.delete(&id) {
                eprintln!("sylvan-server: game {id}: deleting a game refused for want of room failed: {e}");
            }
            return Err(ApiError::Bad(msg!("server-full")));
        }
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
            active: AtomicU64::new(stored.created),
            creator,
            state: Mutex::new(RoomState {
                table,
                seats,
                bots,
                history: Vec::new(),
                subs: Vec::new(),
                bots_running: false,
                finished_saved: false,
                deadline: None,
                removed: false,
            }),
        });
        self.rooms.write().unwrap_or_else(PoisonError::into_inner).insert(id.clone(), room.clone());
        drop(adding);
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
                return Err(ApiError::NotFound(msg!("seat-missing", seat = i, last = st.seats.len() - 1)));
            }
            Some(i) if !open(i) => return Err(ApiError::Conflict(msg!("seat-not-open", seat = i))),
            Some(i) => i,
            None => (0..st.seats.len()).find(|&i| open(i)).ok_or_else(|| ApiError::Conflict(msg!("no-open-seat")))?,
        };
        if st.table.game().is_terminal() {
            return Err(ApiError::Conflict(msg!("game-over")));
        }
        self.not_stopped(&st)?;
        let name = clean_name(req.name.as_deref())?;
        let t = token::new_token()?;
        let hash = token::hash_token(&t);
        if !self.store.take_seat(id, seat, &hash, name.as_deref())? {
            return Err(ApiError::Conflict(msg!("seat-not-open", seat = seat)));
        }
        st.seats[seat] = StoredSeat { kind: SeatKind::Taken, token_hash: Some(hash), name };
        room.active.store(now_secs(), Ordering::Relaxed);
        Ok(Ticket { seat: seat_ok(seat), token: t })
    }

    /// The games, optionally only those of one status (`open`, `running`, `finished`).
    pub fn list(&self, status: Option<&str>) -> Vec<GameSummary> {
        self.rooms()
            .iter()
            .map(|r| summary(r, &r.lock(), self.limits.max_moves))
            .filter(|s| status.is_none_or(|w| s.status == w))
            .collect()
    }

    /// One page of the games, newest first (then by id): at most `limit` of them after the game `after`
    /// (a previous page's last id), optionally only those of one status. Returns the page and the id
    /// to ask the next page after (`None` on the last page).
    pub fn page(&self, status: Option<&str>, after: Option<&str>, limit: usize) -> (Vec<GameSummary>, Option<String>) {
        let mut rooms: Vec<(u64, String, Arc<Room>)> =
            self.rooms().into_iter().map(|r| (r.created, r.id.clone(), r)).collect();
        rooms.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
        let start = match after {
            None => 0,
            Some(id) => match rooms.iter().position(|r| r.1 == id) {
                Some(i) => i + 1,
                // A game gone since: start after where it would have been (ids are random, so only by time).
                None => rooms.len(),
            },
        };
        let mut page = Vec::new();
        let mut next = None;
        for (_, id, room) in &rooms[start..] {
            let s = summary(room, &room.lock(), self.limits.max_moves);
            if status.is_some_and(|w| s.status != w) {
                continue;
            }
            if page.len() == limit {
                next = page.last().map(|p: &GameSummary| p.id.clone());
                break;
            }
            let _ = id;
            page.push(s);
        }
        (page, next)
    }

    /// The games set aside at start, as the lobby lists them: `{id, game, status: "broken", error,
    /// created}`.
    pub fn broken_list(&self) -> Vec<Value> {
        self.broken()
            .iter()
            .map(|b| {
                json!({ "id": b.stored.id, "game": b.stored.game, "status": "broken", "error": b.error,
                              "created": b.stored.created, "move": b.stored.actions.len() })
            })
            .collect()
    }

    /// Before a spectator's first state: the game's private paths ([`private_paths`]) found on the
    /// heavy pool, once per game and options, rather than under the game's lock on the threads that
    /// carry every game's messages. When the pool is busy, they are found as the state is built, as
    /// before.
    ///
    /// [`private_paths`]: crate::protocol::private_paths
    pub(crate) async fn prepare_spectator(&self, id: &str) {
        let Ok(room) = self.room(id) else { return };
        let game = room.lock().table.game().clone_box();
        if crate::protocol::private_paths_known(game.as_ref()) {
            return;
        }
        let _one = self.preparing.lock().await;
        if crate::protocol::private_paths_known(game.as_ref()) {
            return;
        }
        let found = self.heavy.run(None, move || {
            crate::protocol::private_paths(game.as_ref());
            Ok(Value::Null)
        });
        let _ = found.await;
    }

    /// One game's summary.
    pub fn summary(&self, id: &str) -> Result<GameSummary, ApiError> {
        let room = self.room(id)?;
        let st = room.lock();
        Ok(summary(&room, &st, self.limits.max_moves))
    }

    /// The record of a finished game (the JSON `sylvan replay` reads). A running game's record would
    /// tell its seed, so it is refused.
    ///
    /// A game set aside at start ([`Server::broken`]) gives what was stored instead: `{id, game,
    /// options, moves, broken}`, and its `seed` and `actions` only if it had finished (a later version
    /// may load an unfinished one again, and play it on: its seed would tell every hidden card, and
    /// its actions' notations may name cards some seats never saw).
    pub fn record(&self, id: &str) -> Result<Value, ApiError> {
        if let Some(b) = self.broken.read().unwrap_or_else(PoisonError::into_inner).get(id) {
            let g = &b.stored;
            let options: Value = serde_json::from_str(&g.options).unwrap_or(Value::String(g.options.clone()));
            let mut stored = json!({
                "id": g.id, "game": g.game, "options": options, "moves": g.actions.len(), "broken": b.error,
            });
            if g.record.is_some() {
                stored["seed"] = json!(g.seed);
                stored["actions"] = json!(g.actions.iter().map(|(a, _)| a.as_str()).collect::<Vec<_>>());
            }
            return Ok(stored);
        }
        let room = self.room(id)?;
        let st = room.lock();
        if !st.table.game().is_terminal() {
            return Err(ApiError::Conflict(msg!("record-when-over")));
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
                    .ok_or_else(|| ApiError::Forbidden(msg!("token-no-seat")))?,
            ),
        };
        Ok((record_of(&room, &st), seat))
    }

    /// Connects to a game: with a token, as its seat; without, as a spectator. The first message
    /// (the current state) is already queued.
    pub fn subscribe(&self, id: &str, token: Option<&str>) -> Result<Subscription, ApiError> {
        self.subscribe_in(id, token, Locale::En)
    }

    /// [`subscribe`](Server::subscribe), with the texts the connection gets in `lang` (a language or
    /// the pseudo-locale).
    pub fn subscribe_in(
        &self,
        id: &str,
        token: Option<&str>,
        lang: impl Into<Locale>,
    ) -> Result<Subscription, ApiError> {
        let lang: Locale = lang.into();
        let room = self.room(id)?;
        let mut st = room.lock();
        if st.removed {
            // Deleted between finding it and locking it.
            return Err(ApiError::NotFound(msg!("no-game", id = id)));
        }
        let seat = match token {
            None => None,
            Some(t) => {
                let i = st
                    .seats
                    .iter()
                    .position(|s| s.token_hash.as_deref().is_some_and(|h| token::token_matches(t, h)))
                    .ok_or_else(|| ApiError::Forbidden(msg!("token-no-seat")))?;
                Some(seat_ok(i))
            }
        };
        let (tx, rx) = mpsc::channel(self.limits.queue);
        let sid = self.next_sub.fetch_add(1, Ordering::Relaxed);
        let msg = message_for(&room, &st, seat, Vec::new(), lang, self.limits.max_moves);
        // A new queue has room for its first message.
        let _ = tx.try_send(msg);
        let kick = Arc::new(Kick::new(lang));
        st.subs.push(Subscriber { id: sid, seat, lang, tx: tx.clone(), kick: kick.clone() });
        drop(st);
        Ok(Subscription { room, seat, rx, tx, lang, kick, id: sid })
    }

    /// Queues the current state for a connection again (no events).
    pub fn resync(&self, sub: &Subscription) -> Result<(), ApiError> {
        let st = sub.room.lock();
        let msg = message_for(&sub.room, &st, sub.seat, Vec::new(), sub.lang, self.limits.max_moves);
        sub.tx.try_send(msg).map_err(|_| {
            sub.kick.close(CLOSE_POLICY, msg!("close-queued", n = self.limits.queue));
            ApiError::Conflict(msg!("too-many-queued"))
        })
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
        self.not_stopped(&st)?;
        let game = st.table.game();
        decision_at(game, seat, move_number, &st.seats)?;
        let id = match (action, id) {
            (Some(text), None) => game.action_id(text).map_err(|e| ApiError::Bad(game_error(game, &e)))?,
            (None, Some(id)) => id,
            _ => return Err(ApiError::Bad(msg!("action-both"))),
        };
        let mut legal = Vec::new();
        game.legal_ids(&mut legal);
        if !legal.contains(&id) {
            let what = game.notation(id).map_err(|e| ApiError::Bad(game_error(game, &e)))?;
            return Err(ApiError::Bad(msg!("not-legal", action = what)));
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
        self.not_stopped(st)?;
        let game = st.table.game();
        let n = game.move_number();
        let notation = game.notation(id).map_err(|e| ApiError::Bad(game_error(game, &e)))?;
        // Whether it may be undone is known once applied; it is applied to a copy first, and the copy
        // replaces the game only once the action is stored.
        let mut next = st.table.clone();
        let undoable = next.apply(id, person).map_err(internal)?;
        self.store.append(&room.id, n, &notation, undoable)?;
        room.active.store(now_secs(), Ordering::Relaxed);
        st.table = next;
        st.history.push((id, seat, undoable));
        self.changed(room, st, None);
        Ok(())
    }

    /// Takes back `seat`'s last action, answering move `move_number`.
    pub fn undo(self: &Arc<Self>, room: &Arc<Room>, seat: Seat, move_number: usize) -> Result<(), ApiError> {
        let mut st = room.lock();
        if st.table.game().is_terminal() {
            return Err(ApiError::Conflict(msg!("game-over")));
        }
        self.not_stopped(&st)?;
        if move_number != st.table.game().move_number() {
            return Err(ApiError::Conflict(msg!(
                "stale-undo",
                asked = move_number,
                now = st.table.game().move_number()
            )));
        }
        if !can_undo(&st, seat) {
            return Err(ApiError::Conflict(msg!("cannot-undo", seat = seat_name(&st.seats, seat))));
        }
        let n = st.history.len() - 1;
        let mut table = st.table.clone();
        table.undo_last().map_err(internal)?;
        let taken_back = st.table.game().notation(st.history[n].0).unwrap_or_default();
        self.store.truncate(&room.id, n)?;
        room.active.store(now_secs(), Ordering::Relaxed);
        // The action in words, as it was offered before it was taken (the notation stays in the JSON).
        let taken_id = st.history[n].0;
        let described = crate::words::MsgArg::localized(|l| {
            table
                .game()
                .legal_actions_locale(l)
                .into_iter()
                .find(|a| a.id == taken_id)
                .map_or_else(|| taken_back.clone(), |a| a.description)
        });
        // The action is named to its own seat only: an action may name a card the others never saw (the
        // log withholds other seats' notations for the same reason); they read that it was taken back.
        let note = Note {
            seat,
            text: msg!("took-back", seat = seat_name(&st.seats, seat), action = described),
            json: json!({ "undo": { "seat": seat, "action": taken_back } }),
            public_text: msg!("took-back-hidden", seat = seat_name(&st.seats, seat)),
            public_json: json!({ "undo": { "seat": seat } }),
        };
        st.table = table;
        st.history.pop();
        self.changed(room, &mut st, Some(note));
        Ok(())
    }

    /// After a change: tell every subscriber, keep the record of a finished game, let bots and the
    /// clock go on.
    fn changed(self: &Arc<Self>, room: &Arc<Room>, st: &mut RoomState, note: Option<Note>) {
        let mut dead = Vec::new();
        // Each seat's message (and the spectators' one) is built once, whoever many connections it has.
        let mut built: Vec<(Recipient, Arc<str>)> = Vec::new();
        for sub in &st.subs {
            let msg = match built.iter().find(|(key, _)| *key == (sub.seat, sub.lang)) {
                Some((_, msg)) => msg.clone(),
                None => {
                    let mut events = st.table.game().events_locale(sub.seat, sub.lang);
                    events.extend(note.as_ref().map(|n| n.event(sub.seat, sub.lang)));
                    let msg = message_for(room, st, sub.seat, events, sub.lang, self.limits.max_moves);
                    built.push(((sub.seat, sub.lang), msg.clone()));
                    msg
                }
            };
            if sub.tx.try_send(msg).is_err() {
                sub.kick.close(CLOSE_POLICY, msg!("close-queued-reconnect", n = self.limits.queue));
                dead.push(sub.id);
            }
        }
        // A connection that cannot keep up is closed; it may reconnect and get the state afresh.
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
        if stopped(st, self.limits.max_moves) {
            // At the cap the game goes no further (`commit` refuses): no bot, no clock.
            return;
        }
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
    pub fn hint(
        &self,
        id: &str,
        token: &str,
        move_number: usize,
        lang: impl Into<Locale>,
    ) -> Result<HintJob, ApiError> {
        let lang: Locale = lang.into();
        let room = self.room(id)?;
        let st = room.lock();
        let seat = st
            .seats
            .iter()
            .position(|s| s.token_hash.as_deref().is_some_and(|h| token::token_matches(token, h)))
            .map(seat_ok)
            .ok_or_else(|| ApiError::Forbidden(msg!("token-no-seat")))?;
        if !hints_allowed(&room, &st, seat) {
            return Err(ApiError::Forbidden(msg!("hints-refused")));
        }
        self.not_stopped(&st)?;
        let game = st.table.game();
        decision_at(game, seat, move_number, &st.seats)?;
        let entry = self.entry(&room.game)?;
        let spec: BotSpec = HINT_BOT.parse().map_err(|e| internal(format!("{HINT_BOT}: {e}")))?;
        let bot =
            entry.judge(&spec, room.seed ^ ((move_number as u64) << 8) ^ seat.index() as u64).map_err(internal)?;
        let mut legal = Vec::new();
        game.legal_ids(&mut legal);
        let view = game.view(seat).map_err(internal)?;
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
        let spec: BotSpec = CHART_BOT.parse().map_err(|e| internal(format!("{CHART_BOT}: {e}")))?;
        let mut bot = entry.judge(&spec, room.seed).map_err(internal)?;
        let text = record.to_string();
        let actions: Vec<&str> =
            record.get("actions").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str).collect();
        let seats: Vec<Seat> = room.lock().seats.iter().enumerate().map(|(i, _)| seat_ok(i)).collect();
        let deadline = Instant::now() + CHART_TIME;
        let a = analysis::analyze(entry.game(), &text, &actions, &seats, &mut *bot, Some(deadline))
            .map_err(|e| internal(format!("analysis: {e}")))?;
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
fn decision_at(game: &dyn DynGame, seat: Seat, move_number: usize, seats: &[StoredSeat]) -> Result<(), ApiError> {
    if game.is_terminal() {
        return Err(ApiError::Conflict(msg!("game-over")));
    }
    if move_number != game.move_number() {
        return Err(ApiError::Conflict(msg!("stale-move", asked = move_number, now = game.move_number())));
    }
    if game.to_move() != Some(seat) {
        return Err(ApiError::Conflict(msg!("not-your-decision", seat = seat_name(seats, seat))));
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
            return Err(ApiError::Conflict(msg!("analysis-running")));
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
    lang: Locale,
}

impl HintJob {
    /// Searches (within [`HINT_BOT`]'s budget) and answers `{move, seat, id, notation, description,
    /// win, iterations, bot}`: the preferred move and its estimated win probability for the seat.
    pub fn run(mut self) -> Result<Value, ApiError> {
        let values = self
            .bot
            .action_values(&*self.view, &self.legal)
            .map_err(internal)?
            .ok_or_else(|| ApiError::Internal(msg!("no-estimates", bot = HINT_BOT)))?;
        let n = values.len().min(self.legal.len());
        if n == 0 {
            return Err(ApiError::Internal(msg!("no-legal-move")));
        }
        let best = analysis::preferred(&values[..n]);
        let id = self.legal[best];
        drop(self.busy);
        Ok(json!({
            "move": self.move_number, "seat": self.seat, "id": id, "notation": self.notations[best],
            "description": self.view.describe_locale(id, self.lang).unwrap_or_default(), "win": values[best].1,
            "iterations": values.iter().map(|v| v.0).sum::<u64>(), "bot": HINT_BOT,
        }))
    }
}

/// Plays the bots of a game while one of them is to move, each decision on the blocking pool.
async fn run_bots(server: Arc<Server>, room: Arc<Room>) {
    loop {
        // A decision waits for a free bot worker (`--bot-workers`), held until it is played; a game
        // where a person plays or may join goes before the games of bots only.
        let priority = {
            let mut st = room.lock();
            // Nothing to ask a worker for: no bot to move (a person's turn, the end), or the cap reached.
            let game = st.table.game();
            let bot_to_move = game.to_move().is_some_and(|s| st.bots.get(s.index()).is_some_and(Option::is_some));
            if !bot_to_move || game.move_number() >= server.limits.max_moves {
                st.bots_running = false;
                return;
            }
            // A seat played by the game (the solo Robot) is no person either.
            if st.seats.iter().all(|s| matches!(s.kind, SeatKind::Bot(_) | SeatKind::Automated)) {
                crate::bot_gate::Priority::Bots
            } else {
                crate::bot_gate::Priority::People
            }
        };
        let _worker = server.bot_workers.acquire(priority).await;
        let (mut bot, view, legal, seat, n) = {
            let mut st = room.lock();
            let game = st.table.game();
            let Some(seat) = game.to_move() else {
                st.bots_running = false;
                return;
            };
            let n = game.move_number();
            if n >= server.limits.max_moves {
                st.bots_running = false;
                return;
            }
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
type Recipient = (Option<Seat>, Locale);

/// Whether a game, unfinished, reached the cap on actions `cap` (`--max-moves`): it goes no further.
fn stopped(st: &RoomState, cap: usize) -> bool {
    let game = st.table.game();
    game.move_number() >= cap && !game.is_terminal()
}

fn message_for(
    room: &Room,
    st: &RoomState,
    seat: Option<Seat>,
    events: Vec<DynEvent>,
    lang: Locale,
    cap: usize,
) -> Arc<str> {
    let stopped = stopped(st, cap);
    let can_undo = !stopped && seat.is_some_and(|s| can_undo(st, s));
    let mut update = seat_update_in(&room.id, st.table.game(), seat, events, can_undo, lang);
    update.hints = !stopped && seat.is_some_and(|s| hints_allowed(room, st, s));
    if stopped {
        // At the cap nobody is to move (ruling S14): the legal actions would only be refused.
        update.stopped = true;
        update.legal.clear();
        update.to_move = None;
    } else if let Some(d) = st.deadline
        && room.clock_ms.is_some()
        && !update.over
    {
        update.clock_ms = Some(d.saturating_duration_since(Instant::now()).as_millis() as u64);
    }
    serde_json::to_string(&ServerMessage::State(Box::new(update))).unwrap_or_default().into()
}

fn summary(room: &Room, st: &RoomState, cap: usize) -> GameSummary {
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
    } else if stopped(st, cap) {
        "stopped"
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
        to_move: if stopped(st, cap) { None } else { game.to_move() },
        status: status.to_owned(),
        clock_ms: room.clock_ms,
        hints: room.hints,
        created: room.created,
    }
}

/// The most characters of a display name; longer names are cut.
pub const MAX_NAME: usize = 40;

/// Whether `c` may not appear in a display name: control characters, the bidirectional marks,
/// embeddings, overrides and isolates (which can make a name read as another, or turn the text after
/// it around), and zero-width characters.
fn hidden_char(c: char) -> bool {
    c.is_control()
        || matches!(c,
            '\u{200B}'..='\u{200F}' // zero-width space, non-joiner, joiner; left-to-right and right-to-left marks
            | '\u{202A}'..='\u{202E}' // embeddings and overrides
            | '\u{2060}'..='\u{2064}' // word joiner, invisible operators
            | '\u{2066}'..='\u{2069}' // isolates
            | '\u{061C}' // Arabic letter mark
            | '\u{180E}' // Mongolian vowel separator
            | '\u{FEFF}' // zero-width no-break space
            | '\u{FFF9}'..='\u{FFFB}' // interlinear annotations
        )
}

/// A display name: stripped of control, bidirectional and zero-width characters, trimmed, cut to
/// [`MAX_NAME`] characters; empty means none.
pub fn clean_name(name: Option<&str>) -> Result<Option<String>, ApiError> {
    let Some(name) = name else { return Ok(None) };
    let kept: String = name.chars().filter(|&c| !hidden_char(c)).collect();
    let cut: String = kept.trim().chars().take(MAX_NAME).collect();
    let cut = cut.trim();
    Ok((!cut.is_empty()).then(|| cut.to_owned()))
}

/// The names a client may give a card option's value: lowercase letters, digits and `-`.
fn set_name(s: &str) -> bool {
    !s.is_empty() && s.len() <= 40 && s.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// Refuses card options (`cards=`, `sets=`) naming anything but a set: no client names a file. The
/// error is the same whatever the value names on the server's disk (nothing is looked up). Whether a
/// name is an embedded or offered set is the game's to say.
fn card_sources(entry: &Entry, options: &[String]) -> Result<(), ApiError> {
    let offered = entry.game().option_docs().iter().any(|o| o.name == "cards" || o.name == "sets");
    for o in options {
        let (name, value) = o.split_once('=').unwrap_or((o, ""));
        if !matches!(name.trim(), "cards" | "sets") || !offered {
            continue;
        }
        if !value.split([',', '+']).map(str::trim).all(set_name) {
            return Err(ApiError::Bad(msg!("card-files-refused", option = name.trim())));
        }
    }
    Ok(())
}

/// A server failure, with the failing part's own words.
fn internal(e: impl std::fmt::Display) -> ApiError {
    ApiError::Internal(msg!("internal", detail = e.to_string()))
}

/// A note the server adds to a game's log (an undo), formatted for each connection's language: what
/// `seat` reads, and what every other seat and the spectators read.
struct Note {
    seat: Seat,
    text: Msg,
    json: Value,
    public_text: Msg,
    public_json: Value,
}

impl Note {
    /// The note as the log event of a connection of `seat` (none: a spectator) in `lang`.
    fn event(&self, seat: Option<Seat>, lang: Locale) -> DynEvent {
        if seat == Some(self.seat) {
            DynEvent { text: self.text.text(lang), json: self.json.clone() }
        } else {
            DynEvent { text: self.public_text.text(lang), json: self.public_json.clone() }
        }
    }
}

/// How messages name a seat: the name its player gave, else "Player N" or "Bot N" (1-based), as the
/// browser does.
fn seat_name(seats: &[StoredSeat], seat: Seat) -> Msg {
    let i = seat.index();
    match seats.get(i) {
        Some(StoredSeat { name: Some(name), .. }) => msg!("detail", detail = name.as_str()),
        Some(StoredSeat { kind: SeatKind::Bot(_) | SeatKind::Automated, .. }) => msg!("seat-bot", number = i + 1),
        _ => msg!("seat-player", number = i + 1),
    }
}
