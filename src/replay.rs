//! `sylvan replay`: check a record by replaying it, and show where it ends.

use std::io::Write;
use std::process::ExitCode;

use anyhow::{Context, Result, anyhow};
use serde_json::{Value, json};
use sylvan_engine::{Game, Heuristic, Record, Seat, replay as replay_record};

use crate::ReplayArgs;
use crate::games::{self, Task, per_seat, winners_text};

/// The record's text, with the arguments.
struct Replay<'a> {
    args: &'a ReplayArgs,
    text: String,
}

/// Reads the record, finds its game and replays it.
pub fn replay(args: &ReplayArgs) -> Result<ExitCode> {
    let file = args.file.display().to_string();
    let text = std::fs::read_to_string(&args.file).with_context(|| format!("cannot read {file}"))?;
    let value: Value = serde_json::from_str(&text).map_err(|e| anyhow!("{file}: malformed JSON: {e}"))?;
    let game = value
        .get("game")
        .and_then(Value::as_str)
        .ok_or_else(|| anyhow!("{file}: not a game record (no `game` field with the game's name)"))?
        .to_owned();
    games::dispatch(&game, Replay { args, text }).with_context(|| file)
}

impl Task for Replay<'_> {
    type Output = ExitCode;

    fn run<G: Game + Heuristic>(self) -> Result<ExitCode> {
        let mut record = Record::<G>::from_json(&self.text)?;
        if let Some(k) = self.args.upto {
            if k > record.actions.len() {
                return Err(anyhow!("--upto {k}: the record has only {} actions", record.actions.len()));
            }
            record.actions.truncate(k);
            record.scores = None;
        }
        let state = replay_record(&record)?;
        let n = state.num_seats();
        let seat = self.args.view.as_deref().map(|s| games::parse_seat(s, n).context("--view")).transpose()?;
        let over = state.is_terminal();
        let scores = state.scores();
        let winners = state.winners();
        let mut out = std::io::stdout().lock();
        if self.args.json {
            let mut report = json!({
                "game": G::NAME,
                "players": n,
                "moves": state.move_number(),
                "over": over,
                "to_move": state.to_move(),
                "scores": scores,
                "winners": winners,
            });
            match seat {
                Some(s) => report["view"] = serde_json::to_value(state.view(s))?,
                None => report["state"] = serde_json::to_value(&state)?,
            }
            writeln!(out, "{}", serde_json::to_string_pretty(&report)?)?;
            return Ok(ExitCode::SUCCESS);
        }
        let status = match state.to_move() {
            None => "game over".to_owned(),
            Some(s) => format!("{s} to move"),
        };
        writeln!(out, "{}, {n} players, {} moves replayed, {status}", G::NAME, state.move_number())?;
        let seats: Vec<Seat> = match seat {
            Some(s) => vec![s],
            None => Seat::all(n).collect(),
        };
        for s in seats {
            writeln!(out, "\n== view of {s} ==\n{}", state.view(s))?;
        }
        writeln!(out, "\n{} scores: {}", if over { "final" } else { "current" }, per_seat(&scores))?;
        if over {
            writeln!(out, "{}", winners_text(&winners))?;
        }
        Ok(ExitCode::SUCCESS)
    }
}
