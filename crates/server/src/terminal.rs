//! The terminal client: `sylvan join LINK` plays a seat through a server with the screen of `sylvan
//! play` (the seat's table, its events, numbered legal actions), and `sylvan create` opens a game.
//! Both are blocking calls for the command line; they run their own small runtime.

use std::io::{BufRead, Write};

use serde_json::Value;

use crate::client::{Link, http};
use crate::protocol::ClientMessage;

const HELP: &str = "type the number of an action or its notation; `view` shows the table again, `undo` takes \
                    back your last action when offered, `help` this line, `quit` leaves (the seat stays yours: \
                    join again with the same link)";

fn runtime() -> Result<tokio::runtime::Runtime, String> {
    tokio::runtime::Builder::new_current_thread().enable_all().build().map_err(|e| e.to_string())
}

/// Creates a game on the server at `addr` (`HOST:PORT`) from a create request (see
/// `docs/PROTOCOL.md`); returns the server's answer (the game's id and the taken seats' links).
pub fn create(addr: &str, request: &Value) -> Result<Value, String> {
    runtime()?.block_on(async {
        let (status, body) = http(addr, "POST", "/api/games", Some(request)).await?;
        if status != 201 {
            return Err(format!("{addr}: {}", body["error"].as_str().unwrap_or(&body.to_string())));
        }
        Ok(body)
    })
}

fn print_state(state: &Value, out: &mut impl Write) -> std::io::Result<()> {
    for e in state["events"].as_array().into_iter().flatten() {
        writeln!(out, "  * {}", e["text"].as_str().unwrap_or_default())?;
    }
    Ok(())
}

fn print_table(state: &Value, out: &mut impl Write) -> std::io::Result<()> {
    writeln!(out, "{}", state["text"].as_str().unwrap_or_default())?;
    Ok(())
}

fn print_actions(state: &Value, out: &mut impl Write) -> std::io::Result<()> {
    let legal = state["legal"].as_array().cloned().unwrap_or_default();
    writeln!(out, "your move:")?;
    let width = legal.len().to_string().len();
    let wide = legal.iter().map(|a| a["notation"].as_str().unwrap_or("").chars().count()).max().unwrap_or(0);
    for (i, a) in legal.iter().enumerate() {
        let (n, d) = (a["notation"].as_str().unwrap_or(""), a["description"].as_str().unwrap_or(""));
        if n == d {
            writeln!(out, "  {:>width$}) {n}", i + 1)?;
        } else {
            writeln!(out, "  {:>width$}) {n:<wide$}  {d}", i + 1)?;
        }
    }
    if state["can_undo"] == true {
        writeln!(out, "  (`undo` takes back your last action)")?;
    }
    Ok(())
}

/// What a line of input asks for.
fn read_line(line: &str, state: &Value) -> Result<Option<ClientMessage>, String> {
    let text = line.trim();
    let m = state["move"].as_u64().unwrap_or(0) as usize;
    let legal = state["legal"].as_array().cloned().unwrap_or_default();
    if text.eq_ignore_ascii_case("undo") {
        return Ok(Some(ClientMessage::Undo { move_number: m }));
    }
    if legal.is_empty() {
        return Err("it is not your decision; wait for the others".into());
    }
    if let Ok(k) = text.parse::<usize>() {
        let a = k
            .checked_sub(1)
            .and_then(|i| legal.get(i))
            .ok_or(format!("no action number {k}: choose 1 to {}", legal.len()))?;
        return Ok(Some(ClientMessage::Act { move_number: m, action: None, id: a["id"].as_u64().map(|i| i as usize) }));
    }
    Ok(Some(ClientMessage::Act { move_number: m, action: Some(text.to_owned()), id: None }))
}

/// Plays the seat of `link` through its server, reading `input` line by line and writing `out`.
/// Returns once the game is over, on `quit`, or at end of input.
pub fn join(link: &str, input: impl BufRead + Send + 'static, out: &mut impl Write) -> Result<(), String> {
    let link = Link::parse(link)?;
    let io = |e: std::io::Error| e.to_string();
    runtime()?.block_on(async {
        let mut conn = link.connect().await?;
        let (tx, mut lines) = tokio::sync::mpsc::channel::<String>(16);
        std::thread::spawn(move || {
            for line in input.lines() {
                let Ok(line) = line else { break };
                if tx.blocking_send(line).is_err() {
                    break;
                }
            }
        });
        let mut state = Value::Null;
        // Input is read only while it can be answered (the seat's decision, or an undo on offer) and no
        // request is waiting for its answer, so a script piped in answers each decision in turn. An
        // action typed while another seat decides (with an undo on offer) is kept for this seat's next
        // decision.
        let mut pending = false;
        let mut held: Option<String> = None;
        loop {
            let line = if !pending && has_legal(&state) && held.is_some() {
                held.take()
            } else {
                tokio::select! {
                    msg = conn.next() => {
                        let Some(msg) = msg else { return Err("the server closed the connection".into()) };
                        pending = false;
                        if msg["type"] == "error" {
                            let message = msg["message"].as_str().unwrap_or_default();
                            if state.is_null() {
                                return Err(format!("{}: {message}", link.addr));
                            }
                            writeln!(out, "refused: {message}").map_err(io)?;
                            if has_legal(&state) {
                                write!(out, "{}> ", seat_name(&state)).map_err(io)?;
                                out.flush().map_err(io)?;
                            }
                            continue;
                        }
                        let first = state.is_null();
                        state = msg;
                        if first {
                            writeln!(out, "{} game {} as {} — {HELP}", state["game"].as_str().unwrap_or(""), link.game, seat_name(&state)).map_err(io)?;
                        }
                        print_state(&state, out).map_err(io)?;
                        if state["over"] == true {
                            print_table(&state, out).map_err(io)?;
                            writeln!(out, "game over: scores {}, winners {}", state["scores"], state["winners"]).map_err(io)?;
                            return Ok(());
                        }
                        if has_legal(&state) {
                            print_table(&state, out).map_err(io)?;
                            print_actions(&state, out).map_err(io)?;
                            write!(out, "{}> ", seat_name(&state)).map_err(io)?;
                        } else if first {
                            print_table(&state, out).map_err(io)?;
                            writeln!(out, "waiting for {}...", state["to_move"]).map_err(io)?;
                        }
                        out.flush().map_err(io)?;
                        continue;
                    }
                    line = lines.recv(), if !pending && held.is_none() && (has_legal(&state) || state["can_undo"] == true) => {
                        let Some(line) = line else {
                            writeln!(out, "end of input: leaving (the seat stays yours)").map_err(io)?;
                            return Ok(());
                        };
                        Some(line)
                    }
                }
            };
            let Some(line) = line else { continue };
            let command = line.trim().to_ascii_lowercase();
            match command.as_str() {
                "" => {}
                "quit" | "q" | "exit" => return Ok(()),
                "help" | "h" | "?" => writeln!(out, "{HELP}").map_err(io)?,
                "view" | "v" => {
                    print_table(&state, out).map_err(io)?;
                    if has_legal(&state) {
                        print_actions(&state, out).map_err(io)?;
                    }
                }
                _ if command != "undo" && !has_legal(&state) => {
                    writeln!(out, "(kept for your next decision: `{}`)", line.trim()).map_err(io)?;
                    held = Some(line);
                }
                _ => match read_line(&line, &state) {
                    Ok(Some(msg)) => {
                        // Below the server's rate limit, even for a script piped in.
                        tokio::time::sleep(std::time::Duration::from_millis(60)).await;
                        conn.send(&msg).await?;
                        pending = true;
                    }
                    Ok(None) => {}
                    Err(e) => writeln!(out, "{e}").map_err(io)?,
                },
            }
            out.flush().map_err(io)?;
        }
    })
}

fn has_legal(state: &Value) -> bool {
    state["legal"].as_array().is_some_and(|l| !l.is_empty())
}

fn seat_name(state: &Value) -> String {
    state["seat"].as_u64().map_or("spectator".to_owned(), |s| format!("p{s}"))
}

/// Serves the standard games on `addr` with the database `db` until the process ends (for `sylvan
/// serve`). `ready` is told the address once it listens.
pub fn serve(addr: &str, db: &std::path::Path, ready: impl FnOnce(&str)) -> Result<(), String> {
    let rt = tokio::runtime::Runtime::new().map_err(|e| e.to_string())?;
    rt.block_on(async {
        let listener = tokio::net::TcpListener::bind(addr).await.map_err(|e| format!("--addr {addr}: {e}"))?;
        let local = listener.local_addr().map_err(|e| e.to_string())?.to_string();
        ready(&local);
        crate::run(listener, db, crate::Limits::default()).await
    })
}
