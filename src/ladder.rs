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
use crate::tournament::{rate_cell, rating_cell};
use crate::words::{fixed, number, pad, t};
use sylvan_engine::Locale;
use sylvan_words::args;

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
    #[command(flatten)]
    lang: crate::LangArg,
}

impl LadderArgs {
    /// The language of the text (not of the JSON).
    pub fn locale(&self) -> Locale {
        self.lang.locale
    }
}

/// Reads one report: a regular file (never a FIFO) of at most [`MAX_FILE`] bytes of JSON.
fn read(path: &Path, locale: Locale) -> Result<Value> {
    let file = path.display().to_string();
    let text = sylvan_engine::carddata::read_file_limited(&file, MAX_FILE)?;
    serde_json::from_str(&text).map_err(|e| {
        let error = crate::replay::short_message(&e);
        anyhow!(t(locale, "ladder-not-json", args!(file = file.as_str(), error = error)))
    })
}

/// Runs `sylvan ladder`.
pub fn run(args: &LadderArgs) -> Result<ExitCode> {
    args.figure.check()?;
    let locale = args.locale();
    let mut ladder = Ladder::new();
    for path in &args.files {
        let report = read(path, locale)?;
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
        write_text(&mut out, &r, locale)?;
        stdout.write_all(sylvan_engine::carddata::printable_lines(&String::from_utf8_lossy(&out)).as_bytes())?;
    }
    stdout.flush()?;
    Ok(ExitCode::SUCCESS)
}

fn write_text(out: &mut impl Write, r: &Value, locale: Locale) -> Result<()> {
    let f = |v: &Value| v.as_f64().unwrap_or(0.0);
    let header = args!(
        game = r["game"].as_str().unwrap_or("").to_owned(),
        players = r["players"].as_u64().unwrap_or(0),
        games = f(&r["games"]),
        reports = r["reports"].as_u64().unwrap_or(0)
    );
    writeln!(out, "{}", t(locale, "ladder-header", header))?;
    let mut bots = r["bots"].as_array().cloned().unwrap_or_default();
    bots.sort_by(|a, b| f(&a["rating"]).total_cmp(&f(&b["rating"])));
    let col = |id: &str| t(locale, id, args!());
    let titles = [
        "tournament-col-bot",
        "tournament-col-games",
        "tournament-col-wins",
        "tournament-col-rate",
        "tournament-col-rating",
    ]
    .map(col);
    let cells: Vec<[String; 5]> = bots
        .iter()
        .map(|b| {
            [
                b["spec"].as_str().unwrap_or("").to_owned(),
                number(locale, f(&b["games"])),
                number(locale, f(&b["wins"])),
                rate_cell(b, locale),
                rating_cell(b, locale),
            ]
        })
        .collect();
    // Each column as wide as its widest cell or title.
    let widths: Vec<usize> = (0..5)
        .map(|i| cells.iter().map(|c| c[i].chars().count()).chain([titles[i].chars().count()]).max().unwrap_or(0))
        .collect();
    let line = |c: &[String; 5]| {
        let right = [false, true, true, false, false];
        (0..5).map(|i| pad(&c[i], widths[i], right[i])).collect::<Vec<_>>().join("  ").trim_end().to_owned()
    };
    writeln!(out, "\n{}", line(&titles))?;
    for c in &cells {
        writeln!(out, "{}", line(c))?;
    }
    writeln!(out, "\n{}", t(locale, "ladder-steps", args!()))?;
    for s in r["steps"].as_array().cloned().unwrap_or_default() {
        let signed = |v: f64| {
            let sign = if v >= 0.0 { "+" } else { "" };
            format!("{sign}{}", fixed(locale, v, 0))
        };
        let step = args!(
            from = s["from"].as_str().unwrap_or("").to_owned(),
            to = s["to"].as_str().unwrap_or("").to_owned(),
            step = signed(f(&s["step"])),
            lo = signed(f(&s["step_ci"][0])),
            hi = signed(f(&s["step_ci"][1])),
            apart = if s["intervals_apart"].as_bool().unwrap_or(false) { "yes" } else { "no" },
            meetings = f(&s["meetings"])
        );
        writeln!(out, "{}", t(locale, "ladder-step", step))?;
    }
    Ok(())
}
