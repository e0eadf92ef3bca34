//! `sylvan serve`, `sylvan create` and `sylvan join`: the game server and its terminal client (all in
//! `sylvan-server`; this file reads the flags).

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Result, anyhow};
use clap::Args;
use serde_json::{Value, json};
use sylvan_engine::Locale;
use sylvan_words::args;

use crate::GameArgs;
use crate::words::t;

#[derive(Args, Debug, Clone)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: String,
    /// The SQLite database (created on first start).
    #[arg(long, default_value = "sylvan.db")]
    db: PathBuf,
    /// The address the seat links point to, e.g. `https://play.example.org` [default: the listening
    /// address]. Links never use the request's `Host` header.
    #[arg(long, value_name = "URL")]
    public_url: Option<String>,
    /// PEM certificate chain: serve HTTPS (and WSS) only, with `--tls-key`.
    #[arg(long, value_name = "FILE", requires = "tls_key")]
    tls_cert: Option<PathBuf>,
    /// PEM private key of `--tls-cert`.
    #[arg(long, value_name = "FILE", requires = "tls_cert")]
    tls_key: Option<PathBuf>,
    /// Card files offered to clients by name: DIR/mystic-vale/NAME.toml (`sets=base,NAME`) and
    /// DIR/command-of-nature/NAME.toml (`cards=NAME`). Clients never name files.
    #[arg(long, value_name = "DIR")]
    cards_dir: Option<PathBuf>,
    /// The most milliseconds per decision a client may give a bot.
    #[arg(long, default_value_t = sylvan_server::Limits::default().max_bot_ms)]
    max_bot_ms: u32,
    /// The most iterations per decision a client may give a bot.
    #[arg(long, default_value_t = sylvan_server::Limits::default().max_bot_iters)]
    max_bot_iters: u32,
    /// The most search threads a client may give a bot.
    #[arg(long, default_value_t = sylvan_server::Limits::default().max_bot_threads)]
    max_bot_threads: u8,
    /// Replays, analyses and hints computed at once.
    #[arg(long, default_value_t = sylvan_server::Limits::default().heavy_workers)]
    heavy_workers: usize,
    /// Bot decisions computed at once, over all games; the others wait their turn.
    #[arg(long, default_value_t = sylvan_server::Limits::default().bot_workers)]
    bot_workers: usize,
    /// Replays, analyses and hints waiting beyond those (more are refused with 429).
    #[arg(long, default_value_t = sylvan_server::Limits::default().heavy_queue)]
    heavy_queue: usize,
    /// Open connections at most.
    #[arg(long, default_value_t = sylvan_server::Limits::default().max_connections)]
    max_connections: usize,
    /// Open connections one client address may hold (an IPv6 address counts by its /64); not kept with
    /// `--trust-forwarded`, behind a proxy that must keep it.
    #[arg(long, default_value_t = sylvan_server::Limits::default().max_connections_per_address)]
    max_connections_per_address: usize,
    /// Milliseconds a client has to send a request's headers (and its TLS handshake), and its body.
    #[arg(long, default_value_t = sylvan_server::Limits::default().header_timeout_ms)]
    read_timeout_ms: u64,
    /// Milliseconds between the server's pings on each WebSocket; a connection silent for two of them
    /// is closed.
    #[arg(long, default_value_t = sylvan_server::Limits::default().ping_ms,
        value_parser = clap::value_parser!(u64).range(1000..))]
    ping_ms: u64,
    /// Unfinished games one client address may have created at once.
    #[arg(long, default_value_t = sylvan_server::Limits::default().max_unfinished_per_address)]
    max_unfinished_per_address: usize,
    /// Games one client address may create per minute.
    #[arg(long, default_value_t = sylvan_server::Limits::default().creates_per_minute)]
    creates_per_minute: f64,
    /// Games one client address may create in a burst.
    #[arg(long, default_value_t = sylvan_server::Limits::default().create_burst)]
    create_burst: f64,
    /// Hours after its last action that an unfinished game is deleted.
    #[arg(long, default_value_t = sylvan_server::Limits::default().expire_after_secs / 3600)]
    expire_hours: u64,
    /// Games the server holds at most.
    #[arg(long, default_value_t = sylvan_server::Limits::default().max_games)]
    max_games: usize,
    /// Actions a game may hold at most; a game that reaches it goes no further.
    #[arg(long, default_value_t = sylvan_server::Limits::default().max_moves)]
    max_moves: usize,
    /// Take the client's address from the last `X-Forwarded-For` entry (only behind a reverse proxy
    /// that sets it).
    #[arg(long)]
    trust_forwarded: bool,
    #[command(flatten)]
    lang: crate::LangArg,
}

impl ServeArgs {
    /// The language of the command's own lines (the server speaks each client's language).
    pub fn locale(&self) -> Locale {
        self.lang.locale
    }
}

#[derive(Args, Debug, Clone)]
pub struct CreateArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// The server: `HOST:PORT`, `http://HOST:PORT` or `https://HOST:PORT`.
    #[arg(long, default_value = "127.0.0.1:8080")]
    server: String,
    /// PEM certificate to trust for an `https://` server besides the system's (a self-signed one).
    #[arg(long, value_name = "FILE")]
    ca: Option<PathBuf>,
    /// Seats in order, comma-separated: `me` (you get its link), `open` (anyone may join), or a bot
    /// spec played by the server (`heuristic`, `ismcts:ms=500`...) [default: me, then open seats].
    #[arg(long)]
    seats: Option<String>,
    /// Seed of the deal [default: random].
    #[arg(long)]
    seed: Option<u64>,
    /// Per-move clock for people, in milliseconds (the server plays the heuristic move when it runs out).
    #[arg(long)]
    clock_ms: Option<u64>,
    /// Print the server's answer as JSON.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    lang: crate::LangArg,
}

impl CreateArgs {
    /// The language of the command's own lines.
    pub fn locale(&self) -> Locale {
        self.lang.locale
    }
}

#[derive(Args, Debug, Clone)]
pub struct JoinArgs {
    /// The seat's link, as `sylvan create` or the server's join answer gives it.
    link: String,
    /// Language of the screen, card texts, events and the final breakdown: `en`, `fr`, or the
    /// pseudo-locale `en-XA` (accented, lengthened English for the client's own lines) [default: from
    /// `LC_ALL`, `LC_MESSAGES` or `LANG`, else `en`].
    #[arg(long, default_value_t = crate::words::env_locale(), hide_default_value = true, value_name = "en|fr|en-XA")]
    pub(crate) lang: sylvan_engine::Locale,
    /// PEM certificate to trust for an `https://` link besides the system's (a self-signed one).
    #[arg(long, value_name = "FILE")]
    ca: Option<PathBuf>,
}

pub fn serve(args: &ServeArgs) -> Result<ExitCode> {
    let locale = args.locale();
    check_database(&args.db, locale)?;
    let limits = sylvan_server::Limits {
        max_bot_ms: args.max_bot_ms,
        max_bot_iters: args.max_bot_iters,
        max_bot_threads: args.max_bot_threads,
        heavy_workers: args.heavy_workers,
        bot_workers: args.bot_workers,
        heavy_queue: args.heavy_queue,
        max_connections: args.max_connections,
        max_connections_per_address: args.max_connections_per_address,
        header_timeout_ms: args.read_timeout_ms,
        body_timeout_ms: args.read_timeout_ms,
        ping_ms: args.ping_ms,
        max_unfinished_per_address: args.max_unfinished_per_address,
        creates_per_minute: args.creates_per_minute,
        create_burst: args.create_burst,
        expire_after_secs: args.expire_hours.saturating_mul(3600),
        max_games: args.max_games,
        max_moves: args.max_moves,
        trust_forwarded: args.trust_forwarded,
        ..sylvan_server::Limits::default()
    };
    let config = sylvan_server::ServeConfig {
        limits,
        public_url: args.public_url.clone(),
        tls: args.tls_cert.clone().zip(args.tls_key.clone()),
        cards_dir: args.cards_dir.clone(),
    };
    let scheme = if config.tls.is_some() { "https" } else { "http" };
    sylvan_server::terminal::serve_with(&args.addr, &args.db, &config, |addr| {
        let url = format!("{scheme}://{addr}");
        println!("{}", t(locale, "serve-listening", args!(url = url, db = args.db.display().to_string())));
        if let Some(url) = &args.public_url {
            println!("{}", t(locale, "serve-links", args!(url = url.as_str())));
        }
    })
    .map_err(|e| anyhow!(e))?;
    Ok(ExitCode::SUCCESS)
}

pub fn create(args: &CreateArgs) -> Result<ExitCode> {
    let (lo, _) = crate::games::registry().get(&args.game.game).map_err(|e| anyhow!(e))?.game().player_range();
    let players = args.game.players.unwrap_or(lo);
    let seats: Vec<Value> = match &args.seats {
        None => {
            (0..players).map(|i| if i == 0 { json!({ "kind": "taken" }) } else { json!({ "kind": "open" }) }).collect()
        }
        Some(list) => list
            .split(',')
            .map(|s| match s.trim() {
                "me" => json!({ "kind": "taken" }),
                "open" => json!({ "kind": "open" }),
                spec => json!({ "kind": "bot", "spec": spec }),
            })
            .collect(),
    };
    let request = json!({
        "game": args.game.game, "players": players, "options": args.game.options, "seats": seats,
        "seed": args.seed, "clock_ms": args.clock_ms,
    });
    let answer =
        sylvan_server::terminal::create_at(&args.server, args.ca.as_deref(), &request).map_err(|e| anyhow!(e))?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&answer)?);
        return Ok(ExitCode::SUCCESS);
    }
    let locale = args.locale();
    let id = answer["id"].as_str().unwrap_or("?");
    println!("{}", t(locale, "create-created", args!(id = id, server = args.server.as_str())));
    for s in answer["seats"].as_array().into_iter().flatten() {
        println!("  p{}: sylvan join '{}'", s["seat"], s["link"].as_str().unwrap_or(""));
    }
    let open = answer["game"]["seats"].as_array().into_iter().flatten().filter(|s| s["kind"] == "open").count();
    if open > 0 {
        println!("  {}", t(locale, "create-open", args!(open = open, id = id)));
    }
    Ok(ExitCode::SUCCESS)
}

pub fn join(args: &JoinArgs) -> Result<ExitCode> {
    let mut out = std::io::stdout().lock();
    // Bounded lines, invalid UTF-8 a bad line rather than the end (issue 38).
    let stdin = std::io::BufReader::new(std::io::stdin());
    let input = crate::input::SaneLines::new(stdin, args.lang, |m: &str| eprintln!("{m}"));
    sylvan_server::terminal::join_with(&args.link, args.lang, args.ca.as_deref(), input, &mut out)
        .map_err(|e| anyhow!(e))?;
    Ok(ExitCode::SUCCESS)
}

/// Checks `--db` before the server says it listens (issue 38): an existing path is a regular file that
/// is empty or an SQLite database this server can use (its own schema, not corrupt); a new path is in
/// an existing directory.
fn check_database(db: &std::path::Path, locale: Locale) -> Result<()> {
    use std::io::Read;
    let shown = db.display().to_string();
    let say =
        |id: &str, error: String| anyhow!(t(locale, id, args!(flag = "--db", db = shown.as_str(), error = error)));
    match std::fs::metadata(db) {
        Ok(m) if m.is_dir() => return Err(say("serve-db-directory", String::new())),
        Ok(m) if !m.is_file() => return Err(say("serve-db-special", String::new())),
        Ok(m) if m.len() > 0 => {
            let mut head = [0u8; 16];
            let read = std::fs::File::open(db).and_then(|f| f.take(16).read_exact(&mut head));
            read.map_err(|e| say("serve-db-unreadable", e.to_string()))?;
            if &head != b"SQLite format 3\0" {
                return Err(say("serve-db-not-sqlite", String::new()));
            }
            // Another program's database, a corrupt one or a newer schema: said in one line.
            sylvan_server::store::SqliteStore::check(db).map_err(|e| say("serve-db-error", e.to_string()))?;
        }
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let dir = match db.parent() {
                Some(p) if !p.as_os_str().is_empty() => p,
                _ => std::path::Path::new("."),
            };
            if !dir.is_dir() {
                return Err(say("serve-db-no-dir", dir.display().to_string()));
            }
        }
        Err(e) => return Err(say("serve-db-error", e.to_string())),
    }
    Ok(())
}
