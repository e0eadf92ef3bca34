//! A small client of the server, for the terminal client, the load benchmark and the tests: HTTP
//! requests over one TCP connection each, and the WebSocket of a seat.

use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use std::path::Path;
use std::sync::Arc;
use sylvan_engine::Locale;

use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

use crate::protocol::ClientMessage;

/// A byte stream to a server: plain TCP or TLS.
pub trait Io: AsyncRead + AsyncWrite + Unpin + Send {}
impl<T: AsyncRead + AsyncWrite + Unpin + Send> Io for T {}

/// A server to talk to: its `HOST:PORT` and, for `https://`, the TLS configuration to check it with.
#[derive(Clone)]
pub struct Server {
    /// `HOST:PORT`.
    pub addr: String,
    /// TLS (`https://` and `wss://`) when set.
    pub tls: Option<Arc<rustls::ClientConfig>>,
}

impl std::fmt::Debug for Server {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}://{}", if self.tls.is_some() { "https" } else { "http" }, self.addr)
    }
}

impl Server {
    /// A server over plain HTTP.
    pub fn plain(addr: &str) -> Server {
        Server { addr: addr.to_owned(), tls: None }
    }

    /// Reads `HOST:PORT`, `http://HOST:PORT` or `https://HOST:PORT` (then checked with `tls`, see
    /// [`tls_client`]).
    pub fn parse(text: &str, ca: Option<&Path>) -> Result<Server, String> {
        let t = text.trim().trim_end_matches('/');
        if let Some(addr) = t.strip_prefix("https://") {
            return Ok(Server { addr: with_port(addr, 443), tls: Some(tls_client(ca)?) });
        }
        Ok(Server::plain(&with_port(t.strip_prefix("http://").unwrap_or(t), 80)))
    }

    /// Opens a byte stream to the server (the TLS handshake done).
    pub async fn stream(&self) -> Result<Box<dyn Io>, String> {
        let tcp = TcpStream::connect(&self.addr).await.map_err(|e| format!("{}: {e}", self.addr))?;
        let _ = tcp.set_nodelay(true);
        let Some(tls) = &self.tls else { return Ok(Box::new(tcp)) };
        let host = self.addr.rsplit_once(':').map_or(self.addr.as_str(), |(h, _)| h);
        let host = host.trim_start_matches('[').trim_end_matches(']');
        let name = rustls::pki_types::ServerName::try_from(host.to_owned())
            .map_err(|e| format!("{}: not a server name: {e}", self.addr))?;
        let stream = tokio_rustls::TlsConnector::from(tls.clone())
            .connect(name, tcp)
            .await
            .map_err(|e| format!("https://{}: {e}", self.addr))?;
        Ok(Box::new(stream))
    }

    /// The WebSocket address of a path on this server.
    pub fn ws_url(&self, path: &str) -> String {
        format!("{}://{}{path}", if self.tls.is_some() { "wss" } else { "ws" }, self.addr)
    }
}

/// `addr` with `:port` added when it has none.
fn with_port(addr: &str, port: u16) -> String {
    let has_port = match addr.rsplit_once(':') {
        Some((host, p)) => p.parse::<u16>().is_ok() && (!host.contains(':') || host.ends_with(']')),
        None => false,
    };
    if has_port { addr.to_owned() } else { format!("{addr}:{port}") }
}

/// The TLS configuration of a client: the system's root certificates, plus the PEM certificates of
/// `ca` (a self-signed server's certificate, or the authority that signed it).
pub fn tls_client(ca: Option<&Path>) -> Result<Arc<rustls::ClientConfig>, String> {
    let mut roots = rustls::RootCertStore::empty();
    let native = rustls_native_certs::load_native_certs();
    for cert in native.certs {
        // A system certificate rustls cannot use is skipped.
        let _ = roots.add(cert);
    }
    if let Some(ca) = ca {
        let pem = std::fs::read(ca).map_err(|e| format!("--ca {}: {e}", ca.display()))?;
        let certs: Vec<_> = rustls_pemfile::certs(&mut pem.as_slice())
            .collect::<Result<_, _>>()
            .map_err(|e| format!("--ca {}: {e}", ca.display()))?;
        if certs.is_empty() {
            return Err(format!("--ca {}: no PEM certificate in the file", ca.display()));
        }
        for cert in certs {
            roots.add(cert).map_err(|e| format!("--ca {}: {e}", ca.display()))?;
        }
    }
    if roots.is_empty() {
        return Err("no root certificate: the system has none; give the server's with --ca FILE".into());
    }
    let config = rustls::ClientConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
        .with_safe_default_protocol_versions()
        .map_err(|e| e.to_string())?
        .with_root_certificates(roots)
        .with_no_client_auth();
    Ok(Arc::new(config))
}

/// A server address and a game, read from a seat link `http(s)://HOST:PORT/play/ID#token=TOKEN` (the
/// token in the fragment, which is never sent to a server; `?token=` is read too).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    /// `HOST:PORT`.
    pub addr: String,
    /// The game's id.
    pub game: String,
    /// The seat's token (none: a spectator).
    pub token: Option<String>,
    /// The link is `https://`.
    pub secure: bool,
}

impl Link {
    /// Reads a link; the error says what is missing.
    pub fn parse(text: &str) -> Result<Link, String> {
        let t = text.trim();
        let (secure, rest) = match (t.strip_prefix("https://"), t.strip_prefix("http://")) {
            (Some(r), _) => (true, r),
            (None, Some(r)) => (false, r),
            _ => return Err(format!("link `{t}`: expected http(s)://HOST:PORT/play/ID#token=TOKEN")),
        };
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
        let addr = with_port(addr, if secure { 443 } else { 80 });
        Ok(Link { addr, game: game.to_owned(), token, secure })
    }

    /// The server of the link (for `https://`, checked with the system's roots and `ca`).
    pub fn server(&self, ca: Option<&Path>) -> Result<Server, String> {
        Ok(Server { addr: self.addr.clone(), tls: if self.secure { Some(tls_client(ca)?) } else { None } })
    }

    /// The WebSocket address of the link's game (the token goes in the `hello` message, not here).
    pub fn ws_url(&self) -> String {
        format!("{}://{}/api/games/{}/ws", if self.secure { "wss" } else { "ws" }, self.addr, self.game)
    }

    /// Connects to the link's game and says hello with its token (or as a spectator).
    pub async fn connect(&self) -> Result<Connection, String> {
        Connection::join_at(&self.server(None)?, &self.game, self.token.as_deref(), None).await
    }

    /// [`connect`](Link::connect), with the texts the server sends written in `lang`.
    pub async fn connect_in(&self, lang: impl Into<Locale>) -> Result<Connection, String> {
        Connection::join_at(&self.server(None)?, &self.game, self.token.as_deref(), Some(lang.into())).await
    }
}

/// Sends one HTTP request (`body` as JSON) and returns the status and the JSON answer.
pub async fn http(addr: &str, method: &str, path: &str, body: Option<&Value>) -> Result<(u16, Value), String> {
    http_at(&Server::plain(addr), method, path, body).await
}

/// [`http`] to a [`Server`] (over TLS for `https://`).
pub async fn http_at(server: &Server, method: &str, path: &str, body: Option<&Value>) -> Result<(u16, Value), String> {
    let addr = server.addr.as_str();
    let mut stream = server.stream().await?;
    let body = body.map(Value::to_string).unwrap_or_default();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(req.as_bytes()).await.map_err(|e| format!("{addr}: {e}"))?;
    let mut buf = Vec::new();
    // A TLS server may end without close_notify once the answer is sent: keep what came.
    if let Err(e) = stream.read_to_end(&mut buf).await
        && buf.is_empty()
    {
        return Err(format!("{addr}: {e}"));
    }
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
    ws: tokio_tungstenite::WebSocketStream<Box<dyn Io>>,
    closed: Option<(u16, String)>,
}

impl Connection {
    /// Connects to `url` (`ws://HOST:PORT/...`, plain) and sends nothing yet: the server waits for a
    /// `hello`.
    pub async fn open(url: &str) -> Result<Connection, String> {
        let rest = url.strip_prefix("ws://").ok_or_else(|| format!("{url}: expected ws://"))?;
        let addr = rest.split('/').next().unwrap_or(rest);
        Connection::over(url, Box::new(TcpStream::connect(addr).await.map_err(|e| format!("{url}: {e}"))?)).await
    }

    /// The WebSocket handshake for `url` over an open stream (plain or TLS).
    pub async fn over(url: &str, stream: Box<dyn Io>) -> Result<Connection, String> {
        let (ws, _) = tokio_tungstenite::client_async(url, stream).await.map_err(|e| format!("{url}: {e}"))?;
        Ok(Connection { ws, closed: None })
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
        lang: Option<Locale>,
    ) -> Result<Connection, String> {
        Connection::join_at(&Server::plain(addr), game, token, lang).await
    }

    /// [`join_in`](Connection::join_in) on a [`Server`] (over TLS for `https://`).
    pub async fn join_at(
        server: &Server,
        game: &str,
        token: Option<&str>,
        lang: Option<Locale>,
    ) -> Result<Connection, String> {
        let url = server.ws_url(&format!("/api/games/{game}/ws"));
        let mut c = Connection::over(&url, server.stream().await?).await?;
        c.send(&ClientMessage::Hello { token: token.map(str::to_owned), lang }).await?;
        Ok(c)
    }

    /// The close code and reason the server gave, once it closed the connection.
    pub fn close_reason(&self) -> Option<&(u16, String)> {
        self.closed.as_ref()
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
                Ok(Message::Close(f)) => {
                    self.closed = f.map(|f| (u16::from(f.code), f.reason.as_str().to_owned()));
                    return None;
                }
                Err(_) => return None,
                Ok(_) => {}
            }
        }
    }

    /// The next message as JSON; `None` once the server closed the connection.
    pub async fn next(&mut self) -> Option<Value> {
        loop {
            match self.ws.next().await? {
                Ok(Message::Text(t)) => return serde_json::from_str(t.as_str()).ok(),
                Ok(Message::Close(f)) => {
                    self.closed = f.map(|f| (u16::from(f.code), f.reason.as_str().to_owned()));
                    return None;
                }
                Err(_) => return None,
                Ok(_) => {}
            }
        }
    }
}
