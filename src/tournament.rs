//! `sylvan tournament`: bots against each other with rotating seats; win-rate matrix with 95% intervals,
//! Bradley–Terry ratings on the Elo scale with bootstrap intervals, seat and length statistics, search
//! instrumentation, designer statistics, `--json` and a self-contained HTML `--report`.
//!
//! The schedule, the games and the numbers are [`sylvan_registry::runs::tournament`]'s; this module reads
//! the command line and writes the text.
//!
//! **Schedule.** With K bots at P seats, the line-ups are every set of P distinct bots (K ≥ P), or the
//! bots repeated in order to fill the table (K < P). Games come in blocks of P: block b plays line-up
//! `b mod L` on one deal (seed `seed + b`) P times, rotating the line-up one seat each time, so every bot
//! plays every seat equally on the same cards when the number of games is a multiple of P × L. Bot seeds
//! come from (seed, game, seat). Results are gathered per game and summed in game order, so they do not
//! depend on `--threads` (with iteration budgets).
//!
//! **Pairwise results.** In every game, each pair of seats held by different bots counts once: 1 for the
//! seat with the greater return, ½ each on equal returns. Win rates carry Wilson 95% intervals. Ratings
//! are Bradley–Terry strengths fitted to these pairwise results (Hunter's MM algorithm, with one drawn
//! pseudo-game per pair so that a clean sweep stays finite), written on the Elo scale (400·log10, mean 0);
//! their 95% intervals are the 2.5% and 97.5% quantiles over 200 Poisson-bootstrap replicates of the
//! games. Games are played in batches and folded into running totals, so memory stays flat in `-n`.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Result;
use clap::Args;
use serde_json::Value;
use sylvan_registry::runs::tournament::{CHUNK, Totals};

use crate::GameArgs;
use crate::games::{self, num};

/// Games played between two folds into the running totals (the most results held at once).
const BATCH: u64 = 256;

/// Arguments of `sylvan tournament`.
#[derive(Args, Debug, Clone)]
pub struct TournamentArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The bots, comma-separated, e.g. `random,heuristic,ismcts:iters=2000` (at least one).
    #[arg(short, long)]
    bots: String,
    /// Number of games (a multiple of players × line-ups balances the seats exactly).
    #[arg(short = 'n', long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=crate::games::MAX_GAMES))]
    games: u64,
    /// Base seed: block b of games is dealt from seed+b; bots are seeded from (seed, game, seat).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Games played at once [default: the number of cores]. Results do not depend on it.
    #[arg(short, long, value_parser = clap::value_parser!(u64).range(1..))]
    threads: Option<u64>,
    /// Print one JSON object on stdout (and no progress bar).
    #[arg(long)]
    json: bool,
    /// Write a self-contained HTML report with SVG plots to this file.
    #[arg(long, value_name = "FILE.html")]
    report: Option<PathBuf>,
    /// Also print search statistics per bot: iterations/s, determinizations/s, tree size and time per
    /// decision.
    #[arg(short, long)]
    verbose: bool,
    #[command(flatten)]
    figure: games::FigureArgs,
}

impl TournamentArgs {
    /// The game and its options, for the shorthand flags to add to.
    pub fn game_args_mut(&mut self) -> &mut GameArgs {
        &mut self.game
    }
}

/// Runs `sylvan tournament`.
pub fn run(args: &TournamentArgs) -> Result<ExitCode> {
    let games::Table { entry, options, automated, .. } = games::table(&args.game, args.seed)?;
    // Seats the game plays itself (the solo Robot) get no bot: none is credited with them (issue 38).
    let schedule = games::schedule(entry, &args.bots, automated)?;
    // The report's file is checked before the games (never a FIFO, never a card file it reads).
    if let Some(path) = &args.report {
        let mut inputs = crate::output::option_files(&options);
        inputs.extend(args.figure.notebook.clone());
        crate::output::check_output(path, "--report", "the report", &inputs)?;
    }
    args.figure.check()?;
    let period = schedule.period();
    if args.games % period != 0 && !args.json {
        eprintln!(
            "note: {} games is not a multiple of {period} ({} seats × {} line-ups): seats are not exactly balanced",
            args.games,
            period / schedule.lineups() as u64,
            schedule.lineups()
        );
    }
    let threads = games::worker_threads(args.threads, args.games, CHUNK);
    let bar = games::progress_bar(args.games, args.json);
    let start = Instant::now();
    // Games are played in batches and folded into running totals in game order: memory stays flat
    // however many games are played (issue 38), and the results do not depend on the threads.
    let mut totals = Totals::new(&schedule, args.seed);
    let mut first = 0;
    while first < args.games {
        let len = BATCH.min(args.games - first);
        let chunks = games::run_chunks(len, CHUNK, threads, "tournament", |x, y| {
            Ok::<_, anyhow::Error>(
                schedule.run_chunk(entry, &options, args.seed, (first + x, first + y), || bar.inc(1))?,
            )
        });
        let folded = chunks.and_then(|chunks| chunks.iter().try_for_each(|c| totals.add(c)).map_err(Into::into));
        if let Err(e) = folded {
            bar.finish_and_clear();
            return Err(e);
        }
        first += len;
    }
    bar.finish_and_clear();
    let elapsed = start.elapsed().as_secs_f64();
    let report = totals.report(entry.name(), threads, elapsed);
    args.figure.write(|command| {
        let what = format!("{command} ({} games, seed {})", args.games, args.seed);
        sylvan_registry::runs::notebook::ladder_table(&report, &what)
    })?;

    if let Some(path) = &args.report {
        let html = crate::report::html(&report);
        crate::output::write_atomic(path, html.as_bytes(), "the report")?;
    }
    let mut out = crate::output::stdout();
    if args.json {
        writeln!(out, "{report}")?;
    } else {
        write_text(&mut out, &report, args.verbose)?;
        if let Some(path) = &args.report {
            writeln!(out, "report:         {}", path.display())?;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

pub(crate) fn pct(v: &Value) -> String {
    // Null where nothing was measured (a seat no bot played).
    v.as_f64().map_or_else(|| "—".to_owned(), |x| format!("{:.1}%", 100.0 * x))
}

/// A bot's win rate and rating with their 95% intervals, as the report's columns write them.
pub(crate) fn rate_and_rating(b: &Value) -> String {
    let f = |v: &Value| v.as_f64().unwrap_or(0.0);
    format!(
        "{:>6} [{:>6}, {:>6}]  {:>6.0} [{:>5.0}, {:>5.0}]",
        pct(&b["win_rate"]),
        pct(&b["win_rate_ci"][0]),
        pct(&b["win_rate_ci"][1]),
        f(&b["rating"]),
        f(&b["rating_ci"][0]),
        f(&b["rating_ci"][1])
    )
}

fn write_text(out: &mut impl Write, r: &Value, verbose: bool) -> Result<()> {
    let f = |v: &Value| v.as_f64().unwrap_or(0.0);
    writeln!(
        out,
        "{}: {} games, {} players, seed {}, {} thread(s), {:.1} s",
        r["game"].as_str().unwrap_or(""),
        r["games"],
        r["players"],
        r["seed"],
        r["threads"],
        f(&r["seconds"])
    )?;
    let bots = r["bots"].as_array().cloned().unwrap_or_default();
    let width = bots.iter().filter_map(|b| b["spec"].as_str()).map(str::len).max().unwrap_or(4).max(4);
    writeln!(out, "\n{:width$}  games   wins  win rate (95% CI)       rating (95% CI)         mean score", "bot")?;
    for b in &bots {
        writeln!(
            out,
            "{:width$}  {:>5}  {:>5}  {}   {}",
            b["spec"].as_str().unwrap_or(""),
            b["games"],
            num(f(&b["wins"])),
            rate_and_rating(b),
            num(f(&b["mean_score"])),
        )?;
    }
    writeln!(out, "\nwin rate of row against column (95% CI):")?;
    write!(out, "{:width$}", "")?;
    for b in &bots {
        write!(out, "  {:>24}", b["spec"].as_str().unwrap_or(""))?;
    }
    writeln!(out)?;
    for (i, row) in r["matrix"].as_array().cloned().unwrap_or_default().iter().enumerate() {
        write!(out, "{:width$}", bots[i]["spec"].as_str().unwrap_or(""))?;
        for cell in row.as_array().cloned().unwrap_or_default() {
            if cell.is_null() {
                write!(out, "  {:>24}", "—")?;
            } else {
                let text = format!("{} [{}, {}]", pct(&cell["rate"]), pct(&cell["ci"][0]), pct(&cell["ci"][1]));
                write!(out, "  {text:>24}")?;
            }
        }
        writeln!(out)?;
    }
    let seats: Vec<String> = r["win_rate_by_seat"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .enumerate()
        .map(|(s, v)| format!("p{s} {}", pct(v)))
        .collect();
    writeln!(out, "\nfirst-seat win rate: {} (by seat: {})", pct(&r["first_seat_win_rate"]), seats.join(" · "))?;
    writeln!(
        out,
        "moves per game:      {} (min {}, max {})",
        num(f(&r["mean_moves"])),
        num(f(&r["min_moves"])),
        num(f(&r["max_moves"]))
    )?;
    if verbose {
        writeln!(out, "\nsearch (per searched decision):")?;
        for b in &bots {
            let s = &b["search"];
            if s.is_null() {
                continue;
            }
            writeln!(
                out,
                "{:width$}  {:.0} iterations/s, {:.0} determinizations/s, {:.0} iterations, {:.0} tree nodes, {:.1} ms per decision ({} of {} decisions searched)",
                b["spec"].as_str().unwrap_or(""),
                f(&s["iterations_per_sec"]),
                f(&s["determinizations_per_sec"]),
                f(&s["iterations_per_decision"]),
                f(&s["tree_nodes_per_decision"]),
                f(&s["ms_per_decision"]),
                s["searched_decisions"],
                s["decisions"],
            )?;
        }
    }
    Ok(())
}
