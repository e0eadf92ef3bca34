//! `sylvan bench`: uniform random playouts on one thread, timing the engine alone — on the typed game,
//! and with `--dyn` also through the erased game (`DynGame`) that the server and Python use.

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Result, anyhow, bail};
use serde_json::{Value, json};
use sylvan_bots::{BotSpec, SearchStats};
use sylvan_engine::GameRng;
use sylvan_engine::erased::{Playouts, dyn_playouts};
use sylvan_registry::Entry;

use crate::BenchArgs;
use crate::games;
use crate::words::{fixed, number, t};
use sylvan_engine::Locale;
use sylvan_words::args;

/// One timed run of playouts.
struct Timed {
    playouts: Playouts,
    seconds: f64,
}

impl Timed {
    fn json(&self) -> Value {
        let p = &self.playouts;
        json!({
            "moves": p.moves,
            "score_sum": p.score_sum,
            "seconds": self.seconds,
            "games_per_sec": p.games as f64 / self.seconds,
            "moves_per_sec": p.moves as f64 / self.seconds,
            "ns_per_move": if p.moves > 0 { self.seconds * 1e9 / p.moves as f64 } else { 0.0 },
        })
    }

    fn line(&self, locale: Locale) -> String {
        let p = &self.playouts;
        let ns = if p.moves > 0 { self.seconds * 1e9 / p.moves as f64 } else { 0.0 };
        let rate = args!(
            games = fixed(locale, p.games as f64 / self.seconds, 1),
            moves = fixed(locale, p.moves as f64 / self.seconds, 0),
            ns = fixed(locale, ns, 1),
            seconds = fixed(locale, self.seconds, 3)
        );
        t(locale, "bench-rate", rate)
    }
}

fn timed(f: impl FnOnce() -> Result<Playouts, String>) -> Result<Timed> {
    let start = Instant::now();
    let playouts = f().map_err(|e| anyhow!(e))?;
    Ok(Timed { playouts, seconds: start.elapsed().as_secs_f64().max(1e-9) })
}

/// Runs `sylvan bench`.
pub fn run(args: &BenchArgs) -> Result<ExitCode> {
    let locale = args.lang.locale;
    let (entry, options) = games::game_and_options(&args.game, locale)?;
    args.figure.check()?;
    if let Some(spec) = &args.bot {
        return bench_bot(entry, &options, spec, args);
    }
    // Validates the options before timing.
    entry.game().new_game(&options, args.seed).map_err(|e| games::deal_error(entry, &e, locale))?;
    let typed = timed(|| entry.game().typed_playouts(&options, args.games, args.seed))?;
    let erased = if args.erased {
        let e = timed(|| dyn_playouts(entry.game(), &options, args.games, args.seed))?;
        // Printed with the timings so that a fast but wrong path shows: same seed, same checksum.
        if e.playouts != typed.playouts {
            let differ = args!(
                game = entry.name(),
                erased = format!("{:?}", e.playouts),
                typed = format!("{:?}", typed.playouts)
            );
            bail!(t(locale, "bench-erased-differs", differ));
        }
        Some(e)
    } else {
        None
    };
    let seats = typed.playouts.seats;
    args.figure.write(|command| {
        let p = &typed.playouts;
        let ns = |t: &Timed| if t.playouts.moves > 0 { t.seconds * 1e9 / t.playouts.moves as f64 } else { 0.0 };
        let mut head = "| game | players | playouts | moves | moves/s | ns/move |".to_owned();
        let mut rule = "|---|---:|---:|---:|---:|---:|".to_owned();
        let mut row = format!(
            "| {} | {seats} | {} | {} | {:.0} | {:.1} |",
            entry.name(),
            args.games,
            p.moves,
            p.moves as f64 / typed.seconds,
            ns(&typed)
        );
        if let Some(e) = &erased {
            head += " erased ns/move | erased / typed |";
            rule += "---:|---:|";
            row += &format!(" {:.1} | {:.3} |", ns(e), e.seconds / typed.seconds);
        }
        format!("Written by {command} (one thread; nanoseconds depend on the machine).\n\n{head}\n{rule}\n{row}\n")
    })?;
    let mut out = std::io::stdout().lock();
    if args.json {
        let mut report = json!({
            "game": entry.name(),
            "players": seats,
            "games": args.games,
            "seed": args.seed,
        });
        if let (Some(obj), Value::Object(t)) = (report.as_object_mut(), typed.json()) {
            obj.extend(t);
        }
        if let Some(e) = &erased {
            report["dyn"] = e.json();
            report["dyn_slowdown"] = json!(e.seconds / typed.seconds);
        }
        writeln!(out, "{report}")?;
    } else {
        let header = args!(game = entry.name(), games = args.games, players = seats, seed = args.seed.to_string());
        writeln!(out, "{}", t(locale, "bench-header", header))?;
        let p = &typed.playouts;
        let sum = number(locale, p.score_sum as f64);
        writeln!(out, "{}", t(locale, "bench-checksum", args!(moves = p.moves, sum = sum)))?;
        writeln!(out, "{}", t(locale, "bench-speed", args!(rate = typed.line(locale))))?;
        if let Some(e) = &erased {
            writeln!(out, "{}", t(locale, "bench-erased", args!(rate = e.line(locale))))?;
            let slowdown = 100.0 * (e.seconds / typed.seconds - 1.0);
            let sign = if slowdown >= 0.0 { "+" } else { "" };
            let percent = format!("{sign}{}", fixed(locale, slowdown, 1));
            writeln!(out, "{}", t(locale, "bench-slowdown", args!(percent = percent)))?;
        }
        writeln!(out, "{}", t(locale, "bench-time", args!(seconds = fixed(locale, typed.seconds, 3))))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// `sylvan bench GAME --bot SPEC`: times `decisions` decisions of a (search) bot at positions sampled
/// from random games (every decision with a real choice, taken in turn from games seed, seed+1, ...).
fn bench_bot(entry: &Entry, options: &Value, spec: &str, args: &BenchArgs) -> Result<ExitCode> {
    let (decisions, seed, json, locale) = (args.games, args.seed, args.json, args.lang.locale);
    let shown = sylvan_engine::carddata::short(spec);
    let flag = |e: sylvan_bots::SpecError| {
        let problem = sylvan_registry::spec_error_text(&e, locale);
        anyhow!(t(locale, "error-flag", args!(flag = "--bot", value = shown.to_string(), error = problem)))
    };
    let spec: BotSpec = spec.parse().map_err(flag)?;
    let mut bot = entry.bot(&spec, seed).map_err(flag)?;
    let mut rng = GameRng::new(seed ^ 0xbe9c_4a11);
    let mut legal = Vec::with_capacity(256);
    let mut done = 0u64;
    let mut game = 0u64;
    let mut checksum = 0u64;
    let start = Instant::now();
    'games: while done < decisions {
        let game_seed = seed.wrapping_add(game);
        let mut state = entry.game().new_game(options, game_seed).map_err(|e| games::deal_error(entry, &e, locale))?;
        state.keep_events(false);
        game += 1;
        while let Some(seat) = state.to_move() {
            state.legal_ids(&mut legal);
            if legal.len() > 1 {
                let view = state.view(seat)?;
                let a = bot.choose(&*view, &legal)?;
                checksum = checksum.wrapping_mul(31).wrapping_add(a as u64);
                done += 1;
                if done >= decisions {
                    break 'games;
                }
            }
            // Move on with a random action, so positions come from the whole game.
            state.apply_nth(rng.index(legal.len()))?;
        }
    }
    let elapsed = start.elapsed().as_secs_f64().max(1e-9);
    let s: SearchStats = bot.search_stats().unwrap_or_default();
    args.figure.write(|command| {
        format!(
            "Written by {command} (one thread; rates depend on the machine).\n\n\
             | game | bot | decisions | iterations/s | determinizations/s | tree nodes/decision | ms/decision |\n\
             |---|---|---:|---:|---:|---:|---:|\n| {} | `{spec}` | {done} | {:.0} | {:.0} | {:.0} | {:.1} |\n",
            entry.name(),
            s.iterations_per_sec(),
            s.determinizations_per_sec(),
            s.nodes_per_decision(),
            s.ms_per_decision()
        )
    })?;
    let mut out = std::io::stdout().lock();
    if json {
        let report = json!({
            "game": entry.name(),
            "bot": spec.to_string(),
            "decisions": done,
            "seed": seed,
            "checksum": checksum,
            "seconds": elapsed,
            "iterations": s.iterations,
            "iterations_per_sec": s.iterations_per_sec(),
            "determinizations_per_sec": s.determinizations_per_sec(),
            "tree_nodes_per_decision": s.nodes_per_decision(),
            "ms_per_decision": s.ms_per_decision(),
        });
        writeln!(out, "{report}")?;
    } else {
        let header = args!(
            game = entry.name(),
            decisions = done,
            bot = spec.to_string(),
            seed = seed.to_string(),
            checksum = checksum.to_string()
        );
        writeln!(out, "{}", t(locale, "bench-bot-header", header))?;
        let search = args!(
            iterations = fixed(locale, s.iterations_per_sec(), 0),
            determinizations = fixed(locale, s.determinizations_per_sec(), 0),
            nodes = fixed(locale, s.nodes_per_decision(), 0),
            ms = fixed(locale, s.ms_per_decision(), 1)
        );
        writeln!(out, "{}", t(locale, "bench-search", search))?;
        writeln!(out, "{}", t(locale, "bench-time", args!(seconds = fixed(locale, elapsed, 3))))?;
    }
    Ok(ExitCode::SUCCESS)
}
