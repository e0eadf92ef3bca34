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
    sylvan_server::terminal::join(&args.link, args.lang, std::io::BufReader::new(std::io::stdin()), &mut out)
        .map_err(|e| anyhow!(e))?;
    Ok(ExitCode::SUCCESS)
}
