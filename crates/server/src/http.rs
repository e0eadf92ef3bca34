//! The HTTP lobby API and the WebSocket endpoint, on axum (see `docs/PROTOCOL.md`).

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use crate::lobby::{
    ApiError, CLOSE_GOING_AWAY, CLOSE_POLICY, CLOSE_TOO_BIG, CreateRequest, JoinRequest, Server, Ticket,
};
use crate::protocol::{ClientMessage, ServerMessage};
use crate::words::Msg;
use sylvan_engine::{Locale, OptionKind};

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = match &self {
            ApiError::Bad(_) => StatusCode::BAD_REQUEST,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
            ApiError::Busy(_) => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Unsupported(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
        };
        error_response(status, self.message().clone())
    }
}

/// The message of an error response, kept on the response until [`localize`] writes it in the
/// request's language.
#[derive(Clone)]
struct Localizable(Msg);

/// An error response `{"error": "..."}` with `msg`, in English until [`localize`] rewrites it in the
/// language of the request.
pub(crate) fn error_response(status: StatusCode, msg: Msg) -> Response {
    let mut r = (status, Json(json!({ "error": msg.to_string() }))).into_response();
    r.extensions_mut().insert(Localizable(msg));
    r
}

/// Around every route: an error response is written in the language of the request (`?lang=`, then
/// `Accept-Language`; English by default).
async fn localize(req: axum::extract::Request, next: axum::middleware::Next) -> Response {
    let accept = req.headers().get(axum::http::header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok());
    let locale = crate::words::locale_of_request(req.uri().query(), accept);
    let mut r = next.run(req).await;
    let Some(Localizable(msg)) = r.extensions_mut().remove::<Localizable>() else { return r };
    if locale == Locale::En {
        return r;
    }
    let (mut parts, _) = r.into_parts();
    parts.headers.remove(axum::http::header::CONTENT_LENGTH);
    let body = json!({ "error": msg.text(locale) }).to_string();
    Response::from_parts(parts, axum::body::Body::from(body))
}

/// The routes of the server.
pub fn router(server: Arc<Server>) -> Router {
    let limit = server.limits().max_message;
    Router::new()
        .route("/api/types", get(types))
        .route("/api/games", get(list).post(create))
        .route("/api/games/{id}", get(one))
        .route("/api/games/{id}/join", post(join))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/ws", get(ws))
        .merge(crate::web::routes())
        .layer(DefaultBodyLimit::max(limit))
        .layer(axum::middleware::from_fn_with_state(server.clone(), guard))
        .layer(axum::middleware::from_fn(localize))
        .with_state(server)
}

/// The largest body read by [`guard`]: a replay's record (`POST /api/replay`); every other request's
/// body is read up to [`Limits::max_message`](crate::Limits::max_message), so that a thousand
/// connections cannot make the server hold 4 MiB each.
const MAX_BODY: usize = 4 << 20;

/// Before any handler: a state-changing request (any method but `GET`/`HEAD`) must say
/// `Content-Type: application/json` and, if it has an `Origin` (a browser), come from this server's
/// own pages; its body must arrive within [`Limits::body_timeout_ms`](crate::Limits::body_timeout_ms).
async fn guard(
    State(server): State<Arc<Server>>,
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    use axum::http::Method;
    if matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS) {
        return next.run(req).await;
    }
    let headers = req.headers();
    let json_type = headers
        .get(axum::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|v| v.trim().eq_ignore_ascii_case("application/json"));
    if !json_type {
        return ApiError::Unsupported(msg!("not-json")).into_response();
    }
    if let Some(origin) = headers.get(axum::http::header::ORIGIN) {
        let origin = origin.to_str().unwrap_or("");
        if !same_origin(&server, origin, headers) {
            let shown = sylvan_engine::carddata::printable(origin, 100);
            return ApiError::Forbidden(msg!("cross-origin", origin = shown)).into_response();
        }
    }
    let cap = if req.uri().path() == "/api/replay" { MAX_BODY } else { server.limits().max_message };
    let (parts, body) = req.into_parts();
    let timeout = Duration::from_millis(server.limits().body_timeout_ms.max(1));
    let bytes = match tokio::time::timeout(timeout, axum::body::to_bytes(body, cap)).await {
        Err(_) => {
            let ms = u64::try_from(timeout.as_millis()).unwrap_or(u64::MAX);
            let mut r = error_response(StatusCode::REQUEST_TIMEOUT, msg!("body-timeout", ms = ms));
            r.headers_mut().insert(axum::http::header::CONNECTION, axum::http::HeaderValue::from_static("close"));
            return r;
        }
        Ok(Err(_)) => {
            return error_response(StatusCode::PAYLOAD_TOO_LARGE, msg!("body-too-big", bytes = cap));
        }
        Ok(Ok(b)) => b,
    };
    next.run(axum::extract::Request::from_parts(parts, axum::body::Body::from(bytes))).await
}

/// Whether a browser's `Origin` is this server: the public address's origin, or the `Host` the request
/// was sent to (a browser cannot forge either).
fn same_origin(server: &Server, origin: &str, headers: &HeaderMap) -> bool {
    let origin = origin.trim_end_matches('/');
    if origin.eq_ignore_ascii_case(&origin_of(&server.public_url())) {
        return true;
    }
    let Some(host) = headers.get(axum::http::header::HOST).and_then(|h| h.to_str().ok()) else { return false };
    ["http://", "https://"].iter().any(|scheme| origin.eq_ignore_ascii_case(&format!("{scheme}{host}")))
}

/// `scheme://host[:port]` of a URL.
fn origin_of(url: &str) -> String {
    let (scheme, rest) = url.split_once("://").unwrap_or(("http", url));
    let host = rest.split('/').next().unwrap_or("");
    format!("{scheme}://{host}")
}

/// The client's address: the TCP peer, or behind a trusted reverse proxy the last `X-Forwarded-For`
/// entry.
fn client_ip(server: &Server, peer: Option<&crate::net::Peer>, headers: &HeaderMap) -> std::net::IpAddr {
    // The last entry is the one the proxy added; anything before it is the client's word.
    if server.limits().trust_forwarded
        && let Some(ip) = headers
            .get_all("x-forwarded-for")
            .iter()
            .next_back()
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.rsplit(',').next())
            .and_then(|v| v.trim().parse().ok())
    {
        return ip;
    }
    peer.map_or(std::net::IpAddr::V4(std::net::Ipv4Addr::UNSPECIFIED), |p| p.0.ip())
}

/// Reads a JSON body strictly, naming what is wrong; `what` is the request (`create`, `join`).
fn body<T: DeserializeOwned>(bytes: &[u8], what: &'static str) -> Result<T, ApiError> {
    let bad = |e: serde_json::Error| ApiError::Bad(msg!("bad-request-body", what = what, detail = e.to_string()));
    if bytes.is_empty() {
        return serde_json::from_str("{}").map_err(bad);
    }
    serde_json::from_slice(bytes).map_err(bad)
}

/// The link that carries a seat's token in its fragment, which browsers never send to a server:
/// `PUBLIC_URL/play/ID#token=TOKEN`, the server's public address (never the request's `Host`, which a
/// client may forge).
fn link(server: &Server, id: &str, ticket: &Ticket) -> String {
    format!("{}/play/{id}#token={}", server.public_url(), ticket.token)
}

/// The listed games with their options, the options' help in `?lang=en|fr` (English by default).
async fn types(
    State(server): State<Arc<Server>>,
    Query(q): Query<crate::web::LangQuery>,
) -> Result<Json<Value>, ApiError> {
    let lang = crate::web::lang_of(q.lang.as_deref())?;
    let games: Vec<Value> = server
        .catalog()
        .listed()
        .map(|e| {
            let g = e.game();
            let (lo, hi) = g.player_range();
            let sets = card_sets(g.name());
            let say = |m: &sylvan_engine::Message| {
                lang.lang().typeset(&g.message_text(m, lang).unwrap_or_else(|| m.id.to_owned()))
            };
            let options: Vec<Value> = g
                .option_docs()
                .iter()
                .filter(|o| o.name != "cards")
                .map(|o| {
                    let mut v = json!({ "name": o.name, "default": o.default, "help": say(&o.help()), "kind": o.kind });
                    if let OptionKind::Multi { choices, .. } = o.kind {
                        // The listed values, then the card sets the operator offers for this option.
                        let mut values: Vec<String> = choices.iter().map(|c| (*c).to_owned()).collect();
                        if sets["option"] == o.name {
                            let offered = sets["names"].as_array().into_iter().flatten().filter_map(Value::as_str);
                            for n in offered {
                                if n != "all" && !values.iter().any(|v| v == n) {
                                    values.push(n.to_owned());
                                }
                            }
                        }
                        let named: Vec<Value> = values
                            .iter()
                            .map(|c| {
                                let name = o.choice_name(c).map_or_else(|| c.clone(), |m| say(&m));
                                json!({ "value": c, "name": name })
                            })
                            .collect();
                        v["values"] = Value::Array(named);
                    }
                    v
                })
                .collect();
            let levels: Vec<Value> = sylvan_bots::Level::ALL
                .iter()
                .map(|&l| json!({ "name": l.name(), "spec": e.levels().get(l).to_string() }))
                .collect();
            json!({ "name": g.name(), "min_players": lo, "max_players": hi, "options": options,
                    "bots": e.bot_names(), "levels": levels, "card_sets": sets })
        })
        .collect();
    Ok(Json(json!({ "games": games })))
}

/// The card sets a client may name for a game (`sets=` for Mystic Vale, `cards=` for Command of
/// Nature): the embedded ones and those the operator offers (`--cards-dir`).
fn card_sets(game: &str) -> Value {
    match game {
        "mystic-vale" => {
            let mut sets: Vec<String> = ["base", "all"].iter().map(|s| (*s).to_owned()).collect();
            sets.extend(sylvan_mystic_vale::cards::EXPANSIONS.iter().map(|(n, _)| (*n).to_owned()));
            sets.extend(sylvan_mystic_vale::cards::offered_sets());
            json!({ "option": "sets", "names": sets })
        }
        "command-of-nature" => {
            let mut sets = vec!["base".to_owned()];
            sets.extend(sylvan_command_of_nature::cards::offered_files());
            json!({ "option": "cards", "names": sets })
        }
        _ => Value::Null,
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ListQuery {
    status: Option<String>,
    limit: Option<usize>,
    after: Option<String>,
    /// The language of errors (read by [`localize`]).
    #[allow(dead_code)]
    lang: Option<String>,
}

/// Games per page of `GET /api/games` by default, and at most.
pub const PAGE: usize = 100;
/// The largest `limit` of `GET /api/games`.
pub const MAX_PAGE: usize = 500;

async fn list(State(server): State<Arc<Server>>, Query(q): Query<ListQuery>) -> Result<Response, ApiError> {
    if q.status.as_deref() == Some("broken") {
        return Ok(Json(json!({ "games": server.broken_list(), "next": null })).into_response());
    }
    let limit = q.limit.unwrap_or(PAGE);
    if limit == 0 || limit > MAX_PAGE {
        return Err(ApiError::Bad(msg!("list-limit", limit = limit, max = MAX_PAGE)));
    }
    let (games, next) = server.page(q.status.as_deref(), q.after.as_deref(), limit);
    Ok(Json(json!({ "games": games, "next": next })).into_response())
}

async fn create(
    State(server): State<Arc<Server>>,
    peer: Option<axum::Extension<crate::net::Peer>>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let req: CreateRequest = body(&bytes, "create")?;
    let client = client_ip(&server, peer.as_deref(), &headers);
    server.allow_create(client)?;
    let (id, tickets) = server.create_by(&req, Some(client))?;
    let seats: Vec<Value> =
        tickets.iter().map(|t| json!({ "seat": t.seat, "token": t.token, "link": link(&server, &id, t) })).collect();
    Ok((StatusCode::CREATED, Json(json!({ "id": id, "seats": seats, "game": server.summary(&id)? }))).into_response())
}

async fn one(State(server): State<Arc<Server>>, Path(id): Path<String>) -> Result<Json<Value>, ApiError> {
    Ok(Json(json!(server.summary(&id)?)))
}

async fn join(
    State(server): State<Arc<Server>>,
    Path(id): Path<String>,
    peer: Option<axum::Extension<crate::net::Peer>>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Json<Value>, ApiError> {
    let req: JoinRequest = body(&bytes, "join")?;
    server.allow_join(client_ip(&server, peer.as_deref(), &headers))?;
    let t = server.join(&id, &req)?;
    Ok(Json(json!({ "seat": t.seat, "token": t.token, "link": link(&server, &id, &t) })))
}

async fn record(State(server): State<Arc<Server>>, Path(id): Path<String>) -> Result<Json<Value>, ApiError> {
    Ok(Json(server.record(&id)?))
}

#[derive(Deserialize)]
struct WsQuery {
    token: Option<String>,
    /// The language of errors before the `hello` (which may name another).
    lang: Option<String>,
}

/// How long a new connection has to send its `hello`.
const HELLO_WITHIN: Duration = Duration::from_secs(10);

async fn ws(
    State(server): State<Arc<Server>>,
    Path(id): Path<String>,
    Query(q): Query<WsQuery>,
    slot: Option<axum::Extension<crate::net::Slot>>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    if q.token.is_some() {
        return Err(ApiError::Bad(msg!("token-in-address")));
    }
    let accept = headers.get(axum::http::header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok());
    let locale = crate::words::locale_of_request(q.lang.as_deref().map(|l| format!("lang={l}")).as_deref(), accept);
    server.room(&id)?;
    let max = server.limits().max_message;
    Ok(upgrade
        .max_message_size(max)
        .max_frame_size(max)
        .on_upgrade(move |socket| async move {
            // The connection stays counted under the cap while the WebSocket is open.
            let _slot = slot;
            greet(server, id, socket, locale).await;
        })
        .into_response())
}

/// A new connection: its first message must be `hello`, which names the seat (by token) or none (a
/// spectator). Anything else, a bad token or silence closes it with a one-line error (and the close
/// code 1008), in the language of the `hello` when it names one, else of the upgrade request.
async fn greet(server: Arc<Server>, id: String, mut socket: WebSocket, locale: Locale) {
    let mut locale = locale;
    let first = match tokio::time::timeout(HELLO_WITHIN, socket.recv()).await {
        Err(_) => Err(msg!("no-hello", seconds = HELLO_WITHIN.as_secs())),
        Ok(None | Some(Err(_))) => return,
        Ok(Some(Ok(Message::Text(t)))) => match serde_json::from_str::<ClientMessage>(t.as_str()) {
            Ok(ClientMessage::Hello { token, lang }) => {
                if let Some(l) = lang {
                    locale = l;
                }
                if token.is_none() {
                    server.prepare_spectator(&id).await;
                }
                server
                    .subscribe_in(&id, token.as_deref(), lang.unwrap_or_default())
                    .map_err(|e| msg!("connection-closed", error = e.message().clone()))
            }
            Ok(_) => Err(msg!("first-not-hello")),
            Err(e) => Err(msg!("malformed-hello", detail = e.to_string())),
        },
        Ok(Some(Ok(_))) => Err(msg!("hello-not-text")),
    };
    match first {
        Ok(sub) => connection(server, sub, socket).await,
        Err(message) => {
            let message = message.text(locale);
            let text = serde_json::to_string(&ServerMessage::Error { message }).unwrap_or_default();
            let write = Duration::from_millis(server.limits().write_timeout_ms.max(1));
            let _ = tokio::time::timeout(write, socket.send(Message::Text(text.into()))).await;
            let _ = tokio::time::timeout(
                write,
                socket.send(close_frame(CLOSE_POLICY, &msg!("close-no-hello").text(locale))),
            )
            .await;
        }
    }
}

/// A close message with a code and a reason (cut to the 123 bytes a close frame holds).
fn close_frame(code: u16, reason: &str) -> Message {
    let mut end = reason.len().min(123);
    while !reason.is_char_boundary(end) {
        end -= 1;
    }
    Message::Close(Some(CloseFrame { code, reason: reason[..end].to_owned().into() }))
}

/// One WebSocket connection: forwards the seat's messages (each within the write timeout), reads its
/// requests under the rate limit. A connection that breaks a limit or cannot keep up is closed with a
/// close code and reason ([`Kick`](crate::lobby::Kick)).
async fn connection(server: Arc<Server>, mut sub: crate::lobby::Subscription, socket: WebSocket) {
    let (mut sink, mut stream) = socket.split();
    let mut rx = std::mem::replace(&mut sub.rx, tokio::sync::mpsc::channel(1).1);
    let limits = server.limits();
    let write = Duration::from_millis(limits.write_timeout_ms.max(1));
    let kick = sub.kick.clone();
    // A ping every `ping_ms`; a connection silent for two of them is closed (a peer gone away).
    let ping_every = Duration::from_millis(limits.ping_ms.max(1));
    let silent = ping_every.saturating_mul(2);
    let writer = tokio::spawn(async move {
        let mut ping = tokio::time::interval_at(tokio::time::Instant::now() + ping_every, ping_every);
        ping.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                biased;
                (code, reason) = kick.closed() => {
                    let _ = tokio::time::timeout(write, sink.send(close_frame(code, &reason))).await;
                    break;
                }
                _ = ping.tick() => {
                    match tokio::time::timeout(write, sink.send(Message::Ping(Default::default()))).await {
                        Ok(Ok(())) => {}
                        Ok(Err(_)) => break,
                        Err(_) => {
                            // As a message: the client reads nothing, it is closed.
                            let ms = u64::try_from(write.as_millis()).unwrap_or(u64::MAX);
                            kick.close(CLOSE_POLICY, msg!("close-write", ms = ms));
                        }
                    }
                }
                msg = rx.recv() => {
                    let Some(msg) = msg else { break };
                    match tokio::time::timeout(write, sink.send(Message::Text(msg.as_ref().into()))).await {
                        Ok(Ok(())) => {}
                        Ok(Err(_)) => break,
                        Err(_) => {
                            // The client reads nothing: closed (the close frame gets the same time).
                            let ms = u64::try_from(write.as_millis()).unwrap_or(u64::MAX);
                            kick.close(CLOSE_POLICY, msg!("close-write", ms = ms));
                        }
                    }
                }
            }
        }
        let _ = tokio::time::timeout(write, sink.close()).await;
    });
    let mut allowance = limits.burst;
    let mut last = Instant::now();
    let locale = sub.lang;
    let reply = |tx: &tokio::sync::mpsc::Sender<Arc<str>>, message: Msg| {
        let message = message.text(locale);
        let text = serde_json::to_string(&ServerMessage::Error { message }).unwrap_or_default();
        tx.try_send(text.into()).is_ok()
    };
    loop {
        let msg = tokio::select! {
            m = tokio::time::timeout(silent, stream.next()) => match m {
                Ok(m) => m,
                Err(_) => {
                    let seconds = u64::try_from(silent.as_millis().div_ceil(1000)).unwrap_or(u64::MAX);
                    sub.kick.close(CLOSE_GOING_AWAY, msg!("close-silent", seconds = seconds));
                    break;
                }
            },
            _ = sub.kick.closed() => break,
        };
        let msg = match msg {
            None => break,
            Some(Ok(m)) => m,
            Some(Err(e)) => {
                if e.to_string().to_ascii_lowercase().contains("too long") {
                    sub.kick.close(CLOSE_TOO_BIG, msg!("close-too-big", bytes = limits.max_message));
                }
                break;
            }
        };
        let now = Instant::now();
        allowance = (allowance + now.duration_since(last).as_secs_f64() * limits.rate_per_sec).min(limits.burst);
        last = now;
        // Over the rate, a message is refused; a client that keeps on sending is cut off.
        allowance -= 1.0;
        if allowance < -limits.burst {
            sub.kick.close(CLOSE_POLICY, msg!("close-too-many"));
            break;
        }
        if allowance < 0.0 {
            reply(&sub.tx, msg!("slow-down"));
            continue;
        }
        let text = match msg {
            Message::Text(t) => t,
            Message::Close(_) => break,
            Message::Binary(_) => {
                reply(&sub.tx, msg!("send-text"));
                continue;
            }
            _ => continue,
        };
        let result = match serde_json::from_str::<ClientMessage>(text.as_str()) {
            Err(e) => Err(ApiError::Bad(msg!("malformed-message", detail = e.to_string()))),
            Ok(m) => handle(&server, &sub, m),
        };
        if let Err(e) = result
            && !reply(&sub.tx, e.message().clone())
        {
            sub.kick.close(CLOSE_POLICY, msg!("close-queued", n = limits.queue));
            break;
        }
    }
    server.unsubscribe(&sub);
    drop(sub);
    let _ = writer.await;
}

fn handle(server: &Arc<Server>, sub: &crate::lobby::Subscription, msg: ClientMessage) -> Result<(), ApiError> {
    if let ClientMessage::Hello { .. } = msg {
        return Err(ApiError::Bad(msg!("hello-twice")));
    }
    let Some(seat) = sub.seat else {
        return match msg {
            ClientMessage::Sync => server.resync(sub),
            _ => Err(ApiError::Forbidden(msg!("spectator-cannot-act"))),
        };
    };
    match msg {
        ClientMessage::Act { move_number, action, id } => {
            server.act(&sub.room, seat, move_number, action.as_deref(), id)
        }
        ClientMessage::Undo { move_number } => server.undo(&sub.room, seat, move_number),
        ClientMessage::Sync | ClientMessage::Hello { .. } => server.resync(sub),
    }
}
