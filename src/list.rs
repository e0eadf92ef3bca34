//! `sylvan games`: the listed games of the registry, their player counts, options and capabilities.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use serde_json::Value;

use crate::games;

/// Prints every listed game, as text or JSON.
pub fn games(as_json: bool) -> Result<ExitCode> {
    let all: Vec<Value> = games::registry().listed().map(|e| e.describe()).collect();
    let mut out = std::io::stdout().lock();
    if as_json {
        writeln!(out, "{}", serde_json::to_string_pretty(&all)?)?;
        return Ok(ExitCode::SUCCESS);
    }
    let text = |v: &Value| v.as_str().unwrap_or_default().to_owned();
    for game in &all {
        let (lo, hi) = (&game["min_players"], &game["max_players"]);
        writeln!(out, "{}  ({lo} to {hi} players)  {}", text(&game["name"]), text(&game["summary"]))?;
        for o in game["options"].as_array().into_iter().flatten() {
            let (name, default, help) = (text(&o["name"]), text(&o["default"]), text(&o["help"]));
            writeln!(out, "    {name:<16} default {default:<8} {help}")?;
        }
        let flags: Vec<String> =
            game["shorthands"].as_array().into_iter().flatten().map(|s| text(&s["flag"])).collect();
        if !flags.is_empty() {
            writeln!(out, "    shorthands: {}", flags.join(", "))?;
        }
        let bots: Vec<String> = game["bots"].as_array().into_iter().flatten().map(text).collect();
        writeln!(out, "    bots: {}", bots.join(", "))?;
    }
    Ok(ExitCode::SUCCESS)
}
