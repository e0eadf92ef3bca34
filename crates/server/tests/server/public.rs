//! Issue 32, "the server, safe to put on the internet": one test per finding, each failing on the server
//! before the issue and passing after.

use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use std::sync::atomic::{AtomicUsize, Ordering};
use sylvan_server::client::{Connection, http};
use sylvan_server::protocol::ClientMessage;
use sylvan_server::store::{SqliteStore, Store, StoreError, StoredGame};
use sylvan_server::{ApiError, CreateRequest, Limits, Registry, SeatRequest};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::common::*;

/// Limits with the per-connection message rate lifted (the tests send fast on purpose).
fn fast() -> Limits {
    Limits { rate_per_sec: 1e6, burst: 1e6, ..Limits::default() }
}

/// Sends raw bytes as one HTTP exchange; returns everything the server answered before it closed
/// (`None`: it did not close within `wait`).
async fn raw(addr: &str, request: &str, wait: Duration) -> Result<Option<String>, String> {
    let mut s = TcpStream::connect(addr).await.map_err(|e| e.to_string())?;
    s.write_all(request.as_bytes()).await.map_err(|e| e.to_string())?;
    let mut buf = Vec::new();
    match tokio::time::timeout(wait, s.read_to_end(&mut buf)).await {
        Ok(_) => Ok(Some(String::from_utf8_lossy(&buf).into_owned())),
        Err(_) => Ok(None),
    }
}

/// A POST with any headers, answered in full (`Connection: close`).
async fn post(addr: &str, path: &str, headers: &str, body: &str) -> Result<(u16, String), String> {
    let req =
        format!("POST {path} HTTP/1.1\r\n{headers}Content-Length: {}\r\nConnection: close\r\n\r\n{body}", body.len());
    let text = raw(addr, &req, Duration::from_secs(20)).await?.ok_or("no answer")?;
    let status = text.split_whitespace().nth(1).and_then(|s| s.parse().ok()).ok_or(format!("no status: {text}"))?;
    Ok((status, text))
}

/// Finding 1: no option, record or upload makes the server read a file, and the answer is the same
/// for a missing file, a directory and a readable file.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn issue32_no_client_names_a_file() -> TestResult {
    let addr = start("probe", fast()).await?;
    let dir = std::env::temp_dir();
    let readable = format!("{}/data/wild.toml", env!("CARGO_MANIFEST_DIR").replace("/server", "/mystic-vale"));
    assert!(std::path::Path::new(&readable).is_file(), "the test needs a readable card file: {readable}");
    let probes =
        ["/proc/self/environ".to_owned(), "/no/such/file.toml".to_owned(), dir.display().to_string(), readable.clone()];
    let mut answers = Vec::new();
    for path in &probes {
        let req = json!({ "game": "mystic-vale", "options": [format!("sets=base,{path}")] });
        let (status, body) = http(&addr, "POST", "/api/games", Some(&req)).await?;
        assert_eq!(status, 400, "{path}: {body}");
        answers.push(body["error"].as_str().unwrap_or("").replace(path.as_str(), "PATH"));
    }
    assert!(answers.windows(2).all(|w| w[0] == w[1]), "the same answer for every path: {answers:#?}");
    // A bare name is a set name: one the server neither embeds nor offers gets the same answer whether
    // or not a file or a folder of that name sits in the server's working directory.
    let mut named = Vec::new();
    for (game, option) in [("mystic-vale", "sets=base,"), ("command-of-nature", "cards=")] {
        for name in ["src", "tests", "no-such-set"] {
            let req = json!({ "game": game, "options": [format!("{option}{name}")] });
            let (status, body) = http(&addr, "POST", "/api/games", Some(&req)).await?;
            assert_eq!(status, 400, "{game} {name}: {body}");
            named.push(body["error"].as_str().unwrap_or("").replace(name, "NAME"));
        }
    }
    assert!(named[..3].windows(2).all(|w| w[0] == w[1]), "{named:#?}");
    assert!(named[3..].windows(2).all(|w| w[0] == w[1]), "{named:#?}");
    // A record naming a card file is replayed without reading it: the same refusal for every path.
    let mut replays = Vec::new();
    for path in &probes {
        let registry = Registry::standard();
        let entry = registry.get("mystic-vale").map_err(|e| e.to_string())?;
        let options = entry.game().options(Some(2), &[]).map_err(|e| e.to_string())?;
        let mut record = entry.game().new_game(&options, 1).map_err(|e| e.to_string())?.record();
        record["options"]["cards"] = json!(path);
        let (status, body) = http(&addr, "POST", "/api/replay", Some(&record)).await?;
        assert_eq!(status, 400, "{path}: {body}");
        replays.push(body["error"].as_str().unwrap_or("").replace(path.as_str(), "PATH"));
    }
    assert!(replays.windows(2).all(|w| w[0] == w[1]), "{replays:#?}");
    // Nothing of the readable file's content is in any answer.
    let content = std::fs::read_to_string(&readable).map_err(|e| e.to_string())?;
    let line = content.lines().find(|l| l.trim().starts_with("title")).ok_or("no title line")?;
    for a in answers.iter().chain(&named).chain(&replays) {
        assert!(!a.contains(line.trim()), "{a}");
    }
    // The embedded sets still work.
    let (id, _) = create(&addr, json!({ "game": "mystic-vale", "options": ["sets=base,wild"] })).await?;
    assert!(!id.is_empty());
    Ok(())
}

/// Finding 2: a stored game that no longer loads is set aside; the server starts with the others.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn issue32_a_broken_stored_game_does_not_stop_the_server() -> TestResult {
    let db = temp_db("broken");
    let (addr, _first) = start_server(Registry::standard(), &db, fast(), None).await?;
    let (good, tokens) = create_taken(&addr, "equinox", 2, 5).await?;
    let (bad, _) = create_taken(&addr, "equinox", 2, 6).await?;
    // The bad game gets an action that no version of the game can replay.
    {
        let conn = rusqlite::Connection::open(&db).map_err(|e| e.to_string())?;
        conn.execute(
            "INSERT INTO actions (game_id, n, notation, undoable) VALUES (?1, 0, 'fly to the moon', 0)",
            [&bad],
        )
        .map_err(|e| e.to_string())?;
    }
    let (addr, server) = start_server(Registry::standard(), &db, fast(), None).await?;
    assert_eq!(server.broken().len(), 1);
    let (status, list) = http(&addr, "GET", "/api/games?status=broken", None).await?;
    assert_eq!(status, 200);
    assert_eq!(list["games"][0]["id"], bad.as_str(), "{list}");
    assert!(list["games"][0]["error"].as_str().unwrap_or("").contains("fly to the moon"), "{list}");
    let (status, record) = http(&addr, "GET", &format!("/api/games/{bad}/record"), None).await?;
    assert_eq!(status, 200, "{record}");
    assert_eq!(record["moves"], 1);
    assert!(
        record.get("seed").is_none() && record.get("actions").is_none(),
        "an unfinished game's seed and actions are not told: {record}"
    );
    // The good game plays on.
    let (mut seats, states) = seated(&addr, &good, &tokens).await?;
    let m = states.iter().position(|s| s["legal"].as_array().is_some_and(|l| !l.is_empty())).ok_or("no mover")?;
    let a = states[m]["legal"][0]["notation"].as_str().ok_or("no notation")?.to_owned();
    seats[m].send(&act(0, &a)).await?;
    assert_eq!(next_state(&mut seats[m]).await?["move"], 1);
    Ok(())
}

/// Finding 3: a connection that does not read is closed with a close code and a reason.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn issue32_a_stalled_reader_is_closed_with_a_code() -> TestResult {
    let limits = Limits { queue: 4, ..fast() };
    let addr = start("stalled", limits).await?;
    let (id, tokens) = create_taken(&addr, "mystic-vale", 2, 3).await?;
    // A client with a small receive buffer, so the server's writes back up quickly.
    let socket = tokio::net::TcpSocket::new_v4().map_err(|e| e.to_string())?;
    socket.set_recv_buffer_size(4096).map_err(|e| e.to_string())?;
    let stream = socket.connect(addr.parse().map_err(|e| format!("{e}"))?).await.map_err(|e| e.to_string())?;
    let mut c = Connection::over(&format!("ws://{addr}/api/games/{id}/ws"), Box::new(stream)).await?;
    c.send(&ClientMessage::Hello { token: Some(tokens[0].clone()), lang: None }).await?;
    // Ask for the state over and over without reading anything.
    for _ in 0..400 {
        if c.send(&ClientMessage::Sync).await.is_err() {
            break;
        }
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let mut n = 0;
    while tokio::time::timeout(Duration::from_secs(20), c.next()).await.map_err(|_| "not closed")?.is_some() {
        n += 1;
    }
    // The connection ends instead of going silent (the finding). Its close frame is sent after the
    // queued messages, so a reader this stalled may find the socket gone before it arrives: when it does
    // arrive, it names the policy and the reason.
    if let Some((code, reason)) = c.close_reason().cloned() {
        assert_eq!(code, sylvan_server::CLOSE_POLICY, "{reason}");
        assert!(reason.contains("too slow"), "{reason}");
    }
    assert!(n < 400, "the connection was closed before answering everything ({n})");
    Ok(())
}

/// Findings 3 and 8: a flood and an oversized message close the connection with a code and a reason.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn issue32_floods_and_oversized_messages_close_with_a_code() -> TestResult {
    let limits = Limits { rate_per_sec: 5.0, burst: 10.0, max_message: 1024, ..Limits::default() };
    let addr = start("close-codes", limits).await?;
    let (id, tokens) = create_taken(&addr, "equinox", 2, 1).await?;
    let mut c = connect(&addr, &id, Some(&tokens[0])).await?;
    next_state(&mut c).await?;
    for _ in 0..40 {
        if c.send(&ClientMessage::Sync).await.is_err() {
            break;
        }
    }
    while tokio::time::timeout(Duration::from_secs(10), c.next()).await.map_err(|_| "not closed")?.is_some() {}
    let (code, reason) = c.close_reason().cloned().ok_or("no close code")?;
    assert_eq!((code, reason.as_str()), (sylvan_server::CLOSE_POLICY, "too many messages"));
    let mut c = connect(&addr, &id, Some(&tokens[0])).await?;
    next_state(&mut c).await?;
    c.send_text(&"x".repeat(4096)).await?;
    while tokio::time::timeout(Duration::from_secs(10), c.next()).await.map_err(|_| "not closed")?.is_some() {}
    let (code, reason) = c.close_reason().cloned().ok_or("no close code")?;
    assert_eq!(code, sylvan_server::CLOSE_TOO_BIG, "{reason}");
    Ok(())
}

/// Finding 4: a bot spec over the server's caps is refused with a clear 400, not capped silently.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn issue32_an_over_budget_bot_is_refused() -> TestResult {
    let addr = start("budget", fast()).await?;
    for (spec, flag) in [
        ("ismcts:ms=3600000", "--max-bot-ms"),
        ("ismcts:iters=4294967295", "--max-bot-iters"),
        ("ismcts:iters=100:threads=64", "--max-bot-threads"),
        ("hard:ms=60000", "--max-bot-ms"),
        ("flatmc:iters=1000000", "--max-bot-iters"),
        ("paired:iters=1000000", "--max-bot-iters"),
    ] {
        let req = json!({ "game": "equinox", "seats": [{ "kind": "bot", "spec": spec }, { "kind": "open" }] });
        let (status, body) = http(&addr, "POST", "/api/games", Some(&req)).await?;
        assert_eq!(status, 400, "{spec}: {body}");
        assert!(body["error"].as_str().unwrap_or("").contains(flag), "{spec}: {body}");
    }
    for spec in ["expert", "hard:iters=300", "ismcts:ms=500", "random"] {
        let req = json!({ "game": "equinox", "seats": [{ "kind": "bot", "spec": spec }, { "kind": "open" }] });
        create(&addr, req).await?;
    }
    let limits = Limits::default();
    let registry = Registry::standard();
    let entry = registry.get("equinox").map_err(|e| e.to_string())?;
    let capped = limits.cap_bot(entry, "ismcts:ms=3600000:threads=64".parse().map_err(|e| format!("{e}"))?);
    assert!(limits.check_bot(entry, &capped).is_ok(), "a stored game's bot plays within the caps: {capped}");
    // A search given iterations only still ends within the time cap; one with a time keeps it.
    let budget = |spec: &str| -> Result<_, String> {
        let timed = limits.time_capped(entry, spec.parse().map_err(|e| format!("{e}"))?);
        Ok(timed.search().map(|c| (c.budget.iterations, c.budget.millis)))
    };
    assert_eq!(budget("ismcts:iters=20000")?, Some((Some(20_000), Some(limits.max_bot_ms))));
    assert_eq!(budget("ismcts:ms=500")?, Some((None, Some(500))));
    assert_eq!(budget("random")?, None);
    Ok(())
}

/// A finished game's record: two random bots play Mystic Vale to the end.
async fn finished_record(addr: &str) -> Result<(String, Value), String> {
    let bots = json!([{ "kind": "bot", "spec": "random" }, { "kind": "bot", "spec": "random" }]);
    let (id, _) = create(addr, json!({ "game": "mystic-vale", "players": 2, "seats": bots, "seed": 4 })).await?;
    let mut w = connect(addr, &id, None).await?;
    while next_state(&mut w).await?["over"] != true {}
    let (status, record) = http(addr, "GET", &format!("/api/games/{id}/record"), None).await?;
    if status != 200 {
        return Err(format!("record: {status} {record}"));
    }
    Ok((id, record))
}

/// Finding 5: replays run on a bounded pool (429 beyond its queue, answers cached) and a flood of them
/// leaves another game's median action under 50 ms (in the default run, beside the other tests).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn issue32_a_replay_flood_leaves_other_games_fast() -> TestResult {
    replay_flood(false).await
}

/// The issue's claim, a timed test run alone: under the flood, another game's p99 stays under 50 ms.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "timed: cargo test -p sylvan-server --release -- --ignored --test-threads 1 timed_"]
async fn timed_issue32_replay_flood_p99() -> TestResult {
    replay_flood(true).await
}

async fn replay_flood(p99_bound: bool) -> TestResult {
    let limits = Limits { heavy_workers: 1, heavy_queue: 2, creates_per_minute: 1e6, create_burst: 1e6, ..fast() };
    let addr = start("flood", limits).await?;
    let (_, record) = finished_record(&addr).await?;
    let total = record["actions"].as_array().map_or(0, Vec::len);
    // Eight clients upload the record over and over, each step another replay.
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let busy = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let mut flood = Vec::new();
    for k in 0..8 {
        let (addr, record, stop, busy) = (addr.clone(), record.clone(), stop.clone(), busy.clone());
        flood.push(tokio::spawn(async move {
            let mut upto = k;
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                upto = (upto + 8) % total.max(1);
                let path = format!("/api/replay?upto={upto}&seat=0");
                if let Ok((429, _)) = http(&addr, "POST", &path, Some(&record)).await {
                    busy.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                }
            }
        }));
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    // Meanwhile two people play spirit duels, one after the other, for 300 actions.
    let mut latencies = Vec::new();
    let mut pick = Pick(5);
    let mut seed = 7;
    while latencies.len() < 300 {
        seed += 1;
        let (id, tokens) = create_taken(&addr, "spirit-duel", 2, seed).await?;
        let (mut seats, mut states) = seated(&addr, &id, &tokens).await?;
        while latencies.len() < 300 && states[0]["over"] != true {
            let m = (0..2).find(|&s| states[s]["legal"].as_array().is_some_and(|l| !l.is_empty())).ok_or("no mover")?;
            let legal = states[m]["legal"].as_array().ok_or("no legal")?;
            let a = legal[pick.index(legal.len())]["notation"].as_str().ok_or("no notation")?.to_owned();
            let t = Instant::now();
            seats[m].send(&act(states[m]["move"].as_u64().ok_or("no move")?, &a)).await?;
            for s in 0..2 {
                states[s] = next_state(&mut seats[s]).await?;
            }
            latencies.push(t.elapsed());
        }
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    for f in flood {
        let _ = f.await;
    }
    latencies.sort();
    let p99 = latencies[(latencies.len() * 99 / 100).min(latencies.len() - 1)];
    let p50 = latencies[latencies.len() / 2];
    eprintln!("{} actions under the replay flood: p50 {p50:?}, p99 {p99:?}", latencies.len());
    assert!(busy.load(std::sync::atomic::Ordering::Relaxed) > 0, "the flood met the queue limit (429)");
    assert!(p50 < Duration::from_millis(50), "median of another game's actions under the flood: {p50:?}");
    if p99_bound {
        assert!(p99 < Duration::from_millis(50), "p99 of another game's actions under the flood: {p99:?}");
    }
    Ok(())
}

/// Opens `n` idle connections, then checks that one more (`which`) is closed at once, unanswered.
async fn fill_then_refused(addr: &str, n: usize, which: &str) -> Result<Vec<TcpStream>, String> {
    let mut idle = Vec::new();
    for _ in 0..n {
        idle.push(TcpStream::connect(addr).await.map_err(|e| e.to_string())?);
    }
    tokio::time::sleep(Duration::from_millis(50)).await;
    let refused = raw(addr, "GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n", Duration::from_secs(5)).await?;
    assert_eq!(refused.as_deref(), Some(""), "{which} is closed without an answer");
    Ok(idle)
}

/// One client address holds at most `--max-connections-per-address` connections: more are closed at
/// once, and a place comes back when a connection ends.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_holds_a_few_connections_at_most() -> TestResult {
    let addr = start("per-address", Limits { max_connections_per_address: 3, ..fast() }).await?;
    let mut held = fill_then_refused(&addr, 3, "a fourth connection from the address").await?;
    drop(held.pop());
    tokio::time::sleep(Duration::from_millis(50)).await;
    let (status, _) = http(&addr, "GET", "/api/games", None).await?;
    assert_eq!(status, 200, "a place came back");
    Ok(())
}

/// Finding 6: half-sent headers or bodies are closed after the timeout, and connections are capped.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn issue32_slowloris_connections_are_closed() -> TestResult {
    let limits = Limits { header_timeout_ms: 300, body_timeout_ms: 300, max_connections: 4, ..fast() };
    let addr = start("slowloris", limits).await?;
    // Half-sent headers: closed after the timeout.
    let closed = raw(&addr, "GET /api/games HTTP/1.1\r\nHost: x\r\n", Duration::from_secs(5)).await?;
    assert!(closed.is_some(), "half-sent headers are closed");
    // A half-sent body: 408 and closed.
    let req = "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{";
    let answer = raw(&addr, req, Duration::from_secs(5)).await?.ok_or("a half-sent body is not closed")?;
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    // Four idle connections fill the cap: a fifth is closed at once, before the timeout frees them.
    let mut idle = fill_then_refused(&addr, 4, "a fifth connection").await?;
    // The idle ones time out; then the server answers again.
    let mut buf = [0u8; 16];
    for s in &mut idle {
        let n = tokio::time::timeout(Duration::from_secs(5), s.read(&mut buf)).await.map_err(|_| "idle kept open")?;
        assert!(n.map_or(true, |n| n == 0), "idle connections are closed");
    }
    drop(idle);
    tokio::time::sleep(Duration::from_millis(50)).await;
    let (status, _) = http(&addr, "GET", "/api/games", None).await?;
    assert_eq!(status, 200);
    // WebSockets count too, for as long as they are open.
    let (id, _) = create(&addr, json!({ "game": "spirit-duel", "players": 2 })).await?;
    let mut watchers = Vec::new();
    for _ in 0..4 {
        let mut w = connect(&addr, &id, None).await?;
        next_state(&mut w).await?;
        watchers.push(w);
    }
    let refused = raw(&addr, "GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n", Duration::from_secs(5)).await?;
    assert_eq!(refused.as_deref(), Some(""), "four WebSockets fill the cap");
    drop(watchers);
    tokio::time::sleep(Duration::from_millis(200)).await;
    let (status, _) = http(&addr, "GET", "/api/games", None).await?;
    assert_eq!(status, 200);
    Ok(())
}

/// Finding 7: game creation is rate-limited per client address; the list is paged; abandoned games
/// expire.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn issue32_creation_is_rate_limited_the_list_paged_and_abandoned_games_expire() -> TestResult {
    let limits = Limits { creates_per_minute: 1.0, create_burst: 5.0, ..fast() };
    let (addr, server) = start_server(Registry::standard(), &temp_db("rate"), limits, None).await?;
    let mut ids = Vec::new();
    for _ in 0..5 {
        ids.push(create(&addr, json!({ "game": "spirit-duel", "players": 2 })).await?.0);
    }
    let (status, body) = http(&addr, "POST", "/api/games", Some(&json!({ "game": "spirit-duel" }))).await?;
    assert_eq!(status, 429, "{body}");
    assert!(body["error"].as_str().unwrap_or("").contains("a minute"), "{body}");
    // Pages of two, newest first, then the rest.
    let mut seen = Vec::new();
    let mut after: Option<String> = None;
    loop {
        let path = match &after {
            None => "/api/games?limit=2".to_owned(),
            Some(a) => format!("/api/games?limit=2&after={a}"),
        };
        let (status, page) = http(&addr, "GET", &path, None).await?;
        assert_eq!(status, 200, "{page}");
        let games = page["games"].as_array().ok_or("no games")?;
        assert!(games.len() <= 2);
        seen.extend(games.iter().filter_map(|g| g["id"].as_str().map(str::to_owned)));
        match page["next"].as_str() {
            Some(n) => after = Some(n.to_owned()),
            None => break,
        }
    }
    let mut sorted = seen.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), 5, "every game once: {seen:?}");
    let (status, _) = http(&addr, "GET", "/api/games?limit=100000", None).await?;
    assert_eq!(status, 400);
    // The list without paging parameters keeps its shape (the first page).
    let (_, all) = http(&addr, "GET", "/api/games", None).await?;
    assert_eq!(all["games"].as_array().map(Vec::len), Some(5));
    // Nobody acted: after the expiry time every game is deleted, and a connection watching one is
    // closed with `1001` and its reason.
    let mut watcher = connect(&addr, &ids[0], None).await?;
    next_state(&mut watcher).await?;
    let later =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_err(|e| e.to_string())?.as_secs()
            + limits.expire_after_secs
            + 10;
    assert_eq!(server.expire(later), 5);
    let (status, _) = http(&addr, "GET", &format!("/api/games/{}", ids[0]), None).await?;
    assert_eq!(status, 404);
    while tokio::time::timeout(Duration::from_secs(10), watcher.next()).await.map_err(|_| "not closed")?.is_some() {}
    let (code, reason) = watcher.close_reason().cloned().ok_or("no close code")?;
    assert_eq!(code, sylvan_server::CLOSE_GOING_AWAY, "{reason}");
    assert!(reason.contains("expired"), "{reason}");
    Ok(())
}

/// Finding 7 (disk): the server holds at most `--max-games` games; past it, creation is refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn issue32_the_games_held_are_capped() -> TestResult {
    let limits = Limits { max_games: 3, creates_per_minute: 1e6, create_burst: 1e6, ..fast() };
    let addr = start("max-games", limits).await?;
    for _ in 0..3 {
        create(&addr, json!({ "game": "spirit-duel", "players": 2 })).await?;
    }
    let (status, body) = http(&addr, "POST", "/api/games", Some(&json!({ "game": "spirit-duel" }))).await?;
    assert_eq!(status, 400, "{body}");
    assert!(body["error"].as_str().unwrap_or("").contains("as many games"), "{body}");
    let (_, list) = http(&addr, "GET", "/api/games", None).await?;
    assert_eq!(list["games"].as_array().map(Vec::len), Some(3));
    Ok(())
}

/// Finding 8: conflicting options are refused by the server as by the CLI (`tests/all/bad_input.rs`,
/// `conflicting_options_are_refused_naming_both`), naming both; the stored game states what is played.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn issue32_conflicting_options_are_refused_and_the_game_states_what_is_played() -> TestResult {
    let addr = start("conflicts", fast()).await?;
    for (game, players, options, named) in [
        ("mystic-vale", 2, vec!["edition=essential", "sets=base"], ["edition=essential", "sets=base"]),
        ("mystic-vale", 2, vec!["edition=essential", "leaders=none"], ["edition=essential", "leaders=none"]),
        ("command-of-nature", 2, vec!["teams=true"], ["2", "teams=true"]),
        ("command-of-nature", 4, vec!["teams=false"], ["4", "teams=false"]),
    ] {
        let req = json!({ "game": game, "players": players, "options": options });
        let (status, body) = http(&addr, "POST", "/api/games", Some(&req)).await?;
        assert_eq!(status, 400, "{options:?}: {body}");
        let e = body["error"].as_str().unwrap_or("");
        assert!(named.iter().all(|n| e.contains(n)), "{options:?}: {e}");
    }
    // `edition=essential` alone: the game states the sets and leaders it implies.
    let (id, _) =
        create(&addr, json!({ "game": "mystic-vale", "players": 2, "options": ["edition=essential"] })).await?;
    let (_, summary) = http(&addr, "GET", &format!("/api/games/{id}"), None).await?;
    assert_eq!((&summary["options"]["sets"], &summary["options"]["leaders"]), (&json!("all"), &json!("draft")));
    Ok(())
}

/// Finding 8: links never come from the `Host` header; state-changing requests must be JSON and, from
/// a browser, from the server's own pages; names are cleaned.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn issue32_links_origins_content_types_and_names() -> TestResult {
    let addr = start("hygiene", fast()).await?;
    let body = json!({ "game": "spirit-duel", "seats": [{ "kind": "taken" }, { "kind": "open" }] }).to_string();
    let json_type = "Content-Type: application/json\r\n";
    // A forged Host: the link still points to this server.
    let (status, text) = post(&addr, "/api/games", &format!("Host: evil.example\r\n{json_type}"), &body).await?;
    assert_eq!(status, 201, "{text}");
    assert!(!text.contains("evil.example"), "{text}");
    assert!(text.contains(&format!("http://{addr}/play/")), "{text}");
    // A cross-origin text/plain POST (what any web page can send) is refused, and so is JSON from
    // another origin.
    let (status, text) = post(
        &addr,
        "/api/games",
        &format!("Host: {addr}\r\nContent-Type: text/plain\r\nOrigin: http://evil.example\r\n"),
        &body,
    )
    .await?;
    assert_eq!(status, 415, "{text}");
    let (status, text) =
        post(&addr, "/api/games", &format!("Host: {addr}\r\n{json_type}Origin: http://evil.example\r\n"), &body)
            .await?;
    assert_eq!(status, 403, "{text}");
    // An option given twice is refused.
    let twice = json!({ "game": "mystic-vale", "options": ["sets=base", "sets=base,wild"] });
    let (status, text) = http(&addr, "POST", "/api/games", Some(&twice)).await?;
    assert_eq!(status, 400, "{text}");
    // The server's own page may.
    let (status, text) =
        post(&addr, "/api/games", &format!("Host: {addr}\r\n{json_type}Origin: http://{addr}\r\n"), &body).await?;
    assert_eq!(status, 201, "{text}");
    // Names lose control, bidirectional and zero-width characters and are cut.
    let (id, _) =
        create(&addr, json!({ "game": "spirit-duel", "seats": [{ "kind": "open" }, { "kind": "open" }] })).await?;
    let name = format!("A\u{202E}n\u{200B}n\u{2066}\u{0007}{}", "x".repeat(60));
    let (status, joined) =
        http(&addr, "POST", &format!("/api/games/{id}/join"), Some(&json!({ "name": name }))).await?;
    assert_eq!(status, 200, "{joined}");
    let (_, summary) = http(&addr, "GET", &format!("/api/games/{id}"), None).await?;
    let shown = summary["seats"][0]["name"].as_str().ok_or("no name")?;
    assert!(shown.starts_with("Annxxx"), "{shown:?}");
    assert_eq!(shown.chars().count(), sylvan_server::MAX_NAME, "{shown:?}");
    Ok(())
}

/// Finding 8: `sylvan join https://…` against a server with a certificate (generated here).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn issue32_tls_end_to_end() -> TestResult {
    let cert = rcgen::generate_simple_self_signed(vec!["localhost".to_owned(), "127.0.0.1".to_owned()])
        .map_err(|e| e.to_string())?;
    let dir = temp_db("tls");
    let dir = dir.parent().ok_or("no folder")?;
    let (cert_file, key_file) = (dir.join("cert.pem"), dir.join("key.pem"));
    std::fs::write(&cert_file, cert.cert.pem()).map_err(|e| e.to_string())?;
    std::fs::write(&key_file, cert.key_pair.serialize_pem()).map_err(|e| e.to_string())?;
    let tls = sylvan_server::net::tls_config(&cert_file, &key_file)?;
    let (addr, _) = start_server(Registry::standard(), &dir.join("tls.db"), fast(), Some(tls)).await?;
    // Plain HTTP to the TLS port gets nothing.
    assert!(http(&addr, "GET", "/api/games", None).await.map_or(true, |(s, _)| s != 200));
    let url = format!("https://{addr}");
    let ca = cert_file.clone();
    let req = json!({ "game": "spirit-duel", "players": 2, "seats": [{ "kind": "taken" }, { "kind": "bot", "spec": "random" }] });
    let answer = tokio::task::spawn_blocking(move || sylvan_server::terminal::create_at(&url, Some(&ca), &req))
        .await
        .map_err(|e| e.to_string())??;
    let link = answer["seats"][0]["link"].as_str().ok_or("no link")?.to_owned();
    assert!(link.starts_with(&format!("https://{addr}/play/")), "{link}");
    // Without the certificate the client refuses the server.
    let l = link.clone();
    let refused = tokio::task::spawn_blocking(move || {
        let mut out = Vec::new();
        sylvan_server::terminal::join_with(&l, sylvan_engine::Lang::En, None, std::io::Cursor::new("quit\n"), &mut out)
    })
    .await
    .map_err(|e| e.to_string())?;
    assert!(refused.is_err(), "an unknown certificate is refused");
    // With it, the seat plays the whole game over TLS.
    let ca = cert_file.clone();
    let out = tokio::task::spawn_blocking(move || {
        let mut out = Vec::new();
        let input = std::io::Cursor::new("1\n".repeat(3000));
        sylvan_server::terminal::join_with(&link, sylvan_engine::Lang::En, Some(&ca), input, &mut out)
            .map(|()| String::from_utf8_lossy(&out).into_owned())
    })
    .await
    .map_err(|e| e.to_string())??;
    assert!(out.contains("as p0"), "{out}");
    assert!(out.contains("game over"), "{}", &out[out.len().saturating_sub(2000)..]);
    Ok(())
}

/// `--cards-dir`: the operator offers card files by set name; clients choose them by that name and the
/// lobby lists them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn issue32_the_operator_offers_card_files_by_name() -> TestResult {
    let db = temp_db("cards-dir");
    let dir = db.parent().ok_or("no folder")?.join("cards");
    let mv = dir.join("mystic-vale");
    std::fs::create_dir_all(&mv).map_err(|e| e.to_string())?;
    std::fs::write(mv.join("club-wild.toml"), sylvan_mystic_vale::cards::WILD_TOML).map_err(|e| e.to_string())?;
    let offered = sylvan_server::offer_cards_dir(&dir)?;
    assert_eq!(offered, ["mystic-vale/club-wild"]);
    let (addr, _) = start_server(Registry::standard(), &db, fast(), None).await?;
    let (_, types) = http(&addr, "GET", "/api/types", None).await?;
    let mv_types = types["games"].as_array().into_iter().flatten().find(|g| g["name"] == "mystic-vale");
    let names = mv_types.map(|g| g["card_sets"]["names"].clone()).ok_or("no mystic-vale")?;
    assert!(names.as_array().is_some_and(|n| n.iter().any(|s| s == "club-wild")), "{names}");
    let (id, _) = create(&addr, json!({ "game": "mystic-vale", "options": ["sets=base,club-wild"] })).await?;
    let (_, summary) = http(&addr, "GET", &format!("/api/games/{id}"), None).await?;
    assert!(summary["options"]["sets"].as_str().unwrap_or("").contains("club-wild"), "{summary}");
    // A folder that is not a game's, or a file that is not a valid set, stops the start with its name.
    let bad = db.parent().ok_or("no folder")?.join("bad-cards");
    std::fs::create_dir_all(bad.join("mystic-vale")).map_err(|e| e.to_string())?;
    std::fs::write(bad.join("mystic-vale").join("broken.toml"), "[[advancement]]\nnot = valid")
        .map_err(|e| e.to_string())?;
    let e = sylvan_server::offer_cards_dir(&bad).err().ok_or("a broken file is offered")?;
    assert!(e.contains("broken.toml"), "{e}");
    Ok(())
}

/// A game goes no further than `--max-moves` actions: a person's action at the cap is refused naming
/// the flag, and bots stop there (Command of Nature's `turn_limit` allows games of millions of actions).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_goes_no_further_than_the_move_cap() -> TestResult {
    let cap = 12;
    let addr = start("move-cap", Limits { max_moves: cap, ..fast() }).await?;
    // People: the seat to move plays its first legal action until the cap, then is refused.
    let taken = json!([{ "kind": "taken" }, { "kind": "taken" }]);
    let game = json!({ "game": "command-of-nature", "players": 2, "seats": taken, "seed": 3, "hints": true });
    let (id, tokens) = create(&addr, game).await?;
    let (mut conns, mut last) = seated(&addr, &id, &tokens).await?;
    let (mut action, mut actor) = (String::new(), 0);
    while last[0]["move"].as_u64() != Some(cap as u64) {
        assert_eq!(last[0]["stopped"], false, "{}", last[0]);
        let s = (0..2).find(|&s| last[s]["legal"].as_array().is_some_and(|l| !l.is_empty())).ok_or("nobody to move")?;
        let m = last[s]["move"].as_u64().ok_or("no move")?;
        action = last[s]["legal"][0]["notation"].as_str().ok_or("no notation")?.to_owned();
        actor = s;
        conns[s].send(&act(m, &action)).await?;
        for k in 0..2 {
            last[k] = next_state(&mut conns[k]).await?;
        }
    }
    // At the cap the game says it is stopped: nobody to move, nothing legal, no undo.
    for state in &last {
        assert_eq!(state["stopped"], true, "{state}");
        assert_eq!((state["over"].clone(), state["to_move"].clone()), (json!(false), Value::Null), "{state}");
        assert_eq!(state["legal"], json!([]), "{state}");
        assert_eq!(state["can_undo"], false, "{state}");
    }
    // An action sent anyway is refused, naming the flag.
    conns[0].send(&act(cap as u64, &action)).await?;
    let refused = next(&mut conns[0]).await?;
    assert_eq!(refused["type"], "error", "{refused}");
    assert!(refused["message"].as_str().unwrap_or("").contains("--max-moves"), "{refused}");
    // So is an undo, and a hint, which the state no longer offers.
    conns[actor].send(&ClientMessage::Undo { move_number: cap }).await?;
    let refused = next(&mut conns[actor]).await?;
    assert!(refused["message"].as_str().unwrap_or("").contains("--max-moves"), "{refused}");
    for token in &tokens {
        let hint = json!({ "token": token, "move": cap });
        let (status, body) = http(&addr, "POST", &format!("/api/games/{id}/hint"), Some(&hint)).await?;
        assert_eq!(status, 409, "{body}");
        assert!(body.to_string().contains("--max-moves"), "{body}");
    }
    let (_, game) = http(&addr, "GET", &format!("/api/games/{id}"), None).await?;
    assert_eq!((game["status"].clone(), game["to_move"].clone()), (json!("stopped"), Value::Null), "{game}");
    // A seat of a stopped game is not taken (here the cap is 0: every game is stopped at once).
    let none = start("move-cap-0", Limits { max_moves: 0, ..fast() }).await?;
    let (open, _) = create(&none, json!({ "game": "command-of-nature", "players": 2 })).await?;
    let (status, body) = http(&none, "POST", &format!("/api/games/{open}/join"), Some(&json!({}))).await?;
    assert_eq!(status, 409, "{body}");
    assert!(body.to_string().contains("--max-moves"), "{body}");
    // Bots: two random bots play to the cap and stop there, the game unfinished.
    let bots = json!([{ "kind": "bot", "spec": "random" }, { "kind": "bot", "spec": "random" }]);
    let (id, _) = create(&addr, json!({ "game": "command-of-nature", "players": 2, "seats": bots })).await?;
    let mut w = connect(&addr, &id, None).await?;
    while next_state(&mut w).await?["move"].as_u64() != Some(cap as u64) {}
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (_, list) = http(&addr, "GET", "/api/games", None).await?;
    let game = list["games"].as_array().and_then(|g| g.iter().find(|g| g["id"] == id.as_str())).ok_or("listed")?;
    assert_eq!(game["move"].as_u64(), Some(cap as u64), "{game}");
    assert_eq!(game["status"], "stopped", "{game}");
    // The first spectator of such options gets the state without the server sampling random games of
    // a 100,000-turn limit to their end (a liveness bound, as `next`'s: 20 s where it takes well under 1;
    // it took a minute before the samples were cut).
    let long = json!({ "game": "command-of-nature", "players": 2, "seats": bots, "options": ["turn_limit=100000"] });
    let (id, _) = create(&addr, long).await?;
    let asked = Instant::now();
    let mut w = connect(&addr, &id, None).await?;
    next_state(&mut w).await?;
    // Measured after the fact: the sampling held the runtime's threads, timers included.
    assert!(asked.elapsed() < Duration::from_secs(20), "the first state took {:?}", asked.elapsed());
    Ok(())
}

/// Bot decisions share `--bot-workers` slots over all games: with one slot, three games of bots still
/// play to their ends, taking turns.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_of_bots_take_turns_on_the_bot_workers() -> TestResult {
    let addr = start("bot-workers", Limits { bot_workers: 1, ..fast() }).await?;
    let bots = json!([{ "kind": "bot", "spec": "random" }, { "kind": "bot", "spec": "random" }]);
    let mut watchers = Vec::new();
    for seed in 0..3 {
        let (id, _) =
            create(&addr, json!({ "game": "spirit-duel", "players": 2, "seats": bots, "seed": seed })).await?;
        watchers.push(connect(&addr, &id, None).await?);
    }
    for w in &mut watchers {
        while next_state(w).await?["over"] != true {}
    }
    Ok(())
}

/// The creation rate is kept per client: an IPv4 address, an IPv6 host by its /64 (each of its
/// addresses is not another client), an IPv4 address mapped into IPv6 as itself.
#[test]
fn the_creation_rate_counts_an_ipv6_host_by_its_network() -> TestResult {
    let limits = Limits { creates_per_minute: 1e-9, create_burst: 2.0, ..Limits::default() };
    let store = sylvan_server::store::SqliteStore::open(&temp_db("rate-v6")).map_err(|e| e.to_string())?;
    let server = sylvan_server::Server::open(Registry::standard(), Box::new(store), limits)?;
    let ip = |s: &str| s.parse::<std::net::IpAddr>().map_err(|e| e.to_string());
    server.allow_create(ip("2001:db8:1:2::1")?).map_err(|e| e.to_string())?;
    server.allow_create(ip("2001:db8:1:2:ffff::9")?).map_err(|e| e.to_string())?;
    assert!(server.allow_create(ip("2001:db8:1:2::77")?).is_err(), "the same /64: its bucket is empty");
    server.allow_create(ip("2001:db8:1:3::1")?).map_err(|e| e.to_string())?;
    server.allow_create(ip("192.0.2.7")?).map_err(|e| e.to_string())?;
    server.allow_create(ip("::ffff:192.0.2.7")?).map_err(|e| e.to_string())?;
    assert!(server.allow_create(ip("192.0.2.7")?).is_err(), "a mapped IPv4 address is that address");
    Ok(())
}

/// A full server makes room for a new game by deleting the game finished longest ago (finished games
/// never expire, and games of bots finish in seconds); with no finished game, creation is refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_server_lets_the_oldest_finished_game_give_way() -> TestResult {
    let limits = Limits { max_games: 2, creates_per_minute: 1e6, create_burst: 1e6, ..fast() };
    let addr = start("give-way", limits).await?;
    let bots = json!([{ "kind": "bot", "spec": "random" }, { "kind": "bot", "spec": "random" }]);
    let mut finished = Vec::new();
    for seed in 0..2 {
        let (id, _) =
            create(&addr, json!({ "game": "spirit-duel", "players": 2, "seats": bots, "seed": seed })).await?;
        let mut w = connect(&addr, &id, None).await?;
        while next_state(&mut w).await?["over"] != true {}
        finished.push(id);
        // The second finishes later than the first (times are kept in seconds).
        tokio::time::sleep(Duration::from_millis(1100)).await;
    }
    let ids = |list: &Value| -> Vec<String> {
        list["games"]
            .as_array()
            .map_or(Vec::new(), |g| g.iter().filter_map(|g| g["id"].as_str().map(str::to_owned)).collect())
    };
    let (open, _) = create(&addr, json!({ "game": "spirit-duel", "players": 2 })).await?;
    let (_, list) = http(&addr, "GET", "/api/games", None).await?;
    let mut held = ids(&list);
    held.sort();
    let mut want = vec![finished[1].clone(), open.clone()];
    want.sort();
    assert_eq!(held, want, "the first finished game gave way");
    // A spectator of the game that gives way is told why.
    let mut watcher = connect(&addr, &finished[1], None).await?;
    next_state(&mut watcher).await?;
    let (second, _) = create(&addr, json!({ "game": "spirit-duel", "players": 2 })).await?;
    let (_, list) = http(&addr, "GET", "/api/games", None).await?;
    assert!(!ids(&list).contains(&finished[1]) && ids(&list).contains(&second), "{list}");
    while tokio::time::timeout(Duration::from_secs(10), watcher.next()).await.map_err(|_| "not closed")?.is_some() {}
    let (code, reason) = watcher.close_reason().cloned().ok_or("no close code")?;
    assert_eq!(code, sylvan_server::CLOSE_GOING_AWAY, "{reason}");
    assert_eq!(reason, "the game was removed to make room for new games (it had finished)");
    let (status, body) = http(&addr, "POST", "/api/games", Some(&json!({ "game": "spirit-duel" }))).await?;
    assert_eq!(status, 400, "two unfinished games fill the server: {body}");
    Ok(())
}

/// Creations at once on a server with few places left: as many succeed as there are places, never one
/// more.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn creations_at_once_never_overfill_the_server() -> TestResult {
    let limits = Limits { max_games: 4, creates_per_minute: 1e6, create_burst: 1e6, ..fast() };
    let addr = start("overfill", limits).await?;
    for _ in 0..2 {
        create(&addr, json!({ "game": "spirit-duel", "players": 2 })).await?;
    }
    let body = json!({ "game": "spirit-duel", "players": 2 });
    let tries: Vec<_> = (0..8)
        .map(|_| {
            let (addr, body) = (addr.clone(), body.clone());
            tokio::spawn(async move { http(&addr, "POST", "/api/games", Some(&body)).await })
        })
        .collect();
    let mut made = 0;
    for t in tries {
        let (status, answer) = t.await.map_err(|e| e.to_string())??;
        match status {
            200 | 201 => made += 1,
            400 => assert!(answer.to_string().contains("as many games as it may"), "{answer}"),
            _ => return Err(format!("{status}: {answer}")),
        }
    }
    let (_, list) = http(&addr, "GET", "/api/games", None).await?;
    let held = list["games"].as_array().map_or(0, Vec::len);
    assert_eq!((made, held), (2, 4), "{list}");
    Ok(())
}

/// Taking seats through `join` is rate-limited per client as creations are (a script could take every
/// open seat of the lobby), with a bucket of its own.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn joins_are_rate_limited_per_client() -> TestResult {
    let limits = Limits { creates_per_minute: 1e-9, create_burst: 2.0, ..fast() };
    let addr = start("join-rate", limits).await?;
    let mut ids = Vec::new();
    for _ in 0..2 {
        ids.push(create(&addr, json!({ "game": "spirit-duel", "players": 2 })).await?.0);
    }
    let join = |id: &str| format!("/api/games/{id}/join");
    for id in &ids {
        let (status, body) = http(&addr, "POST", &join(id), Some(&json!({}))).await?;
        assert_eq!(status, 200, "{body}");
    }
    let (status, body) = http(&addr, "POST", &join(&ids[0]), Some(&json!({}))).await?;
    assert_eq!(status, 429, "{body}");
    assert!(body["error"].as_str().unwrap_or("").contains("seats taken"), "{body}");
    Ok(())
}

/// A connection from which nothing comes (a peer whose network went away) is closed after two pings
/// unanswered; a client that reads, and so answers the pings, stays.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_silent_connection_is_closed_and_a_reading_one_stays() -> TestResult {
    let limits = Limits { ping_ms: 200, ..fast() };
    let addr = start("silent", limits).await?;
    let (id, tokens) = create_taken(&addr, "equinox", 2, 1).await?;
    let mut reading = connect(&addr, &id, Some(&tokens[0])).await?;
    next_state(&mut reading).await?;
    // The silent client speaks WebSocket by hand: its handshake and its hello, then it only listens,
    // answering no ping.
    let mut silent = TcpStream::connect(&addr).await.map_err(|e| e.to_string())?;
    let handshake = format!(
        "GET /api/games/{id}/ws HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    );
    let hello = json!({"type": "hello", "token": tokens[1]}).to_string();
    let len = u8::try_from(hello.len()).map_err(|e| e.to_string())?;
    // A text frame, masked (with a zero key, which leaves the payload as it is).
    let mut frame = vec![0x81, 0x80 | len, 0, 0, 0, 0];
    frame.extend_from_slice(hello.as_bytes());
    silent.write_all(handshake.as_bytes()).await.map_err(|e| e.to_string())?;
    silent.write_all(&frame).await.map_err(|e| e.to_string())?;
    let mut heard = Vec::new();
    let listen = tokio::spawn(async move {
        let got = tokio::time::timeout(Duration::from_secs(10), silent.read_to_end(&mut heard)).await;
        (got.is_ok(), heard)
    });
    // Meanwhile, for six pings, the other client reads (its library answers each ping).
    let read =
        tokio::time::timeout(Duration::from_millis(1200), async { while reading.next().await.is_some() {} }).await;
    assert!(read.is_err(), "the reading client's connection was closed: {:?}", reading.close_reason());
    reading.send(&ClientMessage::Sync).await?;
    next_state(&mut reading).await?;
    // Without the pings' deadline, the silent connection would stay open for good.
    let (closed, heard) = listen.await.map_err(|e| e.to_string())?;
    assert!(closed, "the silent connection was not closed");
    let text = String::from_utf8_lossy(&heard);
    assert!(text.starts_with("HTTP/1.1 101"), "{text}");
    // Pings came (opcode 9, empty), then the close frame: 1001 and the reason.
    assert!(heard.windows(2).any(|w| w == [0x89, 0]), "no ping");
    // Two pings of 200 ms: 0.4 s, said in whole seconds up.
    let reason = "nothing heard from the client for 1 s";
    let close = heard.windows(4).position(|w| w[0] == 0x88 && w[2..] == [0x03, 0xe9]).ok_or("no close frame 1001")?;
    let said = String::from_utf8_lossy(&heard[close + 4..]);
    assert!(said.starts_with(reason), "{said}");
    Ok(())
}

/// One address holds at most `--max-unfinished-per-address` unfinished games it created: games with
/// open seats nobody takes would otherwise fill the server until they expire. Finished ones do not count.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_holds_a_few_unfinished_games_at_most() -> TestResult {
    let limits = Limits { max_unfinished_per_address: 2, creates_per_minute: 1e6, create_burst: 1e6, ..fast() };
    let addr = start("unfinished", limits).await?;
    create(&addr, json!({ "game": "spirit-duel", "players": 2 })).await?;
    let bots = json!([{ "kind": "bot", "spec": "random" }, { "kind": "bot", "spec": "random" }]);
    let (done, _) = create(&addr, json!({ "game": "spirit-duel", "players": 2, "seats": bots })).await?;
    let mut w = connect(&addr, &done, None).await?;
    while next_state(&mut w).await?["over"] != true {}
    create(&addr, json!({ "game": "spirit-duel", "players": 2 })).await?;
    let (status, body) = http(&addr, "POST", "/api/games", Some(&json!({ "game": "spirit-duel" }))).await?;
    assert_eq!(status, 429, "{body}");
    assert!(body.to_string().contains("already has 2 unfinished games"), "{body}");
    Ok(())
}

/// The real SQLite store, whose deletes fail, counting the games it is asked to create.
struct NoDeletes {
    inner: SqliteStore,
    created: Arc<AtomicUsize>,
}

impl Store for NoDeletes {
    fn create(&self, game: &StoredGame) -> Result<(), StoreError> {
        self.created.fetch_add(1, Ordering::SeqCst);
        self.inner.create(game)
    }
    fn take_seat(&self, id: &str, seat: usize, token_hash: &str, name: Option<&str>) -> Result<bool, StoreError> {
        self.inner.take_seat(id, seat, token_hash, name)
    }
    fn append(&self, id: &str, n: usize, notation: &str, undoable: bool) -> Result<(), StoreError> {
        self.inner.append(id, n, notation, undoable)
    }
    fn truncate(&self, id: &str, n: usize) -> Result<(), StoreError> {
        self.inner.truncate(id, n)
    }
    fn finish(&self, id: &str, record: &str) -> Result<(), StoreError> {
        self.inner.finish(id, record)
    }
    fn load_all(&self) -> Result<Vec<StoredGame>, StoreError> {
        self.inner.load_all()
    }
    fn delete(&self, _id: &str) -> Result<(), StoreError> {
        Err(StoreError::Db(rusqlite::Error::InvalidQuery))
    }
}

/// A full server with no finished game to give way refuses a creation before writing anything: no
/// write and delete for each stranger's try, and no row left behind when the database refuses the delete
/// (a row left would come back as a game at the next start, over `--max-games`).
#[test]
fn a_full_server_refuses_a_creation_before_writing_it() -> TestResult {
    let db = temp_db("full-no-write");
    let created = Arc::new(AtomicUsize::new(0));
    let store = NoDeletes { inner: SqliteStore::open(&db).map_err(|e| e.to_string())?, created: Arc::clone(&created) };
    let limits = Limits { max_games: 2, ..Limits::default() };
    let server = sylvan_server::Server::open(Registry::standard(), Box::new(store), limits)?;
    let req = CreateRequest {
        game: "spirit-duel".into(),
        players: Some(2),
        options: Vec::new(),
        seats: vec![SeatRequest::Taken { name: None }, SeatRequest::Open],
        seed: None,
        clock_ms: None,
        hints: false,
    };
    for _ in 0..2 {
        server.create(&req).map_err(|e| e.to_string())?;
    }
    let refused = server.create(&req).err().ok_or("a third game on a server of two")?;
    assert!(matches!(refused, ApiError::Bad(_)), "{refused:?}");
    assert_eq!(created.load(Ordering::SeqCst), 2, "the refused game was written");
    let rows = SqliteStore::open(&db).map_err(|e| e.to_string())?.load_all().map_err(|e| e.to_string())?;
    assert_eq!(rows.len(), 2, "rows left in the database");
    Ok(())
}
