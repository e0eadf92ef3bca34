//! The terminal client: `sylvan join LINK` plays a seat through a server with the screen of `sylvan
//! play` (the seat's table, its events, numbered legal actions), and `sylvan create` opens a game.
//! Both are blocking calls for the command line; they run their own small runtime. What the client
//! itself prints comes from the server's catalogs (`i18n/{en,fr}/server.ftl`, the `join-` messages), in
//! the locale given to [`join`] (`sylvan join --lang`).

use std::io::{BufRead, Write};

use serde_json::Value;
use sylvan_engine::{Breakdown, Locale};

use crate::client::{Connection, Link, Server, http_at};
use crate::protocol::ClientMessage;
use crate::words::Msg;

/// Message `m` of the server's catalog in `locale`, with the language's typography.
fn say(locale: Locale, m: Msg) -> String {
    locale.lang().typeset(&m.text(locale))
}

/// The help line in `locale`.
fn help(locale: Locale) -> String {
    say(locale, Msg::new("join-help"))
}

fn runtime() -> Result<tokio::runtime::Runtime, String> {
    tokio::runtime::Builder::new_current_thread().enable_all().build().map_err(|e| e.to_string())
}

/// Creates a game on the server at `addr` (`HOST:PORT`) from a create request (see
/// `docs/PROTOCOL.md`); returns the server's answer (the game's id and the taken seats' links).
pub fn create(addr: &str, request: &Value) -> Result<Value, String> {
    create_at(addr, None, request)
}

/// [`create`] on `server`: `HOST:PORT`, `http://HOST:PORT` or `https://HOST:PORT` (checked with the
/// system's root certificates and the PEM certificates of `ca`).
pub fn create_at(server: &str, ca: Option<&std::path::Path>, request: &Value) -> Result<Value, String> {
    let target = Server::parse(server, ca)?;
    runtime()?.block_on(async {
        let (status, body) = http_at(&target, "POST", "/api/games", Some(request)).await?;
        if status != 201 {
            return Err(format!("{server}: {}", body["error"].as_str().unwrap_or(&body.to_string())));
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

fn print_actions(state: &Value, locale: Locale, out: &mut impl Write) -> std::io::Result<()> {
    let legal = state["legal"].as_array().cloned().unwrap_or_default();
    writeln!(out, "{}", say(locale, Msg::new("join-your-move")))?;
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
        writeln!(out, "  {}", say(locale, Msg::new("join-undo-offered")))?;
    }
    Ok(())
}

/// The end of a joined game: where each point came from and why the game ended (the engine's
/// breakdown, asked of the server in `locale`), then the winners; the bare scores if the server gives
/// no breakdown.
async fn print_end(
    link: &Link,
    server: &Server,
    state: &Value,
    locale: Locale,
    out: &mut impl Write,
) -> std::io::Result<()> {
    let lang = locale.lang();
    writeln!(out, "{}", say(locale, Msg::new("join-game-over")))?;
    let path = format!("/api/games/{}/breakdown?lang={}", link.game, locale.code());
    let breakdown = match http_at(server, "GET", &path, None).await {
        Ok((200, body)) => serde_json::from_value::<Option<Breakdown>>(body).ok().flatten(),
        _ => None,
    };
    let scores: Vec<f64> = state["scores"].as_array().into_iter().flatten().filter_map(Value::as_f64).collect();
    match breakdown {
        Some(b) => write!(out, "{}", b.table(lang))?,
        None => {
            let line: Vec<String> =
                scores.iter().enumerate().map(|(i, &x)| format!("p{i} {}", lang.number(x))).collect();
            writeln!(out, "{}", say(locale, Msg::new("join-scores").arg("scores", line.join(" · "))))?;
        }
    }
    let winners: Vec<String> =
        state["winners"].as_array().into_iter().flatten().filter_map(Value::as_u64).map(|s| format!("p{s}")).collect();
    let line = match winners.len() {
        0 => Msg::new("join-no-winner"),
        n if n == scores.len() && n > 1 => Msg::new("join-draw"),
        1 => Msg::new("join-winner").arg("seat", winners.join(", ")),
        _ => Msg::new("join-winners").arg("seats", winners.join(", ")),
    };
    writeln!(out, "{}", say(locale, line))
}

/// What a line of input asks for.
fn read_line(line: &str, state: &Value, locale: Locale) -> Result<Option<ClientMessage>, String> {
    let text = line.trim();
    let m = state["move"].as_u64().unwrap_or(0) as usize;
    let legal = state["legal"].as_array().cloned().unwrap_or_default();
    if text.eq_ignore_ascii_case("undo") {
        return Ok(Some(ClientMessage::Undo { move_number: m }));
    }
    if legal.is_empty() {
        return Err(say(locale, Msg::new("join-not-yours")));
    }
    if let Ok(k) = text.parse::<usize>() {
        let a = k
            .checked_sub(1)
            .and_then(|i| legal.get(i))
            .ok_or_else(|| say(locale, Msg::new("join-no-number").arg("number", k).arg("count", legal.len())))?;
        return Ok(Some(ClientMessage::Act { move_number: m, action: None, id: a["id"].as_u64().map(|i| i as usize) }));
    }
    Ok(Some(ClientMessage::Act { move_number: m, action: Some(text.to_owned()), id: None }))
}

/// Plays the seat of `link` through its server in `locale` (a [`Lang`](sylvan_engine::Lang) or a [`Locale`]: what the client
/// prints, and what it asks of the server), reading `input` line by line and writing `out`. Returns once
/// the game is over (after the score breakdown), on `quit`, or at end of input.
pub fn join(
    link: &str,
    locale: impl Into<Locale>,
    input: impl BufRead + Send + 'static,
    out: &mut impl Write,
) -> Result<(), String> {
    join_with(link, locale, None, input, out)
}

/// [`join`], checking an `https://` server with the system's root certificates and the PEM
/// certificates of `ca` (a self-signed server's certificate).
pub fn join_with(
    link: &str,
    locale: impl Into<Locale>,
    ca: Option<&std::path::Path>,
    input: impl BufRead + Send + 'static,
    out: &mut impl Write,
) -> Result<(), String> {
    let locale: Locale = locale.into();
    let link = Link::parse(link)?;
    let server = link.server(ca)?;
    let io = |e: std::io::Error| e.to_string();
    runtime()?.block_on(async {
        let mut conn = Connection::join_at(&server, &link.game, link.token.as_deref(), Some(locale)).await?;
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
        let mut pace = Pace::new();
        loop {
            let line = if !pending && has_legal(&state) && held.is_some() {
                held.take()
            } else {
                tokio::select! {
                    msg = conn.next() => {
                        let Some(msg) = msg else { return Err(say(locale, Msg::new("join-closed"))) };
                        pending = false;
                        if msg["type"] == "error" {
                            let message = msg["message"].as_str().unwrap_or_default();
                            if state.is_null() {
                                return Err(format!("{}: {message}", link.addr));
                            }
                            writeln!(out, "{}", say(locale, Msg::new("join-refused").arg("message", message))).map_err(io)?;
                            if has_legal(&state) {
                                write!(out, "{}> ", seat_name(&state, locale)).map_err(io)?;
                                out.flush().map_err(io)?;
                            }
                            continue;
                        }
                        let first = state.is_null();
                        state = msg;
                        if first {
                            let line = Msg::new("join-start")
                                .arg("game", state["game"].as_str().unwrap_or(""))
                                .arg("id", link.game.as_str())
                                .arg("seat", seat_name(&state, locale))
                                .arg("help", Msg::new("join-help"));
                            writeln!(out, "{}", say(locale, line)).map_err(io)?;
                        }
                        print_state(&state, out).map_err(io)?;
                        if state["over"] == true {
                            print_table(&state, out).map_err(io)?;
                            print_end(&link, &server, &state, locale, out).await.map_err(io)?;
                            return Ok(());
                        }
                        if state["stopped"] == true {
                            // At the server's cap on actions the game goes no further: nothing to wait for.
                            print_table(&state, out).map_err(io)?;
                            let n = state["move"].as_u64().unwrap_or(0);
                            writeln!(out, "{}", say(locale, Msg::new("join-stopped").arg("n", n))).map_err(io)?;
                            return Ok(());
                        }
                        if has_legal(&state) {
                            print_table(&state, out).map_err(io)?;
                            print_actions(&state, locale, out).map_err(io)?;
                            write!(out, "{}> ", seat_name(&state, locale)).map_err(io)?;
                        } else if first {
                            print_table(&state, out).map_err(io)?;
                            let who = state["to_move"].as_u64().map_or("?".to_owned(), |s| format!("p{s}"));
                            writeln!(out, "{}", say(locale, Msg::new("join-waiting").arg("seat", who))).map_err(io)?;
                        }
                        out.flush().map_err(io)?;
                        continue;
                    }
                    line = lines.recv(), if !pending && held.is_none() && (has_legal(&state) || state["can_undo"] == true) => {
                        let Some(line) = line else {
                            writeln!(out, "{}", say(locale, Msg::new("join-end-of-input"))).map_err(io)?;
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
                "help" | "h" | "?" => writeln!(out, "{}", help(locale)).map_err(io)?,
                "view" | "v" => {
                    print_table(&state, out).map_err(io)?;
                    if has_legal(&state) {
                        print_actions(&state, locale, out).map_err(io)?;
                    }
                }
                _ if command != "undo" && !has_legal(&state) => {
                    writeln!(out, "{}", say(locale, Msg::new("join-kept").arg("line", line.trim()))).map_err(io)?;
                    held = Some(line);
                }
                _ => match read_line(&line, &state, locale) {
                    Ok(Some(msg)) => {
                        pace.wait().await;
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

/// What the client sends, kept below the server's default rate limit ([`Limits`](crate::Limits)) even
/// for a script piped in: a token bucket with three quarters of the server's burst, refilled at four
/// fifths of its rate. A person never waits; a script waits only once its burst is spent, and while
/// the other seats play the bucket refills.
struct Pace {
    tokens: f64,
    last: tokio::time::Instant,
    burst: f64,
    per_sec: f64,
}

impl Pace {
    fn new() -> Pace {
        let limits = crate::Limits::default();
        let burst = (limits.burst * 0.75).max(1.0);
        Pace { tokens: burst, last: tokio::time::Instant::now(), burst, per_sec: limits.rate_per_sec * 0.8 }
    }

    /// Waits until a message may go, and spends its token.
    async fn wait(&mut self) {
        let now = tokio::time::Instant::now();
        self.tokens = (self.tokens + now.duration_since(self.last).as_secs_f64() * self.per_sec).min(self.burst);
        self.last = now;
        if self.tokens < 1.0 {
            tokio::time::sleep(std::time::Duration::from_secs_f64((1.0 - self.tokens) / self.per_sec)).await;
            self.tokens = 1.0;
            self.last = tokio::time::Instant::now();
        }
        self.tokens -= 1.0;
    }
}

fn has_legal(state: &Value) -> bool {
    state["legal"].as_array().is_some_and(|l| !l.is_empty())
}

fn seat_name(state: &Value, locale: Locale) -> String {
    state["seat"].as_u64().map_or_else(|| Msg::new("join-spectator").text(locale), |s| format!("p{s}"))
}

/// Serves the standard games on `addr` with the database `db` until the process ends (for `sylvan
/// serve`). `ready` is told the address once it listens.
pub fn serve(addr: &str, db: &std::path::Path, ready: impl FnOnce(&str)) -> Result<(), String> {
    serve_with(addr, db, &crate::ServeConfig::default(), ready)
}

/// [`serve`] with a [`ServeConfig`](crate::ServeConfig) (limits, public address, TLS, card files).
pub fn serve_with(
    addr: &str,
    db: &std::path::Path,
    config: &crate::ServeConfig,
    ready: impl FnOnce(&str),
) -> Result<(), String> {
    let rt = tokio::runtime::Runtime::new().map_err(|e| e.to_string())?;
    rt.block_on(async {
        let listener = tokio::net::TcpListener::bind(addr).await.map_err(|e| format!("--addr {addr}: {e}"))?;
        let local = listener.local_addr().map_err(|e| e.to_string())?.to_string();
        ready(&local);
        crate::run_with(listener, db, config).await
    })
}
