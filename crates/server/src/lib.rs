//! # sylvan-server
//!
//! The authoritative game server (`sylvan serve`) and its browser UI: the only place where the full state
//! of a game exists. A small HTTP
//! API is the lobby (create a game of any game with seats open, bots or taken; join; list; download a
//! finished game's record); each seat plays over a WebSocket, receiving only what its view shows, the
//! legal actions when it is its decision and the events it may see. Bots play on the server, on the
//! blocking pool. Games live in SQLite ([`store::SqliteStore`]): every action is stored before anyone
//! is told of it, and a restarted server replays every game to the same move.
//!
//! Guide: `docs/server.md` (running and operating it); the protocol is in `docs/PROTOCOL.md`. Start a server with [`run`], or build one with
//! [`Server::open`] and serve [`router`].
#![deny(missing_docs)]

pub mod client;
mod http;
mod lobby;
pub mod protocol;
pub mod store;
pub mod table;
pub mod terminal;
pub mod token;
mod web;

use std::path::Path;
use std::sync::Arc;

pub use http::router;
pub use lobby::{
    ApiError, Busy, CHART_BOT, CHART_TIME, CreateRequest, GameSummary, HINT_BOT, HintJob, JoinRequest, Limits,
    SeatRequest, SeatSummary, Server, Subscription, Ticket,
};
pub use sylvan_registry::Registry;

/// Opens the database at `db` (created on first start), replays every stored game, and serves the
/// standard games on `listener` until the process ends.
pub async fn run(listener: tokio::net::TcpListener, db: &Path, limits: Limits) -> Result<(), String> {
    let store = store::SqliteStore::open(db).map_err(|e| format!("{}: {e}", db.display()))?;
    let server = Server::open(Registry::standard(), Box::new(store), limits)?;
    server.resume();
    axum::serve(listener, router(Arc::clone(&server))).await.map_err(|e| e.to_string())
}
