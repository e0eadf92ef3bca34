//! `sylvan replay`: check a record by replaying it, and show where it ends.

use std::io::Write;
use std::process::ExitCode;

use anyhow::{Context, Result, anyhow};
use serde_json::{Value, json};
use sylvan_engine::{Locale, ReplayError, Seat};

use crate::ReplayArgs;
use crate::games;
use crate::words::t;
use sylvan_words::args;

/// Reads the record, finds its game in the registry and replays it.
pub fn replay(args: &ReplayArgs) -> Result<ExitCode> {
    let file = args.file.display().to_string();
    let locale = args.lang.locale;
    let (text, value) = read_record(&file, locale)?;
    let name = value.get("game").and_then(Value::as_str).unwrap_or_default();
    let entry = games::entry(name).with_context(|| file.clone())?;
    check_start(&value).map_err(|e| anyhow!("{file}: {e}"))?;
    let state = entry.game().replay(&text, args.upto).map_err(|e| match e {
        ReplayError::Truncated { upto, actions } => {
            anyhow!(t(locale, "error-upto", args!(upto = upto, actions = actions)))
        }
        e => anyhow!(sylvan_words::engine::replay_error(entry.game(), &e, locale)),
    });
    let state = state.with_context(|| file.clone())?;
    let n = state.num_seats();
    let seat = args.view.as_deref().map(|s| games::parse_seat(s, n, args.lang.locale).context("--view")).transpose()?;
    let over = state.is_terminal();
    let scores = state.scores();
    let outcome = state.outcome();
    let winners: Vec<Seat> = outcome.map(|o| o.winners().iter().collect()).unwrap_or_default();
    let mut stdout = crate::output::stdout();
    if args.json {
        let out = &mut stdout;
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
        out.flush()?;
        return Ok(ExitCode::SUCCESS);
    }
    // The text is the record's (actions, names, card titles): printed made printable (issue 38).
    let mut out = Vec::new();
    let header = args!(
        game = entry.name(),
        players = n,
        moves = state.move_number(),
        over = if state.to_move().is_none() { "yes" } else { "no" },
        seat = state.to_move().map_or_else(String::new, |s| s.to_string())
    );
    writeln!(out, "{}", t(locale, "replay-header", header))?;
    let seats: Vec<Seat> = match seat {
        Some(s) => vec![s],
        None => Seat::all(n).collect(),
    };
    for s in seats {
        writeln!(out, "\n{}\n{}", t(locale, "replay-view", args!(seat = s)), state.view(s)?.text_locale(locale))?;
    }
    let shown = crate::words::scores(locale, &scores);
    writeln!(out, "\n{}", t(locale, "replay-scores", args!(over = if over { "yes" } else { "no" }, scores = shown)))?;
    if over {
        writeln!(out, "{}", crate::words::outcome(locale, outcome))?;
    }
    stdout.write_all(sylvan_engine::carddata::printable_lines(&String::from_utf8_lossy(&out)).as_bytes())?;
    stdout.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// A record file's text and JSON, with the file's and the JSON reader's errors and a JSON value that is
/// not a record (no `game` name) said in `locale`.
pub(crate) fn read_record(file: &str, locale: Locale) -> Result<(String, Value)> {
    // Bounded, regular files only, UTF-8 with a byte-order mark dropped.
    let text = sylvan_engine::carddata::read_file_limited(file, MAX_RECORD_BYTES)?;
    let value: Value = serde_json::from_str(&text).map_err(|e| {
        // The reader's own words (English) are quoted after the position, which the catalog says.
        let full = short_message(&e);
        let suffix = format!(" at line {} column {}", e.line(), e.column());
        let detail = full.strip_suffix(&suffix).unwrap_or(&full).replace('`', "'");
        anyhow!(t(
            locale,
            "error-malformed-json",
            args!(file = file, line = e.line(), column = e.column(), error = detail)
        ))
    })?;
    if !value.get("game").is_some_and(Value::is_string) {
        anyhow::bail!(t(locale, "error-not-record", args!(file = file)));
    }
    Ok((text, value))
}

/// The largest record read: 64 MB.
pub(crate) const MAX_RECORD_BYTES: u64 = 64 << 20;

/// A JSON reader's message cut to 300 characters (it may quote the input).
pub(crate) fn short_message(e: &serde_json::Error) -> String {
    let m = e.to_string();
    match m.char_indices().nth(300) {
        Some((i, _)) => format!("{}…", &m[..i]),
        None => m,
    }
}

/// The `start` field names how the game began: `{"seed": {"seed": N}}` or
/// `{"setup": {"setup": {..}, "seed": N}}`; say so rather than let the JSON reader point at a column. A
/// missing field is left to the record reader, which names it.
pub(crate) fn check_start(record: &Value) -> Result<()> {
    const SHAPE: &str = "`start` must be {\"seed\": {\"seed\": N}} or {\"setup\": {\"setup\": {...}, \"seed\": N}}";
    let Some(start) = record.get("start") else { return Ok(()) };
    let Some(o) = start.as_object() else { anyhow::bail!("{SHAPE}") };
    match (o.len(), o.get("seed"), o.get("setup")) {
        (1, Some(s), None) if s.get("seed").is_some_and(Value::is_u64) => Ok(()),
        (1, None, Some(s)) if s.get("seed").is_some_and(Value::is_u64) && s.get("setup").is_some() => Ok(()),
        _ => anyhow::bail!("{SHAPE}"),
    }
}
