//! `sylvan serve`, `sylvan create` and `sylvan join`: the game server and its terminal client (all in
//! `sylvan-server`; this file reads the flags).

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Result, anyhow};
use clap::Args;
use serde_json::{Value, json};

use crate::GameArgs;

#[derive(Args, Debug, Clone)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: String,
    /// The SQLite database (created on first start).
    #[arg(long, default_value = "sylvan.db")]
    db: PathBuf,
}

#[derive(Args, Debug, Clone)]
pub struct CreateArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// The server (`HOST:PORT`).
    #[arg(long, default_value = "127.0.0.1:8080")]
    server: String,
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
}

#[derive(Args, Debug, Clone)]
pub struct JoinArgs {
    /// The seat's link, as `sylvan create` or the server's join answer gives it.
    link: String,
    /// Language of the screen, card texts, events and the final breakdown: `en` or `fr`.
    #[arg(long, default_value = "en", value_name = "en|fr")]
    lang: sylvan_engine::Lang,
}

pub fn serve(args: &ServeArgs) -> Result<ExitCode> {
    check_database(&args.db)?;
    sylvan_server::terminal::serve(&args.addr, &args.db, |addr| {
        println!("sylvan serve: listening on http://{addr} (database {})", args.db.display());
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
    let answer = sylvan_server::terminal::create(&args.server, &request).map_err(|e| anyhow!(e))?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&answer)?);
        return Ok(ExitCode::SUCCESS);
    }
    println!("game {} created on {}", answer["id"].as_str().unwrap_or("?"), args.server);
    for s in answer["seats"].as_array().into_iter().flatten() {
        println!("  p{}: sylvan join '{}'", s["seat"], s["link"].as_str().unwrap_or(""));
    }
    let open = answer["game"]["seats"].as_array().into_iter().flatten().filter(|s| s["kind"] == "open").count();
    if open > 0 {
        println!(
            "  {open} open seat(s): POST /api/games/{}/join gives a seat's link",
            answer["id"].as_str().unwrap_or("?")
        );
    }
    Ok(ExitCode::SUCCESS)
}

pub fn join(args: &JoinArgs) -> Result<ExitCode> {
    let mut out = std::io::stdout().lock();
    // Bounded lines, invalid UTF-8 a bad line rather than the end (issue 38).
    let input = crate::input::SaneLines::new(std::io::BufReader::new(std::io::stdin()), |m: &str| eprintln!("{m}"));
    sylvan_server::terminal::join(&args.link, args.lang, input, &mut out).map_err(|e| anyhow!(e))?;
    Ok(ExitCode::SUCCESS)
}

/// Checks `--db` before the server says it listens (issue 38): an existing path is a regular file that
/// is empty or starts with SQLite's header; a new path is in an existing directory.
fn check_database(db: &std::path::Path) -> Result<()> {
    use std::io::Read;
    let shown = db.display();
    match std::fs::metadata(db) {
        Ok(m) if m.is_dir() => return Err(anyhow!("--db {shown}: a directory, not a database file")),
        Ok(m) if !m.is_file() => {
            return Err(anyhow!("--db {shown}: not a regular file (a FIFO, device or socket)"));
        }
        Ok(m) if m.len() > 0 => {
            let mut head = [0u8; 16];
            let read = std::fs::File::open(db).and_then(|f| f.take(16).read_exact(&mut head));
            read.map_err(|e| anyhow!("--db {shown}: cannot read: {e}"))?;
            if &head != b"SQLite format 3\0" {
                return Err(anyhow!("--db {shown}: not an SQLite database (no SQLite header)"));
            }
        }
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let dir = match db.parent() {
                Some(p) if !p.as_os_str().is_empty() => p,
                _ => std::path::Path::new("."),
            };
            if !dir.is_dir() {
                return Err(anyhow!("--db {shown}: the directory {} does not exist", dir.display()));
            }
        }
        Err(e) => return Err(anyhow!("--db {shown}: {e}")),
    }
    Ok(())
}
