//! The per-move clock: a person who runs out of time gets the game's heuristic move played for them
//! (ruling S4); one who moves in time is not played for.

use std::time::{Duration, Instant};

use serde_json::json;
use sylvan_server::Limits;

use crate::common::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_that_runs_out_of_time_gets_the_heuristic_move() -> TestResult {
    let addr = start("clock", Limits::default()).await?;
    // Taken before the game exists, so before its clock starts: the wait below is at least the 300 ms
    // however slowly this test runs (a start taken after connecting made it flaky on a loaded machine).
    let start = Instant::now();
    let seats = json!([{ "kind": "taken" }, { "kind": "taken" }]);
    let req = json!({ "game": "equinox", "players": 2, "seats": seats, "seed": 4, "clock_ms": 300 });
    let (id, tokens) = create(&addr, req).await?;
    let (mut conns, last) = seated(&addr, &id, &tokens).await?;
    let mover = last[0]["to_move"].as_u64().ok_or("no seat to move")? as usize;
    let left = last[mover]["clock_ms"].as_u64().ok_or("no clock")?;
    assert!(left > 0 && left <= 300, "clock_ms {left}");
    // Nobody moves: the server plays for the seat once its 300 ms are out, and says what it played.
    let after = next_state(&mut conns[mover]).await?;
    let waited = start.elapsed();
    assert!(waited >= Duration::from_millis(300), "played after {waited:?}, before the clock ran out");
    assert_eq!(after["move"], 1);
    assert!(!after["events"].as_array().is_some_and(Vec::is_empty), "the seat is told what was played: {after}");
    assert_eq!(after["can_undo"], false, "a move the server played is not the seat's to take back");
    let other = next_state(&mut conns[1 - mover]).await?;
    assert_eq!(other["move"], 1);
    // A seat that moves in time is not played for: its own action is the next move.
    let m = after["to_move"].as_u64().ok_or("no seat to move")? as usize;
    let state = if m == mover { after } else { other };
    let action = state["legal"][0]["notation"].as_str().ok_or("no legal action")?.to_owned();
    conns[m].send(&act(1, &action)).await?;
    let mine = next_state(&mut conns[m]).await?;
    assert_eq!(mine["move"], 2);
    assert!(mine["events"].to_string().len() > 2);
    Ok(())
}
