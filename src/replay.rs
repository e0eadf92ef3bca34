//! `sylvan replay`: check a record by replaying it, and show where it ends.

use std::io::Write;
use std::process::ExitCode;

use anyhow::{Context, Result, anyhow};
use serde_json::{Value, json};
use sylvan_engine::{ReplayError, Seat};

use crate::ReplayArgs;
use crate::games::{self, outcome_text, per_seat};

/// Reads the record, finds its game in the registry and replays it.
pub fn replay(args: &ReplayArgs) -> Result<ExitCode> {
    let file = args.file.display().to_string();
    let text = std::fs::read_to_string(&args.file).with_context(|| format!("cannot read {file}"))?;
    let value: Value = serde_json::from_str(&text).map_err(|e| anyhow!("{file}: malformed JSON: {e}"))?;
    let name = value
        .get("game")
        .and_then(Value::as_str)
        .ok_or_else(|| anyhow!("{file}: not a game record (no `game` field with the game's name)"))?;
    let entry = games::entry(name).with_context(|| file.clone())?;
    let state = entry.game().replay(&text, args.upto).map_err(|e| match e {
        ReplayError::Truncated { upto, actions } => anyhow!("--upto {upto}: the record has only {actions} actions"),
        e => anyhow!(e),
    });
    let state = state.with_context(|| file.clone())?;
    let n = state.num_seats();
    let seat = args.view.as_deref().map(|s| games::parse_seat(s, n).context("--view")).transpose()?;
    let over = state.is_terminal();
    let scores = state.scores();
    let outcome = state.outcome();
    let winners: Vec<Seat> = outcome.map(|o| o.winners().iter().collect()).unwrap_or_default();
    let mut out = std::io::stdout().lock();
    if args.json {
        let mut report = json!({
            "game": entry.name(),
            "players": n,
            "moves": state.move_number(),
            "over": over,
            "to_move": state.to_move(),
            "scores": scores,
            "winners": winners,
            "draw": outcome.is_some_and(|o| o.is_draw()),
        });
        match seat {
            Some(s) => report["view"] = state.view(s)?.to_json(),
            None => report["state"] = state.state_json(),
        }
        writeln!(out, "{}", serde_json::to_string_pretty(&report)?)?;
        return Ok(ExitCode::SUCCESS);
    }
    let status = match state.to_move() {
        None => "game over".to_owned(),
        Some(s) => format!("{s} to move"),
    };
    writeln!(out, "{}, {n} players, {} moves replayed, {status}", entry.name(), state.move_number())?;
    let seats: Vec<Seat> = match seat {
        Some(s) => vec![s],
        None => Seat::all(n).collect(),
    };
    for s in seats {
        writeln!(out, "\n== view of {s} ==\n{}", state.view(s)?.text())?;
    }
    writeln!(out, "\n{} scores: {}", if over { "final" } else { "current" }, per_seat(&scores))?;
    if over {
        writeln!(out, "{}", outcome_text(outcome))?;
    }
    Ok(ExitCode::SUCCESS)
}
