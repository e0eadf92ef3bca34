//! `sylvan games`: the games, their player counts and options.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use serde_json::{Value, json};
use sylvan_engine::{Game, Heuristic};

use crate::games::{self, Task};

struct Describe;

impl Task for Describe {
    type Output = Value;

    fn run<G: Game + Heuristic>(self) -> Result<Value> {
        let (lo, hi) = G::player_range();
        let options: Vec<Value> =
            G::option_docs().iter().map(|o| json!({ "name": o.name, "default": o.default, "help": o.help })).collect();
        Ok(json!({ "name": G::NAME, "min_players": lo, "max_players": hi, "options": options }))
    }
}

/// Prints every game, as text or JSON.
pub fn games(as_json: bool) -> Result<ExitCode> {
    let all = games::NAMES.iter().map(|name| games::dispatch(name, Describe)).collect::<Result<Vec<Value>>>()?;
    let mut out = std::io::stdout().lock();
    if as_json {
        writeln!(out, "{}", serde_json::to_string_pretty(&all)?)?;
        return Ok(ExitCode::SUCCESS);
    }
    for game in &all {
        let (lo, hi) = (&game["min_players"], &game["max_players"]);
        writeln!(out, "{}  ({lo} to {hi} players)", game["name"].as_str().unwrap_or_default())?;
        for o in game["options"].as_array().into_iter().flatten() {
            let name = o["name"].as_str().unwrap_or_default();
            let default = o["default"].as_str().unwrap_or_default();
            let help = o["help"].as_str().unwrap_or_default();
            writeln!(out, "    {name:<16} default {default:<8} {help}")?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
