//! `sylvan ladder FILE...`: the `sylvan tournament --json` reports of several runs (blocks of games,
//! pairs of bots run apart, several machines) summed into one rating ladder; the numbers are
//! [`sylvan_registry::runs::ladder`]'s, this module reads the files and writes the text.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Result, anyhow};
use clap::Args;
use serde_json::Value;
use sylvan_registry::runs::ladder::Ladder;

use crate::games::num;
use crate::tournament::rate_and_rating;

/// The largest report file read (a report with designer tables is a few megabytes).
const MAX_FILE: u64 = 64 << 20;

/// Arguments of `sylvan ladder`.
#[derive(Args, Debug, Clone)]
pub struct LadderArgs {
    /// Tournament reports (`sylvan tournament ... --json` output), one per file, of one game.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Print one JSON object on stdout.
    #[arg(long)]
    json: bool,
    /// Seed of the bootstrap that gives the intervals.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    #[command(flatten)]
    figure: crate::games::FigureArgs,
}

/// Reads one report: a regular file (never a FIFO) of at most [`MAX_FILE`] bytes of JSON.
fn read(path: &Path) -> Result<Value> {
    let file = path.display().to_string();
    let text = sylvan_engine::carddata::read_file_limited(&file, MAX_FILE)?;
    serde_json::from_str(&text).map_err(|e| anyhow!("{file}: not JSON: {}", crate::replay::short_message(&e)))
}

/// Runs `sylvan ladder`.
pub fn run(args: &LadderArgs) -> Result<ExitCode> {
    args.figure.check()?;
    let mut ladder = Ladder::new();
    for path in &args.files {
        let report = read(path)?;
        // The game a report names must be one this binary knows (issue 38).
        if let Some(name) = report.get("game").and_then(Value::as_str) {
            crate::games::entry(name).map_err(|e| anyhow!("{}: {e}", path.display()))?;
        }
        ladder.add(&report).map_err(|e| anyhow!("{}: {e}", path.display()))?;
    }
    let r = ladder.report(args.seed)?;
    args.figure.write(|command| {
        let what =
            format!("{command} ({} games from {} reports)", num(r["games"].as_f64().unwrap_or(0.0)), r["reports"]);
        sylvan_registry::runs::notebook::ladder_table(&r, &what)
    })?;
    let mut stdout = crate::output::stdout();
    if args.json {
        writeln!(stdout, "{r}")?;
    } else {
        // Bot specs and the game's name come from the files: printed made printable (issue 38).
        let mut out = Vec::new();
        write_text(&mut out, &r)?;
        stdout.write_all(sylvan_engine::carddata::printable_lines(&String::from_utf8_lossy(&out)).as_bytes())?;
    }
    stdout.flush()?;
    Ok(ExitCode::SUCCESS)
}

fn write_text(out: &mut impl Write, r: &Value) -> Result<()> {
    let f = |v: &Value| v.as_f64().unwrap_or(0.0);
    writeln!(
        out,
        "{}: {} players, {} games from {} reports",
        r["game"].as_str().unwrap_or(""),
        r["players"],
        num(f(&r["games"])),
        r["reports"]
    )?;
    let mut bots = r["bots"].as_array().cloned().unwrap_or_default();
    bots.sort_by(|a, b| f(&a["rating"]).total_cmp(&f(&b["rating"])));
    let width = bots.iter().filter_map(|b| b["spec"].as_str()).map(str::len).max().unwrap_or(4).max(4);
    writeln!(out, "\n{:width$}  {:>7}  {:>7}  win rate (95% CI)       rating (95% CI)", "bot", "games", "wins")?;
    for b in &bots {
        writeln!(
            out,
            "{:width$}  {:>7}  {:>7}  {}",
            b["spec"].as_str().unwrap_or(""),
            num(f(&b["games"])),
            num(f(&b["wins"])),
            rate_and_rating(b),
        )?;
    }
    writeln!(out, "\nsteps, lowest first (95% CI of the step; whether the bots' intervals are apart; meetings):")?;
    for s in r["steps"].as_array().cloned().unwrap_or_default() {
        writeln!(
            out,
            "{} → {}: {:+.0} [{:+.0}, {:+.0}], intervals {}, {} meetings",
            s["from"].as_str().unwrap_or(""),
            s["to"].as_str().unwrap_or(""),
            f(&s["step"]),
            f(&s["step_ci"][0]),
            f(&s["step_ci"][1]),
            if s["intervals_apart"].as_bool().unwrap_or(false) { "apart" } else { "overlap" },
            num(f(&s["meetings"])),
        )?;
    }
    Ok(())
}
