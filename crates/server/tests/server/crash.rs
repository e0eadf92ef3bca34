//! kill -9 of a real server process mid-game, then a restart on the same database: nothing lost.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

use serde_json::{Value, json};

use crate::common::*;

/// Starts the server binary on a free port; returns the process and its address.
fn spawn_server(db: &std::path::Path) -> Result<(Child, String), String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sylvan-server"))
        .args(["--addr", "127.0.0.1:0", "--db"])
        .arg(db)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(|e| e.to_string())?;
    let out = child.stdout.take().ok_or("no stdout")?;
    let mut line = String::new();
    BufReader::new(out).read_line(&mut line).map_err(|e| e.to_string())?;
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|r| r.split_whitespace().next())
        .ok_or(format!("unexpected first line `{line}`"))?
        .to_owned();
    Ok((child, addr))
}

/// What must survive: the seat, move, seat to move, view and legal actions.
fn essence(state: &Value) -> Value {
    json!({ "seat": state["seat"], "move": state["move"], "to_move": state["to_move"], "view": state["view"],
            "text": state["text"], "legal": state["legal"], "can_undo": state["can_undo"] })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kill_9_mid_game_loses_nothing() -> TestResult {
    let db = temp_db("crash");
    let (mut server, addr) = spawn_server(&db)?;
    // Two people against a bot, and a game of bots only that is running when the server dies.
    let seats = json!([{ "kind": "taken" }, { "kind": "taken" }, { "kind": "bot", "spec": "heuristic" }]);
    let (id, tokens) = create(&addr, json!({ "game": "equinox", "players": 3, "seats": seats, "seed": 11 })).await?;
    let bots = json!([{ "kind": "bot", "spec": "ismcts:iters=200" }, { "kind": "bot", "spec": "ismcts:iters=200" }]);
    let (bot_game, _) =
        create(&addr, json!({ "game": "mystic-vale", "players": 2, "seats": bots, "seed": 12 })).await?;
    let (mut conns, mut last) = seated(&addr, &id, &tokens).await?;
    let mut pick = Pick(99);
    let mut played = 0;
    while played < 25 {
        let Some(m) = (0..2).find(|&s| last[s]["legal"].as_array().is_some_and(|l| !l.is_empty())) else {
            // The bot is thinking: the next message of each seat follows its move.
            for s in 0..2 {
                last[s] = next_state(&mut conns[s]).await?;
            }
            continue;
        };
        let legal = last[m]["legal"].as_array().ok_or("no legal")?;
        let a = legal[pick.index(legal.len())]["notation"].as_str().ok_or("no notation")?.to_owned();
        conns[m].send(&act(last[m]["move"].as_u64().ok_or("no move")?, &a)).await?;
        for s in 0..2 {
            last[s] = next_state(&mut conns[s]).await?;
        }
        played += 1;
    }
    // Let the bots' game get under way, note where it is, then kill.
    let mut watch = connect(&addr, &bot_game, None).await?;
    let mut bot_move = 0;
    while bot_move < 10 {
        bot_move = next_state(&mut watch).await?["move"].as_u64().ok_or("no move")?;
    }
    server.kill().map_err(|e| e.to_string())?;
    server.wait().map_err(|e| e.to_string())?;
    drop(conns);

    let (mut server, addr) = spawn_server(&db)?;
    for (s, t) in tokens.iter().enumerate() {
        let mut c = connect(&addr, &id, Some(t)).await?;
        let again = next_state(&mut c).await?;
        // The bot may have been thinking: wait for its move if the seat saw it.
        let mut again = again;
        while again["move"].as_u64() < last[s]["move"].as_u64() {
            again = next_state(&mut c).await?;
        }
        assert_eq!(essence(&again), essence(&last[s]), "seat {s} resumes where it was");
    }
    let mut watch = connect(&addr, &bot_game, None).await?;
    let resumed = next_state(&mut watch).await?["move"].as_u64().ok_or("no move")?;
    assert!(resumed >= bot_move, "the bots' game resumes at move {resumed}, it had reached {bot_move}");
    // And it plays on after the restart.
    while next_state(&mut watch).await?["move"].as_u64().ok_or("no move")? < resumed + 3 {}
    server.kill().map_err(|e| e.to_string())?;
    let _ = server.wait();
    Ok(())
}
