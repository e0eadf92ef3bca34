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

#[macro_use]
pub mod words;
pub mod bot_gate;
pub mod client;
pub mod heavy;
mod http;
mod i18n_routes;
mod lobby;
pub mod net;
pub mod protocol;
pub mod store;
pub mod table;
pub mod terminal;
pub mod token;
mod web;

use std::path::{Path, PathBuf};
use std::sync::Arc;

pub use http::router;
pub use lobby::{
    ApiError, Broken, Busy, CHART_BOT, CHART_TIME, CLOSE_GOING_AWAY, CLOSE_POLICY, CLOSE_TOO_BIG, CreateRequest,
    GameSummary, HINT_BOT, HintJob, JoinRequest, Kick, Limits, MAX_NAME, SeatRequest, SeatSummary, Server,
    Subscription, Ticket, clean_name,
};
pub use sylvan_registry::Registry;

/// How a server is run: its limits, the address its links give, TLS, and the card files it offers.
#[derive(Clone, Debug, Default)]
pub struct ServeConfig {
    /// The limits (see `docs/public-server.md`).
    pub limits: Limits,
    /// The address links point to (`https://play.example.org`); by default the listening address.
    pub public_url: Option<String>,
    /// A PEM certificate chain and private key: the server then speaks only HTTPS (and WSS).
    pub tls: Option<(PathBuf, PathBuf)>,
    /// A folder of card files offered to clients by set name (see [`offer_cards_dir`]).
    pub cards_dir: Option<PathBuf>,
}

/// Opens the database at `db` (created on first start), replays every stored game, and serves the
/// standard games on `listener` until the process ends, with the default [`ServeConfig`] but `limits`.
pub async fn run(listener: tokio::net::TcpListener, db: &Path, limits: Limits) -> Result<(), String> {
    run_with(listener, db, &ServeConfig { limits, ..ServeConfig::default() }).await
}

/// [`run`] with a whole [`ServeConfig`].
pub async fn run_with(listener: tokio::net::TcpListener, db: &Path, config: &ServeConfig) -> Result<(), String> {
    if let Some(dir) = &config.cards_dir {
        offer_cards_dir(dir)?;
    }
    let tls = match &config.tls {
        Some((cert, key)) => Some(net::tls_config(cert, key)?),
        None => None,
    };
    let store = store::SqliteStore::open(db).map_err(|e| format!("{}: {e}", db.display()))?;
    let server = Server::open(Registry::standard(), Box::new(store), config.limits)?;
    let local = listener.local_addr().map_err(|e| e.to_string())?;
    let scheme = if tls.is_some() { "https" } else { "http" };
    server.set_public_url(config.public_url.as_deref().unwrap_or(&format!("{scheme}://{local}")));
    server.resume();
    net::serve(listener, router(Arc::clone(&server)), config.limits, tls).await
}

/// The largest card file offered.
const MAX_CARD_FILE: u64 = 4 << 20;

/// Offers the card files of `dir` to clients by name, never by path: `dir/mystic-vale/NAME.toml` is the
/// Mystic Vale expansion set `NAME` (`sets=base,NAME`), `dir/command-of-nature/NAME.toml` the Command of
/// Nature card file `NAME` (`cards=NAME`). Each file is checked now; an error names the file.
pub fn offer_cards_dir(dir: &Path) -> Result<Vec<String>, String> {
    let mut offered = Vec::new();
    let entries = std::fs::read_dir(dir).map_err(|e| format!("--cards-dir {}: {e}", dir.display()))?;
    for game in entries {
        let game = game.map_err(|e| format!("--cards-dir {}: {e}", dir.display()))?.path();
        let Some(name) = game.file_name().and_then(|n| n.to_str()).map(str::to_owned) else { continue };
        if !game.is_dir() || !matches!(name.as_str(), "mystic-vale" | "command-of-nature") {
            return Err(format!(
                "--cards-dir: {}: expected only the folders mystic-vale/ and command-of-nature/",
                game.display()
            ));
        }
        let mut files: Vec<PathBuf> = std::fs::read_dir(&game)
            .map_err(|e| format!("{}: {e}", game.display()))?
            .filter_map(|f| f.ok().map(|f| f.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .collect();
        files.sort();
        for file in files {
            let set = file.file_stem().and_then(|s| s.to_str()).unwrap_or("").to_owned();
            let meta = std::fs::metadata(&file).map_err(|e| format!("{}: {e}", file.display()))?;
            if !meta.is_file() || meta.len() > MAX_CARD_FILE {
                return Err(format!("{}: not a regular file of at most 4 MB", file.display()));
            }
            let text = std::fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?;
            let checked = if name == "mystic-vale" {
                sylvan_mystic_vale::cards::offer_set(&set, &text).map_err(|e| e.to_string())
            } else {
                sylvan_command_of_nature::cards::offer_file(&set, &text).map_err(|e| e.to_string())
            };
            checked.map_err(|e| format!("--cards-dir {}: {e}", file.display()))?;
            offered.push(format!("{name}/{set}"));
        }
    }
    Ok(offered)
}
