//! The server's pure parts, without a server: the common part of views, strict client messages, seat
//! tokens.

use std::collections::BTreeSet;

use serde_json::json;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use sylvan_engine::Locale;
use sylvan_server::ApiError;
use sylvan_server::heavy::{CACHE, CACHE_BYTES, Heavy};
use sylvan_server::protocol::{ClientMessage, common, differing, hide};
use sylvan_server::token::{hash_token, new_token, token_matches};

#[test]
fn the_common_part_keeps_what_is_equal() {
    let a = serde_json::json!({ "seat": 0, "table": [1, 2], "hand": [5, 6], "deck": 3, "p": [{ "n": 1, "h": 2 }] });
    let b =
        serde_json::json!({ "seat": 1, "table": [1, 2], "hand": [5, 7], "deck": 3, "x": 1, "p": [{ "n": 1, "h": 3 }] });
    let both =
        serde_json::json!({ "seat": null, "table": [1, 2], "hand": null, "deck": 3, "p": [{ "n": 1, "h": null }] });
    assert_eq!(common(&a, &b), both);
    let mut paths = BTreeSet::new();
    differing(&a, &b, &mut String::new(), &mut paths);
    assert_eq!(paths.into_iter().collect::<Vec<_>>(), [".hand", ".p.h", ".seat"]);
    let mut same = a.clone();
    hide(&mut same, &[".hand".to_owned(), ".p.h".to_owned()].into(), &mut String::new());
    assert_eq!(
        same,
        serde_json::json!({ "seat": 0, "table": [1, 2], "hand": null, "deck": 3, "p": [{ "n": 1, "h": null }] })
    );
}

#[test]
fn client_messages_are_strict() {
    let ok: Result<ClientMessage, _> = serde_json::from_str(r#"{"type":"act","move":3,"action":"done"}"#);
    assert_eq!(ok.ok(), Some(ClientMessage::Act { move_number: 3, action: Some("done".into()), id: None }));
    let hello: Result<ClientMessage, _> = serde_json::from_str(r#"{"type":"hello","token":"ab"}"#);
    assert_eq!(hello.ok(), Some(ClientMessage::Hello { token: Some("ab".into()), lang: None }));
    let french: Result<ClientMessage, _> = serde_json::from_str(r#"{"type":"hello","lang":"fr"}"#);
    assert_eq!(french.ok(), Some(ClientMessage::Hello { token: None, lang: Some(Locale::Fr) }));
    // The browser sends the locale it shows as it is, the pseudo-locale too.
    let pseudo: Result<ClientMessage, _> = serde_json::from_str(r#"{"type":"hello","lang":"en-XA"}"#);
    assert_eq!(pseudo.ok(), Some(ClientMessage::Hello { token: None, lang: Some(Locale::Pseudo) }));
    let watcher: Result<ClientMessage, _> = serde_json::from_str(r#"{"type":"hello"}"#);
    assert_eq!(watcher.ok(), Some(ClientMessage::Hello { token: None, lang: None }));
    for bad in [
        r#"{"type":"act","move":3,"extra":1}"#,
        r#"{"type":"hello","seat":1}"#,
        r#"{"type":"nope"}"#,
        r#"{"move":1}"#,
        "[]",
        "x",
    ] {
        assert!(serde_json::from_str::<ClientMessage>(bad).is_err(), "{bad}");
    }
}

#[test]
fn tokens_are_random_and_checked_by_hash() -> Result<(), getrandom::Error> {
    let (a, b) = (new_token()?, new_token()?);
    assert_eq!(a.len(), 32);
    assert_ne!(a, b);
    let h = hash_token(&a);
    assert!(token_matches(&a, &h));
    assert!(!token_matches(&b, &h));
    assert!(!token_matches("", &h));
    Ok(())
}

/// Issue 32, finding 5: an answer asked again comes from the cache (the job does not run again),
/// jobs beyond workers + queue get `Busy` (429), and the cache keeps at most [`CACHE`] answers.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_heavy_pool_caches_answers_and_bounds_its_queue() -> Result<(), String> {
    let heavy = Arc::new(Heavy::new(1, 1));
    let runs = Arc::new(AtomicUsize::new(0));
    for _ in 0..3 {
        let r = runs.clone();
        let v = heavy
            .run(Some("replay:a".into()), move || {
                r.fetch_add(1, Ordering::SeqCst);
                Ok(json!(7))
            })
            .await
            .map_err(|e| format!("{e:?}"))?;
        assert_eq!(&v[..], b"7");
    }
    assert_eq!(runs.load(Ordering::SeqCst), 1, "the same key ran once");
    // One worker held, one job waiting: a third is refused at once.
    let mut release = Vec::new();
    let mut jobs = Vec::new();
    for k in 0..2 {
        let (tx, rx) = tokio::sync::oneshot::channel::<()>();
        release.push(tx);
        let h = heavy.clone();
        jobs.push(tokio::spawn(async move {
            h.run(Some(format!("slow:{k}")), move || {
                let _ = rx.blocking_recv();
                Ok(json!(k))
            })
            .await
        }));
    }
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    let third = heavy.run(None, || Ok(json!(3))).await;
    assert!(matches!(third, Err(ApiError::Busy(_))), "{third:?}");
    for tx in release {
        let _ = tx.send(());
    }
    for j in jobs {
        j.await.map_err(|e| e.to_string())?.map_err(|e| format!("{e:?}"))?;
    }
    // Once they end, the pool takes jobs again; the cache forgets its oldest answers past its size.
    for k in 0..CACHE + 10 {
        heavy.run(Some(format!("k{k}")), move || Ok(json!(k))).await.map_err(|e| format!("{e:?}"))?;
    }
    assert!(heavy.cached("k0").is_none() && heavy.cached(&format!("k{}", CACHE + 9)).is_some());
    assert!((0..CACHE + 10).filter(|k| heavy.cached(&format!("k{k}")).is_some()).count() <= CACHE);
    // And past its bytes: answers of 1 MiB each, the cache keeps the newest that fit.
    let mib = 1 << 20;
    let n = CACHE_BYTES / mib + 8;
    for k in 0..n {
        heavy
            .run(Some(format!("big{k}")), move || Ok(json!("x".repeat(mib - 2))))
            .await
            .map_err(|e| format!("{e:?}"))?;
    }
    let kept: Vec<usize> = (0..n).filter(|k| heavy.cached(&format!("big{k}")).is_some()).collect();
    assert!(kept.len() * mib <= CACHE_BYTES && kept.len() + 16 >= CACHE_BYTES / mib, "{} kept", kept.len());
    assert!(kept.contains(&(n - 1)) && !kept.contains(&0), "the newest are kept");
    Ok(())
}

/// Waits until `gate` has `want` decisions waiting (of games with a person, of games of bots).
async fn until_waiting(gate: &sylvan_server::bot_gate::BotGate, want: (usize, usize)) -> Result<(), String> {
    for _ in 0..500 {
        if gate.waiting() == want {
            return Ok(());
        }
        tokio::time::sleep(std::time::Duration::from_millis(2)).await;
    }
    Err(format!("waiting {:?}, expected {want:?}", gate.waiting()))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bot_workers_serve_games_with_a_person_first() -> Result<(), String> {
    use sylvan_server::bot_gate::{BotGate, Priority};
    let gate = Arc::new(BotGate::new(1));
    let held = gate.acquire(Priority::Bots).await;
    // Three games of bots queue first, then a game with a person; a cancelled wait leaves the queue.
    let order = Arc::new(std::sync::Mutex::new(Vec::new()));
    let mut tasks = Vec::new();
    let mut queue = |name: &'static str, priority| {
        let (g, o) = (gate.clone(), order.clone());
        tasks.push(tokio::spawn(async move {
            let _worker = g.acquire(priority).await;
            o.lock().map_err(|e| e.to_string())?.push(name);
            tokio::time::sleep(std::time::Duration::from_millis(5)).await;
            Ok::<(), String>(())
        }));
    };
    queue("bots 1", Priority::Bots);
    until_waiting(&gate, (0, 1)).await?;
    queue("bots 2", Priority::Bots);
    until_waiting(&gate, (0, 2)).await?;
    let g = gate.clone();
    let cancelled = tokio::spawn(async move { drop(g.acquire(Priority::People).await) });
    until_waiting(&gate, (1, 2)).await?;
    cancelled.abort();
    let _ = cancelled.await;
    queue("person", Priority::People);
    until_waiting(&gate, (2, 2)).await?;
    drop(held);
    for t in tasks {
        t.await.map_err(|e| e.to_string())??;
    }
    assert_eq!(*order.lock().map_err(|e| e.to_string())?, ["person", "bots 1", "bots 2"]);
    // Every worker came back: one is free at once.
    let _again = tokio::time::timeout(std::time::Duration::from_secs(1), gate.acquire(Priority::Bots))
        .await
        .map_err(|_| "the worker was lost".to_owned())?;
    assert_eq!(gate.waiting(), (0, 0));
    Ok(())
}
