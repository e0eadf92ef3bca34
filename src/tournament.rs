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
use crate::games;
use crate::words::{fixed, number, pad, percent, t};
use sylvan_engine::Locale;
use sylvan_words::args;

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
    #[command(flatten)]
    lang: crate::LangArg,
}

impl TournamentArgs {
    /// The language of the text (not of the JSON or the HTML report).
    pub fn locale(&self) -> sylvan_engine::Locale {
        self.lang.locale
    }

    /// The game and its options, for the shorthand flags to add to.
    pub fn game_args_mut(&mut self) -> &mut GameArgs {
        &mut self.game
    }
}

/// Runs `sylvan tournament`.
pub fn run(args: &TournamentArgs) -> Result<ExitCode> {
    let games::Table { entry, options, automated, .. } = games::table(&args.game, args.seed, args.locale())?;
    // Seats the game plays itself (the solo Robot) get no bot: none is credited with them (issue 38).
    let schedule = games::schedule(entry, &args.bots, automated, args.locale())?;
    // The report's file is checked before the games (never a FIFO, never a card file it reads).
    if let Some(path) = &args.report {
        let mut inputs = crate::output::option_files(&options);
        inputs.extend(args.figure.notebook.clone());
        crate::output::check_output(path, "--report", crate::output::Written::Report, &inputs, args.locale())?;
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
        let html = crate::report::html(&report, args.locale(), entry.row_names());
        crate::output::write_atomic(path, html.as_bytes(), crate::output::Written::Report, args.locale())?;
    }
    let mut out = crate::output::stdout();
    if args.json {
        writeln!(out, "{report}")?;
    } else {
        let locale = args.locale();
        write_text(&mut out, &report, args.verbose, locale)?;
        if let Some(path) = &args.report {
            writeln!(out, "{}", t(locale, "report-written", args!(path = path.display().to_string())))?;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// A bot's win rate with its 95% interval, in `locale` (`45.2% [40.1%, 50.3%]`).
pub(crate) fn rate_cell(b: &Value, locale: Locale) -> String {
    let pct = |v: &Value| percent(locale, v.as_f64());
    format!("{} [{}, {}]", pct(&b["win_rate"]), pct(&b["win_rate_ci"][0]), pct(&b["win_rate_ci"][1]))
}

/// A bot's rating with its 95% interval, in `locale` (`12 [-30, 54]`).
pub(crate) fn rating_cell(b: &Value, locale: Locale) -> String {
    let n = |v: &Value| fixed(locale, v.as_f64().unwrap_or(0.0), 0);
    format!("{} [{}, {}]", n(&b["rating"]), n(&b["rating_ci"][0]), n(&b["rating_ci"][1]))
}

fn write_text(out: &mut impl Write, r: &Value, verbose: bool, locale: Locale) -> Result<()> {
    let f = |v: &Value| v.as_f64().unwrap_or(0.0);
    let count = |v: &Value| v.as_u64().unwrap_or(0);
    let header = args!(
        game = r["game"].as_str().unwrap_or("").to_owned(),
        games = count(&r["games"]),
        players = count(&r["players"]),
        seed = r["seed"].to_string(),
        threads = count(&r["threads"]),
        seconds = fixed(locale, f(&r["seconds"]), 1)
    );
    writeln!(out, "{}", t(locale, "tournament-header", header))?;
    let bots = r["bots"].as_array().cloned().unwrap_or_default();
    let col = |id: &str| t(locale, id, args!());
    let width = bots
        .iter()
        .filter_map(|b| b["spec"].as_str())
        .map(|s| s.chars().count())
        .max()
        .unwrap_or(4)
        .max(col("tournament-col-bot").chars().count());
    let pct = |v: &Value| percent(locale, v.as_f64());
    // The columns are as wide as their widest cell or title.
    let rate_cell = |b: &Value| rate_cell(b, locale);
    let rating_cell = |b: &Value| rating_cell(b, locale);
    let titles =
        ["tournament-col-games", "tournament-col-wins", "tournament-col-rate", "tournament-col-rating"].map(col);
    let widths = [
        titles[0].chars().count().max(5),
        titles[1].chars().count().max(5),
        bots.iter().map(|b| rate_cell(b).chars().count()).chain([titles[2].chars().count()]).max().unwrap_or(0),
        bots.iter().map(|b| rating_cell(b).chars().count()).chain([titles[3].chars().count()]).max().unwrap_or(0),
    ];
    writeln!(
        out,
        "\n{}  {}  {}  {}  {}  {}",
        pad(&col("tournament-col-bot"), width, false),
        pad(&titles[0], widths[0], true),
        pad(&titles[1], widths[1], true),
        pad(&titles[2], widths[2], false),
        pad(&titles[3], widths[3], false),
        col("tournament-col-score")
    )?;
    for b in &bots {
        writeln!(
            out,
            "{}  {}  {}  {}  {}  {}",
            pad(b["spec"].as_str().unwrap_or(""), width, false),
            pad(&b["games"].to_string(), widths[0], true),
            pad(&number(locale, f(&b["wins"])), widths[1], true),
            pad(&rate_cell(b), widths[2], false),
            pad(&rating_cell(b), widths[3], false),
            number(locale, f(&b["mean_score"])),
        )?;
    }
    writeln!(out, "\n{}", col("tournament-matrix"))?;
    write!(out, "{}", pad("", width, false))?;
    for b in &bots {
        write!(out, "  {}", pad(b["spec"].as_str().unwrap_or(""), 24, true))?;
    }
    writeln!(out)?;
    for (i, row) in r["matrix"].as_array().cloned().unwrap_or_default().iter().enumerate() {
        write!(out, "{}", pad(bots.get(i).and_then(|b| b["spec"].as_str()).unwrap_or(""), width, false))?;
        for cell in row.as_array().cloned().unwrap_or_default() {
            let text = if cell.is_null() {
                "—".to_owned()
            } else {
                format!("{} [{}, {}]", pct(&cell["rate"]), pct(&cell["ci"][0]), pct(&cell["ci"][1]))
            };
            write!(out, "  {}", pad(&text, 24, true))?;
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
    let first = args!(rate = pct(&r["first_seat_win_rate"]), seats = seats.join(" · "));
    writeln!(out, "\n{}", t(locale, "tournament-first-seat", first))?;
    let moves = args!(
        mean = number(locale, f(&r["mean_moves"])),
        min = number(locale, f(&r["min_moves"])),
        max = number(locale, f(&r["max_moves"]))
    );
    writeln!(out, "{}", t(locale, "tournament-moves", moves))?;
    if verbose {
        writeln!(out, "\n{}", col("tournament-search"))?;
        for b in &bots {
            let s = &b["search"];
            if s.is_null() {
                continue;
            }
            let line = args!(
                bot = pad(b["spec"].as_str().unwrap_or(""), width, false),
                iterations = fixed(locale, f(&s["iterations_per_sec"]), 0),
                determinizations = fixed(locale, f(&s["determinizations_per_sec"]), 0),
                per_decision = fixed(locale, f(&s["iterations_per_decision"]), 0),
                nodes = fixed(locale, f(&s["tree_nodes_per_decision"]), 0),
                ms = fixed(locale, f(&s["ms_per_decision"]), 1),
                searched = count(&s["searched_decisions"]),
                decisions = count(&s["decisions"])
            );
            writeln!(out, "{}", t(locale, "tournament-search-line", line))?;
        }
    }
    Ok(())
}
