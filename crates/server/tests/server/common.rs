//! Helpers: a server on 127.0.0.1 with a fresh database, seats, and a simple random player.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use serde_json::{Value, json};
use sylvan_server::client::{Connection, http};
use sylvan_server::protocol::ClientMessage;
use sylvan_server::store::SqliteStore;
use sylvan_server::{Limits, Registry, Server};

pub type TestResult = Result<(), String>;

static COUNTER: AtomicU64 = AtomicU64::new(0);

/// A fresh database path under the system's temporary directory.
pub fn temp_db(name: &str) -> PathBuf {
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("sylvan-server-test-{}-{name}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::create_dir_all(&dir);
    dir.join("sylvan.db")
}

/// A server of the standard games in this process on a free port; returns its address.
pub async fn start(name: &str, limits: Limits) -> Result<String, String> {
    start_with(Registry::standard(), name, limits).await
}

/// A server of `registry`'s games in this process on a free port; returns its address.
pub async fn start_with(registry: Registry, name: &str, limits: Limits) -> Result<String, String> {
    let (addr, _) = start_server(registry, &temp_db(name), limits, None).await?;
    Ok(addr)
}

/// A server of `registry`'s games on the database `db` on a free port, over TLS with `tls`; returns
/// its address and the server.
pub async fn start_server(
    registry: Registry,
    db: &std::path::Path,
    limits: Limits,
    tls: Option<Arc<rustls::ServerConfig>>,
) -> Result<(String, Arc<Server>), String> {
    let store = SqliteStore::open(db).map_err(|e| e.to_string())?;
    let server = Server::open(registry, Box::new(store), limits)?;
    server.resume();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.map_err(|e| e.to_string())?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?.to_string();
    let scheme = if tls.is_some() { "https" } else { "http" };
    server.set_public_url(&format!("{scheme}://{addr}"));
    let router = sylvan_server::router(Arc::clone(&server));
    tokio::spawn(sylvan_server::net::serve(listener, router, limits, tls));
    Ok((addr, server))
}

/// Creates a game; returns its id and the tokens of the taken seats (in seat order).
pub async fn create(addr: &str, req: Value) -> Result<(String, Vec<String>), String> {
    let (status, body) = http(addr, "POST", "/api/games", Some(&req)).await?;
    if status != 201 {
        return Err(format!("create {req}: {status} {body}"));
    }
    let id = body["id"].as_str().ok_or("no id")?.to_owned();
    let tokens = body["seats"]
        .as_array()
        .ok_or("no seats")?
        .iter()
        .map(|s| s["token"].as_str().map(str::to_owned).ok_or("no token".to_owned()))
        .collect::<Result<_, _>>()?;
    Ok((id, tokens))
}

/// A game with every seat taken by the creator.
pub async fn create_taken(addr: &str, game: &str, players: usize, seed: u64) -> Result<(String, Vec<String>), String> {
    let seats: Vec<Value> = (0..players).map(|_| json!({ "kind": "taken" })).collect();
    create(addr, json!({ "game": game, "players": players, "seats": seats, "seed": seed })).await
}

/// The WebSocket of a seat (`None`: a spectator), hello sent.
pub async fn connect(addr: &str, id: &str, token: Option<&str>) -> Result<Connection, String> {
    Connection::join(addr, id, token).await
}

/// The next message, or an error after 20 s.
pub async fn next(c: &mut Connection) -> Result<Value, String> {
    match tokio::time::timeout(std::time::Duration::from_secs(20), c.next()).await {
        Ok(Some(v)) => Ok(v),
        Ok(None) => Err("connection closed".into()),
        Err(_) => Err("no message within 20 s".into()),
    }
}

/// The next state message (skipping nothing: an error message is an error).
pub async fn next_state(c: &mut Connection) -> Result<Value, String> {
    let v = next(c).await?;
    if v["type"] != "state" {
        return Err(format!("expected a state, got {v}"));
    }
    Ok(v)
}

/// An action message.
pub fn act(move_number: u64, action: &str) -> ClientMessage {
    ClientMessage::Act { move_number: move_number as usize, action: Some(action.to_owned()), id: None }
}

/// A tiny deterministic generator for picking actions (xorshift).
pub struct Pick(pub u64);

impl Pick {
    pub fn index(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

/// Connects each seat of game `id` with its token, and reads each one's first state.
pub async fn seated(addr: &str, id: &str, tokens: &[String]) -> Result<(Vec<Connection>, Vec<Value>), String> {
    let mut conns = Vec::new();
    for t in tokens {
        conns.push(connect(addr, id, Some(t)).await?);
    }
    let mut states = Vec::new();
    for c in &mut conns {
        states.push(next_state(c).await?);
    }
    Ok((conns, states))
}
