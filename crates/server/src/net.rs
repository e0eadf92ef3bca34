//! The listening side: accepts connections up to [`Limits::max_connections`], speaks TLS when given a
//! certificate ([`tls_config`]), gives each client [`Limits::header_timeout_ms`] to send its headers
//! (and to finish the TLS handshake), and serves the router over HTTP/1.1 with WebSocket upgrades.
//! Each request carries its client's address ([`Peer`]).
//!
//! [`Limits::max_connections`]: crate::Limits::max_connections
//! [`Limits::header_timeout_ms`]: crate::Limits::header_timeout_ms

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::path::Path;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpListener;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio_rustls::TlsAcceptor;
use tower_service::Service;

use crate::Limits;

/// The address of the client that sent a request (the TCP peer).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Peer(pub SocketAddr);

/// A connection's place under the connection caps, in each request's extensions: a WebSocket keeps it
/// after the upgrade, so WebSockets count against the caps for as long as they are open.
#[derive(Clone, Debug)]
pub struct Slot(#[allow(dead_code)] Arc<Held>);

/// What a connection holds: its place under the server's cap and, unless behind a reverse proxy, under
/// its client address's; both given back when the last request of the connection is done.
#[derive(Debug)]
pub struct Held {
    _permit: OwnedSemaphorePermit,
    address: Option<(IpAddr, Arc<Addresses>)>,
}

/// Open connections by client address (an IPv6 address by its /64 network, what one host is given).
type Addresses = Mutex<HashMap<IpAddr, usize>>;

impl Drop for Held {
    fn drop(&mut self) {
        if let Some((ip, counts)) = &self.address {
            let mut counts = counts.lock().unwrap_or_else(PoisonError::into_inner);
            if let Some(n) = counts.get_mut(ip) {
                *n -= 1;
                if *n == 0 {
                    counts.remove(ip);
                }
            }
        }
    }
}

/// The key of a client address under the per-address caps (connections, creations): an IPv4 address,
/// or an IPv6 address's /64 (one host is given a /64: each of its addresses is not another client).
pub(crate) fn address_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6((u128::from(v6) & !u128::from(u64::MAX)).into()),
        },
    }
}

/// The TLS configuration of a server from a PEM certificate chain and a PEM private key (rustls with
/// the `ring` provider; TLS 1.2 and 1.3). Errors name the file and what is wrong.
pub fn tls_config(cert: &Path, key: &Path) -> Result<Arc<rustls::ServerConfig>, String> {
    let read = |p: &Path| std::fs::read(p).map_err(|e| format!("{}: {e}", p.display()));
    let cert_pem = read(cert)?;
    let key_pem = read(key)?;
    let certs: Vec<_> = rustls_pemfile::certs(&mut cert_pem.as_slice())
        .collect::<Result<_, _>>()
        .map_err(|e| format!("{}: {e}", cert.display()))?;
    if certs.is_empty() {
        return Err(format!("{}: no PEM certificate in the file", cert.display()));
    }
    let key_der = rustls_pemfile::private_key(&mut key_pem.as_slice())
        .map_err(|e| format!("{}: {e}", key.display()))?
        .ok_or_else(|| format!("{}: no PEM private key in the file", key.display()))?;
    let config = rustls::ServerConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
        .with_safe_default_protocol_versions()
        .map_err(|e| e.to_string())?
        .with_no_client_auth()
        .with_single_cert(certs, key_der)
        .map_err(|e| format!("{} / {}: {e}", cert.display(), key.display()))?;
    Ok(Arc::new(config))
}

/// Serves `router` on `listener` until the process ends, over TLS when `tls` is given, within
/// `limits`' connection cap and header timeout.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: Limits,
    tls: Option<Arc<rustls::ServerConfig>>,
) -> Result<(), String> {
    let slots = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    // Behind a reverse proxy every connection comes from the proxy: the per-address cap is its to keep.
    let per_address = (!limits.trust_forwarded).then(|| Arc::new(Addresses::default()));
    let acceptor = tls.map(TlsAcceptor::from);
    let header_timeout = Duration::from_millis(limits.header_timeout_ms.max(1));
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(c) => c,
            Err(e) => {
                // Out of file descriptors and the like: wait a little, then accept again.
                eprintln!("sylvan-server: accept: {e}");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        // Over a cap, the connection is closed at once.
        let Ok(permit) = slots.clone().try_acquire_owned() else {
            drop(stream);
            continue;
        };
        let address = match &per_address {
            None => None,
            Some(counts) => {
                let ip = address_key(peer.ip());
                let mut open = counts.lock().unwrap_or_else(PoisonError::into_inner);
                let n = open.entry(ip).or_insert(0);
                if *n >= limits.max_connections_per_address.max(1) {
                    drop(stream);
                    continue;
                }
                *n += 1;
                Some((ip, counts.clone()))
            }
        };
        let _ = stream.set_nodelay(true);
        let router = router.clone();
        let acceptor = acceptor.clone();
        let slot = Slot(Arc::new(Held { _permit: permit, address }));
        tokio::spawn(async move {
            match acceptor {
                None => connection(stream, peer, slot, router, header_timeout).await,
                // A failed or too slow handshake: nothing to answer.
                Some(acceptor) => {
                    if let Ok(Ok(tls)) = tokio::time::timeout(header_timeout, acceptor.accept(stream)).await {
                        connection(tls, peer, slot, router, header_timeout).await;
                    }
                }
            }
        });
    }
}

/// One HTTP/1.1 connection (kept alive, upgradable to a WebSocket).
async fn connection<S>(stream: S, peer: SocketAddr, slot: Slot, router: Router, header_timeout: Duration)
where
    S: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send + 'static,
{
    let service = hyper::service::service_fn(move |mut req: hyper::Request<Incoming>| {
        req.extensions_mut().insert(Peer(peer));
        req.extensions_mut().insert(slot.clone());
        let mut router = router.clone();
        async move { router.call(req).await }
    });
    let _ = hyper::server::conn::http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(header_timeout)
        .keep_alive(true)
        .serve_connection(TokioIo::new(stream), service)
        .with_upgrades()
        .await;
}
