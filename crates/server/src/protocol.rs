//! The messages of the WebSocket protocol (see `docs/PROTOCOL.md`), and [`seat_update`], which builds
//! what one seat (or a spectator) is sent from what it may see.

use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use serde::{Deserialize, Serialize};
use serde_json::Value;
use serde_json::value::RawValue;
use sylvan_engine::erased::{DynEvent, DynGame, LegalAction};
use sylvan_engine::{Locale, Seat};

/// A message from a client.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// The first message of every connection, and only the first: with a seat's token, the connection
    /// plays that seat; without, it spectates. The token travels here rather than in the address,
    /// which servers and proxies log (and a browser cannot set WebSocket headers).
    Hello {
        /// The seat's token (none: a spectator).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<String>,
        /// The language of the texts sent to this connection (view text, action descriptions,
        /// events): a locale's code (`en`, the default, `fr`, or the pseudo-locale `en-XA`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        lang: Option<Locale>,
    },
    /// Plays an action, answering the state of move `move`.
    Act {
        /// The move number the action answers (the `move` of the last state received).
        #[serde(rename = "move")]
        move_number: usize,
        /// The action in notation (or give `id`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        action: Option<String>,
        /// The action's id (or give `action`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<usize>,
    },
    /// Takes back this seat's last action, answering the state of move `move`.
    Undo {
        /// The move number of the last state received.
        #[serde(rename = "move")]
        move_number: usize,
    },
    /// Asks for the current state again.
    Sync,
}

/// A message to a client.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// The game as the receiving seat may see it.
    State(Box<SeatUpdate>),
    /// A request was refused; nothing changed.
    Error {
        /// Why.
        message: String,
    },
}

/// What one seat (or a spectator) is sent on connecting and after each change.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeatUpdate {
    /// The game's id on this server.
    pub game_id: String,
    /// The game's name.
    pub game: String,
    /// The receiving seat (`None`: a spectator).
    pub seat: Option<Seat>,
    /// The number of actions played: an action or undo must answer it.
    #[serde(rename = "move")]
    pub move_number: usize,
    /// The seat to move (`None` once the game is over).
    pub to_move: Option<Seat>,
    /// The seat's view as JSON (a spectator: what every seat sees, `null` where their views differ).
    pub view: RawJson,
    /// The seat's view as the terminal shows it (none for a spectator).
    pub text: Option<String>,
    /// The legal actions, when it is this seat's decision.
    pub legal: Vec<LegalAction>,
    /// The events this seat may see since its last message.
    pub events: Vec<DynEvent>,
    /// Whether this seat may take back its last action now.
    pub can_undo: bool,
    /// Whether the game is over.
    pub over: bool,
    /// The final scores, once over.
    pub scores: Option<Vec<f64>>,
    /// The winners, once over.
    pub winners: Option<Vec<Seat>>,
    /// Milliseconds left on the clock of the seat to move, when the game has a per-move clock.
    pub clock_ms: Option<u64>,
    /// Whether this seat may ask for hints (`POST /api/games/{id}/hint`).
    pub hints: bool,
    /// Whether the game, unfinished, reached the server's cap on actions (`--max-moves`): it goes no
    /// further (no legal action is sent, no clock runs, nobody is to move).
    pub stopped: bool,
}

/// JSON text, written once from the view and put into the message as it is.
#[derive(Clone, Debug)]
pub struct RawJson(Box<RawValue>);

impl RawJson {
    /// JSON text (`null` if it is not JSON).
    pub fn new(text: String) -> RawJson {
        RawJson(RawValue::from_string(text).unwrap_or_else(|_| null()))
    }

    /// A JSON value, written out.
    pub fn of(value: &Value) -> RawJson {
        RawJson(serde_json::value::to_raw_value(value).unwrap_or_else(|_| null()))
    }

    /// The text.
    pub fn get(&self) -> &str {
        self.0.get()
    }
}

fn null() -> Box<RawValue> {
    RawValue::from_string("null".to_owned()).unwrap_or_default()
}

impl PartialEq for RawJson {
    fn eq(&self, other: &RawJson) -> bool {
        self.get() == other.get()
    }
}

impl Serialize for RawJson {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

/// What `seat` (`None`: a spectator) is sent now: built from its view only (the legal actions come
/// from the view's seat being the one to move, and are described from the view).
pub fn seat_update(
    game_id: &str,
    game: &dyn DynGame,
    seat: Option<Seat>,
    events: Vec<DynEvent>,
    can_undo: bool,
) -> SeatUpdate {
    seat_update_in(game_id, game, seat, events, can_undo, Locale::En)
}

/// [`seat_update`] with the view's text and the actions' descriptions in `lang` (the events are
/// passed in already in it).
pub fn seat_update_in(
    game_id: &str,
    game: &dyn DynGame,
    seat: Option<Seat>,
    events: Vec<DynEvent>,
    can_undo: bool,
    lang: impl Into<Locale>,
) -> SeatUpdate {
    let lang: Locale = lang.into();
    let to_move = game.to_move();
    let (view, text, legal) = match seat.and_then(|s| game.view(s).ok()) {
        Some(view) => {
            let mut legal = Vec::new();
            if to_move.is_some() && to_move == seat {
                let mut ids = Vec::new();
                game.legal_ids(&mut ids);
                legal = ids
                    .into_iter()
                    .map(|id| LegalAction {
                        id,
                        notation: game.notation(id).unwrap_or_default(),
                        description: view.describe_locale(id, lang).unwrap_or_default(),
                    })
                    .collect();
            }
            (RawJson::new(view.to_json_text()), Some(view.text_locale(lang)), legal)
        }
        None => (RawJson::of(&public_view(game)), None, Vec::new()),
    };
    let outcome = game.outcome();
    SeatUpdate {
        game_id: game_id.to_owned(),
        game: game.name().to_owned(),
        seat,
        move_number: game.move_number(),
        to_move,
        view,
        text,
        legal,
        events,
        can_undo,
        over: outcome.is_some(),
        scores: outcome.as_ref().map(|_| game.scores()),
        winners: outcome.map(|o| o.winners().iter().collect()),
        clock_ms: None,
        hints: false,
        stopped: false,
    }
}

/// What every seat sees: the parts of the seats' views (as JSON) that are equal in all of them, with
/// `null` where they differ, and `null` too wherever the game's seats' views ever differ
/// ([`private_paths`]): whether two seats' hands happen to agree now is not public.
pub fn public_view(game: &dyn DynGame) -> Value {
    let private = private_paths(game);
    let mut views = Seat::all(game.num_seats()).filter_map(|s| game.view(s).ok()).map(|v| v.to_json());
    let Some(first) = views.next() else { return Value::Null };
    let mut common_part = views.fold(first, |acc, v| common(&acc, &v));
    hide(&mut common_part, &private, &mut String::new());
    common_part
}

/// Paths into a view's JSON (object keys joined by `.`, array positions left out) where the views of
/// two seats differ in some state of a few random games of this game and options: what belongs to
/// one seat (its hand, what it knows of its own pile). Computed once per game and options.
pub fn private_paths(game: &dyn DynGame) -> Arc<BTreeSet<String>> {
    let (cache, key) = private_cache(game);
    if let Some(p) = cache.lock().unwrap_or_else(PoisonError::into_inner).0.get(&key) {
        return p.clone();
    }
    let mut paths = BTreeSet::new();
    let mut g = game.clone_box();
    g.keep_events(false);
    let mut pick: u64 = 0x9e37_79b9_7f4a_7c15;
    for seed in 1..=PRIVATE_SAMPLE_GAMES {
        if g.restart(seed).is_err() {
            break;
        }
        for _ in 0..PRIVATE_SAMPLE_MOVES {
            let views: Vec<Value> =
                Seat::all(g.num_seats()).filter_map(|s| g.view(s).ok()).map(|v| v.to_json()).collect();
            for pair in views.windows(2) {
                differing(&pair[0], &pair[1], &mut String::new(), &mut paths);
            }
            let n = g.num_legal();
            if n == 0 || g.is_terminal() {
                break;
            }
            pick ^= pick << 13;
            pick ^= pick >> 7;
            pick ^= pick << 17;
            if g.apply_nth((pick % n as u64) as usize).is_err() {
                break;
            }
        }
    }
    let paths = Arc::new(paths);
    let (found, order) = &mut *cache.lock().unwrap_or_else(PoisonError::into_inner);
    // Each game and options once, but a client chooses the options: the oldest found are forgotten.
    if found.insert(key.clone(), paths.clone()).is_none() {
        order.push_back(key);
    }
    while order.len() > PRIVATE_CACHE_ENTRIES {
        if let Some(old) = order.pop_front() {
            found.remove(&old);
        }
    }
    paths
}

/// The game's private paths, if [`private_paths`] found them already: the server finds them on its
/// heavy pool before a spectator's first state rather than under the game's lock.
pub fn private_paths_known(game: &dyn DynGame) -> bool {
    let (cache, key) = private_cache(game);
    cache.lock().unwrap_or_else(PoisonError::into_inner).0.contains_key(&key)
}

/// The private paths found so far, by game and options, and their keys, oldest first.
type PrivateCache = Mutex<(HashMap<String, Arc<BTreeSet<String>>>, std::collections::VecDeque<String>)>;

fn private_cache(game: &dyn DynGame) -> (&'static PrivateCache, String) {
    static CACHE: OnceLock<PrivateCache> = OnceLock::new();
    (CACHE.get_or_init(Default::default), format!("{} {}", game.name(), game.options_json()))
}

/// Random games played to find the private paths of a game.
const PRIVATE_SAMPLE_GAMES: u64 = 4;

/// The actions of each sample game of [`private_paths`] at most: random games of every game's default
/// options end well before (Command of Nature's 4-player games in about 1,150 actions, the longest), and
/// options such as a `turn_limit` of 100,000 do not make the first spectator wait for millions.
const PRIVATE_SAMPLE_MOVES: usize = 5_000;

/// The games and options whose private paths are kept at most.
const PRIVATE_CACHE_ENTRIES: usize = 256;

/// Adds to `out` the paths where `a` and `b` differ.
#[doc(hidden)] // public for the crate's tests only
pub fn differing(a: &Value, b: &Value, at: &mut String, out: &mut BTreeSet<String>) {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            for (k, v) in x {
                let len = at.len();
                at.push('.');
                at.push_str(k);
                match y.get(k) {
                    Some(w) => differing(v, w, at, out),
                    None => {
                        out.insert(at.clone());
                    }
                }
                at.truncate(len);
            }
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() && x.iter().all(Value::is_object) => {
            for (v, w) in x.iter().zip(y) {
                differing(v, w, at, out);
            }
        }
        _ if a != b => {
            out.insert(at.clone());
        }
        _ => {}
    }
}

/// Replaces the values at private paths with `null`.
#[doc(hidden)] // public for the crate's tests only
pub fn hide(v: &mut Value, private: &BTreeSet<String>, at: &mut String) {
    if private.contains(at.as_str()) {
        *v = Value::Null;
        return;
    }
    match v {
        Value::Object(m) => {
            for (k, x) in m.iter_mut() {
                let len = at.len();
                at.push('.');
                at.push_str(k);
                hide(x, private, at);
                at.truncate(len);
            }
        }
        Value::Array(items) => {
            for x in items {
                hide(x, private, at);
            }
        }
        _ => {}
    }
}

/// The common part of two JSON values: objects key by key, lists of objects item by item (one item
/// per seat or per pile), any other value whole.
#[doc(hidden)] // public for the crate's tests only
pub fn common(a: &Value, b: &Value) -> Value {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            Value::Object(x.iter().filter_map(|(k, v)| y.get(k).map(|w| (k.clone(), common(v, w)))).collect())
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() && x.iter().all(Value::is_object) => {
            Value::Array(x.iter().zip(y).map(|(v, w)| common(v, w)).collect())
        }
        _ if a == b => a.clone(),
        _ => Value::Null,
    }
}
