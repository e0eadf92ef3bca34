//! A small client of the server, for the terminal client, the load benchmark and the tests: HTTP
//! requests over one TCP connection each, and the WebSocket of a seat.

use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use sylvan_engine::Lang;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

use crate::protocol::ClientMessage;

/// A server address and a game, read from a seat link `http://HOST:PORT/play/ID#token=TOKEN` (the
/// token in the fragment, which is never sent to a server; `?token=` is read too).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    /// `HOST:PORT`.
    pub addr: String,
    /// The game's id.
    pub game: String,
    /// The seat's token (none: a spectator).
    pub token: Option<String>,
}

impl Link {
    /// Reads a link; the error says what is missing.
    pub fn parse(text: &str) -> Result<Link, String> {
        let t = text.trim();
        let rest = t
            .strip_prefix("http://")
            .ok_or_else(|| format!("link `{t}`: expected http://HOST:PORT/play/ID#token=TOKEN"))?;
        let (addr, path) = rest.split_once('/').ok_or_else(|| format!("link `{t}`: no path after the address"))?;
        let (path, fragment) = path.split_once('#').unwrap_or((path, ""));
        let (path, query) = path.split_once('?').unwrap_or((path, ""));
        let game = path.strip_prefix("play/").filter(|g| !g.is_empty() && !g.contains('/'));
        let game = game.ok_or_else(|| format!("link `{t}`: the path should be /play/ID"))?;
        let token = [fragment, query]
            .iter()
            .flat_map(|part| part.split('&'))
            .find_map(|kv| kv.strip_prefix("token="))
            .filter(|tok| !tok.is_empty())
            .map(str::to_owned);
        Ok(Link { addr: addr.to_owned(), game: game.to_owned(), token })
    }

    /// The WebSocket address of the link's game (the token goes in the `hello` message, not here).
    pub fn ws_url(&self) -> String {
        format!("ws://{}/api/games/{}/ws", self.addr, self.game)
    }

    /// Connects to the link's game and says hello with its token (or as a spectator).
    pub async fn connect(&self) -> Result<Connection, String> {
        Connection::join(&self.addr, &self.game, self.token.as_deref()).await
    }

    /// [`connect`](Link::connect), with the texts the server sends written in `lang`.
    pub async fn connect_in(&self, lang: Lang) -> Result<Connection, String> {
        Connection::join_in(&self.addr, &self.game, self.token.as_deref(), Some(lang)).await
    }
}

/// Sends one HTTP request (`body` as JSON) and returns the status and the JSON answer.
pub async fn http(addr: &str, method: &str, path: &str, body: Option<&Value>) -> Result<(u16, Value), String> {
    let mut stream = TcpStream::connect(addr).await.map_err(|e| format!("{addr}: {e}"))?;
    let body = body.map(Value::to_string).unwrap_or_default();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(req.as_bytes()).await.map_err(|e| format!("{addr}: {e}"))?;
    let mut buf = Vec::new();
    stream.read_to_end(&mut buf).await.map_err(|e| format!("{addr}: {e}"))?;
    let text = String::from_utf8_lossy(&buf);
    let (head, rest) = text.split_once("\r\n\r\n").ok_or_else(|| format!("{addr}: not an HTTP answer"))?;
    let status: u16 =
        head.split_whitespace().nth(1).and_then(|s| s.parse().ok()).ok_or_else(|| format!("{addr}: no HTTP status"))?;
    let chunked = head.lines().any(|l| l.to_ascii_lowercase().starts_with("transfer-encoding: chunked"));
    let body = if chunked { dechunk(rest) } else { rest.to_owned() };
    let json =
        if body.trim().is_empty() { Value::Null } else { serde_json::from_str(&body).unwrap_or(Value::String(body)) };
    Ok((status, json))
}

fn dechunk(mut text: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = text.split_once("\r\n") {
        let Ok(n) = usize::from_str_radix(size.trim(), 16) else { break };
        if n == 0 || rest.len() < n {
            break;
        }
        out.push_str(&rest[..n]);
        text = rest[n..].trim_start_matches("\r\n");
    }
    out
}

/// A seat's (or a spectator's) WebSocket.
pub struct Connection {
    ws: tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>,
}

impl Connection {
    /// Connects to `url` (`ws://...`) and sends nothing yet: the server waits for a `hello`.
    pub async fn open(url: &str) -> Result<Connection, String> {
        let (ws, _) = tokio_tungstenite::connect_async(url).await.map_err(|e| format!("{url}: {e}"))?;
        Ok(Connection { ws })
    }

    /// Connects to game `game` on the server at `addr` (`HOST:PORT`) and says hello: with a token as
    /// its seat, without as a spectator. The server answers with the state, or an error and a close.
    pub async fn join(addr: &str, game: &str, token: Option<&str>) -> Result<Connection, String> {
        Connection::join_in(addr, game, token, None).await
    }

    /// [`join`](Connection::join), asking for the texts in `lang` (the server's default, English, for
    /// `None`).
    pub async fn join_in(
        addr: &str,
        game: &str,
        token: Option<&str>,
        lang: Option<Lang>,
    ) -> Result<Connection, String> {
        let mut c = Connection::open(&format!("ws://{addr}/api/games/{game}/ws")).await?;
        c.send(&ClientMessage::Hello { token: token.map(str::to_owned), lang }).await?;
        Ok(c)
    }

    /// Sends a request.
    pub async fn send(&mut self, msg: &ClientMessage) -> Result<(), String> {
        let text = serde_json::to_string(msg).map_err(|e| e.to_string())?;
        self.send_text(&text).await
    }

    /// Sends raw text (for tests of malformed messages).
    pub async fn send_text(&mut self, text: &str) -> Result<(), String> {
        self.ws.send(Message::text(text)).await.map_err(|e| e.to_string())
    }

    /// The next text message; `None` once the server closed the connection.
    pub async fn next_text(&mut self) -> Option<String> {
        loop {
            match self.ws.next().await? {
                Ok(Message::Text(t)) => return Some(t.as_str().to_owned()),
                Ok(Message::Close(_)) | Err(_) => return None,
                Ok(_) => {}
            }
        }
    }

    /// The next message as JSON; `None` once the server closed the connection.
    pub async fn next(&mut self) -> Option<Value> {
        loop {
            match self.ws.next().await? {
                Ok(Message::Text(t)) => return serde_json::from_str(t.as_str()).ok(),
                Ok(Message::Close(_)) | Err(_) => return None,
                Ok(_) => {}
            }
        }
    }
}
