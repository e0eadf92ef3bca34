//! `sylvan balance`: the balance lab. The same bots, seeds and seat rotation played under two option
//! sets A and B (`--a cards=base.toml --b cards=mine.toml`, `--a buy_vp=false --b buy_vp=true`), paired
//! game by game; every game fact, bot result and card metric under A and B with the difference and its
//! 95% interval, flagged when it is beyond noise; a summary in words, `--json`, and an HTML `--report`.
//!
//! The games and the numbers are [`sylvan_registry::runs::balance`]'s; this module reads the command
//! line, plays the pairs in batches (so memory stays flat however many games are played), stops early
//! with `--until-ci`, and writes the text. `docs/balance-lab.md` is the designers' guide.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, Result, bail};
use clap::Args;
use serde_json::{Value, json};
use sylvan_registry::runs::balance::{CHUNK, Lab, Plan};

use crate::GameArgs;
use crate::games;
use crate::words::t;
use sylvan_engine::Locale;
use sylvan_words::args;

/// Pairs played between two looks at the intervals (and the most pairs held in memory at once).
const BATCH: u64 = 48;

/// Arguments of `sylvan balance`.
#[derive(Args, Debug, Clone)]
pub struct BalanceArgs {
    #[command(flatten)]
    game: GameArgs,
    /// An option of arm A (repeatable), `NAME=VALUE` as with `-o`, e.g. `--a cards=base.toml`; it
    /// overrides the common `-o` options for A only.
    #[arg(long = "a", value_name = "NAME=VALUE")]
    a: Vec<String>,
    /// An option of arm B (repeatable), e.g. `--b cards=mine.toml` or `--b buy_vp=true`.
    #[arg(long = "b", value_name = "NAME=VALUE")]
    b: Vec<String>,
    /// The bots, comma-separated (each once; the seats rotate as in `tournament`).
    #[arg(long, default_value = "heuristic")]
    bots: String,
    /// Number of paired games; with `--until-ci`, the most to play.
    #[arg(short = 'n', long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(1..=crate::games::MAX_GAMES))]
    games: u64,
    /// Play until every headline difference's 95% interval (the first-seat win rate and the metrics the
    /// summary names) is narrower than W, in the metric's unit (0.1 = 10 points of a rate), or `-n` games.
    #[arg(long, value_name = "W")]
    until_ci: Option<f64>,
    /// Base seed: pair g is dealt from the seed of tournament game g; bots are seeded from (seed, g, seat).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Games played at once [default: the number of cores]. Results do not depend on it.
    #[arg(short, long, value_parser = clap::value_parser!(u64).range(1..))]
    threads: Option<u64>,
    /// Print one JSON object on stdout (and no progress bar).
    #[arg(long)]
    json: bool,
    /// Write a self-contained HTML report (summary, sortable and filterable tables, plots) to this file.
    #[arg(long, value_name = "FILE.html")]
    report: Option<PathBuf>,
    #[command(flatten)]
    figure: games::FigureArgs,
    #[command(flatten)]
    lang: crate::LangArg,
}

impl BalanceArgs {
    /// The language of the text (not of the JSON or the HTML report).
    pub fn locale(&self) -> Locale {
        self.lang.locale
    }

    /// The game and its options, for the shorthand flags to add to.
    pub fn game_args_mut(&mut self) -> &mut GameArgs {
        &mut self.game
    }
}

/// The table of one arm: the common `-o` options, then the arm's, checked by dealing the first game.
fn arm_table(args: &BalanceArgs, arm: &[String], name: &str) -> Result<games::Table> {
    let mut game = args.game.clone();
    game.options.extend(arm.iter().cloned());
    let locale = args.locale();
    let (entry, options) = games::game_and_options(&game, locale).with_context(|| format!("--{name}"))?;
    games::table_of(entry, options, args.seed, &name.to_uppercase(), locale)
}

fn label(arm: &[String]) -> String {
    if arm.is_empty() { "the common options".to_owned() } else { arm.join(" ") }
}

/// Runs `sylvan balance`.
pub fn run(args: &BalanceArgs) -> Result<ExitCode> {
    let locale = args.locale();
    if let Some(w) = args.until_ci
        && !(w.is_finite() && w > 0.0)
    {
        bail!(t(locale, "balance-until-ci", args!(width = w.to_string())));
    }
    if args.a.is_empty() && args.b.is_empty() {
        eprintln!("{}", t(locale, "balance-same-options", args!()));
    }
    let a = arm_table(args, &args.a, "a")?;
    let b = arm_table(args, &args.b, "b")?;
    let players = a.players;
    if players != b.players || a.automated != b.automated {
        bail!(t(locale, "balance-arms-differ", args!(a = players, b = b.players)));
    }
    let (entry, automated, a, b) = (a.entry, a.automated, a.options, b.options);
    // The report's file is checked before the games (never a FIFO, never a card file either arm reads).
    if let Some(path) = &args.report {
        let mut inputs = crate::output::option_files(&a);
        inputs.extend(crate::output::option_files(&b));
        inputs.extend(args.figure.notebook.clone());
        crate::output::check_output(path, "--report", crate::output::Written::Report, &inputs, args.locale())?;
    }
    args.figure.check()?;
    // Seats the game plays itself (the solo Robot) get no bot, as in `tournament`.
    let schedule = games::schedule(entry, &args.bots, automated, args.locale())?;
    let period = schedule.period();
    let plan = Plan { entry, schedule: &schedule, a: &a, b: &b, seed: args.seed };
    let threads = games::worker_threads(args.threads, BATCH.min(args.games), CHUNK);
    let bar = games::progress_bar_with(args.games, args.json, "{bar:30} {pos}/{len} pairs, {per_sec}  {msg}");
    let start = Instant::now();
    let mut lab = Lab::new(args.seed, schedule.names());
    let mut stopped = "game cap";
    // The intervals are looked at only after whole seat rotations and a few dozen games.
    let min_games = period.max(1) * 30u64.div_ceil(period.max(1));
    while lab.games() < args.games {
        let first = lab.games();
        let len = BATCH.min(args.games - first);
        let pairs = games::run_chunks(len, CHUNK, threads, "balance", |x, y| {
            Ok::<_, anyhow::Error>(plan.run_chunk((first + x, first + y), || bar.inc(1))?)
        });
        let pairs = match pairs {
            Ok(p) => p,
            Err(e) => {
                bar.finish_and_clear();
                return Err(e);
            }
        };
        for p in pairs.iter().flatten() {
            lab.add(p);
        }
        let widest = lab.widest_headline();
        if let Some((w, what)) = &widest {
            bar.set_message(format!("widest headline interval {}: {what}", width_text(*w)));
        }
        if let (Some(target), Some((w, _))) = (args.until_ci, &widest)
            && lab.games() >= min_games
            && *w < target
        {
            stopped = "interval";
            break;
        }
    }
    bar.finish_and_clear();
    let elapsed = start.elapsed().as_secs_f64();
    let about = json!({
        "game": entry.name(),
        "players": players,
        "bot_specs": schedule.names(),
        "seed": args.seed,
        "threads": threads,
        "a": {"label": label(&args.a), "options": a},
        "b": {"label": label(&args.b), "options": b},
        "until_ci": args.until_ci,
        "max_games": args.games,
        "stopped": stopped,
        "seconds": elapsed,
    });
    let report = lab.report(about);
    args.figure.write(|command| lab.figure(&format!("{command} (seed {})", args.seed)))?;
    if let Some(path) = &args.report {
        let arms = [arm_label(&args.a, locale), arm_label(&args.b, locale)];
        let html = crate::balance_report::html(
            &report,
            &arms,
            &lab.summary(locale, entry.row_names()),
            locale,
            entry.row_names(),
        );
        crate::output::write_atomic(path, html.as_bytes(), crate::output::Written::Report, args.locale())?;
    }
    let mut out = std::io::stdout().lock();
    if args.json {
        writeln!(out, "{report}")?;
    } else {
        let arms = [arm_label(&args.a, locale), arm_label(&args.b, locale)];
        write_text(&mut out, &report, &arms, &lab.summary(locale, entry.row_names()), locale)?;
        if let Some(path) = &args.report {
            let path = path.display().to_string();
            writeln!(out, "{}", t(locale, "report-written", args!(path = path)))?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn width_text(w: f64) -> String {
    if w.is_finite() { format!("{w:.3}") } else { "not yet".to_owned() }
}

/// An arm's options as the text names them, in `locale` (the JSON's label is English).
fn arm_label(arm: &[String], locale: Locale) -> String {
    if arm.is_empty() { t(locale, "balance-common-options", args!()) } else { arm.join(" ") }
}

/// The report in words, in `locale`: the header, the arms' options and the lab's summary.
fn write_text(out: &mut impl Write, r: &Value, arms: &[String; 2], summary: &[String], locale: Locale) -> Result<()> {
    let count = |v: &Value| v.as_u64().unwrap_or(0);
    let header = args!(
        game = r["game"].as_str().unwrap_or("").to_owned(),
        games = count(&r["games"]),
        stopped = if r["stopped"].as_str() == Some("interval") { "interval" } else { "cap" },
        players = count(&r["players"]),
        bots = r["bot_specs"]
            .as_array()
            .map(|b| b.iter().filter_map(Value::as_str).collect::<Vec<_>>().join(","))
            .unwrap_or_default(),
        seed = r["seed"].to_string()
    );
    writeln!(out, "{}", t(locale, "balance-header", header))?;
    writeln!(out, "A: {}\nB: {}\n", arms[0], arms[1])?;
    for line in summary {
        writeln!(out, "{line}")?;
    }
    Ok(())
}
