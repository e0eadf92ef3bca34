//! The terminal client: `sylvan join LINK` plays a seat through a server with the screen of `sylvan
//! play` (the seat's table, its events, numbered legal actions), and `sylvan create` opens a game.
//! Both are blocking calls for the command line; they run their own small runtime.

use std::io::{BufRead, Write};

use serde_json::Value;
use sylvan_engine::{Breakdown, Lang};

use crate::client::{Connection, Link, Server, http_at};
use crate::protocol::ClientMessage;

/// The help line in `lang`.
fn help(lang: Lang) -> String {
    lang.typeset(lang.pick(
        "type the number of an action or its notation; `view` shows the table again, `undo` takes back your \
         last action when offered, `help` this line, `quit` leaves (the seat stays yours: join again with the \
         same link)",
        "tapez le numéro d'une action ou sa notation ; `view` réaffiche la table, `undo` reprend votre dernière \
         action quand c'est proposé, `help` affiche cette ligne, `quit` quitte la partie (la place reste la \
         vôtre : rejoignez-la avec le même lien)",
    ))
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

fn print_actions(state: &Value, lang: Lang, out: &mut impl Write) -> std::io::Result<()> {
    let legal = state["legal"].as_array().cloned().unwrap_or_default();
    writeln!(out, "{}", lang.typeset(lang.pick("your move:", "à vous de jouer :")))?;
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
        writeln!(
            out,
            "  {}",
            lang.pick("(`undo` takes back your last action)", "(`undo` reprend votre dernière action)")
        )?;
    }
    Ok(())
}

/// The end of a joined game: where each point came from and why the game ended (the engine's
/// breakdown, asked of the server in `lang`), then the winners; the bare scores if the server gives no
/// breakdown.
async fn print_end(
    link: &Link,
    server: &Server,
    state: &Value,
    lang: Lang,
    out: &mut impl Write,
) -> std::io::Result<()> {
    writeln!(out, "{}", lang.pick("game over", "partie terminée"))?;
    let path = format!("/api/games/{}/breakdown?lang={}", link.game, lang.code());
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
            writeln!(out, "{}", lang.typeset(&format!("{} {}", lang.pick("scores:", "scores :"), line.join(" · "))))?;
        }
    }
    let winners: Vec<String> =
        state["winners"].as_array().into_iter().flatten().filter_map(Value::as_u64).map(|s| format!("p{s}")).collect();
    let line = match (winners.len(), lang) {
        (0, _) => lang.pick("no winner", "aucun gagnant").to_owned(),
        (n, _) if n == scores.len() && n > 1 => lang.pick("draw", "match nul").to_owned(),
        (1, Lang::En) => format!("winner: {}", winners[0]),
        (1, Lang::Fr) => format!("gagnant : {}", winners[0]),
        (_, Lang::En) => format!("winners (shared): {}", winners.join(", ")),
        (_, Lang::Fr) => format!("gagnants (ex æquo) : {}", winners.join(", ")),
    };
    writeln!(out, "{}", lang.typeset(&line))
}

/// What a line of input asks for.
fn read_line(line: &str, state: &Value, lang: Lang) -> Result<Option<ClientMessage>, String> {
    let text = line.trim();
    let m = state["move"].as_u64().unwrap_or(0) as usize;
    let legal = state["legal"].as_array().cloned().unwrap_or_default();
    if text.eq_ignore_ascii_case("undo") {
        return Ok(Some(ClientMessage::Undo { move_number: m }));
    }
    if legal.is_empty() {
        return Err(lang.typeset(lang.pick(
            "it is not your decision; wait for the others",
            "ce n'est pas à vous de décider ; attendez les autres",
        )));
    }
    if let Ok(k) = text.parse::<usize>() {
        let a = k.checked_sub(1).and_then(|i| legal.get(i)).ok_or_else(|| match lang {
            Lang::En => format!("no action number {k}: choose 1 to {}", legal.len()),
            Lang::Fr => lang.typeset(&format!("pas d'action numéro {k} : choisissez de 1 à {}", legal.len())),
        })?;
        return Ok(Some(ClientMessage::Act { move_number: m, action: None, id: a["id"].as_u64().map(|i| i as usize) }));
    }
    Ok(Some(ClientMessage::Act { move_number: m, action: Some(text.to_owned()), id: None }))
}

/// Plays the seat of `link` through its server in `lang`, reading `input` line by line and writing
/// `out`. Returns once the game is over (after the score breakdown), on `quit`, or at end of input.
pub fn join(link: &str, lang: Lang, input: impl BufRead + Send + 'static, out: &mut impl Write) -> Result<(), String> {
    join_with(link, lang, None, input, out)
}

/// [`join`], checking an `https://` server with the system's root certificates and the PEM
/// certificates of `ca` (a self-signed server's certificate).
pub fn join_with(
    link: &str,
    lang: Lang,
    ca: Option<&std::path::Path>,
    input: impl BufRead + Send + 'static,
    out: &mut impl Write,
) -> Result<(), String> {
    let link = Link::parse(link)?;
    let server = link.server(ca)?;
    let io = |e: std::io::Error| e.to_string();
    runtime()?.block_on(async {
        let mut conn = Connection::join_at(&server, &link.game, link.token.as_deref(), Some(lang)).await?;
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
                        let Some(msg) = msg else { return Err("the server closed the connection".into()) };
                        pending = false;
                        if msg["type"] == "error" {
                            let message = msg["message"].as_str().unwrap_or_default();
                            if state.is_null() {
                                return Err(format!("{}: {message}", link.addr));
                            }
                            writeln!(out, "{}", lang.typeset(&format!("{} {message}", lang.pick("refused:", "refusé :")))).map_err(io)?;
                            if has_legal(&state) {
                                write!(out, "{}> ", seat_name(&state)).map_err(io)?;
                                out.flush().map_err(io)?;
                            }
                            continue;
                        }
                        let first = state.is_null();
                        state = msg;
                        if first {
                            let (game, seat) = (state["game"].as_str().unwrap_or(""), seat_name(&state));
                            let line = match lang {
                                Lang::En => format!("{game} game {} as {seat} — {}", link.game, help(lang)),
                                Lang::Fr => format!("partie {game} {} en tant que {seat} — {}", link.game, help(lang)),
                            };
                            writeln!(out, "{line}").map_err(io)?;
                        }
                        print_state(&state, out).map_err(io)?;
                        if state["over"] == true {
                            print_table(&state, out).map_err(io)?;
                            print_end(&link, &server, &state, lang, out).await.map_err(io)?;
                            return Ok(());
                        }
                        if has_legal(&state) {
                            print_table(&state, out).map_err(io)?;
                            print_actions(&state, lang, out).map_err(io)?;
                            write!(out, "{}> ", seat_name(&state)).map_err(io)?;
                        } else if first {
                            print_table(&state, out).map_err(io)?;
                            let who = state["to_move"].as_u64().map_or("?".to_owned(), |s| format!("p{s}"));
                            writeln!(out, "{} {who}...", lang.pick("waiting for", "en attente de")).map_err(io)?;
                        }
                        out.flush().map_err(io)?;
                        continue;
                    }
                    line = lines.recv(), if !pending && held.is_none() && (has_legal(&state) || state["can_undo"] == true) => {
                        let Some(line) = line else {
                            let bye = lang.pick(
                                "end of input: leaving (the seat stays yours)",
                                "fin de l'entrée : vous quittez la partie (la place reste la vôtre)",
                            );
                            writeln!(out, "{}", lang.typeset(bye)).map_err(io)?;
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
                "help" | "h" | "?" => writeln!(out, "{}", help(lang)).map_err(io)?,
                "view" | "v" => {
                    print_table(&state, out).map_err(io)?;
                    if has_legal(&state) {
                        print_actions(&state, lang, out).map_err(io)?;
                    }
                }
                _ if command != "undo" && !has_legal(&state) => {
                    let kept = match lang {
                        Lang::En => format!("(kept for your next decision: `{}`)", line.trim()),
                        Lang::Fr => lang.typeset(&format!("(gardé pour votre prochaine décision : `{}`)", line.trim())),
                    };
                    writeln!(out, "{kept}").map_err(io)?;
                    held = Some(line);
                }
                _ => match read_line(&line, &state, lang) {
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

fn seat_name(state: &Value) -> String {
    state["seat"].as_u64().map_or("spectator".to_owned(), |s| format!("p{s}"))
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
