//! Bots in every seat finish games of all four games on the server, watched by a spectator.

use serde_json::{Value, json};
use sylvan_server::Limits;

use crate::common::*;

async fn bots_finish(addr: &str, game: &str, players: usize, spec: &str, seed: u64) -> TestResult {
    let seats: Vec<Value> = (0..players).map(|_| json!({ "kind": "bot", "spec": spec })).collect();
    let (id, _) = create(addr, json!({ "game": game, "players": players, "seats": seats, "seed": seed })).await?;
    let mut watch = connect(addr, &id, None).await?;
    let mut last = 0;
    loop {
        let s = next_state(&mut watch).await?;
        let m = s["move"].as_u64().ok_or("no move")?;
        assert!(m >= last, "moves only go forward");
        last = m;
        if s["over"] == true {
            assert_eq!(s["scores"].as_array().map(Vec::len), Some(players));
            break;
        }
    }
    let (status, record) = sylvan_server::client::http(addr, "GET", &format!("/api/games/{id}/record"), None).await?;
    assert_eq!(status, 200);
    assert_eq!(record["actions"].as_array().map(Vec::len), Some(last as usize));
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bots_in_every_seat_finish_every_game() -> TestResult {
    let addr = start("bots", Limits::default()).await?;
    let games = [
        ("equinox", 4, "heuristic"),
        ("mystic-vale", 2, "heuristic"),
        ("command-of-nature", 2, "heuristic"),
        ("spirit-duel", 2, "heuristic"),
        ("equinox", 2, "ismcts:iters=30"),
    ];
    let runs = games.iter().enumerate().map(|(i, &(g, p, spec))| {
        let addr = addr.clone();
        tokio::spawn(async move { bots_finish(&addr, g, p, spec, 40 + i as u64).await })
    });
    for r in runs.collect::<Vec<_>>() {
        r.await.map_err(|e| e.to_string())??;
    }
    Ok(())
}
