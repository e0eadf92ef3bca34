//! `sylvan sim`: many games between bots, split across threads.
//!
//! Games are cut into fixed chunks handed to the threads as they free up; each chunk's totals are kept
//! apart and summed in chunk order at the end, so the results do not depend on the number of threads.

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Result;
use sylvan_registry::runs::sim::{CHUNK, SimSummary, run_chunk};

use crate::SimArgs;
use crate::games;
use crate::words::{fixed, number, per_seat, percent, t};
use sylvan_words::args;

/// Runs `sylvan sim`.
pub fn run(args: &SimArgs) -> Result<ExitCode> {
    let locale = args.lang.locale;
    let (entry, options) = games::game_and_options(&args.game, locale)?;
    // Validates the options (and the first deal) before starting threads.
    let probe = entry.game().new_game(&options, args.seed).map_err(|e| games::deal_error(entry, &e, locale))?;
    let seats = probe.num_seats();
    // Bots for the seats bots play; a seat the game plays itself (the solo Robot) takes no spec and
    // is credited to no bot (issue 38). Its place in the list is held by the first spec, never asked.
    let automated: Vec<bool> = sylvan_engine::Seat::all(seats).map(|s| probe.automated_seat(s).is_some()).collect();
    let free = automated.iter().filter(|a| !**a).count();
    let whose = if free < seats { games::BotSeats::BesideGame } else { games::BotSeats::All };
    let given = games::bot_specs(entry, &args.bots, free, whose, locale)?;
    let mut given_iter = given.iter().copied();
    let specs: Vec<sylvan_bots::BotSpec> =
        automated.iter().map(|&a| if a { given[0] } else { given_iter.next().unwrap_or(given[0]) }).collect();
    let threads = games::worker_threads(args.threads, args.games, CHUNK);
    let bar = games::progress_bar(args.games, args.json || args.verbose);
    let start = Instant::now();
    let results = games::run_chunks(args.games, CHUNK, threads, "simulation", |first, last| {
        let t = run_chunk(entry, &options, &specs, args.seed, (first, last), |i, d| {
            if args.verbose {
                let stats =
                    d.bot.last_search().map_or_else(|| "none".to_owned(), |s| crate::words::search_stats(locale, &s));
                let line = args!(game = i, moves = d.move_number, seat = d.seat, bot = d.bot.name(), legal = d.legal);
                eprintln!("{}", t(locale, "verbose-sim-move", line.with("action", d.action).with("stats", stats)));
            }
        })?;
        bar.inc(last - first);
        Ok::<_, anyhow::Error>(t)
    });
    bar.finish_and_clear();
    let results = results?;
    let elapsed = start.elapsed().as_secs_f64().max(1e-9);
    let summary = SimSummary::at_table(&specs, &automated, &results);
    let (total, win_rates, by_bot) = (&summary.total, &summary.win_rates, &summary.by_bot);
    let rate = |w: f64, n: f64| if n > 0.0 { w / n } else { 0.0 };
    let mean_moves = summary.mean_moves;
    let games_per_sec = total.games as f64 / elapsed;
    let moves_per_sec = total.moves as f64 / elapsed;

    let mut out = std::io::stdout().lock();
    if args.json {
        writeln!(out, "{}", summary.to_json(entry.name(), args.seed, &specs, threads, elapsed))?;
        return Ok(ExitCode::SUCCESS);
    }
    let bots: Vec<String> = specs
        .iter()
        .enumerate()
        .map(|(s, b)| match crate::words::automated_seat(&*probe, sylvan_engine::Seat(s as u8), locale) {
            Some(who) => format!("p{s} {who}"),
            None => format!("p{s} {b}"),
        })
        .collect();
    let header = args!(
        game = entry.name(),
        games = total.games,
        players = seats,
        seed = args.seed.to_string(),
        threads = threads,
        bots = bots.join(", ")
    );
    writeln!(out, "{}", t(locale, "sim-header", header))?;
    let pct = |x: f64| percent(locale, Some(x));
    let seat_wins: Vec<String> = total
        .wins
        .iter()
        .zip(win_rates)
        .enumerate()
        .map(|(s, (w, r))| {
            let seat = sylvan_engine::Seat(s as u8);
            t(locale, "sim-seat-win", args!(seat = seat, wins = number(locale, *w), rate = pct(*r)))
        })
        .collect();
    writeln!(out, "{}", t(locale, "sim-seat-wins", args!(wins = seat_wins.join(" · "))))?;
    let bot_wins: Vec<String> = by_bot
        .iter()
        .map(|(n, w, p)| {
            let line = args!(
                bot = n.to_string(),
                wins = number(locale, *w),
                games = number(locale, *p),
                rate = pct(rate(*w, *p))
            );
            t(locale, "sim-bot-win", line)
        })
        .collect();
    writeln!(out, "{}", t(locale, "sim-bot-wins", args!(wins = bot_wins.join(" · "))))?;
    writeln!(out, "{}", t(locale, "sim-mean-score", args!(scores = per_seat(locale, &summary.mean_scores))))?;
    let moves = args!(mean = number(locale, mean_moves), min = total.min_moves, max = total.max_moves);
    writeln!(out, "{}", t(locale, "sim-moves", moves))?;
    let speed = args!(
        games = fixed(locale, games_per_sec, 1),
        moves = fixed(locale, moves_per_sec, 0),
        seconds = fixed(locale, elapsed, 2)
    );
    writeln!(out, "{}", t(locale, "sim-speed", speed))?;
    Ok(ExitCode::SUCCESS)
}
