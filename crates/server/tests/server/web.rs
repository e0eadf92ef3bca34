//! The browser UI's routes: its pages and files, and replays of finished games step by step from any
//! seat's view.

use serde_json::{Value, json};
use sylvan_server::Limits;
use sylvan_server::client::http;

use crate::common::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_ui_is_served_from_the_binary() -> TestResult {
    let addr = start("web-files", Limits::default()).await?;
    for path in ["/", "/play/abc", "/replay", "/replay/abc"] {
        let (status, body) = http(&addr, "GET", path, None).await?;
        assert_eq!(status, 200, "{path}");
        assert!(body.as_str().is_some_and(|b| b.contains("/web/app.js")), "{path}: {body}");
    }
    for file in ["app.js", "boards.js", "i18n.js", "help.js", "style.css"] {
        let (status, body) = http(&addr, "GET", &format!("/web/{file}"), None).await?;
        assert_eq!(status, 200, "{file}");
        assert!(body.as_str().is_some_and(|b| b.len() > 100), "{file}");
    }
    let (status, _) = http(&addr, "GET", "/web/secret.txt", None).await?;
    assert_eq!(status, 404);
    let (status, _) = http(&addr, "GET", "/web/..%2FCargo.toml", None).await?;
    assert_eq!(status, 404);
    Ok(())
}

/// Plays a game with random bots in every seat to its end; returns its id and number of actions.
async fn finished_game(addr: &str, game: &str, seed: u64) -> Result<(String, usize), String> {
    let seats = vec![json!({ "kind": "bot", "spec": "random" }); 2];
    let (id, _) = create(addr, json!({ "game": game, "players": 2, "seats": seats, "seed": seed })).await?;
    let mut watch = connect(addr, &id, None).await?;
    loop {
        let s = next_state(&mut watch).await?;
        if s["over"] == true {
            return Ok((id, s["move"].as_u64().ok_or("no move")? as usize));
        }
    }
}

async fn get(addr: &str, path: &str) -> Result<(u16, Value), String> {
    http(addr, "GET", path, None).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_replays_step_by_step_from_each_seat() -> TestResult {
    let addr = start("web-replay", Limits::default()).await?;
    let (id, total) = finished_game(&addr, "equinox", 11).await?;
    let (status, start) = get(&addr, &format!("/api/games/{id}/replay?seat=0&upto=0")).await?;
    assert_eq!(status, 200, "{start}");
    assert_eq!((start["move"].as_u64(), start["total"].as_u64()), (Some(0), Some(total as u64)));
    assert_eq!(start["log"].as_array().map(Vec::len), Some(0));
    assert_eq!(start["over"], false);

    let (_, p0) = get(&addr, &format!("/api/games/{id}/replay?seat=0&upto=10")).await?;
    let (_, p1) = get(&addr, &format!("/api/games/{id}/replay?seat=1&upto=10")).await?;
    let (_, watcher) = get(&addr, &format!("/api/games/{id}/replay?upto=10")).await?;
    assert_eq!(p0["log"].as_array().map(Vec::len), Some(10));
    assert_ne!(p0["view"]["hand"], p1["view"]["hand"], "each seat sees its own hand");
    // A spectator sees no hand: a field that can differ between seats is null for spectators.
    assert_eq!(watcher["view"]["hand"], Value::Null);
    assert_eq!(watcher["text"], Value::Null);
    // A seat's log names its own actions only; the others' appear as the events it saw.
    for step in p0["log"].as_array().ok_or("no log")? {
        assert_eq!(step["action"].is_string(), step["seat"] == 0, "{step}");
    }

    let (_, end) = get(&addr, &format!("/api/games/{id}/replay?seat=1")).await?;
    let (_, record) = get(&addr, &format!("/api/games/{id}/record")).await?;
    assert_eq!(end["over"], true);
    assert_eq!(end["move"].as_u64(), Some(total as u64));
    assert_eq!(end["scores"], record["scores"]);

    // The same record uploaded replays the same.
    let (status, uploaded) = http(&addr, "POST", "/api/replay?seat=1&upto=10", Some(&record)).await?;
    assert_eq!(status, 200, "{uploaded}");
    assert_eq!(uploaded["view"], p1["view"]);
    assert_eq!(uploaded["log"], p1["log"]);
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_replay_requests_are_refused_with_a_reason() -> TestResult {
    let addr = start("web-bad", Limits::default()).await?;
    let (id, total) = finished_game(&addr, "spirit-duel", 3).await?;
    let (_, record) = get(&addr, &format!("/api/games/{id}/record")).await?;
    let refused = [
        get(&addr, &format!("/api/games/{id}/replay?seat=2")).await?,
        get(&addr, &format!("/api/games/{id}/replay?upto={}", total + 1)).await?,
        get(&addr, &format!("/api/games/{id}/replay?nope=1")).await?,
        get(&addr, "/api/games/nosuchgame/replay").await?,
        http(&addr, "POST", "/api/replay", Some(&json!({ "game": "chess", "actions": [] }))).await?,
        http(&addr, "POST", "/api/replay", Some(&json!({ "game": "spirit-duel" }))).await?,
        http(&addr, "POST", "/api/replay", Some(&json!([1, 2]))).await?,
    ];
    for (status, body) in &refused {
        assert!((400..500).contains(status), "{status} {body}");
    }
    let mut bad = record.clone();
    if let Some(a) = bad["actions"].as_array_mut().and_then(|a| a.get_mut(1)) {
        *a = json!("fly away");
    }
    let (status, body) = http(&addr, "POST", "/api/replay", Some(&bad)).await?;
    assert_eq!(status, 400);
    assert!(body["error"].as_str().is_some_and(|e| e.contains("fly away")), "{body}");
    // A running game has no replay: it would tell the seed.
    let seats = vec![json!({ "kind": "taken" }); 2];
    let (running, _) = create(&addr, json!({ "game": "spirit-duel", "players": 2, "seats": seats })).await?;
    let (status, _) = get(&addr, &format!("/api/games/{running}/replay")).await?;
    assert!((400..500).contains(&status));
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn catalog_help_and_breakdown_come_in_both_languages() -> TestResult {
    let addr = start("web-words", Limits::default()).await?;
    let (id, _) = finished_game(&addr, "spirit-duel", 5).await?;
    let (status, en) = get(&addr, &format!("/api/games/{id}/catalog")).await?;
    assert_eq!(status, 200, "{en}");
    let (_, fr) = get(&addr, &format!("/api/games/{id}/catalog?lang=fr")).await?;
    let texts =
        |c: &Value| c["abilities"].as_object().map(|m| m.values().map(|a| a["text"].clone()).collect::<Vec<_>>());
    assert!(texts(&en).is_some_and(|t| !t.is_empty()));
    assert_ne!(texts(&en), texts(&fr), "card texts change with the language");

    let (status, help) = get(&addr, &format!("/api/games/{id}/help?lang=fr")).await?;
    assert_eq!(status, 200);
    assert!(help.as_array().is_some_and(|h| h.iter().any(|r| r["notation"].as_str() == Some("end"))), "{help}");

    let (status, breakdown) = get(&addr, &format!("/api/games/{id}/breakdown")).await?;
    let (_, record) = get(&addr, &format!("/api/games/{id}/record")).await?;
    assert_eq!(status, 200, "{breakdown}");
    assert_eq!(breakdown["totals"], record["scores"]);
    assert!(breakdown["end_reason"].as_str().is_some_and(|r| !r.is_empty()));
    let (_, step) = get(&addr, &format!("/api/games/{id}/replay?seat=0&lang=fr")).await?;
    assert_eq!(step["breakdown"]["totals"], record["scores"]);
    assert_eq!(step["catalog"], fr);

    let (status, _) = get(&addr, &format!("/api/games/{id}/catalog?lang=xx")).await?;
    assert_eq!(status, 400);
    let seats = vec![json!({ "kind": "taken" }); 2];
    let (running, _) = create(&addr, json!({ "game": "equinox", "players": 2, "seats": seats })).await?;
    let (status, _) = get(&addr, &format!("/api/games/{running}/breakdown")).await?;
    assert!((400..500).contains(&status), "no breakdown before the end");
    let (status, cards) = get(&addr, &format!("/api/games/{running}/catalog")).await?;
    assert_eq!(status, 200);
    assert_eq!(cards["cards"]["0"]["notation"].as_str().map(|n| n.is_empty()), Some(false));
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_gets_its_texts_in_the_language_of_its_hello() -> TestResult {
    use sylvan_server::client::Connection;
    use sylvan_server::protocol::ClientMessage;
    let addr = start("web-lang", Limits::default()).await?;
    let seats = vec![json!({ "kind": "taken" }); 2];
    let (id, tokens) = create(&addr, json!({ "game": "spirit-duel", "players": 2, "seats": seats, "seed": 8 })).await?;
    let url = format!("ws://{addr}/api/games/{id}/ws");
    let mut states = Vec::new();
    for lang in [None, Some(sylvan_engine::Locale::Fr)] {
        let mut c = Connection::open(&url).await?;
        c.send(&ClientMessage::Hello { token: Some(tokens[0].clone()), lang }).await?;
        states.push(next_state(&mut c).await?);
    }
    let (en, fr) = (&states[0], &states[1]);
    assert_eq!(en["view"], fr["view"], "the view is the same data");
    assert_eq!(en["legal"].as_array().map(Vec::len), fr["legal"].as_array().map(Vec::len));
    assert_ne!(en["text"], fr["text"]);
    let end = |s: &Value| s["legal"].as_array().and_then(|l| l.iter().find(|a| a["notation"] == "end")).cloned();
    let (Some(e), Some(f)) = (end(en), end(fr)) else { return Err("no `end` action".into()) };
    assert_ne!(e["description"], f["description"], "{e} {f}");
    // A malformed language is refused with the hello.
    let mut c = Connection::open(&url).await?;
    c.send_text(r#"{"type":"hello","lang":"xx"}"#).await?;
    let reply = next(&mut c).await?;
    assert_eq!(reply["type"], "error", "{reply}");
    Ok(())
}

/// Issue 15: the lobby's option help comes in the language asked, French typeset (U+00A0 before `:`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_types_carry_the_option_help_in_french() -> TestResult {
    let addr = start("types-fr", Limits::default()).await?;
    let help = |types: &Value, game: &str, option: &str| -> Option<String> {
        let g = types["games"].as_array()?.iter().find(|g| g["name"] == game)?;
        let o = g["options"].as_array()?.iter().find(|o| o["name"] == option)?;
        o["help"].as_str().map(str::to_owned)
    };
    let (status, en) = http(&addr, "GET", "/api/types", None).await?;
    assert_eq!(status, 200, "{en}");
    let (status, fr) = http(&addr, "GET", "/api/types?lang=fr", None).await?;
    assert_eq!(status, 200, "{fr}");
    assert_eq!(help(&en, "equinox", "players").as_deref(), Some("number of players, 2 to 5"));
    assert_eq!(help(&fr, "equinox", "players").as_deref(), Some("nombre de joueurs, de 2 à 5"));
    assert_eq!(
        help(&fr, "spirit-duel", "team").as_deref(),
        Some("équipe de p0\u{a0}: a (Almyra, Dormuz'el) ou b (Kel'Orn, Surok)")
    );
    // Every option of every listed game has its French help, not the English one.
    let games = fr["games"].as_array().ok_or("no games")?;
    assert!(games.len() >= 4, "{fr}");
    for g in games {
        let name = g["name"].as_str().ok_or("no name")?;
        for o in g["options"].as_array().ok_or("no options")? {
            let option = o["name"].as_str().ok_or("no option name")?;
            let (f, e) = (help(&fr, name, option), help(&en, name, option));
            assert!(f.as_deref().is_some_and(|f| !f.is_empty()) && f != e, "{name} {option}: {f:?} / {e:?}");
        }
    }
    let (status, body) = http(&addr, "GET", "/api/types?lang=xx", None).await?;
    assert_eq!(status, 400, "{body}");
    Ok(())
}
