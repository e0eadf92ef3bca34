//! The lobby and the rules of play: tokens, stale moves, malformed and oversized messages, floods,
//! finished games, spectators, records.

use serde_json::{Value, json};
use sylvan_server::Limits;
use sylvan_server::client::{Connection, http};
use sylvan_server::protocol::ClientMessage;

use crate::common::*;

async fn first_legal(state: &Value) -> Result<String, String> {
    Ok(state["legal"][0]["notation"].as_str().ok_or(format!("no legal action in {state}"))?.to_owned())
}

/// Reads messages until an error message; returns its text.
async fn expect_error(c: &mut Connection) -> Result<String, String> {
    let v = next(c).await?;
    if v["type"] != "error" {
        return Err(format!("expected an error, got {v}"));
    }
    Ok(v["message"].as_str().unwrap_or_default().to_owned())
}

/// The move number the server is at, asked afresh.
async fn move_now(c: &mut Connection) -> Result<u64, String> {
    c.send(&ClientMessage::Sync).await?;
    next_state(c).await?["move"].as_u64().ok_or("no move".into())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tokens_decide_who_may_act() -> TestResult {
    let addr = start("tokens", Limits::default()).await?;
    let (id, tokens) = create_taken(&addr, "equinox", 3, 5).await?;
    // No token is a spectator; a wrong token gets one error and the connection is closed.
    for bad in ["00000000000000000000000000000000", &tokens[0][..31]] {
        let mut c = connect(&addr, &id, Some(bad)).await?;
        assert!(expect_error(&mut c).await?.contains("no seat"));
        assert!(c.next().await.is_none(), "closed after a bad token");
    }
    let (mut seats, states) = seated(&addr, &id, &tokens).await?;
    let mover = states.iter().position(|s| s["legal"].as_array().is_some_and(|l| !l.is_empty())).ok_or("no mover")?;
    assert_eq!(states[mover]["to_move"], json!(mover));
    let action = first_legal(&states[mover]).await?;
    // Another seat (its own valid token) cannot play the mover's action.
    let other = (mover + 1) % 3;
    seats[other].send(&act(0, &action)).await?;
    assert!(expect_error(&mut seats[other]).await?.contains("decision"));
    // A spectator cannot act at all.
    let mut spectator = connect(&addr, &id, None).await?;
    let public = next_state(&mut spectator).await?;
    assert_eq!(public["seat"], Value::Null);
    assert_eq!(public["legal"], json!([]));
    assert_eq!(public["text"], Value::Null);
    spectator.send(&act(0, &action)).await?;
    assert!(expect_error(&mut spectator).await?.contains("spectator"));
    assert_eq!(move_now(&mut seats[mover]).await?, 0, "nothing changed");
    // The mover's action goes through and everyone hears of it.
    seats[mover].send(&act(0, &action)).await?;
    for c in &mut seats {
        assert_eq!(next_state(c).await?["move"], 1);
    }
    assert_eq!(next_state(&mut spectator).await?["move"], 1);
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stale_malformed_and_illegal_requests_change_nothing() -> TestResult {
    let addr = start("stale", Limits::default()).await?;
    let (id, tokens) = create_taken(&addr, "spirit-duel", 2, 9).await?;
    let (mut seats, states) = seated(&addr, &id, &tokens).await?;
    let m = states.iter().position(|s| s["legal"].as_array().is_some_and(|l| !l.is_empty())).ok_or("no mover")?;
    let action = first_legal(&states[m]).await?;
    seats[m].send(&act(0, &action)).await?;
    let after = next_state(&mut seats[m]).await?;
    let other = next_state(&mut seats[1 - m]).await?;
    assert_eq!(after["move"], 1);
    assert_eq!(other["move"], 1);
    // A legal action of the seat to move, answering move 0: stale, refused.
    let m2 = after["to_move"].as_u64().ok_or("no seat to move")? as usize;
    let action2 = first_legal(if m2 == m { &after } else { &other }).await?;
    seats[m2].send(&act(0, &action2)).await?;
    assert!(expect_error(&mut seats[m2]).await?.contains("stale"));
    for bad in [
        "not json",
        r#"{"type":"act","move":1}"#,
        r#"{"type":"act","move":1,"action":"x","id":3}"#,
        r#"{"type":"act","move":1,"action":"no such action"}"#,
        r#"{"type":"act","move":1,"id":99999999}"#,
        r#"{"type":"act","move":1,"action":"done","token":"x"}"#,
        r#"{"type":"fly"}"#,
        r#"{"type":"act","move":-1,"action":"done"}"#,
        r#"{"type":"undo","move":1}"#,
    ] {
        seats[m2].send_text(bad).await?;
        let e = expect_error(&mut seats[m2]).await?;
        assert!(!e.is_empty(), "{bad}");
    }
    assert_eq!(move_now(&mut seats[m2]).await?, 1, "nothing changed");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn floods_and_oversized_messages_are_cut() -> TestResult {
    let limits = Limits { rate_per_sec: 5.0, burst: 10.0, max_message: 1024, ..Limits::default() };
    let addr = start("limits", limits).await?;
    let (id, tokens) = create_taken(&addr, "equinox", 2, 1).await?;
    let mut c = connect(&addr, &id, Some(&tokens[0])).await?;
    next_state(&mut c).await?;
    for _ in 0..30 {
        if c.send(&ClientMessage::Sync).await.is_err() {
            break;
        }
    }
    let mut closed = false;
    for _ in 0..40 {
        match tokio::time::timeout(std::time::Duration::from_secs(5), c.next()).await {
            Ok(Some(v)) if v["type"] == "error" => assert!(v["message"].as_str().unwrap_or("").contains("too many")),
            Ok(Some(_)) => {}
            Ok(None) => {
                closed = true;
                break;
            }
            Err(_) => break,
        }
    }
    assert!(closed, "a flood closes the connection");
    let mut c = connect(&addr, &id, Some(&tokens[0])).await?;
    next_state(&mut c).await?;
    let _ = c.send_text(&"x".repeat(4096)).await;
    assert!(tokio::time::timeout(std::time::Duration::from_secs(5), c.next()).await.ok().flatten().is_none());
    // An oversized HTTP body is refused too.
    let big = json!({ "game": "equinox", "options": ["x".repeat(4096)] });
    let (status, _) = http(&addr, "POST", "/api/games", Some(&big)).await?;
    assert_eq!(status, 413);
    // Read only up to the messages' limit, not a replay's 4 MiB: the answer names that limit.
    let bigger = json!({ "game": "equinox", "options": ["x".repeat(100_000)] });
    let (status, body) = http(&addr, "POST", "/api/games", Some(&bigger)).await?;
    assert_eq!(status, 413, "{body}");
    assert!(body["error"].as_str().unwrap_or("").contains("over the 1024 bytes"), "{body}");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lobby_creates_joins_lists_and_keeps_records() -> TestResult {
    let addr = start("lobby", Limits { rate_per_sec: 1e6, burst: 1e6, ..Limits::default() }).await?;
    for (req, why) in [
        (json!({ "game": "chess" }), "unknown game"),
        (json!({ "game": "equinox", "players": 9 }), "players"),
        (json!({ "game": "equinox", "options": ["speed=3"] }), "no option"),
        (json!({ "game": "mystic-vale", "options": ["cards=/etc/passwd"] }), "card files"),
        (
            json!({ "game": "equinox", "seats": [{ "kind": "bot", "spec": "genius" }, { "kind": "open" }] }),
            "unknown bot",
        ),
        (json!({ "game": "equinox", "seats": [{ "kind": "open" }] }), "seats"),
        // A chosen deal is its creator's to know: not with a stranger's seat open (the seats all open
        // by default, or one named open).
        (json!({ "game": "equinox", "players": 2, "seed": 7 }), "open seat"),
        (json!({ "game": "equinox", "seed": 7, "seats": [{ "kind": "taken" }, { "kind": "open" }] }), "open seat"),
        (json!({ "game": "equinox", "colour": "red" }), "unknown field"),
        // A per-move clock from 100 ms to a day (the database keeps it as a signed number).
        (json!({ "game": "equinox", "players": 2, "clock_ms": 99 }), "clock_ms"),
        (json!({ "game": "equinox", "players": 2, "clock_ms": u64::MAX }), "clock_ms"),
        (json!({ "game": "equinox", "players": 2, "clock_ms": 86_400_001 }), "clock_ms"),
    ] {
        let (status, body) = http(&addr, "POST", "/api/games", Some(&req)).await?;
        assert_eq!(status / 100, 4, "{req}: {body}");
        assert!(body["error"].as_str().unwrap_or("").contains(why), "{req}: {body}");
    }
    // The clock's bounds themselves are taken.
    for clock_ms in [100, 86_400_000] {
        create(&addr, json!({ "game": "equinox", "players": 2, "clock_ms": clock_ms })).await?;
    }
    let req =
        json!({ "game": "equinox", "players": 2, "seats": [{ "kind": "open" }, { "kind": "bot", "spec": "random" }] });
    let (id, tokens) = create(&addr, req).await?;
    assert!(tokens.is_empty());
    let (_, open) = http(&addr, "GET", "/api/games?status=open", None).await?;
    assert!(open["games"].as_array().is_some_and(|g| g.iter().any(|g| g["id"] == id.as_str())));
    let (status, joined) =
        http(&addr, "POST", &format!("/api/games/{id}/join"), Some(&json!({ "name": "Ann" }))).await?;
    assert_eq!(status, 200, "{joined}");
    assert_eq!(joined["seat"], 0);
    let link = joined["link"].as_str().ok_or("no link")?;
    let parsed = sylvan_server::client::Link::parse(link)?;
    assert_eq!((parsed.addr.as_str(), parsed.game.as_str()), (addr.as_str(), id.as_str()));
    let (status, _) = http(&addr, "POST", &format!("/api/games/{id}/join"), None).await?;
    assert_eq!(status, 409, "no seat left");
    let (_, summary) = http(&addr, "GET", &format!("/api/games/{id}"), None).await?;
    assert_eq!(summary["status"], "running");
    assert_eq!(summary["seats"][0]["name"], "Ann");
    // A running game's record would tell its seed.
    let (status, _) = http(&addr, "GET", &format!("/api/games/{id}/record"), None).await?;
    assert_eq!(status, 409);
    // Play it out against the bot with the first legal action; the record is then given.
    assert!(link.contains("#token=") && !link.contains('?'), "the token rides in the fragment: {link}");
    assert!(parsed.token.is_some());
    let mut c = parsed.connect().await?;
    loop {
        let s = next_state(&mut c).await?;
        if s["over"] == true {
            assert!(s["scores"].is_array() && s["winners"].is_array());
            c.send(&act(s["move"].as_u64().unwrap_or(0), "done")).await?;
            assert!(expect_error(&mut c).await?.contains("over"));
            break;
        }
        if let Ok(a) = first_legal(&s).await {
            c.send(&act(s["move"].as_u64().ok_or("no move")?, &a)).await?;
        }
    }
    let (status, record) = http(&addr, "GET", &format!("/api/games/{id}/record"), None).await?;
    assert_eq!(status, 200);
    assert_eq!(record["game"], "equinox");
    let replayed = sylvan_server::Registry::standard()
        .get("equinox")
        .map_err(|e| e.to_string())?
        .game()
        .replay(&record.to_string(), None)
        .map_err(|e| e.to_string())?;
    assert!(replayed.is_terminal());
    let (_, done) = http(&addr, "GET", "/api/games?status=finished", None).await?;
    assert!(done["games"].as_array().is_some_and(|g| g.iter().any(|g| g["id"] == id.as_str())));
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_starts_with_hello() -> TestResult {
    let addr = start("hello", Limits::default()).await?;
    let (id, tokens) = create_taken(&addr, "equinox", 2, 3).await?;
    let url = format!("ws://{addr}/api/games/{id}/ws");
    // Anything before hello (a request, garbage, a second kind of message) closes with one error.
    for first in [r#"{"type":"sync"}"#, "hello", r#"{"type":"act","move":0,"id":1}"#] {
        let mut c = Connection::open(&url).await?;
        c.send_text(first).await?;
        let e = expect_error(&mut c).await?;
        assert!(e.contains("hello"), "{first}: {e}");
        assert!(c.next().await.is_none(), "{first}: closed");
    }
    // A token in the address is refused before the upgrade.
    assert!(Connection::open(&format!("{url}?token={}", tokens[0])).await.is_err());
    // An unknown game is refused before the upgrade too.
    assert!(Connection::open(&format!("ws://{addr}/api/games/nope/ws")).await.is_err());
    // Hello with the token plays the seat; a second hello is refused and changes nothing.
    let mut c = connect(&addr, &id, Some(&tokens[0])).await?;
    assert_eq!(next_state(&mut c).await?["seat"], 0);
    c.send(&ClientMessage::Hello { token: Some(tokens[1].clone()), lang: None }).await?;
    assert!(expect_error(&mut c).await?.contains("only the first"));
    c.send(&ClientMessage::Sync).await?;
    assert_eq!(next_state(&mut c).await?["seat"], 0);
    // Hello without a token spectates.
    let mut w = connect(&addr, &id, None).await?;
    assert_eq!(next_state(&mut w).await?["seat"], Value::Null);
    Ok(())
}
