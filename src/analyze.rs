//! `sylvan analyze`: replays a record and, at every decision of the analysed seats, asks a search bot
//! for its estimated win probability from that seat's view before and after the move played, the move
//! it prefers, and which moves lost the most. The bot receives only the seat's view
//! ([`DynBot::action_values`]), never the replayed full state.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result, anyhow};
use clap::Args;
use serde_json::{Value, json};
use sylvan_bots::{BotSpec, DynBot};
use sylvan_engine::{Locale, Seat};
use sylvan_registry::analysis::{self, AnalysisError, Decision};

use crate::games;
use crate::replay::{check_start, read_record};
use crate::words::{fixed, pad, percent, t};
use sylvan_words::args;

/// Arguments of `sylvan analyze`.
#[derive(Args, Debug, Clone)]
pub struct AnalyzeArgs {
    /// The record file (JSON, as written by `sylvan play --record` or the server).
    file: PathBuf,
    /// Analyse only this seat (`1` or `p1`) [default: every seat].
    #[arg(short, long)]
    seat: Option<String>,
    /// The bot that judges (a search bot or a level that searches; `hard` where it does not search,
    /// Mystic Vale's, judges with `expert`'s search and the budget given; e.g. `hard`, `ismcts:iters=5000`).
    #[arg(short, long, default_value = "hard")]
    bot: String,
    /// Seed of the judging bot (the same seed and an iteration budget give the same analysis).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// How many blunders to list.
    #[arg(long, default_value_t = 5)]
    top: usize,
    /// Print one JSON object (fields in docs/cli.md, "sylvan analyze") instead of text.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    lang: crate::LangArg,
}

impl AnalyzeArgs {
    /// The language of the text.
    pub fn locale(&self) -> Locale {
        self.lang.locale
    }
}

/// Reads the record, replays it and analyses the decisions of the chosen seats.
pub fn run(args: &AnalyzeArgs) -> Result<ExitCode> {
    let file = args.file.display().to_string();
    let locale = args.locale();
    let (text, value) = read_record(&file, locale)?;
    let name = value.get("game").and_then(Value::as_str).unwrap_or_default();
    let entry = games::entry(name).with_context(|| file.clone())?;
    check_start(&value).map_err(|e| anyhow!("{file}: {e}"))?;
    // The whole record is checked first, so the step-by-step replay below cannot fail halfway.
    let end = entry
        .game()
        .replay(&text, None)
        .map_err(|e| anyhow!(sylvan_words::engine::replay_error(entry.game(), &e, locale)))
        .with_context(|| file.clone())?;
    // The actions as replayed: one in an older notation is given as the action it meant.
    let resolved = end.record();
    let actions: Vec<&str> = resolved
        .get("actions")
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let n = end.num_seats();
    let seats: Vec<Seat> = match &args.seat {
        Some(s) => vec![games::parse_seat(s, n, locale).context("--seat")?],
        None => Seat::all(n).collect(),
    };
    let shown = sylvan_engine::carddata::short(&args.bot);
    if let Some((first, _)) = args.bot.split_once(',') {
        // A list is not one judge: blame the list, not a parameter of its first piece (issue 38).
        let first = sylvan_engine::carddata::short(first.trim()).to_string();
        anyhow::bail!(t(locale, "error-one-judge", args!(bot = shown.to_string(), first = first)));
    }
    let bad = |e: sylvan_bots::SpecError| {
        let problem = sylvan_registry::spec_error_text(&e, locale);
        anyhow!(t(locale, "error-flag", args!(flag = "--bot", value = shown.to_string(), error = problem)))
    };
    let spec: BotSpec = args.bot.parse().map_err(bad)?;
    let mut bot: Box<dyn DynBot> = entry.judge(&spec, args.seed).map_err(bad)?;
    let analysis = analysis::analyze(entry.game(), &text, &actions, &seats, &mut *bot, None).map_err(|e| match e {
        AnalysisError::NoEstimates => anyhow!("--bot `{shown}` {e}"),
        e => anyhow!("{file}: {e}"),
    })?;
    let (decisions, forced) = (analysis.decisions, analysis.forced);
    let mut blunders: Vec<&Decision> = decisions.iter().filter(|d| d.loss > 0.0).collect();
    blunders.sort_by(|a, b| b.loss.total_cmp(&a.loss).then(a.move_number.cmp(&b.move_number)));
    blunders.truncate(args.top);
    let outcome = end.outcome();
    let mut stdout = crate::output::stdout();
    if args.json {
        let out = &mut stdout;
        let report = json!({
            "game": entry.name(),
            "players": n,
            "bot": spec.to_string(),
            "plays": entry.levels().resolve(&spec).to_string(),
            "seed": args.seed,
            "seats": seats,
            "moves": actions.len(),
            "forced": forced,
            "decisions": decisions,
            "blunders": blunders,
            "scores": end.scores(),
            "winners": outcome.map(|o| o.winners().iter().collect::<Vec<_>>()).unwrap_or_default(),
        });
        writeln!(out, "{}", serde_json::to_string_pretty(&report)?)?;
        out.flush()?;
        return Ok(ExitCode::SUCCESS);
    }
    // The text quotes the record's actions: printed made printable (issue 38).
    let mut out = Vec::new();
    let header = args!(
        game = entry.name(),
        players = n,
        moves = actions.len(),
        bot = spec.to_string(),
        plays = entry.levels().resolve(&spec).to_string()
    );
    writeln!(out, "{}", t(locale, "analyze-header", header))?;
    let col = |id: &str| t(locale, id, args!());
    writeln!(
        out,
        "{}  {}  {}  {}  {}  {}  {}",
        pad(&col("analyze-col-move"), 5, true),
        pad(&col("analyze-col-seat"), 4, true),
        pad(&col("analyze-col-before"), 6, true),
        pad(&col("analyze-col-after"), 6, true),
        pad(&col("analyze-col-loss"), 6, true),
        pad(&col("analyze-col-played"), 24, false),
        col("analyze-col-preferred")
    )?;
    let pct = |x: f64| percent(locale, Some(x));
    for d in &decisions {
        let mark = if d.played == d.preferred { "=" } else { d.preferred.as_str() };
        writeln!(
            out,
            "{}  {}  {}  {}  {}  {}  {mark}",
            pad(&d.move_number.to_string(), 5, true),
            pad(&d.seat.to_string(), 4, true),
            pad(&pct(d.before), 6, true),
            pad(&pct(d.after), 6, true),
            pad(&fixed(locale, d.loss, 3), 6, true),
            pad(&d.played, 24, false),
        )?;
    }
    writeln!(out, "\n{}", t(locale, "analyze-count", args!(decisions = decisions.len(), forced = forced)))?;
    for &s in &seats {
        let mine: Vec<&Decision> = decisions.iter().filter(|d| d.seat == s).collect();
        if !mine.is_empty() {
            let agree = mine.iter().filter(|d| d.played == d.preferred).count();
            let lost: f64 = mine.iter().map(|d| d.loss.max(0.0)).sum();
            let line = args!(seat = s, decisions = mine.len(), agree = agree, loss = fixed(locale, lost, 3));
            writeln!(out, "{}", t(locale, "analyze-seat", line))?;
        }
    }
    if !blunders.is_empty() {
        writeln!(out, "\n{}", t(locale, "analyze-blunders", args!()))?;
        for d in &blunders {
            let line = args!(
                move = d.move_number,
                seat = d.seat,
                played = d.played.clone(),
                after = pct(d.after),
                preferred = d.preferred.clone(),
                before = pct(d.before),
                points = fixed(locale, 100.0 * d.loss, 1)
            );
            writeln!(out, "  {}", t(locale, "analyze-blunder", line))?;
        }
    }
    let scores = crate::words::scores(locale, &end.scores());
    let result = crate::words::outcome(locale, outcome);
    writeln!(out, "\n{}", t(locale, "analyze-final", args!(scores = scores, result = result)))?;
    stdout.write_all(sylvan_engine::carddata::printable_lines(&String::from_utf8_lossy(&out)).as_bytes())?;
    stdout.flush()?;
    Ok(ExitCode::SUCCESS)
}
