//! The browser UI: its static files (embedded in the binary, so `sylvan serve` needs nothing else) and
//! the routes only the UI needs: a game's replay, step by step, from any seat's view, for a finished
//! game on this server or an uploaded record (see `docs/PROTOCOL.md`).
//!
//! For development, `SYLVAN_WEB_DIR=web` serves the files from that folder instead, so a changed
//! file needs no rebuild.

use std::sync::Arc;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::Deserialize;
use serde_json::{Value, json};
use sylvan_engine::erased::DynGame;
use sylvan_engine::{Locale, Seat};

use crate::lobby::{ApiError, Server};
use crate::protocol::public_view;

/// The UI's files: name, content type, content.
const FILES: &[(&str, &str, &str)] = &[
    ("index.html", "text/html; charset=utf-8", include_str!("../../../web/index.html")),
    ("app.js", "text/javascript; charset=utf-8", include_str!("../../../web/app.js")),
    ("boards.js", "text/javascript; charset=utf-8", include_str!("../../../web/boards.js")),
    ("i18n.js", "text/javascript; charset=utf-8", include_str!("../../../web/i18n.js")),
    ("help.js", "text/javascript; charset=utf-8", include_str!("../../../web/help.js")),
    ("style.css", "text/css; charset=utf-8", include_str!("../../../web/style.css")),
    ("icons.js", "text/javascript; charset=utf-8", include_str!("../../../web/icons.js")),
    ("favicon.svg", "image/svg+xml", include_str!("../../../web/favicon.svg")),
];

/// The largest record a replay request may upload.
const MAX_RECORD: usize = 4 << 20;

/// The UI's routes: pages, files and replays.
pub fn routes() -> Router<Arc<Server>> {
    Router::new()
        .route("/", get(page))
        .route("/play/{id}", get(page))
        .route("/replay", get(page))
        .route("/replay/{id}", get(page))
        .route("/web/{file}", get(file))
        .route("/favicon.ico", get(favicon))
        .merge(crate::i18n_routes::routes())
        .route("/api/games/{id}/replay", get(stored_replay))
        .route("/api/games/{id}/catalog", get(catalog))
        .route("/api/games/{id}/breakdown", get(breakdown))
        .route("/api/games/{id}/help", get(help))
        .route("/api/games/{id}/hint", axum::routing::post(hint))
        .route("/api/games/{id}/log", axum::routing::post(seat_log))
        .route("/api/games/{id}/analysis", get(analysis))
        .route("/api/replay", axum::routing::post(uploaded_replay).layer(DefaultBodyLimit::max(MAX_RECORD)))
}

/// The file `name` of the UI, from `SYLVAN_WEB_DIR` when set, else embedded.
fn asset(name: &str) -> Option<(&'static str, Vec<u8>)> {
    let &(_, mime, embedded) = FILES.iter().find(|(n, _, _)| *n == name)?;
    if let Some(dir) = std::env::var_os("SYLVAN_WEB_DIR")
        && let Ok(bytes) = std::fs::read(std::path::Path::new(&dir).join(name))
    {
        return Some((mime, bytes));
    }
    Some((mime, embedded.as_bytes().to_vec()))
}

fn serve(name: &str) -> Response {
    match asset(name) {
        Some((mime, bytes)) => {
            ([(header::CONTENT_TYPE, mime), (header::CACHE_CONTROL, "no-cache")], bytes).into_response()
        }
        None => crate::http::error_response(StatusCode::NOT_FOUND, msg!("no-file", name = name)),
    }
}

async fn page() -> Response {
    serve("index.html")
}

async fn file(Path(name): Path<String>) -> Response {
    serve(&name)
}

/// Browsers ask for `/favicon.ico` whatever the page links: the SVG icon.
async fn favicon() -> Response {
    serve("favicon.svg")
}

/// A log request: the seat's token (in the body, never in the address; none: a spectator).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LogRequest {
    token: Option<String>,
    lang: Option<String>,
}

/// The log of a game so far as one seat (or a spectator) saw it, for a page that (re)connects: the
/// same entries as a replay's log, built from the seat's events only.
async fn seat_log(
    State(server): State<Arc<Server>>,
    Path(id): Path<String>,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let req: LogRequest = serde_json::from_slice(&bytes)
        .map_err(|e| ApiError::Bad(msg!("bad-request-body", what = "log", detail = e.to_string())))?;
    let lang = lang_of(req.lang.as_deref())?;
    let (record, seat) = server.record_for(&id, req.token.as_deref())?;
    // The game replayed from its start: on the logs' pool (or 429), never on the threads that carry
    // every game's messages. Not cached (the answer is kept nowhere else, so it is not copied).
    let s = server.clone();
    let job = move || replayed_log(&s, &record, seat, None, lang).map(|(_, log)| json!({ "log": log }));
    Ok(json_text(server.logs.run(None, job).await?))
}

/// Which step of a replay, from which seat.
#[derive(Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct StepQuery {
    /// The seat whose view is shown (none: what every seat sees).
    seat: Option<usize>,
    /// How many actions are played (none: all of them).
    upto: Option<usize>,
    /// The locale of texts: a language's code (`en`, the default, `fr`) or `en-XA`.
    lang: Option<String>,
}

/// The language of a request (`?lang=` and a language's code, English by default).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct LangQuery {
    pub(crate) lang: Option<String>,
}

/// The locale a request names (`?lang=`, a body's `lang`): a language's code or one of its names, or
/// the pseudo-locale `en-XA`; English when none is named.
pub(crate) fn lang_of(lang: Option<&str>) -> Result<Locale, ApiError> {
    lang.map_or(Ok(Locale::En), |l| {
        let codes = Locale::ALL.map(|l| l.code()).join(", ");
        l.parse().map_err(|_| ApiError::Bad(msg!("bad-lang", lang = l, codes = codes)))
    })
}

/// What a fresh game with the options of game `id` (seed 0) says of itself in `lang` (`what` reads it):
/// it holds for every deal. Found on the heavy pool and cached by game, options and language, so a
/// page's requests never deal a game on the threads that carry every game's messages.
async fn same_options_answer(
    server: &Arc<Server>,
    id: &str,
    kind: &str,
    lang: Locale,
    what: fn(&dyn DynGame, Locale) -> Value,
) -> Result<Response, ApiError> {
    let summary = server.summary(id)?;
    let key = format!("{kind}:{}:{}:{}", summary.game, summary.options, lang.code());
    let s = server.clone();
    let answer = server
        .heavy
        .run(Some(key), move || {
            let entry = s
                .catalog()
                .get(&summary.game)
                .map_err(|e| ApiError::NotFound(msg!("detail", detail = e.to_string())))?;
            let game = entry
                .game()
                .new_game(&summary.options, 0)
                .map_err(|e| ApiError::Internal(msg!("internal", detail = e.to_string())))?;
            Ok(what(game.as_ref(), lang))
        })
        .await?;
    Ok(json_text(answer))
}

/// The cards of a game as its views name them, in a language (`DynGame::catalog`): a game of the same
/// options knows the same cards whatever its deal.
async fn catalog(
    State(server): State<Arc<Server>>,
    Path(id): Path<String>,
    Query(q): Query<LangQuery>,
) -> Result<Response, ApiError> {
    let lang = lang_of(q.lang.as_deref())?;
    same_options_answer(&server, &id, "catalog", lang, |g, l| g.catalog_locale(l)).await
}

/// Each form of the game's action notation with what it does, in a language (`DynGame::action_help`).
async fn help(
    State(server): State<Arc<Server>>,
    Path(id): Path<String>,
    Query(q): Query<LangQuery>,
) -> Result<Response, ApiError> {
    let lang = lang_of(q.lang.as_deref())?;
    same_options_answer(&server, &id, "help", lang, |g, l| json!(g.action_help_locale(l))).await
}

/// Where each seat's points came from in a finished game, and why it ended, in a language.
async fn breakdown(
    State(server): State<Arc<Server>>,
    Path(id): Path<String>,
    Query(q): Query<LangQuery>,
) -> Result<Response, ApiError> {
    let lang = lang_of(q.lang.as_deref())?;
    let record = server.record(&id)?;
    let key = format!("breakdown:{id}:{}", lang.code());
    let s = server.clone();
    let answer = server
        .heavy
        .run(Some(key), move || {
            let name = record.get("game").and_then(Value::as_str).unwrap_or_default();
            let internal = |e: String| ApiError::Internal(msg!("internal", detail = e));
            let entry = s.catalog().get(name).map_err(|e| internal(e.to_string()))?;
            let game = entry.game().replay(&record.to_string(), None).map_err(|e| internal(e.to_string()))?;
            Ok(json!(game.breakdown_locale(lang)))
        })
        .await?;
    Ok(json_text(answer))
}

/// A hint request: the seat's token (in the body, never in the address) and the move it answers.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct HintRequest {
    token: String,
    #[serde(rename = "move")]
    move_number: usize,
    lang: Option<String>,
}

/// The analysis bot's preferred move for the requesting seat, from its view only (see
/// [`Server::hint`]); the search runs on the blocking pool.
async fn hint(State(server): State<Arc<Server>>, Path(id): Path<String>, bytes: Bytes) -> Result<Response, ApiError> {
    let req: HintRequest = serde_json::from_slice(&bytes)
        .map_err(|e| ApiError::Bad(msg!("bad-request-body", what = "hint", detail = e.to_string())))?;
    let lang = lang_of(req.lang.as_deref())?;
    let job = server.hint(&id, &req.token, req.move_number, lang)?;
    Ok(json_text(server.heavy.run(None, move || job.run()).await?))
}

/// The win-probability analysis of a finished game, for its chart (see [`Server::analysis`]).
async fn analysis(State(server): State<Arc<Server>>, Path(id): Path<String>) -> Result<Response, ApiError> {
    // Only a finished game has one (refused at once otherwise).
    server.record(&id)?;
    let s = server.clone();
    Ok(json_text(server.heavy.run(None, move || s.analysis(&id).map(|r| (*r).clone())).await?))
}

/// The cache key of a replay step: where the record comes from and which step.
fn step_key(source: &str, q: &StepQuery) -> String {
    format!("replay:{source}:{:?}:{:?}:{}", q.seat, q.upto, q.lang.as_deref().unwrap_or("en"))
}

async fn stored_replay(
    State(server): State<Arc<Server>>,
    Path(id): Path<String>,
    Query(q): Query<StepQuery>,
) -> Result<Response, ApiError> {
    let record = server.record(&id)?;
    let key = step_key(&id, &q);
    let s = server.clone();
    Ok(json_text(server.heavy.run(Some(key), move || replay_step(&s, &record, &q)).await?))
}

async fn uploaded_replay(
    State(server): State<Arc<Server>>,
    Query(q): Query<StepQuery>,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    use sha2::Digest;
    let hash: String = sha2::Sha256::digest(&bytes).iter().map(|b| format!("{b:02x}")).collect();
    let key = step_key(&hash, &q);
    let s = server.clone();
    let step = server
        .heavy
        .run(Some(key), move || {
            let record: Value = serde_json::from_slice(&bytes).map_err(|e| record_error(e.to_string()))?;
            replay_step(&s, &record, &q)
        })
        .await?;
    Ok(json_text(step))
}

/// An answer of the heavy pool, JSON text as it was serialized (a cached one is not copied).
fn json_text(text: Bytes) -> Response {
    ([(axum::http::header::CONTENT_TYPE, "application/json")], text).into_response()
}

/// The fields of a view that say where a game stands, when it has them: the log groups actions by them.
const WHERE: [&str; 8] = ["round", "rounds", "turns", "current", "side", "actor", "phase", "day"];

fn at(view: &Value) -> Value {
    let Some(o) = view.as_object() else { return Value::Null };
    Value::Object(WHERE.iter().filter_map(|&k| o.get(k).map(|v| (k.to_owned(), v.clone()))).collect())
}

/// The game of `record` after its first `upto` actions, as `seat` saw it, with the log of what that
/// seat saw happen (grouped by action).
fn replay_step(server: &Server, record: &Value, q: &StepQuery) -> Result<Value, ApiError> {
    let lang = lang_of(q.lang.as_deref())?;
    let name = record.get("game").and_then(Value::as_str).ok_or_else(|| ApiError::Bad(msg!("record-no-game")))?;
    let seats = server
        .catalog()
        .get(name)
        .map_err(|e| record_error(e.to_string()))?
        .game()
        .replay(&record.to_string(), Some(0))
        .map_err(|e| record_error(e.to_string()))?
        .num_seats();
    let seat = match q.seat {
        Some(s) if s >= seats => {
            return Err(ApiError::Bad(msg!("seat-out-of-range", seat = s, seats = seats)));
        }
        s => s.and_then(|s| u8::try_from(s).ok()).map(Seat),
    };
    let (game, log) = replayed_log(server, record, seat, q.upto, lang)?;
    let upto = log.len();
    let total = record.get("actions").and_then(Value::as_array).map_or(0, Vec::len);
    let (view, view_text) = match seat.and_then(|s| game.view(s).ok()) {
        Some(v) => (v.to_json(), Some(v.text_locale(lang))),
        None => (public_view(game.as_ref()), None),
    };
    let outcome = game.outcome();
    Ok(json!({
        "game": name, "options": game.options_json(), "seats": game.num_seats(), "seat": seat.map(|s| s.index()),
        "move": upto, "total": total, "to_move": game.to_move().map(|s| s.index()), "view": view,
        "text": view_text, "log": log, "over": outcome.is_some(),
        "scores": outcome.as_ref().map(|_| game.scores()),
        "breakdown": game.breakdown_locale(lang), "catalog": game.catalog_locale(lang),
        "winners": outcome.map(|o| o.winners().iter().map(|s| s.index()).collect::<Vec<_>>()),
    }))
}

/// Replays the first `upto` actions of `record` (all: `None`) and the log of what `seat` (`None`: a
/// spectator) saw happen, one entry per action: who acted, where the game stood (round, turn, phase),
/// the seat's own action in notation (another seat's may name hidden cards), the events in `lang`.
fn replayed_log(
    server: &Server,
    record: &Value,
    seat: Option<Seat>,
    upto: Option<usize>,
    lang: Locale,
) -> Result<(Box<dyn DynGame>, Vec<Value>), ApiError> {
    let name = record.get("game").and_then(Value::as_str).ok_or_else(|| ApiError::Bad(msg!("record-no-game")))?;
    let entry = server.catalog().get(name).map_err(|e| record_error(e.to_string()))?;
    let actions: Vec<&str> = record
        .get("actions")
        .and_then(Value::as_array)
        .ok_or_else(|| ApiError::Bad(msg!("record-no-actions")))?
        .iter()
        .enumerate()
        .map(|(i, a)| a.as_str().ok_or_else(|| ApiError::Bad(msg!("record-action-not-text", index = i))))
        .collect::<Result<_, _>>()?;
    let upto = upto.unwrap_or(actions.len());
    if upto > actions.len() {
        return Err(ApiError::Bad(msg!("upto-out-of-range", upto = upto, actions = actions.len())));
    }
    let mut game = entry.game().replay(&record.to_string(), Some(0)).map_err(|e| record_error(e.to_string()))?;
    game.keep_events(true);
    let mut log = Vec::with_capacity(upto);
    for (i, action) in actions.iter().take(upto).enumerate() {
        game.clear_events();
        let by = game.to_move();
        // Where the game stood (round, turn, phase) as the seat saw it, for the log's headings.
        let before = match seat {
            Some(s) => game.view(s).map(|v| v.to_json()).unwrap_or_default(),
            None => public_view(game.as_ref()),
        };
        game.apply_notation(action).map_err(|e| {
            ApiError::Bad(msg!("record-bad-action", index = i, action = *action, detail = e.to_string()))
        })?;
        let events: Vec<String> = game.events_locale(seat, lang).into_iter().map(|e| e.text).collect();
        // Another seat's action is shown as its events only: its notation may name hidden cards.
        let shown = (by.is_some() && by == seat).then(|| (*action).to_owned());
        log.push(
            json!({ "move": i, "seat": by.map(|s| s.index()), "action": shown, "events": events, "at": at(&before) }),
        );
    }
    Ok((game, log))
}

/// A record that cannot be read, in the reader's words.
fn record_error(e: String) -> ApiError {
    ApiError::Bad(msg!("bad-request-body", what = "record", detail = e))
}
