//! `sylvan-loadtest [--games N] [--game NAME] [--players P] [--bots SPEC] [--seconds S] [--think-ms T]
//! [--warmup W] [--addr HOST:PORT] [--notebook FILE.md --figure NAME]`:
//! the load benchmark. N games run at once on a server (started in this process on 127.0.0.1 with a
//! fresh database, unless `--addr` names one); in each, one seat is a WebSocket client that answers
//! every state with a random legal action (after a random think time of mean `T` ms, 0 by default)
//! and the other seats are bots on the server. A finished game
//! is replaced by a new one. Reports the client actions per second, all moves per second (bots
//! included), and the latency from an action sent to the next state received (p50, p99, max) over
//! the `S` seconds after the first `W` (the start, when every game is created at once, is not
//! measured; the counts cover the whole run). With `--notebook FILE.md --figure NAME`, the results'
//! table also replaces the text between the notebook's `<!-- figures:NAME:begin -->` and `<!--
//! figures:NAME:end -->` lines (`docs/measurements/README.md`). A number outside its flag's range
//! (`--games` 1 to 100,000, `--players` 1 to 32, `--seconds` 1 to 3,600, `--think-ms` at most 600,000,
//! `--warmup` at most 3,600) is refused with a one-line error naming the flag, never clamped.

use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use sylvan_server::client::{Connection, http};
use sylvan_server::protocol::ClientMessage;
use sylvan_server::store::SqliteStore;
use sylvan_server::{Limits, Registry, Server};

#[path = "loadtest/args.rs"]
mod args;

use args::Args;

/// The results as a lab notebook's figure table, under the command line that produced them.
fn figure_table(out: &Value) -> String {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let command =
        sylvan_engine::carddata::printable(&format!("sylvan-loadtest {}", args.join(" ")).replace('`', "'"), 400);
    let lat = &out["latency_ms"];
    format!(
        "Written by `{command}` ({} s measured after a {} s warmup; latencies depend on the machine and its load).\n\n\
         | games at once | game | players | bots | think (ms) | p50 (ms) | p99 (ms) | max (ms) | samples | client actions/s | moves/s (all seats) |\n\
         |---:|---|---:|---|---:|---:|---:|---:|---:|---:|---:|\n\
         | {} | {} | {} | `{}` | {} | {} | {} | {} | {} | {} | {} |\n",
        out["measured_s"],
        out["warmup_s_not_measured"],
        out["games_at_once"],
        out["game"].as_str().unwrap_or("").replace('|', " "),
        out["players"],
        out["bots"].as_str().unwrap_or("").replace(['|', '`'], " "),
        out["think_ms"],
        lat["p50"],
        lat["p99"],
        lat["max"],
        lat["samples"],
        out["client_actions_per_s"],
        out["moves_per_s_all_seats"],
    )
}

#[derive(Default)]
struct Totals {
    actions: AtomicU64,
    moves: AtomicU64,
    games: AtomicU64,
    errors: AtomicU64,
}

/// What the client reads of a message (the rest is skipped, not built).
#[derive(serde::Deserialize)]
struct Update {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default, rename = "move")]
    move_number: u64,
    #[serde(default)]
    over: bool,
    #[serde(default)]
    legal: Vec<Legal>,
}

#[derive(serde::Deserialize)]
struct Legal {
    notation: String,
}

/// One client: plays seat 0 of game after game until `until`; returns its latencies (µs) measured
/// after `measure_from`.
async fn client(
    addr: String,
    args: Arc<Args>,
    seed: u64,
    (measure_from, until): (Instant, Instant),
    totals: Arc<Totals>,
) -> Vec<u32> {
    let mut lat = Vec::new();
    let mut rng = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut seats = vec![json!({ "kind": "taken" })];
    seats.extend((1..args.players).map(|_| json!({ "kind": "bot", "spec": args.bots })));
    while Instant::now() < until {
        let req = json!({ "game": args.game, "players": args.players, "seats": seats, "seed": seed ^ rng });
        let Ok((201, created)) = http(&addr, "POST", "/api/games", Some(&req)).await else {
            totals.errors.fetch_add(1, Ordering::Relaxed);
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        let (Some(id), Some(token)) = (created["id"].as_str(), created["seats"][0]["token"].as_str()) else { break };
        let Ok(mut c) = Connection::join(&addr, id, Some(token)).await else {
            totals.errors.fetch_add(1, Ordering::Relaxed);
            continue;
        };
        let mut sent: Option<Instant> = None;
        let mut last_move = 0;
        while let Some(text) = c.next_text().await {
            let Ok(state) = serde_json::from_str::<Update>(&text) else {
                totals.errors.fetch_add(1, Ordering::Relaxed);
                break;
            };
            if state.kind != "state" {
                totals.errors.fetch_add(1, Ordering::Relaxed);
                break;
            }
            if let Some(t) = sent.take()
                && t >= measure_from
            {
                lat.push(t.elapsed().as_micros().min(u128::from(u32::MAX)) as u32);
            }
            let m = state.move_number;
            totals.moves.fetch_add(m.saturating_sub(last_move), Ordering::Relaxed);
            last_move = m;
            if state.over {
                totals.games.fetch_add(1, Ordering::Relaxed);
                break;
            }
            if Instant::now() >= until {
                break;
            }
            if state.legal.is_empty() {
                continue;
            }
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let i = (rng % state.legal.len() as u64) as usize;
            let action = state.legal.into_iter().nth(i).map(|l| l.notation);
            let msg = ClientMessage::Act { move_number: m as usize, action, id: None };
            if args.think_ms > 0 {
                // A person's pace: think for up to twice the mean, at random.
                tokio::time::sleep(Duration::from_millis(rng % (2 * args.think_ms))).await;
            }
            sent = Some(Instant::now());
            if c.send(&msg).await.is_err() {
                break;
            }
            totals.actions.fetch_add(1, Ordering::Relaxed);
        }
    }
    lat
}

fn percentile(sorted: &[u32], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    f64::from(sorted[i.min(sorted.len() - 1)]) / 1000.0
}

async fn run(args: Args) -> Result<(), String> {
    let args = Arc::new(args);
    let addr = match &args.addr {
        Some(a) => a.clone(),
        None => {
            let dir = std::env::temp_dir().join(format!("sylvan-loadtest-{}", std::process::id()));
            std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            let db = dir.join("load.db");
            let _ = std::fs::remove_file(&db);
            let store = SqliteStore::open(&db).map_err(|e| e.to_string())?;
            // One client address creates every game and holds every connection: the per-address limits
            // are lifted, and the bots of every game think at once, as before the bot workers' cap.
            let limits = Limits {
                rate_per_sec: 1e6,
                burst: 1e6,
                creates_per_minute: 1e9,
                create_burst: 1e9,
                max_connections: 100_000,
                max_connections_per_address: 100_000,
                max_unfinished_per_address: usize::MAX,
                bot_workers: 512,
                ..Limits::default()
            };
            let server = Server::open(Registry::standard(), Box::new(store), limits)?;
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.map_err(|e| e.to_string())?;
            let addr = listener.local_addr().map_err(|e| e.to_string())?.to_string();
            server.set_public_url(&format!("http://{addr}"));
            server.resume();
            tokio::spawn(sylvan_server::net::serve(listener, sylvan_server::router(server), limits, None));
            eprintln!("server on {addr}, database {}", db.display());
            addr
        }
    };
    let totals = Arc::new(Totals::default());
    let start = Instant::now();
    let measure_from = start + Duration::from_secs(args.warmup);
    let until = measure_from + Duration::from_secs(args.seconds);
    let tasks: Vec<_> = (0..args.games)
        .map(|i| tokio::spawn(client(addr.clone(), args.clone(), i as u64 + 1, (measure_from, until), totals.clone())))
        .collect();
    let mut lat = Vec::new();
    for t in tasks {
        lat.extend(t.await.map_err(|e| e.to_string())?);
    }
    let secs = start.elapsed().as_secs_f64();
    lat.sort_unstable();
    let out: Value = json!({
        "games_at_once": args.games, "think_ms": args.think_ms, "warmup_s_not_measured": args.warmup, "game": args.game, "players": args.players, "bots": args.bots,
        "seconds": (secs * 10.0).round() / 10.0,
        "client_actions": totals.actions.load(Ordering::Relaxed),
        "client_actions_per_s": (totals.actions.load(Ordering::Relaxed) as f64 / secs).round(),
        "moves_per_s_all_seats": (totals.moves.load(Ordering::Relaxed) as f64 / secs).round(),
        "games_finished": totals.games.load(Ordering::Relaxed),
        "errors": totals.errors.load(Ordering::Relaxed),
        "latency_ms": { "p50": percentile(&lat, 0.5), "p99": percentile(&lat, 0.99), "max": percentile(&lat, 1.0), "samples": lat.len() },
    });
    println!("{}", serde_json::to_string_pretty(&out).unwrap_or_default());
    if let (Some(path), Some(name)) = (&args.notebook, &args.figure) {
        let mut out = out;
        out["measured_s"] = json!(args.seconds);
        sylvan_registry::runs::notebook::write(path, name, &figure_table(&out)).map_err(|e| e.to_string())?;
    }
    Ok(())
}

fn main() -> ExitCode {
    let args = match args::parse(std::env::args().skip(1)) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("sylvan-loadtest: {e}");
            return ExitCode::from(2);
        }
    };
    let result = tokio::runtime::Runtime::new().map_err(|e| e.to_string()).and_then(|rt| rt.block_on(run(args)));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("sylvan-loadtest: {e}");
            ExitCode::FAILURE
        }
    }
}
