//! `sylvan games`: the listed games of the registry, their player counts, options and capabilities.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use serde_json::Value;
use sylvan_engine::Locale;
use sylvan_words::args;

use crate::games;
use crate::words::{pad, t};

/// Prints every listed game, as JSON or as text in `locale` (a game's summary from the CLI catalog,
/// `games-summary-<name>`, where it has one; each option's help in the locale's language).
pub fn games(as_json: bool, locale: Locale) -> Result<ExitCode> {
    let mut out = std::io::stdout().lock();
    if as_json {
        let all: Vec<Value> = games::registry().listed().map(|e| e.describe()).collect();
        writeln!(out, "{}", serde_json::to_string_pretty(&all)?)?;
        return Ok(ExitCode::SUCCESS);
    }
    for entry in games::registry().listed() {
        let (lo, hi) = entry.game().player_range();
        let summary = crate::words::summary(locale, entry.name()).unwrap_or_else(|| entry.summary().to_owned());
        let line = args!(game = entry.name(), min = lo, max = hi, summary = summary);
        writeln!(out, "{}", t(locale, "games-line", line))?;
        for o in entry.game().option_docs() {
            let help = entry.game().message_text(&o.help(), locale).unwrap_or_else(|| o.help_id.to_owned());
            let help = locale.lang().typeset(&help);
            let option = args!(name = pad(o.name, 16, false), default = pad(o.default, 8, false), help = help);
            writeln!(out, "    {}", t(locale, "games-option", option))?;
        }
        let flags: Vec<String> = entry.shorthands().iter().map(|s| format!("--{}", s.flag)).collect();
        if !flags.is_empty() {
            writeln!(out, "    {}", t(locale, "games-shorthands", args!(flags = flags.join(", "))))?;
        }
        writeln!(out, "    {}", t(locale, "games-bots", args!(bots = entry.bot_names().join(", "))))?;
    }
    Ok(ExitCode::SUCCESS)
}
