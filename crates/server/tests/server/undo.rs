//! Undo: which actions may be taken back, and taking one back through the server.

use serde_json::Value;
use sylvan_registry::Entry;
use sylvan_server::protocol::ClientMessage;
use sylvan_server::table::Table;
use sylvan_server::{Limits, Registry};

use crate::common::*;

/// Counts, in random games, the actions the engine lets their seat take back.
fn undoable_counts(game: &str, players: usize, games: u64) -> Result<(usize, usize), String> {
    let catalog = Registry::standard();
    let entry = catalog.get(game).map_err(|e| e.to_string())?;
    let options = entry.game().options(Some(players), &[]).map_err(|e| e.to_string())?;
    let (mut yes, mut all) = (0, 0);
    let mut pick = Pick(7);
    let mut ids = Vec::new();
    for seed in 0..games {
        let mut t = Table::deal(entry, &options, seed).map_err(|e| e.to_string())?;
        t.game_mut().keep_events(false);
        while !t.game().is_terminal() {
            t.game().legal_ids(&mut ids);
            let id = ids[pick.index(ids.len())];
            all += 1;
            if t.apply(id, true).map_err(|e| e.to_string())? {
                yes += 1;
            }
        }
    }
    Ok((yes, all))
}

#[test]
fn some_actions_of_every_game_may_be_taken_back_and_some_not() -> TestResult {
    for (game, players) in [("equinox", 3), ("mystic-vale", 2), ("command-of-nature", 2), ("spirit-duel", 2)] {
        let (yes, all) = undoable_counts(game, players, 2)?;
        assert!(yes > 0 && yes < all, "{game}: {yes} of {all} actions undoable");
    }
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_takes_back_its_last_action() -> TestResult {
    let addr = start("undo", Limits { rate_per_sec: 1e6, burst: 1e6, ..Limits::default() }).await?;
    let (id, tokens) = create_taken(&addr, "command-of-nature", 2, 3).await?;
    let (mut conns, mut last) = seated(&addr, &id, &tokens).await?;
    let mut before: Vec<Value> = last.clone();
    let mut pick = Pick(5);
    let mut undone = 0;
    while undone < 3 && last[0]["over"] != true {
        if let Some(s) = (0..2).find(|&s| last[s]["can_undo"] == true) {
            let other = 1 - s;
            let m = last[s]["move"].as_u64().ok_or("no move")?;
            // The other seat may not take it back, nor may a stale request.
            conns[other].send(&ClientMessage::Undo { move_number: m as usize }).await?;
            assert_eq!(next(&mut conns[other]).await?["type"], "error");
            conns[s].send(&ClientMessage::Undo { move_number: m as usize - 1 }).await?;
            assert!(next(&mut conns[s]).await?["message"].as_str().unwrap_or("").contains("stale"));
            conns[s].send(&ClientMessage::Undo { move_number: m as usize }).await?;
            for k in 0..2 {
                let now = next_state(&mut conns[k]).await?;
                assert_eq!(now["move"].as_u64(), Some(m - 1));
                assert_eq!(now["view"], before[k]["view"], "seat {k} sees the game as before the action");
                assert_eq!(now["legal"], before[k]["legal"]);
                assert!(now["events"].to_string().contains("took back"));
                // The action is named to the seat that took it back, never to the other one.
                let undo = now["events"].as_array().and_then(|e| e.iter().find(|e| e["json"]["undo"].is_object()));
                let undo = undo.ok_or("no undo note")?;
                assert_eq!(undo["json"]["undo"]["seat"], s);
                assert_eq!(undo["json"]["undo"].get("action").is_some(), k == s, "seat {k}: {undo}");
                last[k] = now;
            }
            undone += 1;
        }
        let Some(m) = (0..2).find(|&s| last[s]["legal"].as_array().is_some_and(|l| !l.is_empty())) else {
            return Err("nobody to move".into());
        };
        let legal = last[m]["legal"].as_array().ok_or("no legal")?;
        let a = legal[pick.index(legal.len())]["notation"].as_str().ok_or("no notation")?.to_owned();
        conns[m].send(&act(last[m]["move"].as_u64().ok_or("no move")?, &a)).await?;
        before = last.clone();
        for s in 0..2 {
            last[s] = next_state(&mut conns[s]).await?;
        }
    }
    assert_eq!(undone, 3, "three actions were taken back");
    Ok(())
}

/// The server has no list of game types: a game registered anew (here the toy, alone in its
/// registry) is offered, played through the WebSocket, judged for undo and finished.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_newly_registered_game_is_served() -> TestResult {
    let mut registry = Registry::new();
    registry.register(Entry::of::<sylvan_bots::toy::Toy>("the toy")).map_err(|e| e.to_string())?;
    let addr = start_with(registry, "new-game", Limits { rate_per_sec: 1e6, burst: 1e6, ..Limits::default() }).await?;
    let (_, types) = sylvan_server::client::http(&addr, "GET", "/api/types", None).await?;
    assert_eq!(types["games"][0]["name"], "toy", "{types}");
    let (status, _) =
        sylvan_server::client::http(&addr, "POST", "/api/games", Some(&serde_json::json!({ "game": "equinox" })))
            .await?;
    assert_eq!(status, 404, "only registered games");
    let (id, tokens) = create_taken(&addr, "toy", 2, 5).await?;
    let (mut conns, mut last) = seated(&addr, &id, &tokens).await?;
    let mut moves = 0;
    while last[0]["over"] != true {
        let m = (0..2).find(|&s| last[s]["legal"].as_array().is_some_and(|l| !l.is_empty())).ok_or("nobody to move")?;
        let a = last[m]["legal"][0]["notation"].as_str().ok_or("no notation")?.to_owned();
        conns[m].send(&act(last[m]["move"].as_u64().ok_or("no move")?, &a)).await?;
        for s in 0..2 {
            last[s] = next_state(&mut conns[s]).await?;
        }
        moves += 1;
        // A played card is seen by the other seat: never undoable in the toy.
        assert_eq!(last[m]["can_undo"], false);
    }
    assert!(moves > 0 && last[1]["winners"].is_array());
    Ok(())
}
