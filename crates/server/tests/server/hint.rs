//! Hints (the analysis bot's preferred move for a seat, from its view) and the win-probability
//! analysis of a finished game.

use serde_json::{Value, json};
use sylvan_engine::Lang;
use sylvan_server::client::http;
use sylvan_server::store::SqliteStore;
use sylvan_server::{ApiError, CreateRequest, Limits, Registry, SeatRequest, Server};

use crate::common::*;

async fn ask(addr: &str, id: &str, token: &str, move_number: u64) -> Result<(u16, Value), String> {
    http(addr, "POST", &format!("/api/games/{id}/hint"), Some(&json!({ "token": token, "move": move_number }))).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hint_is_a_legal_move_and_only_against_bots_or_by_agreement() -> TestResult {
    let addr = start("hint", Limits::default()).await?;
    // Against a bot: the hint is one of the seat's legal actions, with its win probability.
    let seats = json!([{ "kind": "taken" }, { "kind": "bot", "spec": "random" }]);
    let (id, tokens) = create(&addr, json!({ "game": "equinox", "players": 2, "seats": seats, "seed": 5 })).await?;
    let mut me = connect(&addr, &id, Some(&tokens[0])).await?;
    let mut state = next_state(&mut me).await?;
    while state["to_move"] != 0 {
        state = next_state(&mut me).await?;
    }
    assert_eq!(state["hints"], true, "{state}");
    let n = state["move"].as_u64().ok_or("no move")?;
    let (status, hint) = ask(&addr, &id, &tokens[0], n).await?;
    assert_eq!(status, 200, "{hint}");
    let legal = state["legal"].as_array().ok_or("no legal")?;
    let chosen = legal.iter().find(|a| a["id"] == hint["id"]).ok_or(format!("{hint} is not legal: {legal:?}"))?;
    assert_eq!(chosen["notation"], hint["notation"]);
    assert_eq!(chosen["description"], hint["description"]);
    let win = hint["win"].as_f64().ok_or("no win")?;
    assert!((0.0..=1.0).contains(&win), "{hint}");
    assert!(hint["iterations"].as_u64().is_some_and(|i| i > 0), "{hint}");
    // A stale move, and a token of no seat, are refused.
    assert_eq!(ask(&addr, &id, &tokens[0], n + 1).await?.0, 409);
    assert_eq!(ask(&addr, &id, "00000000000000000000000000000000", n).await?.0, 403);

    // Two people: refused to both, whoever is to move.
    let (id, tokens) = create_taken(&addr, "equinox", 2, 6).await?;
    let mut a = connect(&addr, &id, Some(&tokens[0])).await?;
    let s = next_state(&mut a).await?;
    assert_eq!(s["hints"], false, "{s}");
    for t in &tokens {
        let (status, body) = ask(&addr, &id, t, 0).await?;
        assert_eq!(status, 403, "{body}");
    }
    // A seat open for a person counts as a person.
    let seats = json!([{ "kind": "taken" }, { "kind": "open" }]);
    let (id, tokens) = create(&addr, json!({ "game": "equinox", "players": 2, "seats": seats })).await?;
    assert_eq!(ask(&addr, &id, &tokens[0], 0).await?.0, 403);

    // Every seat agreed (`hints`): the seat to move gets a legal hint, the other is told it is not its
    // decision.
    let seats = json!([{ "kind": "taken" }, { "kind": "taken" }]);
    let (id, tokens) =
        create(&addr, json!({ "game": "spirit-duel", "players": 2, "seats": seats, "seed": 7, "hints": true })).await?;
    let mut states = Vec::new();
    for t in &tokens {
        let mut c = connect(&addr, &id, Some(t)).await?;
        states.push(next_state(&mut c).await?);
    }
    let mover = states[0]["to_move"].as_u64().ok_or("no seat to move")? as usize;
    assert_eq!(states[mover]["hints"], true);
    let (status, hint) = ask(&addr, &id, &tokens[mover], 0).await?;
    assert_eq!(status, 200, "{hint}");
    let legal = states[mover]["legal"].as_array().ok_or("no legal")?;
    assert!(legal.iter().any(|a| a["id"] == hint["id"] && a["notation"] == hint["notation"]), "{hint}");
    assert_eq!(ask(&addr, &id, &tokens[1 - mover], 0).await?.0, 409);
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_analysis_at_a_time_per_game() -> TestResult {
    let store = SqliteStore::open(&temp_db("hint-busy")).map_err(|e| e.to_string())?;
    let server = Server::open(Registry::standard(), Box::new(store), Limits::default())?;
    let seats = vec![SeatRequest::Taken { name: None }, SeatRequest::Bot { spec: "random".into() }];
    let req = CreateRequest {
        game: "spirit-duel".into(),
        players: Some(2),
        options: Vec::new(),
        seats,
        seed: Some(3),
        clock_ms: None,
        hints: false,
    };
    let (id, tickets) = server.create(&req).map_err(|e| e.to_string())?;
    // The spirit duel's first player is drawn; wait until the person is to move.
    let token = &tickets[0].token;
    let mut job = None;
    for _ in 0..200 {
        let summary = server.summary(&id).map_err(|e| e.to_string())?;
        if summary.to_move.map(|s| s.index()) == Some(0) {
            job = Some(server.hint(&id, token, summary.move_number, Lang::Fr).map_err(|e| e.to_string())?);
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let job = job.ok_or("seat 0 never came to move")?;
    let n = server.summary(&id).map_err(|e| e.to_string())?.move_number;
    let second = server.hint(&id, token, n, Lang::En).err();
    assert!(matches!(second, Some(ApiError::Conflict(_))), "{second:?}");
    let answer =
        tokio::task::spawn_blocking(move || job.run()).await.map_err(|e| e.to_string())?.map_err(|e| e.to_string())?;
    assert_eq!(answer["move"].as_u64(), Some(n as u64));
    // Once the first ends, the next may run.
    let again = server.hint(&id, token, n, Lang::En).map_err(|e| e.to_string())?;
    drop(again);
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_has_a_win_probability_analysis_per_seat() -> TestResult {
    let addr = start("analysis", Limits::default()).await?;
    let seats = vec![json!({ "kind": "bot", "spec": "random" }); 2];
    let (id, _) = create(&addr, json!({ "game": "spirit-duel", "players": 2, "seats": seats, "seed": 9 })).await?;
    let mut watch = connect(&addr, &id, None).await?;
    let total = loop {
        let s = next_state(&mut watch).await?;
        if s["over"] == true {
            break s["move"].as_u64().ok_or("no move")?;
        }
    };
    // A running game is not analysed (its record is not given either).
    let (running, _) = create_taken(&addr, "spirit-duel", 2, 10).await?;
    assert_eq!(http(&addr, "GET", &format!("/api/games/{running}/analysis"), None).await?.0, 409);
    let (status, a) = http(&addr, "GET", &format!("/api/games/{id}/analysis"), None).await?;
    assert_eq!(status, 200, "{a}");
    assert_eq!(a["moves"].as_u64(), Some(total));
    let decisions = a["decisions"].as_array().ok_or("no decisions")?;
    assert!(!decisions.is_empty());
    for s in [0, 1] {
        assert!(decisions.iter().any(|d| d["seat"] == s), "seat {s} has no decision");
    }
    for d in decisions {
        let before = d["before"].as_f64().ok_or("no before")?;
        assert!((0.0..=1.0).contains(&before), "{d}");
        assert!(d["move"].as_u64().is_some_and(|m| m < total), "{d}");
    }
    // Made once, then kept: the same answer again.
    let (_, again) = http(&addr, "GET", &format!("/api/games/{id}/analysis"), None).await?;
    assert_eq!(again, a);
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_offers_the_levels_and_the_server_takes_them() -> TestResult {
    let addr = start("levels", Limits::default()).await?;
    let (status, types) = http(&addr, "GET", "/api/types", None).await?;
    assert_eq!(status, 200);
    for g in types["games"].as_array().ok_or("no games")? {
        let names: Vec<&str> =
            g["levels"].as_array().ok_or("no levels")?.iter().filter_map(|l| l["name"].as_str()).collect();
        assert_eq!(names, ["easy", "medium", "hard", "expert"], "{}", g["name"]);
        // Each level's spec is one the game's bots take.
        for l in g["levels"].as_array().ok_or("no levels")? {
            assert!(l["spec"].as_str().is_some_and(|s| !s.is_empty()), "{l}");
        }
    }
    for level in ["random", "easy", "medium", "hard", "expert"] {
        let seats = json!([{ "kind": "open" }, { "kind": "bot", "spec": level }]);
        let (status, body) =
            http(&addr, "POST", "/api/games", Some(&json!({ "game": "spirit-duel", "players": 2, "seats": seats })))
                .await?;
        assert_eq!(status, 201, "{level}: {body}");
        assert_eq!(body["game"]["seats"][1]["bot"], level);
    }
    let seats = json!([{ "kind": "open" }, { "kind": "bot", "spec": "grandmaster" }]);
    let (status, body) =
        http(&addr, "POST", "/api/games", Some(&json!({ "game": "spirit-duel", "players": 2, "seats": seats })))
            .await?;
    assert_eq!(status, 400, "{body}");
    assert!(body["error"].as_str().is_some_and(|e| e.contains("grandmaster")), "{body}");
    Ok(())
}
