//! The HTTP lobby API and the WebSocket endpoint, on axum (see `docs/PROTOCOL.md`).

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use crate::lobby::{ApiError, CreateRequest, JoinRequest, Server, Ticket};
use crate::protocol::{ClientMessage, ServerMessage};

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = match &self {
            ApiError::Bad(_) => StatusCode::BAD_REQUEST,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        };
        (status, Json(json!({ "error": self.to_string() }))).into_response()
    }
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
        .with_state(server)
}

/// Reads a JSON body strictly, naming what is wrong.
fn body<T: DeserializeOwned>(bytes: &[u8], what: &str) -> Result<T, ApiError> {
    if bytes.is_empty() {
        return serde_json::from_str("{}").map_err(|e| ApiError::Bad(format!("{what}: {e}")));
    }
    serde_json::from_slice(bytes).map_err(|e| ApiError::Bad(format!("{what}: {e}")))
}

/// The link that carries a seat's token in its fragment, which browsers never send to a server:
/// `http://HOST/play/ID#token=TOKEN`.
fn link(headers: &HeaderMap, id: &str, ticket: &Ticket) -> String {
    let host = headers.get("host").and_then(|h| h.to_str().ok()).unwrap_or("127.0.0.1:8080");
    format!("http://{host}/play/{id}#token={}", ticket.token)
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
            let options: Vec<Value> = g
                .option_docs()
                .iter()
                .filter(|o| o.name != "cards")
                .map(|o| json!({ "name": o.name, "default": o.default, "help": lang.typeset(o.help_in(lang)), "kind": o.kind }))
                .collect();
            let levels: Vec<Value> = sylvan_bots::Level::ALL
                .iter()
                .map(|&l| json!({ "name": l.name(), "spec": e.levels().get(l).to_string() }))
                .collect();
            json!({ "name": g.name(), "min_players": lo, "max_players": hi, "options": options,
                    "bots": e.bot_names(), "levels": levels })
        })
        .collect();
    Ok(Json(json!({ "games": games })))
}

#[derive(Deserialize)]
struct ListQuery {
    status: Option<String>,
}

async fn list(State(server): State<Arc<Server>>, Query(q): Query<ListQuery>) -> Response {
    Json(json!({ "games": server.list(q.status.as_deref()) })).into_response()
}

async fn create(State(server): State<Arc<Server>>, headers: HeaderMap, bytes: Bytes) -> Result<Response, ApiError> {
    let req: CreateRequest = body(&bytes, "create request")?;
    let (id, tickets) = server.create(&req)?;
    let seats: Vec<Value> =
        tickets.iter().map(|t| json!({ "seat": t.seat, "token": t.token, "link": link(&headers, &id, t) })).collect();
    Ok((StatusCode::CREATED, Json(json!({ "id": id, "seats": seats, "game": server.summary(&id)? }))).into_response())
}

async fn one(State(server): State<Arc<Server>>, Path(id): Path<String>) -> Result<Json<Value>, ApiError> {
    Ok(Json(json!(server.summary(&id)?)))
}

async fn join(
    State(server): State<Arc<Server>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Json<Value>, ApiError> {
    let req: JoinRequest = body(&bytes, "join request")?;
    let t = server.join(&id, &req)?;
    Ok(Json(json!({ "seat": t.seat, "token": t.token, "link": link(&headers, &id, &t) })))
}

async fn record(State(server): State<Arc<Server>>, Path(id): Path<String>) -> Result<Json<Value>, ApiError> {
    Ok(Json(server.record(&id)?))
}

#[derive(Deserialize)]
struct WsQuery {
    token: Option<String>,
}

/// How long a new connection has to send its `hello`.
const HELLO_WITHIN: Duration = Duration::from_secs(10);

async fn ws(
    State(server): State<Arc<Server>>,
    Path(id): Path<String>,
    Query(q): Query<WsQuery>,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    if q.token.is_some() {
        return Err(ApiError::Bad(
            "a token in the address is refused (addresses get logged): connect without it and send \
             {\"type\":\"hello\",\"token\":\"...\"} first"
                .into(),
        ));
    }
    server.room(&id)?;
    let max = server.limits().max_message;
    Ok(upgrade
        .max_message_size(max)
        .max_frame_size(max)
        .on_upgrade(move |socket| greet(server, id, socket))
        .into_response())
}

/// A new connection: its first message must be `hello`, which names the seat (by token) or none (a
/// spectator). Anything else, a bad token or silence closes it with a one-line error.
async fn greet(server: Arc<Server>, id: String, mut socket: WebSocket) {
    let first = match tokio::time::timeout(HELLO_WITHIN, socket.recv()).await {
        Err(_) => Err(format!("no hello within {} s: connection closed", HELLO_WITHIN.as_secs())),
        Ok(None | Some(Err(_))) => return,
        Ok(Some(Ok(Message::Text(t)))) => match serde_json::from_str::<ClientMessage>(t.as_str()) {
            Ok(ClientMessage::Hello { token, lang }) => server
                .subscribe_in(&id, token.as_deref(), lang.unwrap_or_default())
                .map_err(|e| format!("{e}: connection closed")),
            Ok(_) => Err("the first message must be {\"type\":\"hello\",\"token\":...}: connection closed".into()),
            Err(e) => Err(format!("malformed hello: {e}: connection closed")),
        },
        Ok(Some(Ok(_))) => Err("the first message must be a text hello: connection closed".into()),
    };
    match first {
        Ok(sub) => connection(server, sub, socket).await,
        Err(message) => {
            let text = serde_json::to_string(&ServerMessage::Error { message }).unwrap_or_default();
            let _ = socket.send(Message::Text(text.into())).await;
            let _ = socket.close().await;
        }
    }
}

/// One WebSocket connection: forwards the seat's messages, reads its requests under the rate limit.
async fn connection(server: Arc<Server>, mut sub: crate::lobby::Subscription, socket: WebSocket) {
    let (mut sink, mut stream) = socket.split();
    let mut rx = std::mem::replace(&mut sub.rx, tokio::sync::mpsc::channel(1).1);
    let writer = tokio::spawn(async move {
        while let Some(msg) = rx.recv().await {
            if sink.send(Message::Text(msg.as_ref().into())).await.is_err() {
                break;
            }
        }
        let _ = sink.close().await;
    });
    let limits = server.limits();
    let mut allowance = limits.burst;
    let mut last = Instant::now();
    let reply = |tx: &tokio::sync::mpsc::Sender<Arc<str>>, message: String| {
        let text = serde_json::to_string(&ServerMessage::Error { message }).unwrap_or_default();
        tx.try_send(text.into()).is_ok()
    };
    while let Some(Ok(msg)) = stream.next().await {
        let now = Instant::now();
        allowance = (allowance + now.duration_since(last).as_secs_f64() * limits.rate_per_sec).min(limits.burst);
        last = now;
        // Over the rate, a message is refused; a client that keeps on sending is cut off.
        allowance -= 1.0;
        if allowance < -limits.burst {
            reply(&sub.tx, "too many messages: connection closed".into());
            break;
        }
        if allowance < 0.0 {
            reply(&sub.tx, "too many messages: slow down (this one was ignored)".into());
            continue;
        }
        let text = match msg {
            Message::Text(t) => t,
            Message::Close(_) => break,
            Message::Binary(_) => {
                reply(&sub.tx, "send text (JSON) messages".into());
                continue;
            }
            _ => continue,
        };
        let result = match serde_json::from_str::<ClientMessage>(text.as_str()) {
            Err(e) => Err(ApiError::Bad(format!("malformed message: {e}"))),
            Ok(m) => handle(&server, &sub, m),
        };
        if let Err(e) = result
            && !reply(&sub.tx, e.to_string())
        {
            break;
        }
    }
    server.unsubscribe(&sub);
    drop(sub);
    let _ = writer.await;
}

fn handle(server: &Arc<Server>, sub: &crate::lobby::Subscription, msg: ClientMessage) -> Result<(), ApiError> {
    if let ClientMessage::Hello { .. } = msg {
        return Err(ApiError::Bad("hello is only the first message of a connection".into()));
    }
    let Some(seat) = sub.seat else {
        return match msg {
            ClientMessage::Sync => server.resync(sub),
            _ => Err(ApiError::Forbidden("a spectator cannot act: connect with a seat's token".into())),
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
